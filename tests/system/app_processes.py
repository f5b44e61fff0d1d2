"""Real app processes for the race and crash tests: uvicorn started as the README and the
Dockerfile start it, one process group each, killed with SIGKILL like a crashed machine; and a
player that drives matches through HTTP while reading the truth from the database itself."""

from __future__ import annotations

import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import httpx

from app.db import make_engine
from app.service import MatchService
from app.settings import ROOT
from app.table import Table

STARTUP_TIMEOUT = 90.0  # seconds: generous, the machine is shared; a healthy start takes ~2 s
REQUEST_TIMEOUT = 60.0


def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    """Poll `condition` until it holds; fail after `timeout` seconds (a bound, never a race)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(0.05)


def serve_flags() -> tuple[str, ...]:
    """The uvicorn flags of the README's serve command (scripts/dev.py's `UVICORN`), so that a
    test serves the app as a host does."""
    spec = importlib.util.spec_from_file_location("dev", ROOT / "scripts" / "dev.py")
    assert spec is not None and spec.loader is not None
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    return tuple(dev.UVICORN)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class AppProcess:
    """`uvicorn --factory app.main:create_app` on 127.0.0.1, a free port, `workers` workers
    (through `WEB_CONCURRENCY`, as a deployment sets it), on the database at `database_url`;
    `env` adds settings of its own (`CHAHARBARGH_RATE_STORAGE`)."""

    def __init__(
        self,
        database_url: str,
        folder: Path,
        workers: int = 1,
        name: str = "app",
        args: tuple[str, ...] = (),
        env: dict[str, str] | None = None,
    ):
        self.database_url = database_url
        self.folder = folder
        self.workers = workers
        self.name = name
        self.args = args  # more uvicorn flags (`serve_flags()`: the README's serve command's)
        self.env = env or {}  # more settings
        self.process: subprocess.Popen | None = None
        self.port = 0
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CHAHARBARGH_DB")}
        env.update(
            DATABASE_URL=self.database_url,
            CHAHARBARGH_SECRET_KEY="system-tests",
            CHAHARBARGH_RATE_MOVES="off",  # races send one seat's move many times at once, on purpose
            CHAHARBARGH_DATA=str(self.folder),
            WEB_CONCURRENCY=str(self.workers),
        )
        return {**env, **self.env}

    def log(self) -> str:
        path = self.folder / f"{self.name}-{self.starts}.log"
        return path.read_text(errors="replace")[-3000:] if path.exists() else ""

    def _healthy(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            return True  # exited: stop waiting, start() tells why
        try:
            return httpx.get(self.url + "/health", timeout=5).status_code == 200
        except httpx.TransportError:
            return False

    def start(self) -> AppProcess:
        """Start on a free port; a port taken between our look and uvicorn's bind is tried again."""
        for _attempt in range(3):
            self.port, self.starts = free_port(), self.starts + 1
            command = [sys.executable, "-m", "uvicorn", "--factory", "app.main:create_app"]
            command += ["--host", "127.0.0.1", "--port", str(self.port), "--log-level", "warning", *self.args]
            with open(self.folder / f"{self.name}-{self.starts}.log", "w") as log:
                self.process = subprocess.Popen(
                    command, cwd=ROOT, env=self._env(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True
                )
            wait_until(self._healthy, STARTUP_TIMEOUT, f"{self.name} to answer /health")
            if self.process.poll() is None:
                return self
        raise AssertionError(f"{self.name} did not start:\n{self.log()}")

    def kill(self) -> None:
        """SIGKILL to the whole process group (uvicorn's supervisor and every worker) at once."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.kill()


class Player:
    """Plays matches through HTTP like a browser without JavaScript, choosing from the state
    as the database holds it (read by a `MatchService` of the test's own)."""

    def __init__(self, database_url: str):
        self.reader = MatchService(make_engine(database_url))

    def load(self, url: str) -> Table:
        return self.reader.load(*url.split("/")[2:4])

    @staticmethod
    def create(client: httpx.Client, level: str = "medium") -> str:
        response = client.post("/matches", data={"level": level, "target": "31", "preset": "table"})
        assert response.status_code == 303, response.text[:500]
        return response.headers["location"]

    def next_request(self, url: str, choice: int = 0) -> Request | None:
        """What a player posts next on the match at `url`, or None when it is over. `choice`
        picks among the legal moves, so two players can race with different moves."""
        loaded = self.load(url)
        if loaded.over:
            return None
        if loaded.sheet_pending:
            return Request(url, "next", loaded.ply)
        if loaded.computer_to_play:
            return Request(url, "computer", loaded.ply)
        moves = [m for m in loaded.state.legal_moves() if not m.shows]  # the table rules show no card
        return Request(url, "move", loaded.ply, str(moves[choice % len(moves)]))


@dataclass(frozen=True)
class Request:
    """One POST of a player: `kind` is move, computer or next; `move` the engine's text of a move."""

    match: str  # the table's address, /m/<id>/<secret>
    kind: str
    ply: int
    move: str = ""

    @property
    def path(self) -> str:
        return f"{self.match}/{self.kind}"

    @property
    def form(self) -> dict:
        if not self.move:
            return {"ply": self.ply}
        card, *takes = self.move.split("+")
        return {"ply": self.ply, "card": card, "take": takes}

    def send(self, client: httpx.Client, headers: dict | None = None) -> httpx.Response:
        return client.post(self.path, data=self.form, headers=headers or {})
