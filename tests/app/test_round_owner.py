"""The round owner (app/round_owner.py): with no stream and no page open, a table still moves on.
A computer seat plays once its pause is over, each computer seat with its own pause; of two
processes on one database each due move is played exactly once; a process that took rows and
died before playing them loses none; matches in play before the due columns existed are looked
at. The server's clock is a `Clock` the test moves, and the test runs the owners (`run_due`):
nothing waits for wall time."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, event, text

from alembic import command
from app.heartbeat import Heartbeat
from app.main import create_app
from app.round_owner import LEASE
from app.settings import Settings
from tests.app.app_helpers import Clock, dom, migrate, play_first_legal, two_people
from tests.browser.live_server import FIXED_BOTS

PAUSE = 0.9  # the computer's pause here, in seconds: the default a player meets


@pytest.fixture
def clock() -> Clock:
    return Clock()


def owned_app(db_url: str, clock: Clock):
    """An app as served (a 900 ms pause), its round owner run by the test on the test's clock."""
    settings = Settings(
        database_url=db_url,
        secret_key="test-key",
        clock=clock,
        round_owner=False,
        review_worker=False,
        rate_moves="off",
        rate_new="off",
        bot_settings=FIXED_BOTS,
    )
    return create_app(settings)


@pytest.fixture
def app(db_url: str, clock: Clock):
    return owned_app(db_url, clock)


@pytest.fixture
def client(app) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


def due_of(service, match_id: str) -> tuple[str | None, str | None]:
    with service.engine.connect() as conn:
        row = conn.execute(text("SELECT due_at, due_kind FROM match WHERE id = :m"), {"m": match_id}).one()
    return row[0], row[1]


def moved_on_by_the_person(service, players: int = 2):
    """A new match whose person (seat 0) has made a move, the computer to answer; its id and
    secret. The seeds are searched for one where seat 0 leads."""
    for seed in range(1000, 1100):
        match = service.create("easy", players=players, seed=seed)
        loaded = service.load(match.id, match.secret)
        if loaded.turn == 0:
            after = play_first_legal(service, match.id, match.secret)
            assert after.changed and after.computer_to_play
            return match.id, match.secret
    raise AssertionError("no seed where the person leads")


def test_a_computer_seat_plays_after_its_pause_with_no_table_open(client, clock):
    service, owner = client.app.state.service, client.app.state.owner
    match = service.create("easy", players=2, seed=1000)
    assert due_of(service, match.id)[1] == "check"  # a new match is looked at: a computer may lead
    owner.run_due()
    match_id, secret = moved_on_by_the_person(service)
    ply = service.load(match_id, secret).ply

    assert due_of(service, match_id)[1] == "computer"
    assert owner.run_due() == 0  # the pause has not begun to pass
    clock.advance(PAUSE - 0.1)
    assert owner.run_due() == 0
    clock.advance(0.1)
    assert owner.run_due() == 1  # the pause is over: played, nobody asked
    after = service.load(match_id, secret)
    assert after.ply == ply + 1 and after.turn == 0
    assert due_of(service, match_id) == (None, None)  # the person's turn, with no clock: nothing is due
    clock.advance(3600)
    assert owner.run_due() == 0


def test_a_due_time_wakes_the_owner_only_when_it_is_sooner_than_the_owner_means_to_look(client, clock):
    """A move writes a due time a pause ahead, which the page's own request usually makes moot;
    the owner thread is woken for it only if it would otherwise look too late."""
    service, owner = client.app.state.service, client.app.state.owner
    wake = owner._worker.wake
    matches = (service.create("easy", players=2, seed=seed) for seed in range(1000, 1100))
    second = next(m for m in matches if service.load(m.id, m.secret).turn == 0)  # the person leads
    first_id, _ = moved_on_by_the_person(service)  # due: the computer's move, 0.9 s from now
    assert wake.is_set()  # the owner had not looked yet: any due time wakes it
    wake.clear()
    assert owner._pass() == clock() + timedelta(seconds=PAUSE)  # it means to look again then
    clock.advance(0.5)
    assert play_first_legal(service, second.id, second.secret).computer_to_play  # due 1.4 s from the start
    assert not wake.is_set()  # the owner looks at 0.9 s anyway
    service.due_written((clock() + timedelta(seconds=0.1)).replace(tzinfo=None))  # sooner, as SQLite gives it back
    assert wake.is_set()
    wake.clear()
    clock.advance(0.4)
    assert owner._pass() == clock() + timedelta(seconds=0.5)  # the first was played; the second is next
    assert due_of(service, first_id) == (None, None)


