"""The fixtures every kind of test shares: a migrated database, the app, a live server, a browser.

One conftest for the whole suite: pytest imports a conftest.py outside a package as the module
`conftest`, so a second one elsewhere under tests/ would clash with this one.

The database tests (every test that uses `db_url`, outside tests/browser) run twice: on SQLite
and on PostgreSQL, a throwaway cluster started once per session from the machine's PostgreSQL
package (tests/pg_cluster.py) with a fresh database per test, copied from one migrated by
Alembic. `--db sqlite|postgres|both` (or `CHAHARBARGH_TEST_DB`) picks; the default is both.
Without PostgreSQL they are skipped with one line saying how to enable them.

The tests of limits shared through Redis start a throwaway `redis-server` from the machine's
package (tests/redis_server.py): one per session (`redis_url` empties it for each test), or one of
a test's own that it may stop (`stoppable_redis`). Without the package they are skipped with one
line saying how to enable them.

Browser tests drive Debian's chromium (`/usr/bin/chromium`, or `CHAHARBARGH_CHROMIUM`) through
Playwright, which never downloads a browser of its own here. Where that browser is missing they
are skipped with one line saying how to enable them; under CI (`CI` set) a skipped test of any
kind fails the run instead, so CI can never pass without them.
"""

from __future__ import annotations

import itertools
import os
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url

from app.main import create_app
from app.settings import Settings
from tests import pg_cluster, redis_server
from tests.app.app_helpers import migrate
from tests.browser.live_server import FIRST_BOT_SEED, FIXED_BOTS, LiveServer, live_settings

CHROMIUM = Path(os.environ.get("CHAHARBARGH_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
NO_BROWSER = (
    f"browser tests skipped: no chromium at {CHROMIUM}. To run them, install Debian's chromium "
    "(`sudo apt-get install chromium`; `python3 scripts/dev.py test` does it when run as root) "
    "or point CHAHARBARGH_CHROMIUM at another chromium build."
)
PHONE = {"width": 390, "height": 844}


def in_ci() -> bool:
    return bool(os.environ.get("CI"))


# --- the database and the app over HTTP (no server) -------------------------------------------

DATABASES = ("sqlite", "postgres")


def pytest_addoption(parser) -> None:
    parser.addoption(
        "--db",
        choices=("sqlite", "postgres", "both"),
        default=os.environ.get("CHAHARBARGH_TEST_DB", "both"),
        help="the database(s) the database tests run on (default: both; env CHAHARBARGH_TEST_DB)",
    )


def databases(config) -> tuple[str, ...]:
    chosen = config.getoption("--db")
    return DATABASES if chosen == "both" else (chosen,)


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers",
        "one_database: run on the first chosen database only, for a test of what a page shows (the"
        " database's part, storing and replaying the moves, is the same for every page and is"
        " tested on each database elsewhere)",
    )
    config.addinivalue_line("markers", "caps(NAME=value): CHAHARBARGH_NAME settings of a system test's server")
    config.addinivalue_line(
        "markers", "postgres_only: run on PostgreSQL alone, for what only it has (news between servers)"
    )


def pytest_generate_tests(metafunc) -> None:
    """Every test using `db_url` outside the browser tests runs on each chosen database (a test
    marked `one_database` on the first of them, one marked `postgres_only` on PostgreSQL alone)."""
    if "db_kind" in metafunc.fixturenames and "tests/browser/" not in metafunc.definition.path.as_posix():
        chosen = databases(metafunc.config)
        if metafunc.definition.get_closest_marker("one_database"):
            chosen = chosen[:1]
        if metafunc.definition.get_closest_marker("postgres_only"):
            chosen = [kind for kind in chosen if kind == "postgres"]
        metafunc.parametrize("db_kind", chosen)


@pytest.fixture
def db_kind() -> str:
    """The database of this test: "sqlite" unless parametrized (browser tests stay on SQLite)."""
    return "sqlite"


@pytest.fixture(scope="session")
def postgres() -> Iterator[tuple[pg_cluster.Cluster, str]]:
    """The session's PostgreSQL cluster and the name of its database migrated by Alembic."""
    if reason := pg_cluster.unavailable():
        if in_ci():
            pytest.fail(reason.replace("skipped", "cannot run in CI"))
        pytest.skip(reason)
    cluster = pg_cluster.Cluster().start()
    try:
        template = cluster.database()
        migrate(template)
        yield cluster, make_url(template).database or ""
        cluster.drop(template)
    finally:
        cluster.stop()


@pytest.fixture
def db_url(db_kind: str, tmp_path: Path, request) -> Iterator[str]:
    """A fresh database made by the Alembic migrations, as `serve` makes it: a SQLite file, or
    on PostgreSQL a new database copied from the session's migrated one (dropped after)."""
    if db_kind == "sqlite":
        url = f"sqlite:///{tmp_path / 'test.db'}"
        migrate(url)
        yield url
        return
    cluster, template = request.getfixturevalue("postgres")
    url = cluster.database(template=template)
    yield url
    cluster.drop(url)


REDIS_FIXTURES = ("redis_session", "redis_url", "stoppable_redis")


def need_redis() -> None:
    if reason := redis_server.unavailable():
        if in_ci():
            pytest.fail(reason.replace("skipped", "cannot run in CI"))
        pytest.skip(reason)


@pytest.fixture(scope="session")
def redis_session() -> Iterator[redis_server.RedisServer]:
    """The session's throwaway Redis."""
    need_redis()
    server = redis_server.RedisServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def redis_url(redis_session: redis_server.RedisServer) -> str:
    """The session's Redis, emptied for this test: its `redis://` URL."""
    with redis.Redis.from_url(redis_session.url) as client:
        client.flushall()
    return redis_session.url


@pytest.fixture
def stoppable_redis() -> Iterator[redis_server.RedisServer]:
    """A Redis of this test's own, which it may stop (`halt()`) and start again; stopped after.
    It requires a password (in its `url`), so a test can check that no log line shows it."""
    need_redis()
    server = redis_server.RedisServer(password="pw-" + secrets.token_hex(8)).start()
    try:
        yield server
    finally:
        server.stop()


class Figures:
    """Lines the race and crash tests report (what they did, on which database), printed at the end.

    They travel as the test's user properties, which pytest-xdist carries from a worker back to
    the run that prints the summary."""

    def __init__(self, node) -> None:
        self.node = node

    def append(self, line: str) -> None:
        self.node.user_properties.append((FIGURE, line))


FIGURE = "chaharbargh-figure"


@pytest.fixture
def figures(request) -> Figures:
    return Figures(request.node)


FIGURE_LINES: list[str] = []  # gathered where the summary is printed


def pytest_runtest_logreport(report) -> None:
    if report.when == "call":
        FIGURE_LINES.extend(value for key, value in report.user_properties if key == FIGURE)


@pytest.fixture
def app(db_url: str):
    bot_seeds = itertools.count(FIRST_BOT_SEED)
    return create_app(
        Settings(
            database_url=db_url,
            secret_key="test-key",
            computer_delay_ms=0,  # a computer's move is due at once: `app.state.owner.run_due()` plays it
            bot_settings=FIXED_BOTS,
            new_bot_seed=lambda: next(bot_seeds),
            review_worker=False,  # reviews are made by hand (`app.state.reviews.work_once()`)
            round_owner=False,  # due moves are played by hand (`app.state.owner.run_due()`)
            rate_moves="off",  # the tests play faster than a person (tests/app/test_limits.py tries the limit)
        )
    )


@pytest.fixture
def client(app) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


# --- a real uvicorn and a real browser ---------------------------------------------------------


@pytest.fixture
def live_server(db_url: str) -> Iterator[Callable[..., LiveServer]]:
    """Start a real uvicorn on the test database: `live_server(port=..., **settings)`; all are stopped after.

    The computer answers at once: the server's round owner plays its move with no pause and
    the table's stream brings it (a practice's when the page sends `computer-may-move`, which
    `browser_helpers.settle` does while it waits for the table). Matches are dealt from
    FIRST_SEED on, so a walk through the home page meets known deals.
    """
    started: list[LiveServer] = []

    def start(port: int = 0, **settings) -> LiveServer:
        server = LiveServer(live_settings(db_url, **settings), port).start()
        started.append(server)
        return server

    yield start
    for server in started:
        if server.running:
            server.stop()


@pytest.fixture
def server(live_server) -> LiveServer:
    return live_server()


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        if in_ci():
            pytest.fail(NO_BROWSER.replace("skipped", "cannot run in CI"))
        pytest.skip(NO_BROWSER)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser):
    """`new_page(server, viewport=PHONE, javascript=True)`: a page in a fresh browser context, closed after."""
    contexts = []

    def open_page(server: LiveServer, viewport: dict[str, int] = PHONE, javascript: bool = True):
        context = browser.new_context(base_url=server.url, viewport=viewport, java_script_enabled=javascript)
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page, server):
    """A phone-sized page on the default live server."""
    return new_page(server)


