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
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from datetime import datetime
from functools import partial

from fastapi import APIRouter, Request
from fastapi.responses import Response, StreamingResponse
from starlette.concurrency import run_in_threadpool

from ..live import News
from ..service import Loaded, MatchService
from ..web import Lang, Service
from .table import render_table

router = APIRouter()
KEEP_ALIVE = 15.0  # seconds between comment lines on a quiet stream
RETRY_MS = 2000  # how long a browser waits before it connects again
EXPIRE_AGAIN = 1.0  # seconds before a stream asks again at a ply where its ask changed nothing


def table_event(request: Request, loaded: Loaded, lang: str) -> str:
    """The seat's table as an SSE `table` event: the fragment a move's answer would be."""
    headers = [*request.scope["headers"], (b"hx-request", b"true")]  # render the fragment, not the page
    as_htmx = Request({**request.scope, "headers": headers}, request.receive)
    body = render_table(as_htmx, loaded, lang).body
    html = bytes(body).decode()
    data = "".join(f"data: {line}\n" for line in html.splitlines())
    return f"id: {loaded.version}\nevent: table\n{data}\n"


@router.get("/m/{match_id}/{secret}/events")
async def table_events(request: Request, match_id: str, secret: str, lang: Lang, service: Service) -> Response:
    """A person's table stream: their own seat's table; it asks the server to play for another
    person whose move clock ran out."""
    loaded = await run_in_threadpool(service.load, match_id, secret)  # no such match or secret: 404
    again = partial(service.load, match_id, secret)
    return events(request, loaded, lang, again, partial(service.expire, match_id, secret))


@router.get("/m/{match_id}/watch/{code}")
def watch(request: Request, match_id: str, code: str, lang: Lang, service: Service) -> Response:
    """The watch link: the table as a spectator may see it (no hand, no move), live. A wrong code,
    or a practice round, is 404."""
    return render_table(request, service.watched(match_id, code), lang)


@router.get("/m/{match_id}/watch/{code}/events")
async def watch_events(request: Request, match_id: str, code: str, lang: Lang, service: Service) -> Response:
    """A spectator's stream: the spectator's table each time the match moves on (it never asks
    anyone's move to be played: the clock serves the people at the table)."""
    loaded = await run_in_threadpool(service.watched, match_id, code)
    return events(request, loaded, lang, partial(service.watched, match_id, code), None)


def events(
    request: Request,
    first: Loaded,
    lang: str,
    load: Callable[[], Loaded],
    expire: Callable[[int], Loaded] | None,
) -> Response:
    shown = request.headers.get("last-event-id") or request.query_params.get("v") or ""
    service: MatchService = request.app.state.service
    return StreamingResponse(
        stream(request, service.clock, request.app.state.news, first, lang, shown, load, expire),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},  # nginx: pass each line on at once
    )


async def stream(
    request: Request,
    clock: Callable[[], datetime],
    news: News,
    first: Loaded,
    lang: str,
    shown: str,
    load: Callable[[], Loaded],
    expire: Callable[[int], Loaded] | None,
) -> AsyncIterator[str]:
    """The stream's lines: the table whenever what the seat sees moved on, a comment when quiet.
    While another person is to play under a move clock, a person's stream also wakes when their
    clock runs out and asks the server to play for them (`expire`: `MatchService.expire`, where
    the server's clock decides; the stream only knocks)."""
    with news.subscribe(first.match.id) as changed:
        yield f"retry: {RETRY_MS}\n\n"
        loaded, knocked = first, -1
        while True:
            if loaded.version != shown:
                shown = loaded.version
                yield await run_in_threadpool(table_event, request, loaded, lang)
            left = loaded.seconds_left(clock()) if expire is not None and loaded.others_turn else None
            if left is not None and knocked == loaded.ply:
                left = max(left, EXPIRE_AGAIN)  # asked at this ply already: not again at once
            try:
                await asyncio.wait_for(changed.wait(), KEEP_ALIVE if left is None else max(0.0, min(left, KEEP_ALIVE)))
            except TimeoutError:
                if expire is not None and left is not None and left <= KEEP_ALIVE:
                    knocked = loaded.ply
                    loaded = await run_in_threadpool(expire, loaded.ply)
                else:
                    yield ": still here\n\n"
                continue
            changed.clear()
            loaded = await run_in_threadpool(load)
