"""The tests' own third game (tests/highcard/) in chromium: chosen on the home form as a person
would, played to its end by tapping cards (the computer answering through the same htmx table
as the real games), left, resumed from the home page's list, and replayed."""

from __future__ import annotations

import pytest

from tests.browser.browser_helpers import more_options, settle
from tests.highcard import serve, withdraw


@pytest.fixture
def highcard():
    serve()
    yield
    withdraw()


def test_the_third_game_from_the_home_form_to_its_replay(new_page, server, highcard):
    errors: list[str] = []
    page = new_page(server, viewport={"width": 390, "height": 844})
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto("/?lang=en")
    more_options(page)
    page.check('input[name="game"][value="highcard"]')
    page.check('input[name="level"][value="easy"]')
    page.click("#start")
    page.wait_for_selector('#game[data-game="highcard"]')
    url = page.url

    state = settle(page, ("", -1))
    rounds_over = 0
    while state[0] != "match-over":
        if state[0] == "round-over":
            rounds_over += 1
            page.click("#next-round")
        else:
            assert state[0] == "your-turn"
            page.click("#hand button[data-card]")
        state = settle(page, state)
    assert rounds_over >= 1 and page.locator("#winner").is_visible()

    page.goto("/")  # left; the home page lists the match under its game's name, and it resumes
    path = "/" + url.split("/", 3)[3]  # the table's address without the server's
    assert "High card" in page.inner_text(f'#saved li:has(a[href="{path}"])')
    page.click(f'#saved a[href="{path}"]')
    page.wait_for_selector('#game[data-game="highcard"][data-state="match-over"]')
    page.click("#replay-link")
    page.wait_for_selector("#replay")
    assert page.get_attribute("#replay", "data-ply") == "0"
    assert errors == []  # among others: nothing refused by the Content-Security-Policy
