"""Web Push end to end: devices opt in through the app's route, moves and seats queue jobs in
their own transactions, and the sender delivers them to a push service on 127.0.0.1 that
decrypts each message and checks its VAPID JWT (tests/app/push_service.py). The test's clock
decides when a retry is due; nothing sleeps."""

from __future__ import annotations

import os

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from app.db import read_session
from app.i18n import t
from app.models import PushJob, PushSubscription
from app.push import public_key
from app.settings import vapid_key
from tests.app.app_helpers import Clock, clocked_app, dom, everything_stored, one, play_first_legal
from tests.app.push_service import PushService, fresh

DAY = 86400


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(db_url: str, clock: Clock):
    return clocked_app(
        db_url,
        clock,
        push_worker=False,  # the test sends (`run_due`) when it wants
        push_services=("http://127.0.0.1",),  # the test's push service, besides no other
    )


@pytest.fixture
def push():
    with PushService() as service:
        yield service


def browser(app) -> TestClient:
    return TestClient(app, base_url="http://127.0.0.1:8000")


def new_table(host: TestClient, clock: int = DAY) -> str:
    """Bahar's two-seat table with the move clock `clock`, made through the home form: its address."""
    form = {"level": "easy", "players": "2", "seat1": "person", "clock": str(clock), "name": "Bahar"}
    made = host.post("/matches", data=form, follow_redirects=False)
    assert made.status_code == 303, made.text
    return made.headers["location"]


def take_seat(host: TestClient, guest: TestClient, url: str) -> str:
    invite = one(host.get(url).text, '#invites a[data-invite-seat="1"]')["href"]
    taken = guest.post(invite, data={"name": "Ana"}, follow_redirects=False)
    assert taken.status_code == 303, taken.text
    return taken.headers["location"]


def subscribe(client: TestClient, push: PushService, name: str, lang: str) -> None:
    answer = client.post("/push/subscribe", data={**push.subscription(name), "lang": lang})
    assert answer.status_code == 204, answer.text


def count(app, model) -> int:
    with read_session(app.state.service.engine) as session:
        return int(session.exec(select(func.count()).select_from(model)).one()[0])


def secret(url: str) -> str:
    return url.split("/")[3]


def test_each_move_at_a_slow_table_sends_one_your_turn_to_the_other_checked_by_the_push_service(app, push):
    with browser(app) as host, browser(app) as guest:
        host_url = new_table(host)
        guest_url = take_seat(host, guest, host_url)
        subscribe(host, push, "bahar", "en")
        subscribe(guest, push, "ana", "fa")
        match_id, service, sender = host_url.split("/")[2], app.state.service, app.state.push
        addresses = {0: host_url, 1: guest_url}
        devices = {0: "bahar", 1: "ana"}
        for _ in range(4):
            turn = service.load(match_id, secret(host_url)).turn
            other = 1 - turn
            play_first_legal(service, match_id, secret(addresses[turn]))
            assert push.received == [] and count(app, PushJob) == 1  # queued with the move, not sent by it
            assert secret(addresses[other]) not in everything_stored(service.engine)  # by match and seat
            assert sender.run_due() == 1 and sender.run_due() == 0
            (got,) = push.received
            push.received.clear()
            lang = "en" if other == 0 else "fa"
            assert got.device == devices[other]
            assert got.payload == {
                "title": t(lang, "title"),
                "body": t(lang, "push_turn"),
                "url": addresses[other],
                "tag": addresses[other],
            }
            assert got.headers["ttl"] == str(DAY) and got.headers["urgency"] == "high"
            assert got.headers["content-encoding"] == "aes128gcm"
            assert got.claims["aud"] == push.origin and fresh(got.claims) and got.claims["sub"]
            assert got.vapid_key == app.state.vapid_public == public_key(app.state.vapid_key)
        assert count(app, PushJob) == 0


def test_a_live_table_shown_sends_no_your_turn_but_a_seat_taken_is_told(app, push):
    with browser(app) as host, browser(app) as guest:
        host_url = new_table(host, clock=60)
        subscribe(host, push, "bahar", "en")
        guest_url = take_seat(host, guest, host_url)
        assert app.state.push.run_due() == 1
        (got,) = push.received
        assert got.payload["body"] == t("en", "push_seat", name="Ana") and got.payload["url"] == host_url
        assert got.headers["urgency"] == "normal"
        match_id = host_url.split("/")[2]
        assert host.post(host_url + "/seen", data={"page": "bahar-tab", "shown": "1"}).status_code == 204
        turn = app.state.service.load(match_id, secret(host_url)).turn
        play_first_legal(app.state.service, match_id, secret(guest_url if turn == 1 else host_url))
        assert count(app, PushJob) == 0  # a minute's clock, and her page is shown: it tells


def test_a_subscription_the_push_service_answers_410_for_is_deleted(app, push):
    with browser(app) as host, browser(app) as guest:
        host_url = new_table(host)
        subscribe(host, push, "bahar", "en")
        push.answers = [410]
        take_seat(host, guest, host_url)
        assert count(app, PushSubscription) == 1 and count(app, PushJob) == 1
        assert app.state.push.run_due() == 0
        assert len(push.received) == 1 and count(app, PushSubscription) == 0 and count(app, PushJob) == 0


