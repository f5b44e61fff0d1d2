"""The reminder at a slow table: with a quarter of the move's time left (18 h into a day), the
round owner queues one "remind" push to the person to play, and never a second for that turn:
not on another pass, not after a restart works the row out anew, not after a move. The test's
clock is the server's; the round owner and the sender run when the test says."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from app.db import read_session
from app.heartbeat import Heartbeat
from app.i18n import t
from app.models import PushJob
from app.slow_games import time_left
from tests.app.app_helpers import Clock, clocked_app, play_first_legal
from tests.app.push_service import PushService
from tests.app.test_push import browser, count, new_table, secret, subscribe, take_seat

DAY, HOUR = 86400, 3600


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(db_url: str, clock: Clock):
    return clocked_app(db_url, clock, push_worker=False, push_services=("http://127.0.0.1",))


@pytest.fixture
def push():
    with PushService() as service:
        yield service


def due_of(app, match_id: str) -> tuple[object, str | None]:
    with read_session(app.state.service.engine) as session:
        row = session.connection().execute(text("SELECT due_at, due_kind FROM match WHERE id = :m"), {"m": match_id})
        return row.one()


def a_day_table(app, push):
    """Bahar's table with Ana, a day a move, both subscribed (Bahar in English, Ana in Persian),
    nothing left to send: the match id, each seat's address and device."""
    with browser(app) as host, browser(app) as guest:  # closed again: no heartbeat runs while the test does
        host_url = new_table(host)
        subscribe(host, push, "bahar", "en")
        subscribe(guest, push, "ana", "fa")
        guest_url = take_seat(host, guest, host_url)
    app.state.push.run_due()
    push.received.clear()
    return host_url.split("/")[2], {0: host_url, 1: guest_url}, {0: ("bahar", "en"), 1: ("ana", "fa")}


def test_a_quarter_of_the_time_left_reminds_the_person_to_play_once(app, push, clock):
    match_id, addresses, devices = a_day_table(app, push)
    service, owner, sender = app.state.service, app.state.owner, app.state.push
    turn = service.load(match_id, secret(addresses[0])).turn
    device, lang = devices[turn]

    clock.advance(18 * HOUR - 1)  # a second before three quarters of a day
    assert owner.run_due() == 0 and sender.run_due() == 0 and push.received == []
    clock.advance(1)
    assert owner.run_due() == 0  # no move is made: a push is queued
    assert count(app, PushJob) == 1 and sender.run_due() == 1
    (got,) = push.received
    assert got.device == device and got.headers["urgency"] == "high"
    six_hours = time_left(6 * HOUR, lang)
    assert got.payload["body"] == t(lang, "push_remind", left=six_hours) and got.payload["url"] == addresses[turn]
    assert six_hours == ("6 h left" if lang == "en" else "۶ ساعت مانده")
    assert due_of(app, match_id)[1] == "clock"  # next: the computer plays at the day's end

    clock.advance(HOUR)
    assert owner.run_due() == 0 and sender.run_due() == 0 and len(push.received) == 1
    heartbeat = Heartbeat(service)
    heartbeat.beat()  # the server stops 19 h into the turn ...
    last = heartbeat.last_alive()
    clock.advance(3 * HOUR)
    assert heartbeat.resume(last) == 3 * HOUR  # ... and starts 3 h later: they are given back
    assert due_of(app, match_id)[1] == "check"
    assert owner.run_due() == 0 and sender.run_due() == 0 and len(push.received) == 1  # not reminded again
    assert due_of(app, match_id)[1] == "clock"
    clock.advance(5 * HOUR - 1)  # 19 h of the day were used before the restart: 5 h are left
    assert owner.run_due() == 0
    clock.advance(1)
    assert owner.run_due() >= 1
    loaded = service.load(match_id, secret(addresses[turn]))
    assert loaded.ply == 1 and turn in loaded.seats.away


def test_a_move_before_the_reminder_cancels_it_and_the_next_turn_has_its_own(app, push, clock):
    match_id, addresses, devices = a_day_table(app, push)
    service, owner, sender = app.state.service, app.state.owner, app.state.push
    first = service.load(match_id, secret(addresses[0])).turn
    clock.advance(17 * HOUR)
    play_first_legal(service, match_id, secret(addresses[first]))
    assert sender.run_due() == 1 and push.received[0].payload["body"] == t(devices[1 - first][1], "push_turn")
    push.received.clear()
    clock.advance(HOUR)  # 18 h of the first turn: it is over, nobody is reminded of it
    assert owner.run_due() == 0 and sender.run_due() == 0 and push.received == []
    clock.advance(17 * HOUR)  # 18 h into the second turn
    assert owner.run_due() == 0 and sender.run_due() == 1
    (got,) = push.received
    device, lang = devices[1 - first]
    assert got.device == device and got.payload["body"] == t(lang, "push_remind", left=time_left(6 * HOUR, lang))


def test_a_reminder_turned_off_is_not_sent_but_the_clock_runs_out_as_before(app, push, clock):
    match_id, addresses, devices = a_day_table(app, push)
    service, owner, sender = app.state.service, app.state.owner, app.state.push
    turn = service.load(match_id, secret(addresses[0])).turn
    person = service.load(match_id, secret(addresses[turn])).seats.person_of(turn)
    app.state.subscriptions.turn_off(person, ["remind"])
    clock.advance(18 * HOUR)
    assert owner.run_due() == 0 and count(app, PushJob) == 0
    clock.advance(6 * HOUR)
    assert owner.run_due() >= 1 and service.load(match_id, secret(addresses[turn])).ply >= 1
    assert sender.run_due() == 1  # the computer's move for them: "your turn" to the other
    assert push.received[0].device == devices[1 - turn][0]


def test_a_live_table_has_no_reminder(app, push, clock):
    with browser(app) as host, browser(app) as guest:
        host_url = new_table(host, clock=300)
        subscribe(host, push, "bahar", "en")
        take_seat(host, guest, host_url)
        app.state.push.run_due()
        assert app.state.owner.run_due() == 0  # the seat taken: the row is worked out again
        assert due_of(app, host_url.split("/")[2])[1] == "clock"
        clock.advance(225)
        assert app.state.owner.run_due() == 0 and count(app, PushJob) == 0
