"""What the review page shows: while the review waits, its place in the line; while it is made,
its progress; then each decision with its verdict, the move played and the pro's best as cards,
a chart of the expected margin after each move, and a summary. Every figure comes from the
stored review (app/reviews.py), made by the engine's pro: nothing here values a move.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine import Card, games
from engine.game import Reviewer
from engine.review import Bands, accuracy, kept, matters

from .common_views import CardView, card_view, urls
from .i18n import digits, nt, t
from .models import Review
from .reviews import TooManyReviews
from .table import Table

CARD_CODE = re.compile(r"(?<![0-9AJQK])([0-9AJQK]{1,2}[CDHS])")
KINDS = ("inaccuracy", "mistake", "blunder")  # the verdicts that lose points
# The chart's drawing units are CSS pixels where it is not stretched: each move has a column
# STEP wide, all of it the link to its position (a finger-sized target, 44 px at least), the
# chart at least CHART_MIN_W wide (it scrolls in its own box when wider than the page). The y
# labels stand in a gutter of their own at the start, the move numbers under the plot.
CHART_MIN_W, CHART_H, CHART_PAD, STEP, GUTTER, AXIS = 600, 220, 16, 48, 52, 24
BRANDS = {"allfours": "af_title"}  # the header names the game reviewed, as its table's does (else "title")


@dataclass(frozen=True)
class MoveView:
    """A move as cards (the card played first), or as words for a move without cards."""

    cards: list[CardView]
    words: str


@dataclass(frozen=True)
class DecisionView:
    ply: int
    number: str  # the move's number in the match, from 1, in the page's digits
    verdict: str
    verdict_words: str
    loss: str  # for data-loss: points, two decimals
    loss_words: str
    played: MoveView
    best: MoveView
    same: bool  # the move played was the pro's, or as good (a "best" within the values' noise)
    reason: str  # why the pro's move is better, in words ("" when the engine gives no reason)
    replay_url: str
    played_words: str = ""  # what comes before the move played: "You played", "You laid"
    after_words: str = ""  # what comes after it: "on the table" for a card that takes nothing
    kept: str = ""  # for data-kept: the share of the average-to-best gain kept, when the choice mattered


@dataclass(frozen=True)
class ChartPoint:
    x: float
    y: float
    ply: int
    label: str  # the point's words, for the table alternative and the link's name
    margin: str
    url: str
    number: str  # the move's number under the point, in the page's digits
    left: float  # the point's column, its link's target: from left, STEP wide


@dataclass(frozen=True)
class Lost:
    """One kind of mistake in the summary: "2 mistakes", "3.4 points given away"."""

    kind: str
    count: str
    points: str


@dataclass
class ReviewView:
    status: str  # waiting, working, done or failed; busy: not asked, its asker has too many waiting
    done: int
    total: int
    progress_words: str  # while waiting, its place in the line
    game_title: str  # which game the match was: the page says it under its heading
    ahead: int | None = None  # while waiting: the reviews before it
    busy_words: str = ""  # why it was not asked, and when to come back
    brand: str = ""  # the header's name: the game's
    note: str = ""  # what a value counts in this game (review_note_<game>)
    decisions: list[DecisionView] = field(default_factory=list)
    costliest: list[DecisionView] = field(default_factory=list)
    accuracy: str = ""
    unjudged: list[str] = field(default_factory=list)  # how many moves were said but not judged, and why
    lost: list[Lost] = field(default_factory=list)  # per kind of mistake: how many, points given away
    chart: list[ChartPoint] = field(default_factory=list)
    chart_line: str = ""
    zero_y: float = 0.0
    scale: list[tuple[float, str]] = field(default_factory=list)  # the chart's y labels (where, words): top, 0, bottom
    chart_w: int = CHART_MIN_W
    chart_h: int = CHART_H
    plot_h: int = CHART_H - AXIS  # the plot above the move numbers
    axis_y: int = CHART_H - 6  # the move numbers' baseline
    gutter: int = GUTTER
    step: int = STEP
    urls: dict[str, str] = field(default_factory=dict)
    practise: str = ""  # how many mistakes and blunders there are to practise, in words ("" for none)

    @property
    def finished(self) -> bool:
        return self.status == "done"

    @property
    def failed(self) -> bool:
        return self.status == "failed"

    @property
    def busy(self) -> bool:
        return self.status == "busy"


Words = Callable[[str, str], str]
"""The game's words for a stored move that plays no card (`WebGame.move_words`)."""

Laid = Callable[[str], bool]
"""Whether a stored move lays its card on the table, taking nothing (`WebGame.lays`)."""


def move_view(text: str, lang: str, words: Words) -> MoveView:
    """A move's cards from its text (`7C+4D`: the 7♣ takes the 4♦), or its words."""
    cards = [card_view(Card.parse(code), lang) for code in CARD_CODE.findall(text)]
    return MoveView(cards, "" if cards else words(text, lang))


