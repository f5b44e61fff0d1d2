"""Notifications at scale: slow tables, their due moves and their "your turn" pushes.

    python bench/push.py [--tables 10000] [--rate 50] [--seconds 20] [--due-rate 10] [--backlog 2000] [--write]

One process on a fresh SQLite file (migrated as `serve` migrates), running the app's own round
owner and push sender threads on the wall clock, as a server does, and a Web Push service on
127.0.0.1 (tests/app/push_service.py: it decrypts every message and checks its VAPID JWT, so it
costs what a browser's push service's front would):

1. **Tables.** ``--tables`` two-person tables of a day a move, made through `MatchService`, each
   person with a subscribed device (every person's pushes go to the local service).
2. **Backlog.** ``--backlog`` "your turn" jobs queued at once and sent: the sender's throughput.
3. **Moves.** For ``--seconds``, ``--rate`` person moves a second, each at another table (its
   move chosen beforehand: only the write is timed), each queueing one "your turn" to the other
   person. For each, the time from the move's answer to its push being accepted by the push
   service: p50, p99, worst, and any never accepted. At the same time ``--due-rate`` tables a
   second have their move clock run out (their turn set to begin a day before): the round owner
   plays for the absent seat, and its lateness is the time from the due moment to the move
   written (`move.created_at`): p50, p99, worst. Those moves' pushes count among the pushes.

Goals: a push accepted within 1 s at p99 at 50 moves a second; the round owner at most 250 ms
late at p99. Everything runs in one process on this machine's cores (the moves, the round owner,
the sender, the push service): an upper bound of what the server alone would take. ``--write``
puts the table in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from report import publish  # noqa: E402

DAY = 86400


class Receiver:
    """The push service, with the wall time each message was accepted, by the address it opens."""

    def __init__(self) -> None:
        from tests.app.push_service import PushService

        outer = self

        class Timed(PushService):
            def take(self, path: str, headers: dict[str, str], body: bytes) -> int:
                status = super().take(path, headers, body)
                outer.accepted.setdefault(self.received[-1].payload.get("url", ""), time.time())
                return status

        self.accepted: dict[str, float] = {}
        self.service = Timed()


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def migrate(url: str) -> None:
    from alembic.config import Config

    from alembic import command

    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    config.attributes["configure_logger"] = False
    command.upgrade(config, "head")


def make_tables(app: Any, count: int) -> list[tuple[str, dict[int, str], int]]:
    """`count` two-person tables of a day a move: each one's id, seat secrets and the seat to play."""
    service = app.state.service
    tables = []
    for index in range(count):
        match = service.create("easy", seats=["person"], clock=DAY, creator="A", person=f"p{index}a")
        invite = service.load(match.id, match.secret).seats.invite(1)
        claimed, _ = service.claim(match.id, invite or "", "B", f"p{index}b")
        secrets = {0: match.secret, 1: service.secret_of(claimed, 1)}
        tables.append((match.id, secrets, service.load(match.id, match.secret).turn))
    return tables


def subscribe_all(app: Any, receiver: Any, tables: list[tuple[str, dict[int, str], int]]) -> None:
    """A device for each person (made as they sat), written at once (the route's
    `Subscriptions.subscribe` writes one)."""
    from sqlalchemy import insert

    from app.db import write_transaction
    from app.push import SUB

    at = datetime.now(UTC)
    people = [f"p{i}{side}" for i in range(len(tables)) for side in "ab"]
    rows = []
    for person in people:
        device = receiver.service.subscription(person)
        rows.append({"person_id": person, **device, "lang": "en", "off": "", "created_at": at})
    with write_transaction(app.state.service.engine) as connection:
        connection.execute(insert(SUB), rows)


