"""Making moves: a person's move, the computer's (asked for by a page, or due at the round owner),
the next round after a score sheet, and a practice's undo. Each is one write transaction on the
locked match row, compare-and-set on the ply and undo count (app/store.py): a request that loses
a race is answered with the current table."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy import Connection, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, delete, select

from engine.errors import IllegalMove

from .db import read_session, write_session, write_transaction
from .models import Match, MoveRow
from .push import after_move, reminder
from .refusals import Conflict, Refused
from .seat_writes import write_seats
from .seats import Seats
from .settings import now
from .store import (
    INSERT_MOVE,
    MATCH,
    Due,
    Store,
    _match_of,
    _row,
    _save,
    bot_seed,
    replay,
    seats_of,
)
from .table import State, Table, game_of

CLOCK_LEVEL = "medium"  # who plays for a person whose move clock ran out


class Play(Store):
    """The moves at a match: the only code that writes them."""

    def _write(
        self, connection: Connection, match: Match, seats: Seats, state: State, move: object, standin: bool = False
    ) -> tuple[State, int]:
        """Store `move` at the match's ply and advance the (locked, detached) match row by one,
        `seats` sitting at it; `standin`: the computer plays it for a person whose clock ran out.
        The state after it, and the notifications it queued."""
        game = game_of(match)
        after, mover = game.apply(state, move), game.turn(state)
        row = {
            "match_id": match.id,
            "ply": match.ply,
            "seat": mover,
            "move": str(move),
            "standin": standin,
            "created_at": now(),
        }
        connection.execute(INSERT_MOVE, row)  # the unique (match, ply) refuses a second move here
        match.__dict__["ply"] = match.ply + 1  # the detached row, set as `_save` sets it (a model's setattr is dear)
        _save(connection, match, match.ply - 1, match.undos, self.clock(), self._due(after, seats), after)
        if not seats.shared:  # notifications go to other people only: a table with one has none
            return after, 0
        seen = self.visibility.shown
        table = Table(match, after, seats)
        return after, after_move(connection, table, mover, standin, self.clock(), lambda s: seen(match.id, s))

    def _due(self, state: State, seats: Seats) -> Due:
        """What will be due at a match row once it is written at `state`."""
        return lambda match: Table(match, state, seats).due_row(self.pauses)

    def play(
        self, match_id: str, secret: str, ply: int, move: object, undos: int | None = None, game: str | None = None
    ) -> Table:
        """The human's move, if the match is still at `ply` (and, when given, after `undos` undos).
        `move` is the game's move or its text; `game`, when given, must be the match's game."""
        try:
            with write_transaction(self.engine) as connection:
                match, seats, seat = self._locked(connection, match_id, secret)
                if game is not None and game != match.game:  # a move form of another game
                    raise Refused("garbage")
                state = self._state(connection, match)
                here = Table(match, state, seats, seat=seat)
                if ply != match.ply or (undos is not None and undos != match.undos):
                    return here
                if here.over:
                    raise Refused("practice_over" if match.mode == "practice" else "match_over", 409)
                if here.sheet_pending:
                    raise Refused("round_sheet", 409)
                if here.waiting:
                    raise Refused("waiting_players", 409)
                if here.turn != seat:
                    raise Refused("not_your_turn", 409)
                try:  # the match's own game reads the move (another game's move form is garbage to it)
                    move = game_of(match).parse_move(str(move))
                except ValueError:
                    raise Refused("garbage") from None
                if seat in seats.away:  # a person whose clock ran out is back: their seat is theirs
                    seats = seats.back(seat)
                    write_seats(connection, match.id, here.seats, seats, self.clock())
                try:
                    state, queued = self._write(connection, match, seats, state, move)
                except IllegalMove as illegal:  # its reason says which rule refused it
                    raise Refused(illegal.reason) from None
        except (Conflict, IntegrityError):
            return self._current(match_id, secret)
        self._keep(match, state, seats)
        return self._answered(match, state, seats, seat, queued)

    def computer(self, match_id: str, secret: str, ply: int) -> Table:
        """The move of the computer seat to play, if the match is still at `ply` and it is a
        computer's turn: what a page asks (`POST …/computer`) when it wants it now rather than
        after the pause the round owner waits (a practice's "play now", a page without
        JavaScript). Two requests racing for one turn, or a request and the round owner, write it
        once; a practice undo followed by another move (the same ply, a new position) makes a
        stale answer a no-op.

        It thinks on the position this process kept at `ply` when it has it (the person's move
        just written, usually), so a move costs no read transaction before the write one; the
        write checks that position against the stored one as it would a freshly read one.
        """
        loaded = self._last_seen(match_id, secret, ply)
        if loaded is None or not loaded.computer_to_play:
            loaded = self.load(match_id, secret)
        if ply != loaded.ply or not loaded.computer_to_play:
            return loaded
        level = loaded.seats.level(loaded.turn)  # a computer seat's own level (the match's, for most)
        return self._play_for(loaded, secret, level, lambda here: here.computer_to_play)

    def play_due(self, match_id: str) -> bool:
        """The round owner's move at a match whose due time has come (app/round_owner.py): the
        computer seat's move after its pause, or, for a person whose move clock ran out by this
        server's clock, the computer's move at `CLOCK_LEVEL` (their seat is away until they move
        again). A slow table's reminder due ("remind") is queued instead (`_remind`). Nothing due
        yet (time was given back, a move came first): the row's due time is written again as the
        table now has it. True if a move was made."""
        with read_session(self.engine) as session:
            connection = session.connection()
            row = _row(connection, match_id)
            if row is None:  # pruned since
                return False
            match = _match_of(row)
            seats = seats_of(connection, match_id, match.level, match.clock, self.addresses)
            loaded = Table(match, self._state(connection, match), seats)  # seat 0's
        now = self.clock()
        if match.due_kind == "remind" and self._remind(loaded, now):
            return False
        due = loaded.due_row(self.pauses, now)
        if due is not None and due[0] <= now:
            if due[1] == "computer":
                level = loaded.seats.level(loaded.turn)
                played = self._play_for(loaded, loaded.key, level, lambda here: here.computer_to_play, False)
            else:
                played = self._play_for(loaded, loaded.key, CLOCK_LEVEL, self._ran_out, False)
            return played.changed
        self._write_due(loaded, due)
        return False

    def _remind(self, loaded: Table, at: datetime) -> bool:
        """The reminder of a slow table's turn, due by `at` and not yet sent: queued to the person
        to play, in the transaction that moves the row on to their clock's end. Compare-and-set
        on the ply, undos and the reminder still due: a turn is reminded once, by one process,
        and not after a move. False when there is nothing to remind of (the row is then worked
        out anew by the caller)."""
        remind, due = loaded.reminder_at, loaded.due(self.pauses)
        if remind is None or due is None or not remind <= at < due[0]:
            return False
        match = loaded.match
        with write_transaction(self.engine) as connection:
            written = connection.execute(
                update(MATCH)
                .where(MATCH.c.id == match.id, MATCH.c.ply == match.ply, MATCH.c.undos == match.undos)
                .where(MATCH.c.due_kind == "remind")
                .values(due_at=due[0], due_kind=due[1])
            ).rowcount
            queued = reminder(connection, loaded, at) if written else 0
        if written:
            self.due_written(due[0])
        if queued:
            self.push_queued()
        return True

    def _ran_out(self, here: Table) -> bool:
        left = here.seconds_left(self.clock())
        return left is not None and left <= 0

    def _write_due(self, loaded: Table, due: tuple[datetime, str] | None) -> None:
        """Write what is due at the table as `loaded` has it, if the row is still at its ply and
        undos (a move since has written its own)."""
        match = loaded.match
        at, kind = due or (None, None)
        with write_transaction(self.engine) as connection:
            connection.execute(
                update(MATCH)
                .where(MATCH.c.id == match.id, MATCH.c.ply == match.ply, MATCH.c.undos == match.undos)
                .values(due_at=at, due_kind=kind)
            )
        if at is not None:
            self.due_written(at)

    def _play_for(
        self, loaded: Table, secret: str, level: str, still: Callable[[Table], bool], asked: bool = True
    ) -> Table:
        """The computer's move at `level` for the seat to play in `loaded`, written if the match
        is still at that ply in that position and `still` holds of it as stored. `asked`: a
        seat's own request, whose answer its stream need not send again (not so for the round
        owner's moves: every table is sent them)."""
        seat_to_play, ply = loaded.turn, loaded.ply
        game = game_of(loaded.match)
        move = game.bot(level, seed=bot_seed(loaded.match, ply), **self.bot_settings.get(level, {})).choose(
            game.observation(loaded.state, seat_to_play)
        )
        match_id = loaded.match.id
        try:
            with write_transaction(self.engine) as connection:
                match, seats, seat = self._locked(connection, match_id, secret)
                state = self._state(connection, match)
                here = Table(match, state, seats, seat=seat)
                if ply != match.ply or state != loaded.state or not still(here):
                    return here
                standin = seats.person(seat_to_play)  # a person's clock ran out: their seat is away
                if standin:
                    seats = seats.away_from(seat_to_play)
                    write_seats(connection, match.id, here.seats, seats, self.clock())
                state, queued = self._write(connection, match, seats, state, move, standin)
        except (Conflict, IntegrityError):
            return self._current(match_id, secret)
        self._keep(match, state, seats)
        if not asked:
            self._announce(match, queued=queued)
            return Table(match, state, seats, changed=True, seat=seat)
        return self._answered(match, state, seats, seat, queued)

    def next_round(self, match_id: str, secret: str, ply: int) -> Table:
        """The player has read the round's score sheet shown at `ply`.

        No move is made while a sheet is up, so the ply names the sheet: a stale click (an
        older sheet's, from a second tab, or a second click on this one) changes nothing and
        says so (`changed` is False). On a finished match there is no next round: 409.
        """
        try:
            with write_transaction(self.engine) as connection:
                match, seats, seat = self._locked(connection, match_id, secret)
                state = self._state(connection, match)
                here = Table(match, state, seats, seat=seat)
                if here.over:
                    raise Refused("practice_over" if match.mode == "practice" else "match_over", 409)
                if ply != match.ply or not here.sheet_pending:
                    return here
                match.rounds_seen = game_of(match).rounds_played(state)
                _save(connection, match, match.ply, match.undos, self.clock(), self._due(state, seats), state)
        except Conflict:
            return self._current(match_id, secret)
        return self._answered(match, state, seats, seat)  # once committed: a table reading it now sees the next round

    def undo(self, match_id: str, secret: str, ply: int, undos: int | None = None) -> Table:
        """Practice: take back the person's last move and the computer's answer to it, at any time
        until the round ends. `ply` is the table the player saw: an undo asked from it takes back
        the last move the person had made by then (the computer may have answered since).

        Moves are otherwise never changed; a practice keeps no score, so taking one back loses
        nothing. An answer that ended a deal is taken back too: the player has then seen the next
        deal's cards, which the same seed deals again (practice is for learning; it hides nothing
        the player was not shown). `match.undos` counts undos, so that forms and cached states
        from before one are known to be stale: a replayed undo (a double click) changes nothing.
        """
        try:
            with write_session(self.engine) as session:
                connection = session.connection()
                match, seats, seat = self._locked(connection, match_id, secret)
                state = self._state(connection, match)
                if match.mode != "practice":
                    raise Refused("no_undo", 409)
                if ply > match.ply or (undos is not None and undos != match.undos):
                    return Table(match, state, seats, seat=seat)  # a replayed undo: it was done already
                if Table(match, state, seats).over:
                    raise Refused("practice_over", 409)
                mine = session.exec(  # the person's last move made by the table the player saw
                    select(MoveRow.ply)
                    .where(MoveRow.match_id == match.id, MoveRow.seat == seat, MoveRow.ply < ply)
                    .order_by(col(MoveRow.ply).desc())
                    .limit(1)
                ).first()
                if mine is None:
                    raise Refused("undo_nothing", 409)
                session.exec(delete(MoveRow).where(col(MoveRow.match_id) == match.id, col(MoveRow.ply) >= mine))
                read_ply = match.ply
                match.ply = mine
                match.undos += 1
                before = replay(connection, match)
                _save(connection, match, read_ply, match.undos - 1, self.clock(), self._due(before, seats), before)
        except Conflict:
            return self._current(match_id, secret)
        self._keep(match, before, seats)
        return self._answered(match, before, seats, seat)
