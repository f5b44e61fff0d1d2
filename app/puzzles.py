"""Puzzles (`python -m engine puzzles` made them, app/games/<name>/data/puzzles.json holds them):
positions of pro-against-pro matches where one move clearly beats every other, each rated.

A puzzle is solved by its best move only: the generator kept it because the second move trails
by more than the values' noise allows (docs/engine.md, "Puzzles"). Nothing here values a move.

Ratings (Glicko-2, app/glicko.py, as the players'): a try is a game between the solver and the
puzzle, won by the solver when solved. Only a person's first try at a puzzle is rated, both
sides from their ratings before it, in one transaction whose `puzzle_attempt` key refuses a
second first try. A puzzle nobody has tried stands at the data file's first guess
(`engine.puzzles.first_rating`) with Glickman's deviation for the unrated; a solver starts at
1500. `offer` picks among the unsolved puzzles nearest the person's rating.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, func, select

from engine.puzzles import START_DEVIATION, Puzzle

from . import glicko
from .db import read_session, write_session
from .models import PuzzleAttempt, PuzzleRating, PuzzleSolver

GAMES = ("chaharbargh", "allfours")
SOLVER_START = (1500.0, START_DEVIATION, 0.06)  # Glickman's unrated player
VOLATILITY = 0.06
NEAREST = 12  # `offer` chooses among this many unsolved puzzles nearest the person's rating


def data_file(game: str) -> Path:
    return Path(__file__).parent / "games" / game / "data" / "puzzles.json"


@cache
def shipped() -> dict[str, Puzzle]:
    """The puzzles the app ships, read once per process (every app of the tests shares them)."""
    return load({game: data_file(game) for game in GAMES})


def load(paths: dict[str, Path]) -> dict[str, Puzzle]:
    """Every puzzle of the games' files, by id; a file's game must be the one it is filed under."""
    found: dict[str, Puzzle] = {}
    for game, path in paths.items():
        if not path.exists():
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        for entry in data["puzzles"]:
            puzzle = Puzzle.from_dict(entry)
            if puzzle.game != game or puzzle.id in found:
                raise ValueError(f"{path}: puzzle {puzzle.id} is not {game}'s or is there twice")
            found[puzzle.id] = puzzle
    return found


@dataclass(frozen=True)
class Rated:
    """A first try's effect: the solver's and the puzzle's ratings before and after."""

    solved: bool
    solver_before: float
    solver_after: float
    puzzle_before: float
    puzzle_after: float


@dataclass(frozen=True)
class Standing:
    """A person's puzzle rating and counts (`rating` None before their first try)."""

    rating: float | None
    deviation: float
    tried: int
    solved: int


