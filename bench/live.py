"""Live tables: many open event streams, moves at a steady rate, and how soon each move reaches
the other people at its table.

    python bench/live.py [--tables 250] [--rate 10] [--seconds 30] [--database sqlite|postgres] [--workers 1] [--write]
    python bench/live.py --watchers 450 [--rate 5] [--seconds 15] [--code DIR] [--write]

Starts the app as the README does (`python3 scripts/dev.py serve`, its flags, with
`--limit-concurrency 5000`: every open stream counts against it, and the serve command's 500
would refuse the 501st) on a fresh SQLite file or a throwaway PostgreSQL cluster, then:

1. **Baseline.** A person alone with a computer plays for ``--baseline`` seconds, as bench/web.py
   plays (a move and the computer's answer: one round trip), before any stream is open: its
   latency and the server's CPU per round trip.
2. **Tables.** ``--tables`` four-seat tables, every seat a person (made through `MatchService` on
   the same database: an invite taken for each of seats 1-3), no move clock.
3. **Streams.** Every seat of every table opens its event stream (`GET /m/{id}/{secret}/events`,
   a raw socket each, as many as 4 × tables): the server's memory (RSS of its processes) before
   and after gives the memory per open stream.
4. **Moves.** ``--rate`` moves a second, each made by the seat to play at one table after another
   (a legal move by the engine, posted as the browser posts it); a round's sheet is closed at
   once. First ``--warmup`` seconds of moves untimed: each server process meets each table for
   the first time then (its first read of a match replays it; the templates compile). For each
   move, the time from its answer arriving to each of the three other seats'
   streams bringing the table at that ply (its `#game[data-ply]`): p50, p99 and the worst, and any event
   that never came; the move's own latency and the server's CPU per move (four tables rendered,
   one per open stream, the mover's own included), beside the baseline's.

**Watchers** (``--watchers N``): one four-person table and N spectators' streams on it (its
watch link, a raw socket each). Moves at ``--rate`` for ``--seconds`` with no spectator, then
with the N, then with none again: the server's CPU per move in each, the ratio of the middle one
to the two others' mean, and how soon each spectator had each move. The server's stream budget
is lifted for it (`NO_LIMITS`: every stream from one address). ``--code DIR`` serves another
checkout's app (the main a change started from), so both can be measured on one machine.

Everything runs on this machine's cores, the client (1,000 sockets in one asyncio loop) included,
so the figures are an upper bound of what the server alone would take. ``--write`` puts the
table in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from report import publish  # noqa: E402
from web import (  # noqa: E402
    GAME,
    HTMX,
    Server,
    cluster_for,
    code_version,
    group_cpu,
    percentile,
    pg_version,
    round_trips,
    start_app,
)

SEATS = 4


def group_rss_mib(server: Server) -> float:
    """The resident memory of the server's processes (its process group), in MiB (Linux's /proc)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) != server.process.pid:
                continue
            status = (stat.parent / "status").read_text()
        except (OSError, IndexError):
            continue
        total += next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
    return total / 1024


PLY = re.compile(rb'data-ply="(\d+)"')  # a table's ply, in the first line of its event that names one


@dataclass
class Table:
    """One four-person table: its id, each seat's secret, and the match as the bench has moved it."""

    index: int
    match_id: str
    secrets: list[str]
    state: Any
    version: str
    busy: bool = False
    over: bool = False


def make_tables(database_url: str, count: int) -> list[Table]:
    from app.db import make_engine
    from app.service import MatchService

    service = MatchService(make_engine(database_url))
    tables = []
    for index in range(count):
        match = service.create("easy", players=SEATS, seats=["person"] * (SEATS - 1), clock=0)
        secrets = [match.secret]
        for seat in range(1, SEATS):
            invite = service.load(match.id, match.secret).seats.invite(seat)
            claimed, _ = service.claim(match.id, invite or "", f"P{seat + 1}")
            secrets.append(service.secret_of(claimed, seat))
        loaded = service.load(match.id, match.secret)
        tables.append(Table(index, match.id, secrets, loaded.state, loaded.version))
    service.engine.dispose()
    return tables


@dataclass
class Streams:
    """The open streams' news: when each (table, seat) first saw each ply."""

    arrivals: dict[tuple[int, int, int], float] = field(default_factory=dict)
    connected: int = 0
    closed: int = 0


