"""A shared table across two app processes on one PostgreSQL: each person's event
stream is held by process A while the moves are made through A and B in turn; every move reaches
the other person's stream (news through LISTEN/NOTIFY). Then A is killed (SIGKILL, the whole
process group) right after a move it acknowledged: the streams it held end, the browsers
connect to B with the last event id they had, as the SSE extension does, and get at once the
table with the move B took meanwhile; play goes on through B. No acknowledged move is lost."""

from __future__ import annotations

import time

import httpx
import pytest

from app.db import make_engine
from app.service import MatchService
from tests.app.app_helpers import HX, game_state, listen, next_event
from tests.system.app_processes import AppProcess

BOUND = 10.0  # seconds: an event comes well within this, or never


def move_form(service: MatchService, match_id: str, secret: str) -> dict:
    loaded = service.load(match_id, secret)
    move = loaded.game.legal_moves(loaded.state)[0]
    return {"ply": loaded.ply, "card": str(move.card), "take": [str(c) for c in sorted(move.takes)]}


@pytest.mark.postgres_only  # one SQLite file is served by one process
def test_a_shared_table_lives_through_two_processes_and_the_kill_of_one(db_url, tmp_path, figures):
    a, b = AppProcess(db_url, tmp_path, name="a"), AppProcess(db_url, tmp_path, name="b")
    service = MatchService(make_engine(db_url))
    streams: list[httpx.Client] = []
    try:
        a.start()
        b.start()
        match = service.create("easy", players=2, seats=["person"], seed=2026, clock=0)
        claimed, _ = service.claim(match.id, service.load(match.id, match.secret).seats.invite(1), "Ana")
        secret = {0: match.secret, 1: service.secret_of(claimed, 1)}
        version = service.load(match.id, match.secret).version
        lines = {}
        for seat in (0, 1):
            lines[seat], client = listen(f"{a.url}/m/{match.id}/{secret[seat]}/events?v={version}")
            streams.append(client)
            assert lines[seat].get(timeout=BOUND).startswith("status 200")

        acknowledged, delays, seen = 0, [], {0: version, 1: version}
        for server in (a, b, a, b, a):  # the last move is A's: A is killed right after acknowledging it
            mover = service.load(match.id, secret[0]).turn
            form = move_form(service, match.id, secret[mover])
            url = f"{server.url}/m/{match.id}/{secret[mover]}/move"
            answer = httpx.post(url, data=form, headers={**HX, "Origin": server.url}, timeout=BOUND)
            answered = time.monotonic()
            assert answer.status_code == 200 and game_state(answer.text)[1] == form["ply"] + 1
            acknowledged += 1
            # the other person's table moves on (the mover's own stream sends nothing: the answer
            # brought that table, so its next event, read at a later move, is of a later ply)
            event_id, name, html = next_event(lines[1 - mover], BOUND)
            assert name == "table" and game_state(html)[1] == acknowledged
            seen[1 - mover] = event_id
            delays.append(time.monotonic() - answered)

        a.kill()
        for seat in (0, 1):  # the streams A held end
            while (line := lines[seat].get(timeout=BOUND)) != "closed":
                assert not line.startswith("status")
        for client in streams:
            client.close()

        def move_through_b() -> int:
            nonlocal acknowledged
            mover = service.load(match.id, secret[0]).turn
            form = move_form(service, match.id, secret[mover])
            url = f"{b.url}/m/{match.id}/{secret[mover]}/move"
            answer = httpx.post(url, data=form, headers={**HX, "Origin": b.url}, timeout=BOUND)
            assert answer.status_code == 200 and form["ply"] == acknowledged  # every acknowledged move is there
            acknowledged += 1
            return mover

        move_through_b()  # while the browsers are away
        for seat in (0, 1):  # each connects again, to B, with the last id it had: the table comes at once
            lines[seat], client = listen(f"{b.url}/m/{match.id}/{secret[seat]}/events", {"Last-Event-ID": seen[seat]})
            streams.append(client)
            assert lines[seat].get(timeout=BOUND).startswith("status 200")
            _, name, html = next_event(lines[seat], BOUND)
            assert name == "table" and game_state(html)[1] == acknowledged
        mover = move_through_b()
        _, name, html = next_event(lines[1 - mover], BOUND)
        assert name == "table" and game_state(html)[1] == acknowledged

        assert service.load(match.id, secret[0]).ply == acknowledged  # nothing lost, nothing doubled
        figures.append(
            f"live, postgres, 2 processes: {acknowledged} moves through A and B, each other person's event "
            f"{max(delays) * 1000:.0f} ms at most after its answer; A killed, both streams back on B, 0 moves lost"
        )
    finally:
        for client in streams:
            client.close()
        service.engine.dispose()
        a.stop()
        b.stop()