class Puzzles:
    """The puzzles loaded at start-up and their ratings in the database."""

    def __init__(self, engine: Engine, puzzles: dict[str, Puzzle]) -> None:
        self.engine = engine
        self.all = puzzles
        self.ids = sorted(puzzles)

    def get(self, puzzle_id: str) -> Puzzle | None:
        return self.all.get(puzzle_id)

    def themes(self, game: str | None = None) -> list[str]:
        """The themes of the game's puzzles (every game's with None), in their first puzzle's order."""
        seen: dict[str, None] = {}
        for puzzle in self.all.values():
            if game is None or puzzle.game == game:
                seen.update(dict.fromkeys(puzzle.themes))
        return list(seen)

    def daily(self, day: date) -> Puzzle | None:
        """The day's puzzle: the same for everyone all day, from a hash of the date."""
        if not self.ids:
            return None
        index = int.from_bytes(hashlib.sha256(day.isoformat().encode()).digest()[:8], "big") % len(self.ids)
        return self.all[self.ids[index]]

    def ratings(self) -> dict[str, tuple[float, float, float]]:
        """Every puzzle's rating, deviation and volatility (the first guess for one never tried)."""
        with read_session(self.engine) as session:
            rows = {r.puzzle_id: (r.rating, r.deviation, r.volatility) for r in session.exec(select(PuzzleRating))}
        return {i: rows.get(i, (p.rating, START_DEVIATION, VOLATILITY)) for i, p in self.all.items()}

    def rating(self, puzzle: Puzzle) -> float:
        with read_session(self.engine) as session:
            row = session.get(PuzzleRating, puzzle.id)
        return puzzle.rating if row is None else row.rating

    def standing(self, person: str | None) -> Standing:
        """The person's rating, and the puzzles tried and solved (at any try)."""
        if person is None:
            return Standing(None, SOLVER_START[1], 0, 0)
        solved = select(func.count()).where(PuzzleAttempt.person_id == person, col(PuzzleAttempt.solved))
        with read_session(self.engine) as session:
            row = session.get(PuzzleSolver, person)
            count = session.exec(solved).one()
        if row is None:
            return Standing(None, SOLVER_START[1], 0, count)
        return Standing(row.rating, row.deviation, row.tried, count)

    def tried(self, person: str | None) -> set[str]:
        """The puzzles the person has tried (solved or not)."""
        if person is None:
            return set()
        query = select(PuzzleAttempt.puzzle_id).where(PuzzleAttempt.person_id == person)
        with read_session(self.engine) as session:
            return set(session.exec(query).all())

    def offer(self, person: str | None, game: str | None, theme: str | None, rng: random.Random) -> Puzzle | None:
        """A puzzle of `game` and `theme` (None: any) the person has not tried, among the
        `NEAREST` whose ratings are nearest theirs (1500 for someone new); once they have tried
        every one, any of them."""
        fits = [
            p for p in self.all.values() if (game is None or p.game == game) and (theme is None or theme in p.themes)
        ]
        if not fits:
            return None
        tried = self.tried(person)
        fresh = [p for p in fits if p.id not in tried] or fits
        mine = self.standing(person).rating or SOLVER_START[0]
        ratings = self.ratings()
        nearest = sorted(fresh, key=lambda p: (abs(ratings[p.id][0] - mine), p.id))[:NEAREST]
        return rng.choice(nearest)

    def attempt(self, person: str, puzzle: Puzzle, solved: bool, at: datetime) -> Rated | None:
        """Record a try; the first one moves both ratings (returned), a later one only marks the
        puzzle solved if it now is (None)."""
        try:
            with write_session(self.engine) as session:
                tried = session.get(PuzzleAttempt, (person, puzzle.id))
                if tried is not None:
                    if solved and not tried.solved:
                        tried.solved = True
                        session.add(tried)
                    return None
                session.add(
                    PuzzleAttempt(person_id=person, puzzle_id=puzzle.id, first_solved=solved, solved=solved, at=at)
                )
                session.flush()  # a second first try at once fails here, before any rating moves
                return _rate(session, person, puzzle, solved, at)
        except IntegrityError:
            return None


def _held(session: Session, model: Any, key: str, value: str, start: dict[str, Any]) -> Any:
    """The row of `model` whose `key` is `value`, made from `start` if missing (an INSERT that
    leaves an existing row alone: two first tries at once may both make it), locked until the
    transaction ends, as app/ratings.py holds a player's."""
    table = model.__table__
    insert = pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    session.execute(insert(table).on_conflict_do_nothing(), {key: value, **start})
    session.expire_all()  # the ORM reads the row as the database has it now
    return session.exec(select(model).where(getattr(model, key) == value).with_for_update()).one()


def _rate(session: Session, person: str, puzzle: Puzzle, solved: bool, at: datetime) -> Rated:
    """Both sides' Glicko-2 update for one game, each from the other's rating before it."""
    counts = {"solved": 0, "updated_at": at}
    start = dict(zip(("rating", "deviation", "volatility"), SOLVER_START, strict=True))
    solver = _held(session, PuzzleSolver, "person_id", person, {**start, "tried": 0, **counts})
    first = {"rating": puzzle.rating, "deviation": START_DEVIATION, "volatility": VOLATILITY, "tries": 0}
    rated = _held(session, PuzzleRating, "puzzle_id", puzzle.id, {**first, **counts})
    score = 1.0 if solved else 0.0
    before = (solver.rating, rated.rating)
    mine = glicko.update(solver.rating, solver.deviation, solver.volatility, [(rated.rating, rated.deviation, score)])
    its = glicko.update(rated.rating, rated.deviation, rated.volatility, [(solver.rating, solver.deviation, 1 - score)])
    solver.rating, solver.deviation, solver.volatility = mine
    rated.rating, rated.deviation, rated.volatility = its
    solver.tried, solver.solved, solver.updated_at = solver.tried + 1, solver.solved + solved, at
    rated.tries, rated.solved, rated.updated_at = rated.tries + 1, rated.solved + solved, at
    session.add(solver)
    session.add(rated)
    return Rated(solved, before[0], mine[0], before[1], its[0])
