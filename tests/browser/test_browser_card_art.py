"""The card art in chromium: a court card shows its figure and a back the designed
back, drawn from the one art file (static/cards.svg) the cards name with `<use href>`, on a
phone and a desktop, in Persian and English; the cards stay buttons named in the player's
language. "Drawn" is read twice: the <use> resolves (its symbol has the box the art file gives
it), and the card's picture changes when the <use> is hidden (so the figure is what one sees).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator

from app.i18n import card_name
from tests.browser.browser_helpers import game
from tests.browser.setups import deal_position, position
from tests.browser.test_browser_seats import choose_game

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
HAND = "KH,QC,JS,5D"  # three court cards of three suits, and a number card
TABLE = "QH,KD,5C,9S"
COURTS = position([HAND, "4H,6S,7C,8D"], TABLE, "AS,2H,10C,AH,2S,8C,6D,4C", deal=4)
ART = r"/static/cards\.[0-9a-f]{10}\.svg"


def drawn_box(use: Locator) -> dict[str, float]:
    """The <use>'s box in the card's 60x84 units, once the art file has come (empty before)."""
    handle = use.element_handle()
    use.page.wait_for_function("(u) => u.getBBox().width > 0", arg=handle)
    return use.page.evaluate("(u) => { const b = u.getBBox(); return {w: b.width, h: b.height}; }", handle)


def shows(picture: Locator, use: Locator) -> bool:
    """Does the <use> change what the card looks like? A screenshot with it and one without."""
    with_art = picture.screenshot(animations="disabled")
    use.evaluate("(u) => { u.style.display = 'none'; }")  # the CSSOM, which the CSP allows
    without = picture.screenshot(animations="disabled")
    use.evaluate("(u) => { u.style.display = ''; }")
    return with_art != without


@pytest.mark.parametrize(("size", "lang"), [("phone", "fa"), ("desktop", "en"), ("phone", "en")])
def test_court_cards_show_their_figures_and_backs_the_designed_back(new_page, server, monkeypatch, size, lang):
    deal_position(monkeypatch, COURTS)
    page = new_page(server, viewport=VIEWPORTS[size])
    page.goto(f"/?lang={lang}")
    choose_game(page, 2, 62)
    assert game(page) == ("your-turn", 0)

    seconds = set()
    for code in ("KH", "QC", "JS", "QH", "KD"):
        card = page.locator(f'#hand [data-card="{code}"], #table [data-card="{code}"]')
        use = card.locator("svg use.art")
        assert re.fullmatch(rf"{ART}#{code[0]}", use.get_attribute("href")), code
        box = drawn_box(use)  # the symbol's frame: a picture in the card's middle, top to bottom
        assert 20 < box["w"] < 40 and box["h"] > 70, (code, box)
        assert shows(card, use), code
        style = use.evaluate("(u) => { const s = getComputedStyle(u); return [s.color, s.fill]; }")
        assert style[0] == ("rgb(198, 40, 40)" if code[1] in "HD" else "rgb(29, 29, 31)"), (code, style)  # the suit's
        seconds.add((code[1], style[1]))
    assert len({fill for _, fill in seconds}) == len({suit for suit, _ in seconds}) == 4  # a second colour per suit

    # Number cards keep their pip, and every card keeps its name in the player's language.
    assert page.locator('#hand [data-card="5D"] use, #table [data-card="5C"] use').count() == 0
    for code in HAND.split(","):
        button = page.get_by_role("button", name=card_name(code, lang), exact=True)
        assert button.count() == 1 and button.get_attribute("data-card") == code
        assert button.get_attribute("aria-pressed") == "false"
    assert page.locator('#table [data-card="KD"]').get_attribute("aria-label") == card_name("KD", lang)

    # The other seat's backs, the piles' and the stock's: the designed back, over the whole card.
    backs = page.locator(".back-card")
    assert backs.count() >= 4 + 2 + 1
    for i in range(backs.count()):
        use = backs.nth(i).locator("svg.back use")
        assert re.fullmatch(rf"{ART}#back", use.get_attribute("href"))
    use = page.locator("#opponent .back-card svg.back use").first
    box = drawn_box(use)
    assert box["w"] > 55 and box["h"] > 80, box
    assert shows(page.locator("#opponent .back-card").first, use)
