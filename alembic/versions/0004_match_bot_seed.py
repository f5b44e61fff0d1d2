"""match.bot_seed: the computer's and the hints' own random seed, drawn apart from the deal's

Until now the computer's moves and the practice hints were seeded from `match.seed`, the deal's
secret seed. New matches get 62 random bits of their own (`app.models.Match.bot_seed`). Rows
already stored get one derived from their id and secret (62 bits of SHA-256, the rule of
`app.models.derived_bot_seed`, copied here so that this migration never changes with the app):
fixed for each match, unrelated to its deal, and not to be worked out from the public id alone.
Only the random choices still to come change; the moves already stored are what they were.

The column stays nullable: a server of the previous release, still running during a rolling
upgrade, inserts matches without it, and `app.models.bot_seed_of` derives theirs the same way.
Plain SQL and Python only, so it runs the same on SQLite (batch mode) and PostgreSQL.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02 03:30:00

"""

import hashlib
from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BATCH = 1000


def derived_bot_seed(match_id: str, secret: str) -> int:
    """The same rule as app.models.derived_bot_seed (tests/app/test_bot_seed.py checks it)."""
    digest = hashlib.sha256(f"chaharbargh bot seed\n{match_id}\n{secret}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def upgrade() -> None:
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.add_column(sa.Column("bot_seed", sa.BigInteger(), nullable=True))
    bind = op.get_bind()
    match = sa.table("match", sa.column("id", sa.String), sa.column("secret", sa.String), sa.column("bot_seed"))
    pending = sa.select(match.c.id, match.c.secret).where(match.c.bot_seed.is_(None)).limit(BATCH)
    fill = match.update().where(match.c.id == sa.bindparam("match_id")).values(bot_seed=sa.bindparam("seed"))
    while rows := bind.execute(pending).all():
        bind.execute(fill, [{"match_id": i, "seed": derived_bot_seed(i, s)} for i, s in rows])


def downgrade() -> None:
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.drop_column("bot_seed")
