"""review.person, review.address, review.taken_at: who asked for a review, and when a worker took it

`person` is the asking browser's person id (kept in its signed session cookie, app/sessions.py)
and `address` its client address as the rate limits count it (`app.limits.client_of`: IPv4, or
an IPv6 /64). They bound how many reviews one person and one address may have waiting or
working at once, and the workers take jobs round-robin by them (app/reviews.py): the next job
is one of the address, then of the person at it, whose last job was taken longest ago;
`taken_at` is when a worker last took the job. Reviews stored before this migration have none
of the three: they count against nobody and share one turn. An index on each owner with
`taken_at` finds an owner's last taken job without reading its others.

A server of the previous release never writes the columns: its reviews count against nobody.
Runs the same on SQLite (batch mode) and PostgreSQL.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-03 09:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("review", schema=None) as batch_op:
        batch_op.add_column(sa.Column("person", sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column("address", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("taken_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_review_person_taken", "review", ["person", "taken_at"])
    op.create_index("ix_review_address_taken", "review", ["address", "taken_at"])


def downgrade() -> None:
    op.drop_index("ix_review_address_taken", table_name="review")
    op.drop_index("ix_review_person_taken", table_name="review")
    with op.batch_alter_table("review", schema=None) as batch_op:
        batch_op.drop_column("taken_at")
        batch_op.drop_column("address")
        batch_op.drop_column("person")
