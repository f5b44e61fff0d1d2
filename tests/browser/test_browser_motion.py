"""Reduced motion in chromium: with `prefers-reduced-motion: reduce` emulated, a whole move (a
card chosen, its capture, the computer's answer) plays as usual and nothing on the page moves:
no CSS animation or transition starts, none is left running, a chosen card is not lifted.

The page's animation and transition events are recorded from before the move on. The same walk
with motion allowed records some (the card under the pointer rises, the computer's move arrives),
which shows the recording sees them: the check is not empty by construction. No test waits on a
clock: the events are read once the table has settled.
"""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.browser_helpers import prepare_move, settle

RECORD = """() => {
    window.motion = [];
    for (const type of ['animationstart', 'transitionrun', 'transitionstart']) {
        document.addEventListener(type, (event) => {
            const what = event.animationName || event.propertyName, where = event.target.id || event.target.nodeName;
            window.motion.push(`${type} ${what} on ${where}`);
        }, true);
    }
}"""


def play_a_move(page: Page) -> str:
    """Start a match from the home page and play one move by tapping; the chosen card's transform."""
    page.goto("/")
    page.click("#start")
    state = settle(page, ("", -1))
    assert state[0] == "your-turn"
    page.evaluate(RECORD)
    prepare_move(page)
    lifted = page.evaluate("getComputedStyle(document.querySelector('#hand [aria-pressed=\"true\"]')).transform")
    page.click("#action")
    after = settle(page, state)
    assert after == ("your-turn", state[1] + 2)  # the computer answered and it is the player's turn again
    assert page.locator(".computer-last").is_visible()
    return lifted


def test_with_reduced_motion_a_move_plays_and_nothing_moves(new_page, server):
    page = new_page(server)
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    assert play_a_move(page) == "none"
    assert page.evaluate("window.motion") == []
    assert page.evaluate("document.getAnimations().map((a) => a.animationName || a.transitionProperty || a.id)") == []


def test_with_motion_allowed_the_same_move_is_seen_moving(new_page, server):
    page = new_page(server)
    page.emulate_media(reduced_motion="no-preference")
    assert play_a_move(page) != "none"  # the chosen card is lifted
    page.wait_for_function("() => window.motion.length > 0")
