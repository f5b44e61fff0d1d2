"""people: the invitations "invite again" sends

A person who asks `/me` to play again with the people of an earlier match makes a new table;
each of the others gets one `invitation` row naming the seat kept for them, listed on their
`/me` while the seat waits (app/invitations.py). The match is named by id without a foreign
key, as in `rating_history`; app/prune.py deletes a pruned match's rows. Nothing to convert.
Runs the same on SQLite and PostgreSQL.

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-06 06:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0020"
down_revision: str | Sequence[str] | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "invitation",
        sa.Column("match_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("person_id", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["person_id"], ["person.id"]),
        sa.PrimaryKeyConstraint("match_id", "seat"),
    )
    op.create_index("ix_invitation_person_id", "invitation", ["person_id"])


def downgrade() -> None:
    op.drop_index("ix_invitation_person_id", table_name="invitation")
    op.drop_table("invitation")
