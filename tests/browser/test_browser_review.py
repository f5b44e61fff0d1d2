"""The review of a finished match in chromium: from the match-end page a person opens
"review my moves", watches the progress bar fill while the server's worker thread makes the
review (the real thread, not by hand), and then finds a verdict for each of their decisions and
the chart; axe finds no serious or critical violation; in both languages and both sizes, for
both games (All Fours' stand, beg, take one and run are judged as well as its cards)."""

from __future__ import annotations

import pytest

from tests.app.app_helpers import create_allfours, finish
from tests.browser.test_browser_axe import violations

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.mark.one_database  # the job's SKIP LOCKED path is tested on both in tests/app/test_review.py
@pytest.mark.parametrize("game", ["chaharbargh", "allfours"])
def test_a_finished_match_is_reviewed_while_the_page_shows_its_progress(new_page, live_server, game):
    server = live_server(review_worker=True)
    service = server.app.state.service
    if game == "chaharbargh":
        match = service.create("easy", target=11, seed=41)
    else:
        match = create_allfours(service, "easy", 2, seed=41)
    finished = finish(service, match)
    rules = finished.game.rules_of(finished.state)
    decisions, state = [], finished.game.new_match(match.seed, rules)
    for ply, text in enumerate(service.stored_moves(finished)):
        if state.turn == 0 and len(state.legal_moves()) > 1:
            decisions.append(ply)
        state = state.apply(finished.game.parse_move(text))

    for lang, viewport in (("fa", PHONE), ("en", DESKTOP)):
        page = new_page(server, viewport=viewport)
        page.goto(f"/m/{match.id}/{match.secret}?lang={lang}")
        page.click("#review-link")
        page.wait_for_selector('#review[data-status="done"]', timeout=60_000)  # htmx asked again each second
        judged = "#review-decisions li:not([data-verdict=forced])"  # a turn with one legal move is only said
        shown = [int(p) for p in page.eval_on_selector_all(judged, "ls => ls.map(l => l.dataset.ply)")]
        assert shown == decisions
        verdicts = page.eval_on_selector_all(judged, "ls => ls.map(l => l.dataset.verdict)")
        assert set(verdicts) <= {"best", "good", "inaccuracy", "mistake", "blunder"}
        assert page.locator("#review-chart a").count() == len(decisions)
        assert page.locator("#review-chart").is_visible() and page.locator("#review-accuracy").is_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]  # nothing sideways
        assert violations(page) == []
        page.click("#review-chart a >> nth=0")  # a point of the chart opens the replay before that move
        page.wait_for_selector(f'#replay[data-ply="{decisions[0]}"]')
        assert page.locator("#replay-decision").get_attribute("data-verdict") == verdicts[0]
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def test_a_waiting_review_shows_its_place_in_the_line_as_it_moves_up(new_page, live_server):
    """Another person's review is ahead: the page says so in Persian digits, and its polling
    sees it move up (the jobs made by hand here, one at a time) until the review is shown."""
    server = live_server()
    service, reviews = server.app.state.service, server.app.state.reviews
    theirs, mine = (service.create("easy", target=11, seed=seed) for seed in (43, 44))
    for match in (theirs, mine):
        finish(service, match)
    reviews.ask(service.load(theirs.id, theirs.secret), person="someone-else", address="192.0.2.1")

    page = new_page(server, viewport=PHONE)
    page.goto(f"/m/{mine.id}/{mine.secret}/review?lang=fa")
    place = page.locator("#review-place")
    assert place.get_attribute("data-ahead") == "1"
    assert place.inner_text() == "۱ مرور پیش از مرور شما در صف است"
    assert violations(page) == []
    assert reviews.work_once()  # theirs
    page.wait_for_selector('#review-place[data-ahead="0"]')  # htmx asked again
    assert place.inner_text() == "نوبت بعدی با مرور شماست."
    assert reviews.work_once()  # mine
    page.wait_for_selector('#review[data-status="done"]')
    assert page.locator("#review-decisions li").count() > 0
