"""The end of a match of several rounds, in chromium at a phone's, a tablet's and a desktop's
size, in Persian and English: the winner line and the buttons (rematch, replay, the record) are
seen and can be tapped, and every earlier round's sheet (#all-rounds) opens, closes and shows
those rounds without lying over anything (on 768 px and wider it could lie over the final
sheet). On a phone no text of it is under 14 px."""

from __future__ import annotations

from playwright.sync_api import Page

from app.i18n import digits, t
from tests.app.app_helpers import create_allfours, finish
from tests.browser.browser_helpers import small_text
from tests.browser.setups import drive, url_of

SIZES = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 768, "height": 1024},
    "desktop": {"width": 1280, "height": 800},
}
THE_END = ("#sheet-h.winner", "#rematch", "#replay-link", "#record")

# The element is the one a tap at its centre reaches: it, or something inside it, is on top there.
TOPMOST = """e => {
    e.scrollIntoView({block: 'center'});
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === e || e.contains(hit));
}"""
OVERLAP = """([a, b]) => {
    const r = document.querySelector(a).getBoundingClientRect(), s = document.querySelector(b).getBoundingClientRect();
    return r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom;
}"""


BELOW = """([a, b]) => document.querySelector(a).getBoundingClientRect().top
    >= document.querySelector(b).getBoundingClientRect().bottom"""


def on_top(page: Page, selector: str) -> bool:
    element = page.locator(selector).first
    return element.is_visible() and element.evaluate(TOPMOST)


def overlaps(page: Page, a: str, b: str) -> bool:
    return page.evaluate(OVERLAP, [a, b])


def test_the_end_of_a_match_of_several_rounds_is_seen_whole(new_page, server):
    service = server.app.state.service
    three = service.create("easy", 21, "table", players=3, seed=1234)
    chaharbargh = drive(service, three.id, three.secret, lambda loaded: False)
    rounds = len(chaharbargh.state.rounds)
    assert chaharbargh.over and rounds >= 2
    allfours = finish(service, create_allfours(service, "easy", 4, seed=770_016))
    assert len(allfours.state.rounds) >= 2

    for size, viewport in SIZES.items():
        for lang in ("fa", "en"):
            page = new_page(server, viewport=viewport)
            page.goto(f"{url_of(chaharbargh)}?lang={lang}")
            page.wait_for_selector('#game[data-state="match-over"]')
            where = f"Chaharbargh, {size}, {lang}"
            for selector in THE_END:
                assert on_top(page, selector), f"{selector} is covered: {where}"
            if size == "phone":
                assert small_text(page) == [], where

            # every earlier round's sheet, newest first: open at first, closed and opened again by its summary
            earlier = [t(lang, "round_over", n=digits(n, lang)) for n in range(rounds - 1, 0, -1)]
            titles = page.locator("#all-rounds .round-sheet-title")
            assert page.locator("#all-rounds").evaluate("e => e.open") and titles.all_inner_texts() == earlier
            for other in ("#sheet", "#scores", ".log"):
                assert not overlaps(page, "#all-rounds", other), f"#all-rounds lies over {other}: {where}"
            page.click("#all-rounds summary")
            assert not page.locator("#all-rounds").evaluate("e => e.open") and titles.first.is_hidden()
            page.click("#all-rounds summary")
            assert titles.first.is_visible() and on_top(page, "#all-rounds .round-sheet-title")
            assert on_top(page, "#rematch") and not overlaps(page, "#all-rounds", "#sheet"), where
            page.context.close()

            page = new_page(server, viewport=viewport)
            page.goto(f"{url_of(allfours)}?lang={lang}")
            page.wait_for_selector('#game[data-game="allfours"][data-state="match-over"]')
            for selector in THE_END:
                assert on_top(page, selector), f"{selector} is covered: All Fours, {size}, {lang}"
            # the rules link comes after the winner line, not in the grid's first free cell above it
            assert page.evaluate(BELOW, ["#af-rules", "#sheet-h"]), f"All Fours, {size}, {lang}"
            if size == "phone":
                assert small_text(page) == [], f"All Fours, {lang}"
            page.context.close()
