"""passkey: passkeys that bring a person to any device, and their single-use challenges

A person (app/people.py) may add passkeys on `/me` and sign in with one elsewhere
(app/passkeys.py). A passkey row holds the credential's id, public key and sign count, nothing
secret; a challenge row lives from the ceremony's options until it is used or five minutes
pass. Nothing to convert: both tables start empty. Runs the same on SQLite and PostgreSQL.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-06 04:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0017"
down_revision: str | Sequence[str] | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "passkey",
        sa.Column("id", sa.String(length=1400), nullable=False),
        sa.Column("person_id", sa.String(length=32), nullable=False),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.BigInteger(), nullable=False),
        sa.Column("label", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["person_id"], ["person.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_passkey_person_id", "passkey", ["person_id"])
    op.create_table(
        "passkey_challenge",
        sa.Column("challenge", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("person_id", sa.String(length=32), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("challenge"),
    )
    op.create_index("ix_passkey_challenge_expires_at", "passkey_challenge", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_passkey_challenge_expires_at", table_name="passkey_challenge")
    op.drop_table("passkey_challenge")
    op.drop_index("ix_passkey_person_id", table_name="passkey")
    op.drop_table("passkey")
