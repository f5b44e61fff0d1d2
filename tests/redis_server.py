"""A throwaway Redis for the tests, from Debian's `redis-server` package.

`RedisServer.start()` runs `redis-server` on 127.0.0.1 and a free port, in a new temporary folder
(its working directory and log), keeping nothing on disk (`--save ''`, `--appendonly no`);
`stop()` stops it and deletes the folder. It may be stopped and started again on the same port,
as a Redis that went down and came back. Nothing on the machine outside that folder is touched.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import redis

from tests.system.app_processes import free_port, wait_until

HOW_TO = (
    "install Debian's Redis (`sudo apt-get install redis-server`; "
    "`python3 scripts/dev.py test` does it when run as root)"
)
STARTUP_TIMEOUT = 30.0  # seconds: a healthy start takes a few milliseconds


def binary() -> str | None:
    return shutil.which("redis-server") or ("/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)


def unavailable() -> str | None:
    """Why no Redis can be had for the tests, or None when it can."""
    if binary() is None:
        return f"Redis tests skipped: no redis-server on this machine. To run them, {HOW_TO}."
    return None


class RedisServer:
    """One `redis-server` of the tests' own; `url` is its `redis://` address (with the
    `password` it requires, if given one)."""

    def __init__(self, password: str = "") -> None:
        self.password = password
        self.folder: Path | None = None
        self.process: subprocess.Popen | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"redis://{f':{self.password}@' if self.password else ''}127.0.0.1:{self.port}"

    def _answers(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            return True  # exited: stop waiting, start() tells why
        client = redis.Redis.from_url(self.url, socket_connect_timeout=1, socket_timeout=1)
        try:
            return bool(client.ping())
        except redis.RedisError:
            return False
        finally:
            client.close()

    def start(self) -> RedisServer:
        """Start, on the port it had before if any (a restart), else on a free one; a port taken
        between our look and the server's bind is tried again with another."""
        server = binary()
        assert server is not None, unavailable()
        if self.folder is None:
            self.folder = Path(tempfile.mkdtemp(prefix="chaharbargh-redis-"))
        for _attempt in range(3):
            self.port = self.port or free_port()
            command = [server, "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.folder)]
            command += ["--save", "", "--appendonly", "no", "--logfile", str(self.folder / "redis.log")]
            command += ["--requirepass", self.password] if self.password else []
            with open(self.folder / "redis.out", "a") as out:  # what it says before its log is open
                self.process = subprocess.Popen(command, cwd=self.folder, stdout=out, stderr=subprocess.STDOUT)
            wait_until(self._answers, STARTUP_TIMEOUT, "redis-server to answer PING")
            if self.process.poll() is None:
                return self
            self.port = 0
        raise RuntimeError(f"redis-server did not start: {self.log()}")

    def log(self) -> str:
        paths = [self.folder / name for name in ("redis.out", "redis.log")] if self.folder else []
        return "".join(p.read_text(errors="replace")[-3000:] for p in paths if p.exists())

    def halt(self) -> None:
        """Stop the server and wait until it has exited (its folder and port are kept for `start`)."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=30)

    def stop(self) -> None:
        self.halt()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
