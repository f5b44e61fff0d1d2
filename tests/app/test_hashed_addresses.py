"""Seat addresses stored hashed (app/addresses.py, migration 0022): no row holds a seat's secret
or invite code, the lists work every address out from the server's key, and the addresses handed
out before the migration still open their seats."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import sqlalchemy as sa
from fastapi.testclient import TestClient

from alembic import command
from app.addresses import hashed
from app.main import create_app
from app.push_send import TAKEN
from app.seats import watch_code
from app.settings import Settings
from engine import Rules
from tests.app.app_helpers import everything_stored, migrate, reflect

BEGAN = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


def test_no_row_holds_a_seats_secret_or_invite_once_a_match_is_made_and_taken(client):
    made = client.post("/matches", data={"level": "easy", "players": "3", "seat1": "person", "seat2": "person"})
    assert made.status_code == 200
    match_id, secret = str(made.url).split("/")[-2:]
    service = client.app.state.service
    seats = service.load(match_id, secret).seats
    invites = [seats.invite(1), seats.invite(2)]
    with TestClient(client.app) as friend:
        taken = friend.post(f"/m/{match_id}/join/{invites[0]}", data={"name": "Maryam"}, follow_redirects=False)
    friends = taken.headers["location"].split("/")[3]
    assert service.load(match_id, friends).seat == 1 and seats.secret(2) not in (None, secret, friends)
    watch = watch_code(secret)
    assert client.get(f"/m/{match_id}/watch/{watch}").status_code == 200
    stored = everything_stored(service.engine)
    assert match_id in stored  # the search does see the rows
    for code in (secret, friends, seats.secret(2), *invites, watch):
        assert code and code not in stored
    assert hashed(secret) in stored  # only its hash


def test_a_new_server_key_keeps_the_addresses_handed_out_and_gives_the_lists_new_ones(db_url):
    first = create_app(Settings(database_url=db_url, secret_key="first key")).state.service
    match = first.create("easy", 11, "table", seats=["person"])
    handed = first.secret_of(match, 1)
    other = create_app(Settings(database_url=db_url, secret_key="second key")).state.service
    assert other.load(match.id, match.secret).seat == 0 and other.load(match.id, handed).seat == 1  # by their hashes
    listed = other.secret_of(match, 1)
    assert listed != handed and other.load(match.id, listed).seat == 1  # worked out with the new key
    invite = other.load(match.id, handed).seats.invite(1) or ""  # an invite worked out with the new key
    assert other.invited(match.id, invite)[1] == 1


def old_rows(match_id: str, own: str) -> tuple[dict, list[dict]]:
    """A match of two people as the release before hashed addresses stored it: the creator's
    secret on the match row, the friend's seat with its secret and invite in clear."""
    match = {
        "id": match_id,
        "secret": own,
        "seed": 7,
        "bot_seed": None,
        "rules": json.dumps(Rules(players=2).to_dict(), sort_keys=True),
        "level": "easy",
        "mode": "match",
        "game": "chaharbargh",
        "status": "playing",
        "ply": 0,
        "rounds_seen": 0,
        "undos": 0,
        "clock": 60,
        "created_at": BEGAN,
        "updated_at": BEGAN,
        "version": 2,
    }
    seats = [
        {"seat": 0, "name": "Ali", "claimed_at": BEGAN, "secret": None, "invite": None},
        {"seat": 1, "name": "", "claimed_at": None, "secret": f"{own}-friend", "invite": f"{own}-invite"},
    ]
    seats = [{"match_id": match_id, "kind": "person", **seat} for seat in seats]
    return match, seats


def test_old_addresses_open_their_seats_after_the_migration_and_no_secret_is_left_in_clear(db_url, request):
    config = migrate(db_url)
    command.downgrade(config, "0021")  # the database as the release before hashed addresses left it
    engine = sa.create_engine(db_url)
    own = "Zx9_old-secret-of-the-creator-01"
    match, seats = old_rows("old", own)
    with engine.begin() as connection:
        tables = reflect(connection).tables
        connection.execute(tables["match"].insert(), [match])
        connection.execute(tables["seat"].insert(), seats)
        # a "your turn" queued for the friend, by the address it then carried
        connection.execute(tables["person"].insert(), [{"id": "friend", "created_at": BEGAN}])
        device = {"id": 1, "person_id": "friend", "endpoint": "https://push.example/1", "p256dh": "k", "auth": "a"}
        connection.execute(tables["push_subscription"].insert(), [{**device, "lang": "en", "created_at": BEGAN}])
        job = {"id": 1, "subscription_id": 1, "kind": "turn", "url": f"/m/old/{own}-friend", "name": "", "tries": 0}
        connection.execute(tables["push_job"].insert(), [{**job, "due_at": BEGAN, "created_at": BEGAN}])
    command.upgrade(config, "head")
    stored = everything_stored(engine)
    for clear in (own, f"{own}-friend", f"{own}-invite", watch_code(own)):
        assert clear not in stored
    with engine.connect() as connection:
        jobs = connection.execute(sa.text("SELECT match_id, seat FROM push_job")).all()
    assert [tuple(job) for job in jobs] == [("old", 1)]  # the friend's table, by match and seat
    engine.dispose()

    app = request.getfixturevalue("app")
    with TestClient(app) as client:
        service = app.state.service
        assert service.load("old", own).seat == 0 and service.load("old", f"{own}-friend").seat == 1
        assert service.invited("old", f"{own}-invite")[1] == 1  # the old invite link too
        assert client.get(f"/m/old/watch/{watch_code(own)}").status_code == 200  # and the old watch link
        assert client.get(f"/m/old/{own}").status_code == 200
        # the lists give each seat its address worked out from the key, which opens it as well
        listed = {item.seat: item.key for item in service.listed([("old", 0)]) + service.listed([("old", 1)])}
        assert own not in listed.values() and f"{own}-friend" not in listed.values()
        assert service.load("old", listed[0]).seat == 0 and service.load("old", listed[1]).seat == 1
        table = service.load("old", listed[0])
        assert client.get(f"/m/old/watch/{watch_code(table.seats.secret(0) or '')}").status_code == 200
        assert table.match.bot_seed is not None  # drawn by migration 0022 from the old secret
        # the queued notification leads to the friend's seat, by the address the lists give it
        with service.engine.connect() as connection:
            [row] = connection.execute(TAKEN, {"taken": [1]}).all()  # as the sender reads it
        assert app.state.push.url(row) == f"/m/old/{listed[1]}"
