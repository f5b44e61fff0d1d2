"""Web speed: a human move and the computer's reply through HTTP, as the browser makes them.

    python bench/web.py [--seconds 8] [--clients 1,8,32] [--levels easy,pro] [--write]

Starts the app as the README does (`python3 scripts/dev.py serve`: migrations, then uvicorn,
one worker) on a fresh SQLite database in a temporary folder, and beside it a bare FastAPI app
with one JSON route under the same uvicorn settings (`bench/bare_app.py`). Everything runs on
127.0.0.1 and on this machine's cores, the client included. Then, in one run:

1. **Round trips.** Each simulated player starts a match at a level and plays it: it reads the
   table fragment (`#game[data-ply][data-state]`, `#hand [data-card]`, `#table [data-card]`),
   picks one of the legal moves of what it sees (`engine.legal_moves` on its own hand and the
   table, the table rules) and posts it as the browser does (an HTMX form with `ply`, `card` and
   `take`), then posts the computer's move at once (the browser waits for its pause first). A
   round trip is those two requests; a round's score sheet is closed with `next` and a finished
   match replaced by a new one, outside the timing. 1, 8 and 32 players play at once for
   ``--seconds`` each; the bare app is asked its `/health` by as many clients for as long.
2. **Bytes.** What a browser transfers for a first and a repeat visit of the home page, a
   table, the rules and the tutorial (the page and every static file it links, gzip and brotli
   accepted), and the size of a move's fragment.
3. **Resume.** The latency of opening a stored match's page with 10, 10,000 and 100,000
   matches in the database (copies of one match with its moves, each opened once).

``--write`` puts the tables in docs/benchmarks.md. Absolute figures drift by up to 40% on this
machine; the ratios to the bare app, measured in the same run, are what the targets name. Beside
them, the CPU time (user and system, from /proc) the server's processes spent per round trip, and
the bare app's per request: on a loaded machine these drift far less than requests per second.

**Workers** (`--workers 1,2`, with `--database postgres` or `sqlite`): instead of the above, the
round trips alone, at each level and number of players, for each number of uvicorn workers in
turn (`WEB_CONCURRENCY`), on a fresh database each: PostgreSQL in a throwaway cluster started
the way the tests start it (`tests/pg_cluster.py`: initdb in a temporary folder, a Unix socket
only) and stopped at the end. Each count is warmed up for a few seconds first. The table gives
each run's round trips per second and latency, and its ratio to the first worker count's at
the same level and players; `--write` puts it in its own section of docs/benchmarks.md.

    python bench/web.py --database postgres --workers 1,2 --levels pro --clients 8 --seconds 20

**Pushed** (`--pushed`): instead of the above, the round trip as the browser makes it since the
computer's moves come on the table's event stream, beside the round trip as it was
made before, in one run on one server (SQLite, one worker, the computer's pause set to 0 so
neither waits for it). *Asked*: the move's request, then the computer's (`POST …/computer`), as
above. *Pushed*: each player holds its table's stream open; the round trip is the move's request
and the wait until the stream has brought the table back to the player's turn.

    python bench/web.py --pushed --levels easy,pro --clients 1,8 --seconds 10

**Reviews** (`--reviews`): instead of the above, the round trips of 1. while the pro reviews
finished matches and without, in one run on one server (SQLite, one worker, its review worker
on, as `serve` runs it). Before the run ``--matches`` tiny two-seat matches (to 11, about 3 s of
review each on a free core: what a client finishing match after match asks for) are played to
their end on the server's database (the person's first legal move each turn, the easy
computer). For each level and number of players the players play ``--seconds`` with no review
made, then as long again while two more browsers (one address, 2 reviews asked each: the
address's limit) keep asking for reviews and poll their pages every second as htmx does, a
review always being made; then the benchmark waits until every review asked is done. The
table gives both runs' latencies, the ratios of their p50s and p90s, and how many decisions
the pro judged per second meanwhile.

    python bench/web.py --reviews --levels easy,pro --clients 1,4 --seconds 20

**Against** (`--against DIR`): instead of the above, the round trips of this checkout beside
another one (a worktree of an older commit), both served throughout on their own SQLite files,
the same players playing one and then the other in slices of ``--slice`` seconds, ``--pairs``
of each. The table gives each checkout's round trips a second, latencies and server CPU a round
trip, split into its event loop's thread and its other threads (`group_cpu`), and the ratios.

    python bench/web.py --against ../wt-3f2ddbe --pairs 40 --slice 2 --levels easy --clients 8

The app's rate limits are off in every server the benchmark starts (its players start many
matches from one address); everything else is served as `scripts/dev.py serve` serves it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import re
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from report import publish  # noqa: E402

from engine import Card, Move, Rules, legal_moves  # noqa: E402

PYTHON = ROOT / ".venv" / "bin" / "python"
BROWSER = {"Sec-Fetch-Site": "same-origin", "Accept-Encoding": "gzip, br"}  # what chromium sends
HTMX = {**BROWSER, "HX-Request": "true"}
GAME = re.compile(r'id="game"[^>]*data-ply="(\d+)" data-state="([a-z-]+)"')
CARD = re.compile(r'data-card="([0-9AJQK]{1,2}[CDHS])"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    """A uvicorn process on 127.0.0.1 that is stopped when the benchmark ends."""

    url: str
    process: subprocess.Popen[bytes]

    @classmethod
    def start(cls, command: list[str], env: dict[str, str], port: int, root: Path = ROOT) -> Server:
        # A session of its own: `scripts/dev.py serve` runs uvicorn as its child, and uvicorn its
        # workers; `stop` ends the whole group (terminating dev.py alone left uvicorn running).
        process = subprocess.Popen(
            command, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
        )
        url = f"http://127.0.0.1:{port}"
        for _ in range(300):  # up to 30 s: migrations run first
            try:
                if httpx.get(url + "/health", timeout=1).status_code == 200:
                    return cls(url, process)
            except httpx.HTTPError:
                pass
            if process.poll() is not None:
                raise SystemExit(f"the server stopped: {process.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
            time.sleep(0.1)
        raise SystemExit(f"no answer from {url}")

    def stop(self) -> None:
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)


NO_LIMITS = {  # many players, one address
    "CHAHARBARGH_RATE_NEW": "off",
    "CHAHARBARGH_RATE_HINTS": "off",
    "CHAHARBARGH_RATE_MOVES": "off",
    "CHAHARBARGH_STREAMS_PER_WORKER": "0",
    "CHAHARBARGH_STREAMS_PER_CLIENT": "0",
    "CHAHARBARGH_WATCHERS_PER_MATCH": "0",
}


@contextmanager
def cluster_for(database: str) -> Iterator[Any]:
    """A throwaway PostgreSQL cluster started the way the tests start one (tests/pg_cluster.py)
    when `database` is "postgres", stopped after; None for SQLite."""
    if database != "postgres":
        yield None
        return
    from tests import pg_cluster

    if reason := pg_cluster.unavailable():
        raise SystemExit(reason)
    cluster = pg_cluster.Cluster().start()
    try:
        yield cluster
    finally:
        cluster.stop()


def start_app(
    db: Path,
    database_url: str | None = None,
    workers: int = 1,
    flags: tuple[str, ...] = (),
    settings: dict[str, str] | None = None,
    root: Path = ROOT,
) -> Server:
    """The app as the README runs it (migrations, then uvicorn with its flags, and `flags` after
    them), on a fresh SQLite file, or on `database_url`, with `workers` uvicorn workers and
    `settings` added to its environment; `root`: the checkout whose app is served (another one,
    such as the main a change started from, to measure both in one run)."""
    env = {**os.environ, **NO_LIMITS, **(settings or {}), "HOST": "127.0.0.1", "PORT": str(port := free_port())}
    env.update(CHAHARBARGH_DB=str(db), CHAHARBARGH_DATA=str(db.parent), WEB_CONCURRENCY=str(workers))
    env.pop("DATABASE_URL", None)
    if database_url:
        env["DATABASE_URL"] = database_url
    return Server.start([sys.executable, "scripts/dev.py", "serve", "--no-access-log", *flags], env, port, root)


def start_bare() -> Server:
    port = free_port()
    command = ["-m", "uvicorn", "bench.bare_app:app", "--host", "127.0.0.1", "--port", str(port), "--no-access-log"]
    return Server.start([str(PYTHON), *command], dict(os.environ), port)


# --- reading the table as the browser shows it ------------------------------------------------


@dataclass
class Table:
    ply: int
    state: str
    hand: list[str]
    table: list[str]


def read_table(html: str) -> Table:
    game = GAME.search(html)
    if game is None:
        raise ValueError("no #game in the answer")
    hand, table = element(html, "hand"), element(html, "table")
    return Table(int(game.group(1)), game.group(2), CARD.findall(hand), CARD.findall(table))


def any_legal_move(table: Table, rng: random.Random) -> Move:
    """One of the legal moves of the hand and table a player sees (the table rules), at random."""
    hand = [Card.parse(c) for c in table.hand]
    return rng.choice(legal_moves(hand, [Card.parse(c) for c in table.table], Rules()))


def move_form(table: Table, move: Move) -> dict[str, object]:
    """The move form the browser posts for `move` at the table's ply."""
    return {"ply": table.ply, "card": str(move.card), "take": [str(c) for c in move.takes]}


