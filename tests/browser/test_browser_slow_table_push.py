"""A slow table of a day a move, played by two people in two chromium contexts, told by Web Push:
each move sends exactly one "your turn" to the other person; 18 hours into a turn its person is
reminded, once; at 24 hours, with their page closed and the server restarted in between, the
computer plays for them and the other person is told. Every notification is received, decrypted
and checked by the push service on 127.0.0.1 (tests/app/push_service.py).

Nothing waits for wall time: the server's clock is the test's `Clock`, the round owner and the
push sender run when the test calls them (`run_due`), as the app's threads would."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page

from app.i18n import t
from app.slow_games import time_left
from tests.app.app_helpers import Clock
from tests.app.push_service import PushService, fresh
from tests.browser.browser_helpers import more_options, prepare_move

DAY, HOUR = 86400, 3600
SUBSCRIBE = """async (device) => {
  const answer = await fetch("/push/subscribe", {method: "POST", body: new URLSearchParams(device)});
  return answer.status;
}"""


def subscribe(page: Page, push: PushService, name: str) -> None:
    """The device's subscription as static/pwa.js posts it after `pushManager.subscribe` (whose
    push service here is the test's), from the page: its person is the browser's."""
    device = {**push.subscription(name), "lang": "en"}
    assert page.evaluate(SUBSCRIBE, device) == 204


def table_of(page: Page) -> tuple[str, str]:
    match_id, secret = page.url.split("?")[0].split("/")[4:6]
    return match_id, secret


def test_a_day_long_table_tells_each_turn_once_reminds_once_and_plays_for_the_absent(new_page, live_server):
    clock = Clock()
    settings = {"clock": clock, "round_owner": False, "push_worker": False, "push_services": ("http://127.0.0.1",)}
    with PushService() as push:
        server = live_server(**settings)
        bahar = new_page(server)
        bahar.goto("/?lang=en")
        more_options(bahar)
        bahar.select_option("#seat1", "person")
        bahar.select_option("#clock", str(DAY))
        bahar.click("#start")
        bahar.wait_for_selector('#game[data-state="waiting"]')
        link = bahar.locator('#invites a[data-invite-seat="1"]').evaluate("a => a.href")
        ana = new_page(server)
        ana.goto(link + "?lang=en")
        ana.fill("#name", "Ana")
        ana.click("#take-seat")
        ana.wait_for_selector("#game")
        subscribe(bahar, push, "bahar")
        subscribe(ana, push, "ana")
        match_id, secret = table_of(bahar)
        pages, devices = {0: bahar, 1: ana}, {0: "bahar", 1: "ana"}
        addresses = {seat: "/m/{}/{}".format(*table_of(page)) for seat, page in pages.items()}
        app = server.app
        assert app.state.owner.run_due() == 0 and app.state.push.run_due() == 0  # subscribed after Ana sat

        def told(seat: int, body: str) -> None:
            """Exactly one notification was sent since the last, to `seat`'s device, saying `body`."""
            assert app.state.push.run_due() == 1 and app.state.push.run_due() == 0
            (got,) = push.received
            push.received.clear()
            assert got.device == devices[seat] and got.payload["body"] == body
            assert got.payload["url"] == addresses[seat] and got.headers["ttl"] == str(DAY)
            assert got.claims["aud"] == push.origin and fresh(got.claims)

        for _ in range(4):  # each move: one "your turn" to the other person, whose page shows it too
            loaded = app.state.service.load(match_id, secret)
            mover, other = loaded.turn, 1 - loaded.turn
            prepare_move(pages[mover])
            pages[mover].click("#action")
            pages[other].wait_for_selector(f'#game[data-state="your-turn"][data-ply="{loaded.ply + 1}"]')
            told(other, t("en", "push_turn"))
            clock.advance(HOUR)  # an hour a move: nothing else is due
            assert app.state.owner.run_due() == 0 and app.state.push.run_due() == 0

        loaded = app.state.service.load(match_id, secret)
        absent, waiting = loaded.turn, 1 - loaded.turn
        pages[absent].close()  # the person to play goes away: no page of theirs is open from here
        clock.advance(17 * HOUR - 1)  # the turn began an hour ago, with the last move
        assert app.state.owner.run_due() == 0 and app.state.push.run_due() == 0
        clock.advance(1)  # three quarters of the day: reminded, once
        assert app.state.owner.run_due() == 0
        told(absent, t("en", "push_remind", left=time_left(6 * HOUR, "en")))
        assert t("en", "push_remind", left=time_left(6 * HOUR, "en")) == "Your turn: 6 h left."
        assert app.state.owner.run_due() == 0 and app.state.push.run_due() == 0

        clock.advance(3 * HOUR)
        server.stop()  # a restart 21 h into the turn, taking no time on the server's clock
        server = live_server(port=server.port, **settings)
        app = server.app
        assert httpx.get(server.url + addresses[waiting]).status_code == 200  # answered once it has started
        assert app.state.owner.run_due() == 0 and app.state.push.run_due() == 0 and push.received == []
        clock.advance(3 * HOUR - 1)
        assert app.state.owner.run_due() == 0 and app.state.service.load(match_id, secret).ply == loaded.ply
        clock.advance(1)  # the day is over: the computer plays for the absent seat, with no page open
        assert app.state.owner.run_due() == 1
        after = app.state.service.load(match_id, secret)
        assert after.ply == loaded.ply + 1 and after.seats.away == (absent,) and after.turn == waiting
        told(waiting, t("en", "push_turn"))
        pages[waiting].wait_for_selector(
            f'#game[data-state="your-turn"][data-ply="{after.ply}"]'
        )  # its stream came back
        assert app.state.push.run_due() == 0 and push.received == []  # no second reminder, nor turn
