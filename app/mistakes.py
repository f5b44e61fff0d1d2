"""Learning from one's mistakes: the mistakes and blunders of a person's finished reviews, each
practised from the position before it until the person finds a move within the good band.

A practised answer is judged with the review's own stored values (every legal move's, from the
seat's view): its loss is the pro's move's value minus its own, and its verdict the game's band
for that loss (`engine.review.verdict`); "best" or "good" passes. Nothing here values a move.
A solved mistake is a `SolvedMistake` row (person, match, seat, ply); the person's queue is every
mistake of their reviews without one: the reviews of the seats they sit at and those they asked.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, or_
from sqlmodel import col, select

from engine.review import Bands, verdict

from .db import read_session, write_session
from .models import Match, Review, SolvedMistake

PRACTISED = ("mistake", "blunder")  # the verdicts practised: an inaccuracy costs too little to drill
PASSING = ("best", "good")


@dataclass(frozen=True)
class Mistake:
    """One judged decision worth practising, as the review stored it."""

    match_id: str
    seat: int
    ply: int
    verdict: str
    loss: float
    played: str
    best: str
    values: dict[str, float]  # every legal move's value (the move's text), from the seat's view
    reason: str | None


@dataclass(frozen=True)
class Judged:
    """An answer: its loss against the pro's move, its verdict, and whether it passes."""

    move: str
    loss: float
    verdict: str

    @property
    def passed(self) -> bool:
        return self.verdict in PASSING


def mistakes_in(review: Review) -> list[Mistake]:
    """The mistakes and blunders of a finished review, in the match's order."""
    if review.status != "done" or review.result is None:
        return []
    return [
        Mistake(
            review.match_id,
            review.seat,
            d["ply"],
            d["verdict"],
            d["loss"],
            d["played"],
            d["best"],
            {move: value for move, value in d["values"]},
            d.get("reason"),
        )
        for d in json.loads(review.result)["decisions"]
        if d.get("verdict") in PRACTISED
    ]


def judge(mistake: Mistake, move: str, bands: Bands) -> Judged | None:
    """The answer `move` (a legal move's text), judged by the stored values; None for a move
    that was not legal there."""
    if move not in mistake.values:
        return None
    loss = max(0.0, mistake.values[mistake.best] - mistake.values[move])
    return Judged(move, loss, verdict(loss, bands))


def solved(engine: Engine, person: str, match_ids: Iterable[str] | None = None) -> set[tuple[str, int, int]]:
    """The (match, seat, ply) the person has solved, of `match_ids` (None: of every match)."""
    query = select(SolvedMistake.match_id, SolvedMistake.seat, SolvedMistake.ply).where(
        SolvedMistake.person_id == person
    )
    if match_ids is not None:
        query = query.where(col(SolvedMistake.match_id).in_(list(match_ids)))
    with read_session(engine) as session:
        return {(m, s, p) for m, s, p in session.exec(query).all()}


def solve(engine: Engine, person: str, mistake: Mistake, at: datetime) -> None:
    """Mark the mistake solved for the person (again is nothing)."""
    with write_session(engine) as session:
        if session.get(SolvedMistake, (person, mistake.match_id, mistake.seat, mistake.ply)) is None:
            session.add(
                SolvedMistake(person_id=person, match_id=mistake.match_id, seat=mistake.seat, ply=mistake.ply, at=at)
            )


def reviews_of(engine: Engine, person: str, seats: Iterable[tuple[str, int]]) -> list[tuple[Review, Match]]:
    """The person's finished reviews (of `seats`, the (match, seat) they sit at, and those they
    asked for), the newest match first; the progress on /me reads them too (app/progress_view.py)."""
    pairs = set(seats)
    mine = or_(col(Review.person) == person, col(Review.match_id).in_([m for m, _ in pairs]))
    query = select(Review, Match).join(Match, col(Match.id) == Review.match_id).where(Review.status == "done", mine)
    with read_session(engine) as session:
        rows = [(review, match) for review, match in session.exec(query.order_by(col(Match.updated_at).desc())).all()]
    # another seat's review of a match the person sits at is not theirs
    return [(r, m) for r, m in rows if r.person == person or (r.match_id, r.seat) in pairs]


def queue(engine: Engine, person: str, seats: Iterable[tuple[str, int]]) -> list[tuple[Match, Mistake]]:
    """The person's unsolved mistakes across their finished reviews (`reviews_of`), the newest
    match first."""
    rows = reviews_of(engine, person, seats)
    done = solved(engine, person, [review.match_id for review, _ in rows])
    found: list[tuple[Match, Mistake]] = []
    for review, match in rows:
        found += [(match, m) for m in mistakes_in(review) if (m.match_id, m.seat, m.ply) not in done]
    return found
