"""Reviews of finished matches by the pro: a job in the database per match and seat, made in
the background by any app process, with its progress for the page's bar.

- **Asking.** `ask` stores a `waiting` review for a finished match and a seat (once: the pair
  is unique) with who asked: the browser's person id (app/sessions.py) and its client address
  (`app.limits.client_of`), and wakes this process's worker. A person may have at most
  `per_person` reviews waiting or working at once, and an address `per_address`
  (`Settings.reviews_per_person`, 2, and `reviews_per_address`, 4); past either, `ask` stores
  nothing and raises `TooManyReviews`. (Two asks at the same moment on PostgreSQL may both
  pass: a soft bound by one. SQLite's one writer makes it exact.)
- **Taking, in turns.** A worker takes the next `waiting` job, or a `working` one whose worker
  has not written for `STALE` (it died). The next is chosen round-robin (`fair_order`): the
  address whose last job was taken longest ago (or never) goes first, and at that address the
  person whose last job was; each takes its oldest. So while one client has its limit waiting,
  another person's review starts as soon as the job being made ends. On PostgreSQL the row is
  locked with `FOR UPDATE SKIP LOCKED`, so two workers never take the same job and neither waits
  for the other; on SQLite the one writer at a time does the same. Each app process runs one
  worker thread (`start`); on SQLite, served by one process, that is the one worker.
- **Making, in a child process.** The game's pro reviews the seat's decisions
  (`engine.game.Reviewer`) from the stored moves (each result entry has a verdict; the seat's
  moves it does not judge, a turn with one legal move or the computer's stand-in for a person
  whose clock ran out, are listed with their `kind` instead), seeded from the match's bot seed so a review
  is the same every time. That work runs in a child process at the lowest priority
  (app/review_process.py), so it never takes the app process's interpreter from a request; the
  worker thread only receives its decisions and writes: the progress (`done` of `total`
  decisions, and its heartbeat) every `PROGRESS_EVERY` seconds, and the result (JSON) at the
  end. All writes stay in the app process (SQLite has one writer). A child that dies, or a
  worker that stops, puts the job back to `waiting` with nothing of it stored; a worker that
  dies leaves it `working` until its heartbeat is stale.
- **The line.** `ahead` counts the reviews before a waiting one: those being made and those
  the same fair order takes first (the review page says it).

The review of a match in play would reveal the other hands' worth: only a finished match is
reviewed (the route refuses the rest).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import socket
import time
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, func, or_
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from engine import games
from engine.game import Reviewer

from .background import Background
from .db import is_sqlite, read_session, write_session
from .models import Match, Review
from .review_process import Child, Interrupted, Work
from .service import MatchService
from .settings import now
from .store import bot_seed
from .summary import Listed
from .table import Table

LOG = logging.getLogger("chaharbargh.reviews")
STALE = timedelta(seconds=30)  # a working job whose worker wrote nothing for this long is taken again
PROGRESS_EVERY = 0.5  # seconds between two writes of a job's progress (and heartbeat)
POLL = 2.0  # seconds a worker with nothing to do waits before it looks again (jobs asked elsewhere)
QUEUED = ("waiting", "working")  # what the limits count


def reviewable(loaded: Table | Listed) -> bool:
    """A finished match (not a practice) of a game whose pro reviews."""
    return loaded.over and not loaded.practice and isinstance(games.get(loaded.match.game), Reviewer)


def review_seed(match: Match) -> int:
    """The review's seed: the pro's worlds for a match are the same every time it is reviewed."""
    return bot_seed(match, 0) ^ 0x2E71E3


class TooManyReviews(Exception):
    """The person (`kind` "person") or the client address ("address") already has `limit`
    reviews waiting or working."""

    def __init__(self, kind: str, limit: int):
        super().__init__(kind, limit)
        self.kind, self.limit = kind, limit


@dataclass(frozen=True)
class Queued:
    """A job that may be taken, and who asked for it."""

    id: int
    address: str | None
    person: str | None


def _served(last: datetime | None) -> tuple[Any, ...]:
    return (0,) if last is None else (1, last)  # never served comes first


def round_robin(jobs: Sequence[Queued], owner: Callable[[Queued], Hashable], last: Mapping[Any, Any]) -> list[Queued]:
    """`jobs` (each owner's in the order it takes them) in turns: each owner's first, then each
    one's second, and so on; in each turn the owner whose `last` job was taken longest ago (or
    never) first, owners alike by their oldest job."""
    first: dict[Hashable, int] = {}
    for job in jobs:
        first[owner(job)] = min(first.get(owner(job), job.id), job.id)
    turns: Counter[Hashable] = Counter()
    keys: dict[int, tuple[Any, ...]] = {}
    for job in jobs:
        keys[job.id] = (turns[owner(job)], _served(last.get(owner(job))), first[owner(job)])
        turns[owner(job)] += 1
    return sorted(jobs, key=lambda job: keys[job.id])


def fair_order(
    jobs: Sequence[Queued], address_last: Mapping[str | None, datetime], person_last: Mapping[str | None, datetime]
) -> list[Queued]:
    """The order the workers take `jobs` in: round-robin by client address and, at one address,
    by person; each owner's oldest first. `*_last` say when an owner's last job was taken.

    Address a has three jobs (person p two, person q one), address b one:

    >>> jobs = [Queued(1, "a", "p"), Queued(2, "a", "p"), Queued(3, "a", "q"), Queued(4, "b", "r")]
    >>> [job.id for job in fair_order(jobs, {}, {})]  # nobody served yet: a, b, then a's others
    [1, 4, 3, 2]
    >>> served = datetime(2026, 12, 2, 12, 0)
    >>> [job.id for job in fair_order(jobs, {"a": served}, {})]  # a served before: b first
    [4, 1, 3, 2]
    """
    by_id = sorted(jobs, key=lambda job: job.id)
    within: list[Queued] = []
    for address in dict.fromkeys(job.address for job in by_id):
        theirs = [job for job in by_id if job.address == address]
        within += round_robin(theirs, lambda job: job.person, person_last)
    return round_robin(within, lambda job: job.address, address_last)


def unjudged(game: Any, start: Any, moves: list[Any], seat: int, standins: frozenset[int]) -> dict[int, str]:
    """The seat's moves the review says but does not judge, by ply: "standin", the computer's
    move for the person whose move clock ran out, and "forced", a turn with one legal move (no
    decision: the engine's review skips it)."""
    out, state = {}, start
    for ply, move in enumerate(moves):
        if game.turn(state) == seat:
            if ply in standins:
                out[ply] = "standin"
            elif len(game.legal_moves(state)) == 1:
                out[ply] = "forced"
        state = game.apply(state, move)
    return out


class Reviews:
    """The review jobs of one database, and this process's worker."""

    def __init__(
        self,
        service: MatchService,
        clock: Callable[[], datetime] = now,
        per_person: int = 2,
        per_address: int = 4,
    ) -> None:
        self.service = service
        self.engine = service.engine
        self.clock = clock
        self.per_person, self.per_address = per_person, per_address
        self.name = f"{socket.gethostname()}:{os.getpid()}:{id(self):x}"[:64]
        self.making: Child | None = None  # the child process of the job being made
        self._worker = Background("review-worker", self._run)
        self._wake, self._stop = self._worker.wake, self._worker.stopping

    # --- asking and the line ------------------------------------------------------------------

    def ask(self, loaded: Table, *, person: str | None, address: str | None) -> Review:
        """The review of this finished match for the asking seat: stored and waiting if new
        (`TooManyReviews`, and nothing stored, when its asker is over a limit)."""
        found = self.find(loaded.match.id, loaded.seat)
        if found is not None:
            return found
        with contextlib.suppress(IntegrityError), write_session(self.engine) as session:  # asked twice at once
            self._check_limits(session, person, address)
            session.add(
                Review(
                    match_id=loaded.match.id, seat=loaded.seat, created_at=self.clock(), person=person, address=address
                )
            )
        self._wake.set()
        found = self.find(loaded.match.id, loaded.seat)
        assert found is not None
        return found

    def _check_limits(self, session: Session, person: str | None, address: str | None) -> None:
        queued = col(Review.status).in_(QUEUED)
        for kind, column, owner, limit in (
            ("person", Review.person, person, self.per_person),
            ("address", Review.address, address, self.per_address),
        ):
            if owner is None:
                continue
            count = session.exec(select(func.count()).select_from(Review).where(queued, col(column) == owner)).one()
            if count >= limit:
                raise TooManyReviews(kind, limit)

    def find(self, match_id: str, seat: int) -> Review | None:
        with read_session(self.engine) as session:
            query = select(Review).where(Review.match_id == match_id, Review.seat == seat)
            return session.exec(query).first()

    def ahead(self, review: Review) -> int:
        """How many reviews come before this waiting one: those being made, and the waiting ones
        `fair_order` takes first (a guess: a review asked later by someone less served goes
        before it)."""
        stale = self.clock() - STALE
        with read_session(self.engine) as session:
            working = (col(Review.status) == "working") & (col(Review.heartbeat) >= stale)
            making = session.exec(select(func.count()).select_from(Review).where(working)).one()
            order = [job.id for job in self._order(session, stale)]
        return making + (order.index(review.id) if review.id in order else len(order))

    def _takeable(self, stale: datetime) -> ColumnElement[bool]:
        return or_(
            col(Review.status) == "waiting",
            (col(Review.status) == "working") & (col(Review.heartbeat) < stale),
        )

    def _order(self, session: Session, stale: datetime) -> list[Queued]:
        """The jobs a worker may take now, in the order it takes them."""
        query = select(Review.id, Review.address, Review.person).where(self._takeable(stale))
        jobs = [Queued(*row) for row in session.exec(query).all()]
        if not jobs:
            return []
        address_last = self._last_taken(session, Review.address, {job.address for job in jobs})
        person_last = self._last_taken(session, Review.person, {job.person for job in jobs})
        return fair_order(jobs, address_last, person_last)

    @staticmethod
    def _last_taken(session: Session, column: Any, owners: set[str | None]) -> dict[str | None, datetime]:
        """When each owner's last job was taken (owners never served are left out)."""
        named = [owner for owner in owners if owner is not None]
        which: ColumnElement[bool] = col(column).in_(named)
        if None in owners:
            which = or_(which, col(column).is_(None))
        query = select(column, func.max(Review.taken_at)).where(which).group_by(column)
        return {owner: last for owner, last in session.exec(query).all() if last is not None}

    # --- taking and making --------------------------------------------------------------------

    def take(self) -> Review | None:
        """The next job (`fair_order`), now this worker's; None when there is none (found by a
        read first, so an idle worker's look costs no write transaction)."""
        stale = self.clock() - STALE
        with read_session(self.engine) as session:
            order = self._order(session, stale)
        if not order:
            return None
        taken = None
        with write_session(self.engine) as session:
            for queued in order:  # the first still free: another worker may have taken some meanwhile
                query = select(Review).where(Review.id == queued.id, self._takeable(stale))
                if not is_sqlite(self.engine):
                    query = query.with_for_update(skip_locked=True)
                taken = session.exec(query).first()
                if taken is not None:
                    taken.status, taken.worker, taken.done = "working", self.name, 0
                    taken.heartbeat = taken.taken_at = self.clock()
                    session.add(taken)
                    break
        return taken

    def work(self, job: Review) -> Work:
        """What the job's review is made from: the match's deal, as the replay starts from it,
        its stored moves, the seat and the seed."""
        with read_session(self.engine) as session:
            match = session.get(Match, job.match_id)
        assert match is not None
        loaded = self.service.load(match.id, self.service.secret_of(match, job.seat))
        game = loaded.game
        moves = [game.parse_move(text) for text in self.service.stored_moves(loaded)]
        start, _, _ = self.service.state_at(loaded, 0)
        return Work(match.game, start, moves, job.seat, review_seed(match))

    def make(self, job: Review) -> None:
        """Review the job's match for its seat in a child process, writing progress, then the
        result. `LookupError` when the job was taken by another worker meanwhile, `Interrupted`
        when the child died or this worker is stopping."""
        decisions: list[dict[str, Any]] = []
        work = self.work(job)
        skipped = unjudged(games.get(work.game), work.start, work.moves, job.seat, self.service.standins(job.match_id))
        total = judged = 0
        with Child(work) as child:
            self.making = child
            try:
                written = time.monotonic()
                for message in child.messages(PROGRESS_EVERY):
                    if self._stop.is_set():
                        raise Interrupted("the worker is stopping")
                    if message is not None and message[0] == "total":
                        total = message[1]
                        self._progress(job, 0, total)  # also checks the job is still this worker's
                        written = time.monotonic()
                        continue
                    if message is not None:
                        judged += 1
                        if message[1]["ply"] not in skipped:  # a stand-in: not the person's to judge
                            decisions.append(message[1])
                    if time.monotonic() - written >= PROGRESS_EVERY:  # the heartbeat too, while it thinks
                        self._progress(job, judged, total)
                        written = time.monotonic()
            finally:
                self.making = None
        decisions.extend({"ply": ply, "played": str(work.moves[ply]), "kind": kind} for ply, kind in skipped.items())
        decisions.sort(key=lambda d: d["ply"])
        with write_session(self.engine) as session:
            stored = session.get(Review, job.id)
            if stored is None or stored.worker != self.name:
                raise LookupError(f"review {job.id} is no longer this worker's")
            stored.status, stored.done, stored.total, stored.heartbeat = "done", judged, total, self.clock()
            stored.result = json.dumps({"decisions": decisions}, separators=(",", ":"))
            session.add(stored)

    def _progress(self, job: Review, done: int, total: int) -> None:
        with write_session(self.engine) as session:
            stored = session.get(Review, job.id)
            if stored is None or stored.worker != self.name:  # taken again by another worker meanwhile
                raise LookupError(f"review {job.id} is no longer this worker's")
            stored.done, stored.total, stored.heartbeat = done, total, self.clock()
            session.add(stored)

    def _release(self, job: Review) -> None:
        """Put an interrupted job back in the line, nothing of it kept."""
        with write_session(self.engine) as session:
            stored = session.get(Review, job.id, with_for_update=True)
            if stored is not None and stored.worker == self.name and stored.status == "working":
                stored.status, stored.worker, stored.done = "waiting", None, 0
                session.add(stored)

    def work_once(self) -> bool:
        """Take one job and make it; False when there was none."""
        job = self.take()
        if job is None:
            return False
        try:
            self.make(job)
        except LookupError:
            LOG.info("review %s was taken again by another worker", job.id)
        except Interrupted as why:
            LOG.warning("review %s stopped before its end (%s): it waits to be taken again", job.id, why)
            self._release(job)
        except Exception:  # a job that cannot be made is marked so, not taken again and again
            LOG.exception("review %s failed", job.id)
            with write_session(self.engine) as session:
                stored = session.get(Review, job.id)
                if stored is not None:
                    stored.status = "failed"
                    session.add(stored)
        return True

    def start(self) -> None:
        """Run this process's worker in a thread of its own (stopped by `stop`)."""
        self._worker.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                busy = self.work_once()
            except Exception:  # the database away: the worker looks again later
                LOG.exception("the review worker could not take a job")
                busy = False
            if not busy:
                self._wake.wait(POLL)
                self._wake.clear()

    def stop(self) -> None:
        self._worker.stop()
