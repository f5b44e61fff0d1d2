"""seat and person tables; match.clock: who sits at a match, one row a seat, out of the JSON column

`match.seats` (JSON: the seats after the creator's, the creator's name, the move clock, the away
seats, the last phrases) becomes a `seat` row for every seat, 0 to the rules' count (app/seats.py
reads them), and `match.clock`. Every row is converted: a match whose column was empty has a
person at seat 0 and computers at its level elsewhere. A seat taken through its invite, and seat
0, count as taken from the time the match began (the JSON kept no time); an away seat is away
from the match's last write; a phrase keeps its time. `person` rows are made by the server when a
browser takes a seat: seats from before have no person (their cookies still list them). Runs the
same on SQLite (in place) and PostgreSQL; the downgrade writes the JSON column back.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-04 04:30:00

"""

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from alembic import op

revision: str = "0014"
down_revision: str | Sequence[str] | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MATCH = sa.table(
    "match",
    sa.column("id", sa.String),
    sa.column("level", sa.String),
    sa.column("rules", sa.String),
    sa.column("seats", sa.Text),
    sa.column("clock", sa.Integer),
    sa.column("created_at", sa.DateTime(timezone=True)),
    sa.column("updated_at", sa.DateTime(timezone=True)),
)
SEAT_COLUMNS = ("kind", "level", "person_id", "secret", "invite", "name", "claimed_at", "away_since")
SEAT = sa.table(
    "seat",
    sa.column("match_id", sa.String),
    sa.column("seat", sa.Integer),
    *(sa.column(name) for name in SEAT_COLUMNS),
    sa.column("phrase", sa.String),
    sa.column("phrase_at", sa.DateTime(timezone=True)),
)


def seat_rows(match: Any) -> list[dict[str, Any]]:
    """The seat rows of one match row, from its JSON column (None: one person, computers at its level)."""
    data = json.loads(match.seats) if match.seats else {}
    others = data.get("others", [])
    players = max(int(json.loads(match.rules).get("players", 2)), 1 + len(others))
    away, said = set(data.get("away", ())), {int(s): (key, at) for s, key, at in data.get("said", ())}
    rows = []
    for seat in range(players):
        kept = {} if seat == 0 else (others[seat - 1] if seat <= len(others) else {"level": match.level})
        person = seat == 0 or kept.get("level") is None
        phrase = said.get(seat)
        rows.append(
            {
                "match_id": match.id,
                "seat": seat,
                "kind": "person" if person else "computer",
                "level": None if person else kept["level"],
                "person_id": None,
                "secret": kept.get("secret"),
                "invite": kept.get("invite"),
                "name": data.get("creator", "") if seat == 0 else kept.get("name", ""),
                "claimed_at": match.created_at if seat == 0 or kept.get("claimed") else None,
                "away_since": match.updated_at if seat in away else None,
                "phrase": phrase[0] if phrase else None,
                "phrase_at": datetime.fromtimestamp(float(phrase[1]), UTC) if phrase else None,
            }
        )
    return rows


def upgrade() -> None:
    op.create_table(
        "person",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("display_name", sa.String(length=24), server_default="", nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "seat",
        sa.Column("match_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("level", sa.String(length=16), nullable=True),
        sa.Column("person_id", sa.String(length=32), nullable=True),
        sa.Column("secret", sa.String(length=64), nullable=True),
        sa.Column("invite", sa.String(length=64), nullable=True),
        sa.Column("name", sa.String(length=24), server_default="", nullable=False),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("away_since", sa.DateTime(timezone=True), nullable=True),
        sa.Column("phrase", sa.String(length=16), nullable=True),
        sa.Column("phrase_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["match_id"], ["match.id"]),
        sa.ForeignKeyConstraint(["person_id"], ["person.id"]),
        sa.PrimaryKeyConstraint("match_id", "seat"),
    )
    op.create_index("ix_seat_person_id", "seat", ["person_id"], unique=False)
    with op.batch_alter_table("match", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("clock", sa.Integer(), server_default=sa.text("0"), nullable=False))
    connection = op.get_bind()
    columns = (MATCH.c.id, MATCH.c.level, MATCH.c.rules, MATCH.c.seats, MATCH.c.created_at, MATCH.c.updated_at)
    matches = connection.execute(sa.select(*columns)).all()
    rows = [row for match in matches for row in seat_rows(match)]
    for start in range(0, len(rows), 500):
        connection.execute(SEAT.insert(), rows[start : start + 500])
    for match in matches:
        clock = json.loads(match.seats).get("clock", 0) if match.seats else 0
        if clock:
            connection.execute(MATCH.update().where(MATCH.c.id == match.id).values(clock=clock))
    with op.batch_alter_table("match", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("seats")


def seats_json(match: Any, rows: list[Any]) -> str | None:
    """The JSON column of one match, from its seat rows (as app/seats.py wrote it before)."""
    by_seat = {row.seat: row for row in rows}
    creator = by_seat[0].name if 0 in by_seat else ""
    others = []
    for seat in sorted(s for s in by_seat if s > 0):
        row = by_seat[seat]
        kept = {"level": row.level, "secret": row.secret, "invite": row.invite, "name": row.name}
        kept["claimed"] = row.kind == "person" and row.claimed_at is not None
        others.append({k: v for k, v in kept.items() if v not in (None, "", False)})
    if not creator and not match.clock and all(o.get("level") == match.level for o in others):
        return None
    said = [
        [row.seat, row.phrase, row.phrase_at.replace(tzinfo=row.phrase_at.tzinfo or UTC).timestamp()]
        for row in rows
        if row.phrase and row.phrase_at is not None
    ]
    data = {
        "others": others,
        "creator": creator,
        "clock": match.clock,
        "away": [row.seat for row in rows if row.away_since is not None],
        "said": said,
    }
    return json.dumps({k: v for k, v in data.items() if v or k in ("others", "creator")}, sort_keys=True)


def downgrade() -> None:
    with op.batch_alter_table("match", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("seats", sa.Text(), nullable=True))
    connection = op.get_bind()
    seats: dict[str, list[Any]] = {}
    for row in connection.execute(sa.select(SEAT).order_by(SEAT.c.match_id, SEAT.c.seat)):
        seats.setdefault(row.match_id, []).append(row)
    for match in connection.execute(sa.select(MATCH.c.id, MATCH.c.level, MATCH.c.clock)).all():
        text = seats_json(match, seats.get(match.id, []))
        if text is not None:
            connection.execute(MATCH.update().where(MATCH.c.id == match.id).values(seats=text))
    with op.batch_alter_table("match", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("clock")
    op.drop_index("ix_seat_person_id", table_name="seat")
    op.drop_table("seat")
    op.drop_table("person")
