"""History, rematch and the error page in chromium, on a phone and a desktop: a small match
played to its end by tapping, the match-end page's rematch, the history page and removing a
match from it, and a 404 with its way home; never a horizontal scroll bar.

The flows are the same at every size, so each is played once, and every page it reaches is
looked at in both sizes (`no_horizontal_overflow` turns the window to each): a whole match
played twice only for its layout cost more than a minute of the suite."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

from tests.browser.browser_helpers import game, settle
from tests.browser.test_browser_seats import choose_game, play

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def no_horizontal_overflow(page: Page) -> None:
    """No horizontal scroll bar on this page at a phone's size nor at a desktop's; the window is
    left as it was."""
    before = page.viewport_size
    for size in VIEWPORTS.values():
        page.set_viewport_size(size)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), (page.url, size)
    page.set_viewport_size(before)


@pytest.mark.parametrize("size", ["phone"])
def test_rematch_then_history_and_removing_a_match(new_page, server, size):
    page = new_page(server, viewport=VIEWPORTS[size])
    url = choose_game(page, 2, 11, preset="pagat")
    play(page, settle(page, ("", -1)))
    assert game(page)[0] == "match-over"
    no_horizontal_overflow(page)
    rules = page.request.get(url + "/record.json").json()["rules"]

    page.click("#rematch")  # same settings, a new deal
    page.wait_for_url(lambda u: u != url and "/m/" in u)
    page.wait_for_selector("#game")
    again = page.url
    assert game(page)[1] == 0 and "۱۱" in page.inner_text("#rules-summary")
    no_horizontal_overflow(page)

    page.goto("/")
    page.click("#history-link")
    page.wait_for_url("**/history")
    entries = page.locator("#history li.history-entry")
    assert entries.count() == 2
    first_id, old_id = again.split("/")[-2], url.split("/")[-2]
    assert entries.first.get_attribute("data-match") == first_id
    assert entries.first.get_attribute("data-result") == "playing"
    assert page.get_attribute(f'li[data-match="{old_id}"]', "data-result") in ("won", "lost")
    no_horizontal_overflow(page)
    page.screenshot(path=f"/tmp/history-{size}.png", full_page=True)

    page.click(f'li[data-match="{old_id}"] form.remove button')
    page.wait_for_selector("#message")
    assert page.locator("#history li.history-entry").count() == 1
    assert page.locator(f'li[data-match="{old_id}"]').count() == 0
    page.goto("/")
    assert page.locator(f'#saved a[href*="{old_id}"]').count() == 0
    # the removed match is still there at its address, with its settings
    page.goto(url)
    assert game(page)[0] == "match-over"
    assert json.loads(json.dumps(page.request.get(url + "/record.json").json()["rules"])) == rules


@pytest.mark.parametrize("size", VIEWPORTS)
def test_an_unknown_page_is_the_sites_page_with_a_way_home(new_page, server, size):
    page = new_page(server, viewport=VIEWPORTS[size])
    response = page.goto("/no/such/page")
    assert response.status == 404
    assert page.locator("header .brand").is_visible()
    no_horizontal_overflow(page)
    page.click('#game a[href="/"]')
    page.wait_for_selector("#new-match-form")


@pytest.mark.parametrize("size", ["desktop"])
def test_the_replay_of_a_finished_match_move_by_move(new_page, server, size):
    page = new_page(server, viewport=VIEWPORTS[size])
    url = choose_game(page, 3, 11)
    page.goto(url + "/replay")
    assert page.locator("#game .message").is_visible()  # refused while the match is in play
    assert page.locator("[data-card]").count() == 0
    page.goto(url)
    assert play(page, settle(page, ("", -1)))[0] == "match-over"
    page.wait_for_selector("#replay-link")
    page.click("#replay-link")
    page.wait_for_selector("#replay")
    assert page.get_attribute("#replay", "data-ply") == "0"
    for seat in range(3):  # every hand is dealt and shown: the match is over
        assert page.locator(f'.replay-seat[data-seat="{seat}"] [data-card]').count() == 4
    assert page.locator("#table [data-card]").count() == 4
    no_horizontal_overflow(page)
    page.click("#replay-next")
    page.wait_for_url("**ply=1")
    page.click("#replay-next")
    page.wait_for_url("**ply=2")
    assert page.locator(".replay-seat [data-card]").count() == 10  # two cards played
    page.screenshot(path=f"/tmp/replay-{size}.png", full_page=True)
    page.click("#replay-previous")
    page.wait_for_url("**ply=1")
    assert page.get_attribute("#replay", "data-ply") == "1"
    page.click("#replay-end")  # a step is a swap with JavaScript (the cards move), not a page load
    page.wait_for_function("() => (r => r.dataset.ply === r.dataset.lastPly)(document.querySelector('#replay'))")
    assert page.locator("#replay-next").count() == 0
    no_horizontal_overflow(page)
    page.click("#replay-back")
    page.wait_for_selector("#sheet .winner")
