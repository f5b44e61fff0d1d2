"""The people who sit at tables: a `Person` row made the first time a browser takes a seat (a
match it makes, a practice, an invite it claims), with the id its signed cookie holds
(`sessions.person_of`). Nothing else is asked of them: no account, only the name they may give
at an invite, which becomes their display name."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, update
from sqlalchemy.dialects import postgresql, sqlite

from .models import Person

PERSON = Person.__table__  # type: ignore[attr-defined]


def ensure_person(connection: Connection, person_id: str, at: datetime, name: str = "") -> None:
    """Make sure the person `person_id` has a row (made at `at`), in the caller's transaction;
    a `name` given becomes their display name. Two requests of one browser racing to make it
    make one: the insert does nothing if the row is there."""
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    values = {"id": person_id, "created_at": at, "display_name": name}
    connection.execute(dialect.insert(PERSON).values(values).on_conflict_do_nothing(index_elements=["id"]))
    if name:
        connection.execute(update(PERSON).where(PERSON.c.id == person_id).values(display_name=name))
