"""Idle, slow and greedy connections: the README's serve command (uvicorn with
`--http app.serving:Protocol`) against raw sockets that open and say nothing, send only line
breaks, trickle a request's head, stall in its body, send a long head in pieces, or pipeline
thousands of requests at once.

The timeouts are made small (`--timeout-keep-alive 1`, `CHAHARBARGH_REQUEST_TIMEOUT=1`); each
test waits for the server to close the socket with a bounded poll, and checks it happened well
before the bound: without the deadlines, none of these sockets is ever closed. And with several
workers each answer goes out at once (TCP_NODELAY), not after the client's delayed ACK.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import select
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
SERVERS: dict[int, int] = {}  # port -> the serve command's process id


@contextmanager
def serve(folder: Path, workers: int = 1) -> Iterator[tuple[str, int]]:
    """`python3 scripts/dev.py serve` with the test's small timeouts (later flags win) and
    `workers` workers, on a fresh SQLite file and a free port; stopped after. `SERVERS` names
    the serve command's process by the address while it runs."""
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
        SERVERS[port] = process.pid
        yield "127.0.0.1", port
    finally:
        SERVERS.pop(port, None)
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


def line_breaks_until_closed(sock: socket.socket, bound: float) -> float:
    """Send a line break every 0.2 s (the client's pace) until the server closes `sock`; the
    seconds that took (fails after `bound`)."""
    started = time.monotonic()
    while time.monotonic() - started < bound:
        try:
            sock.sendall(b"\r\n")
        except ConnectionError:
            return time.monotonic() - started
        if closed(sock):
            return time.monotonic() - started
        time.sleep(0.2)
    raise AssertionError(f"a connection sending only line breaks was still open after {bound} s")


def test_a_connection_that_sends_only_line_breaks_is_closed_after_the_keep_alive(served):
    """A line break begins no request (the parser skips it), so it does not stop the idle clock:
    closed at the keep-alive, before its first request and after an answer alike."""
    with socket.create_connection(served) as sock:
        took = line_breaks_until_closed(sock, BOUND)
    assert KEEP_ALIVE * 0.8 <= took < KEEP_ALIVE + 3
    with socket.create_connection(served) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert answer(sock).startswith(b"HTTP/1.1 200")
        took = line_breaks_until_closed(sock, BOUND)
    assert KEEP_ALIVE * 0.8 <= took < KEEP_ALIVE + 3


def test_the_server_answers_while_1000_connections_send_only_line_breaks(served):
    """1,000 connections (the server's whole `--limit-concurrency`) that send a line break now and
    then: each is closed at the keep-alive, so /health answers 200 while the client still holds
    them all open and sending."""
    sockets = [socket.create_connection(served) for _ in range(1000)]
    stop = False

    def keep_sending() -> None:
        while not stop:
            for sock in sockets:
                with contextlib.suppress(OSError):
                    sock.send(b"\r\n")
            time.sleep(0.2)

    def healthy() -> bool:
        try:
            return httpx.get(f"http://{served[0]}:{served[1]}/health", timeout=2).status_code == 200
        except httpx.TransportError:
            return False

    still_open = list(sockets)

    def all_closed() -> bool:
        # Only the sockets with something to read (data or EOF) are asked, so one poll of 1,000
        # open sockets costs no 1,000 receive timeouts.
        poller = select.poll()  # not select.select: a file number past 1024 is fine
        for sock in still_open:
            poller.register(sock, select.POLLIN)
        readable = {fd for fd, _ in poller.poll(50)}
        still_open[:] = [s for s in still_open if s.fileno() not in readable or not closed(s)]
        return not still_open

    with ThreadPoolExecutor(1) as sender:
        sending = sender.submit(keep_sending)
        try:
            # All closed first, then /health: the other order raced, since /health can answer as
            # soon as the first few are closed, a few milliseconds before the last ones are.
            wait_until(all_closed, BOUND, "the server to close all 1,000 connections")
            assert healthy()
        finally:
            stop = True
            sending.result(timeout=30)
            for sock in sockets:
                sock.close()