def queue_backlog(app: Any, tables: list[tuple[str, dict[int, str], int]], count: int) -> None:
    from sqlalchemy import insert, select

    from app.db import write_transaction
    from app.push import JOB, SUB

    at = datetime.now(UTC)
    with write_transaction(app.state.service.engine) as connection:
        ids = [row[0] for row in connection.execute(select(SUB.c.id).limit(count))]
        rows = [
            {
                "subscription_id": sid,
                "kind": "turn",
                "match_id": f"backlog-{n}",  # no such match: the sender opens the home page
                "seat": 0,
                "name": "",
                "tries": 0,
                "due_at": at,
                "created_at": at,
            }
            for n, sid in enumerate(ids)
        ]
        connection.execute(insert(JOB), rows)


def make_due(
    app: Any, tables: list[tuple[str, dict[int, str], int]], start: float, rate: float, seconds: float
) -> dict[str, datetime]:
    """Set `tables`' turns to have begun a day before a moment in the window, one every 1/`rate`
    s from `start`: their clocks run out then, and the round owner plays for them."""
    from sqlalchemy import bindparam, update

    from app.db import write_transaction
    from app.store import MATCH

    due: dict[str, datetime] = {}
    for n, (match_id, _, _) in enumerate(tables):
        due[match_id] = datetime.fromtimestamp(start + n / rate, UTC)
    statement = (
        update(MATCH)
        .where(MATCH.c.id == bindparam("match"))
        .values(updated_at=bindparam("began"), due_at=bindparam("due"), due_kind="clock")
    )
    rows = [{"match": m, "began": at - timedelta(seconds=DAY), "due": at} for m, at in due.items()]
    with write_transaction(app.state.service.engine) as connection:
        connection.execute(statement, rows)
    app.state.service._cache.clear()  # the rows changed outside a move: read them anew
    app.state.owner.nudge(min(due.values()))
    return due


def run(args: argparse.Namespace) -> dict[str, Any]:
    from app.main import create_app
    from app.settings import Settings

    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as directory:
        url = f"sqlite:///{Path(directory) / 'push.db'}"
        migrate(url)
        receiver = Receiver()
        with receiver.service as push:
            settings = Settings(
                database_url=url,
                secret_key="bench-push",
                push_services=("http://127.0.0.1",),
                review_worker=False,
                rate_moves="off",
                rate_new="off",
            )
            app = create_app(settings)
            service = app.state.service
            started = time.perf_counter()
            due_count = int(args.due_rate * args.seconds)
            tables = make_tables(app, args.tables)
            app.state.owner.run_due()  # each seat taken made its table due a "check": its reminder is worked out
            figures["setup_s"] = time.perf_counter() - started
            subscribe_all(app, receiver, tables)
            app.state.owner.start()
            app.state.push.start()
            try:
                queue_backlog(app, tables, args.backlog)
                began = time.perf_counter()
                app.state.push.nudge()
                while len(push.received) < args.backlog and time.perf_counter() - began < 600:
                    time.sleep(0.05)
                figures["backlog_rate"] = len(push.received) / (time.perf_counter() - began)
                receiver.accepted.clear()

                moved, due_tables = tables[: int(args.rate * args.seconds)], tables[-due_count:] if due_count else []
                planned = []
                for match_id, secrets, turn in moved:  # each move chosen beforehand: only the write is timed
                    loaded = service.load(match_id, secrets[turn])
                    planned.append(
                        (
                            match_id,
                            secrets[turn],
                            loaded.ply,
                            loaded.game.legal_moves(loaded.state)[0],
                            secrets[1 - turn],
                        )
                    )
                start = time.time() + 1.0
                due = make_due(app, due_tables, start, args.due_rate, args.seconds) if due_tables else {}
                answered: dict[str, float] = {}
                for n, (match_id, secret, ply, move, other) in enumerate(planned):
                    wait = start + n / args.rate - time.time()
                    if wait > 0:
                        time.sleep(wait)
                    service.play(match_id, secret, ply, move)
                    answered[f"/m/{match_id}/{other}"] = time.time()
                figures["achieved_rate"] = len(planned) / (time.time() - start)
                deadline = time.time() + 30
                expected = len(planned) + len(due)
                while len(receiver.accepted) < expected and time.time() < deadline:
                    time.sleep(0.05)
            finally:
                app.state.owner.stop()
                app.state.push.stop()
            latencies = [receiver.accepted[u] - at for u, at in answered.items() if u in receiver.accepted]
            figures["missing"] = len(answered) - len(latencies)
            lateness = due_lateness(app, due)
            for match_id, secrets, _ in due_tables:  # the round owner's moves' pushes, from the move written
                written = lateness.get(match_id)
                told = [receiver.accepted.get(f"/m/{match_id}/{secrets[s]}") for s in (0, 1)]
                if written is not None and any(told):
                    latencies.append(min(t for t in told if t) - written[1])
            figures["latencies"] = latencies
            figures["lateness"] = [late for late, _ in lateness.values()]
            figures["due"] = len(due)
            figures["due_missing"] = len(due) - len(lateness)
    return figures


