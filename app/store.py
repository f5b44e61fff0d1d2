"""The match rows and the states kept beside them: the statements and helpers every read and
write of a match uses (`_get`, `_save`, `replay`, ...), and `Store`, the reads of whole tables
and this process's cache of recent states.

A match is stored as its seed, rules and the list of moves; the state is rebuilt by replaying
the moves with the engine. Every write runs in one write transaction (app/db.py), locks the
match's row (`SELECT ... FOR UPDATE` on PostgreSQL; SQLite's BEGIN IMMEDIATE locks the file) and is
compare-and-set on the ply: a request made at an older ply changes nothing and the caller
re-renders the current table. The database enforces it too, for any number of processes and
servers: the match row is updated only where its ply (and undo count) are still the ones read,
and the move table holds one move per (match, ply). A request that loses a race there (`Conflict`
or the unique constraint) is answered like a stale one: the current table, never an error.
Nothing in one process is needed for correctness: the caches below are checked against the
stored ply and undo count before use (the computer may think on a cached position, but its move
is written only if the stored position is that one).
"""

from __future__ import annotations

import hmac
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Engine, RowMapping, bindparam, func, insert, update
from sqlalchemy import inspect as sa_inspect
from sqlalchemy import select as sa_select
from sqlalchemy.orm import configure_mappers
from sqlmodel import col, select

from engine import MatchState, Move

from .addresses import Addresses, hashed
from .db import read_session, write_transaction
from .live import News
from .models import Match, MoveRow, SeatRow, bot_seed_of
from .ratings import rate_match
from .refusals import Conflict, NotFound
from .seats import Seats, watch_code
from .summary import Listed, summarize, summary_values
from .table import Pauses, State, Table, game_of
from .visibility import Visibility


def replay(connection: Connection, match: Match, since: tuple[int, State] | None = None) -> State:
    """The state after the stored moves, from the deal or from a known (ply, state)."""
    game = game_of(match)
    start, state = since or (0, game.new_match(match.seed, game.rules_from_dict(json.loads(match.rules))))
    rows = connection.execute(MOVES_FROM, {"match_id": match.id, "start": start}).scalars().all()
    for move in rows:
        state = game.apply(state, game.parse_move(move))
    if start + len(rows) != match.ply:
        raise RuntimeError(f"match {match.id}: {start + len(rows)} moves stored but ply {match.ply}")
    return state


# The queries of every move, as SQLAlchemy Core statements built once: the ORM's `session.get`,
# unit of work and ORM-enabled UPDATE cost about twice as much CPU per move, and a move needs
# none of what they add (the match row is not tracked: `_save` writes it back explicitly).
MATCH, MOVE, SEAT = Match.__table__, MoveRow.__table__, SeatRow.__table__  # type: ignore[attr-defined]
MATCH_COLUMNS = tuple(MATCH.c.keys())
configure_mappers()  # the mapped classes' attributes are set up before `_match_of` makes a Match
MATCH_MAKER = sa_inspect(Match).class_manager  # SQLAlchemy's instrumentation of the class
MATCH_BY_ID = sa_select(MATCH).where(MATCH.c.id == bindparam("match_id"))
MATCH_BY_ID_LOCKED = MATCH_BY_ID.with_for_update()  # FOR UPDATE on PostgreSQL; SQLite's BEGIN IMMEDIATE locks
INSERT_MOVE = insert(MOVE)
MOVES_FROM = (
    sa_select(MOVE.c.move)
    .where(MOVE.c.match_id == bindparam("match_id"), MOVE.c.ply >= bindparam("start"))
    .order_by(MOVE.c.ply)
)
LAST_MOVE_AT = sa_select(func.max(MOVE.c.created_at)).where(MOVE.c.match_id == bindparam("match_id"))
SEATS_OF = sa_select(SEAT).where(SEAT.c.match_id == bindparam("match_id")).order_by(SEAT.c.seat)
# A match with its seat rows in one query (a row per seat, the match's columns on each): a second
# SELECT for the seats cost a move more than the join's repeated columns do.
SEAT_LABELS = tuple((f"seat__{column.name}", column.name) for column in SEAT.c)
MATCH_WITH_SEATS = (
    sa_select(MATCH, *(column.label(label) for column, (label, _) in zip(SEAT.c, SEAT_LABELS, strict=True)))
    .outerjoin(SEAT, SEAT.c.match_id == MATCH.c.id)
    .where(MATCH.c.id == bindparam("match_id"))
    .order_by(SEAT.c.seat)
)
MATCH_WITH_SEATS_LOCKED = MATCH_WITH_SEATS.with_for_update(of=MATCH)  # the match row only, as `_row` locks
SAVE_MATCH = update(MATCH).where(  # SET takes the columns named in the parameters
    MATCH.c.id == bindparam("read_id"), MATCH.c.ply == bindparam("read_ply"), MATCH.c.undos == bindparam("read_undos")
)


