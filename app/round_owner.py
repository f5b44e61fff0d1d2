"""The round owner: every process plays what its tables wait for that no person does.

A table waits for a person, or for a move no person makes: the computer seat's move once its
pause is over, or the computer's move for a person whose move clock ran out. The second kind is
a row due at a time: the match's `due_at` and `due_kind`, written in the same transaction as
the move (or the seat taken) that made it due (`Table.due`, app/table.py). So a table moves on
with nobody's page open, and nothing a page does decides whether time passes.

Every process runs one owner (a thread, started with the app). It sleeps until the soonest due
time it knows of (told by its own service as each is written, and looking at the table at
least every `POLL` seconds for the others' rows), then takes the rows due by the service's
clock and plays each through the service's compare-and-set (`MatchService.play_due`), which
publishes the news to the open tables. Taking a row moves its due time on by `LEASE` in the
same transaction, and on PostgreSQL skips rows another process holds (`FOR UPDATE SKIP
LOCKED`; SQLite has one writer at a time): of several processes one takes each row. The move
it plays writes the row's next due time; a process killed before it played leaves the lease,
and another process takes the row again when that runs out. A move is written at most once
either way: the compare-and-set at the ply, and the unique (match, ply) index, refuse a second.

The clock is the service's: tests stop the thread (`Settings.round_owner`), move their clock
on and call `run_due`, so nothing waits for wall time.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy import bindparam, func, update
from sqlalchemy import select as sa_select

from .background import Background, run_due_rows
from .db import read_session, utc, write_transaction
from .service import MatchService
from .store import MATCH

LOG = logging.getLogger("chaharbargh.round_owner")
POLL = 1.0  # the longest a process sleeps: rows other processes wrote are due this late at most
LEASE = timedelta(seconds=15)  # a row taken is taken again this long after, unless played
BATCH = 50  # rows taken in one transaction
ROUNDS = 1000  # the most batches in one `run_due`: a bound, never met by tables that are played

SOONEST = sa_select(func.min(MATCH.c.due_at))
TAKE = (
    sa_select(MATCH.c.id)
    .where(MATCH.c.due_at <= bindparam("at"))
    .order_by(MATCH.c.due_at)
    .limit(BATCH)
    .with_for_update(skip_locked=True)  # PostgreSQL: rows another process took are skipped
)
LEASED = update(MATCH).where(MATCH.c.id.in_(bindparam("taken", expanding=True))).values(due_at=bindparam("until"))


class RoundOwner:
    """Plays the due moves of the service's matches, in a thread of its own from `start` to `stop`."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self._worker = Background("round-owner", self._run)
        self._wake = self._worker.wake
        self._planned: datetime | None = None  # when the thread will look next; None: it is looking now
        service.due_written = self.nudge

    def nudge(self, at: datetime) -> None:
        """A due time was written (by this process): wake up to look at it, unless the owner
        already means to look by then. Most moves write a due time a pause ahead that the page's
        own request makes moot first; waking for each cost a read a move (and the thread switch)."""
        planned = self._planned
        if planned is None or utc(at) < planned:  # a row read back from SQLite has no zone
            self._wake.set()

    def soonest(self) -> datetime | None:
        """The soonest due time of any match, as stored (None: nothing is due, ever)."""
        with read_session(self.service.engine) as session:
            found = session.connection().execute(SOONEST).scalar_one_or_none()
        return None if found is None else utc(found)

    def take(self, at: datetime | None = None) -> list[str]:
        """The ids of up to `BATCH` matches due by `at` (the service's clock now), each leased to
        this process for `LEASE` from now (moved on by it in the same transaction)."""
        now = self.service.clock()
        at = now if at is None else at
        soonest = self.soonest()
        if soonest is None or soonest > at:  # nothing due: no write transaction
            return []
        with write_transaction(self.service.engine) as connection:
            taken = [row[0] for row in connection.execute(TAKE, {"at": at})]
            if taken:
                connection.execute(LEASED, {"taken": taken, "until": now + LEASE})
        return taken

    def run_due(self) -> int:
        """One pass: play every move due by the service's clock as the pass begins; how many
        were made. A move that becomes due later (the next computer seat's, whose pause begins
        with this move) waits for the next pass."""
        made, at = 0, self.service.clock()
        for _ in range(ROUNDS):
            taken = self.take(at)
            if not taken:
                break
            for match_id in taken:
                try:
                    made += self.service.play_due(match_id)
                except Exception:  # the database away for a moment: the lease runs out and it is taken again
                    LOG.exception("the due move of a match could not be played")
        return made

    def start(self) -> None:
        self._worker.start()

    def stop(self) -> None:
        self._worker.stop()

    def _run(self) -> None:
        run_due_rows(self._worker, self._pass, self.service.clock, POLL, LOG)

    def _pass(self) -> datetime | None:
        """A pass if anything is due (a wake with nothing due, as most moves make, costs one
        read); when the next row is due."""
        self._planned = None  # a row written from now on wakes the thread again
        soonest = self.soonest()
        if soonest is not None and soonest <= self.service.clock():
            self.run_due()
            soonest = self.soonest()
        at_the_latest = self.service.clock() + timedelta(seconds=POLL)
        self._planned = at_the_latest if soonest is None else min(soonest, at_the_latest)
        return soonest
