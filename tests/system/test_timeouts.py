"""Idle and slow connections are closed: the README's serve command (uvicorn with
`--http app.serving:Protocol`) against raw sockets that open and say nothing, trickle a request's
head, or stall in its body.

The timeouts are made small (`--timeout-keep-alive 1`, `CHAHARBARGH_REQUEST_TIMEOUT=1`); each
test waits for the server to close the socket with a bounded poll, and checks it happened well
before the bound: without the deadlines, none of these sockets is ever closed. And with several
workers each answer goes out at once (TCP_NODELAY), not after the client's delayed ACK.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
import uvicorn

from app.serving import no_delay
from app.settings import ROOT
from tests.system.app_processes import free_port, wait_until

KEEP_ALIVE = 1  # seconds, for the test (the serve command's own default is 5)
REQUEST_TIMEOUT = 1
BOUND = 8.0  # seconds: closed well within this, or never


@contextmanager
def serve(folder: Path, workers: int = 1) -> Iterator[tuple[str, int]]:
    """`python3 scripts/dev.py serve` with the test's small timeouts (later flags win) and
    `workers` workers, on a fresh SQLite file and a free port; stopped after."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CHAHARBARGH_DB")}
    env.update(
        CHAHARBARGH_DB=str(folder / "t.db"),
        CHAHARBARGH_DATA=str(folder),
        CHAHARBARGH_REQUEST_TIMEOUT=str(REQUEST_TIMEOUT),
        HOST="127.0.0.1",
        PORT=str(port),
        WEB_CONCURRENCY=str(workers),
    )
    command = [sys.executable, str(ROOT / "scripts" / "dev.py"), "serve", "--timeout-keep-alive", str(KEEP_ALIVE)]
    with open(folder / "serve.log", "w") as log:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )

    def healthy() -> bool:
        if process.poll() is not None:
            raise AssertionError("the server stopped: " + (folder / "serve.log").read_text()[-3000:])
        try:
            return httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).status_code == 200
        except httpx.TransportError:
            return False

    try:
        wait_until(healthy, 120, "the server to answer /health")
        yield "127.0.0.1", port
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[tuple[str, int]]:
    with serve(tmp_path_factory.mktemp("timeouts")) as address:
        yield address


def closed(sock: socket.socket) -> bool:
    """Whether the server has closed this socket (EOF or reset); whatever it sent first is read and dropped."""
    sock.settimeout(0.05)
    try:
        while data := sock.recv(4096):
            del data
    except TimeoutError:
        return False
    except ConnectionError:
        return True
    return True


def seconds_until_closed(sock: socket.socket, started: float, what: str) -> float:
    wait_until(lambda: closed(sock), BOUND, f"the server to close {what}")
    return time.monotonic() - started


def test_a_connection_that_sends_nothing_is_closed_after_the_keep_alive(served):
    started = time.monotonic()
    with socket.create_connection(served) as sock:
        took = seconds_until_closed(sock, started, "a silent connection")
    assert KEEP_ALIVE * 0.8 <= took < KEEP_ALIVE + 3


def test_many_silent_connections_are_all_closed_and_the_server_still_answers(served):
    started = time.monotonic()
    sockets = [socket.create_connection(served) for _ in range(100)]
    try:
        for i, sock in enumerate(sockets):
            seconds_until_closed(sock, started, f"silent connection {i}")
        assert time.monotonic() - started < KEEP_ALIVE + 5
    finally:
        for sock in sockets:
            sock.close()
    assert httpx.get(f"http://{served[0]}:{served[1]}/health", timeout=5).status_code == 200


def test_a_request_head_trickled_a_byte_at_a_time_is_cut_off(served):
    """Slowloris: each byte comes before the keep-alive runs out, but the whole head never does."""
    head = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200
    started = time.monotonic()
    with socket.create_connection(served) as sock:
        for byte in head:
            if closed(sock):
                break
            sock.sendall(bytes([byte]))
            time.sleep(0.1)  # the client's pace, not a wait for the server
        else:
            raise AssertionError("the server let a whole head trickle in")
        took = time.monotonic() - started
    assert REQUEST_TIMEOUT * 0.8 <= took < REQUEST_TIMEOUT + 3


