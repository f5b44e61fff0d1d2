"""Races and crashes against real uvicorn processes, on SQLite and on PostgreSQL.

SQLite runs as the README runs it: one process with one worker. PostgreSQL runs as a deployment
with several servers does: two processes on two ports sharing the database, the first with two
workers (`WEB_CONCURRENCY=2`), so nothing held in one process can keep them correct.

- Races: the same move (or two different moves) for one ply, sent to every server at once, and
  the computer's turn asked of every server at once: exactly one move is stored for the ply, the
  winner's; every loser gets the current table (or a 409), never a 5xx.
- Crashes: players drive matches through every server; a server is killed with SIGKILL (its
  whole process group) while requests are in flight, a few times. No acknowledged move is lost,
  none is stored twice or without being sent, every cut request can be sent again safely, every
  match replays from its moves and resumes on a server that is up (SQLite: the restarted one).
"""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from sqlalchemy import text

from app.i18n import t
from app.service import MatchService
from tests.app.app_helpers import HX, texts
from tests.system.app_processes import REQUEST_TIMEOUT, AppProcess, Player, Request

ALREADY = t("fa", "msg_already")
RACES = 30  # races for a human move, each followed by a race for the computer's answer
KILLS = 3
ACKS_PER_ROUND = 40  # acknowledged human moves (each with the computer's answer) before each kill
PLAYERS = 6  # matches played at once in the crash test, one thread each


@pytest.fixture
def servers(db_kind, db_url, tmp_path):
    """The app as real processes: SQLite one process, one worker; PostgreSQL two processes,
    on two ports, the first with two workers. All stopped after."""
    if db_kind == "sqlite":
        started = [AppProcess(db_url, tmp_path, workers=1, name="a")]
    else:
        started = [AppProcess(db_url, tmp_path, workers=2, name="a"), AppProcess(db_url, tmp_path, name="b")]
    try:
        for server in started:
            server.start()
        yield started
    finally:
        for server in started:
            server.stop()


def describe(servers: list[AppProcess]) -> str:
    workers = "+".join(str(s.workers) for s in servers)
    return f"{len(servers)} process{'es' if len(servers) > 1 else ''} ({workers} workers)"


def stored(player: Player, url: str, ply: int | None = None) -> list[tuple[int, int, str]]:
    """(ply, seat, move) of the match's stored moves (at `ply`, if given), in ply order."""
    query = "SELECT ply, seat, move FROM move WHERE match_id = :m" + ("" if ply is None else " AND ply = :p")
    with player.reader.engine.connect() as conn:
        rows = conn.execute(text(query + " ORDER BY ply"), {"m": url.split("/")[2], "p": ply}).all()
    return [tuple(row) for row in rows]  # type: ignore[misc]


def says_already(response: httpx.Response) -> bool:
    return ALREADY in texts(response.text, "#message")


def test_one_ply_raced_on_every_server_stores_one_move(db_kind, db_url, servers, figures):
    player = Player(db_url)
    # Two senders: on SQLite both at the one server, on PostgreSQL one at each server.
    targets = [servers[0], servers[0]] if len(servers) == 1 else servers
    clients = [httpx.Client(base_url=s.url, timeout=REQUEST_TIMEOUT) for s in targets]
    matches = [Player.create(clients[i % len(clients)]) for i in range(3)]
    counts: Counter[str] = Counter()

    def at_once(requests: list[Request]) -> list[httpx.Response]:
        barrier = threading.Barrier(len(requests))

        def send(i: int) -> httpx.Response:
            barrier.wait(timeout=REQUEST_TIMEOUT)
            return requests[i].send(clients[i], HX)

        with ThreadPoolExecutor(len(requests)) as pool:
            return list(pool.map(send, range(len(requests))))

    turn = 0
    while counts["move races"] < RACES:
        turn += 1
        url = matches[turn % len(matches)]
        request = player.next_request(url)
        if request is None:  # over: play a new match in its place
            matches[turn % len(matches)] = Player.create(clients[0])
            continue
        if request.kind == "next":
            assert request.send(clients[0], HX).status_code == 200
            continue
        if request.kind == "move":
            same = counts["move races"] % 2 == 0  # every other race, each sender has its own move
            raced = [request if same else player.next_request(url, choice=i) for i in range(len(clients))]
        else:
            raced = [request] * len(clients)
        responses = at_once(raced)  # type: ignore[arg-type]
        assert all(r.status_code < 500 for r in responses), [r.text[-800:] for r in responses if r.status_code >= 500]
        rows = stored(player, url, request.ply)
        assert len(rows) == 1, rows
        if request.kind == "move":
            winners = [i for i, r in enumerate(responses) if r.status_code == 200 and not says_already(r)]
            assert len(winners) == 1, [(r.status_code, texts(r.text, "#message")) for r in responses]
            assert rows[0][1:] == (0, raced[winners[0]].move)  # the move stored is the winner's
            losers = [r for i, r in enumerate(responses) if i != winners[0]]
            assert all(r.status_code == 409 or says_already(r) for r in losers)
            counts["move races"] += 1
            counts["different moves"] += not same and raced[0].move != raced[1].move
            counts["losers shown the table"] += sum(r.status_code == 200 for r in losers)
            counts["losers 409"] += sum(r.status_code == 409 for r in losers)
        else:
            assert rows[0][1] == 1 and all(r.status_code == 200 for r in responses)
            counts["computer races"] += 1
    for url in matches:
        plies = [row[0] for row in stored(player, url)]
        assert plies == list(range(player.load(url).ply))  # one move per ply, none missing
    figures.append(
        f"races, {db_kind}, {describe(servers)}: {counts['move races']} races for a human move "
        f"({counts['different moves']} with two different moves) and {counts['computer races']} for the "
        f"computer's: each stored exactly once; losers {counts['losers shown the table']} shown the current "
        f"table, {counts['losers 409']} 409, 0 5xx"
    )


