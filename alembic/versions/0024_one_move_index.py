"""one index on a match's moves: drop `ix_move_match_id`

The move table's unique (match_id, ply) already orders every match's moves by ply, and every
query that asks for a match's moves (its replay from a ply, its last move's time, pruning, the
foreign key's check when a match is deleted) uses that index's first column as well as it used
the index on match_id alone. The second index only cost every move one more page written (on
SQLite, one more page in the write-ahead log synced with the move). Nothing to convert. Runs the
same on SQLite and PostgreSQL.

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-06 10:00:00

"""

from collections.abc import Sequence

from alembic import op

revision: str = "0024"
down_revision: str | Sequence[str] | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_index("ix_move_match_id", table_name="move")


def downgrade() -> None:
    op.create_index("ix_move_match_id", "move", ["match_id"], unique=False)
