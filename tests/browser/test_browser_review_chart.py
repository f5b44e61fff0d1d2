"""The review's summary and chart in chromium, at 390x844 and 1280x800, in Persian and English:
the summary counts each kind of mistake and the points it gave away with their units, and says
what accuracy means one tap away; the chart's scale labels stand inside the chart and clear of
each other, each move's number is under its point, each point's link is a finger-sized column,
and the page never scrolls sideways (a long match's chart scrolls in its own box).

One server and one finished, reviewed match serve the whole file.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.i18n import digits, nt, t
from tests.app.app_helpers import finish, migrate
from tests.browser.live_server import LiveServer, live_settings

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
EVERY_WAY = [(lang, size) for lang in ("fa", "en") for size in VIEWPORTS]

BOXES = """(selector) => [...document.querySelectorAll(selector)].map(e => {
    const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height,
            text: e.textContent};
})"""


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory) -> Iterator[tuple[LiveServer, str, list[int]]]:
    """The server, a finished match's review address, and the plies of its person's decisions."""
    url = f"sqlite:///{tmp_path_factory.mktemp('chart') / 'chart.db'}"
    migrate(url)
    server = LiveServer(live_settings(url)).start()
    service = server.app.state.service
    match = service.create("easy", target=62, seed=31)
    finished = finish(service, match)
    decisions, state = [], finished.game.new_match(match.seed, finished.state.rules)
    for ply, text in enumerate(service.stored_moves(finished)):
        if state.turn == 0 and len(state.legal_moves()) > 1:
            decisions.append(ply)
        state = state.apply(finished.game.parse_move(text))
    address = f"/m/{match.id}/{match.secret}/review"
    service.load(match.id, match.secret)
    server.app.state.reviews.ask(service.load(match.id, match.secret), person="chart", address="192.0.2.9")
    assert server.app.state.reviews.work_once()
    yield server, address, decisions
    server.stop()


def overlap(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


@pytest.mark.parametrize(("lang", "size"), EVERY_WAY)
def test_the_chart_reads_at_every_size(reviewed, new_page, lang, size):
    server, address, decisions = reviewed
    page = new_page(server, viewport=VIEWPORTS[size])
    page.goto(f"{address}?lang={lang}")
    page.wait_for_selector('#review[data-status="done"]')
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[size]["width"]  # nothing sideways

    box = page.locator("#review-chart").bounding_box()
    seen = page.locator(".chart-box").bounding_box()  # what the chart's box shows without scrolling
    labels = page.evaluate(BOXES, "#review-chart .scale")
    assert any(label["text"] == digits("0.0", lang) for label in labels)
    for label in labels:  # wholly inside the chart, and on its first screen (not scrolled away)
        assert box["x"] <= label["left"] and label["right"] <= box["x"] + box["width"], label
        assert seen["x"] <= label["left"] and label["right"] <= seen["x"] + seen["width"], label
    assert not any(overlap(a, b) for i, a in enumerate(labels) for b in labels[i + 1 :]), labels

    numbers = page.evaluate(BOXES, "#review-chart .move-n")
    assert [n["text"] for n in numbers] == [digits(ply + 1, lang) for ply in decisions]
    assert not any(overlap(a, b) for a, b in zip(numbers, numbers[1:], strict=False)), numbers

    # each point's link is its whole column, 44x44 CSS px at least, and the columns do not overlap
    targets = page.evaluate(BOXES, "#review-chart a")
    assert len(targets) == len(decisions)
    assert all(tg["width"] >= 44 and tg["height"] >= 44 for tg in targets), targets[:3]
    assert all(a["right"] <= b["left"] + 0.5 for a, b in zip(targets, targets[1:], strict=False))
    points = page.evaluate(BOXES, "#review-chart circle")
    for target, point in zip(targets, points, strict=True):
        assert target["left"] <= point["left"] and point["right"] <= target["right"]

    page.click("#review-chart a >> nth=1")  # the column, away from its dot, opens the position before that move
    page.wait_for_selector(f'#replay[data-ply="{decisions[1]}"]')


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_summary_counts_mistakes_and_points_with_their_units(reviewed, new_page, lang):
    server, address, _ = reviewed
    page = new_page(server, viewport=VIEWPORTS["phone"])
    page.goto(f"{address}?lang={lang}")
    page.wait_for_selector('#review[data-status="done"]')
    verdicts = page.eval_on_selector_all(
        "#review-decisions li", "ls => ls.map(l => [l.dataset.verdict, +l.dataset.loss])"
    )
    for kind in ("inaccuracy", "mistake", "blunder"):
        losses = [loss for verdict, loss in verdicts if verdict == kind]
        n = len(losses)
        # the sum of the two-decimal losses can round apart from the sum of the exact ones: the
        # shown points are checked to be within a hundredth a move of it
        shown = page.locator(f'#review-lost li[data-kind="{kind}"]').inner_text()
        count, given = (part.strip() for part in shown.split("·"))
        assert count == nt(lang, f"review_count_{kind}_one", f"review_count_{kind}", n, n=digits(n, lang))
        number = given.split()[0].translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹٫", "0123456789."))
        assert given == t(lang, "review_loss", n=given.split()[0])
        assert abs(float(number) - sum(losses)) <= 0.05 + 0.01 * n
    about = page.locator("#review-accuracy-about")
    assert about.get_attribute("open") is None and page.get_by_text(t(lang, "review_accuracy_means")).is_hidden()
    page.click("#review-accuracy-about > summary")  # one tap away
    assert page.get_by_text(t(lang, "review_accuracy_means")).is_visible()