def element(html: str, element_id: str) -> str:
    """The element with this id, up to its matching closing tag ("" when there is none).

    Found by the attribute, then the tag that holds it: a pattern that tried each tag's
    attributes in turn cost the client ~0.7 ms per answer (0.14 ms now), CPU that the server,
    on the same cores, then lacked.
    """
    attribute = re.search(rf'\sid="{element_id}"', html)
    if attribute is None:
        return ""
    start = html.rfind("<", 0, attribute.start())
    tag, depth = re.match(r"<(\w+)", html[start:]).group(1), 0  # type: ignore[union-attr]
    for found in re.finditer(rf"<(/?){tag}\b", html[start:]):
        depth += -1 if found.group(1) else 1
        if depth == 0:
            return html[start : start + found.end()]
    return html[start:]


@dataclass
class Player:
    """One simulated person at a table: a client with its own cookie, one match at a time."""

    base: str
    level: str
    rng: random.Random
    fresh: bool = False  # a new connection for every request (see `workers_run`)
    client: httpx.AsyncClient = field(init=False)
    page: str = ""

    def __post_init__(self) -> None:
        limits = httpx.Limits(max_keepalive_connections=0) if self.fresh else httpx.Limits()
        self.client = httpx.AsyncClient(base_url=self.base, headers=BROWSER, timeout=60, limits=limits)

    async def new_match(self) -> Table:
        answer = await self.client.post("/matches", data={"level": self.level, "target": "62", "preset": "table"})
        if answer.status_code != 303:
            raise RuntimeError(f"no match: {answer.status_code}")
        self.page = answer.headers["location"]
        return read_table((await self.client.get(self.page)).text)

    async def post(self, action: str, data: dict[str, object]) -> tuple[Table, httpx.Response]:
        answer = await self.client.post(f"{self.page}/{action}", data=data, headers=HTMX)  # type: ignore[arg-type]
        if answer.status_code != 200:
            raise RuntimeError(f"{action}: {answer.status_code}")
        return read_table(answer.text), answer

    def choose(self, table: Table) -> dict[str, object]:
        return move_form(table, any_legal_move(table, self.rng))


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)  # seconds per round trip
    errors: int = 0
    fragment_bytes: list[int] = field(default_factory=list)


