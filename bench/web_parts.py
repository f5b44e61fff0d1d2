"""What a round trip of the table costs, part by part, in one process and without sockets.

    python bench/web_parts.py [--round-trips 400]

`bench/web.py` measures the app over HTTP, with the client on the same cores. This one calls
the ASGI apps directly (a scope, the body, the answer collected), on a fresh SQLite database, so
the figures are the server's CPU time alone (`time.process_time`: this process, thread pool
included), the way the browser asks:

- `bare /health`: the bare FastAPI app of `bench/web.py` (one JSON route);
- `ours /health`: the same route in our app, through all its middlewares;
- `ours, a move form and no work`: a route added for the benchmark that takes the move form as
  the move route does (`MoveForm`, the service and language dependencies) and answers 2 KB of
  fixed HTML: what FastAPI and our layers cost a request before any work;
- `round trip`: the human's move and the computer's reply at easy level, HTMX requests, as
  `bench/web.py` plays them (the computer thinks ~0.01 ms at easy);
- and that round trip's work alone, called directly: the two service calls (engine and one
  database write each), the two table renders (view model and template) and the two
  compressions (brotli 1).

Each figure is a mean over ``--round-trips`` (twice as many single requests), after a warm-up.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Annotated, Any
from urllib.parse import urlencode

import brotli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.append(os.path.join(ROOT, "bench"))
FOLDER = tempfile.mkdtemp(prefix="web-parts-")
os.environ.update(CHAHARBARGH_DB=f"{FOLDER}/bench.db", CHAHARBARGH_DATA=FOLDER)
os.environ.update(CHAHARBARGH_RATE_NEW="off", CHAHARBARGH_RATE_HINTS="off", CHAHARBARGH_RATE_MOVES="off")
os.environ.pop("DATABASE_URL", None)

from bare_app import app as bare  # noqa: E402
from fastapi import Form  # noqa: E402
from fastapi.responses import HTMLResponse  # noqa: E402
from jinja2_fragments import render_blocks  # noqa: E402
from web import Table, any_legal_move, move_form, read_table  # noqa: E402

from app.forms import MoveForm  # noqa: E402
from app.games.chaharbargh.views import Selection, table_view  # noqa: E402
from app.main import create_app  # noqa: E402
from app.web import FRAGMENTS, Lang, Service, page_context, templates  # noqa: E402

HEADERS = [  # what chromium sends with an HTMX request, near enough
    (b"host", b"127.0.0.1:8000"),
    (b"user-agent", b"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36"),
    (b"accept", b"*/*"),
    (b"accept-language", b"fa,en;q=0.8"),
    (b"accept-encoding", b"gzip, br"),
    (b"sec-fetch-site", b"same-origin"),
]
HTMX = [(b"hx-request", b"true")]
FIXED_HTML = "<p>" + "x" * 2000 + "</p>"


async def call(app: Any, method: str, path: str, data: dict[str, Any] | None = None, htmx: bool = False) -> dict:
    """One request to an ASGI app; the answer's status, headers and body."""
    path, _, query = path.partition("?")
    body = urlencode(data, doseq=True).encode() if data is not None else b""
    headers = HEADERS + (HTMX if htmx else [])
    if data is not None:
        form_type = b"application/x-www-form-urlencoded"
        headers = headers + [(b"content-type", form_type), (b"content-length", b"%d" % len(body))]
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
        "path": path, "raw_path": path.encode(), "query_string": query.encode(), "root_path": "",
        "headers": headers, "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000), "state": {},
    }  # fmt: skip
    received = False

    async def receive() -> dict:
        nonlocal received
        if not received:
            received = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.Event().wait()  # the client stays connected
        raise AssertionError

    answer: dict[str, Any] = {"body": b""}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.start":
            answer.update(status=message["status"], headers=dict(message["headers"]))
        elif message["type"] == "http.response.body":
            answer["body"] += message.get("body", b"")

    await app(scope, receive, send)
    return answer


def table_of(answer: dict) -> Table:
    body = answer["body"]
    if answer["headers"].get(b"content-encoding") == b"br":
        body = brotli.decompress(body)
    return read_table(body.decode())


def cpu_ms(count: int, step: Callable[[], Any]) -> float:
    """Mean CPU milliseconds of `step` (a coroutine function) over `count` calls."""

    async def run() -> float:
        start = time.process_time()
        for _ in range(count):
            await step()
        return (time.process_time() - start) / count * 1000

    return asyncio.run(run())


