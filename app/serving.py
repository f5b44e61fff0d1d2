"""uvicorn's fast HTTP/1.1 protocol (httptools) with deadlines for connections that never finish
a request, and a cap on a request's head.

uvicorn closes a kept-alive connection that stays silent for `--timeout-keep-alive` seconds after
an answer, but it never closes one that has not finished a request yet: a connection opened and
left silent, or one that sends the first bytes of a request and stalls (slowloris). Each holds a
socket, and counts against `--limit-concurrency`, for ever. `Protocol` adds two deadlines:

- a new connection that sends nothing for `--timeout-keep-alive` seconds is closed, as an idle
  kept-alive one already is;
- once a request's first byte has arrived, the whole request (its head and its body) must arrive
  within `CHAHARBARGH_REQUEST_TIMEOUT` seconds (default 10), or the connection is closed. The
  deadline is not moved by each new byte, so trickling a header a byte at a time does not help.

A request head over `HEAD_LIMIT` bytes (16 KiB) is answered 400 and the connection closed; the
parser would otherwise keep gathering it. It also sets TCP_NODELAY on every connection, which
uvicorn leaves off when it runs several workers (see `no_delay`). The time the app takes to
answer is not limited here (the request has arrived by then). Serve with `--http
app.serving:Protocol`, as `scripts/dev.py serve` and the Dockerfile do; behind nginx, its
`client_header_timeout` and `client_body_timeout` do the same work in front (docs/deploy.md).

Why httptools (llhttp, Node's parser, maintained with uvloop by MagicStack, and uvicorn's own
choice when installed) rather than h11: a round trip of the table (two requests) spent 5-10% of
the server's CPU in h11's pure-Python parsing (docs/benchmarks.md, issue 17).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

REQUEST_TIMEOUT = float(os.environ.get("CHAHARBARGH_REQUEST_TIMEOUT", "10"))
HEAD_LIMIT = 16 * 1024  # bytes: a request line and headers (a browser's are under 2 KB here)


def no_delay(transport: asyncio.Transport) -> None:
    """Send each write at once (TCP_NODELAY). asyncio sets it only on sockets it made with the
    TCP protocol number; with several workers uvicorn binds the socket itself without one, so
    every answer written in two parts (head, then body) waited for the client's delayed ACK:
    about 40 ms more per request on Linux, measured on /health with WEB_CONCURRENCY=2."""
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        with contextlib.suppress(OSError):  # the peer may be gone already
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class HeadTooLarge(Exception):
    """A request's head passed `Protocol.head_limit` while it was being read."""


class Protocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, closing connections that do not deliver a whole request in
    time and refusing a request head over `head_limit` bytes."""

    request_timeout = REQUEST_TIMEOUT
    head_limit = HEAD_LIMIT

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.request_deadline: asyncio.TimerHandle | None = None
        self.arriving = False  # a request has begun (its first byte came) and not fully arrived
        # While a request's head is arriving: its bytes as parsed (its line and whole headers), and
        # the bytes of the reads after the one it began in (an unfinished header line is gathered
        # by the parser unseen; a read that ends the head may also hold the start of the body).
        self.head_bytes: int | None = None
        self.head_reads = 0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        no_delay(transport)
        # Until its first byte a new connection is as idle as a kept-alive one: the same timer.
        self.timeout_keep_alive_task = self.loop.call_later(self.timeout_keep_alive, self.timeout_keep_alive_handler)

    # The parser's callbacks, called from `data_received` as it reads: they mark where a request
    # is, and measure its head as it is parsed (a head that came whole in one read is measured
    # nowhere else).
    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.arriving, self.head_bytes, self.head_reads = True, 0, 0

    def on_url(self, url: bytes) -> None:
        super().on_url(url)
        self.count_head(len(url))

    def on_header(self, name: bytes, value: bytes) -> None:
        super().on_header(name, value)
        self.count_head(len(name) + len(value) + 4)  # with ": " and the line's end

    def on_headers_complete(self) -> None:
        self.head_bytes = None
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self.arriving = False
        super().on_message_complete()

    def count_head(self, size: int) -> None:
        if self.head_bytes is not None:
            self.head_bytes += size
            if self.head_bytes > self.head_limit:
                raise HeadTooLarge  # out of the parser, to `data_received`

    def data_received(self, data: bytes) -> None:
        try:
            if self.head_bytes is not None:  # a head still arriving from earlier reads
                self.head_reads += len(data)
                if self.head_reads > self.head_limit:
                    raise HeadTooLarge
            super().data_received(data)  # the keep-alive timer stops; the parser reads what it can
        except HeadTooLarge:
            self.cancel_request_deadline()
            self.send_400_response("Request head too large.")  # and closes the connection
            return
        if self.transport.is_closing():  # a malformed request was answered 400
            self.cancel_request_deadline()
        elif self.arriving and self.request_deadline is None:
            self.request_deadline = self.loop.call_later(self.request_timeout, self.request_timed_out)
        elif not self.arriving:
            self.cancel_request_deadline()

    def request_timed_out(self) -> None:
        self.request_deadline = None
        if self.arriving and not self.transport.is_closing():
            self.logger.debug("closing a connection whose request did not arrive in %s s", self.request_timeout)
            self.transport.close()

    def cancel_request_deadline(self) -> None:
        if self.request_deadline is not None:
            self.request_deadline.cancel()
            self.request_deadline = None

    def connection_lost(self, exc: Exception | None) -> None:
        self.cancel_request_deadline()
        super().connection_lost(exc)
