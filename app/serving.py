"""uvicorn's HTTP/1.1 protocol (h11) with deadlines for connections that never finish a request.

uvicorn closes a kept-alive connection that stays silent for `--timeout-keep-alive` seconds after
an answer, but it never closes one that has not finished a request yet: a connection opened and
left silent, or one that sends the first bytes of a request and stalls (slowloris). Each holds a
socket, and counts against `--limit-concurrency`, for ever. `Protocol` adds two deadlines:

- a new connection that sends nothing for `--timeout-keep-alive` seconds is closed, as an idle
  kept-alive one already is;
- once a request's first byte has arrived, the whole request (its head and its body) must arrive
  within `CHAHARBARGH_REQUEST_TIMEOUT` seconds (default 10), or the connection is closed. The
  deadline is not moved by each new byte, so trickling a header a byte at a time does not help.

It also sets TCP_NODELAY on every connection, which uvicorn leaves off when it runs several
workers (see `no_delay`). The time the app takes to answer is not limited here (the request has arrived by then). Serve
with `--http app.serving:Protocol`, as `scripts/dev.py serve` and the Dockerfile do; behind nginx,
its `client_header_timeout` and `client_body_timeout` do the same work in front
(docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

REQUEST_TIMEOUT = float(os.environ.get("CHAHARBARGH_REQUEST_TIMEOUT", "10"))
ARRIVING = (h11.IDLE, h11.SEND_BODY)  # their side of a request that has begun but not fully arrived


def no_delay(transport: asyncio.Transport) -> None:
    """Send each write at once (TCP_NODELAY). asyncio sets it only on sockets it made with the
    TCP protocol number; with several workers uvicorn binds the socket itself without one, so
    every answer written in two parts (head, then body) waited for the client's delayed ACK:
    about 40 ms more per request on Linux, measured on /health with WEB_CONCURRENCY=2."""
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        with contextlib.suppress(OSError):  # the peer may be gone already
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class Protocol(H11Protocol):
    """uvicorn's h11 protocol, closing connections that do not deliver a whole request in time."""

    request_timeout = REQUEST_TIMEOUT

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.request_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        no_delay(transport)
        # Until its first byte a new connection is as idle as a kept-alive one: the same timer.
        self.timeout_keep_alive_task = self.loop.call_later(self.timeout_keep_alive, self.timeout_keep_alive_handler)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # the keep-alive timer stops; h11 reads what it can
        arriving = self.conn.their_state in ARRIVING and not self.transport.is_closing()
        if arriving and self.request_deadline is None:
            self.request_deadline = self.loop.call_later(self.request_timeout, self.request_timed_out)
        elif not arriving:
            self.cancel_request_deadline()

    def request_timed_out(self) -> None:
        self.request_deadline = None
        if self.conn.their_state in ARRIVING and not self.transport.is_closing():
            self.logger.debug("closing a connection whose request did not arrive in %s s", self.request_timeout)
            self.transport.close()

    def cancel_request_deadline(self) -> None:
        if self.request_deadline is not None:
            self.request_deadline.cancel()
            self.request_deadline = None

    def connection_lost(self, exc: Exception | None) -> None:
        self.cancel_request_deadline()
        super().connection_lost(exc)
