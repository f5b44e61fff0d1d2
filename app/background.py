"""One thread a process runs for all the lifespans of one app (`Background`): the round owner,
the heartbeat, the review worker and the push sender each run in one. Tests open several
lifespans of one app at once (eight clients racing for one invite), so every start and stop
pairs with a count, and only the first start and the last stop touch the thread: a second
start does not replace the thread that the first one's stop would then join unstarted.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime

NAP = 0.02  # the shortest sleep between passes: a row another process is taking looks due until its lease is written


class Background:
    """`run` in a daemon thread named `name` from the first `start` to the last `stop`. Its loop
    runs until `stopping` is set and sleeps on `wake`, which `stop` sets too.

    >>> seen = []
    >>> worker = Background("example", lambda: seen.append(worker.stopping.wait(5)))
    >>> worker.start(); worker.start()
    >>> worker.stop(), seen  # another lifespan still runs: the thread goes on
    (False, [])
    >>> worker.stop(), seen
    (True, [True])
    """

    def __init__(self, name: str, run: Callable[[], None], join_seconds: float = 10) -> None:
        self.name, self.run, self.join_seconds = name, run, join_seconds
        self.stopping = threading.Event()
        self.wake = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._started = 0  # lifespans running

    def start(self) -> None:
        with self._lock:
            self._started += 1
            if self._started == 1:
                self.stopping.clear()
                self._thread = threading.Thread(target=self.run, name=self.name, daemon=True)
                self._thread.start()

    def stop(self) -> bool:
        """One lifespan ends; the last one stops the thread and waits for it. True when none
        runs any more (also for a stop with none started: the app never started this worker)."""
        with self._lock:
            if self._started == 0:
                return True
            self._started -= 1
            if self._started > 0:
                return False
            self.stopping.set()
            self.wake.set()
            thread = self._thread
        if thread is not None:
            thread.join(self.join_seconds)
        return True


def run_due_rows(
    worker: Background,
    step: Callable[[], datetime | None],
    clock: Callable[[], datetime],
    poll: float,
    log: logging.Logger,
) -> None:
    """The loop of a worker of rows due at times (the round owner's moves, the push sender's
    jobs): `step` does what is due and says when the next row is; the loop sleeps until then, or
    `poll` seconds at most (rows other processes write wake nobody here), or until `worker.wake`
    is set. A failed pass (the database away for a moment) is logged and tried again after `poll`."""
    while not worker.stopping.is_set():
        worker.wake.clear()
        try:
            soonest = step()
        except Exception:
            log.exception("%s could not look at its due rows", worker.name)
            soonest = None
        wait = poll if soonest is None else min(poll, max(NAP, (soonest - clock()).total_seconds()))
        worker.wake.wait(wait)