def seat_path(table: Table, seat: int) -> str:
    return f"/m/{table.match_id}/{table.secrets[seat]}/events?v={table.version}"


async def listen(host: str, port: int, path: str, who: tuple[int, int], streams: Streams) -> None:
    """One stream at `path`: when it first saw each ply (its table's `#game[data-ply]`), as
    `(*who, ply)` in `arrivals` (`who`: a table and a seat, or a spectator's number and 0)."""
    reader, writer = await asyncio.open_connection(host, port, limit=2**22)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    seen = True  # the event's table's ply has been read (its `#game[data-ply]`, the first in it)
    try:
        while line := await reader.readline():
            if line.startswith(b"retry:"):
                streams.connected += 1
            elif line.startswith(b"id: "):  # a new event (the id is the match's event version)
                seen = False
            elif not seen and (found := PLY.search(line)):
                seen = True
                streams.arrivals.setdefault((*who, int(found.group(1))), time.perf_counter())
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        streams.closed += 1
        writer.close()


@dataclass
class Moves:
    answered: list[tuple[int, int, int, float]] = field(default_factory=list)  # table, mover, ply after, time
    latencies: list[float] = field(default_factory=list)  # each move's POST, seconds
    errors: int = 0


async def move(client: httpx.AsyncClient, table: Table, moves: Moves, rng: random.Random) -> None:
    from engine import games

    game = games.get("chaharbargh")
    table.busy = True
    try:
        seat = game.turn(table.state)
        chosen = rng.choice(game.legal_moves(table.state))
        data = {"ply": game.ply(table.state), "card": str(chosen.card), "take": [str(c) for c in chosen.takes]}
        page = f"/m/{table.match_id}/{table.secrets[seat]}"
        started = time.perf_counter()
        answer = await client.post(page + "/move", data=data, headers=HTMX)
        done = time.perf_counter()
        shown = GAME.search(answer.text)
        if answer.status_code != 200 or shown is None or int(shown.group(1)) != data["ply"] + 1:
            moves.errors += 1
            table.over = True
            return
        moves.latencies.append(done - started)
        moves.answered.append((table.index, seat, data["ply"] + 1, done))
        table.state = game.apply(table.state, chosen)
        if shown.group(2) == "round-over":  # the sheet closed at once, outside the measure
            await client.post(page + "/next", data={"ply": data["ply"] + 1}, headers=HTMX)
        elif shown.group(2) == "match-over":
            table.over = True
    except httpx.HTTPError:
        moves.errors += 1
        table.over = True
    finally:
        table.busy = False


async def play_moves(base: str, tables: list[Table], rate: float, seconds: float) -> Moves:
    moves, rng = Moves(), random.Random(7)
    tasks: set[asyncio.Task[None]] = set()
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=httpx.Limits(max_connections=64)) as client:
        start = time.perf_counter()
        made, turn = 0, 0
        while time.perf_counter() - start < seconds:
            free = [t for t in tables if not t.busy and not t.over]
            if free:
                table = free[turn % len(free)]
                turn += 1
                task = asyncio.create_task(move(client, table, moves, rng))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            made += 1
            await asyncio.sleep(max(0.0, start + made / rate - time.perf_counter()))
        await asyncio.gather(*tasks)
    return moves


