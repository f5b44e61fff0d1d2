"""The SQLite engine: WAL, busy timeout, and BEGIN IMMEDIATE for write transactions.

pysqlite's own transaction handling is switched off and SQLAlchemy emits BEGIN itself (the
SQLAlchemy "serializable isolation / savepoints" recipe for SQLite), so a write transaction can
take the write lock before it reads. Writes are also serialized inside the process by a lock.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine, create_engine, event
from sqlmodel import Session

WRITE_LOCK = threading.Lock()


def make_engine(url: str) -> Engine:
    """An engine for `url`; SQLite gets WAL mode, a busy timeout and explicit BEGINs."""
    if not url.startswith("sqlite"):
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
    """A session for reads (a deferred transaction)."""
    with Session(engine, expire_on_commit=False) as session:
        yield session


@contextmanager
def write_session(engine: Engine) -> Iterator[Session]:
    """A session whose transaction starts with BEGIN IMMEDIATE, one writer at a time in this process.

    Commits on success, rolls back on any exception.
    """
    with WRITE_LOCK, Session(engine.execution_options(immediate=True), expire_on_commit=False) as session:
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise
