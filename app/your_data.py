"""A person's own data: the rows `/me/export` gives them, and deleting them (`forget`).

Deleting a person removes every row about them: the person, their passkeys and challenges,
device links, ratings and their history, invitations to them, the mistakes they practised,
and their devices' push subscriptions with the notifications waiting to be sent. A match
where anyone else sat or was invited keeps its seats and moves, for the others' history,
replays, reviews and ratings: the person's seat there is anonymised (no person, the name
`FORMER`, shown as "a former player"), and so is the name the others' rating history gives it.
A match only they sat at (a practice, a match against the computer) is deleted with its moves,
seats and reviews: nobody else can open it, so keeping it would keep their data for no one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, and_, delete, or_, update
from sqlalchemy import select as sa_select

from .db import read_session, write_transaction
from .models import (
    DeviceLink,
    Invitation,
    Match,
    MoveRow,
    Passkey,
    PasskeyChallenge,
    Person,
    PushJob,
    PushSubscription,
    Rating,
    RatingHistory,
    Review,
    SeatRow,
    SolvedMistake,
)
from .seat_writes import seats_changed
from .seats import FORMER, PERSON

TABLES = {
    name: model.__table__  # type: ignore[attr-defined]
    for name, model in {
        "person": Person,
        "passkey": Passkey,
        "challenge": PasskeyChallenge,
        "link": DeviceLink,
        "rating": Rating,
        "history": RatingHistory,
        "invitation": Invitation,
        "seat": SeatRow,
        "match": Match,
        "move": MoveRow,
        "review": Review,
        "push": PushSubscription,
        "push_job": PushJob,
        "solved": SolvedMistake,
    }.items()
}
T = TABLES


def _plain(row: Any) -> dict[str, Any]:
    """A row as JSON can hold it (times as ISO 8601)."""
    return {k: v.isoformat() if hasattr(v, "isoformat") else v for k, v in dict(row).items()}


def rows_of(engine: Engine, person: str, seats: list[tuple[str, int]]) -> dict[str, Any]:
    """The person's own rows: themselves, their passkeys (no public key), ratings, rating
    history and the reviews of their seats (`seats`: match id, seat)."""
    keys = (T["passkey"].c.id, T["passkey"].c.label, T["passkey"].c.created_at, T["passkey"].c.last_used_at)
    review = T["review"]
    columns = (review.c.match_id, review.c.seat, review.c.status, review.c.result, review.c.created_at)
    reviews = sa_select(*columns).where(review.c.match_id.in_(sorted({m for m, _ in seats})))
    with read_session(engine) as session:
        c = session.connection()
        found = c.execute(sa_select(T["person"]).where(T["person"].c.id == person)).mappings().first()
        out: dict[str, Any] = {"person": _plain(found) if found else {"id": person}}
        out["passkeys"] = [_plain(r) for r in c.execute(sa_select(*keys).where(T["passkey"].c.person_id == person))]
        for name in ("rating", "history"):
            query = sa_select(T[name]).where(T[name].c.person_id == person)
            out[name] = [_plain(r) for r in c.execute(query).mappings()]
        mine = set(seats)  # a review of another seat at the same table is that person's
        out["reviews"] = [_plain(r) for r in c.execute(reviews).mappings() if (r["match_id"], r["seat"]) in mine]
    for entry in out["history"]:
        entry["against"] = json.loads(entry["against"])
    for entry in out["reviews"]:
        entry["result"] = json.loads(entry["result"]) if entry["result"] else None
    return out


@dataclass(frozen=True)
class Forgotten:
    """What deleting a person did: the matches deleted and those where their seat was anonymised."""

    deleted: list[str]
    anonymised: list[str]


def forget(engine: Engine, person: str) -> Forgotten:
    """Delete `person` and every row about them, in one transaction (see the module's words)."""
    seat, match = T["seat"], T["match"]
    with write_transaction(engine) as c:
        mine = c.execute(sa_select(seat.c.match_id, seat.c.name).where(seat.c.person_id == person)).all()
        ids = sorted({m for m, _ in mine})
        others = sa_select(seat.c.match_id).where(
            seat.c.match_id.in_(ids),
            seat.c.kind == PERSON,
            or_(seat.c.person_id.is_(None), seat.c.person_id != person),
        )
        shared = sorted({m for (m,) in c.execute(others)})
        alone = [m for m in ids if m not in shared]
        _anonymise(c, person, shared, {m: name for m, name in mine if m in shared})
        for name in ("review", "seat", "invitation", "move"):
            c.execute(delete(T[name]).where(T[name].c.match_id.in_(alone)))
        c.execute(delete(match).where(match.c.id.in_(alone)))
        devices = sa_select(T["push"].c.id).where(T["push"].c.person_id == person)
        c.execute(delete(T["push_job"]).where(T["push_job"].c.subscription_id.in_(devices)))
        for name in ("passkey", "challenge", "link", "rating", "history", "invitation", "push", "solved"):
            c.execute(delete(T[name]).where(T[name].c.person_id == person))
        c.execute(update(T["review"]).where(T["review"].c.person == person).values(person=None))
        c.execute(delete(T["person"]).where(T["person"].c.id == person))
    return Forgotten(alone, shared)


def _anonymise(c: Connection, person: str, shared: list[str], names: dict[str, str]) -> None:
    """The person's seats in `shared` become a former player's, and so does the name the other
    people's rating history gives them there (`names`: their seat's name in each match)."""
    seat, history = T["seat"], T["history"]
    seats_changed(c, shared)
    c.execute(
        update(seat).where(seat.c.match_id.in_(shared), seat.c.person_id == person).values(person_id=None, name=FORMER)
    )
    query = sa_select(history.c.person_id, history.c.match_id, history.c.against).where(
        history.c.match_id.in_(shared), history.c.person_id != person
    )
    for other, match_id, against in c.execute(query).all():
        name = names.get(match_id)
        if not name:
            continue
        entries = json.loads(against)
        renamed = [f"name:{FORMER}" if e == f"name:{name}" else e for e in entries]
        if renamed != entries:
            key = and_(history.c.person_id == other, history.c.match_id == match_id)
            c.execute(update(history).where(key).values(against=json.dumps(renamed, ensure_ascii=False)))