async def play(player: Player, until: float, run: Run, table: Table | None = None) -> Table:
    """Play until `until` (round trips into `run`), from `table` if given (else a new match);
    the table as it is then."""
    table = table or await player.new_match()
    while time.perf_counter() < until:
        try:
            if table.state in ("match-over", "practice-over"):
                table = await player.new_match()
            elif table.state == "round-over":
                table, _ = await player.post("next", {"ply": table.ply})
            elif table.state == "computer-turn":
                table, _ = await player.post("computer", {"ply": table.ply})
            else:
                start = time.perf_counter()
                table, answer = await player.post("move", player.choose(table))
                if table.state == "computer-turn":
                    table, _ = await player.post("computer", {"ply": table.ply})
                run.latencies.append(time.perf_counter() - start)
                run.fragment_bytes.append(answer.num_bytes_downloaded)
        except (RuntimeError, ValueError, httpx.HTTPError):
            run.errors += 1
            table = await player.new_match()
    return table


async def stream_tables(player: Player, tables: asyncio.Queue[Table]) -> None:
    """Read the player's table stream: each `table` event's table into `tables`."""
    data: list[str] = []
    async with player.client.stream("GET", f"{player.page}/events", timeout=None) as response:
        async for line in response.aiter_lines():
            if line.startswith("data: "):
                data.append(line[6:])
            elif not line and data:
                await tables.put(read_table("\n".join(data)))
                data = []


async def play_pushed(player: Player, until: float, run: Run) -> None:
    """Play as the browser does when the computer's moves come on the stream: one request a
    round trip, then the stream's tables until it is the player's turn again."""
    reader: asyncio.Task[None] | None = None
    tables: asyncio.Queue[Table] = asyncio.Queue()

    async def new_match() -> Table:
        nonlocal reader, tables
        if reader is not None:
            reader.cancel()
        await player.new_match()
        tables = asyncio.Queue()
        reader = asyncio.create_task(stream_tables(player, tables))
        return await asyncio.wait_for(tables.get(), 30)  # a stream opened without an id sends the table first

    async def until_person(table: Table) -> Table:
        while table.state == "computer-turn":
            table = await asyncio.wait_for(tables.get(), 30)
        return table

    table = await new_match()
    try:
        while time.perf_counter() < until:
            try:
                if table.state in ("match-over", "practice-over"):
                    table = await new_match()
                elif table.state == "round-over":
                    table = await until_person((await player.post("next", {"ply": table.ply}))[0])
                elif table.state == "computer-turn":
                    table = await until_person(table)
                else:
                    start = time.perf_counter()
                    table, answer = await player.post("move", player.choose(table))
                    table = await until_person(table)
                    run.latencies.append(time.perf_counter() - start)
                    run.fragment_bytes.append(answer.num_bytes_downloaded)
            except (RuntimeError, ValueError, httpx.HTTPError, TimeoutError):
                run.errors += 1
                table = await new_match()
    finally:
        if reader is not None:
            reader.cancel()


async def round_trips(
    base: str, level: str, clients: int, seconds: float, fresh: bool = False, pushed: bool = False
) -> tuple[Run, float]:
    players = [Player(base, level, random.Random(i), fresh) for i in range(clients)]
    run = Run()
    start = time.perf_counter()
    await asyncio.gather(*((play_pushed if pushed else play)(p, start + seconds, run) for p in players))
    elapsed = time.perf_counter() - start
    for p in players:
        await p.client.aclose()
    return run, elapsed


async def bare_requests(base: str, clients: int, seconds: float) -> tuple[float, int]:
    async def ask(client: httpx.AsyncClient, until: float, counts: list[int]) -> None:
        while time.perf_counter() < until:
            (await client.get("/health")).raise_for_status()
            counts[0] += 1

    counts = [0]
    clients_ = [httpx.AsyncClient(base_url=base, headers=BROWSER) for _ in range(clients)]
    start = time.perf_counter()
    await asyncio.gather(*(ask(c, start + seconds, counts) for c in clients_))
    elapsed = time.perf_counter() - start
    for c in clients_:
        await c.aclose()
    return counts[0] / elapsed, counts[0]


