"""puzzles: each puzzle's and each solver's Glicko-2 rating, and each person's tries

`puzzle_rating` holds a puzzle's rating once someone has tried it (before, the data file's first
guess stands); `puzzle_solver` a person's puzzle rating and counts; `puzzle_attempt` one row per
person and puzzle: the first try's result, the only one rated, and whether it has been solved
since (app/puzzles.py). No foreign keys: the person id is the browser's and the puzzles live in
data files, not tables. Nothing to convert. Runs the same on SQLite and PostgreSQL.

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-06 07:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0023"
down_revision: str | Sequence[str] | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _rating(name: str, key: str) -> None:
    op.create_table(
        name,
        sa.Column(key, sa.String(length=32), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
        sa.Column("tries" if name == "puzzle_rating" else "tried", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint(key),
    )


def upgrade() -> None:
    _rating("puzzle_rating", "puzzle_id")
    _rating("puzzle_solver", "person_id")
    op.create_table(
        "puzzle_attempt",
        sa.Column("person_id", sa.String(length=32), nullable=False),
        sa.Column("puzzle_id", sa.String(length=32), nullable=False),
        sa.Column("first_solved", sa.Boolean(), nullable=False),
        sa.Column("solved", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("person_id", "puzzle_id"),
    )


def downgrade() -> None:
    op.drop_table("puzzle_attempt")
    op.drop_table("puzzle_solver")
    op.drop_table("puzzle_rating")