def _match_of(row: RowMapping | Mapping[str, Any]) -> Match:
    """A `Match` holding a row's columns, made the way SQLAlchemy makes one it loads (no session
    tracks it either way): `Match(**row)` costs ~30 times as much, in SQLModel's constructor."""
    match: Match = MATCH_MAKER.new_instance()
    match.__dict__.update(row)
    return match


def _row(connection: Connection, match_id: str, lock: bool = False) -> RowMapping | None:
    if len(match_id) > 32:
        return None
    query = MATCH_BY_ID_LOCKED if lock else MATCH_BY_ID
    return connection.execute(query, {"match_id": match_id}).mappings().first()


def seats_of(connection: Connection, match_id: str, level: str, clock: int, addresses: Addresses) -> Seats:
    """Who sits at the match: its seat rows (app/seats.py), each person seat's address worked out."""
    rows = connection.execute(SEATS_OF, {"match_id": match_id}).mappings().all()
    return Seats.from_rows(rows, level, clock, addresses)


def _get(
    connection: Connection, addresses: Addresses, match_id: str, secret: str, lock: bool = False
) -> tuple[Match, Seats, int]:
    """The match row, as a `Match` no session tracks, who sits at it, and the seat the secret
    is; `lock` for a write: the row is locked until the transaction ends (FOR UPDATE on
    PostgreSQL, where a second writer of this match waits here and then reads the row as the
    first one left it). Only `_save` writes it back."""
    query = MATCH_WITH_SEATS_LOCKED if lock else MATCH_WITH_SEATS
    rows = connection.execute(query, {"match_id": match_id}).mappings().all() if len(match_id) <= 32 else []
    if not rows:
        raise NotFound(match_id)
    row = {name: rows[0][name] for name in MATCH_COLUMNS}
    seat_rows = [{name: each[label] for label, name in SEAT_LABELS} for each in rows if each["seat__seat"] is not None]
    seats = Seats.from_rows(seat_rows, row["level"], row["clock"], addresses)
    seat = seats.seat_of_secret(secret)
    if seat is None:
        raise NotFound(match_id)
    return _match_of(row), seats, seat


