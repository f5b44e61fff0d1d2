"""Slow tables: a move clock of hours or days, chosen on the home form in seconds, whose time
passes on the server alone (the round owner plays for a seat whose clock ran out, with nobody's
page open), shown in hours and days, given back the time no server was up, and listed on `/me`
and the home page with the tables waiting for the person first. Two people are two
`TestClient`s (two cookies) on one app whose clock the test moves by hand."""

from __future__ import annotations

from datetime import timedelta

import httpx
import pytest
from fastapi.testclient import TestClient

from app.i18n import t
from tests.app.app_helpers import Clock, clocked_app, dom, one, play_first_legal, text_of, texts, two_people

DAY = 86400


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(db_url: str, clock: Clock):
    return clocked_app(db_url, clock)  # the test runs the round owner's passes (`run_due`) itself


def browser(app) -> TestClient:
    return TestClient(app, base_url="http://127.0.0.1:8000")


def slow_table(host: TestClient, guest: TestClient, clock: int = DAY) -> tuple[str, dict[int, tuple[TestClient, str]]]:
    """A two-seat table with the move clock `clock` made through the home form by `host` (Bahar),
    whose invite `guest` (Ana) takes: its id, and each seat's browser and table address."""
    form = {"level": "easy", "players": "2", "seat1": "person", "clock": str(clock), "name": "Bahar"}
    made = host.post("/matches", data=form, follow_redirects=False)
    assert made.status_code == 303, made.text
    url = made.headers["location"]
    invite = one(host.get(url).text, '#invites a[data-invite-seat="1"]')["href"]
    taken = guest.post(invite, data={"name": "Ana"}, follow_redirects=False)
    assert taken.status_code == 303, taken.text
    return url.split("/")[2], {0: (host, url), 1: (guest, taken.headers["location"])}


def secret(url: str) -> str:
    return url.split("/")[3]


def turn_to(app, match_id: str, seats: dict[int, tuple[TestClient, str]], seat: int) -> None:
    """Make it `seat`'s turn: the other seat plays its first legal move if it is theirs."""
    service = app.state.service
    if service.load(match_id, secret(seats[0][1])).turn != seat:
        play_first_legal(service, match_id, secret(seats[1 - seat][1]))
    assert service.load(match_id, secret(seats[0][1])).turn == seat


def plain(element) -> str:
    """An element's text as a browser puts it together (a `<bdi>` name and the words after it
    are not split by a space), with runs of white space made one."""
    return " ".join(element.get_text().split())


def iso(at) -> str:
    return at.strftime("%Y-%m-%dT%H:%M:%SZ")


@pytest.mark.one_database  # what the form offers and refuses
def test_the_form_offers_hours_and_days_in_seconds_and_refuses_a_clock_it_does_not_offer(app):
    with browser(app) as client:
        page = client.get("/?lang=en").text
        options = {o["value"]: " ".join(o.get_text().split()) for o in dom(page).select("#clock option")}
        assert list(options) == ["0", "15", "30", "60", "120", "300", "3600", "28800", "86400", "259200"]
        assert [options[v] for v in ("3600", "28800", "86400", "259200")] == [
            "1 hour a move",
            "8 hours a move",
            "1 day a move",
            "3 days a move",
        ]
        fa = [o.get_text() for o in dom(client.get("/?lang=fa").text).select("#clock option")]
        assert fa[-2:] == ["۱ روز برای هر حرکت", "۳ روز برای هر حرکت"]

        for refused in ("7200", "400", "10", "259201"):  # between the live and slow clocks, or past them
            answer = client.post("/matches?lang=en", data={"level": "easy", "seat1": "person", "clock": refused})
            assert answer.status_code == 400 and t("en", "msg_bad_clock") in answer.text, refused
        made = client.post("/matches", data={"level": "easy", "seat1": "person", "clock": "86400"})
        assert made.status_code == 200
        match_id, creator = made.url.path.split("/")[2:]
        assert app.state.service.load(match_id, creator).seats.clock == DAY


def test_a_day_runs_out_on_the_server_with_no_page_open_and_the_seat_is_away(app, clock):
    with browser(app) as host, browser(app) as guest:
        match_id, seats = slow_table(host, guest)
        service, owner = app.state.service, app.state.owner
        mover = service.load(match_id, secret(seats[0][1])).turn
        other = 1 - mover
        page = seats[mover][0].get(seats[mover][1] + "?lang=en").text
        assert one(page, "#clock")["data-seconds"] == "86400" and text_of(page, "#clock") == "1 day left"

        clock.advance(23 * 3600)
        assert owner.run_due() == 0  # an hour left: nothing happens
        page = seats[other][0].get(seats[other][1] + "?lang=fa").text
        assert one(page, "#clock")["data-seconds"] == "3600" and text_of(page, "#clock") == "۱ ساعت مانده"

        clock.advance(3599)
        assert owner.run_due() == 0
        clock.advance(1)  # 24 h since the turn began; no stream open, no request made since
        assert owner.run_due() == 1
        played = service.load(match_id, secret(seats[other][1]))
        assert played.ply == 1 and played.seats.away == (mover,) and played.turn == other
        assert service.standins(match_id) == frozenset({0})  # the computer's move, not the person's
        assert owner.run_due() == 0  # once only

        # the other person's day begins with the move played for the one away
        page = seats[other][0].get(seats[other][1] + "?lang=en").text
        assert one(page, "#clock")["data-seconds"] == "86400" and "mine" in one(page, "#clock")["class"]
        away = seats[mover][0].get(seats[mover][1] + "?lang=en").text
        assert text_of(away, "#away-me") == t("en", "away_me")


