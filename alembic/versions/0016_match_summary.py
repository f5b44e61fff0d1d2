"""match.totals, match.winner, match.finished_at, match.surs: a match's summary on its row

With `status` they are the summary the lists of matches read (the history page and its
statistics, `/me`, the home page), so that no list replays a match (app/summary.py): `totals`
and `surs` hold a number a side (JSON), `winner` the side that won (a practice's: the side that
scored the most in its round, None on a tie), `finished_at` when it ended. Every move, sheet or
undo writes them in its own transaction.

Every stored match gets its summary here, replayed from its moves with the engine: the choice
between this and filling a row on its first read. The migration imports `engine.games` and
nothing of `app/`: the app's modules follow the newest schema and would be the fragile part,
while the engine is what replays every stored match every day (it must play old matches as
they were played), and its protocol (`new_match`, `apply`, `winner`, `totals`,
`SurCounter.surs`) is all that is used. Replaying here keeps the lists' one way of reading a
row, and a deploy's cost is paid once, before the first request, not by the first person to
open a list. What it cannot replay (a game no longer registered, a record the engine refuses)
keeps an empty summary; so does a row an older server writes while a new one already runs: the
app fills those the first time a list reads them (`Store.listed`). The rule for a practice's
winner is a copy of app/summary.py's. A finished match finished with its last move. Runs the
same on SQLite (in place) and PostgreSQL; the downgrade drops the columns.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-06 04:00:00

"""

import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from alembic import op

revision: str = "0016"
down_revision: str | Sequence[str] | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MATCH = sa.table(
    "match",
    sa.column("id", sa.String),
    sa.column("seed", sa.BigInteger),
    sa.column("rules", sa.Text),
    sa.column("mode", sa.String),
    sa.column("game", sa.String),
    sa.column("ply", sa.Integer),
    sa.column("updated_at", sa.DateTime(timezone=True)),
    sa.column("status", sa.String),
    sa.column("totals", sa.Text),
    sa.column("winner", sa.Integer),
    sa.column("finished_at", sa.DateTime(timezone=True)),
    sa.column("surs", sa.Text),
)
MOVE = sa.table(
    "move",
    sa.column("match_id", sa.String),
    sa.column("ply", sa.Integer),
    sa.column("move", sa.String),
    sa.column("created_at", sa.DateTime(timezone=True)),
)


def summary(match: Any, moves: list[Any]) -> dict[str, Any] | None:
    """The summary columns of one match row, replayed from its `moves` (in order); None if the
    engine cannot replay it."""
    from engine import games
    from engine.game import SurCounter

    try:
        game = games.get(match.game)
        state = game.new_match(match.seed, game.rules_from_dict(json.loads(match.rules)))
        for move in moves:
            state = game.apply(state, game.parse_move(move.move))
    except (LookupError, ValueError):
        return None
    totals, winner = list(game.totals(state)), game.winner(state)
    practice = match.mode == "practice"
    over = winner is not None or (practice and game.rounds_played(state) > 0)
    if over and practice:
        best = max(totals)
        winner = totals.index(best) if totals.count(best) == 1 else None
    return {
        "status": "over" if over else "playing",
        "totals": json.dumps(totals),
        "winner": winner if over else None,
        "finished_at": (moves[-1].created_at if moves else match.updated_at) if over else None,
        "surs": json.dumps(list(game.surs(state))) if isinstance(game, SurCounter) else None,
    }


def upgrade() -> None:
    with op.batch_alter_table("match", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("totals", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("winner", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("surs", sa.Text(), nullable=True))
    connection = op.get_bind()
    columns = (MATCH.c.id, MATCH.c.seed, MATCH.c.rules, MATCH.c.mode, MATCH.c.game, MATCH.c.ply, MATCH.c.updated_at)
    moves_of = sa.select(MOVE.c.move, MOVE.c.created_at).where(MOVE.c.match_id == sa.bindparam("match_id"))
    for match in connection.execute(sa.select(*columns)).all():
        moves = connection.execute(moves_of.order_by(MOVE.c.ply), {"match_id": match.id}).all()
        values = summary(match, moves) if len(moves) == match.ply else None
        if values is not None:
            connection.execute(MATCH.update().where(MATCH.c.id == match.id).values(values))


def downgrade() -> None:
    # SQLite drops a column in place (3.35 on): copying the table is refused while the moves,
    # seats and reviews refer to it
    with op.batch_alter_table("match", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("surs")
        batch_op.drop_column("finished_at")
        batch_op.drop_column("winner")
        batch_op.drop_column("totals")