def _save(connection: Connection, match: Match, ply: int, undos: int, at: datetime, due: Due, state: State) -> None:
    """Write the match row's new ply, undos, rounds_seen and time (`at`: when the next turn's
    clock starts), its summary from `state`, the table as written (app/summary.py: status,
    totals, winner, ...), and what is due at it (`due`, worked out from the same table),
    compare-and-set: only if the stored row is still at `ply` and `undos` (as read).
    Otherwise `Conflict`. The move that finishes a match rates it here (app/ratings.py)."""
    # the row's detached copy (`_match_of`): set as SQLAlchemy loads it, not through the model's
    # setattr, which cost more than the rest of this function but the UPDATE
    match.__dict__["updated_at"] = at
    was_over = match.status == "over"
    changed = summarize(match, state, at)  # most moves change no summary column: they are left out
    match.__dict__["due_at"], match.__dict__["due_kind"] = due(match) or (None, None)
    match.__dict__["version"] = match.version + 1
    values = {
        "version": match.version,
        "ply": match.ply,
        "undos": match.undos,
        **changed,
        "rounds_seen": match.rounds_seen,
        "due_at": match.due_at,
        "due_kind": match.due_kind,
    }
    where = {"read_id": match.id, "read_ply": ply, "read_undos": undos}
    result = connection.execute(SAVE_MATCH, {**values, "updated_at": match.updated_at, **where})
    if result.rowcount != 1:
        raise Conflict(match.id)
    if match.status == "over" and not was_over:  # the move that finished it: rated with it, once
        game = game_of(match)
        rate_match(connection, match, game.rules_from_dict(json.loads(match.rules)), game, at)


Due = Callable[[Match], "tuple[datetime, str] | None"]
"""What is due at a match row about to be written, from its new state (`Play._due`, app/play.py)."""


def bot_seed(match: Match, ply: int) -> int:
    """The computer's own random seed for one move: fixed by the match's bot seed (never its deal's) and the ply."""
    return (bot_seed_of(match) * 1_000_003 + ply) % (2**63)


