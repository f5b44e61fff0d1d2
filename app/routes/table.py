"""The table as the answer to a request about a match: the table with the reason for a refused
request, and the one way every table action is answered (the table for htmx, a 303 without
JavaScript), for every game. The route modules import this one, never each other."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import RedirectResponse, Response

from ..common_views import urls
from ..games import web_game
from ..refusals import NotFound
from ..service import MatchService
from ..table import Table
from ..web import error_page, get_service, is_htmx


def render_table(request: Request, loaded: Table, lang: str, message: str | None = None, status: int = 200) -> Response:
    """The match's table as the person's seat sees it, drawn by its game (`app.games`), with
    `message` (a message key) if any. `X-Table-Version` names the match's event version it
    shows, as the stream's event ids do: the page keeps the newest table (static/live.js)."""
    response = web_game(loaded.match.game).table(request, loaded, lang, message, status)
    response.headers["X-Table-Version"] = loaded.version
    return response


def refused_table(request: Request, match_id: str, secret: str, lang: str, key: str, status: int) -> Response:
    """A refused request about a match: its table as it is, with the reason; 404 for no such match."""
    try:
        loaded = get_service(request).load(match_id, secret)
    except NotFound:
        return error_page(request, lang, "msg_not_found", 404)
    return render_table(request, loaded, lang, message=key, status=status)


def answer(
    request: Request,
    service: MatchService,
    loaded: Table,
    lang: str,
    message: str | None = None,
    unchanged: str | None = None,
) -> Response:
    """Answer a table action the same way for every form.

    `unchanged` is the message for a request that changed nothing (a replay). HTMX gets the
    table (with `message`); without JavaScript the answer is a 303 to the table, which reloads
    itself while the computer's move is due (the round owner plays it, app/round_owner.py).
    """
    if unchanged and not loaded.changed:
        return render_table(request, loaded, lang, message=unchanged)
    if is_htmx(request):
        return render_table(request, loaded, lang, message=message)
    return RedirectResponse(urls(loaded.match.id, loaded.key)["page"], status_code=303)  # the asking seat's address
