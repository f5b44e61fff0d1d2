"""Live tables: a shared table's server-sent event stream, `GET /m/{id}/{secret}/events`, and
the watch link's table and stream, `GET /m/{id}/watch/{code}` and `…/events`.

Each open table of a shared match, and each spectator's, holds one stream (htmx's SSE
extension, vendored). When the match changes (app/live.py says so), the stream reads the match
as its seat may see it and, if
what that seat sees moved on, sends the seat's table as an `event: table` (the same fragment a
move's answer is) with an `id:` naming the version it shows. A browser reconnects by itself
after a dropped connection or a restart and sends the last `id` it had (`Last-Event-ID`); a
table that moved on meanwhile is sent at once. Nothing here needs a library: Starlette's
`StreamingResponse` sends the lines, and the extension reads them (sse-starlette would add only
the framing, four lines below, and its own disconnect handling, which Starlette already does).
A comment line every 15 seconds keeps proxies from closing a quiet stream.

Streams have a budget of their own (app/streams.py): a process, a client address, a seat and the
spectators of a match may hold only so many, so that they never crowd out the requests that
play; and the streams of one view share the reading and drawing of each change (`News.shared`),
so a move costs about the same with no spectator or hundreds.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from functools import partial
from typing import Any, cast

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response, StreamingResponse
from starlette.concurrency import run_in_threadpool
from starlette.types import Receive, Scope, Send

from ..i18n import t
from ..limits import client_of
from ..live import KEEP_ALIVE, News
from ..shared_table import asked_from, past_start
from ..streams import RETRY_AFTER, StreamBudget, Ticket
from ..table import Table
from ..web import Lang, Service
from .table import render_table

router = APIRouter()
RETRY_MS = 2000  # how long a browser waits before it connects again


def table_event(request: Request, loaded: Table, lang: str, past_start: bool = False) -> bytes:
    """The seat's table as an SSE `table` event: the fragment a move's answer would be, encoded
    once for every stream that sends it. `past_start`: the page is known to show a table in play
    past its first move (it holds the match's notes: `notes_oob`)."""
    headers = [*request.scope["headers"], (b"hx-request", b"true")]  # render the fragment, not the page
    state = dict(request.scope.get("state", {}))  # this event's own: the stream's request is not changed
    as_htmx = Request({**request.scope, "headers": headers, "state": state}, request.receive)
    if past_start:
        asked_from(as_htmx, loaded.ply)
    body = render_table(as_htmx, loaded, lang).body
    html = bytes(body).decode()
    data = "".join(f"data: {line}\n" for line in html.splitlines())
    return f"id: {loaded.version}\nevent: table\n{data}\n".encode()


@router.get("/m/{match_id}/{secret}/events")
async def table_events(request: Request, match_id: str, secret: str, lang: Lang, service: Service) -> Response:
    """A person's table stream: their own seat's table, each time it moves on (a move of theirs
    from another tab, another person's, or one the round owner played)."""
    loaded = await run_in_threadpool(service.load, match_id, secret)  # no such match or secret: 404
    return await events(request, loaded, lang, partial(service.load, match_id, secret))


@router.get("/m/{match_id}/watch/{code}")
def watch(request: Request, match_id: str, code: str, lang: Lang, service: Service) -> Response:
    """The watch link: the table as a spectator may see it (no hand, no move), live. A wrong code,
    or a practice round, is 404. When the match's spectators hold every stream they may, the
    page goes without one and asks for the table every `WATCH_POLL_MS`."""
    request.state.without_stream = budget_of(request).watchers_full(match_id)
    return render_table(request, service.watched(match_id, code), lang)


@router.get("/m/{match_id}/watch/{code}/events")
async def watch_events(request: Request, match_id: str, code: str, lang: Lang, service: Service) -> Response:
    """A spectator's stream: the spectator's table each time the match moves on (it never asks
    anyone's move to be played: that is for the people at the table)."""
    loaded = await run_in_threadpool(service.watched, match_id, code)
    return await events(request, loaded, lang, partial(service.watched, match_id, code))


async def watch_stream(
    request: Request, news: News, first: Table, lang: str, shown: str, load: Callable[[], Table], ticket: Ticket
) -> AsyncIterator[str | bytes]:
    """A spectator's lines: the spectator's table whenever the match moved on, a comment when
    quiet. Every spectator of the match in this language is one `Broadcast`: each change is
    read and drawn once for all of them, and each stream only sends it."""
    prepare = partial(prepared_table, request, load, lang)
    with news.subscribe(first.match.id, broadcast=(("watch", lang), prepare)) as changed:
        yield f"retry: {RETRY_MS}\n\n"
        if first.version != shown:
            shown = first.version
            yield await run_in_threadpool(table_event, request, first, lang)
        while True:
            await changed.wait()  # a change, prepared; or the broadcast's keep-alive
            prepared, beat = changed.prepared, changed.beat
            changed.take()
            if prepared is None and beat:
                yield ": still here\n\n"
                if not ticket.local:
                    await run_in_threadpool(ticket.refresh)  # a shared count expires unless refreshed
                continue
            version, event = prepared if prepared is not None else await run_in_threadpool(prepare)
            if version != shown:
                shown = version
                yield event


def prepared_table(request: Request, load: Callable[[], Table], lang: str) -> tuple[str, bytes]:
    """The table as it is now, its version and its event, for every stream of a broadcast."""
    loaded = load()
    return loaded.version, table_event(request, loaded, lang)


async def events(request: Request, first: Table, lang: str, load: Callable[[], Table]) -> Response:
    """The stream of `first`'s table, if the stream budget (app/streams.py) has a place for it."""
    seat = None if first.watching else f"{first.match.id}/{first.key}"
    budget, taking = budget_of(request), (client_of(request.scope), first.match.id, seat)
    ticket = budget.take(*taking) if budget.local else await run_in_threadpool(budget.take, *taking)
    if isinstance(ticket, str):
        return stream_refused(lang, ticket)
    shown = request.headers.get("last-event-id") or request.query_params.get("v") or ""
    news = request.app.state.news
    lines = (
        watch_stream(request, news, first, lang, shown, load, ticket)
        if first.watching
        else stream(request, news, first, lang, shown, load, ticket)
    )
    return HeldStream(
        lines,
        ticket,
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},  # nginx: pass each line on at once
    )