class Store:
    """The reads of matches, and the states this process keeps of them (checked against the
    stored ply and undo count before use). `MatchService` (app/service.py) sets its attributes."""

    CACHE_SIZE = 256

    engine: Engine
    addresses: Addresses  # the seats' addresses, from the server's key (app/addresses.py)
    bot_settings: Mapping[str, Mapping[str, Any]]
    new_seed: Callable[[], int]
    new_bot_seed: Callable[[], int]
    news: News
    clock: Callable[[], datetime]
    pauses: Pauses
    due_written: Callable[[datetime], None]
    push_queued: Callable[[], None]  # notifications may have been queued (app/push_send.py)
    visibility: Visibility  # the live tables' pages shown, as they say (app/visibility.py)
    # id -> (undos, ply, state, the match row's columns as they were then, its seats if known)
    _cache: OrderedDict[str, tuple[int, int, State, dict[str, Any], Seats | None]]
    _cache_lock: threading.Lock
    _hints: OrderedDict[tuple[str, int, MatchState], dict[Move, float]]  # app/games/chaharbargh/hints.py

    def _state(self, connection: Connection, match: Match) -> State:
        """The match's state: from the cache of recent states, brought up to date by replaying."""
        with self._cache_lock:
            hit = self._cache.get(match.id)
        # A practice undo rewrites history (the same ply can then hold another move), so a
        # state counts only if it was kept after the match's latest undo.
        if hit is not None and hit[0] == match.undos:
            if hit[1] == match.ply:
                return hit[2]
            since = (hit[1], hit[2]) if hit[1] < match.ply else None
        else:
            since = None
        state = replay(connection, match, since)
        self._keep(match, state)
        return state

    def _keep(self, match: Match, state: State, seats: Seats | None = None) -> None:
        """Cache a state, and a copy of the row beside it (the caller's `Match` may change on)
        and who sits at it, when known; call it only with committed moves and seats."""
        columns = match.__dict__  # every match kept is made by `_match_of`: read past the descriptors
        row = {name: columns[name] for name in MATCH_COLUMNS}
        with self._cache_lock:
            self._cache[match.id] = (match.undos, match.ply, state, row, seats)
            self._cache.move_to_end(match.id)
            while len(self._cache) > self.CACHE_SIZE:
                self._cache.popitem(last=False)

    def _locked(self, connection: Connection, match_id: str, secret: str) -> tuple[Match, Seats, int]:
        """`_get` for a write (the match row locked), with the seats this process kept at the
        row's version when it has them: every change of a seat row bumps the match's version
        in its transaction, so the same version means the same seats, and a move reads one row
        instead of the match joined with its seats (and works out no address)."""
        with self._cache_lock:
            hit = self._cache.get(match_id)
        if hit is None or hit[4] is None:
            return _get(connection, self.addresses, match_id, secret, lock=True)
        row = _row(connection, match_id, lock=True)
        if row is None:
            raise NotFound(match_id)
        seats = hit[4]
        if row["version"] != hit[3]["version"]:
            seats = seats_of(connection, match_id, row["level"], row["clock"], self.addresses)
        seat = seats.seat_of_secret(secret)
        if seat is None:
            raise NotFound(match_id)
        return _match_of(row), seats, seat

    def _answered(self, match: Match, state: State, seats: Seats, seat: int, queued: int = 0) -> Table:
        """The asking seat's table after its change, announced to the others (see `_announce`)."""
        answer = Table(match, state, seats, changed=True, seat=seat)
        self._announce(match, answer, queued)
        return answer

    def _announce(self, match: Match, answered: Table | None = None, queued: int = 0) -> None:
        """Tell the open tables of a match that it changed, once the change is committed: every
        person's (the computer's moves reach a one-person table on its stream) and anyone
        watching through the watch link. `answered`: the table the asking seat's own request
        answers with: that seat's stream need not send it again (app/live.py). This process's
        round owner is told of a due time written (app/round_owner.py), and its push sender of
        the `queued` notifications the change wrote (none: it is not woken to look for any)."""
        self.news.publish(match.id, None if answered is None else (answered.seat, answered.version))
        if match.due_at is not None:
            self.due_written(match.due_at)
        if queued:
            self.push_queued()

    def _forget(self, match_id: str) -> None:
        """Drop this process's kept copy of a match whose row changed outside a move."""
        with self._cache_lock:
            self._cache.pop(match_id, None)

    def stored_moves(self, loaded: Table) -> list[str]:
        """The match's stored moves in order, in the engine's text form (the replay reads them)."""
        with read_session(self.engine) as session:
            query = select(MoveRow.move).where(MoveRow.match_id == loaded.match.id).order_by(col(MoveRow.ply))
            return list(session.exec(query).all())

    def standins(self, match_id: str) -> frozenset[int]:
        """The plies of the moves the computer played for a person whose move clock ran out."""
        with read_session(self.engine) as session:
            query = select(MoveRow.ply).where(MoveRow.match_id == match_id, col(MoveRow.standin))
            return frozenset(session.exec(query).all())

    def state_at(self, loaded: Table, ply: int) -> tuple[Any, int, int]:
        """A finished match's replay: the state after its first `ply` moves (clamped to the
        match's length), the ply used and the number of moves, for either game's engine."""
        moves = self.stored_moves(loaded)
        ply = max(0, min(ply, len(moves)))
        game = game_of(loaded.match)
        state = game.new_match(loaded.match.seed, loaded.state.rules)
        for text in moves[:ply]:
            state = game.apply(state, game.parse_move(text))
        return state, ply, len(moves)

    def _last_seen(self, match_id: str, secret: str, ply: int) -> Table | None:
        """The table at `ply` as this process last wrote or read it, without asking the database;
        None if it has none at that ply. Only a guess at where the match stands now (another
        process, or a practice undo, may have moved it on): what is written on it is checked
        against the database first."""
        with self._cache_lock:
            hit = self._cache.get(match_id)
        if hit is None or hit[1] != ply or hit[4] is None:
            return None
        seat = hit[4].seat_of_secret(secret)
        return None if seat is None else Table(_match_of(hit[3]), hit[2], hit[4], seat=seat)

    def load(self, match_id: str, secret: str) -> Table:
        with read_session(self.engine) as session:
            connection = session.connection()
            match, seats, seat = _get(connection, self.addresses, match_id, secret)
            return Table(match, self._state(connection, match), seats, seat=seat)

    def watched(self, match_id: str, code: str) -> Table:
        """The match as someone with its watch link may see it (`seats.watch_code`, or for a
        match from before addresses were hashed, the code whose hash its row keeps); `NotFound`
        for a wrong code, and for a practice round (nobody watches a lesson)."""
        with read_session(self.engine) as session:
            connection = session.connection()
            row = _row(connection, match_id)
            if row is None or row["mode"] == "practice":
                raise NotFound(match_id)
            match = _match_of(row)
            seats = seats_of(connection, match.id, match.level, match.clock, self.addresses)
            derived = watch_code(seats.secret(0) or "")
            kept = row["watch_hash"] or ""
            if not hmac.compare_digest(derived.encode(), code.encode()) | hmac.compare_digest(
                kept.encode(), hashed(code).encode()
            ):
                raise NotFound(match_id)
            return Table(match, self._state(connection, match), seats, watching=True)

    def listed(self, entries: list[tuple[str, int]]) -> list[Listed]:
        """The matches with these ids, each as the person at its seat sees it (from this
        browser's signed cookie), newest first: their rows and seat rows, never their states
        (the row's summary says how each stands). A row without a summary yet is summarized
        once, here, and written back (`_fill`)."""
        if not entries:
            return []
        asking = dict(entries)
        with read_session(self.engine) as session:
            connection = session.connection()
            query = sa_select(MATCH).where(MATCH.c.id.in_(list(asking)))
            matches = [_match_of(row) for row in connection.execute(query).mappings()]
            rows: dict[str, list[RowMapping]] = {}
            query = sa_select(SEAT).where(SEAT.c.match_id.in_(list(asking))).order_by(SEAT.c.seat)
            for row in connection.execute(query).mappings():
                rows.setdefault(row["match_id"], []).append(row)
            unsummarized = [m for m in matches if m.totals is None]
            states = [(m, self._state(connection, m)) for m in unsummarized]
        if states:
            self._fill(states)
        seats = {m.id: Seats.from_rows(rows.get(m.id, []), m.level, m.clock, self.addresses) for m in matches}
        loaded = [Listed(m, seats[m.id], asking[m.id]) for m in matches]
        return sorted(loaded, key=lambda x: x.match.updated_at, reverse=True)

    def slow_tables(self, person_id: str, least: int) -> list[Table]:
        """The matches in play with a move clock of `least` seconds or more where `person_id`
        sits, each as their seat's table. The rows say which; whose turn it is needs the state
        (this process's cache, else replayed): a slow table moves a few times a day."""
        query = (
            sa_select(SEAT.c.match_id, SEAT.c.seat)
            .join(MATCH, MATCH.c.id == SEAT.c.match_id)
            .where(SEAT.c.person_id == person_id, MATCH.c.clock >= least, MATCH.c.status == "playing")
        )
        tables = []
        with read_session(self.engine) as session:
            connection = session.connection()
            for match_id, seat in connection.execute(query).all():
                row = _row(connection, match_id)
                if row is not None:
                    match = _match_of(row)
                    seats = seats_of(connection, match.id, match.level, match.clock, self.addresses)
                    tables.append(Table(match, self._state(connection, match), seats, seat=seat))
        return [table for table in tables if not table.over]

    def _fill(self, states: list[tuple[Match, State]]) -> None:
        """Summarize rows stored without a summary, from their states, and write it back where
        the row is still at that ply (a move since wrote its own). A finished one finished
        with its last move."""
        with write_transaction(self.engine) as connection:
            for match, state in states:
                last = connection.execute(LAST_MOVE_AT, {"match_id": match.id}).scalar()
                summarize(match, state, last or match.updated_at)
                where = (MATCH.c.id == match.id, MATCH.c.ply == match.ply, MATCH.c.undos == match.undos)
                connection.execute(update(MATCH).where(*where).values(summary_values(match)))

    def _current(self, match_id: str, secret: str) -> Table:
        """The table as stored now: the answer to a request that lost a race in the database."""
        return self.load(match_id, secret)
