"""Solving a puzzle in chromium on a 390x844 phone, in Persian and English (and once without
JavaScript): from the home page's daily puzzle, a wrong move is refused with what it gives away
and the rating moved, the best move solves it, the next puzzle follows, and /me counts it; nothing
is wider than the phone and every answer is a button a thumb can hit.

One server serves the whole file (each test has its own browser context, so its own person)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from app.i18n import digits, t
from app.puzzles import shipped
from tests.app.app_helpers import migrate
from tests.browser.live_server import LiveServer, live_settings
from tests.browser.test_browser_every_page import LATIN_NUMBERS, OVERFLOW

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def puzzle_server(tmp_path_factory) -> Iterator[LiveServer]:
    url = f"sqlite:///{tmp_path_factory.mktemp('puzzles') / 'puzzles.db'}"
    migrate(url)
    server = LiveServer(live_settings(url)).start()
    yield server
    server.stop()


def fits(page: Page, lang: str) -> None:
    """Nothing scrolls sideways or is cut, at 100 % and at 200 % text; every answer is 44 px tall;
    in Persian no number is written the Latin way (tests/browser/test_browser_every_page.py's checks)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for box in (b.bounding_box() for b in page.locator("#puzzle-answers button").all()):
        assert box is not None and box["height"] >= 44
    if lang == "fa":
        assert page.evaluate(LATIN_NUMBERS) == []
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    found = page.evaluate(OVERFLOW)
    assert found["scroll"] <= found["width"] and found["cut"] == [], found
    page.evaluate("document.documentElement.style.fontSize = ''")


@pytest.mark.parametrize(("lang", "javascript"), [("fa", True), ("en", True), ("en", False)])
def test_the_daily_puzzle_is_solved_on_a_phone(puzzle_server, new_page, lang, javascript):
    page = new_page(puzzle_server, viewport=PHONE, javascript=javascript)
    page.goto(f"/?lang={lang}")
    page.click("#daily-puzzle-link")
    page.wait_for_selector('#puzzle[data-outcome=""]')
    puzzle = shipped()[page.get_attribute("#puzzle", "data-puzzle") or ""]
    assert page.get_attribute("html", "dir") == ("rtl" if lang == "fa" else "ltr")
    assert page.inner_text("#puzzle-ask") == t(lang, "puzzle_ask")
    fits(page, lang)

    worst = puzzle.values[-1][0]
    page.click(f'#puzzle-answers form[data-move="{worst}"] button')
    page.wait_for_selector('#puzzle[data-outcome="refused"]')
    loss = dict(puzzle.values)[puzzle.best] - dict(puzzle.values)[worst]
    assert digits(f"{round(loss, 1):.1f}", lang) in page.inner_text("#puzzle-outcome")
    assert digits(1500, lang) in page.inner_text("#puzzle-rated")  # the first try, rated from 1500
    fits(page, lang)

    page.click(f'#puzzle-answers form[data-move="{puzzle.best}"] button')
    page.wait_for_selector('#puzzle[data-outcome="passed"]')
    assert page.inner_text("#puzzle-outcome").startswith(t(lang, "puzzle_passed"))
    assert page.locator("#puzzle-rated").count() == 0  # a later try moves nothing
    fits(page, lang)

    page.click("#puzzle-next")
    page.wait_for_selector(f'#puzzle[data-game="{puzzle.game}"][data-outcome=""]')
    assert page.get_attribute("#puzzle", "data-puzzle") != puzzle.id  # a puzzle not tried yet
    page.goto("/me")
    assert page.inner_text("#puzzles-solved") == t(lang, "puzzle_solved_count", n=digits(1, lang))
    fits(page, lang)
