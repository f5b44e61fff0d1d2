"""The database engine: SQLite (the embedded default) or PostgreSQL, and the write transaction.

SQLite: WAL with `synchronous=FULL`, a busy timeout, and `BEGIN IMMEDIATE` for write
transactions. FULL makes every commit reach the disk (the WAL is synced) before the move is
acknowledged, so an acknowledged move survives a kill -9 of the server and a power cut alike
(NORMAL would survive the first only). pysqlite's own
transaction handling is switched off and SQLAlchemy emits BEGIN itself (the SQLAlchemy
"serializable isolation / savepoints" recipe for SQLite), so a write transaction takes the
database's write lock before it reads. Writes are also serialized inside the process by a lock,
so one process's threads queue here instead of in SQLite's busy loop.

PostgreSQL (`postgresql+psycopg://...`): plain READ COMMITTED transactions and no lock in the
process, since several processes and servers share the database. What keeps writes correct
there is in the database itself, on either engine: the service locks the match row it changes
(`SELECT ... FOR UPDATE`, which SQLite leaves out: its write lock covers the whole file),
the match's ply is updated by compare-and-set, and the move table is unique on (match, ply).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlmodel import Session

WRITE_LOCK = threading.Lock()  # SQLite only


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"


def make_engine(url: str) -> Engine:
    """An engine for `url`; SQLite gets WAL mode, a busy timeout and explicit BEGINs."""
    if not url.startswith("sqlite"):
        # Each worker process has its own pool (5 connections, 10 more under load): size the
        # server's max_connections for workers x 15.
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: object) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")  # SQLite's usual default, said so: no build may lower it
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("immediate") else "BEGIN")

    return engine


def _with_options(engine: Engine, key: str, **options: object) -> Engine:
    """`engine.execution_options(**options)`, made once per engine and kept on it (not once per
    transaction: making one costs as much as a small query)."""
    made = engine.__dict__.get(key)
    if made is None:
        made = engine.execution_options(**options)
        setattr(engine, key, made)
    return made


def _for_writes(engine: Engine) -> Engine:
    return _with_options(engine, "_chaharbargh_writes", immediate=True)


def _for_reads(engine: Engine) -> Engine:
    if is_sqlite(engine):
        return engine
    return _with_options(engine, "_chaharbargh_reads", isolation_level="REPEATABLE READ")


@contextmanager
def read_session(engine: Engine) -> Iterator[Session]:
    """A session for reads that sees one snapshot throughout, so a match row and its moves agree
    even while another worker writes: SQLite's deferred transaction does that by itself (in WAL
    mode); PostgreSQL needs REPEATABLE READ, as READ COMMITTED takes a new snapshot per statement.
    """
    with Session(_for_reads(engine), expire_on_commit=False) as session:
        yield session


@contextmanager
def write_session(engine: Engine) -> Iterator[Session]:
    """A session for one write transaction; commits on success, rolls back on any exception.

    SQLite: the transaction starts with BEGIN IMMEDIATE, one writer at a time in this process.
    PostgreSQL: an ordinary transaction; the caller locks the rows it changes.
    """
    lock = WRITE_LOCK if is_sqlite(engine) else nullcontext()
    with lock, Session(_for_writes(engine), expire_on_commit=False) as session:
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise


@contextmanager
def write_transaction(engine: Engine) -> Iterator[Connection]:
    """`write_session`'s transaction on a bare connection, for writes made of prebuilt Core
    statements (a move): the same BEGIN, lock, commit and rollback, without the ORM session's
    bookkeeping around them."""
    lock = WRITE_LOCK if is_sqlite(engine) else nullcontext()
    with lock, _for_writes(engine).begin() as connection:
        yield connection


def utc(at: datetime) -> datetime:
    """A stored time with its zone (SQLite keeps none: every time is stored as UTC).

    >>> utc(datetime(2026, 12, 3, 12, 0)) == datetime(2026, 12, 3, 12, 0, tzinfo=UTC)
    True
    """
    return at if at.tzinfo else at.replace(tzinfo=UTC)
