"""Writing who sits where: a new match's seat rows, the columns a change of seats changes, and
the match's version, moved on with every change of a seat so that a process never uses seats it
kept at an older one (app/store.py, `Store._locked`). Each writes in its caller's transaction."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Connection, insert, update

from .models import Match, SeatRow
from .seats import Seats

MATCH, SEAT = Match.__table__, SeatRow.__table__  # type: ignore[attr-defined]


def insert_seats(connection: Connection, match_id: str, seats: Seats, at: datetime) -> None:
    """Every seat's row of a new match (seat 0 and `seats.others`)."""
    rows = [{"match_id": match_id, "seat": n, **seats.row(n, at)} for n in range(1 + len(seats.others))]
    connection.execute(insert(SEAT), rows)


def write_seats(connection: Connection, match_id: str, before: Seats, after: Seats, at: datetime) -> None:
    """Write the seat rows that `after` changes from `before` (as read under the match row's
    lock): only the columns that differ, so a claim, an away seat or a phrase already stored
    keeps its time."""
    for n in range(1 + len(after.others)):
        was, now = before.row(n, at), after.row(n, at)
        changed = {key: value for key, value in now.items() if was[key] != value}
        if changed:
            connection.execute(update(SEAT).where(SEAT.c.match_id == match_id, SEAT.c.seat == n).values(changed))


def seats_changed(connection: Connection, match_ids: Any) -> None:
    """Seat rows of these matches (ids, or a SELECT of them) changed outside a move or a seating
    (a person's seats brought to another, or made a former player's): each match's version moves
    on, as with every other change of its seats, so no process uses seats it kept at the old one
    (`Store._locked`, app/store.py)."""
    connection.execute(update(MATCH).where(MATCH.c.id.in_(match_ids)).values(version=MATCH.c.version + 1))


def save_seats(connection: Connection, match: Match, before: Seats, after: Seats, at: datetime) -> None:
    """Write who sits where, at time `at` (the match row is locked by the caller's transaction).
    The match may start now: its round owner looks at it at once ("check") and works out what
    is due."""
    write_seats(connection, match.id, before, after, at)
    match.updated_at = match.due_at = at
    match.due_kind = "check"
    match.version += 1
    values = {"updated_at": at, "due_at": at, "due_kind": "check", "version": match.version}
    connection.execute(update(MATCH).where(MATCH.c.id == match.id).values(values))
