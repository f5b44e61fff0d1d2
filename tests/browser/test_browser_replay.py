"""The replay of a finished match is the table, in chromium on a phone and a
desktop, in Persian and English, with JavaScript and without (`WALKS`): a two-seat and a four-seat
Chaharbargh match and a four-seat All Fours match, each finished through the service, are
stepped through from the match's end with the step links. At every position the page has the
live table's pieces (the same ids and classes as a table in play), on the green felt, with the
cards the engine's replay gives at that ply, the move just made named, and the score table's
headings above their numbers."""

from __future__ import annotations

from playwright.sync_api import Page

from app.i18n import card_name, digits, t
from app.seats import CREATOR
from engine import Move, allfours, observation
from tests.app.app_helpers import create_allfours, finish
from tests.browser.browser_helpers import small_text
from tests.browser.setups import drive, url_of

PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 800}
DECISIONS = {"stand": "af_stand", "beg": "af_beg", "one": "af_takeone", "run": "af_run"}

# The pieces a table in play and its replay share, as "tag.classes#id" of every element each
# selector finds (the classes of a state, the seat to play or a replay's seat, left out).
CHAHARBARGH = [
    "#seats", "#seats [data-seat]", "#turn-order", ".board", "#table", ".board > .stock", "#stock-count",
    "#piles", "#piles li[data-side]", "#scores", "#scores .score-table", "#scores thead th",
    "#scores tbody tr[data-side]", "#scores td.total", "#scores td.round-points", "#scores td.clubs", "#hand",
]  # fmt: skip
ALLFOURS = [
    "#seats", "#seats [data-seat]", ".board", "#turnup", "#trump", "#trick", "#scores", "#scores .score-table",
    "#scores thead th", "#scores td.total[data-side]", "#hand",
]  # fmt: skip
STRUCTURE = """(selectors) => selectors.map(s => [s, Array.from(document.querySelectorAll(s), e =>
    e.tagName.toLowerCase() + [...e.classList].filter(c => !['to-play', 'replay-seat'].includes(c)).sort()
        .map(c => '.' + c).join('') + (e.id ? '#' + e.id : ''))])"""
# The felt under the table cards, and the page's own background around it.
FELT = """() => {
    const felt = document.querySelector('#table, #trick').closest('.game');
    return felt && [getComputedStyle(felt).backgroundImage, getComputedStyle(document.body).backgroundColor];
}"""
# Every heading of the score table spans, left to right, some of each cell of its column.
HEADINGS_ABOVE = """() => {
    const table = document.querySelector('#scores .score-table');
    const heads = Array.from(table.tHead.rows[0].cells, c => c.getBoundingClientRect());
    return Array.from(table.tBodies[0].rows).every(row => Array.from(row.cells).every((cell, i) => {
        const r = cell.getBoundingClientRect();
        return heads[i].left < r.right && r.left < heads[i].right && heads[i].bottom <= r.top + 1;
    }));
}"""


def cards(page: Page, selector: str) -> list[str]:
    return page.locator(f"{selector} [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")


def live_structure(new_page, server, match, selectors: list[str]) -> list:
    """The pieces of the table of `match`, a match in play."""
    page = new_page(server, viewport=DESKTOP)
    page.goto(f"/m/{match.id}/{match.secret}")
    page.wait_for_selector("#game")
    structure = page.evaluate(STRUCTURE, selectors)
    page.context.close()
    return structure


def the_table(page: Page, structure: list, where: str) -> None:
    assert page.evaluate(STRUCTURE, [s for s, _ in structure]) == structure, where
    felt, beige = page.evaluate(FELT)
    assert "gradient" in felt and beige not in felt, where  # the felt, not the page's beige
    assert page.evaluate(HEADINGS_ABOVE), where
    if page.viewport_size == PHONE:
        assert small_text(page) == [], where


# Each size in each language, two of them with JavaScript and two without (a step is then a
# page load: the step buttons are links).
WALKS = [(PHONE, "fa", True), (PHONE, "en", False), (DESKTOP, "fa", False), (DESKTOP, "en", True)]


