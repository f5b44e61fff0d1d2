"""uvicorn's fast HTTP/1.1 protocol (httptools) with the limits a public server needs and uvicorn
lacks: deadlines for connections that never finish a request, a cap on a request's head, and a
bounded queue of pipelined requests.

uvicorn closes a kept-alive connection that stays silent for `--timeout-keep-alive` seconds after
an answer, but it stops that timer on any byte, even a line break that begins no request (the C
parser skips those), and it never closes a connection that has not finished a request: one
opened and left silent, or one that sends the first bytes of a request and stalls (slowloris).
Each holds a socket, and counts against `--limit-concurrency`, for ever. It also parses every
byte a client sends at once, so one read of pipelined requests becomes that many queued requests
in memory. `Protocol` changes four things:

- **Idle connections.** A connection with no request begun and none being answered (a new one,
  or one kept alive after its answer) is closed `--timeout-keep-alive` seconds after it became
  idle. Only the first byte of a request stops that clock: line breaks do not.
- **Slow requests.** Once a request's first byte has arrived, the whole request (its head and its
  body) must arrive within `CHAHARBARGH_REQUEST_TIMEOUT` seconds (default 10), or the connection
  is closed. The deadline is not moved by each new byte, so trickling a header a byte at a time
  does not help.
- **Pipelined requests** (several sent before the first is answered) are read into a queue of at
  most `QUEUE` (4) waiting requests, plus those that came in the same slice of `SLICE` bytes
  (1 KiB: at most 57 of the smallest request there is). Past that the rest of what was read waits
  unparsed, and the socket is not read, until the queue has room again: a client cannot make a
  worker hold more than that, and every request is still answered, in order.
- **A request head over 16 KiB** (`HEAD_LIMIT`) is answered 431 and the connection closed; the
  parser would otherwise keep gathering it. The parser is fed a slice at a time and a head is
  counted slice by slice while it is arriving, so only the bytes of the head count, never a
  body or the requests after it, however the head was split into reads: a head of up to 16 KiB
  always passes, and one over 17 KiB (`HEAD_LIMIT + SLICE`) never does.

It also sets TCP_NODELAY on every connection, which uvicorn leaves off when it runs several
workers (see `no_delay`). The time the app takes to answer is not limited here (the request has
arrived by then). Serve with `--http app.serving:Protocol`, as `scripts/dev.py serve` and the
Dockerfile do; behind nginx, its `client_header_timeout`, `client_body_timeout` and
`large_client_header_buffers` do the same work in front (docs/deploy.md).

Why httptools (llhttp, Node's parser, maintained with uvloop by MagicStack, and uvicorn's own
choice when installed) rather than h11, which would bound pipelining and the head itself: llhttp
refuses what h11 lets through (a bare LF line end, an obsolete folded header line, Content-Length
beside Transfer-Encoding: the requests that smuggle a second request past a proxy), and h11's
pure-Python parsing was 5-10% of a move's server CPU (docs/benchmarks.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket

import httptools
from uvicorn.protocols.http.flow_control import FlowControl
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

REQUEST_TIMEOUT = float(os.environ.get("CHAHARBARGH_REQUEST_TIMEOUT", "10"))
HEAD_LIMIT = 16 * 1024  # bytes: a request line and headers (a browser's are under 2 KB here)
SLICE = 1024  # bytes fed to the parser at a time (a move's whole request is one or two)
QUEUE = 4  # pipelined requests parsed ahead of the one being answered


def no_delay(transport: asyncio.Transport) -> None:
    """Send each write at once (TCP_NODELAY). asyncio sets it only on sockets it made with the
    TCP protocol number; with several workers uvicorn binds the socket itself without one, so
    every answer written in two parts (head, then body) waited for the client's delayed ACK:
    about 40 ms more per request on Linux, measured on /health with WEB_CONCURRENCY=2."""
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        with contextlib.suppress(OSError):  # the peer may be gone already
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class Flow(FlowControl):
    """uvicorn's flow control with one more reason to leave the socket unread: the protocol holds
    bytes it has read and not parsed yet. uvicorn asks to resume reading whenever the app reads a
    body or an answer is sent; while bytes are held, each such resume would let one more read
    (up to 256 KiB) pile up behind them."""

    def __init__(self, transport: asyncio.Transport) -> None:
        super().__init__(transport)
        self.wanted = True  # what uvicorn last asked for
        self.holding = False

    def pause_reading(self) -> None:
        self.wanted = False
        self.apply()

    def resume_reading(self) -> None:
        self.wanted = True
        self.apply()

    def hold(self, holding: bool) -> None:
        self.holding = holding
        self.apply()

    def apply(self) -> None:
        if self.wanted and not self.holding:
            super().resume_reading()
        else:
            super().pause_reading()


class HeadTooLarge(Exception):
    """A request's head passed `Protocol.head_limit` while it was being read."""


