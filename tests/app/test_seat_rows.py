"""Seats and people as rows (migration 0014): matches stored before it, with who sits where in
the match's JSON column, are converted to one row a seat and play on as they were; the
downgrade writes the same JSON back; a browser that makes a match or takes a seat is a person
row that its seat names."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import sqlalchemy as sa
from fastapi.testclient import TestClient

from alembic import command
from app.addresses import hashed
from engine import Rules
from tests.app.app_helpers import migrate, session_person

BEGAN = datetime(2026, 11, 20, 18, 0, tzinfo=UTC)
LAST = datetime(2026, 11, 20, 18, 5, tzinfo=UTC)
SAID_AT = LAST.timestamp()  # Maryam's "bravo", as Unix time
# a table of three as the previous release stored it: Ali made it with a 30 s clock, Maryam took
# seat 1 (her clock ran out: away) and said "bravo"; seat 2's invite is still open
SHARED = {
    "others": [
        {"secret": "maryams-secret", "invite": "invite-1", "name": "Maryam", "claimed": True},
        {"secret": "seat-2-secret", "invite": "invite-2"},
    ],
    "creator": "Ali",
    "clock": 30,
    "away": [1],
    "said": [[1, "bravo", SAID_AT]],
}


def old_match(match_id: str, players: int, level: str, seats: dict | None) -> dict:
    return {
        "id": match_id,
        "secret": f"{match_id}-own-secret",
        "seed": 7,
        "rules": json.dumps(Rules(players=players).to_dict(), sort_keys=True),
        "level": level,
        "mode": "match",
        "game": "chaharbargh",
        "status": "playing",
        "ply": 0,
        "rounds_seen": 0,
        "undos": 0,
        "bot_seed": 11,
        "seats": None if seats is None else json.dumps(seats, sort_keys=True),
        "created_at": BEGAN,
        "updated_at": LAST,
        "version": 3,
    }


def seat_rows(engine: sa.Engine, match_id: str) -> list[dict]:
    with engine.connect() as connection:
        seat = sa.Table("seat", sa.MetaData(), autoload_with=connection)
        query = sa.select(seat).where(seat.c.match_id == match_id).order_by(seat.c.seat)
        return [dict(row) for row in connection.execute(query).mappings()]


def at(value) -> datetime | None:
    """A stored time with its zone (SQLite keeps none)."""
    return value if value is None or value.tzinfo else value.replace(tzinfo=UTC)


def test_old_seats_become_rows_that_play_on_and_the_downgrade_writes_them_back(db_url, request):
    config = migrate(db_url)
    command.downgrade(config, "0013")  # the database as the previous release left it
    engine = sa.create_engine(db_url)
    with engine.begin() as connection:
        match = sa.Table("match", sa.MetaData(), autoload_with=connection)
        connection.execute(match.insert(), [old_match("shared", 3, "easy", SHARED), old_match("alone", 4, "pro", None)])
    command.upgrade(config, "head")

    shared = seat_rows(engine, "shared")
    assert [(r["seat"], r["kind"], r["level"], r["name"], r["secret_hash"], r["invite_hash"]) for r in shared] == [
        (0, "person", None, "Ali", hashed("shared-own-secret"), None),  # only hashed since migration 0022
        (1, "person", None, "Maryam", hashed("maryams-secret"), hashed("invite-1")),
        (2, "person", None, "", hashed("seat-2-secret"), hashed("invite-2")),
    ]
    assert [at(r["claimed_at"]) for r in shared] == [BEGAN, BEGAN, None]  # the JSON kept no time: the match's start
    assert [at(r["away_since"]) for r in shared] == [None, LAST, None]
    assert [(r["phrase"], at(r["phrase_at"])) for r in shared] == [
        (None, None),
        ("bravo", LAST),
        (None, None),
    ]
    alone = seat_rows(engine, "alone")
    assert [(r["kind"], r["level"]) for r in alone] == [("person", None)] + [("computer", "pro")] * 3
    assert all(r["person_id"] is None for r in shared + alone)  # nobody was a row before

    # the secrets are no longer stored: the downgrade writes new ones, and all else as it was
    command.downgrade(config, "0013")
    with engine.connect() as connection:
        stored = dict(connection.execute(sa.text("SELECT id, seats FROM match")).all())
        own = dict(connection.execute(sa.text("SELECT id, secret FROM match")).all())
    written = json.loads(stored["shared"])
    new = [(seat.pop("secret"), seat.pop("invite")) for seat in written["others"]]
    kept = [{k: v for k, v in seat.items() if k not in ("secret", "invite")} for seat in SHARED["others"]]
    assert written == {**SHARED, "others": kept} and stored["alone"] is None
    assert len({own["shared"], *(code for pair in new for code in pair)} - {"maryams-secret", "invite-2"}) == 5
    command.upgrade(config, "head")
    engine.dispose()

    app = request.getfixturevalue("app")
    with TestClient(app):
        service = app.state.service
        table = service.load("shared", new[0][0])
        assert table.seat == 1 and table.seats.away == (1,) and table.seats.clock == 30 == table.match.clock
        assert table.waiting and table.seats.name(0) == "Ali" and table.seats.last_said(1) == SAID_AT
        assert service.invited("shared", new[1][1])[1] == 2
        match, seat = service.claim("shared", new[1][1], "Sara", "sara-person")
        assert seat == 2 and not service.load("shared", new[1][0]).waiting  # the match starts
        assert service.load("alone", own["alone"]).seats.level(3) == "pro"

    claimed = seat_rows(sa.create_engine(db_url), "shared")[2]
    assert (claimed["person_id"], claimed["name"], claimed["claimed_at"] is not None) == ("sara-person", "Sara", True)


def test_a_browser_that_makes_a_match_or_takes_a_seat_is_the_person_its_seat_names(client):
    """The creator's cookie and the friend's hold two person ids; each seat's row names its own,
    and the person rows hold the name the friend gave."""
    made = client.post("/matches", data={"level": "easy", "players": "2", "seat1": "person", "name": "Ali"})
    assert made.status_code == 200
    service = client.app.state.service
    match_id, secret = str(made.url).split("/")[-2:]
    creator = session_person(client)
    invite = service.load(match_id, secret).seats.invite(1)
    with TestClient(client.app) as friend:
        friend.post(f"/m/{match_id}/join/{invite}", data={"name": "Maryam"})
        joined = session_person(friend)
    assert creator != joined
    seats = service.load(match_id, secret).seats
    assert (seats.person_of(0), seats.person_of(1)) == (creator, joined)
    with sa.create_engine(client.app.state.settings.database_url).connect() as connection:
        names = dict(connection.execute(sa.text("SELECT id, display_name FROM person")).all())
    assert names == {creator: "", joined: "Maryam"}
