"""match.seed as a 64-bit integer (BIGINT)

Seeds are 62 random bits. SQLite stores any INTEGER in 64 bits, so 0001's `Integer` went
unnoticed there; PostgreSQL's `integer` is 32 bits and refused every new match. Batch mode
rebuilds the table on SQLite (where the data is kept as it is) and is a plain
`ALTER COLUMN ... TYPE bigint` on PostgreSQL.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 03:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.alter_column("seed", existing_type=sa.Integer(), type_=sa.BigInteger(), existing_nullable=False)


def downgrade() -> None:
    """Only for databases whose seeds all fit in 32 bits (PostgreSQL refuses the others)."""
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.alter_column("seed", existing_type=sa.BigInteger(), type_=sa.Integer(), existing_nullable=False)