def due_lateness(app: Any, due: dict[str, datetime]) -> dict[str, tuple[float, float]]:
    """For each due match played: how late its move was written, and when (wall seconds)."""
    from sqlalchemy import select

    from app.db import read_session, utc
    from app.models import MoveRow

    if not due:
        return {}
    table = MoveRow.__table__  # type: ignore[attr-defined]
    query = select(table.c.match_id, table.c.created_at).where(table.c.match_id.in_(list(due)), table.c.standin)
    with read_session(app.state.service.engine) as session:
        rows = session.connection().execute(query).all()
    return {m: ((utc(at) - due[m]).total_seconds(), utc(at).timestamp()) for m, at in rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000, help="two-person tables of a day a move")
    parser.add_argument("--rate", type=float, default=50.0, help="person moves a second")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the moves go on")
    parser.add_argument("--due-rate", type=float, default=10.0, help="tables a second whose clock runs out")
    parser.add_argument("--backlog", type=int, default=2000, help="pushes queued at once before the moves")
    parser.add_argument("--write", action="store_true", help="put the table in docs/benchmarks.md")
    args = parser.parse_args()
    if args.tables < args.rate * args.seconds + args.due_rate * args.seconds:
        parser.error("--tables must hold every move's table and every due table")
    f = run(args)
    ms = [x * 1000 for x in f["latencies"]]
    late = [x * 1000 for x in f["lateness"]]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    measured = (
        f"`python bench/push.py --tables {args.tables} --rate {args.rate:g} --seconds {args.seconds:g} "
        f"--due-rate {args.due_rate:g} --backlog {args.backlog}` on {date.today()}, {os.cpu_count()} cores "
        f"({platform.machine()}, Python {platform.python_version()}), SQLite, load average {load:.1f} at the end "
        "(the machine was shared with other work: the figures are absolute, not a comparison)"
    )
    nan = float("nan")
    columns = "tables | moves/s (achieved) | pushes | push p50 ms | p99 ms | worst ms | never"
    columns += " | due moves | late p50 ms | p99 ms | worst ms | not played | backlog sent/s | setup s"
    cells = [f"{args.tables:,}", f"{args.rate:g} ({f['achieved_rate']:.1f})", str(len(ms))]
    cells += [f"{statistics.median(ms):.0f}", f"{quantile(ms, 0.99):.0f}", f"{max(ms):.0f}", str(f["missing"])]
    cells += [str(f["due"]), f"{statistics.median(late) if late else nan:.0f}", f"{quantile(late, 0.99):.0f}"]
    cells += [
        f"{max(late) if late else nan:.0f}",
        str(f["due_missing"]),
        f"{f['backlog_rate']:.0f}",
        f"{f['setup_s']:.0f}",
    ]
    table = [f"| {columns} |", "|" + "---|" * len(cells), "| " + " | ".join(cells) + " |"]
    publish("push", "Notifications: slow tables' moves and their pushes", measured, table, args.write)


if __name__ == "__main__":
    main()
