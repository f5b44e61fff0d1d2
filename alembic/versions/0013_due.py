"""match.due_at, match.due_kind: what a table waits for that no person does, and when; match.version

`version` counts every change a table shows (0 for every match before it; each write adds one).

Every write of a match sets them in its own transaction (app/service.py): the computer seat's
move after its pause ("computer"), the move of a person whose move clock runs out then
("clock"), or nothing. Every process's round owner (app/round_owner.py) takes the rows due,
by the index on `due_at`, and plays them. Matches in play when this migration runs get
"check" due from the start of their turn: the first round owner to start looks at each and works out its real due time
(the engine is needed for that, and a migration keeps no copy of it). A server of the
previous release never writes the columns: its moves leave them as they were, and a round
owner that takes such a row only finds the table's own due again. Runs the same on SQLite
(batch mode) and PostgreSQL.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-03 17:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # in place on SQLite too (ALTER TABLE ADD COLUMN): copying the table is refused while the
    # moves and reviews refer to it
    with op.batch_alter_table("match", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("due_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("due_kind", sa.String(length=16), nullable=True))
        batch_op.create_index("ix_match_due_at", ["due_at"], unique=False)
        batch_op.add_column(sa.Column("version", sa.Integer(), server_default=sa.text("0"), nullable=False))
    match = sa.table(
        "match", sa.column("status", sa.String), sa.column("updated_at"), sa.column("due_at"), sa.column("due_kind")
    )
    # due since the turn began: whatever the clock says now, the round owner looks at once
    op.execute(match.update().where(match.c.status == "playing").values(due_at=match.c.updated_at, due_kind="check"))


def downgrade() -> None:
    # SQLite drops a column in place (3.35 on): copying the table, as batch mode would, is
    # refused while the moves and reviews refer to it
    with op.batch_alter_table("match", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("version")
        batch_op.drop_index("ix_match_due_at")
        batch_op.drop_column("due_kind")
        batch_op.drop_column("due_at")
