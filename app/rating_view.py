"""`/me`'s ratings: one item per game and seat count the person is rated in, and for the one
chosen (the address's `rating`, else the most recently moved) a small chart of the rating over
its rated matches, drawn here as SVG, with the results behind it (app/ratings.py keeps them)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

from markupsafe import Markup
from sqlalchemy import Engine

from .i18n import day, digits, joined, nt, t
from .models import RatingHistory
from .names import shown_name
from .ratings import history_of, provisional, ratings_of

# The chart's drawing units: a box W by H with the y labels in a gutter at the start; CSS
# stretches it to the page's width (its viewBox keeps the proportions).
W, H, PAD, GUTTER = 320, 132, 12, 44
SHOWN_RESULTS = 10  # the results listed under the chart, newest first


@dataclass(frozen=True)
class RatingItem:
    game: str
    seats: int
    value: str  # data-rating: the rounded rating, or "?" while its deviation is high
    shown: str  # the same in the page's digits
    title: str  # the game and how many play
    games: str  # "12 rated matches"
    url: str  # the page with this rating's chart
    chosen: bool
    note: str  # why "?": its deviation (empty when the rating is sure)


@dataclass(frozen=True)
class ResultRow:
    date: str
    against: str | Markup
    result: str
    change: str  # "+12", "−8", in the page's digits


@dataclass
class RatingChart:
    title: str
    line: str = ""  # the polyline's points
    dots: list[tuple[float, float, str]] = field(default_factory=list)  # x, y, what it says
    scale: list[tuple[float, str]] = field(default_factory=list)  # y, the rating there
    results: list[ResultRow] = field(default_factory=list)
    w: int = W
    h: int = H
    gutter: int = GUTTER


def seats_words(seats: int, lang: str) -> str:
    return t(lang, "summary_teams") if seats == 4 else t(lang, "summary_players", n=digits(seats, lang))


def rating_items(
    engine: Engine, person: str | None, lang: str, titles: Mapping[str, str], asked: str = ""
) -> tuple[list[RatingItem], RatingChart | None]:
    """The person's ratings and the chart of the one `asked` ("game-seats"; else the first)."""
    if person is None:
        return [], None
    rows = [r for r in ratings_of(engine, person) if r.game in titles]
    keys = [f"{r.game}-{r.seats}" for r in rows]
    chosen = asked if asked in keys else (keys[0] if keys else "")
    items = []
    for row, key in zip(rows, keys, strict=True):
        value = "?" if provisional(row.deviation, row.seats) else str(round(row.rating))
        note = t(lang, "rating_unsure", rd=digits(round(row.deviation), lang)) if value == "?" else ""
        items.append(
            RatingItem(
                game=row.game,
                seats=row.seats,
                value=value,
                shown=digits(value, lang),
                title=f"{titles[row.game]}{t(lang, 'sep')}{seats_words(row.seats, lang)}",
                games=nt(lang, "rating_games_one", "rating_games", row.games, n=digits(row.games, lang)),
                url=f"/me?rating={key}#rating-chart",
                chosen=key == chosen,
                note=note,
            )
        )
    picked = next((i for i in items if i.chosen), None)
    if picked is None:
        return items, None
    return items, chart(history_of(engine, person, picked.game, picked.seats), picked.title, lang)


def chart(history: list[RatingHistory], title: str, lang: str) -> RatingChart:
    """The rating before the first of `history` and after each, as a line over the matches in
    order, and the newest results as a list."""
    drawn = RatingChart(title=title)
    if not history:
        return drawn
    values = [history[0].before, *(h.rating for h in history)]
    low, high = min(values), max(values)
    if high - low < 50:  # a flat line still reads as a change of a few points, not a cliff
        middle = (high + low) / 2
        low, high = middle - 25, middle + 25
    step = (W - GUTTER - 2 * PAD) / (len(values) - 1)

    def y(value: float) -> float:
        return round(PAD + (high - value) / (high - low) * (H - 2 * PAD), 1)

    points = [(round(GUTTER + PAD + n * step, 1), y(v)) for n, v in enumerate(values)]
    drawn.line = " ".join(f"{x},{y}" for x, y in points)
    drawn.dots = [(x, y_, digits(round(v), lang)) for (x, y_), v in zip(points, values, strict=True)]
    drawn.scale = [(y(high), digits(round(high), lang)), (y(low), digits(round(low), lang))]
    drawn.results = [result_row(h, lang) for h in reversed(history[-SHOWN_RESULTS:])]
    return drawn


def result_row(row: RatingHistory, lang: str) -> ResultRow:
    change = round(row.rating - row.before)
    sign = "+" if change >= 0 else "−"
    return ResultRow(
        date=day(row.at, lang),
        against=joined(t(lang, "list_separator"), [_whom(entry, lang) for entry in json.loads(row.against)]),
        result=t(lang, "result_won" if row.won else "result_lost"),
        change=sign + digits(abs(change), lang),
    )


def _whom(entry: str, lang: str) -> str | Markup:
    """An opponent as the results list names them: a computer by its level, a person by name."""
    kind, _, value = entry.partition(":")
    if kind == "level":
        return t(lang, "rating_vs_level", level=t(lang, f"level_{value}"))
    return shown_name(value, lang) or t(lang, "rating_vs_person")
