"""`/me`'s progress: the accuracy of each reviewed match over time, both games on one chart drawn
here as SVG (with the same figures as a table), and the points given away per kind of mistake
over the newest reviewed matches. Every figure comes from the stored reviews (app/mistakes.py
finds the person's): nothing here values a move, and nothing is stored for it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine

from .i18n import day, digits, nt, t
from .mistakes import reviews_of
from .review_view import KINDS, Lost, bands_of, lost, stored_accuracy

# The chart's drawing units, as the rating chart's (app/rating_view.py): a box W by H, the y
# labels (0, 50 and 100%) in a gutter at the start; CSS stretches it to the page's width.
W, H, PAD, GUTTER = 320, 132, 12, 44
CHARTED = 30  # the newest reviewed matches on the chart: older ones would crowd it on a phone
RECENT = 10  # the newest reviewed matches whose points given away are added up


@dataclass(frozen=True)
class ProgressPoint:
    x: float
    y: float
    game: str
    words: str  # what the point says: its day, its game, its accuracy


@dataclass(frozen=True)
class ProgressRow:
    """A charted match in the table under the chart."""

    date: str
    game: str
    accuracy: str  # "86%", in the page's digits
    url: str  # its review


@dataclass
class Progress:
    lines: list[tuple[str, str, str]] = field(default_factory=list)  # per game: name, title, polyline points
    points: list[ProgressPoint] = field(default_factory=list)
    scale: list[tuple[float, str]] = field(default_factory=list)  # y, the accuracy there
    rows: list[ProgressRow] = field(default_factory=list)
    lost: list[Lost] = field(default_factory=list)  # per kind of mistake, over the `RECENT` newest
    recent: str = ""  # "over your last 10 reviewed matches", with how many there were
    w: int = W
    h: int = H
    gutter: int = GUTTER


@dataclass(frozen=True)
class Reviewed:
    """One finished review as the progress reads it."""

    game: str
    when: Any  # the match's last move (datetime)
    url: str
    accuracy: float | None  # 0 to 1; None when no choice mattered
    found: list[dict[str, Any]]  # its judged decisions as stored


def progress_of(
    engine: Engine,
    person: str | None,
    seats: Iterable[tuple[str, int]],
    lang: str,
    titles: Mapping[str, str],
    urls: Mapping[str, str],
) -> Progress | None:
    """The person's progress from their finished reviews (`app.mistakes.reviews_of`), oldest
    first; `urls`: the review's page of each match listed on /me (by its id). None without any."""
    if person is None:
        return None
    done = []
    for review, match in reversed(reviews_of(engine, person, seats)):
        if match.game not in titles or review.result is None:
            continue
        found = [d for d in json.loads(review.result)["decisions"] if "kind" not in d]
        share = stored_accuracy(found, bands_of(match.game))
        done.append(Reviewed(match.game, match.updated_at, urls.get(match.id, ""), share, found))
    return progress(done, lang, titles) if done else None


def progress(done: list[Reviewed], lang: str, titles: Mapping[str, str]) -> Progress:
    """The chart and table of the charted matches' accuracies, and what the recent ones gave away.

    >>> from datetime import datetime
    >>> d = [{"values": [["a", 3.0], ["b", 0.0]], "played": "b", "verdict": "blunder", "loss": 3.0}]
    >>> done = [Reviewed("chaharbargh", datetime(2026, 12, 1), "", 0.5, d)]
    >>> done.append(Reviewed("allfours", datetime(2026, 12, 2), "", 1.0, []))
    >>> p = progress(done, "en", {"chaharbargh": "Chaharbargh", "allfours": "All Fours"})
    >>> [(r.date, r.game, r.accuracy) for r in p.rows]
    [('Dec 1, 2026', 'Chaharbargh', '50%'), ('Dec 2, 2026', 'All Fours', '100%')]
    >>> [(name, points) for name, _, points in p.lines], p.lost[-1].count
    ([('chaharbargh', '56.0,66.0'), ('allfours', '308.0,12.0')], '1 blunder')
    """
    shown = Progress()
    charted = [r for r in done if r.accuracy is not None][-CHARTED:]
    step = (W - GUTTER - 2 * PAD) / max(1, len(charted) - 1)

    def y(share: float) -> float:
        return round(PAD + (1 - share) * (H - 2 * PAD), 1)

    for n, r in enumerate(charted):
        assert r.accuracy is not None
        x = round(GUTTER + PAD + n * step, 1)
        share = digits(round(100 * r.accuracy), lang) + t(lang, "percent")
        when, title = day(r.when, lang), titles[r.game]
        shown.points.append(ProgressPoint(x, y(r.accuracy), r.game, f"{when}{t(lang, 'sep')}{title}: {share}"))
        shown.rows.append(ProgressRow(when, title, share, r.url))
    for game, title in titles.items():
        line = " ".join(f"{p.x},{p.y}" for p in shown.points if p.game == game)
        if line:
            shown.lines.append((game, title, line))
    shown.scale = [(y(v / 100), digits(v, lang) + t(lang, "percent")) for v in (100, 50, 0)]
    recent = done[-RECENT:]
    losses = [d for r in recent for d in r.found]
    shown.lost = [lost(kind, [d["loss"] for d in losses if d["verdict"] == kind], lang) for kind in KINDS]
    shown.recent = nt(lang, "progress_recent_one", "progress_recent", len(recent), n=digits(len(recent), lang))
    return shown
