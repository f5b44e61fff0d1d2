"""The table does not move under the person's hand, in chromium at 390x844 and 1280x800, in
Persian and English: a message (a dimmed card tapped: "this card can't be played now"; a move
taken back) shows in the hint's place right above the hand, and neither it nor the computer's
turn moves the hand by a single pixel.

One server serves the whole file.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from app.i18n import t
from tests.app.app_helpers import migrate
from tests.app.test_play import forced, seed_where
from tests.browser.browser_helpers import game, prepare_move, settle
from tests.browser.live_server import LiveServer, live_settings

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
EVERY_WAY = [(lang, size) for lang in ("fa", "en") for size in VIEWPORTS]


@pytest.fixture(scope="module")
def banners_server(tmp_path_factory) -> Iterator[LiveServer]:
    url = f"sqlite:///{tmp_path_factory.mktemp('banners') / 'banners.db'}"
    migrate(url)
    server = LiveServer(live_settings(url)).start()
    yield server
    server.stop()


def hand_top(page: Page) -> float:
    """Where the hand's top is on the page (not the window: a scroll is no move)."""
    return page.evaluate("document.querySelector('#hand').getBoundingClientRect().top + window.scrollY")


@pytest.mark.parametrize(("lang", "size"), EVERY_WAY)
def test_a_refused_tap_and_the_computers_turn_leave_the_hand_where_it_is(banners_server, new_page, lang, size):
    service = banners_server.app.state.service
    match = service.create("easy", 31, "table", seed=seed_where(forced))
    page = new_page(banners_server, viewport=VIEWPORTS[size])
    page.goto(f"/m/{match.id}/{match.secret}?lang={lang}")
    before = hand_top(page)
    page.locator('#hand [aria-disabled="true"]').first.click(force=True)  # a tap: it cannot be played
    page.wait_for_selector("#message")
    assert page.inner_text("#message") == t(lang, "msg_disabled_card")
    assert hand_top(page) == before
    message, hint = page.locator("#message").bounding_box(), page.locator("#hint").bounding_box()
    hand = page.locator("#hand").bounding_box()
    assert message["y"] + message["height"] <= hand["y"]  # right above the hand, in the hint's place
    assert message["y"] <= hint["y"] + hint["height"] and hint["y"] <= message["y"] + message["height"]

    state = game(page)
    prepare_move(page)
    assert hand_top(page) == before
    page.click("#action")
    state = settle(page, state)  # the computer has played
    assert page.locator("#message").count() == 0 and hand_top(page) == before
    prepare_move(page)
    page.click("#action")
    settle(page, state)
    assert hand_top(page) == before


@pytest.mark.parametrize(("lang", "size"), EVERY_WAY)
def test_the_undo_notice_leaves_the_hand_where_it_is(banners_server, new_page, lang, size):
    page = new_page(banners_server, viewport=VIEWPORTS[size])
    page.goto(f"/?lang={lang}")
    page.click("#start-practice")
    page.wait_for_selector("#practice-badge")
    before = hand_top(page)
    prepare_move(page)
    page.click("#action")
    page.wait_for_selector('#game[data-state="computer-turn"]')  # the computer waits for the test's word
    page.click("#undo")
    page.wait_for_selector('#game[data-state="your-turn"][data-ply="0"]')
    assert page.inner_text("#message") == t(lang, "msg_undone")
    assert hand_top(page) == before
