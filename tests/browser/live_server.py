"""A real uvicorn server in a thread, on the test's SQLite file, for the browser tests."""

from __future__ import annotations

import socket
import threading

import uvicorn

from app.main import create_app
from app.settings import Settings


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
        config = uvicorn.Config(self.app, log_level="warning", lifespan="off")
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
