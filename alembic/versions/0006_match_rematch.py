"""match.rematch: the id of the match a finished match's rematch made

A rematch of the same match asked again (a double click, a retried request, a second tab) leads
to that match instead of storing another. Rows stored before this migration have none: their
first rematch after it is stored and noted as usual. A server of the previous release, still
running during a rolling upgrade, never writes the column. Runs the same on SQLite (batch mode)
and PostgreSQL.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 16:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes

from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.add_column(sa.Column("rematch", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.drop_column("rematch")