def test_killing_a_server_mid_move_loses_and_doubles_nothing(db_kind, db_url, servers, figures):
    player = Player(db_url)
    lock = threading.Condition()
    sent: dict[tuple[str, int], str] = {}  # (match, ply) -> the human move sent for it
    acked: set[tuple[str, int, str]] = set()  # human moves answered 303: stored, the player was told
    everything: list[str] = []  # every match created
    counts: Counter[str] = Counter()
    with httpx.Client(base_url=servers[-1].url, timeout=REQUEST_TIMEOUT) as client:
        matches = [Player.create(client) for _ in range(PLAYERS)]
    everything += matches

    def drive(i: int, stop: threading.Event, cut: list[Request]) -> None:
        """Player i: keeps posting on its match, through each server in turn, until `stop`."""
        try:
            play(i, stop, cut)
        finally:
            with lock:
                lock.notify_all()  # a player that stops (or fails) wakes the test up

    def play(i: int, stop: threading.Event, cut: list[Request]) -> None:
        clients = [httpx.Client(base_url=s.url, timeout=REQUEST_TIMEOUT) for s in servers]
        turn = i
        while not stop.is_set():
            turn += 1
            client = clients[turn % len(clients)]
            request = player.next_request(matches[i])
            try:
                if request is None:  # over: a new match in its place
                    matches[i] = Player.create(client)
                    with lock:
                        everything.append(matches[i])
                    continue
                if request.kind == "move":
                    with lock:
                        sent[(request.match, request.ply)] = request.move
                response = request.send(client)
            except httpx.TransportError:  # the server died under this request
                if request is not None:
                    cut.append(request)
                return
            assert response.status_code == 303, (request, response.status_code, response.text[-800:])
            if request.kind == "move":
                with lock:
                    acked.add((request.match, request.ply, request.move))
                    lock.notify_all()

    def check_every_match() -> None:
        """Nothing acked is lost; nothing is stored that was not sent; every match replays."""
        cold = MatchService(player.reader.engine)  # no cache: replays every move from the deal
        for url in everything:
            rows = stored(player, url)
            loaded = cold.load(*url.split("/")[2:4])
            assert [row[0] for row in rows] == list(range(loaded.ply))
            for ply, seat, move in rows:
                if seat == 0:
                    assert sent.get((url, ply)) == move, (url, ply, move)
        for url, ply, move in acked:
            assert stored(player, url, ply) == [(ply, 0, move)], (url, ply, move)

    for kill in range(KILLS):
        victim = servers[kill % len(servers)]
        stop, cut = threading.Event(), []
        with ThreadPoolExecutor(PLAYERS) as pool:
            drivers = [pool.submit(drive, i, stop, cut) for i in range(PLAYERS)]
            with lock:
                goal = len(acked) + ACKS_PER_ROUND
                ready = lambda goal=goal, drivers=drivers: len(acked) >= goal or any(d.done() for d in drivers)  # noqa: E731
                lock.wait_for(ready, timeout=600)
            stop.set()  # no new requests; those in flight go on, and the victim dies under its own
            victim.kill()
            for driver in drivers:
                driver.result()
        assert len(acked) >= goal, "the players stopped before the kill"
        if len(servers) == 1:
            victim.start()  # SQLite: the same database file, a new process
        survivors = [s for s in servers if s is not victim] or [victim]
        with httpx.Client(base_url=survivors[0].url, timeout=REQUEST_TIMEOUT) as client:
            for request in cut:  # sent again, as a player whose page timed out does: changes nothing twice
                before = stored(player, request.match, request.ply)
                counts["cut"] += 1
                counts["cut after its move was stored"] += bool(before) and request.kind == "move"
                response = request.send(client)
                assert response.status_code in (200, 303), (request, response.status_code, response.text[-800:])
                if request.kind == "move":
                    assert stored(player, request.match, request.ply) == [(request.ply, 0, request.move)]
            check_every_match()
            for url in matches:  # every match goes on, on a server that is up
                while (request := player.next_request(url)) is not None:
                    if request.kind == "move":
                        sent[(url, request.ply)] = request.move
                    assert request.send(client).status_code == 303
                    if request.kind == "move":
                        acked.add((url, request.ply, request.move))
                        counts["resumed"] += 1
                        break
        if len(servers) > 1:
            victim.start()  # back, on a new port: the next round drives it again
    check_every_match()
    assert counts["cut"] >= 1, "no request was ever cut by a kill"
    plies = sum(len(stored(player, url)) for url in everything)
    figures.append(
        f"crashes, {db_kind}, {describe(servers)}: {KILLS} kill -9 mid-move, {len(acked)} acknowledged human "
        f"moves ({plies} moves stored over {len(everything)} matches), {counts['cut']} requests cut by a kill "
        f"({counts['cut after its move was stored']} after their move was stored) and sent again; 0 lost, "
        f"0 doubled, every match replayed and {counts['resumed']} resumed"
    )