async def measure(args: argparse.Namespace, server: Server, database_url: str) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    cpu = group_cpu(server)
    run, _ = await round_trips(server.url, "easy", 1, args.baseline)
    figures["baseline_ms"] = statistics.median(run.latencies) * 1000
    figures["baseline_cpu_ms"] = (group_cpu(server) - cpu) / max(1, len(run.latencies)) * 1000
    figures["baseline_n"] = len(run.latencies)

    tables = await asyncio.to_thread(make_tables, database_url, args.tables)
    await asyncio.sleep(1)
    rss_before = group_rss_mib(server)
    streams = Streams()
    host, port = "127.0.0.1", int(server.url.rsplit(":", 1)[1])
    listeners = [
        asyncio.create_task(listen(host, port, seat_path(table, seat), (table.index, seat), streams))
        for table in tables
        for seat in range(SEATS)
    ]
    deadline = time.perf_counter() + 120
    while streams.connected < len(listeners) and time.perf_counter() < deadline:
        await asyncio.sleep(0.1)
    await asyncio.sleep(1)
    figures["streams"] = streams.connected
    figures["rss_before"], figures["rss_after"] = rss_before, group_rss_mib(server)

    await play_moves(server.url, tables, args.rate, args.warmup)  # each process's first look at each table
    await asyncio.sleep(1)
    cpu = group_cpu(server)
    moves = await play_moves(server.url, tables, args.rate, args.seconds)
    figures["move_cpu_ms"] = (group_cpu(server) - cpu) / max(1, len(moves.latencies)) * 1000
    await asyncio.sleep(2)  # the last moves' events
    delays, missing = [], 0
    for table_index, mover, ply, answered in moves.answered:
        for seat in range(SEATS):
            if seat == mover:
                continue
            arrived = streams.arrivals.get((table_index, seat, ply))
            if arrived is None:
                missing += 1
            else:
                delays.append(arrived - answered)
    figures.update(moves=len(moves.latencies), errors=moves.errors, missing=missing, closed=streams.closed)
    figures["move_ms"] = statistics.median(moves.latencies) * 1000 if moves.latencies else float("nan")
    figures["delays_ms"] = [percentile(delays, q) * 1000 for q in (0.5, 0.99)] + [max(delays, default=0) * 1000]
    figures["events"] = len(delays)
    for task in listeners:
        task.cancel()
    await asyncio.gather(*listeners, return_exceptions=True)
    return figures


async def moves_cpu(server: Server, tables: list[Table], args: argparse.Namespace) -> tuple[float, Moves]:
    """The server's CPU per move (ms) over `--seconds` of moves at `--rate`, and the moves."""
    await asyncio.sleep(0.5)
    cpu = group_cpu(server)
    moves = await play_moves(server.url, tables, args.rate, args.seconds)
    return (group_cpu(server) - cpu) / max(1, len(moves.latencies)) * 1000, moves


async def measure_watchers(args: argparse.Namespace, server: Server, database_url: str) -> dict[str, Any]:
    from app.seats import watch_code

    tables = await asyncio.to_thread(make_tables, database_url, 1)
    table = tables[0]
    path = f"/m/{table.match_id}/watch/{watch_code(table.secrets[0])}/events"
    await play_moves(server.url, tables, args.rate, args.warmup)  # the templates compile, the cache fills
    figures: dict[str, Any] = {}
    figures["none_before"], _ = await moves_cpu(server, tables, args)

    streams = Streams()
    host, port = "127.0.0.1", int(server.url.rsplit(":", 1)[1])
    shown = f"{path}?v=0"  # an old version: each spectator's first table comes at once
    watchers = [asyncio.create_task(listen(host, port, shown, (i, 0), streams)) for i in range(args.watchers)]
    deadline = time.perf_counter() + 120
    while time.perf_counter() < deadline and len({k[0] for k in streams.arrivals}) < len(watchers):
        await asyncio.sleep(0.1)  # every spectator has its first table: those are drawn one by one, not timed
    await asyncio.sleep(1)
    figures["watchers"] = streams.connected
    figures["with"], moves = await moves_cpu(server, tables, args)
    await asyncio.sleep(2)  # the last moves' events
    delays, missing = [], 0
    for _, _, ply, answered in moves.answered:
        for index in range(args.watchers):
            arrived = streams.arrivals.get((index, 0, ply))
            if arrived is None:
                missing += 1
            else:
                delays.append(arrived - answered)
    for task in watchers:
        task.cancel()
    await asyncio.gather(*watchers, return_exceptions=True)
    figures["none_after"], _ = await moves_cpu(server, tables, args)
    figures.update(moves=len(moves.latencies), missing=missing, errors=moves.errors, over=table.over)
    figures["delays_ms"] = [percentile(delays, q) * 1000 for q in (0.5, 0.99)] + [max(delays, default=0) * 1000]
    return figures


