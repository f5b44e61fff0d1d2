"""match.mode ("match" or "practice": one round with hints and undo) and match.undos

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 17:30:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes

from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Existing rows are matches; the server default fills them in."""
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("mode", sqlmodel.sql.sqltypes.AutoString(length=16), server_default="match", nullable=False)
        )
        batch_op.add_column(sa.Column("undos", sa.Integer(), server_default=sa.text("0"), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.drop_column("undos")
        batch_op.drop_column("mode")