class Game:
    """One player's matches at easy level, played through the app as `bench/web.py` plays them."""

    def __init__(self, app: Any, seed: int) -> None:
        self.app, self.rng = app, random.Random(seed)
        self.page, self.table = "", Table(0, "", [], [])

    async def new_match(self) -> None:
        created = await call(self.app, "POST", "/matches", {"level": "easy", "target": "62", "preset": "table"})
        self.page = created["headers"][b"location"].decode()
        self.table = table_of(await call(self.app, "GET", self.page, htmx=True))

    async def post(self, action: str, data: dict[str, Any]) -> None:
        answer = await call(self.app, "POST", f"{self.page}/{action}", data, htmx=True)
        assert answer["status"] == 200, (action, answer["status"])
        self.table = table_of(answer)

    async def to_human_turn(self) -> None:
        """Close score sheets, start new matches and let the computer play until it is the human's turn."""
        while self.table.state != "your-turn":
            if not self.page or self.table.state in ("match-over", "practice-over"):
                await self.new_match()
            elif self.table.state == "round-over":
                await self.post("next", {"ply": self.table.ply})
            else:
                await self.post("computer", {"ply": self.table.ply})


def round_trips_ms(game: Game, count: int) -> float:
    """The server's CPU per round trip (the move and the computer's reply), the client's own work left out."""

    async def run() -> float:
        spent = 0.0
        for _ in range(count):
            await game.to_human_turn()
            move = any_legal_move(game.table, game.rng)
            data = move_form(game.table, move)
            start = time.process_time()
            moved = await call(game.app, "POST", f"{game.page}/move", data, htmx=True)
            parse = time.process_time()
            game.table = table_of(moved)
            start += time.process_time() - parse  # the client's parse is not the server's
            if game.table.state == "computer-turn":
                reply = await call(game.app, "POST", f"{game.page}/computer", {"ply": game.table.ply}, htmx=True)
                parse = time.process_time()
                game.table = table_of(reply)
                start += time.process_time() - parse
            spent += time.process_time() - start
        return spent / count * 1000

    return asyncio.run(run())


def work_ms(app: Any, game: Game, count: int) -> tuple[float, float, float]:
    """The same round trip's work called directly: service calls, renders, compressions (ms each, per round trip)."""
    service = app.state.service
    spent = [0.0, 0.0, 0.0]

    def render(loaded: Any) -> bytes:
        start = time.process_time()
        values = page_context("fa", "/", tv=table_view(loaded, "fa", Selection(), None, 700))
        table = "chaharbargh/match.html"
        page = render_blocks(templates.env, table, FRAGMENTS[table], values).encode()
        middle = time.process_time()
        brotli.compress(page, quality=1)
        spent[1] += middle - start
        spent[2] += time.process_time() - middle
        return page

    async def run() -> None:
        for _ in range(count):
            await game.to_human_turn()
            match_id, secret = game.page.split("/")[2:4]
            start = time.process_time()
            loaded = service.play(match_id, secret, game.table.ply, any_legal_move(game.table, game.rng))
            spent[0] += time.process_time() - start
            render(loaded)
            if loaded.computer_to_play:
                start = time.process_time()
                loaded = service.computer(match_id, secret, loaded.ply)
                spent[0] += time.process_time() - start
            game.table = read_table(render(loaded).decode())

    asyncio.run(run())
    return spent[0] / count * 1000, spent[1] / count * 1000, spent[2] / count * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--round-trips", type=int, default=400)
    count = parser.parse_args().round_trips
    subprocess.run([sys.executable, "-m", "alembic", "upgrade", "head"], cwd=ROOT, check=True, capture_output=True)
    app = create_app()

    @app.post("/bench/m/{match_id}/{secret}/move")
    def move_form_only(match_id: str, secret: str, form: Annotated[MoveForm, Form()], service: Service, lang: Lang):  # type: ignore[no-untyped-def]  # noqa: ANN202
        return HTMLResponse(FIXED_HTML)

    form = {"ply": 3, "card": "7C", "take": ["4D", "3H"]}
    parts: dict[str, float] = {}
    for name, step in (
        ("bare /health", lambda: call(bare, "GET", "/health")),
        ("ours /health", lambda: call(app, "GET", "/health")),
        ("ours, a move form and no work", lambda: call(app, "POST", "/bench/m/x/y/move", form, htmx=True)),
    ):
        cpu_ms(200, step)  # warm up
        parts[name] = cpu_ms(2 * count, step)
    game = Game(app, seed=1)
    round_trips_ms(game, 50)  # warm up
    parts["round trip (move and reply)"] = round_trips_ms(game, count)
    service, render, compress = work_ms(app, game, count)
    parts["its work: 2 service calls"] = service
    parts["its work: 2 renders"] = render
    parts["its work: 2 compressions"] = compress
    bare_ms = parts["bare /health"]
    print("| part | CPU ms | ÷ a bare request |\n|---|---|---|")
    for name, ms in parts.items():
        print(f"| {name} | {ms:.3f} | {ms / bare_ms:.1f} |")


if __name__ == "__main__":
    main()
