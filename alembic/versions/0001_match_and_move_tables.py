"""match and move tables

Revision ID: 0001
Revises:
Create Date: 2026-11-29 15:18:32.798622

"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes

from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "match",
        sa.Column("id", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("secret", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("rules", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("level", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=16), server_default="playing", nullable=False),
        sa.Column("ply", sa.Integer(), server_default=sa.text("0"), nullable=False),
        sa.Column("rounds_seen", sa.Integer(), server_default=sa.text("0"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "move",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("move", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["match.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("match_id", "ply", name="uq_move_match_ply"),
    )
    with op.batch_alter_table("move", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_move_match_id"), ["match_id"], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("move", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_move_match_id"))
    op.drop_table("move")
    op.drop_table("match")
