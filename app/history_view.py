"""The home page's list of this browser's matches, and the history page with its statistics:
every game's matches, each read from its row's summary (app/summary.py: nothing is replayed)
and its rules through its game (`engine.games`); the statistics are Chaharbargh's (the route
passes the matches they count)."""

from __future__ import annotations

from dataclasses import dataclass

from .common_views import urls
from .i18n import day, digits, digits_in, t
from .reviews import reviewable
from .seating import LEVELS
from .summary import Listed


@dataclass
class SavedMatch:
    url: str
    game: str
    level: str
    target: str
    status: str
    totals: str
    finished: bool
    practice: bool = False


def saved_matches(items: list[Listed], lang: str, titles: dict[str, str]) -> list[SavedMatch]:
    """The home page's list of this browser's matches; `titles`: each game's name in `lang`."""
    out = []
    for item in items:
        out.append(
            SavedMatch(
                url=urls(item.match.id, item.key)["page"],
                game=titles[item.match.game],
                level=t(lang, f"level_{item.match.level}"),
                target=digits(item.game.target(item.rules), lang),
                status=t(lang, f"result_{item.result}"),  # the history page's words
                totals="" if item.practice else " – ".join(digits(x, lang) for x in item.totals),
                finished=item.over,
                practice=item.practice,
            )
        )
    return out


@dataclass
class HistoryEntry:
    """One line of the history page: a match this browser remembers."""

    id: str
    url: str
    date: str  # the day it began, in the player's language: "Dec 1, 2026", «۱۰ آذر ۱۴۰۵» (app/i18n.py `day`)
    iso: str  # for <time datetime>
    kind: str  # "match" or "practice"
    game: str  # the game's name
    level: str
    seats: str
    score: str  # "" for a practice
    result: str  # won, lost, tie, in play
    result_key: str  # "won", "lost", "tied", "playing"
    finished: bool
    review_url: str = ""  # a finished match the pro can review: its review (app/routes/review.py)


def history(items: list[Listed], lang: str, titles: dict[str, str]) -> list[HistoryEntry]:
    """The history page: every match and practice this browser remembers, newest first; `titles`:
    each game's name in `lang`. Won, lost or tied is said for the side of the seat that asks
    (this browser's seat at the table: a friend invited to seat 1 wins with seat 1's side)."""
    out = []
    for item in items:
        match, key = item.match, item.result
        addresses = urls(match.id, item.key)
        when = match.created_at
        out.append(
            HistoryEntry(
                id=match.id,
                url=addresses["page"],
                review_url=addresses["review"] if reviewable(item) else "",
                # the day only: the time is the server's (UTC), hours off from the player's clock
                date=day(when, lang),
                iso=when.strftime("%Y-%m-%dT%H:%MZ"),
                kind=match.mode,
                game=titles[match.game],
                level=t(lang, f"level_{match.level}"),
                seats=t(lang, "history_seats", n=digits(item.game.seats_of(item.rules), lang)),
                score="" if item.practice else " – ".join(digits(x, lang) for x in item.totals),
                result=t(lang, f"result_{key}"),
                result_key=key,
                finished=item.over,
            )
        )
    return out


@dataclass
class LevelStats:
    """The history page's statistics for one computer level, from this browser's finished matches."""

    key: str  # easy, medium, pro
    level: str
    won: str
    lost: str
    best_margin: str  # the widest win: your side's total less the best other side's; "–" without a win
    surs: str  # the surs your side scored, as each round's sheet counts them (the engine's score)


def history_stats(items: list[Listed], lang: str) -> list[LevelStats]:
    """Per level, over this browser's finished Chaharbargh matches (`items`: the route leaves out
    the games the statistics do not count; practice rounds are left out here): won, lost, the best
    margin and the surs scored, each for the side of the seat this browser sits at. Who won, the
    totals and how many surs scored are the engine's facts, kept in each row's summary (`winner`,
    `totals`, `surs`): a sur that scores nothing (in the last deal, or cancelled) is not counted,
    as the sheet does not count it."""
    d = digits_in(lang)
    out = []
    for level in LEVELS:
        mine = [i for i in items if i.match.level == level and i.over and not i.practice]
        if not mine:
            continue
        won = lost = surs = 0
        margins = []
        for item in mine:
            side, totals = item.side, item.totals  # the side of the seat this browser sits at
            if item.result == "won":
                won += 1
                margins.append(totals[side] - max(x for s, x in enumerate(totals) if s != side))
            else:
                lost += 1
            surs += item.surs[side] if item.surs else 0
        out.append(
            LevelStats(level, t(lang, f"level_{level}"), d(won), d(lost), d(max(margins)) if margins else "–", d(surs))
        )
    return out