# --- skipped tests: say why once, and never let CI pass with one --------------------------------


def pytest_collection_modifyitems(config, items) -> None:
    if in_ci():
        return
    no_postgres = "postgres" in databases(config) and pg_cluster.unavailable()
    no_redis = redis_server.unavailable()
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if not CHROMIUM.exists() and "browser" in fixtures:
            item.add_marker(pytest.mark.skip(reason=NO_BROWSER))
        if no_redis and any(name in fixtures for name in REDIS_FIXTURES):
            item.add_marker(pytest.mark.skip(reason=no_redis))
        callspec = getattr(item, "callspec", None)
        if no_postgres and callspec is not None and callspec.params.get("db_kind") == "postgres":
            item.add_marker(pytest.mark.skip(reason=no_postgres))


def skipped_in_ci(config) -> int:
    """How many tests were skipped, when running under CI (where any skip is a failure)."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    return len(reporter.stats.get("skipped", [])) if reporter and in_ci() else 0


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    for line in FIGURE_LINES:
        terminalreporter.write_line(line)
    if not CHROMIUM.exists() and not in_ci():
        terminalreporter.write_line(NO_BROWSER, yellow=True)
    if "postgres" in databases(config) and (reason := pg_cluster.unavailable()) and not in_ci():
        terminalreporter.write_line(reason, yellow=True)
    if (reason := redis_server.unavailable()) and not in_ci():
        terminalreporter.write_line(reason, yellow=True)
    if skipped := skipped_in_ci(config):
        terminalreporter.write_line(f"CI: {skipped} test(s) skipped, and CI runs every test: failing", red=True)


def pytest_sessionfinish(session, exitstatus) -> None:
    if skipped_in_ci(session.config):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