def points(value: float, lang: str) -> str:
    """A value to one decimal; a value that rounds to nothing is 0.0, never -0.0.

    >>> points(-0.04, "en"), points(2.25, "fa")
    ('0.0', '۲٫۲')
    """
    shown = round(value, 1)
    return digits(f"{shown + 0.0:.1f}", lang)


def place_words(ahead: int, lang: str) -> str:
    """Where a waiting review stands in the line.

    >>> place_words(0, "en"), place_words(1, "en"), place_words(2, "en")
    ('Your review is next in line.', '1 review before yours', '2 reviews before yours')
    >>> place_words(12, "fa")
    '۱۲ مرور پیش از مرور شما در صف است'
    """
    if ahead == 0:
        return t(lang, "review_next")
    return nt(lang, "review_ahead_one", "review_ahead", ahead, n=digits(ahead, lang))


def busy_view(loaded: Table, busy: TooManyReviews, lang: str, game_title: str) -> ReviewView:
    """The page of a review not asked for: its person or address has too many waiting."""
    if busy.kind == "person":
        words = nt(lang, "review_busy_person_one", "review_busy_person", busy.limit, n=digits(busy.limit, lang))
    else:
        words = t(lang, "review_busy_address")
    return ReviewView("busy", 0, 0, "", game_title, busy_words=words, urls=urls(loaded.match.id, loaded.key))


def review_view(
    loaded: Table,
    review: Review,
    lang: str,
    words: Words,
    game_title: str,
    laid: Laid = lambda text: False,
    ahead: int | None = None,
) -> ReviewView:
    """The page of `review`; `ahead`, for a waiting one, the reviews before it (`Reviews.ahead`)."""
    addresses = urls(loaded.match.id, loaded.key)
    if review.status == "waiting" and ahead is not None:
        progress = place_words(ahead, lang)
    elif review.total:
        progress = t(lang, "review_progress", done=digits(review.done, lang), total=digits(review.total, lang))
    else:
        progress = t(lang, "review_starting")  # the job has not counted the decisions yet
    target = loaded.game.target(loaded.game.rules_of(loaded.state))
    note = t(lang, f"review_note_{loaded.match.game}", n=digits(target, lang))
    brand = t(lang, BRANDS.get(loaded.match.game, "title"))
    view = ReviewView(
        review.status,
        review.done,
        review.total,
        progress,
        game_title,
        ahead=ahead,
        brand=brand,
        note=note,
        urls=addresses,
    )
    if review.status != "done" or review.result is None:
        return view
    listed: list[dict[str, Any]] = json.loads(review.result)["decisions"]
    bands = bands_of(loaded.match.game)
    view.decisions = [decision_view(d, addresses["replay"], lang, words, laid, bands) for d in listed]
    found = [d for d in listed if "kind" not in d]  # the judged ones: a forced or stand-in move is only said
    view.unjudged = [
        t(lang, f"review_{kind}_count", n=digits(n, lang))
        for kind in ("forced", "standin")
        if (n := sum(d.get("kind") == kind for d in listed))
    ]
    if not found:
        return view
    share = stored_accuracy(found, bands)
    view.accuracy = "" if share is None else digits(round(100 * share), lang)
    view.lost = [lost(kind, [d["loss"] for d in found if d["verdict"] == kind], lang) for kind in KINDS]
    judged = [v for v, d in zip(view.decisions, listed, strict=True) if "kind" not in d]
    costly = sorted((i for i, d in enumerate(found) if d["verdict"] in KINDS), key=lambda i: -found[i]["loss"])
    view.costliest = [judged[i] for i in costly[:3]]
    chart(view, found, addresses["replay"], lang)
    if n := sum(d["verdict"] in ("mistake", "blunder") for d in found):
        view.practise = nt(lang, "review_practise_one", "review_practise", n, n=digits(n, lang))
    return view


def bands_of(game: str) -> Bands:
    """The verdict bands of the game's review (`engine.game.Reviewer.bands`)."""
    reviewer = games.get(game)
    assert isinstance(reviewer, Reviewer)
    return reviewer.bands


def decided(d: dict[str, Any]) -> tuple[tuple[float, ...], float]:
    """A stored judged decision as `engine.review.accuracy` reads it: every legal move's value
    and the played move's."""
    values = dict(d["values"])
    return tuple(values.values()), values[d["played"]]


def stored_accuracy(found: list[dict[str, Any]], bands: Bands) -> float | None:
    """The accuracy of a stored review's judged decisions (`engine.review.accuracy`: the share of
    the average-to-best gain kept, over the decisions where the choice mattered), 0 to 1; None
    when no choice mattered. The stored values are the pro's: nothing is valued again."""
    return accuracy([decided(d) for d in found], bands)


