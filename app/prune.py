"""Delete abandoned and old matches with their moves.

    python -m app.prune [--days N] [--finished-days M] [--batch 500] [--dry-run]
    python3 scripts/dev.py prune ...            # the same, in the project's .venv

A match not finished and not touched (no move, no "next round") for N days is abandoned
(`CHAHARBARGH_PRUNE_UNFINISHED_DAYS`, default 30); a finished match is deleted M days after its
last move (`CHAHARBARGH_PRUNE_FINISHED_DAYS`, default 365). Practice rounds are matches here too.
It reads the database as the app does (`DATABASE_URL`, else `CHAHARBARGH_DB`).

Matches go in batches, oldest first, each batch in one transaction: its moves, then the match
rows. While the app runs: on PostgreSQL a batch locks its rows (`FOR UPDATE SKIP LOCKED`), so a
match a player is moving in right now is skipped, and the age is checked again on the locked
row; on SQLite a batch holds the write lock like any move does, for a few milliseconds. A player
who opens a pruned match's address gets "no such match".
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, Engine, and_, delete, func, or_
from sqlmodel import col, select

from .db import make_engine, read_session, write_session
from .models import Invitation, Match, MoveRow, Review, SeatRow, now
from .settings import database_url, prune_days

BATCH = 500


@dataclass(frozen=True)
class Pruned:
    matches: int
    moves: int
    batches: int


def stale(unfinished_days: float, finished_days: float, at: datetime) -> ColumnElement[bool]:
    """The matches to delete at time `at`."""
    finished = col(Match.status) == "over"
    return or_(
        and_(~finished, col(Match.updated_at) < at - timedelta(days=unfinished_days)),
        and_(finished, col(Match.updated_at) < at - timedelta(days=finished_days)),
    )


def count(engine: Engine, unfinished_days: float, finished_days: float, at: datetime | None = None) -> int:
    """How many matches `prune` would delete now."""
    with read_session(engine) as session:
        query = select(func.count()).select_from(Match).where(stale(unfinished_days, finished_days, at or now()))
        return session.exec(query).one()


def prune(
    engine: Engine, unfinished_days: float, finished_days: float, at: datetime | None = None, batch: int = BATCH
) -> Pruned:
    """Delete the unfinished matches untouched for `unfinished_days` and the finished ones older
    than `finished_days` (as of `at`, default now), with their moves, `batch` matches per
    transaction."""
    at = at or now()
    condition = stale(unfinished_days, finished_days, at)
    matches = moves = batches = 0
    while True:
        with write_session(engine) as session:
            query = select(Match.id).where(condition).order_by(col(Match.updated_at)).limit(batch)
            ids = list(session.exec(query.with_for_update(skip_locked=True)).all())
            if not ids:
                break
            session.execute(delete(Review).where(col(Review.match_id).in_(ids)))  # a match's reviews go with it
            session.execute(delete(SeatRow).where(col(SeatRow.match_id).in_(ids)))  # and its seats
            session.execute(delete(Invitation).where(col(Invitation.match_id).in_(ids)))  # and who was asked
            moves += session.execute(delete(MoveRow).where(col(MoveRow.match_id).in_(ids))).rowcount  # type: ignore[attr-defined]
            matches += session.execute(delete(Match).where(col(Match.id).in_(ids))).rowcount  # type: ignore[attr-defined]
            batches += 1
        if len(ids) < batch:
            break
    return Pruned(matches, moves, batches)


def main(argv: list[str] | None = None) -> None:
    unfinished, finished = prune_days()
    parser = argparse.ArgumentParser(prog="python -m app.prune", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--days", type=float, default=unfinished, help=f"unfinished matches untouched this long (default {unfinished})"
    )
    parser.add_argument(
        "--finished-days", type=float, default=finished, help=f"finished matches older than this (default {finished})"
    )
    parser.add_argument("--batch", type=int, default=BATCH, help=f"matches per transaction (default {BATCH})")
    parser.add_argument("--dry-run", action="store_true", help="only count what would be deleted")
    args = parser.parse_args(argv)
    if args.days < 0 or args.finished_days < 0 or args.batch < 1:
        parser.error("days must be 0 or more and the batch 1 or more")
    engine = make_engine(database_url())
    what = f"unfinished untouched for {args.days:g} days, finished over {args.finished_days:g} days ago"
    if args.dry_run:
        print(f"would prune {count(engine, args.days, args.finished_days)} matches ({what})")
        return
    done = prune(engine, args.days, args.finished_days, batch=args.batch)
    print(f"pruned {done.matches} matches and {done.moves} moves in {done.batches} transactions ({what})")


if __name__ == "__main__":
    main()
