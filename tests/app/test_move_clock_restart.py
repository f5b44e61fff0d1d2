"""The move clock across a restart (app/heartbeat.py): the time no server was up is given back to
every running clock as a server starts, once however many start at once, and a short restart
gives nothing back. Real uvicorn servers (tests/browser/live_server.py, the app's lifespan as in
production) on the test's database, with a clock the test moves by hand: nothing waits for it."""

from __future__ import annotations

import threading
from datetime import timedelta

import httpx
import pytest

from app.db import make_engine, utc
from app.heartbeat import GRACE, PERIOD, Heartbeat
from app.seats import AWAY_SECONDS
from app.service import MatchService
from tests.app.app_helpers import Clock, one, play_first_legal, two_people


@pytest.fixture
def clock() -> Clock:
    return Clock()


def clock_on_page(server, match_id: str, secret: str) -> str:
    """The seconds the seat's table shows (`#clock[data-seconds]`), read through HTTP; the request
    waits until the server has started (its give-back done)."""
    return one(httpx.get(f"{server.url}/m/{match_id}/{secret}?lang=en").text, "#clock")["data-seconds"]


def test_a_restart_gives_the_move_clock_back_the_time_the_server_was_down(live_server, clock):
    first = live_server(clock=clock, round_owner=False)
    service = first.app.state.service
    match_id, secret = two_people(service)
    mover = service.load(match_id, secret[0]).turn
    other = 1 - mover
    clock.advance(20)
    assert clock_on_page(first, match_id, secret[mover]) == "40"  # 20 s of the minute used

    first.stop()
    clock.advance(30)  # down for 30 s
    again = live_server(clock=clock, round_owner=False)
    assert clock_on_page(again, match_id, secret[mover]) == "40"  # not 10: the 30 s are given back
    service = again.app.state.service
    loaded = service.load(match_id, secret[other])
    assert loaded.seconds_left(clock()) == 40 and loaded.seats.away == ()
    assert not service.play_due(match_id)  # the round owner looks: nobody is played for

    clock.advance(39.5)
    assert not service.play_due(match_id)
    clock.advance(0.5)  # a whole minute of the server's time: the clock runs out, as without a restart
    assert service.play_due(match_id)
    played = service.load(match_id, secret[other])
    assert played.ply == 1 and played.seats.away == (mover,)


def test_the_computers_pause_and_an_away_seats_turn_are_given_back_too(live_server, clock):
    first = live_server(clock=clock, round_owner=False)
    service = first.app.state.service
    match_id, secret = two_people(service)
    away = service.load(match_id, secret[0]).turn
    other = 1 - away
    clock.advance(60)
    assert service.play_due(match_id)  # away's clock ran out: the computer played
    play_first_legal(service, match_id, secret[other])  # now away's turn, which waits AWAY_SECONDS
    alone = service.create("easy", players=2)  # a person and a computer: no move clock, the computer's pause
    if service.load(alone.id, alone.secret).computer_to_play:
        service.computer(alone.id, alone.secret, 0)
    play_first_legal(service, alone.id, alone.secret)
    clock.advance(4)
    assert service.load(alone.id, alone.secret).computer_to_play

    first.stop()
    clock.advance(30)
    again = live_server(clock=clock, round_owner=False)
    assert clock_on_page(again, match_id, secret[away]) == str(AWAY_SECONDS - 4) == "6"
    service = again.app.state.service
    assert not service.play_due(match_id)
    assert service.load(alone.id, alone.secret).since_turn_began(clock()) == 4  # not 34: the pause goes on


def test_a_short_restart_gives_nothing_back(live_server, clock):
    first = live_server(clock=clock, round_owner=False)
    match_id, secret = two_people(first.app.state.service)
    mover = first.app.state.service.load(match_id, secret[0]).turn
    clock.advance(20)
    first.stop()
    clock.advance(PERIOD + GRACE)  # down no longer than a beat may come late: counted as time played
    again = live_server(clock=clock, round_owner=False)
    assert PERIOD + GRACE == 7
    assert clock_on_page(again, match_id, secret[mover]) == "33"


def test_two_servers_starting_at_once_give_the_time_back_once(live_server, clock):
    first = live_server(clock=clock, round_owner=False)
    match_id, secret = two_people(first.app.state.service)
    mover = first.app.state.service.load(match_id, secret[0]).turn
    clock.advance(20)
    first.stop()
    clock.advance(30)

    servers = [None, None]
    starting = threading.Barrier(2)

    def start(i: int) -> None:
        starting.wait()
        servers[i] = live_server(clock=clock, round_owner=False)

    threads = [threading.Thread(target=start, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # given back twice, the clock would show 60 (the turn's start moved on by 60 s, no later than now)
    assert [clock_on_page(server, match_id, secret[mover]) for server in servers] == ["40", "40"]


def test_of_two_starters_that_read_the_same_beat_only_the_first_gives_the_time_back(db_url, clock):
    """The compare-and-set, step by step: both read the last beat before either moves it on."""
    engines = [make_engine(db_url), make_engine(db_url)]
    try:
        a, b = (Heartbeat(MatchService(engine, clock=clock)) for engine in engines)
        assert a.last_alive() is None and a.resume(None) == 0  # a new database: nothing known, nothing given
        assert utc(a.last_alive()) == clock()
        match_id, secret = two_people(a.service)
        mover = a.service.load(match_id, secret[0]).turn
        clock.advance(20)
        a.stop()  # the last beat, at 20 s
        clock.advance(30)

        seen = [a.last_alive(), b.last_alive()]
        assert seen[0] == seen[1] and utc(seen[0]) == clock() - timedelta(seconds=30)
        assert a.resume(seen[0]) == 30
        assert b.resume(seen[1]) == 0  # the beat it read is gone: the time was given back already
        assert b.service.load(match_id, secret[mover]).seconds_left(clock()) == 40
        assert utc(b.last_alive()) == clock()
    finally:
        for engine in engines:
            engine.dispose()


def test_a_killed_server_gives_back_from_its_last_beat(db_url, clock):
    """No last beat as it stops: the time since the one before is given back, up to a beat's
    period more than the server was down."""
    engine = make_engine(db_url)
    try:
        killed = Heartbeat(MatchService(engine, clock=clock))
        killed.resume(killed.last_alive())
        match_id, secret = two_people(killed.service)
        mover = killed.service.load(match_id, secret[0]).turn
        clock.advance(15)
        killed.beat()  # its thread's last beat
        clock.advance(5)  # killed 20 s into the turn, 5 s after that beat
        clock.advance(30)

        started = Heartbeat(MatchService(engine, clock=clock))
        assert started.resume(started.last_alive()) == 35
        assert started.service.load(match_id, secret[mover]).seconds_left(clock()) == 45  # 15 s used
    finally:
        engine.dispose()
