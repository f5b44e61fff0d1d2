"""move.standin: the computer played this move for a person whose move clock ran out

False for every move a seat's own player made (a person, or a computer seat), and for every
move stored before this migration. A review leaves a stand-in move out of the person's verdicts
and accuracy, and the table's log says the computer played it (app/service.py `_play_for`). A
server of the previous release never writes the column: its moves get the server default.
Runs the same on SQLite (batch mode) and PostgreSQL.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-03 14:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("move", schema=None) as batch_op:
        batch_op.add_column(sa.Column("standin", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("move", schema=None) as batch_op:
        batch_op.drop_column("standin")
