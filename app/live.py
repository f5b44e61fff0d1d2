"""News of a match that changed, for the tables open on it: the server-sent event streams.

The database stays the only truth. A write that changes a match (a move, the next round, an
undo, a seat taken or given to a computer) announces only "match X changed"; each open stream
of X then reads the match as its own seat may see it and sends that seat's table.

- **One process (SQLite).** `News.publish` wakes this process's streams of the match: the
  service calls it from a worker thread once its transaction has committed.
- **Several processes or servers (PostgreSQL).** `PgNews.publish` sends `NOTIFY
  chaharbargh_news, '<match id>'`; every process LISTENs on one connection of its own, in a
  thread, and wakes its own streams when a notice arrives (PostgreSQL delivers it after the
  commit, to every listener, the sender's own process included).

A stream is a `Doorbell` per open table; a wake-up that finds nothing new (another seat's
table changed nothing this seat sees) sends nothing. The news may say which seat's request made
the change and the version its answer showed (`answered`): that seat's own stream then only
notes the version instead of sending the same table again (the answer already brought it). A
second browser tab of the same seat therefore catches up on that seat's own move with the next
change, which at a table with computers comes a moment later.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable, Hashable, Iterator
from functools import partial
from typing import Any, TypeVar, cast

from sqlalchemy import Engine, text
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool

LOG = logging.getLogger("chaharbargh.live")
CHANNEL = "chaharbargh_news"
NOTIFY = text("SELECT pg_notify(:channel, :match)")


T = TypeVar("T")
KEEP_ALIVE = 15.0  # seconds between comment lines on a quiet stream (proxies close a silent one)
Answered = tuple[int, str]  # a request's seat, and the version its answer showed


class Doorbell(asyncio.Event):
    """An open stream's wake-up: set when its match changed, with what the changes' own requests
    answered (used on the event loop only)."""

    def __init__(self) -> None:
        super().__init__()
        self.answered: set[Answered] = set()
        self.unanswered = False  # a change whose news did not say what answered it
        self.prepared: Any = None  # a broadcast's latest table, ready to send (`Broadcast`)
        self.beat = False  # a broadcast's keep-alive: time for a comment line on a quiet stream

    def ring(self, answered: Answered | None, prepared: Any = None) -> None:
        if answered is None:
            self.unanswered = True
        else:
            self.answered.add(answered)
        self.prepared = prepared
        self.set()

    def ring_beat(self) -> None:
        self.beat = True
        self.set()

    def take(self) -> tuple[set[Answered], bool]:
        """What was answered since the last `take`, and whether some news said nothing of it;
        the bell is quiet again."""
        taken = self.answered, self.unanswered
        self.answered, self.unanswered, self.prepared, self.beat = set(), False, None, False
        self.clear()
        return taken


class Broadcast:
    """Streams that all show the same table (a match's spectators in one language): each news is
    read and drawn once, by `prepare` in a worker thread, and every bell is rung with the result,
    so each stream wakes once, to send it. One preparation at a time: news that comes meanwhile
    is prepared again right after. One timer rings every bell's keep-alive (`ring_beat`) each
    `KEEP_ALIVE` seconds, instead of a timer of each stream's own."""

    def __init__(self, prepare: Callable[[], Any]) -> None:
        self.prepare = prepare
        self.bells: set[Doorbell] = set()
        self.running = False
        self.again = False
        self.timer: asyncio.TimerHandle | None = None

    def beat(self) -> None:
        for changed in list(self.bells):
            changed.ring_beat()
        self.timer = asyncio.get_running_loop().call_later(KEEP_ALIVE, self.beat)


class News:
    """This process's open streams, by match id; `publish` may be called from any thread.

    Each match with open streams also has a generation, one more with every news of it, and the
    table each view of it showed at that generation (`shared`): the streams of one person's seat
    read and draw a change once between them. The spectators' streams are a `Broadcast`: they are
    woken with the table ready, so a move costs little more with hundreds of them than with none."""

    def __init__(self) -> None:
        self._streams: dict[str, set[Doorbell]] = {}
        self._broadcasts: dict[str, dict[Hashable, Broadcast]] = {}
        self._generations: dict[str, int] = {}
        self._shared: dict[str, dict[Hashable, tuple[int, asyncio.Future[Any]]]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def subscribe(
        self, match_id: str, broadcast: tuple[Hashable, Callable[[], Any]] | None = None
    ) -> Iterator[Doorbell]:
        """A bell rung whenever `match_id` changes, while the `with` lasts (on the event loop).
        With `broadcast` (a key and its `prepare`), the bell is one of that `Broadcast`'s: rung
        once the table is prepared, with it as the bell's `prepared` (None if preparing failed)."""
        changed = Doorbell()
        with self._lock:
            self._loop = asyncio.get_running_loop()
            if broadcast is None:
                self._streams.setdefault(match_id, set()).add(changed)
            else:
                key, prepare = broadcast
                groups = self._broadcasts.setdefault(match_id, {})
                if key not in groups:
                    groups[key] = Broadcast(prepare)
                    groups[key].timer = self._loop.call_later(KEEP_ALIVE, groups[key].beat)
                groups[key].bells.add(changed)
        try:
            yield changed
        finally:
            with self._lock:
                if broadcast is None:
                    streams = self._streams.get(match_id, set())
                    streams.discard(changed)
                    if not streams:
                        self._streams.pop(match_id, None)
                        self._generations.pop(match_id, None)
                        self._shared.pop(match_id, None)
                else:
                    groups = self._broadcasts.get(match_id, {})
                    group = groups.get(broadcast[0])
                    if group is not None:
                        group.bells.discard(changed)
                        if not group.bells:
                            groups.pop(broadcast[0])
                            if group.timer is not None:
                                group.timer.cancel()
                    if not groups:
                        self._broadcasts.pop(match_id, None)

    def publish(self, match_id: str, answered: Answered | None = None) -> None:
        """Tell this process's streams of `match_id` that it changed (`answered`: by the request
        of that seat, whose answer showed that version)."""
        self.wake(match_id, answered)

    def wake(self, match_id: str, answered: Answered | None = None) -> None:
        """Ring the match's bells on the event loop: one call across threads for all of them."""
        with self._lock:
            loop = self._loop
            listening = match_id in self._streams or match_id in self._broadcasts
            if loop is None or not listening or loop.is_closed():
                return
        loop.call_soon_threadsafe(self._ring, match_id, answered)

    def _ring(self, match_id: str, answered: Answered | None) -> None:
        with self._lock:
            streams = list(self._streams.get(match_id, ()))
            if streams:
                self._generations[match_id] = self._generations.get(match_id, 0) + 1
            groups = list(self._broadcasts.get(match_id, {}).values())
        for changed in streams:
            changed.ring(answered)
        for group in groups:
            self._prepare(group)

    def _prepare(self, group: Broadcast) -> None:
        if group.running:
            group.again = True
            return
        group.running = True
        asyncio.ensure_future(run_in_threadpool(group.prepare)).add_done_callback(partial(self._prepared, group))

    def _prepared(self, group: Broadcast, done: asyncio.Future[Any]) -> None:
        group.running = False
        failed = done.cancelled() or done.exception() is not None
        if failed:  # the error's type only: its text may quote a query's parameters (a secret)
            LOG.warning(
                "a broadcast's table was not prepared: %s",
                type(done.exception()).__name__ if not done.cancelled() else "cancelled",
            )
        prepared = None if failed else done.result()
        with self._lock:
            bells = list(group.bells)
        for changed in bells:
            changed.ring(None, prepared)
        if group.again:
            group.again = False
            self._prepare(group)

    async def shared(self, match_id: str, view: Hashable, make: Callable[[], T]) -> T:
        """What `make` gives for `view` of the match since its last news: made once, in a worker
        thread, for every stream that asks before the next news (a stream that ends meanwhile
        leaves it to the others). On the event loop."""
        with self._lock:
            generation = self._generations.get(match_id, 0)
            views = self._shared.setdefault(match_id, {})
            made = views.get(view)
            if made is None or made[0] != generation:
                made = generation, asyncio.ensure_future(run_in_threadpool(make))
                views[view] = made
        return cast(T, await asyncio.shield(made[1]))

    def close(self) -> None:
        """Stop listening (a PostgreSQL listener's thread); streams end with their connections."""


class PgNews(News):
    """News between processes through PostgreSQL's LISTEN/NOTIFY (see the module's docstring)."""

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self._engine = engine  # the app's pool: a notice costs one statement, no new connection
        self._dsn = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @contextlib.contextmanager
    def subscribe(
        self, match_id: str, broadcast: tuple[Hashable, Callable[[], Any]] | None = None
    ) -> Iterator[Doorbell]:
        self._listen()
        with super().subscribe(match_id, broadcast) as changed:
            yield changed

    def publish(self, match_id: str, answered: Answered | None = None) -> None:
        """Send the notice (`<match id>`, or `<match id> <seat> <version>`); a failure is logged,
        not raised: the change it tells of is committed already, so its request still succeeds,
        and the open tables catch up at their next news or when they connect again."""
        payload = match_id if answered is None else f"{match_id} {answered[0]} {answered[1]}"
        try:
            with self._engine.connect() as connection:
                connection.execute(NOTIFY, {"channel": CHANNEL, "match": payload})
                connection.commit()
        except SQLAlchemyError as error:
            LOG.warning("news of match %s not sent: %s", match_id, type(error).__name__)

    def _listen(self) -> None:
        """Start the listening thread once, with the first stream."""
        with self._lock:
            if self._thread is not None:
                return
            ready = threading.Event()
            self._thread = threading.Thread(target=self._run, args=(ready,), name="news-listener", daemon=True)
            self._thread.start()
        ready.wait(10)

    def _run(self, ready: threading.Event) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self._dsn, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    ready.set()
                    while not self._stop.is_set():
                        for notice in connection.notifies(timeout=1.0, stop_after=64):
                            self.wake(*parse_notice(notice.payload))
            except psycopg.OperationalError:  # the server went away: listen again once it is back
                ready.set()
                self._stop.wait(1.0)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)


def parse_notice(payload: str) -> tuple[str, Answered | None]:
    """A notice's match id and what its request answered, if it says.

    >>> parse_notice("m1 2 7.0.0.2.0..")
    ('m1', (2, '7.0.0.2.0..'))
    >>> parse_notice("m1")
    ('m1', None)
    """
    match_id, _, rest = payload.partition(" ")
    seat, _, version = rest.partition(" ")
    return match_id, (int(seat), version) if seat.isdigit() and version else None


def news_for(engine: Engine) -> News:
    """The news of a database: between processes on PostgreSQL, within this one on SQLite."""
    return PgNews(engine) if engine.dialect.name == "postgresql" else News()
