"""Reviews of finished matches by the pro (issue 27): a job in the database per match and seat,
made in the background by any app process, with its progress for the page's bar.

- **Asking.** `ask` stores a `waiting` review for a finished match and a seat (once: the pair
  is unique) and wakes this process's worker.
- **Taking.** A worker takes the oldest `waiting` job, or a `working` one whose worker has not
  written for `STALE` (it died): on PostgreSQL with `SELECT … FOR UPDATE SKIP LOCKED`, so two
  workers never take the same job and neither waits for the other; on SQLite the one writer
  at a time does the same. Each app process runs one worker thread (`start`); on SQLite, served
  by one process, that is the one worker.
- **Making.** The game's pro reviews the seat's decisions (`engine.game.Reviewer`) from the
  stored moves (each result entry has a verdict; the seat's moves it does not judge, a turn
  with one legal move or the computer's stand-in for a person whose clock ran out, are listed
  with their `kind` instead), seeded from the match's bot seed so a review is the same every time; the job
  writes its progress (`done` of `total` decisions, and its heartbeat) at most every
  `PROGRESS_EVERY` seconds, and the result (JSON) at the end.

The review of a match in play would reveal the other hands' worth: only a finished match is
reviewed (the route refuses the rest).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import or_
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from engine import games
from engine.game import Reviewer

from .db import is_sqlite, read_session, write_session
from .models import Match, Review
from .service import Loaded, MatchService, bot_seed
from .settings import now

LOG = logging.getLogger("chaharbargh.reviews")
STALE = timedelta(seconds=30)  # a working job whose worker wrote nothing for this long is taken again
PROGRESS_EVERY = 0.5  # seconds between two writes of a job's progress
POLL = 2.0  # seconds a worker with nothing to do waits before it looks again (jobs asked elsewhere)


def reviewable(loaded: Loaded) -> bool:
    """A finished match (not a practice) of a game whose pro reviews."""
    return loaded.over and not loaded.practice and isinstance(games.get(loaded.match.game), Reviewer)


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

    def __init__(self, service: MatchService, clock: Callable[[], datetime] = now) -> None:
        self.service = service
        self.engine = service.engine
        self.clock = clock
        self.name = f"{socket.gethostname()}:{os.getpid()}:{id(self):x}"[:64]
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def ask(self, loaded: Loaded) -> Review:
        """The review of this finished match for the asking seat: stored and waiting if new."""
        found = self.find(loaded.match.id, loaded.seat)
        if found is not None:
            return found
        with contextlib.suppress(IntegrityError), write_session(self.engine) as session:  # asked twice at once
            session.add(Review(match_id=loaded.match.id, seat=loaded.seat, created_at=self.clock()))
        self._wake.set()
        found = self.find(loaded.match.id, loaded.seat)
        assert found is not None
        return found

    def find(self, match_id: str, seat: int) -> Review | None:
        with read_session(self.engine) as session:
            query = select(Review).where(Review.match_id == match_id, Review.seat == seat)
            return session.exec(query).first()

    def take(self) -> Review | None:
        """The next job, now this worker's; None when there is none (found by a read first, so
        an idle worker's look costs no write transaction)."""
        stale = self.clock() - STALE
        query = (
            select(Review)
            .where(
                or_(
                    col(Review.status) == "waiting",
                    (col(Review.status) == "working") & (col(Review.heartbeat) < stale),
                )
            )
            .order_by(col(Review.id))
            .limit(1)
        )
        with read_session(self.engine) as session:
            if session.exec(query).first() is None:
                return None
        with write_session(self.engine) as session:
            if not is_sqlite(self.engine):
                query = query.with_for_update(skip_locked=True)
            job = session.exec(query).first()
            if job is None:
                return None
            job.status, job.worker, job.heartbeat, job.done = "working", self.name, self.clock(), 0
            session.add(job)
        return job

    def make(self, job: Review) -> None:
        """Review the job's match for its seat, writing progress, then the result."""
        with read_session(self.engine) as session:
            match = session.get(Match, job.match_id)
        assert match is not None
        loaded = self.service.load(match.id, self.service.secret_of(match, job.seat))
        game = loaded.game
        assert isinstance(game, Reviewer)
        moves = [game.parse_move(text) for text in self.service.stored_moves(loaded)]
        start, _, _ = self.service.state_at(loaded, 0)  # the deal, as the replay starts from it
        total = game.decision_count(start, moves, job.seat)
        self._progress(job, 0, total)
        decisions: list[dict[str, Any]] = []
        skipped = unjudged(game, start, moves, job.seat, self.service.standins(match.id))
        written, judged = time.monotonic(), 0
        for decision in game.review(start, moves, job.seat, seed=bot_seed(match, 0) ^ 0x2E71E3):
            judged += 1
            if decision.ply in skipped:  # the computer's move for the person: not theirs to judge
                continue
            decisions.append(
                {
                    "ply": decision.ply,
                    "played": str(decision.played),
                    "best": str(decision.best),
                    "values": [[str(move), round(value, 3)] for move, value in decision.values],
                    "loss": round(decision.loss, 3),
                    "verdict": decision.verdict,
                    "margin": round(decision.expected_margin, 3),
                    "reason": decision.reason,
                }
            )
            if time.monotonic() - written >= PROGRESS_EVERY:
                self._progress(job, judged, total)
                written = time.monotonic()
        decisions.extend({"ply": ply, "played": str(moves[ply]), "kind": kind} for ply, kind in skipped.items())
        decisions.sort(key=lambda d: d["ply"])
        with write_session(self.engine) as session:
            stored = session.get(Review, job.id)
            assert stored is not None
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

    def work_once(self) -> bool:
        """Take one job and make it; False when there was none."""
        job = self.take()
        if job is None:
            return False
        try:
            self.make(job)
        except LookupError:
            LOG.info("review %s was taken again by another worker", job.id)
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
        self._thread = threading.Thread(target=self._run, name="review-worker", daemon=True)
        self._thread.start()

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
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(10)
