"""salt: each match's secret salt, the last part of the commitment shown before its first card

`salt` is 32 lower-case hex digits (128 random bits) drawn with the seed when a match is made;
the table shows the SHA-256 of the match's game, rules, seed, bot seed and salt
(engine/fairness.py), and the salt is revealed with the seeds in the finished match's record.
Empty (NULL) for every older row and for a practice: those matches made no commitment and cannot
be proved. A server of the previous release never reads the column. Runs the same on SQLite
and PostgreSQL.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-03 14:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("match", sa.Column("salt", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("match") as batch:
        batch.drop_column("salt")
