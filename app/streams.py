"""The event streams' own budget: how many a process holds open, and who holds them, so that
streams never take the place of the requests that play.

Every open stream is a connection uvicorn counts against `--limit-concurrency`; past it the
process answers 503 to every request of everyone. So a process takes at most `worker` streams
(well under that limit: docs/deploy.md gives the numbers together) and refuses the next with
503 and `Retry-After`, while pages and moves still come through. Within that budget:

- a client address holds at most `client` streams (a family behind one router: several people,
  each with a tab or two), as app/limits.py's `client_of` names it;
- a person's seat at most `seat` (a few tabs of the same table);
- the spectators of one match at most `watchers`; past it the watch page is drawn without a
  stream and asks for the table again now and then (`WATCH_POLL_MS`).

With a shared rate storage (Redis, `Settings.rate_storage`) the streams per client address are
counted there, by every process and server together (app/stream_counter.py's `StreamCounter`); the
others are this process's own.

A refused stream gets 503 (the process is full) or 429 (this client, seat or match has its
share), `Retry-After`, and `Connection: close`, so a refused connection does not stay open to
count against the process either. The browser's page goes on without its stream: static/live.js
asks for the table every few seconds until the stream comes back. A cap of 0 is none.

>>> budget = StreamBudget(StreamCaps(worker=3, client=2, seat=1, watchers=1))
>>> first = budget.take("203.0.113.9", "m1", "m1/s1")
>>> budget.take("203.0.113.9", "m1", "m1/s1"), budget.take("203.0.113.9", "m2", None).held
('seat', True)
>>> budget.take("203.0.113.9", "m3", None), budget.take("198.51.100.7", "m2", None)
('client', 'watchers')
>>> budget.take("198.51.100.7", "m4", None).held, budget.take("192.0.2.1", "m5", None), budget.held()
(True, 'worker', 3)
>>> first.release(); budget.take("192.0.2.1", "m5", None).held
True
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Protocol

WATCH_POLL_MS = 10_000  # a watch page without its stream asks for the table this often
RETRY_AFTER = 30  # seconds a refused stream is told to wait


@dataclass(frozen=True)
class StreamCaps:
    """The most streams a process holds: in all, per client address, per person's seat, and of
    one match's spectators (0: no cap)."""

    worker: int = 300
    client: int = 24
    seat: int = 4
    watchers: int = 200


class Counter(Protocol):
    """Open things by key, up to a cap: `Counts` here, or a count shared through Redis."""

    local: bool  # no I/O: may be called on the event loop

    def acquire(self, key: str) -> bool: ...
    def release(self, key: str) -> None: ...
    def refresh(self, key: str) -> None: ...


class Counts:
    """How many of something each key holds, each up to `cap` (0: no cap); any thread."""

    local = True

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._held: dict[str, int] = {}
        self._lock = threading.Lock()

    def acquire(self, key: str) -> bool:
        """One more for `key`, unless it holds `cap` already."""
        with self._lock:
            held = self._held.get(key, 0)
            if self.cap and held >= self.cap:
                return False
            self._held[key] = held + 1
            return True

    def release(self, key: str) -> None:
        with self._lock:
            held = self._held.get(key, 0) - 1
            if held > 0:
                self._held[key] = held
            else:
                self._held.pop(key, None)

    def refresh(self, key: str) -> None:
        """Nothing to keep alive in this process."""

    def held(self, key: str) -> int:
        with self._lock:
            return self._held.get(key, 0)


@dataclass
class Ticket:
    """An open stream's place in the budget, given back by `release` (once) when it ends."""

    taken: list[tuple[Counter, str]] = field(default_factory=list)
    held: bool = True

    @property
    def local(self) -> bool:
        """Its counts are all this process's: releasing it does no I/O."""
        return all(counts.local for counts, _ in self.taken)

    def release(self) -> None:
        if self.held:
            self.held = False
            for counts, key in reversed(self.taken):
                counts.release(key)

    def refresh(self) -> None:
        """Keep a shared count of it alive (a stream's keep-alive calls it)."""
        for counts, key in self.taken:
            counts.refresh(key)


class StreamBudget:
    """This process's open streams against its `StreamCaps`; `clients`: a count of each client
    address's streams shared with other processes, instead of this process's own."""

    def __init__(self, caps: StreamCaps, clients: Counter | None = None) -> None:
        self.caps = caps
        self._worker = Counts(caps.worker)
        shared = clients is not None and not clients.local and caps.client
        self._clients: Counter = clients if shared and clients is not None else Counts(caps.client)
        self.local = self._clients.local  # `take` does no I/O: it may run on the event loop
        self._seats = Counts(caps.seat)
        self._watchers = Counts(caps.watchers)

    def take(self, client: str, match_id: str, seat: str | None) -> Ticket | str:
        """A place for a stream of `match_id` from `client`, for a person's `seat` (a key naming
        it) or a spectator (None); or why not: `worker`, `client`, `seat` or `watchers`."""
        ticket = Ticket()
        wanted: list[tuple[str, Counter, str]] = [
            ("worker", self._worker, ""),
            ("client", self._clients, client),
            ("seat", self._seats, seat) if seat is not None else ("watchers", self._watchers, match_id),
        ]
        for reason, counts, key in wanted:
            if not counts.acquire(key):
                ticket.release()
                return reason
            ticket.taken.append((counts, key))
        return ticket

    def watchers_full(self, match_id: str) -> bool:
        """The match's spectators hold every stream they may: a new watch page goes without."""
        return bool(self.caps.watchers) and self._watchers.held(match_id) >= self.caps.watchers

    def held(self) -> int:
        """The streams open in this process."""
        return self._worker.held("")