def budget_of(request: Request) -> StreamBudget:
    return cast(StreamBudget, request.app.state.streams)


def stream_refused(lang: str, reason: str) -> Response:
    """503 when this process holds its most streams, 429 when the client, the seat or the match's
    spectators hold theirs; the connection is closed, and the page goes on without its stream."""
    status, key = (503, "msg_streams_full") if reason == "worker" else (429, "msg_streams_many")
    headers = {"Retry-After": str(RETRY_AFTER), "Connection": "close", "Cache-Control": "no-store"}
    return PlainTextResponse(t(lang, key), status, headers=headers)


class HeldStream(StreamingResponse):
    """A stream that gives its place in the budget back when it ends, however it ends (the
    browser gone, the server stopping, an error), even before its first line."""

    def __init__(self, content: AsyncIterator[str | bytes], ticket: Ticket, **options: Any) -> None:
        super().__init__(content, **options)
        self.ticket = ticket

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            if self.ticket.local:
                self.ticket.release()
            else:  # a count in Redis: a round trip, off the event loop, even when cancelled
                with anyio.CancelScope(shield=True):
                    await run_in_threadpool(self.ticket.release)


async def stream(
    request: Request,
    news: News,
    first: Table,
    lang: str,
    shown: str,
    load: Callable[[], Table],
    ticket: Ticket,
) -> AsyncIterator[str | bytes]:
    """A person's stream's lines: the seat's table whenever what it sees moved on, a comment when
    quiet. It only delivers: the moves no person makes are the round owner's (app/round_owner.py).
    The seat's own requests' answers are not sent again.

    After a news, the streams of one seat (a few tabs) read the match and draw its table once
    between them (`News.shared`); the first table is this stream's own."""
    match_id, view = first.match.id, f"seat {first.seat}"
    with news.subscribe(match_id) as changed:
        yield f"retry: {RETRY_MS}\n\n"
        loaded, version, own = first, first.version, True
        known = False  # the page shows a table past its first move: it has the notes it keeps
        while True:
            if version != shown:
                shown = version
                draw = partial(table_event, request, loaded, lang, known)
                key = (view, lang, shown, known)
                yield await (run_in_threadpool(draw) if own else news.shared(match_id, key, draw))
                known = known or past_start(loaded)
            try:
                async with asyncio.timeout(KEEP_ALIVE):
                    await changed.wait()
            except TimeoutError:
                yield ": still here\n\n"
                if not ticket.local:
                    await run_in_threadpool(ticket.refresh)  # a shared count expires unless refreshed
                continue
            answered, unanswered = changed.take()
            if not unanswered and answered == {(loaded.seat, shown)}:
                continue  # only the news of this seat's own request, whose answer showed this table
            (loaded, version), own = await news.shared(match_id, view, partial(versioned, load)), False
            if (loaded.seat, version) in answered:
                shown = version  # this seat's own request: its answer showed this table
                known = known or past_start(loaded)


def versioned(load: Callable[[], Table]) -> tuple[Table, str]:
    """A table and its version, worked out once (in a worker thread) for every stream that shares it."""
    loaded = load()
    return loaded, loaded.version
