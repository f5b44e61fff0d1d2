"""A steady table in chromium: over a whole round, at 390x844 and
1280x800, in Chaharbargh with two seats, four and four with the open hand, and in All Fours with
two and four, the hand and the action button (All Fours: its decisions) stay where they are from
one turn of the person to the next (within 8 px), the hand and the button are on the screen, and
no text on the table is smaller than 14 px on a phone.

Each match is played through the service (`setups.drive`'s moves: the person's first legal move,
the computer's own); the browser opens the table at each of the person's turns, as a player
coming back to it would, and once a card is chosen.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from app.service import MatchService
from tests.app.app_helpers import create_allfours
from tests.browser.browser_helpers import small_text
from tests.browser.setups import url_of

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
MATCHES = {  # each kind of table: the service's call that starts one
    "two seats": lambda service: service.create("easy", None, "table", players=2),
    "four seats": lambda service: service.create("easy", None, "table", players=4),
    "four seats, open hand": lambda service: service.create("easy", None, "table", players=4, open_hand=True),
    "All Fours, two": lambda service: create_allfours(service, "easy", 2),
    "All Fours, four": lambda service: create_allfours(service, "easy", 4),
}
STEADY = 8  # px: how far the hand's top may move from one turn to the next

PLACES = """() => {
    const top = (s) => {
        const e = document.querySelector(s);
        return e ? e.getBoundingClientRect().top + scrollY : null;
    };
    const hand = document.querySelector('#hand').getBoundingClientRect();
    const action = document.querySelector('#action, #decisions:has(button)');
    const bottom = Math.max(hand.bottom, action ? action.getBoundingClientRect().bottom : 0);
    return {hand: top('#hand'), action: top('#action, #decisions:has(button)'), bottom: bottom + scrollY,
            height: innerHeight};
}"""


def places_over_a_round(page: Page, service: MatchService, match, check_text: bool) -> list[dict]:
    """Play the match's first round through the service, opening the table at each of the
    person's turns; the places of the hand and the action button each time (and once a card is
    chosen, every fifth turn)."""
    seen, turn = [], 0
    loaded = service.load(match.id, match.secret)
    while not loaded.sheet_pending and not loaded.over:
        if not loaded.human_to_play:
            loaded = service.computer(match.id, match.secret, loaded.ply)
            continue
        page.goto(url_of(loaded))
        seen.append(page.evaluate(PLACES))
        if check_text:
            assert small_text(page, "#game") == [], f"text under 14 px at ply {loaded.ply}"
        move = loaded.state.legal_moves()[0]
        if turn % 5 == 0 and page.locator("#action").count():
            page.click(f'#hand [data-card="{move.card}"]')
            page.wait_for_selector(f'#hand [data-card="{move.card}"][aria-pressed="true"]')
            seen.append(page.evaluate(PLACES))
        loaded = service.play(match.id, match.secret, loaded.ply, move)
        turn += 1
    return seen


@pytest.mark.parametrize("size", VIEWPORTS)
@pytest.mark.parametrize("kind", MATCHES)
def test_the_hand_and_the_button_stay_put_over_a_whole_round(new_page, server, kind, size):
    service = server.app.state.service
    match = MATCHES[kind](service)
    page = new_page(server, viewport=VIEWPORTS[size])
    seen = places_over_a_round(page, service, match, check_text=size == "phone")
    hands = [s["hand"] for s in seen]
    actions = [s["action"] for s in seen if s["action"] is not None]
    assert len(hands) >= 6, "a whole round was watched"
    assert max(hands) - min(hands) <= STEADY, hands
    assert not actions or max(actions) - min(actions) <= STEADY, actions
    assert all(s["bottom"] <= s["height"] for s in seen), "the hand and the button are on the screen"
