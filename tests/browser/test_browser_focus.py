"""Keyboard play of a whole move in chromium, on a phone and a desktop: the skip link leads to
the hand, Enter selects a card (focus stays on it), table cards are taken by keyboard, Enter on
the action button plays, and after the computer's answer the focus is back in the hand."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.browser_helpers import choose, game, prepare_move, settle

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def focused(page: Page) -> str:
    return page.evaluate("document.activeElement && (document.activeElement.id || document.activeElement.tagName)")


def press(page: Page, selector: str) -> None:
    page.focus(selector)  # where Tab would take a keyboard player
    page.keyboard.press("Enter")


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_whole_move_by_keyboard_and_the_focus_returns_to_the_hand(new_page, server, size):
    page = new_page(server, viewport=VIEWPORTS[size])
    page.goto("/")
    page.click("#start")
    state = settle(page, ("", -1))
    assert state[0] == "your-turn"
    page.keyboard.press("Tab")  # the first stop of the page is the skip link
    assert page.evaluate("document.activeElement.classList.contains('skip-link')")
    page.keyboard.press("Enter")
    assert focused(page) == "hand"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#hand') !== null")

    capturing = page.locator('#hand [data-card][data-can-capture="true"]')
    card = (capturing if capturing.count() else page.locator('#hand [data-card]:not([aria-disabled="true"])')).first
    code = card.get_attribute("data-card")
    press(page, f"#h-{code}")
    page.wait_for_selector(f'#h-{code}[aria-pressed="true"]')
    assert focused(page) == f"h-{code}"  # the swapped-in card keeps the focus
    if page.locator("#action").is_disabled():
        options = [e.get_attribute("data-card") for e in page.locator('#table [data-takeable="true"]').all()]
        for take in choose(code, options):
            press(page, f"#t-{take}")
            page.wait_for_selector(f'#t-{take}[aria-pressed="true"]')
            assert focused(page) == f"t-{take}"
    press(page, "#action")
    after = settle(page, state)
    assert after[1] >= state[1] + 2 and after[0] == "your-turn"
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('#hand') !== null")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert game(page)[0] == "your-turn"


def test_practice_has_play_now(new_page, server):
    """The live server gives the computer no timer: only "play now" asks for its move here."""
    page = new_page(server)
    page.goto("/")
    page.click("#start-practice")
    page.wait_for_selector("#practice-badge")
    state = game(page)
    assert state[0] == "your-turn"
    prepare_move(page)
    page.click("#action")
    page.wait_for_function("(ply) => document.querySelector('#game').dataset.ply === String(ply)", arg=state[1] + 1)
    assert page.locator("#play-now").is_visible()
    page.click("#play-now")
    page.wait_for_function("(ply) => document.querySelector('#game').dataset.ply === String(ply)", arg=state[1] + 2)
    assert game(page)[0] == "your-turn"
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('#hand') !== null")


def test_without_javascript_play_now_is_hidden_and_the_noscript_button_remains(new_page, server):
    page = new_page(server, javascript=False)
    page.goto("/")
    page.click("#start-practice")
    page.wait_for_selector("#practice-badge")
    assert page.locator("#play-now").count() == 0 or not page.locator("#play-now").is_visible()