@pytest.mark.one_database  # what the table says
def test_the_table_says_the_time_left_in_days_hours_and_minutes_in_both_languages(app, clock):
    with browser(app) as host, browser(app) as guest:
        match_id, seats = slow_table(host, guest, clock=3 * DAY)
        client, url = seats[0]
        clock.advance(1)
        assert text_of(client.get(url + "?lang=en").text, "#clock") == "2 days 23 h left"
        clock.advance(DAY - 1)
        assert text_of(client.get(url + "?lang=en").text, "#clock") == "2 days left"
        clock.advance(2 * DAY - 3600 + 60)
        page = client.get(url + "?lang=fa").text
        assert text_of(page, "#clock") == "۵۹ دقیقه مانده" and one(page, "#clock")["data-seconds"] == "3540"

        live_id, live = slow_table(host, guest, clock=60)  # a live table keeps its seconds
        assert text_of(live[0][0].get(live[0][1] + "?lang=en").text, "#clock") == "Time left: 60 s"


def test_me_lists_the_slow_tables_waiting_for_the_person_first_with_when_each_clock_runs_out(app, clock):
    with browser(app) as host, browser(app) as guest:
        start = clock()
        first, first_seats = slow_table(host, guest)
        turn_to(app, first, first_seats, 0)  # Bahar's: her day runs out at start + 1 day
        clock.advance(3600)
        theirs, theirs_seats = slow_table(host, guest, clock=8 * 3600)
        turn_to(app, theirs, theirs_seats, 1)  # Ana's: at start + 1 h + 8 h
        clock.advance(3600)
        later, later_seats = slow_table(host, guest)
        turn_to(app, later, later_seats, 0)  # Bahar's again, at start + 2 h + 1 day
        slow_table(host, guest, clock=60)  # a live table is not in the list
        clock.advance(600)  # ten minutes on: the deadlines do not move

        page = host.get("/me?lang=en").text
        rows = dom(page).select("#slow-games li[data-match][data-deadline]")
        assert [li["data-match"] for li in rows] == [first, later, theirs]
        assert [li["data-deadline"] for li in rows] == [
            iso(start + timedelta(days=1)),
            iso(start + timedelta(hours=2, days=1)),
            iso(start + timedelta(hours=9)),
        ]
        assert [plain(e) for e in dom(page).select("#slow-games li .slow-status")] == [
            "Your turn · 21 h 50 min left",
            "Your turn · 23 h 50 min left",
            "Ana's turn · 6 h 50 min left",
        ]
        assert plain(dom(page).select_one("#slow-games li .slow-table")) == "Chaharbargh with Ana"
        assert texts(page, "#slow-games .slow-clock") == ["1 day a move", "1 day a move", "8 hours a move"]
        assert [a["href"] for a in dom(page).select("#slow-games a.slow-table")] == [
            first_seats[0][1],
            later_seats[0][1],
            theirs_seats[0][1],
        ]

        # Ana waits on Bahar at two tables: the one her own clock runs at first
        mine = dom(guest.get("/me?lang=fa").text).select("#slow-games li")
        assert [li["data-match"] for li in mine] == [theirs, first, later]
        assert texts(guest.get("/me?lang=fa").text, "#slow-games .slow-status b")[1] == "نوبت Bahar"

        # the home page: only the tables waiting for the person
        home = host.get("/?lang=en").text
        assert [li["data-match"] for li in dom(home).select("#home-slow-games li")] == [first, later]
        assert not dom(guest.get("/?lang=en").text).select("#home-slow-games li[data-mine=false]")

    with browser(app) as stranger:  # nobody known to the server: no list
        assert not dom(stranger.get("/me").text).select("#slow-games")
        assert not dom(stranger.get("/").text).select("#home-slow-games")


def test_a_restart_gives_a_slow_table_back_its_downtime_and_nothing_more(live_server, clock):
    first = live_server(clock=clock, round_owner=False)
    service = first.app.state.service
    match_id, secret_of = two_people(service, clock=DAY)
    mover = service.load(match_id, secret_of[0]).turn
    began = clock()
    clock.advance(5 * 3600)  # five hours into the turn: long before the last beat, as a live clock never is
    first.stop()
    clock.advance(3 * 3600)  # no server for three hours
    again = live_server(clock=clock, round_owner=False)
    page = httpx.get(f"{again.url}/m/{match_id}/{secret_of[mover]}?lang=en").text
    assert one(page, "#clock")["data-seconds"] == str(19 * 3600)  # 24 h less the 5 played, not the 3 down
    service = again.app.state.service
    assert service.load(match_id, secret_of[mover]).turn_began == began + timedelta(hours=3)
    assert not service.play_due(match_id)  # the round owner looks again: its due time moved by the 3 h only

    clock.advance(19 * 3600 - 1)
    assert not service.play_due(match_id)
    clock.advance(1)
    assert service.play_due(match_id)
    assert service.load(match_id, secret_of[1 - mover]).seats.away == (mover,)
