"""The event streams' budget against real uvicorn processes served as the README serves them (the
serve command's flags, `--limit-concurrency` included), on SQLite with one worker and on
PostgreSQL with two: streams opened by the hundred, from one client address or from many, never
keep another client from its pages and moves.

Clients are told apart by their source address: every address of 127.0.0.0/8 is this machine's,
so a socket bound to 127.0.0.2 comes from another client than one bound to 127.0.0.3.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter

import httpx
import pytest

from app.streams import RETRY_AFTER, StreamCaps
from tests.app.app_helpers import run_apart
from tests.system.app_processes import AppProcess, Player, serve_flags

ATTACKS = 600
OTHER = "127.0.0.3"  # the client that plays while the streams are held
WATCH = re.compile(r'id="watch-link" href="([^"]+)"')


@pytest.fixture
def served(db_kind, db_url, tmp_path, request):
    """The app as the serve command runs it: SQLite one worker, PostgreSQL two (`workers`); the
    test's own settings from its `caps` marker."""
    marker = request.node.get_closest_marker("caps")
    env = {f"CHAHARBARGH_{k}": str(v) for k, v in (marker.kwargs if marker else {}).items()}
    server = AppProcess(db_url, tmp_path, workers=1 if db_kind == "sqlite" else 2, args=serve_flags(), env=env)
    try:
        yield server.start()
    finally:
        server.stop()


def client_from(address: str, base: str) -> httpx.Client:
    return httpx.Client(base_url=base, transport=httpx.HTTPTransport(local_address=address), timeout=60)


def watch_link(client: httpx.Client) -> str:
    """A new one-person match of `client`'s, and its watch link (every match in play has one)."""
    table = client.get(Player.create(client)).text
    found = WATCH.search(table)
    assert found, table[:500]
    return found.group(1)


async def open_streams(port: int, paths: list[tuple[str, str]]) -> tuple[Counter[int], list, set[str]]:
    """Open a stream at each (source address, path), all at once: the answers' status codes, the
    sockets of the streams the server holds open (the others it closed), and the refusals'
    `Retry-After` values."""
    statuses: Counter[int] = Counter()
    held, retry = [], set()

    async def one(address: str, path: str) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
        head = (await reader.readuntil(b"\r\n\r\n")).decode()
        status = int(head.split()[1])
        statuses[status] += 1
        if status == 200:
            held.append(writer)
            return
        retry.update(re.findall(r"(?im)^retry-after: (\d+)", head))
        assert re.search(r"(?im)^connection: close", head), head
        assert await reader.read() is not None  # the server closes it: read to the end
        writer.close()

    await asyncio.gather(*(one(address, path) for address, path in paths))
    return statuses, held, retry


def plays(served: AppProcess) -> None:
    """Another client's page and move are answered while the streams are held."""
    with client_from(OTHER, served.url) as other:
        assert other.get("/health").status_code == 200
        url = Player.create(other)
        assert other.get(url).status_code == 200
        player = Player(served.database_url)
        request = player.next_request(url)
        assert request is not None
        answer = request.send(other)
        assert answer.status_code == 303, answer.text[:300]
        assert player.load(url).ply > request.ply  # the move stored (and the computer answered it)


def run(served: AppProcess, paths: list[tuple[str, str]]) -> tuple[Counter[int], int, set[str]]:
    async def main() -> tuple[Counter[int], int, set[str]]:
        statuses, held, retry = await open_streams(served.port, paths)
        try:
            await asyncio.to_thread(plays, served)
        finally:
            for writer in held:
                writer.close()
        return statuses, len(held), retry

    return run_apart(main)


def test_600_streams_from_one_client_leave_every_other_client_served(served, figures):
    """One client opens 600 watch streams of its own one-person match: it holds at most its
    share (`StreamCaps.client` per worker), every other is refused at once with 429 and
    `Retry-After`, and closed; another client's health check, page and move answer meanwhile."""
    with client_from("127.0.0.2", served.url) as attacker:
        watch = watch_link(attacker)
    statuses, held, retry = run(served, [("127.0.0.2", watch + "/events")] * ATTACKS)
    caps = StreamCaps()
    assert caps.client <= held <= caps.client * served.workers
    assert statuses == {200: held, 429: ATTACKS - held}
    assert retry == {str(RETRY_AFTER)}
    figures.append(
        f"{ATTACKS} streams from one client, {served.workers} worker(s): "
        f"{held} held, {ATTACKS - held} refused (429), 0 5xx"
    )


@pytest.mark.caps(STREAMS_PER_WORKER=100)
def test_a_worker_full_of_streams_refuses_the_next_stream_and_still_plays(served, figures):
    """Streams from many clients (30 addresses, 20 each, under each client's cap) fill every
    worker's stream budget (100 here): the rest are refused with 503 and `Retry-After`, while
    another client's page and move still answer."""
    with client_from("127.0.0.2", served.url) as watcher:
        watches = [watch_link(watcher) for _ in range(3)]  # under a match's spectators' cap each
    paths = [(f"127.0.1.{i}", watches[i % 3] + "/events") for i in range(1, 31) for _ in range(20)]
    statuses, held, retry = run(served, paths)
    assert held <= 100 * served.workers and statuses[503] >= len(paths) - 100 * served.workers
    assert statuses == {200: held, 503: len(paths) - held}
    assert retry == {str(RETRY_AFTER)}
    figures.append(f"{len(paths)} streams from 30 clients: {held} held, {statuses[503]} refused (503)")
