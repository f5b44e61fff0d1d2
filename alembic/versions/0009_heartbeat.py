"""heartbeat: the last moment an app server was known to be alive

One row (id 1): `last_alive` is written by every app process every few seconds and once more
as it stops (app/heartbeat.py). A process that starts long after it gives every running move
clock back the time no server was up, and moves the row on by compare-and-set, so that of
several processes starting at once one gives it back. Empty (NULL) until the first server of
this release starts: then nothing is known, and nothing is given back. A server of the previous
release never reads the table. Runs the same on SQLite and PostgreSQL.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-03 09:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    heartbeat = op.create_table(
        "heartbeat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("last_alive", sa.DateTime(timezone=True), nullable=True),
    )
    op.bulk_insert(heartbeat, [{"id": 1, "last_alive": None}])


def downgrade() -> None:
    op.drop_table("heartbeat")
