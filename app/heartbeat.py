"""The move clock across a restart: a server that starts gives every running clock back the time
no server was up.

A move clock counts from the start of the turn, when the match row was last written
(`updated_at`, by the service's clock: `Table.seconds_left`). While no server runs nobody can
move, yet that time would count: after a restart the round owner (app/round_owner.py) would
find the clock run out, and the computer would play for a person who never had their time and
mark them away. So:

- **Alive.** Every app process writes the time into the one row of the `heartbeat` table
  (migration 0009) every `PERIOD` seconds, and once more as it stops: the last moment a server
  was known to be alive.
- **Given back.** A process that starts reads it before it serves. If it is more than
  `PERIOD + GRACE` seconds ago, no server was up for that long: in one write transaction the
  process moves the row on to now and the start of every running turn on by that gap (never
  past now), so each clock shows again what it showed when the servers stopped. The computer's
  pause before its move and an away seat's short turn count from the same start, so they are
  given back too; each of those tables is due a "check", so the round owner works out its due
  time again from the new start. A shorter gap (a quick restart, or other servers still up) gives back nothing.
- **Once.** Of several processes starting at once (PostgreSQL, several workers or servers), one
  gives the time back: the row is moved on by compare-and-set on the time read (`UPDATE …
  WHERE last_alive = :seen`), so the others' updates find it moved on and shift nothing (on
  PostgreSQL a second update waits for the first's transaction and then sees its row).

A process killed rather than stopped gives back from its last beat: up to one `PERIOD` more
than it was down. Before the first beat (a new database, the first start after migration 0009)
nothing is known and nothing is given back.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy import Connection, and_, bindparam, or_, update
from sqlalchemy import select as sa_select

from .background import Background
from .db import read_session, utc, write_transaction
from .models import HeartbeatRow
from .seats import CLOCK_RANGE, LONGEST_CLOCK
from .service import MatchService
from .store import MATCH

LOG = logging.getLogger("chaharbargh.heartbeat")
PERIOD = 5.0  # seconds between two beats of a process
GRACE = 2.0  # seconds a beat may come late (a busy database) before the gap counts as downtime
# A turn begun this long before the last beat had run out on any live clock (none is longer) by
# then, and moving it on changes nothing it shows: only the turns begun since are written. A slow
# table (a clock of hours or days) gets the same give-back, as its person could not move either;
# its turns are looked at as far back as the longest slow clock, and only at slow tables, so a
# restart does not write every match that moved in the last days.
LONGEST_TURN = timedelta(seconds=CLOCK_RANGE[1])
LONGEST_SLOW_TURN = timedelta(seconds=LONGEST_CLOCK)

HEARTBEAT = HeartbeatRow.__table__  # type: ignore[attr-defined]
LAST_ALIVE = sa_select(HEARTBEAT.c.last_alive).where(HEARTBEAT.c.id == 1)
BEAT = update(HEARTBEAT).where(HEARTBEAT.c.id == 1).values(last_alive=bindparam("at"))
MOVE_ON = BEAT.where(HEARTBEAT.c.last_alive == bindparam("seen"))  # compare-and-set on the beat read
RUNNING = (
    sa_select(MATCH.c.id, MATCH.c.updated_at)
    .where(
        MATCH.c.status == "playing",
        or_(
            MATCH.c.updated_at > bindparam("since"),
            and_(MATCH.c.clock > CLOCK_RANGE[1], MATCH.c.updated_at > bindparam("slow_since")),
        ),
    )
    .with_for_update()  # FOR UPDATE on PostgreSQL; SQLite's BEGIN IMMEDIATE locks the file
)
SHIFT = (  # and the round owner looks at the table again, to work out what is due from the new start
    update(MATCH)
    .where(MATCH.c.id == bindparam("shifted_id"))
    .values(updated_at=bindparam("shifted_at"), due_at=bindparam("shifted_at"), due_kind="check")
)


def shifted(started: datetime, gap: timedelta, at: datetime) -> datetime:
    """A turn's start moved on by `gap`, the time no server was up, but never past `at` (now):
    a turn begun after the last beat starts afresh.

    >>> from datetime import UTC
    >>> at = datetime(2026, 12, 2, 12, 0, 50, tzinfo=UTC)
    >>> shifted(at - timedelta(seconds=50), timedelta(seconds=30), at) == at - timedelta(seconds=20)
    True
    >>> shifted(at - timedelta(seconds=10), timedelta(seconds=30), at) == at
    True
    """
    return min(utc(started) + gap, at)


class Heartbeat:
    """This process's beat, and the time given back as it starts, on the service's database and
    by the service's clock (which tests move by hand)."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self._worker = Background("heartbeat", self._run)
        self._stop = self._worker.stopping

    def last_alive(self) -> datetime | None:
        """The last beat of any server, as stored; None before the first."""
        with read_session(self.service.engine) as session:
            found: datetime | None = session.connection().execute(LAST_ALIVE).scalar_one_or_none()
            return found

    def resume(self, seen: datetime | None) -> float:
        """Give every running clock back the time since `seen` (the last beat, as read before)
        when that is more than `PERIOD + GRACE` seconds, and beat. The seconds given back: 0 for
        none, or when another process that read the same beat gave them back first."""
        at = self.service.clock()
        if seen is None or (at - utc(seen)).total_seconds() <= PERIOD + GRACE:
            self.beat()
            return 0.0
        gap = at - utc(seen)
        with write_transaction(self.service.engine) as connection:
            first = connection.execute(MOVE_ON, {"seen": seen, "at": at}).rowcount == 1
            count = _shift(connection, utc(seen), gap, at) if first else 0
        if not first:
            return 0.0
        LOG.info("no server was up for %.0f s: %d running move clocks given that time back", gap.total_seconds(), count)
        return gap.total_seconds()

    def beat(self) -> None:
        with write_transaction(self.service.engine) as connection:
            connection.execute(BEAT, {"at": self.service.clock()})

    def start(self) -> float:
        """As the process starts: give back the time no server was up (`resume`), then beat
        every `PERIOD` seconds in a thread of its own until `stop`. The seconds given back."""
        given = self.resume(self.last_alive())
        self._worker.start()
        return given

    def _run(self) -> None:
        while not self._stop.wait(PERIOD):
            self._beat_or_log()

    def stop(self) -> None:
        """Stop beating, with a last beat: the moment this process stopped, from which a restart
        counts exactly the time it was down."""
        if self._worker.stop():
            self._beat_or_log()

    def _beat_or_log(self) -> None:
        try:
            self.beat()
        except Exception:  # the database away for a moment: the next beat tries again
            LOG.exception("the heartbeat could not be written")


def _shift(connection: Connection, seen: datetime, gap: timedelta, at: datetime) -> int:
    """Move the start of every running turn on by `gap` (no later than `at`); how many."""
    rows = connection.execute(RUNNING, {"since": seen - LONGEST_TURN, "slow_since": seen - LONGEST_SLOW_TURN}).all()
    moved = [{"shifted_id": match_id, "shifted_at": shifted(started, gap, at)} for match_id, started in rows]
    if moved:
        connection.execute(SHIFT, moved)
    return len(moved)
