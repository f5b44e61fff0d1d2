"""rating: each person's rating per game and seat count, its history, and casual matches

A finished match with a person in it is rated (app/ratings.py) unless its creator ticked
"casual" (`match.casual`, false for every existing row). `rating` holds a person's current
rating per game and seat count; `rating_history` one row per person and rated match, whose key
is also what makes a match's rating apply once. The history names its match by id without a
foreign key and holds what the list of results shows, so pruning an old match (app/prune.py)
leaves the person's history whole. Nothing to convert: matches finished before this revision
were never rated. Runs the same on SQLite and PostgreSQL.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-06 05:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0018"
down_revision: str | Sequence[str] | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("match", schema=None, recreate="never") as batch:
        batch.add_column(sa.Column("casual", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "rating",
        sa.Column("person_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=16), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=True),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["person_id"], ["person.id"]),
        sa.PrimaryKeyConstraint("person_id", "game", "seats"),
    )
    op.create_table(
        "rating_history",
        sa.Column("person_id", sa.String(length=32), nullable=False),
        sa.Column("match_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=16), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("before", sa.Float(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("against", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["person_id"], ["person.id"]),
        sa.PrimaryKeyConstraint("person_id", "match_id"),
    )
    op.create_index("ix_rating_history_person_number", "rating_history", ["person_id", "game", "seats", "number"])


def downgrade() -> None:
    op.drop_index("ix_rating_history_person_number", table_name="rating_history")
    op.drop_table("rating_history")
    op.drop_table("rating")
    with op.batch_alter_table("match", schema=None, recreate="never") as batch:
        batch.drop_column("casual")
