"""Ratings: each person's per game and seat count, moved by every finished match with a person
in it unless it is a practice or its creator ticked "casual" (docs/web.md, "Ratings").

Two seats: Glicko-2 (app/glicko.py, one match a rating period). Three and four seats:
OpenSkill's Plackett-Luce model on the same scale (three each for themselves, four as two sides of
two). A computer level is a player whose rating is fixed (its game's `level_ratings`, worked out
from the arena's measured results): it moves the person's rating and never its own.

`rate_match` runs inside the transaction of the move that finished the match (app/store.py
`_save`), whose compare-and-set lets one writer finish it; the history's key (person, match)
refuses a second application even so.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, NamedTuple

from openskill.models import PlackettLuce
from sqlalchemy import Connection, Engine, insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import col
from sqlmodel import select as sm_select

from . import glicko
from .db import read_session
from .models import Match, Rating, RatingHistory, SeatRow

START = (1500.0, 350.0, 0.06)  # Glickman's unrated player: rating, deviation, volatility
PROVISIONAL = 110.0  # a Glicko-2 deviation above this shows "?" (lichess's threshold: ~10 matches)
PROVISIONAL_SKILL = 240.0  # an OpenSkill sigma above this does: about as many matches (docs/web.md)
LEVEL_DEVIATION = 30.0  # a computer level's, fixed: about the arena's measuring error
# Plackett-Luce on Glicko's scale: starting at Glicko's 1500 and 350; beta 400/ln 10, so that two
# sides of two sure players win with Elo's odds of their average ratings; tau as OpenSkill's
# default, mu/300
SKILL = PlackettLuce(mu=START[0], sigma=START[1], beta=glicko.SCALE, tau=START[0] / 300)

# Each game's computer levels' fixed ratings, by game: app.games fills it from each game's web
# part (`level_ratings`), as it registers them; a level missing counts as 1500.
LEVEL_RATINGS: dict[str, Mapping[str, float]] = {}

RATING, HISTORY, SEAT = Rating.__table__, RatingHistory.__table__, SeatRow.__table__  # type: ignore[attr-defined]


def glicko2_update(
    rating: float, deviation: float, volatility: float, games: Sequence[tuple[float, float, float]]
) -> tuple[float, float, float]:
    """A player's rating, deviation and volatility after one rating period of `games`: each the
    opponent's rating and deviation and the score (1 won, 0 lost, 0.5 tied)."""
    return glicko.update(rating, deviation, volatility, games)


