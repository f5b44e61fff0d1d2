"""Words as a Persian reader reads them, in chromium: next to a Persian digit a
middle dot "·" reads as a zero («۴ برگ در دست · ۴ برداشته» as «۴۰»), so no page puts one there:
the seats, piles, replay, practice, history, home, the lessons and the rules, in both languages,
at 390x844 and 1280x800. The text checked is what the page shows (`innerText`), so words
assembled by the templates and by the views are both covered.
"""

from __future__ import annotations

import re

import pytest

from tests.app.app_helpers import create_allfours
from tests.browser.setups import drive, url_of

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
DOT_BY_DIGIT = re.compile(r"[۰-۹]\s*·|·\s*[۰-۹]")


def pages(service) -> list[str]:
    """Every kind of page, with matches in the states that show counts and scores."""
    two = service.create("medium", None, "table", players=2)
    four = service.create("easy", None, "table", players=4, open_hand=True)
    three = service.create("easy", 21, "table", players=3)
    practice = service.create_practice("easy")
    allfours = create_allfours(service, "easy", 4)
    finished = drive(service, three.id, three.secret, lambda loaded: False)
    return [
        url_of(drive(service, two.id, two.secret, lambda loaded: loaded.ply >= 10 and loaded.human_to_play)),
        url_of(drive(service, four.id, four.secret, lambda loaded: loaded.ply >= 9 and loaded.human_to_play)),
        url_of(drive(service, practice.id, practice.secret, lambda loaded: loaded.ply >= 6 and loaded.human_to_play)),
        url_of(drive(service, allfours.id, allfours.secret, lambda loaded: loaded.ply >= 6 and loaded.human_to_play)),
        url_of(finished),
        url_of(finished) + "/replay?ply=20",
        "/",
        "/history",
        "/learn",
        "/learn/several-cards",
        "/rules",
        "/learn/allfours",
        "/rules/allfours",
    ]


@pytest.mark.parametrize("size", VIEWPORTS)
def test_no_middle_dot_stands_next_to_a_persian_digit(new_page, server, size):
    addresses = pages(server.app.state.service)
    page = new_page(server, viewport=VIEWPORTS[size])
    for lang in ("fa", "en"):
        for address in addresses:
            page.goto(f"{address}{'&' if '?' in address else '?'}lang={lang}")  # a match opened here is listed
            shown = page.evaluate("document.body.innerText")
            assert not DOT_BY_DIGIT.findall(shown), (lang, address, DOT_BY_DIGIT.findall(shown))
            if lang == "fa":
                assert "·" not in shown, (address, "a middle dot on a Persian page")
