"""push: Web Push subscriptions and the notifications queued for them

`push_subscription` holds one row per device that opted in (app/push.py): its push service's
endpoint, the browser's keys, its language and the kinds turned off. `push_job` holds each
notification to send, written in the same transaction as the change that made it and deleted
once sent (app/push_send.py). Nothing to convert. Runs the same on SQLite and PostgreSQL.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-06 06:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0019"
down_revision: str | Sequence[str] | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "push_subscription",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("person_id", sa.String(length=32), nullable=False),
        sa.Column("endpoint", sa.Text(), nullable=False),
        sa.Column("p256dh", sa.String(length=128), nullable=False),
        sa.Column("auth", sa.String(length=64), nullable=False),
        sa.Column("lang", sa.String(length=8), nullable=False),
        sa.Column("off", sa.String(length=128), nullable=False, server_default=""),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["person_id"], ["person.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("endpoint"),
    )
    op.create_index("ix_push_subscription_person_id", "push_subscription", ["person_id"])
    op.create_table(
        "push_job",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("subscription_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("url", sa.String(length=128), nullable=False),
        sa.Column("name", sa.String(length=24), nullable=False),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["subscription_id"], ["push_subscription.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_push_job_subscription_id", "push_job", ["subscription_id"])
    op.create_index("ix_push_job_due_at", "push_job", ["due_at"])


def downgrade() -> None:
    op.drop_index("ix_push_job_due_at", table_name="push_job")
    op.drop_index("ix_push_job_subscription_id", table_name="push_job")
    op.drop_table("push_job")
    op.drop_index("ix_push_subscription_person_id", table_name="push_subscription")
    op.drop_table("push_subscription")
