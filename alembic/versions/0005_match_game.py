"""match.game: which game a match plays, "chaharbargh" or "allfours"

Every row stored before this migration is a Chaharbargh match; the server default fills them
in, and a server of the previous release, still running during a rolling upgrade, inserts
Chaharbargh matches without naming the column. Runs the same on SQLite (batch mode) and PostgreSQL.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 04:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes

from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("game", sqlmodel.sql.sqltypes.AutoString(length=16), server_default="chaharbargh", nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.drop_column("game")