def test_a_500_is_tried_again_after_a_back_off_on_the_servers_clock(app, push, clock):
    with browser(app) as host, browser(app) as guest:
        host_url = new_table(host)
        subscribe(host, push, "bahar", "en")
        push.answers = [500, 503]
        take_seat(host, guest, host_url)
        sender = app.state.push
        assert sender.run_due() == 0 and len(push.received) == 1  # 500: kept, due in 30 s
        assert sender.run_due() == 0 and len(push.received) == 1  # not again before then
        clock.advance(29)
        assert sender.run_due() == 0 and len(push.received) == 1
        clock.advance(1)
        assert sender.run_due() == 0 and len(push.received) == 2  # 503: due in 60 s more
        clock.advance(59)
        assert sender.run_due() == 0 and len(push.received) == 2
        clock.advance(1)
        assert sender.run_due() == 1 and len(push.received) == 3
        assert count(app, PushJob) == 0 and count(app, PushSubscription) == 1
        assert len({r.payload["body"] for r in push.received}) == 1


def test_a_kind_turned_off_on_me_is_not_queued_and_the_buttons_carry_the_key(app, push):
    with browser(app) as host, browser(app) as guest:
        host_url = new_table(host)
        me = dom(host.get("/me?lang=en").text)
        assert me.select_one("#notify")["data-vapid-key"] == app.state.vapid_public
        assert [box["value"] for box in me.select("#notify-kinds input:checked")] == [
            "turn",
            "remind",
            "seat",
            "rematch",
            "over",
            "invite",
        ]
        subscribe(host, push, "bahar", "en")
        saved = host.post("/me/notifications", data={"kind": ["turn", "rematch", "over"]})
        assert saved.status_code == 200 and t("en", "notify_saved") in saved.text
        assert [box["value"] for box in dom(saved.text).select("#notify-kinds input:checked")] == [
            "turn",
            "rematch",
            "over",
        ]
        guest_url = take_seat(host, guest, host_url)  # "seat" is off
        assert count(app, PushJob) == 0
        table = dom(guest.get(guest_url + "?lang=en").text)
        assert table.select_one("#notify")["data-vapid-key"] == app.state.vapid_public
        assert table.select_one("#turn-mark")["data-title"] == t("en", "tab_your_turn")
    with browser(app) as newcomer:  # a first visit: nothing offered
        assert dom(newcomer.get("/me").text).select_one("#notify") is None


def test_an_endpoint_off_the_push_services_is_refused(app, push):
    with browser(app) as client:
        device = push.subscription("elsewhere")
        for endpoint in ("https://169.254.169.254/latest", "http://127.0.0.2/push/x", "https://fcm.googleapis.com/x"):
            answer = client.post("/push/subscribe", data={**device, "endpoint": endpoint, "lang": "en"})
            assert answer.status_code == 400, endpoint  # the last: not a service this app was given
        assert count(app, PushSubscription) == 0


@pytest.mark.one_database
def test_the_vapid_key_is_made_once_and_kept_like_the_secret_key(tmp_path, monkeypatch):
    monkeypatch.delenv("CHAHARBARGH_VAPID_PRIVATE_KEY", raising=False)
    made = vapid_key(tmp_path)
    assert made == vapid_key(tmp_path) and "PRIVATE KEY" in made
    assert os.stat(tmp_path / "vapid_private_key.pem").st_mode & 0o777 == 0o600
    monkeypatch.setenv("CHAHARBARGH_VAPID_PRIVATE_KEY", made.replace("\n", "\\n"))
    assert vapid_key(tmp_path / "elsewhere") == made and len(public_key(made)) == 87


def test_the_end_of_a_match_and_a_rematch_are_told_to_the_other_person(app, push):
    service, sender = app.state.service, app.state.push
    match = service.create("easy", target=11, preset="pagat", seats=["person"], creator="Bahar", person="p-bahar")
    claimed, seat = service.claim(match.id, service.load(match.id, match.secret).seats.invite(1), "Ana", "p-ana")
    secrets = {0: match.secret, 1: service.secret_of(claimed, seat)}
    for person, name in (("p-bahar", "bahar"), ("p-ana", "ana")):
        device = push.subscription(name)
        app.state.subscriptions.subscribe(
            person, device["endpoint"], device["p256dh"], device["auth"], "en", app.state.settings.clock()
        )
    for seat in (0, 1):  # both pages are shown (app/visibility.py)
        service.visibility.report(match.id, seat, f"page-of-{seat}", True)
    loaded = service.load(match.id, secrets[0])
    while not loaded.over:  # a live clock (60 s) with both pages shown: no "your turn" on the way
        if loaded.sheet_pending:
            loaded = service.next_round(match.id, secrets[0], loaded.ply)
        else:
            last = loaded.turn
            loaded = play_first_legal(service, match.id, secrets[last])
    assert count(app, PushJob) == 1 and sender.run_due() == 1
    (over,) = push.received
    told = 1 - last
    assert over.device == ("bahar", "ana")[told] and over.payload["body"] == t("en", "push_over")
    assert over.payload["url"] == f"/m/{match.id}/{secrets[told]}"

    push.received.clear()
    service.rematch(match.id, secrets[0])
    assert sender.run_due() == 1
    (rematch,) = push.received
    assert rematch.device == "ana" and rematch.payload["body"] == t("en", "push_rematch", name="Bahar")
    assert rematch.payload["url"] == f"/m/{match.id}/{secrets[1]}"  # her table, which offers her new seat