def run(args: argparse.Namespace) -> dict[str, Any]:
    with cluster_for(args.database) as cluster, tempfile.TemporaryDirectory() as name:
        db = Path(name) / "live.db"
        url = cluster.database() if cluster else None
        flags = ("--limit-concurrency", "5000")  # every stream counts
        server = start_app(db, url, args.workers, flags, root=args.code)
        try:
            chosen = measure_watchers if args.watchers else measure
            return asyncio.run(chosen(args, server, url or f"sqlite:///{db}"))
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=250, help="four-person tables: four open streams each")
    parser.add_argument("--rate", type=float, default=10.0, help="moves a second, across the tables")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the moves go on")
    parser.add_argument("--baseline", type=float, default=8.0, help="seconds of a person alone with a computer")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds of moves before the timed ones")
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--watchers", type=int, default=0, help="spectators' streams on one table instead")
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout whose app is served")
    parser.add_argument("--write", action="store_true", help="put the result in docs/benchmarks.md")
    args = parser.parse_args()
    f = run(args)
    if args.watchers:
        return report_watchers(args, f)
    per_stream = (f["rss_after"] - f["rss_before"]) * 1024 / max(1, f["streams"])
    p50, p99, worst = f["delays_ms"]
    row = (
        f"| {args.database} | {args.workers} | {f['streams']:,} | {f['moves']:,} ({f['moves'] / args.seconds:.1f}/s) | "
        f"{f['events']:,} | **{p50:.0f}** | **{p99:.0f}** | {worst:.0f} | {f['missing']} | {f['errors']} | "
        f"{per_stream:.0f} KiB | {f['move_ms']:.1f} ms · {f['move_cpu_ms']:.1f} ms | "
        f"{f['baseline_ms']:.1f} ms · {f['baseline_cpu_ms']:.1f} ms | {f['move_cpu_ms'] / f['baseline_cpu_ms']:.2f}× |"
    )
    load = os.getloadavg()
    database = "SQLite"
    if args.database == "postgres":
        database = f"PostgreSQL {pg_version()} (a throwaway cluster, Unix socket)"
    command = (
        f"python bench/live.py --tables {args.tables} --rate {args.rate:g} --seconds {args.seconds:g} "
        f"--warmup {args.warmup:g} "
        f"--database {args.database} --workers {args.workers}"
    )
    measured = (
        f"Measured {date.today().isoformat()} with `{command}`{code_version()}, on CPython "
        f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores shared by the server, "
        f"{database} and the client (every stream a raw socket in one asyncio loop); load average after {load[0]:.2f}. "
        f"Memory: the server's RSS {f['rss_before']:.0f} MiB before the streams, {f['rss_after']:.0f} MiB with them."
    )
    header = [
        "| database | workers | open streams | moves | events timed | p50 ms | p99 ms | worst ms | events missing | "
        "move errors | memory per stream | a move: p50 · server CPU | alone: round trip p50 · CPU | CPU ÷ alone |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    heading = f"Live tables: open streams on {args.database}"
    publish(f"live-{args.database}", heading, measured, [*header, row], args.write)


def report_watchers(args: argparse.Namespace, f: dict[str, Any]) -> None:
    none = (f["none_before"] + f["none_after"]) / 2
    p50, p99, worst = f["delays_ms"]
    code = code_version() if args.code == ROOT else f", the app of {args.code}"
    row = (
        f"| {args.database} | {f['watchers']:,} | {f['moves']} | {f['none_before']:.1f} · {f['none_after']:.1f} | "
        f"{f['with']:.1f} | **{f['with'] / none:.2f}×** | {p50:.0f} · {p99:.0f} · {worst:.0f} | {f['missing']} |"
    )
    header = [
        "| database | spectators | moves timed | CPU per move, none (before · after) ms | CPU per move with them ms | "
        "with ÷ none | a spectator has the move: p50 · p99 · worst ms | missing |",
        "|---|---|---|---|---|---|---|---|",
    ]
    measured = (
        f"Measured {date.today().isoformat()} with `python bench/live.py --watchers {args.watchers} "
        f"--rate {args.rate:g} --seconds {args.seconds:g} --database {args.database}`{code}, on CPython "
        f"{platform.python_version()}, {os.cpu_count()} cores shared by the server and the client; "
        f"load average after {os.getloadavg()[0]:.2f}."
    )
    name, heading = f"watchers-{args.database}", "Live tables: spectators of one match"
    if args.code != ROOT:  # another checkout's app (the main a change started from): a section of its own
        name, heading = f"{name}-other", f"{heading}, another checkout's app"
    publish(name, heading, measured, [*header, row], args.write)


if __name__ == "__main__":
    main()
