"""mistakes: which of a person's reviewed mistakes they have practised until solved

`solved_mistake` holds one row per person and decision (match, seat, ply) once the person has
found a move within the good band there (app/mistakes.py); their queue is every mistake and
blunder of their reviews without a row. No foreign keys: the person id is the browser's and the
match may be pruned. Nothing to convert. Runs the same on SQLite and PostgreSQL.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-06 06:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0021"
down_revision: str | Sequence[str] | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "solved_mistake",
        sa.Column("person_id", sa.String(length=32), nullable=False),
        sa.Column("match_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("ply", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("person_id", "match_id", "seat", "ply"),
    )


def downgrade() -> None:
    op.drop_table("solved_mistake")