def walk(new_page, server, loaded, structure: list, cards_at) -> None:
    """From the match's end: the replay's start, two moves on, the end, one back and the start
    again, each by its link; at each position the table's pieces, and `cards_at(page, state, ply, lang)`."""
    service = server.app.state.service
    last = len(service.stored_moves(loaded))
    for viewport, lang, javascript in WALKS:
        page = new_page(server, viewport=viewport, javascript=javascript)
        page.goto(f"{url_of(loaded)}?lang={lang}")
        steps = [
            ("#replay-link", 0), ("#replay-next", 1), ("#replay-next", 2),
            ("#replay-end", last), ("#replay-previous", last - 1), ("#replay-first", 0),
        ]  # fmt: skip
        places = {}  # each step's button where it stands: the same at every position
        for link, ply in steps:
            page.click(link)
            page.wait_for_selector(f'#replay[data-ply="{ply}"]')
            nav = page.locator(".replay-nav > .button").evaluate_all(
                "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.x, r.y + scrollY]; })"
            )
            first = places.setdefault("nav", nav)
            moved = max(abs(a - b) for was, now in zip(first, nav, strict=True) for a, b in zip(was, now, strict=True))
            assert len(nav) == 4 and moved <= 2, f"a step button moved {moved} px under the finger"
            other = "en" if lang == "fa" else "fa"  # the language link stays at this move
            assert page.get_attribute(".lang-switch", "href").endswith(f"/replay?ply={ply}&lang={other}")
            assert page.url.endswith(f"/replay?ply={ply}")  # with JavaScript a swap, and the address follows
            the_table(page, structure, f"{viewport['width']}px, {lang}, JavaScript {javascript}, ply {ply}")
            cards_at(page, service.state_at(loaded, ply)[0], ply, lang)
            assert page.locator("#replay-first, #replay-previous").count() == (0 if ply == 0 else 2)
            assert page.locator("#replay-next, #replay-end").count() == (0 if ply == last else 2)
        assert page.evaluate("() => !!window.htmx") == javascript
        page.context.close()


def chaharbargh_cards(moves: list[str]):
    def cards_at(page: Page, state, ply: int, lang: str) -> None:
        view = observation(state, CREATOR)
        assert cards(page, "#hand") == [str(c) for c in state.hand(CREATOR)]
        for seat in range(1, state.players):
            assert cards(page, f'#seats [data-seat="{seat}"]') == [str(c) for c in state.hand(seat)]
        assert sorted(cards(page, "#table")) == sorted(str(c) for c in view.table)
        assert page.inner_text("#stock-count") == digits(view.stock_count, lang)
        counts = page.locator("#piles li[data-side]").evaluate_all("els => els.map(e => e.dataset.count)")
        assert counts == [digits(len(pile), lang) for pile in view.piles]
        assert page.locator("#scores td.total").all_inner_texts() == [digits(x, lang) for x in view.totals]
        said = page.inner_text("#replay-move")
        if ply == 0:
            assert said == t(lang, "replay_start")
        else:  # the move just made, named
            assert card_name(str(Move.parse(moves[ply - 1]).card), lang) in said

    return cards_at


def allfours_cards(moves: list[str]):
    def cards_at(page: Page, state, ply: int, lang: str) -> None:
        assert sorted(cards(page, "#hand")) == sorted(str(c) for c in state.hand(CREATOR))
        for seat in range(1, state.players):
            assert sorted(cards(page, f'#seats [data-seat="{seat}"]')) == sorted(str(c) for c in state.hand(seat))
        assert cards(page, "#turnup") == [str(c) for c in state.turned]
        if state.trick:
            assert cards(page, "#trick") == [str(c) for c in state.trick]
        assert page.locator("#scores td.total").all_inner_texts() == [digits(x, lang) for x in state.totals]
        said = page.inner_text("#replay-move")
        if ply == 0:
            assert said == t(lang, "replay_start")
        else:  # the move just made, named: its card or the decision
            move = allfours.Move.parse(moves[ply - 1])
            assert said.endswith(card_name(str(move.card), lang) if move.card else t(lang, DECISIONS[move.decision]))

    return cards_at


def test_a_two_seat_match_replayed_as_the_table(new_page, server):
    service = server.app.state.service
    match = service.create("easy", 11, "pagat")
    finished = drive(service, match.id, match.secret, lambda loaded: False)
    structure = live_structure(new_page, server, service.create("easy", 11, "pagat"), CHAHARBARGH)
    walk(new_page, server, finished, structure, chaharbargh_cards(service.stored_moves(finished)))


def test_a_four_seat_match_replayed_as_the_table(new_page, server):
    service = server.app.state.service
    match = service.create("easy", 21, "table", players=4)
    finished = drive(service, match.id, match.secret, lambda loaded: False)
    structure = live_structure(new_page, server, service.create("easy", 21, "table", players=4), CHAHARBARGH)
    walk(new_page, server, finished, structure, chaharbargh_cards(service.stored_moves(finished)))


def test_an_all_fours_match_replayed_as_the_table(new_page, server):
    service = server.app.state.service
    finished = finish(service, create_allfours(service, "easy", 4, seed=770_016))
    structure = live_structure(new_page, server, create_allfours(service, "easy", 4), ALLFOURS)
    walk(new_page, server, finished, structure, allfours_cards(service.stored_moves(finished)))
