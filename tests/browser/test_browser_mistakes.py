"""Practising a mistake in chromium on a phone, without JavaScript, in both languages: from the
review's "practise these" the blunder answered again is refused with its loss, the pro's move
passes, and the queue at /me/mistakes is empty (the review's values hand-built as in
tests/app/test_mistakes.py); nothing is wider than the phone."""

from __future__ import annotations

import pytest

from tests.app.app_helpers import finish
from tests.app.test_mistakes import decision, decisions_of, store_review

PHONE = {"width": 390, "height": 844}


@pytest.mark.one_database  # the queue and the solved rows are tested on both in tests/app/test_mistakes.py
@pytest.mark.parametrize("lang", ["fa", "en"])
def test_a_blunder_is_practised_on_a_phone_without_javascript(new_page, live_server, lang):
    server = live_server()
    service = server.app.state.service
    match = service.create("easy", target=11, seed=31)
    finished = finish(service, match)
    url = f"/m/{match.id}/{match.secret}"
    page = new_page(server, viewport=PHONE, javascript=False)
    page.goto(f"{url}/review?lang={lang}")  # asked by this browser's person
    (ply, legal, played), *_ = decisions_of(service, finished)
    best = next(m for m in legal if m != played)
    store_review(service, match.id, [decision(ply, played, best, {m: -14.0 for m in legal} | {best: 14.0}, "blunder")])

    page.goto(f"{url}/review?lang={lang}")
    page.click("#practise-mistakes")
    page.wait_for_selector(f'#practise[data-ply="{ply}"][data-outcome=""]')
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.click(f'#practise-answers form[data-move="{played}"] button')
    page.wait_for_selector('#practise[data-outcome="refused"]')
    assert "28" in page.inner_text("#practise-outcome").translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789"))
    page.click(f'#practise-answers form[data-move="{best}"] button')
    page.wait_for_selector('#practise[data-outcome="passed"]')
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.click("#practise-queue")
    page.wait_for_selector("#mistakes-empty")
    assert page.locator("#mistakes li").count() == 0