def skill_update(
    teams: Sequence[Sequence[tuple[float, float]]], ranks: Sequence[int]
) -> list[list[tuple[float, float]]]:
    """Every player's (mu, sigma) after a match of `teams` (each a list of (mu, sigma)) finishing
    at `ranks` (0 first; equal ranks tie), by OpenSkill's Plackett-Luce."""
    rated = [[SKILL.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams]
    after = SKILL.rate(rated, ranks=[float(r) for r in ranks])
    return [[(p.mu, p.sigma) for p in team] for team in after]


def provisional(deviation: float, seats: int) -> bool:
    """Whether a rating at `seats` is not sure yet (shown as "?")."""
    return deviation > (PROVISIONAL if seats == 2 else PROVISIONAL_SKILL)


def _insert_missing(connection: Connection) -> Any:
    """An INSERT that leaves an existing row alone (two matches of one person may finish at once)."""
    dialect = pg_insert if connection.dialect.name == "postgresql" else sqlite_insert
    return dialect(RATING).on_conflict_do_nothing()


def _current(connection: Connection, person: str, game: str, seats: int, at: datetime) -> Mapping[Any, Any]:
    """The person's rating row, made at the start if new, locked until the transaction ends."""
    start = {"rating": START[0], "deviation": START[1], "volatility": START[2] if seats == 2 else None}
    row = {"person_id": person, "game": game, "seats": seats, "games": 0, "updated_at": at, **start}
    connection.execute(_insert_missing(connection), row)
    key = (RATING.c.person_id == person, RATING.c.game == game, RATING.c.seats == seats)
    return connection.execute(select(RATING).where(*key).with_for_update()).mappings().one()


def rate_match(connection: Connection, match: Match, rules: Any, game: Any, at: datetime) -> None:
    """Apply a match that has just finished to its people's ratings (nothing for a practice, a
    casual match, one without a winner or a person, or one a person sits at twice)."""
    if match.mode != "match" or match.casual or match.winner is None:
        return
    rows = connection.execute(select(SEAT).where(SEAT.c.match_id == match.id).order_by(SEAT.c.seat)).mappings().all()
    people = [row["person_id"] for row in rows if row["kind"] == "person"]
    if not people or None in people or len(set(people)) != len(people):
        return
    levels = LEVEL_RATINGS.get(match.game, {})
    count = len(rows)
    already = select(HISTORY.c.person_id).where(HISTORY.c.match_id == match.id).limit(1)
    if connection.execute(already).first() is not None:
        return
    held = {p: _current(connection, p, match.game, count, at) for p in sorted(people)}  # one lock order
    players = []
    for row in rows:
        side = game.side_of(rules, row["seat"])
        if row["kind"] == "person":
            mine = held[row["person_id"]]
            players.append(Player(mine["rating"], mine["deviation"], mine["volatility"], side, False))
        else:
            level = float(levels.get(row["level"] or match.level, START[0]))
            players.append(Player(level, LEVEL_DEVIATION, None, side, True))
    if count == 2:
        after = _two_seats(players, match.winner)
    else:
        after = _more_seats(players, match.winner, json.loads(match.totals or "[]"))
    for row, (rating, _, _, side, fixed), (new_rating, deviation, volatility) in zip(rows, players, after, strict=True):
        person = row["person_id"]
        if fixed:
            continue
        key = (RATING.c.person_id == person, RATING.c.game == match.game, RATING.c.seats == count)
        values = {"rating": new_rating, "deviation": deviation, "volatility": volatility, "updated_at": at}
        number = held[person]["games"] + 1
        connection.execute(update(RATING).where(*key).values(**values, games=number))
        against = [_named(other) for other, p in zip(rows, players, strict=True) if p[3] != side]
        history = {
            "person_id": person,
            "match_id": match.id,
            "game": match.game,
            "seats": count,
            "at": at,
            "number": number,
        }
        values = {"before": rating, "rating": new_rating, "deviation": deviation, "won": side == match.winner}
        connection.execute(insert(HISTORY).values(**history, **values, against=json.dumps(against, ensure_ascii=False)))


def _named(row: Mapping[Any, Any]) -> str:
    """Whom a seat was, as the results list shows it: a computer's level or a person's name."""
    return f"level:{row['level']}" if row["kind"] != "person" else f"name:{row['name']}"


class Player(NamedTuple):
    """A seat as rated: a computer's rating is `fixed`; volatility is Glicko-2's (two seats)."""

    rating: float
    deviation: float
    volatility: float | None
    side: int
    fixed: bool


After = tuple[float, float, float | None]  # rating, deviation, volatility


def _two_seats(players: list[Player], winner: int) -> list[After]:
    """Glicko-2 for each person against the other seat, both from their ratings before the match."""
    out: list[After] = []
    for n, me in enumerate(players):
        other = players[1 - n]
        if me.fixed:
            out.append((me.rating, me.deviation, None))
            continue
        volatility = START[2] if me.volatility is None else me.volatility
        score = 1.0 if me.side == winner else 0.0
        out.append(glicko2_update(me.rating, me.deviation, volatility, [(other.rating, other.deviation, score)]))
    return out


def _more_seats(players: list[Player], winner: int, totals: list[int]) -> list[After]:
    """OpenSkill for three or four seats: a team per side, the winner first, then the other sides
    by their match scores (equal scores share a rank)."""
    sides = sorted({p.side for p in players})
    others = sorted((s for s in sides if s != winner), key=lambda s: -_total(totals, s))
    ranks = {winner: 0}
    for n, s in enumerate(others):
        tied = n > 0 and _total(totals, others[n - 1]) == _total(totals, s)
        ranks[s] = ranks[others[n - 1]] if tied else n + 1
    moved = skill_update(
        [[(p.rating, p.deviation) for p in players if p.side == s] for s in sides], [ranks[s] for s in sides]
    )
    each = {s: iter(team) for s, team in zip(sides, moved, strict=True)}
    out: list[After] = []
    for p in players:
        mu, sigma = next(each[p.side])
        out.append((p.rating, p.deviation, None) if p.fixed else (mu, sigma, None))
    return out


def _total(totals: list[int], side: int) -> int:
    return totals[side] if side < len(totals) else 0


def ratings_of(engine: Engine, person: str) -> list[Rating]:
    """The person's ratings, the most recently moved first."""
    with read_session(engine) as session:
        query = sm_select(Rating).where(Rating.person_id == person).order_by(col(Rating.updated_at).desc())
        return list(session.exec(query).all())


def history_of(engine: Engine, person: str, game: str, seats: int, last: int = 60) -> list[RatingHistory]:
    """The person's `last` rated matches in a game at a seat count, oldest first."""
    with read_session(engine) as session:
        key = (RatingHistory.person_id == person, RatingHistory.game == game, RatingHistory.seats == seats)
        query = sm_select(RatingHistory).where(*key).order_by(col(RatingHistory.number).desc()).limit(last)
        return list(reversed(session.exec(query).all()))
