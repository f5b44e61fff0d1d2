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

A stream is an `asyncio.Event` per open table; a wake-up that finds nothing new (another seat's
table changed nothing this seat sees) sends nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Iterator

from sqlalchemy import Engine, text
from sqlalchemy.exc import SQLAlchemyError

LOG = logging.getLogger("chaharbargh.live")
CHANNEL = "chaharbargh_news"
NOTIFY = text("SELECT pg_notify(:channel, :match)")


class News:
    """This process's open streams, by match id; `publish` may be called from any thread."""

    def __init__(self) -> None:
        self._streams: dict[str, set[asyncio.Event]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def subscribe(self, match_id: str) -> Iterator[asyncio.Event]:
        """An event set whenever `match_id` changes, while the `with` lasts (on the event loop)."""
        changed = asyncio.Event()
        with self._lock:
            self._loop = asyncio.get_running_loop()
            self._streams.setdefault(match_id, set()).add(changed)
        try:
            yield changed
        finally:
            with self._lock:
                streams = self._streams.get(match_id, set())
                streams.discard(changed)
                if not streams:
                    self._streams.pop(match_id, None)

    def open_streams(self) -> int:
        with self._lock:
            return sum(len(s) for s in self._streams.values())

    def publish(self, match_id: str) -> None:
        """Tell this process's streams of `match_id` that it changed."""
        self.wake(match_id)

    def wake(self, match_id: str) -> None:
        with self._lock:
            loop, streams = self._loop, list(self._streams.get(match_id, ()))
        if loop is None or not streams or loop.is_closed():
            return
        for changed in streams:
            loop.call_soon_threadsafe(changed.set)

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
    def subscribe(self, match_id: str) -> Iterator[asyncio.Event]:
        self._listen()
        with super().subscribe(match_id) as changed:
            yield changed

    def publish(self, match_id: str) -> None:
        """Send the notice; a failure is logged, not raised: the change it tells of is committed
        already, so its request still succeeds, and the open tables catch up at their next news
        or when they connect again."""
        try:
            with self._engine.connect() as connection:
                connection.execute(NOTIFY, {"channel": CHANNEL, "match": match_id})
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
                            self.wake(notice.payload)
            except psycopg.OperationalError:  # the server went away: listen again once it is back
                ready.set()
                self._stop.wait(1.0)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)


def news_for(engine: Engine) -> News:
    """The news of a database: between processes on PostgreSQL, within this one on SQLite."""
    return PgNews(engine) if engine.dialect.name == "postgresql" else News()