def group_cpu(server: Server, loop_only: bool = False) -> float:
    """CPU seconds (user and system) used so far by the server's processes: its process group
    (`scripts/dev.py`, uvicorn and any workers), read from Linux's /proc; 0 elsewhere. Per round
    trip it drifts less with the machine's load than requests per second do. `loop_only`: only
    each process's own first thread, which in a uvicorn worker runs the event loop (the HTTP
    protocol, the middleware, the routing, the `async` dependencies); the rest is its other
    threads' (the routes' plain `def`s in the threadpool, the background workers). `scripts/dev.py`
    (and uvicorn's supervisor, with several workers) only waits for its children."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) != server.process.pid:  # the group: started with a session of its own
                continue
            if loop_only:
                fields = (stat.parent / "task" / stat.parent.name / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK") if ticks else 0.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


# --- bytes on the wire ---------------------------------------------------------------------------

LINKS = re.compile(r'(?:href|src)="(/static/[^"]+)"')
CSS_URLS = re.compile(r"url\(([^)]+)\)")


async def visit(client: httpx.AsyncClient, path: str, cache: dict[str, httpx.Response]) -> tuple[int, int]:
    """Bytes (bodies as transferred) and requests for a page and every static file it links, as a
    browser with ``cache`` would fetch them: a cached file with `immutable` or a max-age is not
    asked again, one with an ETag or Last-Modified is revalidated."""
    page = await client.get(path)
    total, requests = page.num_bytes_downloaded, 1
    todo = LINKS.findall(page.text)
    seen: set[str] = set()
    while todo:
        url = todo.pop().partition("#")[0]  # the cards' `<use href>` name symbols of one file, fetched once
        if url in seen:
            continue
        seen.add(url)
        headers = {}
        if url in cache:
            control = cache[url].headers.get("cache-control", "")
            if "immutable" in control or "max-age" in control:
                continue
            if etag := cache[url].headers.get("etag"):
                headers["If-None-Match"] = etag
            if modified := cache[url].headers.get("last-modified"):
                headers["If-Modified-Since"] = modified
        answer = await client.get(url, headers=headers)
        total, requests = total + answer.num_bytes_downloaded, requests + 1
        if answer.status_code == 200:
            cache[url] = answer
            if url.endswith(".css"):
                found = (u.strip("'\"") for u in CSS_URLS.findall(answer.text))
                todo += [urljoin(url, u) for u in found if not u.startswith("data:")]
    return total, requests


async def wire(base: str) -> list[tuple[str, int, int, int, int]]:
    rows = []
    async with httpx.AsyncClient(base_url=base, headers=BROWSER, follow_redirects=False) as client:
        created = await client.post("/matches", data={"level": "easy", "target": "62", "preset": "table"})
        table_page = created.headers["location"]
        for name, path in (("home", "/"), ("a table", table_page), ("rules", "/rules"), ("tutorial", "/learn")):
            cache: dict[str, httpx.Response] = {}
            first = await visit(client, path, cache)
            again = await visit(client, path, cache)
            rows.append((name, *first, *again))
    return rows


# --- resuming among many stored matches ------------------------------------------------------------


def copy_matches(db: Path, source: str, count: int, start: int) -> None:
    """Store ``count`` copies of match ``source``, its moves and its seats, with new ids."""
    with sqlite3.connect(db) as con:
        match_cols = [r[1] for r in con.execute("PRAGMA table_info(match)") if r[1] != "id"]
        move_cols = [r[1] for r in con.execute("PRAGMA table_info(move)") if r[1] not in ("id", "match_id")]
        seat_cols = [r[1] for r in con.execute("PRAGMA table_info(seat)") if r[1] not in ("id", "match_id")]
        cols, mcols, scols = ", ".join(match_cols), ", ".join(move_cols), ", ".join(seat_cols)
        for first in range(start, start + count, 5000):
            ids = [(f"pad{n:08d}",) for n in range(first, min(start + count, first + 5000))]
            con.executemany(f"INSERT INTO match (id, {cols}) SELECT ?, {cols} FROM match WHERE id = '{source}'", ids)
            con.executemany(
                f"INSERT INTO move (match_id, {mcols}) SELECT ?, {mcols} FROM move WHERE match_id = '{source}'", ids
            )
            # the seat rows too: a copy's seat keeps the source's stored secret hash, so the
            # source's address opens every copy
            con.executemany(
                f"INSERT INTO seat (match_id, {scols}) SELECT ?, {scols} FROM seat WHERE match_id = '{source}'", ids
            )


async def resume_latency(base: str, db: Path, sizes: list[int], opens: int) -> list[tuple[int, float, float]]:
    """On a fresh database: one match with a few moves, then copies of it until ``sizes`` matches
    are stored; at each size, ``opens`` copies never opened before are opened once each."""
    async with httpx.AsyncClient(base_url=base, headers=BROWSER) as client:
        created = await client.post("/matches", data={"level": "easy", "target": "62", "preset": "table"})
        page = created.headers["location"]
        match_id, secret = page.split("/")[2:4]
        player = Player(base, "easy", random.Random(1))
        await player.client.aclose()
        player.client, player.page = client, page
        table = read_table((await client.get(page)).text)
        for _ in range(6):  # a match in play, with some moves to replay
            table, _ = await player.post("move", player.choose(table))
            if table.state == "computer-turn":
                table, _ = await player.post("computer", {"ply": table.ply})
        rows, pads, opened = [], 0, set()
        rng = random.Random(2)
        for size in sizes:
            copy_matches(db, match_id, size - 1 - pads, pads)
            pads = size - 1
            fresh = rng.sample([n for n in range(pads) if n not in opened], min(opens, pads - len(opened)))
            opened.update(fresh)
            times = []
            for n in fresh:
                start = time.perf_counter()
                (await client.get(f"/m/pad{n:08d}/{secret}")).raise_for_status()
                times.append(time.perf_counter() - start)
            rows.append((size, statistics.median(times) * 1000, percentile(times, 0.95) * 1000))
    return rows


# --- the report ------------------------------------------------------------------------------------


def commit_of(root: Path) -> str:
    """The short commit checked out at `root` ("?" where git cannot tell)."""
    try:
        found = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    except OSError:
        return "?"
    return found.stdout.strip() or "?"


def code_version() -> str:
    try:
        paths = ["app", "templates", "static"]
        dirty = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", *paths], capture_output=True, text=True
        )
    except OSError:
        return ""
    changes = " plus uncommitted changes" if dirty.stdout.strip() else ""
    return f", code at commit {commit_of(ROOT)}{changes}"


async def measure(args: argparse.Namespace, ours: Server, bare: Server) -> list[str]:
    clients = [int(c) for c in args.clients.split(",")]
    table = [
        "| level | players at once | round trips/s | p50 ms | p95 ms | p99 ms | errors | bare app requests/s | "
        "round trips ÷ bare requests | server CPU per round trip | bare app's CPU per request |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    fragments: list[int] = []
    for level in args.levels.split(","):
        for n in clients:
            cpu = group_cpu(bare)
            bare_rate, asked = await bare_requests(bare.url, n, args.seconds / 2)
            bare_cpu = (group_cpu(bare) - cpu) / max(1, asked) * 1000
            cpu = group_cpu(ours)
            run, elapsed = await round_trips(ours.url, level, n, args.seconds)
            our_cpu = (group_cpu(ours) - cpu) / max(1, len(run.latencies)) * 1000  # new matches and sheets too
            rate = len(run.latencies) / elapsed
            fragments += run.fragment_bytes
            p = [percentile(run.latencies, q) * 1000 for q in (0.5, 0.95, 0.99)]
            table.append(
                f"| {level} | {n} | {rate:,.1f} | {p[0]:.1f} | {p[1]:.1f} | {p[2]:.1f} | {run.errors} | "
                f"{bare_rate:,.0f} | **{rate / bare_rate:.1%}** | {our_cpu:.2f} ms | {bare_cpu:.2f} ms |"
            )
    table += ["", "| what | first visit: bytes · requests | repeat visit: bytes · requests |", "|---|---|---|"]
    for name, first, first_n, again, again_n in await wire(ours.url):
        table.append(f"| {name} | {first / 1024:,.1f} KB · {first_n} | {again / 1024:,.1f} KB · {again_n} |")
    if fragments:
        median = statistics.median(fragments) / 1024
        table.append(f"| a move's fragment (median of {len(fragments):,}) | {median:.1f} KB | |")
    return table


async def measure_pushed(args: argparse.Namespace, ours: Server) -> list[str]:
    """The round trip asked for (two requests) and pushed (one, then the stream), in turns."""
    table = [
        "| level | players at once | computer's move | round trips/s | p50 ms | p99 ms | errors | "
        "server CPU per round trip | pushed ÷ asked CPU |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for level in args.levels.split(","):
        for n in [int(c) for c in args.clients.split(",")]:
            cpu_of: dict[bool, float] = {}
            for pushed in (False, True):
                await round_trips(ours.url, level, n, 2.0, pushed=pushed)  # warm-up, untimed
                cpu = group_cpu(ours)
                run, elapsed = await round_trips(ours.url, level, n, args.seconds, pushed=pushed)
                cpu_of[pushed] = (group_cpu(ours) - cpu) / max(1, len(run.latencies)) * 1000
                p = [percentile(run.latencies, q) * 1000 for q in (0.5, 0.99)]
                ratio = f"**{cpu_of[True] / cpu_of[False]:.2f}**" if pushed else ""
                table.append(
                    f"| {level} | {n} | {'pushed on the stream' if pushed else 'asked (POST …/computer)'} | "
                    f"{len(run.latencies) / elapsed:,.1f} | {p[0]:.1f} | {p[1]:.1f} | {run.errors} | "
                    f"{cpu_of[pushed]:.2f} ms | {ratio} |"
                )
    return table


# --- round trips while reviews are made ------------------------------------------------------------

REVIEW_STATUS = re.compile(r'id="review" data-status="(\w+)"')


def finished_matches(db: Path, count: int, seed: int) -> list[str]:
    """The table addresses of ``count`` two-seat matches to 11 played to their end on the
    database at ``db`` through the service (the person's first legal move, the easy computer)."""
    from app.db import make_engine
    from app.service import MatchService

    service = MatchService(make_engine(f"sqlite:///{db}"))
    urls = []
    for n in range(count):
        match = service.create("easy", target=11, seed=seed + n)
        loaded = service.load(match.id, match.secret)
        while not loaded.over:
            if loaded.sheet_pending:
                loaded = service.next_round(match.id, match.secret, loaded.ply)
            elif loaded.human_to_play:
                loaded = service.play(match.id, match.secret, loaded.ply, loaded.state.legal_moves()[0])
            else:
                loaded = service.computer(match.id, match.secret, loaded.ply)
        urls.append(f"/m/{match.id}/{match.secret}")
    return urls


@dataclass
class Reviewers:
    """Browsers that keep asking for reviews of finished matches and poll their pages."""

    base: str
    todo: list[str]
    browsers: int = 2
    each: int = 2  # reviews a browser keeps asked at once
    asking: bool = True  # False: ask no more, end once every review asked is done
    statuses: dict[str, str] = field(default_factory=dict)
    refused: int = 0

    async def browse(self) -> None:
        asked: list[str] = []
        async with httpx.AsyncClient(base_url=self.base, headers=BROWSER, timeout=60) as client:
            while asked or (self.asking and self.todo):
                while self.asking and self.todo and len(asked) < self.each:
                    url = self.todo.pop()
                    answer = await client.get(url + "/review")
                    if answer.status_code == 200:
                        asked.append(url)
                    else:
                        self.refused += 1
                await asyncio.sleep(1.0)  # the page's `every 1s`
                for url in list(asked):
                    found = REVIEW_STATUS.search((await client.get(url + "/review", headers=HTMX)).text)
                    self.statuses[url] = found.group(1) if found else "?"
                    if self.statuses[url] in ("done", "failed"):
                        asked.remove(url)

    def making(self) -> bool:
        return "working" in self.statuses.values()


def judged(db: Path) -> int:
    """The decisions the pro has judged so far, as the reviews' progress tells (`review.done`)."""
    with sqlite3.connect(db) as con:
        return int(con.execute("SELECT coalesce(sum(done), 0) FROM review").fetchone()[0])


async def measure_reviews(args: argparse.Namespace, ours: Server, db: Path, todo: list[str]) -> list[str]:
    table = [
        "| level | players at once | reviews | round trips/s | p50 ms | p90 ms | p99 ms | errors | "
        "decisions judged/s | p50 ÷ without | **p90 ÷ without** |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for level in args.levels.split(","):
        for n in [int(c) for c in args.clients.split(",")]:
            await round_trips(ours.url, level, n, 3.0)  # warm-up, untimed
            alone, alone_s = await round_trips(ours.url, level, n, args.seconds)
            reviewers = Reviewers(ours.url, todo)
            browsing = asyncio.gather(*(reviewers.browse() for _ in range(reviewers.browsers)))
            while not reviewers.making():
                await asyncio.sleep(0.2)
            before, start = judged(db), time.perf_counter()
            beside, beside_s = await round_trips(ours.url, level, n, args.seconds)
            rate = (judged(db) - before) / (time.perf_counter() - start)
            reviewers.asking = False
            await browsing  # every review asked done: the next row starts with none being made
            for name, run, elapsed, judging in (("none", alone, alone_s, None), ("being made", beside, beside_s, rate)):
                p = [percentile(run.latencies, q) * 1000 for q in (0.5, 0.9, 0.99)]
                base = [percentile(alone.latencies, q) * 1000 for q in (0.5, 0.9)]
                ratios = f"{p[0] / base[0]:.2f} | **{p[1] / base[1]:.2f}**" if judging is not None else " | "
                table.append(
                    f"| {level} | {n} | {name} | {len(run.latencies) / elapsed:,.1f} | {p[0]:.1f} | {p[1]:.1f} | "
                    f"{p[2]:.1f} | {run.errors} | {'' if judging is None else f'{judging:.1f}'} | {ratios} |"
                )
            if reviewers.refused or not todo:
                why = f"{reviewers.refused} reviews refused (over a limit)" if reviewers.refused else "no match left"
                table.append(f"| | | ({why}: not every row had a review being made throughout) | | | | | | | | |")
    return table


def reviews_run(args: argparse.Namespace) -> tuple[list[str], str]:
    with tempfile.TemporaryDirectory() as name:
        db = Path(name) / "bench.db"
        ours = start_app(db)
        try:
            todo = finished_matches(db, args.matches, seed=5000)
            table = asyncio.run(measure_reviews(args, ours, db, todo))
        finally:
            ours.stop()
    command = (
        f"python bench/web.py --reviews --levels {args.levels} --clients {args.clients} --seconds {args.seconds:g}"
        f" --matches {args.matches}"
    )
    measured = (
        f"Measured {date.today().isoformat()} with `{command}`{code_version()}, on CPython "
        f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores shared by the app (one uvicorn "
        f"worker, SQLite, its review worker), the reviews' processes, the client and whatever else the machine "
        f"ran; 3 s of untimed play before each pair of rows; load average before the run {LOAD_BEFORE[0]:.2f}, "
        f"after {os.getloadavg()[0]:.2f}."
    )
    return table, measured


def pushed_run(args: argparse.Namespace) -> tuple[list[str], str]:
    with tempfile.TemporaryDirectory() as name:
        ours = start_app(Path(name) / "bench.db", settings={"CHAHARBARGH_COMPUTER_DELAY_MS": "0"})
        try:
            table = asyncio.run(measure_pushed(args, ours))
        finally:
            ours.stop()
    command = f"python bench/web.py --pushed --levels {args.levels} --clients {args.clients} --seconds {args.seconds}"
    measured = (
        f"Measured {date.today().isoformat()} with `{command}`{code_version()}, on CPython "
        f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores shared by the app (one uvicorn "
        f"worker, SQLite, the computer's pause 0) and the client; 2 s of untimed play before each row; load "
        f"average before the run {LOAD_BEFORE[0]:.2f}, after {os.getloadavg()[0]:.2f}."
    )
    return table, measured


async def resume(args: argparse.Namespace, folder: Path) -> list[str]:
    db = folder / "resume.db"
    server = start_app(db)
    try:
        rows = await resume_latency(server.url, db, [int(s) for s in args.stored.split(",")], args.opens)
    finally:
        server.stop()
    table = ["", "| matches stored | resume p50 ms | resume p95 ms |", "|---|---|---|"]
    return table + [f"| {size:,} | {p50:.1f} | {p95:.1f} |" for size, p50, p95 in rows]


@dataclass
class Scaling:
    """One run of the workers benchmark: (workers, level, players) -> (round trips/s, run, client CPU share)."""

    rows: dict[tuple[int, str, int], tuple[float, Run, float]] = field(default_factory=dict)


async def measure_workers(base: str, workers: int, args: argparse.Namespace, scaling: Scaling) -> None:
    for level in args.levels.split(","):
        for n in [int(c) for c in args.clients.split(",")]:
            # Every request on a new connection: uvicorn's workers share one listening socket and
            # the first to wake accepts every connection waiting, so 8 kept-alive connections
            # opened at once all went to one worker (the other stayed at 3% CPU). A person takes
            # longer than the 5 s keep-alive between moves, so a fresh connection per request is
            # also closer to how players arrive.
            await round_trips(base, level, n, args.warmup, fresh=True)  # not counted: imports, caches, pools
            cpu = time.process_time()
            run, elapsed = await round_trips(base, level, n, args.seconds, fresh=True)
            client_cpu = (time.process_time() - cpu) / elapsed
            scaling.rows[(workers, level, n)] = (len(run.latencies) / elapsed, run, client_cpu)
            rate = len(run.latencies) / elapsed
            print(f"  {workers} worker(s), {level}, {n} players: {rate:.1f} round trips/s", flush=True)


def workers_run(args: argparse.Namespace) -> tuple[list[str], str]:
    """The workers benchmark: its table and the words on how it was measured."""
    counts = [int(w) for w in args.workers.split(",")]
    scaling = Scaling()
    with cluster_for(args.database) as cluster, tempfile.TemporaryDirectory() as name:
        for workers in counts:
            url = cluster.database() if cluster else None
            server = start_app(Path(name) / f"w{workers}.db", url, workers)
            try:
                asyncio.run(measure_workers(server.url, workers, args, scaling))
            finally:
                server.stop()
                if cluster and url:
                    cluster.drop(url)
    base = counts[0]
    table = [
        "| database | workers | level | players at once | round trips/s | p50 ms | p95 ms | p99 ms | errors | "
        f"÷ {base} worker{'s' if base > 1 else ''} | client's CPU |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for (workers, level, n), (rate, run, client_cpu) in scaling.rows.items():
        p = [percentile(run.latencies, q) * 1000 for q in (0.5, 0.95, 0.99)]
        ratio = rate / scaling.rows[(base, level, n)][0]
        table.append(
            f"| {args.database} | {workers} | {level} | {n} | {rate:,.1f} | {p[0]:.1f} | {p[1]:.1f} | {p[2]:.1f} | "
            f"{run.errors} | **{ratio:.2f}×** | {client_cpu:.0%} |"
        )
    load = os.getloadavg()
    measured = (
        f"Measured {date.today().isoformat()} with `{workers_command(args)}`{code_version()}, on CPython "
        f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores shared by the app's workers, "
        f"{'PostgreSQL ' + pg_version() + ' (a throwaway cluster, Unix socket)' if cluster else 'SQLite'} and the "
        f"client; all on 127.0.0.1; load average before the run {LOAD_BEFORE[0]:.2f}, after {load[0]:.2f}. "
        f"Each run warmed up for {args.warmup:g} s first."
    )
    return table, measured


LOAD_BEFORE = os.getloadavg()


def against_run(args: argparse.Namespace) -> tuple[list[str], str]:
    """Round trips of this checkout and of another one (`--against`: a worktree of the main a
    change started from, or of an older commit), each served by its own `scripts/dev.py` on its
    own database, both running throughout: the same players (this file's) play one, then the
    other, in slices of `--slice` seconds, `--pairs` of each in turn (which goes first swaps
    every pair), so the machine's drift, which here lasts longer than a slice, falls on both
    alike. Each slice's round trips, latencies and server CPU are summed per checkout, and the
    pairs' ratios show the spread."""
    other = Path(args.against).resolve()
    level, clients = args.levels.split(",")[0], int(args.clients.split(",")[0])
    with tempfile.TemporaryDirectory() as name:
        servers = {
            root: start_app(Path(name) / f"{label}.db", root=root) for root, label in ((other, "other"), (ROOT, "this"))
        }
        try:
            tallies, pairs = asyncio.run(interleaved(servers, level, clients, args))
        finally:
            for server in servers.values():
                server.stop()
    label = other.name
    table = [
        "| checkout | round trips/s | p50 ms | p99 ms | server CPU ms a round trip "
        "| of it, event loop · threads | errors |",
        "|---|---|---|---|---|---|---|",
    ]
    for root, shown in ((other, f"{label} ({commit_of(other)})"), (ROOT, f"this ({commit_of(ROOT)})")):
        tally = tallies[root]
        p50, p99 = (percentile(tally.run.latencies, q) * 1000 for q in (0.5, 0.99))
        table.append(
            f"| {shown} | {tally.rate:.1f} | {p50:.1f} | {p99:.1f} | {tally.cpu_ms:.2f} | {tally.loop_ms:.2f} · "
            f"{tally.cpu_ms - tally.loop_ms:.2f} | {tally.run.errors} |"
        )
    ours, theirs = tallies[ROOT], tallies[other]
    ordered = sorted(pairs)
    table.append(
        f"| **this ÷ {label}** | **{ours.rate / theirs.rate:.2f}×** (pairs: {ordered[0]:.2f} to {ordered[-1]:.2f}, "
        f"median {statistics.median(ordered):.2f}) | | | {ours.cpu_ms / theirs.cpu_ms:.2f}× "
        f"| {ours.loop_ms / theirs.loop_ms:.2f}× · "
        f"{(ours.cpu_ms - ours.loop_ms) / (theirs.cpu_ms - theirs.loop_ms):.2f}× | |"
    )
    command = (
        f"python bench/web.py --against {args.against} --pairs {args.pairs} --slice {args.slice:g} "
        f"--levels {level} --clients {clients} --warmup {args.warmup:g}"
    )
    words = (
        f"Measured {date.today().isoformat()} with `{command}`{code_version()}, on CPython "
        f"{platform.python_version()}, {os.cpu_count()} cores shared by the two apps (one uvicorn worker each, "
        f"SQLite) and the client; load average before the run {LOAD_BEFORE[0]:.2f}, after {os.getloadavg()[0]:.2f}."
    )
    return table, words


@dataclass
class Tally:
    """One checkout's slices in `interleaved`: its round trips, the seconds they took, and the
    server's CPU seconds meanwhile, all of it and its event loop's (`group_cpu`)."""

    run: Run = field(default_factory=Run)
    seconds: float = 0.0
    cpu: float = 0.0
    loop: float = 0.0

    @property
    def rate(self) -> float:
        return len(self.run.latencies) / self.seconds

    @property
    def cpu_ms(self) -> float:
        return self.cpu / len(self.run.latencies) * 1000

    @property
    def loop_ms(self) -> float:
        return self.loop / len(self.run.latencies) * 1000


async def interleaved(
    servers: dict[Path, Server], level: str, clients: int, args: argparse.Namespace
) -> tuple[dict[Path, Tally], list[float]]:
    """`against_run`'s slices: each checkout's `Tally`, and each pair's ratio of round trips a
    second (this ÷ the other)."""
    players = {root: [Player(s.url, level, random.Random(i)) for i in range(clients)] for root, s in servers.items()}
    tables: dict[Path, list[Table | None]] = {root: [None] * clients for root in servers}
    tallies = {root: Tally() for root in servers}

    async def one_slice(root: Path, seconds: float, counted: bool) -> float:
        tally, server = tallies[root] if counted else Tally(), servers[root]
        before, cpu, loop = len(tally.run.latencies), group_cpu(server), group_cpu(server, loop_only=True)
        start = time.perf_counter()
        tables[root] = list(
            await asyncio.gather(
                *(play(p, start + seconds, tally.run, t) for p, t in zip(players[root], tables[root], strict=True))
            )
        )
        elapsed = time.perf_counter() - start
        tally.seconds += elapsed
        tally.cpu += group_cpu(server) - cpu
        tally.loop += group_cpu(server, loop_only=True) - loop
        return (len(tally.run.latencies) - before) / elapsed

    order = list(servers)
    for root in order:
        await one_slice(root, args.warmup, counted=False)
    pairs = []
    for pair in range(args.pairs):
        first, second = order if pair % 2 == 0 else order[::-1]
        rates = {first: await one_slice(first, args.slice, True), second: await one_slice(second, args.slice, True)}
        pairs.append(rates[ROOT] / rates[order[0]])
    for each in players.values():
        for player in each:
            await player.client.aclose()
    return tallies, pairs


def pg_version() -> str:
    from tests import pg_cluster

    bindir = pg_cluster.binaries()
    return bindir.parent.name if bindir else "?"


def workers_command(args: argparse.Namespace) -> str:
    names = ("database", "workers", "levels", "clients", "seconds")
    return "python bench/web.py" + "".join(f" --{name} {getattr(args, name)}" for name in names)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="per level and number of players")
    parser.add_argument("--clients", default="1,8,32")
    parser.add_argument("--levels", default="easy,pro")
    parser.add_argument("--stored", default="10,10000,100000", help="matches in the database for the resume test")
    parser.add_argument("--opens", type=int, default=100, help="stored matches opened per size")
    parser.add_argument("--write", action="store_true", help="put the result in docs/benchmarks.md")
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--workers", help="comma-separated uvicorn worker counts: round trips for each, in one run")
    parser.add_argument("--warmup", type=float, default=4.0, help="seconds of untimed play before each workers run")
    parser.add_argument("--pushed", action="store_true", help="the computer's moves asked for and pushed, compared")
    parser.add_argument("--against", help="another checkout (a worktree): both played in turn, in short slices")
    parser.add_argument("--pairs", type=int, default=30, help="slices of each checkout, in turn (--against)")
    parser.add_argument("--slice", type=float, default=2.0, help="seconds of one checkout's slice (--against)")
    parser.add_argument("--reviews", action="store_true", help="round trips while reviews are made and without")
    parser.add_argument("--matches", type=int, default=80, help="finished matches to review (--reviews)")
    args = parser.parse_args()
    if args.against:
        table, measured = against_run(args)
        publish("web-against", "Web: round trips beside another checkout", measured, table, args.write)
        return
    if args.reviews:
        table, measured = reviews_run(args)
        publish("web-reviews", "Web: moves while reviews are made", measured, table, args.write)
        return
    if args.pushed:
        table, measured = pushed_run(args)
        publish("web-pushed", "Web: the computer's moves on the stream", measured, table, args.write)
        return
    if args.workers:
        table, measured = workers_run(args)
        publish("web-workers", "Web: one and two workers", measured, table, args.write)
        return
    if args.database != "sqlite":
        parser.error("the bytes and resume measures run on SQLite: give --workers for a run on PostgreSQL")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        ours, bare = start_app(folder / "bench.db"), start_bare()
        try:
            table = asyncio.run(measure(args, ours, bare))
        finally:
            ours.stop()
            bare.stop()
        table += asyncio.run(resume(args, folder))  # on a database of its own
    command = "python bench/web.py" + "".join(
        f" --{name} {getattr(args, name)}" for name in ("seconds", "clients", "levels", "stored")
    )
    measured = (
        f"Measured {date.today().isoformat()} with `{command}`{code_version()}, on CPython "
        f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores shared by the app (one uvicorn "
        f"worker, SQLite), the bare app and the client; all on 127.0.0.1; load average before the run "
        f"{LOAD_BEFORE[0]:.2f}, after {os.getloadavg()[0]:.2f}."
    )
    publish("web", "Web: round trips, bytes and resume", measured, table, args.write)


if __name__ == "__main__":
    main()
