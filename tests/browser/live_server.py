"""A real uvicorn server in a thread, on the test's SQLite file, for the browser tests (and
scripts/screenshots.py, which sets the app up the same way)."""

from __future__ import annotations

import itertools
import socket
import threading
from typing import Any

import uvicorn

from app.main import create_app
from app.settings import Settings

# Pro thinks over a fixed number of worlds instead of 40 ms of the machine's time, so the
# computer's moves in a test are the same on a slow machine and a fast one.
FIXED_BOTS = {"pro": {"worlds": 8}}
FIRST_SEED = 1000  # live servers deal their matches from seeds 1000, 1001, ... in order
# Every app in the tests gives its matches the bot seeds 1, 2, ... in order (`new_bot_seed`), so
# the computer's moves and the hints are the same every run, as the deals are.
FIRST_BOT_SEED = 1


def live_settings(database_url: str, **settings: Any) -> Settings:
    """A live server's settings: the computer answers at once (its round owner plays with no
    pause; a practice's computer moves when the page sends `computer-may-move`), pro's fixed
    worlds, and matches dealt from FIRST_SEED on, so a walk
    through the home page meets known deals; `settings` change any of these."""
    seeds, bot_seeds = itertools.count(FIRST_SEED), itertools.count(FIRST_BOT_SEED)
    chosen: dict[str, Any] = {
        "computer_delay_ms": 0,
        "practice_delay_ms": None,
        "refresh_ms": None,
        "review_worker": False,  # reviews are made by hand (`app.state.reviews.work_once()`)
        "rate_moves": "off",  # the tests play faster than a person (tests/app/test_limits.py tries the limit)
        "bot_settings": FIXED_BOTS,
        "new_seed": lambda: next(seeds),
        "new_bot_seed": lambda: next(bot_seeds),
        **settings,
    }
    return Settings(database_url=database_url, secret_key="browser-tests", **chosen)


class LiveServer:
    """Serves the app on 127.0.0.1:`port` (a free one by default); `stop` and a new server on the same port resume.

    The socket is listening before the thread starts, so requests made at once wait in its
    backlog instead of failing: no polling for readiness is needed.
    """

    def __init__(self, settings: Settings, port: int = 0):
        self.settings = settings
        self.port = port
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._sock: socket.socket | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> LiveServer:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", self.port))
        sock.listen(64)
        self.port = sock.getsockname()[1]
        self.app = create_app(self.settings)
        # open event streams (a shared table's) never end by themselves: a stop closes them after 1 s;
        # the app's lifespan runs as in production (the move clocks' give-back, the heartbeat, reviews)
        config = uvicorn.Config(self.app, log_level="warning", lifespan="on", timeout_graceful_shutdown=1)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [sock]}, daemon=True)
        self._sock = sock
        self._thread.start()
        return self

    def stop(self) -> None:
        assert self._server is not None and self._thread is not None and self._sock is not None
        self._server.should_exit = True
        self._thread.join(timeout=10)
        self._sock.close()
        assert not self._thread.is_alive(), "server thread did not stop"
