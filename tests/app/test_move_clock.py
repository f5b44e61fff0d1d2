"""The move clock at a shared table: a person whose clock runs out has their move played by the
computer at medium (the round owner's, with nobody's table open) and their seat is away; an away
seat's turn waits only `AWAY_SECONDS`; the person's own next move takes the seat back. The
server's clock is the only keeper: here it is a clock the test moves by hand, and the test runs
the round owner (`run_due`), so nothing waits for real time."""

from __future__ import annotations

from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from app.i18n import t
from app.seats import AWAY_SECONDS, CLOCK_DEFAULT
from tests.app.app_helpers import Clock, dom, one, play_first_legal, text_of, two_people


@pytest.fixture
def clock(app) -> Clock:
    made = Clock()
    app.state.service.clock = made
    return made


def seat_of_move(service, match_id: str, ply: int) -> int:
    with service.engine.connect() as conn:
        query = text("SELECT seat FROM move WHERE match_id = :m AND ply = :p")
        return conn.execute(query, {"m": match_id, "p": ply}).scalar_one()


def test_a_run_out_clock_plays_for_the_person_who_is_away_until_they_move_again(client, clock):
    service = client.app.state.service
    match_id, secret = two_people(service)
    loaded = service.load(match_id, secret[0])
    mover = loaded.turn
    other = 1 - mover
    assert loaded.seats.clock == CLOCK_DEFAULT == 60  # two people and no clock chosen: a minute a move
    assert loaded.seconds_left(clock()) == 60  # the clock started when the last seat was taken

    owner = client.app.state.owner
    clock.advance(59.5)
    assert owner.run_due() == 0  # time left: nothing happens
    clock.advance(0.5)
    assert owner.run_due() == 1  # run out: played for them, with no table open

    played = service.load(match_id, secret[other])
    assert played.ply == 1 and seat_of_move(service, match_id, 0) == mover
    assert played.seats.away == (mover,)
    assert owner.run_due() == 0  # once only

    # the other person's turn, then the away seat's, which waits only AWAY_SECONDS
    clock.advance(30)
    assert play_first_legal(service, match_id, secret[other]).ply == 2
    assert service.load(match_id, secret[other]).seconds_left(clock()) == AWAY_SECONDS == 10
    clock.advance(9)
    assert owner.run_due() == 0
    clock.advance(1)
    assert owner.run_due() == 1
    again = service.load(match_id, secret[other])
    assert again.ply == 3 and seat_of_move(service, match_id, 2) == mover and again.seats.away == (mover,)

    # the person comes back by playing: their seat is theirs and their full clock again
    assert play_first_legal(service, match_id, secret[other]).ply == 4
    back = play_first_legal(service, match_id, secret[mover])
    assert back.changed and back.ply == 5 and back.seats.away == ()
    assert play_first_legal(service, match_id, secret[other]).ply == 6
    assert service.load(match_id, secret[other]).seconds_left(clock()) == 60


@pytest.mark.one_database  # nothing is written: what the clock says
def test_no_clock_runs_without_one_or_at_a_table_of_one_person(client, clock):
    service = client.app.state.service
    match_id, secret = two_people(service, clock=0)
    loaded = service.load(match_id, secret[0])
    clock.advance(3600)
    assert loaded.seats.clock == 0 and loaded.seconds_left(clock()) is None
    assert client.app.state.owner.run_due() == 0

    alone = service.create("easy", players=2)
    assert service.load(alone.id, alone.secret).seats.clock == 0 == alone.clock

    waiting = service.create("easy", players=2, seats=["person"])  # nobody plays before the seat is taken
    assert service.load(waiting.id, waiting.secret).seconds_left(clock() + timedelta(days=1)) is None


@pytest.mark.one_database  # what the pages show
def test_the_form_sets_the_clock_and_each_table_shows_it_and_who_is_away(client, clock, app):
    form = client.get("/?lang=en").text
    assert [o["value"] for o in dom(form).select("#clock option")][:6] == ["0", "15", "30", "60", "120", "300"]
    assert one(form, "#clock option[selected]")["value"] == "60"
    refused = client.post("/matches?lang=en", data={"level": "easy", "seat1": "person", "clock": "10"})
    assert refused.status_code == 400 and t("en", "msg_bad_clock") in refused.text

    form = {"level": "easy", "seat1": "person", "clock": "45", "name": "Bahar"}
    url = client.post("/matches", data=form, follow_redirects=False).headers["location"]
    match_id, creator = url.split("/")[2:]
    service = app.state.service
    with TestClient(app) as friend:
        invite = service.load(match_id, creator).seats.invite(1)
        friend_url = friend.post(f"/m/{match_id}/join/{invite}", data={"name": "Ana"}).url.path
        tables = {0: (client, url, "Bahar"), 1: (friend, friend_url, "Ana")}
        loaded = service.load(match_id, creator)
        assert loaded.seats.clock == 45
        (mover, mover_url, mover_name), (waiter, waiter_url, _) = tables[loaded.turn], tables[1 - loaded.turn]

        clock.advance(5)
        waiting = waiter.get(waiter_url + "?lang=en").text
        assert one(waiting, "#clock")["data-seconds"] == "40" and "mine" not in one(waiting, "#clock")["class"]
        mine = mover.get(mover_url + "?lang=fa").text
        assert one(mine, "#clock")["data-seconds"] == "40" and "mine" in one(mine, "#clock")["class"]
        assert text_of(mine, "#clock .clock-n") == "۴۰"

        clock.advance(40)
        assert app.state.owner.run_due() == 1
        away = mover.get(mover_url + "?lang=en").text
        assert text_of(away, "#away-me") == t("en", "away_me") and not dom(away).select("#away")
        other = waiter.get(waiter_url + "?lang=en").text
        assert not dom(other).select("#away-me") and mover_name in text_of(other, "#away")
        assert t("en", "seat_kind_away") in text_of(other, "#seats")  # the seat itself says so too

    # "No clock" is stored as none: no table shows one
    made = client.post("/matches", data={"level": "easy", "seat1": "person", "clock": "0"}, follow_redirects=False)
    assert not dom(client.get(made.headers["location"]).text).select("#clock")
