"""match.seats: who sits at each seat, a person or a computer at a level

JSON text, one entry a seat (app/seats.py): a person seat has its own secret and, until it is
claimed, an invite code; a computer seat its level. Empty for every match stored before this
migration and for a match with one person (seat 0) among computers at the match's level: those
seat what they always did. A server of the previous release never writes the column and reads
a shared table as one with computers in the other seats (it refuses nobody's secret but seat 0's,
since it checks only the match's own). Runs the same on SQLite (batch mode) and PostgreSQL.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01 22:40:00

"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seats", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.drop_column("seats")
