"""The people who sit at tables: a `Person` row made the first time a browser takes a seat (a
match it makes, a practice, an invite it claims), with the id its signed cookie holds
(`sessions.person_of`). Nothing else is asked of them: no account, only the name they may give
at an invite, which becomes their display name.

A person is one browser until they bring another device: `/me` makes a one-time link (good
for `LINK_TIME`, once; only its hash is stored), and the device that opens it and says yes is
that person from then on, with every seat of theirs (`People`).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy import Connection, Engine, update
from sqlalchemy import select as sa_select
from sqlalchemy.dialects import postgresql, sqlite

from .db import read_session, utc, write_transaction
from .models import DeviceLink, Match, Person, SeatRow
from .refusals import Refused
from .seat_writes import seats_changed

PERSON = Person.__table__  # type: ignore[attr-defined]
SEAT, MATCH, DEVICE_LINK = SeatRow.__table__, Match.__table__, DeviceLink.__table__  # type: ignore[attr-defined]
LINK_TIME = timedelta(minutes=10)  # how long a device link is good for


def ensure_person(connection: Connection, person_id: str, at: datetime, name: str = "") -> None:
    """Make sure the person `person_id` has a row (made at `at`), in the caller's transaction;
    a `name` given becomes their display name. Two requests of one browser racing to make it
    make one: the insert does nothing if the row is there."""
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    values = {"id": person_id, "created_at": at, "display_name": name}
    connection.execute(dialect.insert(PERSON).values(values).on_conflict_do_nothing(index_elements=["id"]))
    if name:
        connection.execute(update(PERSON).where(PERSON.c.id == person_id).values(display_name=name))


class People:
    """The people's own reads and writes: the seats a person sits at, and the one-time links
    that bring another device to them. `clock` is the server's (`Settings.clock`)."""

    def __init__(self, engine: Engine, clock: Callable[[], datetime]):
        self.engine, self.clock = engine, clock

    def seats(self, person_id: str) -> list[tuple[str, int, bool]]:
        """Every seat `person_id` sits at, the last written match first: (match id, seat, practice)."""
        query = (
            sa_select(SEAT.c.match_id, SEAT.c.seat, MATCH.c.mode)
            .join(MATCH, MATCH.c.id == SEAT.c.match_id)
            .where(SEAT.c.person_id == person_id)
            .order_by(MATCH.c.updated_at.desc())
        )
        with read_session(self.engine) as session:
            rows = session.connection().execute(query).all()
        return [(match_id, seat, mode == "practice") for match_id, seat, mode in rows]

    def new_link(self, person_id: str) -> str:
        """A new one-time link's code for `person_id` (made a person row if it is not one yet):
        192 random bits, of which only the hash is stored."""
        code, at = secrets.token_urlsafe(24), self.clock()
        with write_transaction(self.engine) as connection:
            ensure_person(connection, person_id, at)
            good = {"created_at": at, "expires_at": at + LINK_TIME}
            connection.execute(DEVICE_LINK.insert().values(code_hash=code_hash(code), person_id=person_id, **good))
        return code

    def link_of(self, code: str) -> str:
        """The person a link brings to, while it is good; `Refused` if it is unknown (404), used
        or out of time (410). Nothing is written: the link's page asks first."""
        with read_session(self.engine) as session:
            return self._good(session.connection(), code)

    def use_link(self, code: str, here: str | None, bring: bool) -> str:
        """Use a link, once: the person it brings to, whom this device is from now on. `here`:
        who this device was; `bring`: its seats go along to that person (asked on the link's
        page: two people are never made one without it). Two devices racing for one link: the
        first uses it, the second is refused as for a used one."""
        with write_transaction(self.engine) as connection:
            person_id = self._good(connection, code, lock=True)
            at = self.clock()
            connection.execute(update(DEVICE_LINK).where(DEVICE_LINK.c.code_hash == code_hash(code)).values(used_at=at))
            if bring and here is not None and here != person_id:
                seats_changed(connection, sa_select(SEAT.c.match_id).where(SEAT.c.person_id == here))
                connection.execute(update(SEAT).where(SEAT.c.person_id == here).values(person_id=person_id))
        return person_id

    def _good(self, connection: Connection, code: str, lock: bool = False) -> str:
        query = sa_select(DEVICE_LINK).where(DEVICE_LINK.c.code_hash == code_hash(code))
        row = connection.execute(query.with_for_update() if lock else query).mappings().first()
        if row is None:
            raise Refused("link_unknown", 404)
        if row["used_at"] is not None:
            raise Refused("link_used", 410)
        if utc(row["expires_at"]) <= self.clock():
            raise Refused("link_stale", 410)
        return str(row["person_id"])


def code_hash(code: str) -> str:
    """What is stored of a link's code: its SHA-256, in hex (the code itself opens the link).

    >>> len(code_hash("c0de")), code_hash("c0de") == code_hash("c0de") != code_hash("c0df")
    (64, True)
    """
    return hashlib.sha256(code.encode()).hexdigest()
