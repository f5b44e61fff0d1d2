"""The phone-first table in chromium: a 12-card table with four cards in hand, at 390x844 and
1280x800, two seats and four, in Persian and English. The whole hand and the action button are
on the screen without scrolling, before a card is chosen, once a capture is chosen and after the
computer's answer; nothing overflows sideways; the stock is a small counter under the table,
not a column beside it.

The position comes from the engine's position text (`tests/browser/setups.py`): the live server
deals its new matches from it, and the player starts them from the home page as usual.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from app.i18n import digits
from tests.browser.browser_helpers import game, prepare_move, settle
from tests.browser.setups import deal_position, position
from tests.browser.test_browser_seats import choose_game

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
TABLE = "AC,2D,3H,4S,6C,7D,8H,10S,KD,3C,5D,9S"  # twelve cards: the 5 and the 9 capture, so does the jack
HAND = "5S,9H,QD,JC"  # the queen cannot capture (no queen on the table): dimmed
# Two seats in the fifth of six deals: one deal of 4 + 4 cards is left in the stock.
TWO = position([HAND, "4H,6S,7C,8D"], TABLE, "AS,2H,10C,KH,QS,8C,6D,4C", deal=4)
# Four seats in the second of three deals: one deal of 4 x 4 cards is left.
FOUR = position(
    [HAND, "4H,6S,7C,8D", "AH,2C,3D,KS", "5C,6H,7S,9D"], TABLE, "AS,2H,10C,KH,QS,8C,6D,4C,JD,JH,JS,10H,QC,QH,KC,8S", 1
)
SETUPS = {2: (TWO, 62, 8), 4: (FOUR, 124, 16)}  # position, the target the home page offers, cards in the stock


def box(page: Page, selector: str) -> dict[str, float]:
    return page.locator(selector).first.bounding_box()


def on_screen(page: Page, selector: str) -> bool:
    """The element is wholly inside the viewport as the page is scrolled now."""
    return page.evaluate(
        """(selector) => {
            const r = document.querySelector(selector).getBoundingClientRect();
            return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
        }""",
        selector,
    )


def hand_and_action_on_screen(page: Page) -> None:
    assert page.evaluate("window.scrollY") == 0  # nobody scrolled: the page is as it opened
    codes = [e.get_attribute("data-card") for e in page.locator("#hand [data-card]").all()]
    for code in codes:
        assert on_screen(page, f'#hand [data-card="{code}"]'), code
    assert on_screen(page, "#action")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")  # no sideways scroll


@pytest.mark.parametrize("lang", ["fa", "en"])
@pytest.mark.parametrize("size", VIEWPORTS)
@pytest.mark.parametrize("players", SETUPS)
def test_a_twelve_card_table_keeps_the_hand_and_the_action_button_on_screen(
    new_page, server, monkeypatch, players, size, lang
):
    text, target, stock = SETUPS[players]
    deal_position(monkeypatch, text)
    page = new_page(server, viewport=VIEWPORTS[size])
    page.goto(f"/?lang={lang}")
    choose_game(page, players, target)
    assert game(page) == ("your-turn", 0)
    assert [e.get_attribute("data-card") for e in page.locator("#table [data-card]").all()] == TABLE.split(",")
    assert [e.get_attribute("data-card") for e in page.locator("#hand [data-card]").all()] == HAND.split(",")
    assert page.get_attribute("#action", "data-action") == "none"
    hand_and_action_on_screen(page)

    # The stock is a counter: lower than half a card, under the table cards, which have the
    # board's whole width (no column beside them).
    assert page.inner_text("#stock-count") == digits(stock, lang)
    stock_box, table_box, card_box = box(page, ".board > .stock"), box(page, "#table"), box(page, "#table [data-card]")
    assert stock_box["height"] < card_box["height"] / 2
    assert stock_box["y"] >= table_box["y"] + table_box["height"]
    inner = page.evaluate(
        "(() => { const b = document.querySelector('.board'), s = getComputedStyle(b);"
        " return b.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight); })()"
    )
    assert table_box["width"] >= inner - 1

    prepare_move(page)  # a capturing card and its takes chosen: the button to confirm is enabled
    assert page.get_attribute("#action", "data-action") == "capture" and page.locator("#action").is_enabled()
    hand_and_action_on_screen(page)
    before = game(page)
    page.click("#action")
    assert settle(page, before)[0] == "your-turn"  # the computer seats have answered
    assert page.locator("#hand [data-card]").count() == 3
    hand_and_action_on_screen(page)