class TwoHosts(Exception):
    """A request named two Host headers (raised in a parser callback: the parser's error, 400)."""


class Protocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, closing connections that stay idle or do not deliver a
    whole request in time, refusing a request head over `head_limit` bytes, and parsing no more
    than `queue` pipelined requests ahead of the one being answered."""

    request_timeout = REQUEST_TIMEOUT
    head_limit = HEAD_LIMIT
    queue = QUEUE

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.unparsed = memoryview(b"")  # read and not yet fed to the parser (held while the queue is full)
        self.began: float | None = None  # while a request is arriving: when its first byte was parsed
        self.request_deadline: asyncio.TimerHandle | None = None  # its deadline, once it spans reads
        self.head: int | None = None  # while a head is arriving: the bytes fed since it began

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        no_delay(transport)
        self.flow = Flow(transport)
        # Until its first request a new connection is as idle as a kept-alive one: the same timer.
        self.timeout_keep_alive_task = self.loop.call_later(self.timeout_keep_alive, self.timeout_keep_alive_handler)

    def data_received(self, data: bytes) -> None:
        # In place of uvicorn's, which stops the idle timer on any byte and feeds the parser all of
        # `data` at once. The timer stops when a request begins (`on_message_begin`).
        self.unparsed = memoryview(bytes(self.unparsed) + data) if self.unparsed else memoryview(data)
        self.parse()

    def parse(self) -> None:
        """Feed the parser what has been read, a slice at a time, while the queue has room; hold
        the rest (and leave the socket unread) until an answer makes room."""
        while self.unparsed and len(self.pipeline) < self.queue and not self.transport.is_closing():
            piece, self.unparsed = self.unparsed[:SLICE], self.unparsed[SLICE:]
            try:
                self.parser.feed_data(piece)
                if self.head is not None:  # a head still arriving after this slice
                    self.head += len(piece)  # its slices: at most SLICE - 1 bytes more than its own
                    if self.head >= self.head_limit + SLICE:
                        raise HeadTooLarge
            except httptools.HttpParserUpgrade:  # as uvicorn does; the rest of what was read is dropped
                self.unparsed = memoryview(b"")
                if self._should_upgrade():
                    self.handle_websocket_upgrade()
                else:
                    self._unsupported_upgrade_warning()
            except httptools.HttpParserError:  # as uvicorn does
                self.logger.warning("Invalid HTTP request received.")
                self.send_400_response("Invalid HTTP request received.")  # and closes the connection
            except HeadTooLarge:
                self.head_too_large()
        if self.transport.is_closing():
            return
        if self.began is not None and self.request_deadline is None:  # a request left unfinished
            self.request_deadline = self.loop.call_at(self.began + self.request_timeout, self.request_timed_out)
        if self.flow.holding != bool(self.unparsed):
            self.flow.hold(bool(self.unparsed))

    def head_too_large(self) -> None:
        """Answer 431 and close the connection."""
        message = b"Request head too large."
        head = b"content-type: text/plain; charset=utf-8\r\nconnection: close\r\ncontent-length: %d\r\n\r\n"
        self.transport.write(STATUS_LINE[431] + head % len(message) + message)
        self.transport.close()

    # The parser's callbacks, called from `feed_data` as it reads: they mark where a request is.
    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._unset_keepalive_if_required()  # no longer idle
        self.head = 0
        self.began = self.loop.time()  # its deadline is set only if it does not arrive whole (`parse`)

    def on_headers_complete(self) -> None:
        self.head = None
        if sum(name == b"host" for name, _ in self.headers) > 1:
            # RFC 9112, 3.2: 400 to a request with two Host headers (llhttp lets them through, and
            # a proxy in front may read the other one). Raised out of the parser: its 400 below.
            raise TwoHosts
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self.began = None
        self.cancel_request_deadline()
        super().on_message_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()  # the next queued request starts, or the idle timer
        if self.began is not None:  # the next request has begun: its own deadline runs
            self._unset_keepalive_if_required()
        self.parse()  # what was held while the queue was full

    def request_timed_out(self) -> None:
        self.request_deadline = None
        if self.unparsed:  # the rest of it is here, held behind a full queue: our wait, not the client's
            self.request_deadline = self.loop.call_later(self.request_timeout, self.request_timed_out)
        elif self.began is not None and not self.transport.is_closing():
            self.logger.debug("closing a connection whose request did not arrive in %s s", self.request_timeout)
            self.transport.close()

    def cancel_request_deadline(self) -> None:
        if self.request_deadline is not None:
            self.request_deadline.cancel()
            self.request_deadline = None

    def connection_lost(self, exc: Exception | None) -> None:
        self.cancel_request_deadline()
        self.unparsed = memoryview(b"")
        super().connection_lost(exc)
