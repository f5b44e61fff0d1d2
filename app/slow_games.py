"""Slow tables: a move clock of hours or days (`seats.SLOW_CLOCKS`), its time left in words, and
the person's list of them (`/me` and the home page), the tables waiting for them first.

A slow table keeps every rule of a live one and its time passes on the server (the round owner
plays for a seat whose clock ran out, with no page open); only what a page says of it differs.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from .common_views import seating_of, urls
from .i18n import digits_in, join, nt, t
from .seats import SLOW_CLOCK
from .table import Table

if TYPE_CHECKING:
    from .service import MatchService

MINUTE, HOUR, DAY = 60, 3600, 86400


def clock_words(seconds: int, lang: str) -> str:
    """A move clock as the form names it ("1 minute", "30 seconds", "No clock").

    >>> clock_words(120, "en"), clock_words(45, "en"), clock_words(0, "en")
    ('2 minutes a move', '45 seconds a move', 'No clock')
    >>> clock_words(60, "en"), clock_words(60, "fa")
    ('1 minute a move', '۱ دقیقه برای هر حرکت')
    >>> clock_words(3600, "en"), clock_words(28800, "en"), clock_words(86400, "en"), clock_words(259200, "fa")
    ('1 hour a move', '8 hours a move', '1 day a move', '۳ روز برای هر حرکت')
    """
    d = digits_in(lang)
    if not seconds:
        return t(lang, "clock_none")
    if seconds % DAY == 0:
        return nt(lang, "clock_days_one", "clock_days", seconds // DAY, n=d(seconds // DAY))
    if seconds % HOUR == 0:
        return nt(lang, "clock_hours_one", "clock_hours", seconds // HOUR, n=d(seconds // HOUR))
    if seconds % 60 == 0:
        return nt(lang, "clock_minutes_one", "clock_minutes", seconds // 60, n=d(seconds // 60))
    return t(lang, "clock_seconds", n=d(seconds))


def time_left(seconds: float, lang: str) -> str:
    """The time left on a slow clock in its two largest units: the whole seconds the table counts
    down (rounded up, as the live clock's), then its units rounded down: "23 h 59 min left" a
    second after a day's turn began, "2 days left", "30 s left".

    >>> [time_left(s, "en") for s in (86400, 86399.5, 86399, 2 * 86400 + 5 * 3600 + 1, 3600, 59)]
    ['1 day left', '1 day left', '23 h 59 min left', '2 days 5 h left', '1 h left', '59 s left']
    >>> time_left(86399, "fa")
    '۲۳ ساعت و ۵۹ دقیقه مانده'
    """
    left, d = max(0, math.ceil(seconds)), digits_in(lang)
    days, hours, minutes = left // DAY, left % DAY // HOUR, left % HOUR // MINUTE
    if days:
        parts = [nt(lang, "left_days_one", "left_days", days, n=d(days))] + ([_hours(hours, lang)] if hours else [])
    elif hours:
        parts = [_hours(hours, lang)] + ([t(lang, "left_minutes", n=d(minutes))] if minutes else [])
    elif minutes:
        parts = [t(lang, "left_minutes", n=d(minutes))]
    else:
        parts = [t(lang, "left_seconds", n=d(left))]
    return t(lang, "time_left", time=t(lang, "left_both", first=parts[0], second=parts[1]) if parts[1:] else parts[0])


def _hours(n: int, lang: str) -> str:
    return t(lang, "left_hours", n=digits_in(lang)(n))


def clock_patterns(lang: str) -> str:
    """`time_left`'s words as static/clock.js fills them in while it counts down (JSON)."""
    keys = {"hour": "left_hours", "minute": "left_minutes", "second": "left_seconds", "both": "left_both"}
    words = {name: t(lang, key) for name, key in keys.items()}
    words.update(day_one=nt(lang, "left_days_one", "left_days", 1), day=nt(lang, "left_days_one", "left_days", 2))
    return json.dumps({**words, "left": t(lang, "time_left")}, ensure_ascii=False)


def slow(table: Table) -> bool:
    """A table played over hours or days."""
    return table.seats.clock >= SLOW_CLOCK


@dataclass(frozen=True)
class SlowGame:
    """One line of the list of slow games: a table in play, as the person at it sees it."""

    match_id: str
    url: str  # the person's seat's table
    title: str  # the game and who else plays ("Chaharbargh with Ana")
    mine: bool  # it waits for this person (their move, or a round's sheet to close)
    status: str  # whose turn, in words
    deadline: datetime | None  # when the clock of the person to play runs out
    left: str  # the time until then in words ("" without one)
    clock: str  # the table's move clock ("1 day a move")

    @property
    def iso(self) -> str:
        return "" if self.deadline is None else self.deadline.strftime("%Y-%m-%dT%H:%M:%SZ")


def slow_game(table: Table, at: datetime, lang: str, titles: dict[str, str]) -> SlowGame:
    """A slow table as the list shows it at the server's time `at`."""
    seating = seating_of(table)
    others = [seating.name(s, lang) for s in table.seats.people if s != table.seat and s < seating.players]
    title = titles[table.match.game]
    if others:
        title = t(lang, "slow_with", game=title, names=join(others, lang))
    left = table.seconds_left(at)
    deadline = None if left is None else at + timedelta(seconds=left)
    if table.sheet_pending:  # anyone at the table may close it: the clock waits for that
        mine, status = True, t(lang, "slow_round_over")
    elif table.waiting:
        mine, status = False, t(lang, "waiting_for_players")
    elif table.human_to_play:
        mine, status = True, t(lang, "slow_your_turn")
    else:
        mine, status = False, t(lang, "slow_turn_of", name=seating.name(table.turn, lang))
    url = urls(table.match.id, table.key)["page"]
    words = "" if left is None else time_left(left, lang)
    return SlowGame(table.match.id, url, title, mine, status, deadline, words, clock_words(table.seats.clock, lang))


def slow_games(service: MatchService, person_id: str | None, lang: str, titles: dict[str, str]) -> list[SlowGame]:
    """The slow tables in play where `person_id` sits: those waiting for them first, each group
    with the clock that runs out soonest first (a table without a running clock last)."""
    if person_id is None:
        return []
    at = service.clock()
    found = [slow_game(table, at, lang, titles) for table in service.slow_tables(person_id, SLOW_CLOCK)]
    latest = datetime.max.replace(tzinfo=at.tzinfo)
    return sorted(found, key=lambda g: (not g.mine, g.deadline or latest, g.match_id))
