"""device_link: one-time links that bring another device to a person

A person (a browser, app/people.py) makes a link on `/me`; another device that opens it and
says yes is that person from then on. Only the code's SHA-256 is stored; a link is good for 10
minutes and once. Nothing to convert: the table starts empty. Runs the same on SQLite and
PostgreSQL.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-04 05:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0015"
down_revision: str | Sequence[str] | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "device_link",
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("person_id", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["person_id"], ["person.id"]),
        sa.PrimaryKeyConstraint("code_hash"),
    )


def downgrade() -> None:
    op.drop_table("device_link")
