"""review: a review of a finished match by the pro, for one seat, and the job that makes it

One row per (match, seat): `status` is `waiting` until a worker takes it, `working` while one
makes it (`worker` names it, `heartbeat` is when it last wrote; a job whose heartbeat is old is
taken again), then `done` with the review in `result` (JSON). `done` and `total` count the
decisions reviewed, for the page's progress bar. Any worker takes a job (`SELECT … FOR UPDATE
SKIP LOCKED` on PostgreSQL; SQLite's one writer at a time on SQLite). A server of the previous
release never reads the table. Runs the same on SQLite and PostgreSQL.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02 06:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "review",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("match_id", sa.String(length=32), sa.ForeignKey("match.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False, server_default="waiting"),
        sa.Column("done", sa.Integer(), nullable=False, server_default=sa.text("0")),
        sa.Column("total", sa.Integer(), nullable=False, server_default=sa.text("0")),
        sa.Column("worker", sa.String(length=64), nullable=True),
        sa.Column("heartbeat", sa.DateTime(timezone=True), nullable=True),
        sa.Column("result", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("match_id", "seat", name="uq_review_match_seat"),
    )
    op.create_index("ix_review_status", "review", ["status"])


def downgrade() -> None:
    op.drop_index("ix_review_status", table_name="review")
    op.drop_table("review")