def resident_mib(pid: int) -> float:
    """The resident memory of process `pid`, in MiB (Linux's /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS for process {pid}")


def uvicorn_of(serve_pid: int) -> int:
    """The uvicorn process the serve command started (one worker: it serves itself)."""
    children = Path(f"/proc/{serve_pid}/task/{serve_pid}/children").read_text().split()
    return next(int(c) for c in children if b"uvicorn" in Path(f"/proc/{c}/cmdline").read_bytes())


def test_a_burst_of_pipelined_requests_does_not_grow_the_worker(served):
    """100 connections each pipelining 1,500 GET /health (6 MB in all) at once: the worker parses
    a few of each connection's requests ahead and leaves the rest unread, so its memory stays
    within 50 MiB of where it was (uvicorn alone parsed them all into queued requests: +300 MiB,
    kept after the connections closed)."""
    worker = uvicorn_of(SERVERS[served[1]])
    before = resident_mib(worker)
    burst = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 1500
    sockets = []
    try:
        for _ in range(100):
            sock = socket.create_connection(served)
            sock.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                sock.send(burst)  # as much as the socket takes at once: the server reads the rest later
            sockets.append(sock)
        samples = []
        for _ in range(20):  # two seconds of the worker at work on them
            samples.append(resident_mib(worker))
            time.sleep(0.1)
    finally:
        for sock in sockets:
            sock.close()
    assert max(samples) - before <= 50, (before, max(samples))


def test_every_one_of_1500_pipelined_requests_is_answered_in_order(served):
    """Held requests are not lost: one connection pipelining 1,500 requests gets 1,500 answers,
    in the order asked (every tenth is a 404, so the order shows)."""
    requests = b"".join(
        b"GET /%s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % (b"nowhere" if i % 10 == 9 else b"health") for i in range(1500)
    )
    with socket.create_connection(served) as sock:
        sock.sendall(requests)
        lines = status_lines(sock, 1500)
    assert lines == [b"HTTP/1.1 404 Not Found" if i % 10 == 9 else b"HTTP/1.1 200 OK" for i in range(1500)]


def test_pipelined_form_posts_are_all_answered(served):
    """200 POSTs with bodies, pipelined: the app reads each body while later requests are held
    unread (reading a body asks to resume the socket; the held bytes come first)."""
    body = b"match=abcdefghijkl&pad=" + b"x" * 100  # an unknown match id: nothing to forget, still 303
    post = b"POST /history/remove HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    post += b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n" % len(body) + body
    with socket.create_connection(served) as sock:
        sock.sendall(post * 200)
        assert status_lines(sock, 200) == [b"HTTP/1.1 303 See Other"] * 200


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


def status_lines(sock: socket.socket, count: int) -> list[bytes]:
    """The status lines of the next `count` answers on `sock`, read whole (head and body)."""
    sock.settimeout(10)
    lines = []
    with sock.makefile("rb") as stream:
        for _ in range(count):
            head = [stream.readline()]
            while head[-1] not in (b"\r\n", b""):
                head.append(stream.readline())
            assert head[-1], f"the server closed the connection after {len(lines)} answers"
            length = next(int(h.split(b":")[1]) for h in head if h.lower().startswith(b"content-length"))
            stream.read(length)
            lines.append(head[0].rstrip())
    return lines


def request_head(padding: int) -> bytes:
    """A GET /health head with one padding header: 50 bytes more than `padding`."""
    return b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"a" * padding + b"\r\n\r\n"


def sent_in_pieces(address: tuple[str, int], pieces: list[bytes]) -> socket.socket:
    """A connection that sends `pieces` one after another, each in its own packet (TCP_NODELAY,
    a short pause between them: the client's pace), so the server reads them apart."""
    sock = socket.create_connection(address)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    for i, piece in enumerate(pieces):
        if i:
            time.sleep(0.02)
        with contextlib.suppress(ConnectionError):  # the server may refuse before the last piece
            sock.sendall(piece)
    return sock


def test_a_request_head_over_16_kib_is_refused_and_the_connection_closed(served):
    """A head may be long, up to 16 KiB (a browser's is under 2 KB); one over 17 KiB is refused
    with 431 and the connection closed, however it arrives: in one write, or as one header line
    that never ends, sent in pieces (refused, not left to the request deadline)."""
    with socket.create_connection(served) as sock:
        sock.sendall(request_head(17 * 1024))
        assert answer(sock).startswith(b"HTTP/1.1 431")
        assert seconds_until_closed(sock, time.monotonic(), "a connection whose head was too long") < 1
    never_ends = [b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: "] + [b"a" * 1024] * 20
    with sent_in_pieces(served, never_ends) as sock:
        assert answer(sock).startswith(b"HTTP/1.1 431")


@pytest.mark.parametrize("cut", [1, 40, 8 * 1024, 16 * 1024 - 60, 16 * 1024 - 3])
def test_a_16_kib_head_passes_however_it_is_split(served, cut):
    """Exactly 16 KiB of head, in one write and cut in two at `cut` bytes: answered 200 both ways."""
    head = request_head(16 * 1024 - 50)
    assert len(head) == 16 * 1024
    for pieces in ([head], [head[:cut], head[cut:]]):
        with sent_in_pieces(served, pieces) as sock:
            assert answer(sock).startswith(b"HTTP/1.1 200")


def test_only_the_head_counts_a_form_post_split_after_its_first_line_is_answered_as_in_one_write(served):
    """A form POST with a 16,314-byte body (a new match, padded with a field the form ignores;
    under the 16 KiB body limit), its head sent in two reads: the body is not taken for head
    bytes, so it is answered like the same bytes sent at once (303 to the new match)."""
    body = b"level=easy&pad="
    body += b"a" * (16_314 - len(body))
    head = b"POST /matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
    request = head + b"Content-Length: %d\r\n\r\n" % len(body) + body
    answers = []
    for pieces in ([request], [request[:30], request[30:]]):
        with sent_in_pieces(served, pieces) as sock:
            answers.append(answer(sock).split(b"\r\n")[0])
    assert answers == [b"HTTP/1.1 303 See Other"] * 2


def test_a_request_with_two_host_headers_is_refused(served):
    """RFC 9112, 3.2: a server answers 400 to a request with more than one Host header (the app
    would read the first; a proxy in front may read the other). The same request with one is 200."""
    for hosts, status in (([b"127.0.0.1"], b"200"), ([b"127.0.0.1", b"evil.example"], b"400")):
        with socket.create_connection(served) as sock:
            sock.sendall(b"GET /health HTTP/1.1\r\n" + b"".join(b"Host: %s\r\n" % h for h in hosts) + b"\r\n")
            assert answer(sock).startswith(b"HTTP/1.1 " + status)


def test_pipelined_requests_whose_first_head_spans_two_reads_are_all_answered(served):
    """500 GETs sent back to back without waiting (pipelined), the first head cut in two."""
    requests = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 500
    with sent_in_pieces(served, [requests[:20], requests[20:]]) as sock:
        assert status_lines(sock, 500) == [b"HTTP/1.1 200 OK"] * 500


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