def test_a_body_that_stops_halfway_is_cut_off(served):
    head = b"POST /matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
    started = time.monotonic()
    with socket.create_connection(served) as sock:
        sock.sendall(head + b"Content-Length: 100\r\n\r\nlevel=easy")
        took = seconds_until_closed(sock, started, "a connection whose body stopped")
    assert took < REQUEST_TIMEOUT + 3


def answer(sock: socket.socket) -> bytes:
    """One whole HTTP answer read from `sock` (its head, then Content-Length bytes of body)."""
    sock.settimeout(5)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        assert chunk, "the server closed the connection before answering"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")
    )
    while len(body) < length:
        body += sock.recv(4096)
    return head


def test_a_request_head_over_16_kib_is_refused_and_the_connection_closed(served):
    """A head may be long, up to 16 KiB (a browser's is under 2 KB); past that the server stops
    gathering it: 400, and the connection is closed. One just under the cap is answered."""
    def head(padding: int) -> bytes:
        return b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"a" * padding + b"\r\n\r\n"

    with socket.create_connection(served) as sock:
        sock.sendall(head(15 * 1024))
        assert answer(sock).startswith(b"HTTP/1.1 200")
    with socket.create_connection(served) as sock:
        sock.sendall(head(17 * 1024))
        assert answer(sock).startswith(b"HTTP/1.1 400")
        assert seconds_until_closed(sock, time.monotonic(), "a connection whose head was too long") < 1
    with socket.create_connection(served) as sock:  # one header line that never ends, in pieces
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: ")
        for _ in range(20):
            time.sleep(0.02)  # the client's pace: separate reads for the server
            with contextlib.suppress(ConnectionError):
                sock.sendall(b"a" * 1024)
        assert answer(sock).startswith(b"HTTP/1.1 400")  # refused, not left to the request deadline


def test_a_whole_request_is_answered_and_the_connection_kept_alive_until_idle(served):
    with socket.create_connection(served) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert answer(sock).startswith(b"HTTP/1.1 200")
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # kept alive: a second request
        assert answer(sock).startswith(b"HTTP/1.1 200")
        started = time.monotonic()
        took = seconds_until_closed(sock, started, "an idle kept-alive connection")
    assert took < KEEP_ALIVE + 3


def test_no_delay_is_set_on_sockets_uvicorn_binds_itself():
    """With several workers uvicorn binds the listening socket itself (`Config.bind_socket`),
    without the TCP protocol number, and asyncio then leaves Nagle's algorithm on for the
    connections it accepts: an answer written in two parts waits for the client's delayed ACK
    (~40 ms). `no_delay`, which the protocol calls on every connection, turns it off."""
    listening = uvicorn.Config("app.main:create_app", host="127.0.0.1", port=0).bind_socket()
    seen: list[tuple[int, int]] = []

    class Probe(asyncio.Protocol):
        def connection_made(self, transport):  # type: ignore[override]
            sock = transport.get_extra_info("socket")
            before = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
            no_delay(transport)
            seen.append((before, sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)))
            transport.close()

    async def accept_one() -> None:
        server = await asyncio.get_running_loop().create_server(Probe, sock=listening)
        async with server:
            reader, writer = await asyncio.open_connection(*listening.getsockname()[:2])
            await reader.read()  # until the server closes it
            writer.close()

    # A loop of its own in a thread of its own: the browser tests' Playwright keeps an event
    # loop running in this thread for the whole session, and asyncio.run refuses to nest.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, accept_one()).result(timeout=30)
    assert seen == [(0, 1)]


def test_two_workers_answer_without_the_delayed_ack(tmp_path):
    """The README's serve command with WEB_CONCURRENCY=2: requests on one kept-alive connection
    take a few milliseconds, not the ~40 ms of a delayed ACK each."""
    with serve(tmp_path, workers=2) as (host, port), httpx.Client(base_url=f"http://{host}:{port}") as client:
        times = []
        for _ in range(30):
            started = time.perf_counter()
            assert client.get("/health").status_code == 200
            times.append(time.perf_counter() - started)
    assert statistics.median(times) < 0.02, sorted(times)
