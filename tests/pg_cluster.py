"""A throwaway PostgreSQL cluster for the tests, from the machine's PostgreSQL package.

`Cluster.start()` runs Debian's `initdb` in a new temporary folder (as the `postgres` system
user when we are root, since the server refuses to run as root; as ourselves otherwise), starts
the server listening only on a Unix socket in that folder, and `stop()` stops it and deletes the
folder. Nothing on the machine outside that folder is touched, and no port is taken.

`CHAHARBARGH_TEST_POSTGRES` may instead name a server of one's own (`postgresql+psycopg://user@host/db`,
a role that may create databases): then no cluster is started.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

SERVER_ENV = "CHAHARBARGH_TEST_POSTGRES"
HOW_TO = (
    "install Debian's PostgreSQL (`sudo apt-get install postgresql`; `python3 scripts/dev.py test` "
    f"does it when run as root), or set {SERVER_ENV} to a server URL (postgresql+psycopg://user@host/db)"
)


def binaries() -> Path | None:
    """The folder of the newest PostgreSQL server programs the package put on the machine."""
    version = lambda p: [int(x) if x.isdigit() else 0 for x in Path(p).parent.parent.name.split(".")]  # noqa: E731
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=version)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


def unavailable() -> str | None:
    """Why no PostgreSQL can be had for the tests, or None when it can."""
    if os.environ.get(SERVER_ENV):
        return None
    if binaries() is None:
        return f"PostgreSQL tests skipped: no PostgreSQL server (initdb) on this machine. To run them, {HOW_TO}."
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return f"PostgreSQL tests skipped: running as root and there is no `postgres` user. To run them, {HOW_TO}."
    return None


def _as_postgres() -> dict:
    """subprocess arguments that run a program as the `postgres` user when we are root."""
    if os.geteuid() != 0:
        return {}
    account = pwd.getpwnam("postgres")
    return {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": []}


class Cluster:
    """One PostgreSQL server for the test session; `database()` makes a fresh database on it."""

    def __init__(self) -> None:
        self.folder: Path | None = None
        self.url = os.environ.get(SERVER_ENV, "")

    def start(self) -> Cluster:
        if self.url:
            return self
        bindir = binaries()
        assert bindir is not None, unavailable()
        self.folder = Path(tempfile.mkdtemp(prefix="chaharbargh-pg-"))
        data = self.folder / "data"
        user = _as_postgres()
        if user:  # postgres refuses to run as root: its own user owns the folder
            os.chown(self.folder, user["user"], user["group"])
        run = dict(check=True, capture_output=True, text=True, cwd=self.folder, **user)
        subprocess.run(
            [bindir / "initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"], **run
        )
        # Only a socket in our folder; fsync off is safe here since the tests kill app
        # processes, never the database server.
        options = (
            f"-c listen_addresses='' -c unix_socket_directories='{self.folder}' -c max_connections=300 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=32MB"
        )
        log = self.folder / "server.log"
        try:
            subprocess.run([bindir / "pg_ctl", "-D", data, "-l", log, "-o", options, "-w", "-t", "120", "start"], **run)
        except subprocess.CalledProcessError as failed:
            raise RuntimeError(f"PostgreSQL did not start: {failed.stderr}\n{self.log()}") from None
        self.url = f"postgresql+psycopg://postgres@/postgres?host={self.folder}"
        return self

    def log(self) -> str:
        path = self.folder / "server.log" if self.folder else None
        return path.read_text(errors="replace")[-4000:] if path and path.exists() else ""

    def stop(self) -> None:
        if self.folder is None:
            return
        pg_ctl = binaries() / "pg_ctl"  # type: ignore[operator]
        command = [pg_ctl, "-D", self.folder / "data", "-m", "fast", "-w", "-t", "60", "stop"]
        subprocess.run(command, capture_output=True, cwd=self.folder, **_as_postgres())
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None

    def _admin(self, sql: str) -> None:
        engine = create_engine(self.url, isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as conn:
                conn.execute(text(sql))
        finally:
            engine.dispose()

    def database(self, template: str | None = None) -> str:
        """A new, empty database (or a copy of `template`); its URL."""
        name = "t_" + uuid.uuid4().hex[:16]
        self._admin(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
        return make_url(self.url).set(database=name).render_as_string(hide_password=False)

    def drop(self, url: str) -> None:
        """Drop the database at `url`, closing whatever connections the test left open to it."""
        self._admin(f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)')
