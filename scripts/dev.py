"""The project's entry points, needing nothing but Python 3.11+.

    python3 scripts/dev.py serve   # the app at http://127.0.0.1:8000
    python3 scripts/dev.py test    # lint, format check and every test (the database tests on SQLite and PostgreSQL)
    python3 scripts/dev.py lock    # re-resolve the lock files (after editing pyproject.toml)
    python3 scripts/dev.py catalogs   # compile the words (app/locale/*/LC_MESSAGES/messages.po to .mo)
    python3 scripts/dev.py prune --days 30   # delete matches abandoned for 30 days (see app/prune.py)

`serve` and `test` create `.venv` and install the exact versions of requirements-dev.txt into
it the first time (and again whenever that lock file or pyproject.toml changes), so a fresh
machine needs no other step and gets what CI tested.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"


def _run(*args: str | Path) -> None:
    result = subprocess.run([str(a) for a in args], cwd=ROOT)
    if result.returncode:
        sys.exit(result.returncode)


LOCK = ROOT / "requirements-dev.txt"  # every dependency, dev tools included, pinned with hashes
RUNTIME_LOCK = ROOT / "requirements.txt"  # the app's own dependencies only (the Dockerfile's)
PIP = ("-m", "pip", "install", "--quiet", "--disable-pip-version-check")


def ensure_venv(check: bool = True) -> None:
    """Create the virtual environment and install the locked dependencies and the project if stale.

    `check=False` (for `lock`) lets a dependency added to pyproject.toml but not yet locked pass:
    locking is what adds it."""
    if sys.version_info < (3, 11):  # noqa: UP036 - this script may be started by any python3
        sys.exit("Chaharbargh needs Python 3.11 or newer")
    stamp = VENV / ".installed"
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + LOCK.read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == wanted:
        return
    if not PYTHON.exists():
        print("creating .venv ...", flush=True)
        venv.create(VENV, with_pip=True)
    # --require-hashes: exactly the files the lock names, or nothing. The project itself comes
    # after, without dependencies, so nothing outside the lock can slip in through pyproject.toml.
    _run(PYTHON, *PIP, "--require-hashes", "-r", LOCK)
    _run(PYTHON, *PIP, "--no-deps", "-e", ".")
    # A dependency added to pyproject.toml but not yet locked would be missing: say so now.
    if subprocess.run([str(PYTHON), "-m", "pip", "check"], cwd=ROOT, capture_output=not check).returncode:
        if not check:
            return  # no stamp: the next `serve` or `test` installs again, from the new lock
        sys.exit("the lock file misses a dependency of pyproject.toml: run `python3 scripts/dev.py lock`")
    stamp.write_text(wanted)


def lock(args: list[str]) -> None:
    """Resolve pyproject.toml again into the two lock files, with uv (installed into .venv for this).

    uv's universal resolution writes one file for every platform and Python >= 3.11, with the
    hash of every release file, which pip then checks. `lock --upgrade` takes the newest
    releases the ranges allow; without it, pins already in the lock are kept where they still fit.
    """
    ensure_venv(check=False)
    _run(PYTHON, *PIP, "uv")
    uv = BIN / "uv"
    common = ["--universal", "--python-version", "3.11", "--generate-hashes", "--quiet", *args]
    common += ["--index-url", "https://pypi.org/simple", "--custom-compile-command", "python3 scripts/dev.py lock"]
    # PostgreSQL's driver is in both: the tests run on PostgreSQL too, and the Docker image can.
    pg = ["--extra", "postgres"]
    _run(uv, "pip", "compile", "pyproject.toml", "--extra", "dev", *pg, "-o", LOCK, *common)
    # The runtime lock takes its versions from the dev lock, so the two can never disagree.
    _run(uv, "pip", "compile", "pyproject.toml", *pg, "--constraint", LOCK, "-o", RUNTIME_LOCK, *common)


def catalogs(args: list[str] | None = None) -> None:
    """Compile the gettext catalogs (app/locale/<lang>/LC_MESSAGES/messages.po) to the `.mo` files
    the app reads; `serve` and `test` run it, so an edited `.po` is always what runs."""
    ensure_venv()
    command = [str(PYTHON), "-m", "babel.messages.frontend", "compile", "--domain", "messages"]
    command += ["--directory", str(ROOT / "app" / "locale")]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if result.returncode:  # babel's own message says which catalog and line
        sys.exit(result.stdout + result.stderr)


# How uvicorn serves the app (the Dockerfile says the same; docs/deploy.md explains each):
# app.serving's protocol closes a connection that begins no request for the keep-alive (5 s) or does
# not deliver a whole request in CHAHARBARGH_REQUEST_TIMEOUT (10 s); past 1,000 connections and
# requests at once a worker answers 503 at once instead of queueing; it refuses a request head over
# 16 KiB (431) and parses only a few pipelined requests ahead. Arguments given to `serve` come
# after these, so they win (`--timeout-keep-alive 1`). At a restart, open event streams get 5 s,
# then are closed: their browsers connect again by themselves.
UVICORN = (
    "--http", "app.serving:Protocol",
    "--timeout-keep-alive", "5",
    "--limit-concurrency", "1000",
    "--timeout-graceful-shutdown", "5",  # a shared table's event streams never end by themselves
)  # fmt: skip


def serve(args: list[str]) -> None:
    """Migrate the database (its own step, before any worker starts), then run uvicorn."""
    ensure_venv()
    catalogs()
    host = os.environ.get("HOST", "127.0.0.1")
    port = os.environ.get("PORT", "8000")
    _run(PYTHON, "-m", "alembic", "upgrade", "head")
    print(f"Chaharbargh at http://{host}:{port}", flush=True)
    _run(PYTHON, "-m", "uvicorn", "--factory", "app.main:create_app", "--host", host, "--port", port, *UVICORN, *args)


def prune(args: list[str]) -> None:
    """Delete abandoned and old matches (`python -m app.prune`; `--days N`, `--finished-days M`,
    `--dry-run`), on the database `serve` uses."""
    ensure_venv()
    _run(PYTHON, "-m", "app.prune", *args)


CHROMIUM = Path("/usr/bin/chromium")


def missing_packages() -> list[str]:
    """Debian packages the tests use that are missing: chromium (browser tests), postgresql
    (the database tests run on PostgreSQL as well as SQLite, in a throwaway cluster) and
    redis-server (the rate limits shared through Redis, on a throwaway server)."""
    missing = [] if CHROMIUM.exists() else ["chromium"]
    if not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
        missing.append("postgresql")
    if not shutil.which("redis-server") and not Path("/usr/bin/redis-server").exists():
        missing.append("redis-server")
    return missing


def ensure_test_packages() -> None:
    """Install the missing test packages with apt-get, when we are root on Debian.

    Playwright drives Debian's chromium; it never downloads a browser of its own. Without root
    the tests that need a missing package are skipped, each kind with one line saying how to
    enable it (and under CI a skip fails the run).
    """
    missing = missing_packages()
    if not missing or not hasattr(os, "geteuid") or os.geteuid() != 0 or not Path("/usr/bin/apt-get").exists():
        return
    print(f"installing {', '.join(missing)} for the tests (apt-get) ...", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", *missing]):
        result = subprocess.run(command, env=env)
        if result.returncode:
            sys.exit(result.returncode)


def test(args: list[str]) -> None:
    ensure_venv()
    catalogs()
    ensure_test_packages()
    _run(PYTHON, "-m", "ruff", "check", ".")
    _run(PYTHON, "-m", "ruff", "format", "--check", ".")
    _run(PYTHON, "-m", "mypy")  # --strict: the engine, the games' web parts and what they import (pyproject.toml)
    # Every core, each test file on one worker so that its servers and browser are shared; a
    # `-n` of one's own (`-n 0` for none) wins.
    workers = [] if any(a.startswith(("-n", "--numprocesses")) for a in args) else ["-n", "auto", "--dist", "loadfile"]
    _run(PYTHON, "-m", "pytest", *workers, *args)


def main() -> None:
    commands = {"serve": serve, "test": test, "lock": lock, "prune": prune, "catalogs": catalogs}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(f"usage: python3 scripts/dev.py {{{'|'.join(commands)}}} [args...]")
    commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