def lost(kind: str, losses: list[float], lang: str) -> Lost:
    """How many moves of a kind, and the points they gave away together, in words with units.

    >>> lost("mistake", [1.5, 1.9], "en")
    Lost(kind='mistake', count='2 mistakes', points='3.4 points given away')
    """
    n = len(losses)
    count = nt(lang, f"review_count_{kind}_one", f"review_count_{kind}", n, n=digits(n, lang))
    return Lost(kind, count, t(lang, "review_loss", n=points(sum(losses), lang)))


def replay_decision(review: Review | None, ply: int, lang: str, words: Words, laid: Laid) -> DecisionView | None:
    """The person's move from the position after `ply` moves, as the finished review judged it
    (the pro's move beside it), for the replay at that position; None without one there."""
    if review is None or review.status != "done" or review.result is None:
        return None
    found = (d for d in json.loads(review.result)["decisions"] if d["ply"] == ply)
    return next((decision_view(d, "", lang, words, laid) for d in found), None)


def decision_view(
    d: dict[str, Any], replay: str, lang: str, words: Words, laid: Laid, bands: Bands | None = None
) -> DecisionView:
    """A judged decision, or a move said without a verdict (`kind`: forced, standin); with the
    game's `bands`, what it adds to the accuracy (`kept`) when it counts there."""
    kind = d.get("kind")
    played_words, after_words = t(lang, "review_played") + ":", ""
    if kind == "standin":
        played_words = t(lang, "review_played_standin")
    elif laid(d["played"]):
        played_words, after_words = t(lang, "review_laid"), t(lang, "review_laid_after")
    if kind is not None:
        return DecisionView(
            ply=d["ply"],
            number=digits(d["ply"] + 1, lang),
            verdict=kind,
            verdict_words=t(lang, f"review_{kind}"),
            loss="0.00",
            loss_words="",
            played=move_view(d["played"], lang, words),
            best=move_view(d["played"], lang, words),
            same=True,
            reason="",
            replay_url=before(replay, d["ply"]),
            played_words=played_words,
            after_words=after_words,
        )
    values, played = decided(d)
    counted = bands is not None and matters(values, bands)
    return DecisionView(
        ply=d["ply"],
        number=digits(d["ply"] + 1, lang),
        verdict=d["verdict"],
        verdict_words=t(lang, f"verdict_{d['verdict']}"),
        loss=f"{d['loss']:.2f}",
        loss_words=t(lang, "review_loss", n=points(d["loss"], lang)),
        played=move_view(d["played"], lang, words),
        best=move_view(d["best"], lang, words),
        same=d["played"] == d["best"] or d["verdict"] == "best",
        reason=t(lang, f"reason_{d['reason']}") if d.get("reason") and d["verdict"] != "best" else "",
        replay_url=before(replay, d["ply"]),
        played_words=played_words,
        after_words=after_words,
        kept=f"{kept(values, played):.3f}" if counted else "",
    )


def before(replay: str, ply: int) -> str:
    """The replay at the position before the move at `ply`: the decision as the player faced
    it (the replay shows there the move played and the pro's beside it, `replay_decision`).

    >>> before("/m/x/s/replay", 10)
    '/m/x/s/replay?ply=10'
    """
    return f"{replay}?ply={ply}"


def chart(view: ReviewView, found: list[dict[str, Any]], replay: str, lang: str) -> None:
    """The expected margin after each decision, as points of an SVG drawn on the server: x the
    decision's order (its move number under it), y the margin (0 marked), each point's column a
    link to its position in the replay."""
    margins = [d["margin"] for d in found]
    low, high = min(0.0, *margins), max(0.0, *margins)
    span = (high - low) or 1.0
    view.chart_w = max(CHART_MIN_W, GUTTER + STEP * len(found))

    def y(value: float) -> float:
        return float(round(CHART_PAD + (high - value) / span * (view.plot_h - 2 * CHART_PAD), 1))

    def x(i: int) -> float:
        return GUTTER + STEP * i + STEP / 2

    view.chart = [
        ChartPoint(
            x=x(i),
            y=y(d["margin"]),
            ply=d["ply"],
            label=t(lang, "review_point", n=digits(d["ply"] + 1, lang), margin=points(d["margin"], lang)),
            margin=points(d["margin"], lang),
            url=before(replay, d["ply"]),
            number=digits(d["ply"] + 1, lang),
            left=x(i) - STEP / 2,
        )
        for i, d in enumerate(found)
    ]
    view.chart_line = " ".join(f"{p.x},{p.y}" for p in view.chart)
    view.zero_y = y(0.0)
    # the y labels, each centred on its level: 0, and the top and bottom when a line of text
    # (13 px, 20 with its space) stands clear of 0's
    shown = [value for value in (high, 0.0, low) if value == 0 or abs(y(value) - y(0.0)) >= 20]
    view.scale = [(y(v) + 4, points(v, lang)) for v in shown]