def test_at_four_seats_each_computer_seat_waits_its_own_pause(client, clock):
    service, owner = client.app.state.service, client.app.state.owner
    match_id, secret = moved_on_by_the_person(service, players=4)
    ply = service.load(match_id, secret).ply
    for seat in (1, 2, 3):  # the three computers, one after another, each shown after the pause
        assert service.load(match_id, secret).turn == seat
        clock.advance(PAUSE - 0.1)
        assert owner.run_due() == 0
        clock.advance(0.1)
        assert owner.run_due() == 1
    assert service.load(match_id, secret).ply == ply + 3


def test_a_page_without_javascript_reloads_while_the_computers_move_is_due(client, clock):
    service, owner = client.app.state.service, client.app.state.owner
    match_id, secret = moved_on_by_the_person(service)
    page = client.get(f"/m/{match_id}/{secret}?lang=en").text
    refresh = dom(page).select_one('noscript meta[http-equiv="refresh"]')
    assert refresh is not None and refresh["content"] == "1"  # 0.9 s, in whole seconds
    assert dom(page).select_one("#others-wait") is not None  # a page whose stream is lost asks again
    clock.advance(PAUSE)
    owner.run_due()
    again = client.get(f"/m/{match_id}/{secret}?lang=en").text
    assert dom(again).select_one('meta[http-equiv="refresh"]') is None  # the person's turn: nothing is due


def test_two_processes_play_each_due_move_of_200_tables_exactly_once(db_url, clock):
    apps = [owned_app(db_url, clock), owned_app(db_url, clock)]
    errors: list[BaseException] = []
    for app in apps:  # the unique (match, ply) index, or any other error, firing in either process
        event.listen(app.state.service.engine, "handle_error", lambda ctx: errors.append(ctx.original_exception))
    with TestClient(apps[0]), TestClient(apps[1]):
        service = apps[0].state.service
        tables = [moved_on_by_the_person(service) for _ in range(200)]
        plies = {match_id: service.load(match_id, secret).ply for match_id, secret in tables}
        clock.advance(PAUSE)
        made = [0, 0]
        start = threading.Barrier(2)

        def run(i: int) -> None:
            start.wait()
            made[i] = apps[i].state.owner.run_due()

        threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sum(made) == 200 and errors == []
        with service.engine.connect() as conn:
            for match_id, secret in tables:
                assert service.load(match_id, secret).ply == plies[match_id] + 1
                count = conn.execute(text("SELECT count(*) FROM move WHERE match_id = :m"), {"m": match_id}).scalar()
                assert count == plies[match_id] + 1


def test_a_process_that_took_due_rows_and_died_loses_none(db_url, clock):
    dying, living = owned_app(db_url, clock), owned_app(db_url, clock)
    with TestClient(dying), TestClient(living):
        service = living.state.service
        tables = [moved_on_by_the_person(service) for _ in range(5)]
        clock.advance(PAUSE)
        taken = dying.state.owner.take()  # leased to a process that is killed before it plays them
        assert sorted(taken) == sorted(match_id for match_id, _ in tables)
        assert living.state.owner.run_due() == 0  # the lease holds them
        clock.advance(LEASE.total_seconds())
        assert living.state.owner.run_due() == 5  # the lease ran out: the living process plays them


def test_matches_in_play_before_the_due_columns_are_looked_at(db_url, clock):
    app = owned_app(db_url, clock)
    with TestClient(app):
        service = app.state.service
        match_id, secret = moved_on_by_the_person(service)
        ply = service.load(match_id, secret).ply
    config = migrate(db_url)
    command.downgrade(config, "0012")  # the database as the previous release left it
    old = create_engine(db_url)
    with old.connect() as connection:  # the downgrade gave each seat a new secret: none was stored
        secret = connection.execute(text("SELECT secret FROM match WHERE id = :id"), {"id": match_id}).scalar_one()
    old.dispose()
    command.upgrade(config, "head")
    app = owned_app(db_url, clock)
    with TestClient(app):
        service = app.state.service
        assert due_of(service, match_id)[1] == "check"
        clock.advance(PAUSE)
        assert app.state.owner.run_due() == 1
        assert service.load(match_id, secret).ply == ply + 1


def test_a_move_clock_runs_out_at_the_servers_time_given_back_after_a_restart(client, clock):
    """A restart's give-back (app/heartbeat.py) marks the tables it moved on for a check: the
    round owner works their due time out again from the new start."""
    service, owner = client.app.state.service, client.app.state.owner
    match_id, secret = two_people(service)
    owner.run_due()
    clock.advance(20)
    heartbeat = Heartbeat(service)
    heartbeat.beat()
    clock.advance(30)  # no server for 30 s
    assert heartbeat.resume(heartbeat.last_alive()) == 30
    assert due_of(service, match_id)[1] == "check"
    clock.advance(39)
    assert owner.run_due() == 0  # 20 + 39 s of the minute used: not out
    assert due_of(service, match_id)[1] == "clock"
    clock.advance(1)
    assert owner.run_due() == 1
    assert service.load(match_id, secret[0]).ply == 1
