"""hashed addresses: no seat's secret or invite code is stored in clear any more

Every person seat's row gets a `nonce`, from which the server works out the seat's address
secret and invite code with its own key (app/addresses.py), and keeps only their SHA-256
(`secret_hash`, `invite_hash`). The secrets stored in clear (`match.secret`, seat 0's address;
`seat.secret` and `seat.invite`, the other person seats') are turned into those hashes and their
columns dropped, so every link handed out before still opens its seat; the lists show such a seat
its new address, worked out from the nonce, which opens it too. A match's watch link was made from
`match.secret`: the hash of its code is kept (`match.watch_hash`) so it still opens. A row
without a bot seed gets the one the server derived from its id and secret (migration 0004's rule).
A queued notification names its table by match and seat (`push_job.match_id`, `push_job.seat`)
instead of by address; the sender works the address out.

The downgrade cannot bring back secrets that are no longer stored: it gives every person seat a
new random address and invite code, so links handed out before it stop opening, and drops the
notifications still queued (they would lead to those). Runs the same on
SQLite (in place) and PostgreSQL.

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-06 07:00:00

"""

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence

import sqlalchemy as sa

from alembic import op

revision: str = "0022"
down_revision: str | Sequence[str] | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BATCH = 500


def hashed(secret: str) -> str:
    """app/addresses.py's `hashed`, copied so this migration never changes with the app."""
    return hashlib.sha256(secret.encode()).hexdigest()


def watch_code(match_secret: str) -> str:
    """app/seats.py's `watch_code` as it was when the match's own secret made it."""
    digest = hmac.new(match_secret.encode(), b"chaharbargh watch link", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def derived_bot_seed(match_id: str, secret: str) -> int:
    """app/models.py's `derived_bot_seed` (migration 0004's rule)."""
    digest = hashlib.sha256(f"chaharbargh bot seed\n{match_id}\n{secret}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def _in_batches(table: sa.Table, key: tuple[str, ...], rows: list[dict]) -> None:
    """Update `rows` of `table`: each names its row by the columns `key` (prefixed `b_`, apart
    from the columns it sets)."""
    where = [table.c[name] == sa.bindparam(f"b_{name}") for name in key]
    statement = table.update().where(*where)
    for start in range(0, len(rows), BATCH):
        op.get_bind().execute(statement, rows[start : start + BATCH])


def upgrade() -> None:
    with op.batch_alter_table("seat", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("nonce", sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column("secret_hash", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("invite_hash", sa.String(length=64), nullable=True))
    with op.batch_alter_table("match", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("watch_hash", sa.String(length=64), nullable=True))
    match = sa.table(
        "match",
        sa.column("id", sa.String),
        sa.column("secret", sa.String),
        sa.column("bot_seed", sa.BigInteger),
        sa.column("watch_hash", sa.String),
    )
    seat = sa.table(
        "seat",
        *(sa.column(name, sa.String) for name in ("match_id", "kind", "secret", "invite")),
        sa.column("seat", sa.Integer),
        *(sa.column(name, sa.String) for name in ("nonce", "secret_hash", "invite_hash")),
    )
    connection = op.get_bind()
    owned: dict[str, str] = {}
    matches = []
    for row in connection.execute(sa.select(match.c.id, match.c.secret, match.c.bot_seed)):
        owned[row.id] = row.secret
        bot_seed = row.bot_seed if row.bot_seed is not None else derived_bot_seed(row.id, row.secret)
        matches.append({"b_id": row.id, "watch_hash": hashed(watch_code(row.secret)), "bot_seed": bot_seed})
    _in_batches(match, ("id",), matches)
    seats = []
    query = sa.select(seat.c.match_id, seat.c.seat, seat.c.secret, seat.c.invite).where(seat.c.kind == "person")
    for row in connection.execute(query):
        secret = owned.get(row.match_id) if row.seat == 0 else row.secret
        seats.append(
            {
                "b_match_id": row.match_id,
                "b_seat": row.seat,
                "nonce": secrets.token_urlsafe(12),
                "secret_hash": hashed(secret) if secret else None,
                "invite_hash": hashed(row.invite) if row.invite and row.seat else None,
            }
        )
    _in_batches(seat, ("match_id", "seat"), seats)
    _name_the_jobs_tables({row["secret_hash"]: (row["b_match_id"], row["b_seat"]) for row in seats})
    with op.batch_alter_table("seat", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("secret")
        batch_op.drop_column("invite")
    with op.batch_alter_table("match", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("secret")


def _name_the_jobs_tables(seat_of: dict[str | None, tuple[str, int]]) -> None:
    """Each queued notification's address (`/m/{id}/{secret}`) as the match and seat it opens
    (`seat_of`: by the secret's hash); one whose seat is gone leads to the creator's."""
    with op.batch_alter_table("push_job", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("match_id", sa.String(length=32), server_default="", nullable=False))
        batch_op.add_column(sa.Column("seat", sa.Integer(), server_default=sa.text("0"), nullable=False))
    job = sa.table("push_job", sa.column("id", sa.Integer), sa.column("url", sa.String))
    jobs = []
    for row in op.get_bind().execute(sa.select(job.c.id, job.c.url)):
        parts = row.url.split("/")
        match_id, secret = (parts[2], parts[3]) if len(parts) > 3 else ("", "")
        jobs.append({"b_id": row.id, "match_id": match_id, "seat": seat_of.get(hashed(secret), (match_id, 0))[1]})
    job = sa.table("push_job", sa.column("id", sa.Integer), sa.column("match_id", sa.String), sa.column("seat"))
    _in_batches(job, ("id",), jobs)
    with op.batch_alter_table("push_job", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("url")


def downgrade() -> None:
    op.execute("DELETE FROM push_job")
    with op.batch_alter_table("push_job", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("url", sa.String(length=128), server_default="", nullable=False))
        batch_op.drop_column("seat")
        batch_op.drop_column("match_id")
    with op.batch_alter_table("match", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("secret", sa.String(length=64), server_default="", nullable=False))
    with op.batch_alter_table("seat", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("secret", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("invite", sa.String(length=64), nullable=True))
    match = sa.table("match", sa.column("id", sa.String), sa.column("secret", sa.String))
    seat = sa.table(
        "seat",
        *(sa.column(name, sa.String) for name in ("match_id", "kind", "secret", "invite")),
        sa.column("seat", sa.Integer),
    )
    connection = op.get_bind()
    ids = connection.execute(sa.select(match.c.id)).scalars().all()
    _in_batches(match, ("id",), [{"b_id": i, "secret": secrets.token_urlsafe(24)} for i in ids])
    query = sa.select(seat.c.match_id, seat.c.seat).where(seat.c.kind == "person", seat.c.seat > 0)
    rows = [
        {"b_match_id": m, "b_seat": n, "secret": secrets.token_urlsafe(24), "invite": secrets.token_urlsafe(24)}
        for m, n in connection.execute(query).all()
    ]
    _in_batches(seat, ("match_id", "seat"), rows)
    with op.batch_alter_table("match", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("watch_hash")
    with op.batch_alter_table("seat", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("invite_hash")
        batch_op.drop_column("secret_hash")
        batch_op.drop_column("nonce")
