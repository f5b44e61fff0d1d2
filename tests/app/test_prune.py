"""Pruning abandoned and old matches (app/prune.py), on a real database file and on PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text

from app.db import make_engine
from app.prune import prune
from app.service import MatchService
from app.settings import ROOT

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
SEED = 4_402_118_907_335_120_771


@pytest.fixture
def service(db_url: str) -> MatchService:
    return MatchService(make_engine(db_url))


def make(
    service: MatchService, age_days: float, status: str = "playing", moves: int = 2, practice: bool = False
) -> str:
    """A match with `moves` moves, last touched `age_days` before NOW, with `status`."""
    match = service.create_practice("easy", seed=SEED) if practice else service.create("easy", 31, "table", seed=SEED)
    for ply in range(moves):
        loaded = service.load(match.id, match.secret)
        if loaded.human_to_play:
            service.play(match.id, match.secret, ply, loaded.state.legal_moves()[0])
        else:
            service.computer(match.id, match.secret, ply)
    with service.engine.begin() as conn:
        conn.execute(
            text("UPDATE match SET updated_at = :t, status = :s WHERE id = :id"),
            {"t": NOW - timedelta(days=age_days), "s": status, "id": match.id},
        )
    return match.id


def stored(service: MatchService) -> dict[str, int]:
    """Each stored match's id and how many moves it has."""
    query = "SELECT match.id, count(move.id) FROM match LEFT JOIN move ON move.match_id = match.id GROUP BY match.id"
    with service.engine.connect() as conn:
        return dict(conn.execute(text(query)).all())  # type: ignore[arg-type]


def test_prune_deletes_abandoned_and_old_matches_with_their_moves_and_nothing_else(service):
    gone = {
        make(service, 31),  # unfinished, untouched for 31 days
        make(service, 45, practice=True, moves=1),  # an abandoned practice round
        make(service, 400, "over"),  # finished over a year ago
    }
    kept = {
        make(service, 29),  # unfinished, touched 29 days ago
        make(service, 0),  # being played
        make(service, 200, "over"),  # finished, not yet a year old
        make(service, 364, "over", practice=True),
    }
    before = stored(service)
    assert before.keys() == gone | kept and all(before[m] > 0 for m in gone)
    done = prune(service.engine, unfinished_days=30, finished_days=365, at=NOW)
    assert (done.matches, done.moves) == (3, sum(before[m] for m in gone))
    after = stored(service)
    assert after == {m: before[m] for m in kept}, "the others keep every move"
    with service.engine.connect() as conn:
        orphans = conn.execute(text("SELECT count(*) FROM move WHERE match_id NOT IN (SELECT id FROM match)"))
        assert orphans.scalar_one() == 0
    assert prune(service.engine, 30, 365, at=NOW).matches == 0, "a second run finds nothing"
    survivor = next(iter(kept))  # what is left still plays
    row = service.load(survivor, _secret(service, survivor))
    assert row.ply == before[survivor]


def _secret(service: MatchService, match_id: str) -> str:
    """The creator's secret, as the lists work it out (none is stored)."""
    [listed] = service.listed([(match_id, 0)])
    return listed.key


def test_prune_goes_in_batches_one_transaction_each(service):
    for days in (40, 50, 60, 70, 80):
        make(service, days, moves=1)
    fresh = make(service, 1, moves=1)
    done = prune(service.engine, 30, 365, at=NOW, batch=2)
    assert (done.matches, done.moves, done.batches) == (5, 5, 3)
    assert stored(service) == {fresh: 1}


def test_a_pruned_matchs_address_says_no_such_match(client):
    service = client.app.state.service
    match = service.create("easy", 31, "table", seed=SEED)
    service.play(match.id, match.secret, 0, first_move_of(service, match))
    url = f"/m/{match.id}/{match.secret}"
    assert client.get(url).status_code == 200
    assert prune(service.engine, 0, 0, at=datetime.now(UTC) + timedelta(seconds=1)).matches == 1
    assert client.get(url).status_code == 404
    assert client.post(url + "/move", data={"ply": 1, "card": "7C"}).status_code == 404


def first_move_of(service: MatchService, match):
    return service.load(match.id, match.secret).state.legal_moves()[0]


def test_the_prune_command(service, db_url, tmp_path):
    """`python3 scripts/dev.py prune` (the README's entry point) with the database in the
    environment, as cron runs it: a dry run counts, then the real run deletes."""
    old = make(service, 100, moves=1)
    fresh = make(service, 0, moves=1)
    long_ago = datetime.now(UTC) - timedelta(days=100)
    with service.engine.begin() as conn:  # relative to the real clock: the command runs now
        conn.execute(text("UPDATE match SET updated_at = :t WHERE id = :id"), {"t": long_ago, "id": old})
        conn.execute(text("UPDATE match SET updated_at = :t WHERE id = :id"), {"t": datetime.now(UTC), "id": fresh})
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CHAHARBARGH_DB")}
    env.update(DATABASE_URL=db_url, CHAHARBARGH_PRUNE_FINISHED_DAYS="365")

    def run(*args: str) -> str:
        command = [sys.executable, str(ROOT / "scripts" / "dev.py"), "prune", *args]
        result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout

    assert "would prune 1 matches" in run("--days", "90", "--dry-run")
    assert stored(service).keys() == {old, fresh}
    assert "pruned 1 matches and 1 moves in 1 transactions" in run("--days", "90")
    assert stored(service).keys() == {fresh}
    assert "pruned 0 matches" in run("--days", "90")
