"""Playing at the table in a browser, as a person would: tap, choose, confirm; wait on server markers."""

from __future__ import annotations

import re

from playwright.sync_api import Page

from tests.app.app_helpers import choose_takes


def game(page: Page) -> tuple[str, int]:
    """The table's state and ply as the server rendered them, read together: a table swapped in
    between two separate reads would pair the old state with the new ply."""
    state, ply = page.eval_on_selector("#game", "g => [g.dataset.state, g.dataset.ply]")
    return state, int(ply)


def cards_in(page: Page, selector: str = "[data-card]") -> set[str]:
    """The codes of the cards the page holds under `selector` (every card on it by default)."""
    return set(page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.card)"))


def settle(page: Page, before: tuple[str, int]) -> tuple[str, int]:
    """Wait until the table has moved on from `before`, it is not the computer's turn, and the
    page is set up (its scripts ran: a tap then is htmx's).

    While the computer is to play, this lets it: a server started with no computer delay
    (`None`) asks for the computer's move only on the `computer-may-move` event, which is sent
    here until htmx has started that element's request (htmx listens only once it has processed
    the swapped-in table, so one early event may find no listener), and never after: the answer
    is swapped in inside a View Transition, so the old element stays in the page a moment after
    its request ended, and a second event would ask again and skip the first swap's transition
    (seen with chromium 150). With a timer the event is simply unheard.
    """
    page.wait_for_function(
        """([state, ply]) => {
            if (!window.__askedHook) {
                window.__askedHook = true;
                document.addEventListener('htmx:beforeRequest', (e) => { e.detail.elt.__asked = true; });
            }
            const turn = document.querySelector('#computer-turn');
            if (turn && !turn.__asked) turn.dispatchEvent(new Event('computer-may-move'));
            const g = document.querySelector('#game');
            // 'complete': htmx has set the page up (on DOMContentLoaded); a tap before that is
            // a plain link's, a page load of its own (the no-JavaScript path)
            return document.readyState === 'complete' && g && g.dataset.state !== 'computer-turn'
                && (g.dataset.state !== state || +g.dataset.ply !== ply);
        }""",
        arg=list(before),
        polling=50,
    )
    return game(page)


def more_options(page: Page) -> None:
    """Open the home page's "more options" (the whole new-match form), as a person taps it."""
    if page.get_attribute("#more-options", "open") is None:
        page.click("#more-options > summary")
    page.wait_for_selector('#new-match-form input[name="level"]', state="visible")


def value(code: str) -> int:
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(code[:-1]) or int(code[:-1])


def play_one_move(page: Page) -> tuple[str, int]:
    """As a human: tap a playable card (a capturing one if any), choose a set, confirm. Returns the new state."""
    before = game(page)
    prepare_move(page)
    page.click("#action")
    return settle(page, before)


def prepare_move(page: Page) -> None:
    """Tap a playable card (a capturing one if any) and the table cards of a capture, up to the action button."""
    assert game(page)[0] == "your-turn"
    capturing = page.locator('#hand [data-card][data-can-capture="true"]')
    card = (capturing if capturing.count() else page.locator('#hand [data-card]:not([aria-disabled="true"])')).first
    code = card.get_attribute("data-card")
    card.click()
    page.wait_for_selector(f'#hand [data-card="{code}"][aria-pressed="true"]')
    if page.locator("#action").is_disabled():
        options = [e.get_attribute("data-card") for e in page.locator('#table [data-takeable="true"]').all()]
        for take in choose(code, options):
            page.click(f'#table [data-card="{take}"]')
            page.wait_for_selector(f'#table [data-card="{take}"][aria-pressed="true"]')
    assert re.fullmatch("capture|place", page.get_attribute("#action", "data-action"))
    assert page.locator("#action").is_enabled()


def choose(card: str, options: list[str]) -> list[str]:
    return choose_takes(card, options)


SMALL_TEXT = """(within) => {
    const small = [];
    const walker = document.createTreeWalker(document.querySelector(within), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!node.textContent.trim() || element.closest('svg, .sr-only') || !element.checkVisibility()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1 || getComputedStyle(element).visibility === 'hidden') continue;
        const size = parseFloat(getComputedStyle(element).fontSize);
        if (size < 14) small.push(`${size}px: ${node.textContent.trim().slice(0, 40)}`);
    }
    return small;
}"""


def small_text(page: Page, within: str = "body") -> list[str]:
    """Each piece of text the page shows under 14 px, within `within` (not a card's own picture,
    not what is there for screen readers only): what a phone's reader would squint at."""
    return page.evaluate(SMALL_TEXT, within)
