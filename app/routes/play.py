"""A match: creating it, the table, the player's and the computer's moves, the next round and
the game record.

Every action posts a form carrying the ply it was made at (compare-and-set in the service).
HTMX gets the table back; without JavaScript a successful POST answers 303 to the table, after
the computer's move (in a practice a button asks for it, so the move can still be taken back).
A refused action is answered by `app.errors` with `refused_table`: the table with the reason.
"""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from engine import observation, record

from ..forms import MatchOptions, MoveForm, PlyForm, SelectionQuery
from ..i18n import t
from ..limits import HINT_BUDGET
from ..service import HUMAN, Refused
from ..views import Selection, replay_view, select, urls
from ..web import Lang, LoadedMatch, Service, error_page, is_htmx, render
from . import allfours
from .home import remember, remember_options
from .table import answer, render_allfours_table, render_table

router = APIRouter()


@router.post("/matches")
def create_match(request: Request, options: Annotated[MatchOptions, Form()], service: Service) -> Response:
    if options.game == "allfours":  # the Chaharbargh fields (target, preset, house rules) are not read
        match = service.create_allfours(options.level, options.players)
    else:
        match = service.create(
            options.level, options.target, options.preset, players=options.players, **options.house_rules()
        )
    remember(request, match.id)
    remember_options(request, options)
    return RedirectResponse(urls(match.id, match.secret)["page"], status_code=303)


@router.get("/m/{match_id}/{secret}", dependencies=[HINT_BUDGET])  # a hint the pro works out is rate-limited
def show_match(
    request: Request, loaded: LoadedMatch, lang: Lang, service: Service, q: Annotated[SelectionQuery, Query()]
) -> Response:
    """The table. Tapping a card is a GET whose query string holds the selection; the server
    answers with the table as it would look (`views.select`), so the browser computes no rule."""
    remember(request, loaded.match.id, practice=loaded.practice)
    if loaded.match.game == "allfours":
        return render_allfours_table(request, loaded, lang)
    sel = Selection()
    if loaded.human_to_play:
        sel = select(observation(loaded.state, HUMAN), q.card, q.take, q.select, q.toggle)
    hints = None
    if q.hint == "1" and loaded.practice and loaded.human_to_play:
        hints = service.hints(loaded)
    return render_table(request, loaded, lang, sel, hints=hints)


@router.post("/m/{match_id}/{secret}/move")
def play_move(
    request: Request, match_id: str, secret: str, form: Annotated[MoveForm, Form()], service: Service, lang: Lang
) -> Response:
    loaded = service.play(match_id, secret, form.ply, form.move, form.undos)
    return answer(request, service, loaded, lang, unchanged="msg_already", computer_after=True)


@router.post("/m/{match_id}/{secret}/computer")
def computer_move(
    request: Request, match_id: str, secret: str, form: Annotated[PlyForm, Form()], service: Service, lang: Lang
) -> Response:
    return answer(request, service, service.computer(match_id, secret, form.ply), lang)


@router.post("/m/{match_id}/{secret}/next")
def next_round(
    request: Request, match_id: str, secret: str, form: Annotated[PlyForm, Form()], service: Service, lang: Lang
) -> Response:
    """The player has read the round's score sheet. A stale "next round" (another sheet's ply,
    or a sheet already closed) changes nothing and shows the table as it is; above all it never
    lets the computer move."""
    loaded = service.next_round(match_id, secret, form.ply)
    return answer(request, service, loaded, lang, unchanged="msg_sheet_closed", computer_after=True)


@router.post("/m/{match_id}/{secret}/rematch")
def rematch(request: Request, match_id: str, secret: str, service: Service) -> Response:
    """The match-end page's "rematch": a new match with this one's rules, level and seats and a
    new deal. From HTMX the browser is sent to the new table with `HX-Redirect`."""
    if not service.load(match_id, secret).over:
        raise Refused("rematch_early", 409)  # offered on the match-end page only
    match = service.rematch(match_id, secret)
    remember(request, match.id, practice=match.mode == "practice")
    page = urls(match.id, match.secret)["page"]
    if is_htmx(request):
        return Response(status_code=204, headers={"HX-Redirect": page})
    return RedirectResponse(page, status_code=303)


@router.get("/m/{match_id}/{secret}/replay")
def replay_match(request: Request, loaded: LoadedMatch, lang: Lang, service: Service, ply: int = 0) -> Response:
    """A finished match move by move: the engine replays the stored moves up to `ply` (clamped
    to the match's length). Refused (409) while the match is in play: the replay shows every hand.
    An All Fours match has its own page (app/routes/allfours.py)."""
    if not loaded.over or loaded.practice:
        return error_page(request, lang, "msg_replay_unfinished", 409)
    if loaded.match.game == "allfours":
        return allfours.replay_response(request, service, loaded, lang, ply)
    state, ply, total = service.state_at(loaded, ply)
    rv = replay_view(loaded, state, ply, total, lang)
    # the language link stays at this move
    return render(request, "replay.html", lang, address=f"{rv.urls['replay']}?ply={rv.ply}", rv=rv)


@router.get("/m/{match_id}/{secret}/record.json")
def download_record(request: Request, loaded: LoadedMatch, lang: Lang) -> Response:
    """The game record, only once the match is over (an unfinished record reveals the seed)."""
    if not loaded.state.finished:
        return error_page(request, lang, "msg_record_unfinished", 409)
    if loaded.match.game == "allfours":
        return allfours.record_response(loaded)
    computer = t("en", "seat_computer", level=loaded.match.level)
    seats = [t("en", "seat_you")] + [computer] * (loaded.state.players - 1)  # every other seat: the match's level
    data = record(loaded.state, seats=seats)
    return JSONResponse(
        json.loads(json.dumps(data)),
        headers={"Content-Disposition": f'attachment; filename="chaharbargh-{loaded.match.id}.json"'},
    )
