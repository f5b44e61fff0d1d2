"""The new-match limit across two real uvicorn processes sharing one PostgreSQL and one Redis
(`CHAHARBARGH_RATE_STORAGE=redis://...`): a client's requests alternate between them, and the
21st new match of the minute is refused, though each process has seen only 10 or 11 (counted
in each process's memory, as by default, both would let it through)."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import create_engine, text

from tests.system.app_processes import REQUEST_TIMEOUT, AppProcess

NEW_MATCH = {"level": "easy", "target": "31", "preset": "table"}
LIMIT = 20  # the default CHAHARBARGH_RATE_NEW: 20/minute


def stored_matches(db_url: str) -> int:
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            return conn.execute(text("SELECT count(*) FROM match")).scalar_one()
    finally:
        engine.dispose()


@pytest.mark.postgres_only  # one SQLite file is served by one process
def test_two_processes_on_one_redis_refuse_the_21st_new_match_of_a_minute(db_url, redis_url, tmp_path):
    shared = {"CHAHARBARGH_RATE_STORAGE": redis_url}
    servers = [AppProcess(db_url, tmp_path, name=name, env=shared) for name in ("a", "b")]
    clients: list[httpx.Client] = []
    try:
        for server in servers:
            server.start()
            origin = {"Origin": server.url}  # as a browser posts the home page's form
            clients.append(httpx.Client(base_url=server.url, headers=origin, timeout=REQUEST_TIMEOUT))
        answers = [clients[i % 2].post("/matches", data=NEW_MATCH) for i in range(LIMIT + 2)]
        statuses = [answer.status_code for answer in answers]
        assert statuses == [303] * LIMIT + [429, 429], "the 21st through A (its 11th), the 22nd through B"
        for refused in answers[LIMIT:]:
            assert 1 <= int(refused.headers["Retry-After"]) <= 60, "the first of the minute leaves within it"
        assert stored_matches(db_url) == LIMIT
    finally:
        for client in clients:
            client.close()
        for server in servers:
            server.stop()
