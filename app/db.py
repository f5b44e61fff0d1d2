"""The database engine: SQLite (the embedded default) or PostgreSQL, and the write transaction.

SQLite: WAL, a busy timeout, and `BEGIN IMMEDIATE` for write transactions. pysqlite's own
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

from sqlalchemy import Engine, create_engine, event
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
    def _connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn):
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("immediate") else "BEGIN")

    return engine


@contextmanager
def read_session(engine: Engine) -> Iterator[Session]:
    """A session for reads that sees one snapshot throughout, so a match row and its moves agree
    even while another worker writes: SQLite's deferred transaction does that by itself (in WAL
    mode); PostgreSQL needs REPEATABLE READ, as READ COMMITTED takes a new snapshot per statement.
    """
    if not is_sqlite(engine):
        engine = engine.execution_options(isolation_level="REPEATABLE READ")
    with Session(engine, expire_on_commit=False) as session:
        yield session


@contextmanager
def write_session(engine: Engine) -> Iterator[Session]:
    """A session for one write transaction; commits on success, rolls back on any exception.

    SQLite: the transaction starts with BEGIN IMMEDIATE, one writer at a time in this process.
    PostgreSQL: an ordinary transaction; the caller locks the rows it changes.
    """
    lock = WRITE_LOCK if is_sqlite(engine) else nullcontext()
    with lock, Session(engine.execution_options(immediate=True), expire_on_commit=False) as session:
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise
