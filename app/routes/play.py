"""A match: creating it, the table, the player's and the computer's moves, the next round and
the game record.

Every action posts a form carrying the ply it was made at (compare-and-set in the service).
HTMX gets the table back; without JavaScript a successful POST answers 303 to the table, which
reloads itself while the computer's move is due (the round owner plays it; in a practice a
button asks for it, so the move can still be taken back).
A refused action is answered by `app.errors` with `refused_table`: the table with the reason.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Form, HTTPException, Query, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from engine import games
from engine.fairness import seal

from ..common_views import urls
from ..fairness_view import fairness_view
from ..forms import MatchOptions, MoveForm, PlyForm, SelectionQuery, TextMoveForm
from ..games import find_game, web_game
from ..i18n import t
from ..limits import HINT_BUDGET
from ..models import bot_seed_of
from ..refusals import Refused
from ..review_view import replay_decision
from ..seats import FORMER, Seats
from ..sessions import person_to_be
from ..shared_table import asked_from
from ..table import Table
from ..web import Lang, LoadedMatch, Service, error_page, is_htmx, render
from .home import remember, remember_options
from .table import answer

router = APIRouter()


@router.post("/matches")
def create_match(request: Request, options: Annotated[MatchOptions, Form()], service: Service) -> Response:
    person = person_to_be(request.session)
    match = web_game(options.game).create(service, options, person)
    remember(request, match.id, person=person)
    remember_options(request, options)
    return RedirectResponse(urls(match.id, match.secret)["page"], status_code=303)


@router.get("/m/{match_id}/{secret}", dependencies=[HINT_BUDGET])  # a hint the pro works out is rate-limited
def show_match(
    request: Request, loaded: LoadedMatch, lang: Lang, service: Service, q: Annotated[SelectionQuery, Query()]
) -> Response:
    """The table, drawn by the match's game with what the address asks for (a Chaharbargh
    selection is a GET whose query string holds it: the browser computes no rule)."""
    remember(request, loaded.match.id, practice=loaded.practice, seat=loaded.seat)
    return web_game(loaded.match.game).page(request, service, loaded, lang, q)


@router.post("/m/{match_id}/{secret}/move")
def play_move(
    request: Request, match_id: str, secret: str, form: Annotated[MoveForm, Form()], service: Service, lang: Lang
) -> Response:
    asked_from(request, form.ply)
    loaded = service.play(match_id, secret, form.ply, form.move, form.undos)
    return answer(request, service, loaded, lang, unchanged="msg_already")


@router.post("/m/{match_id}/{secret}/computer")
def computer_move(
    request: Request, match_id: str, secret: str, form: Annotated[PlyForm, Form()], service: Service, lang: Lang
) -> Response:
    asked_from(request, form.ply)
    return answer(request, service, service.computer(match_id, secret, form.ply), lang)


@router.post("/m/{match_id}/{secret}/next")
def next_round(
    request: Request, match_id: str, secret: str, form: Annotated[PlyForm, Form()], service: Service, lang: Lang
) -> Response:
    """The player has read the round's score sheet. A stale "next round" (another sheet's ply,
    or a sheet already closed) changes nothing and shows the table as it is; above all it never
    lets the computer move."""
    asked_from(request, form.ply)
    loaded = service.next_round(match_id, secret, form.ply)
    return answer(request, service, loaded, lang, unchanged="msg_sheet_closed")


@router.post("/m/{match_id}/{secret}/rematch")
def rematch(request: Request, match_id: str, secret: str, service: Service) -> Response:
    """The match-end page's "rematch": a new match with this one's rules, level and seats and a
    new deal. From HTMX the browser is sent to the new table with `HX-Redirect`."""
    if not service.load(match_id, secret).over:
        raise Refused("rematch_early", 409)  # offered on the match-end page only
    seat = service.load(match_id, secret).seat
    match = service.rematch(match_id, secret)
    remember(request, match.id, practice=match.mode == "practice", seat=seat)
    page = urls(match.id, service.secret_of(match, seat))["page"]  # the asking person's own seat
    if is_htmx(request):
        return Response(status_code=204, headers={"HX-Redirect": page})
    return RedirectResponse(page, status_code=303)


@router.get("/m/{match_id}/{secret}/replay")
def replay_match(request: Request, loaded: LoadedMatch, lang: Lang, service: Service, ply: int = 0) -> Response:
    """A finished match move by move: the engine replays the stored moves up to `ply` (clamped
    to the match's length), drawn by the match's game. Refused (409) while the match is in play:
    the replay shows every hand."""
    if not loaded.over or loaded.practice:
        return error_page(request, lang, "msg_replay_unfinished", 409)
    web = web_game(loaded.match.game)
    review = request.app.state.reviews.find(loaded.match.id, loaded.seat)  # the person's move from here, judged
    decision = replay_decision(review, ply, lang, web.move_words, web.lays)
    return web.replay(request, service, loaded, lang, ply, decision)


def finished_record(loaded: Table) -> dict[str, Any]:
    """A finished match's record as it is given out: the game's own, with the computers' seed
    beside the deal's and, for a match that made a commitment, the salt and the commitment
    (engine/fairness.py). Never for a match in play: it reveals every hidden card."""
    game = games.get(loaded.match.game)
    seats = record_seats(loaded.seats, game.seats_of(game.rules_of(loaded.state)))
    record: dict[str, Any] = json.loads(json.dumps(game.record(loaded.state, seats=seats)))
    if loaded.match.salt is None:
        return {**record, "bot_seed": bot_seed_of(loaded.match)}
    return seal(record, bot_seed_of(loaded.match), loaded.match.salt)


def record_seats(seats: Seats, players: int) -> list[str]:
    """Who sat where, as the record says it (in English, a file's words): each person by the name
    they gave (at a one-person table, "you"), each computer by its level."""

    def person(seat: int) -> str:
        fallback = t("en", "seat_you") if not seats.shared else t("en", "seat_player", n=seat + 1)
        given = seats.name(seat)
        return t("en", "former_player") if given == FORMER else given or fallback

    return [person(s) if seats.person(s) else t("en", "seat_computer", level=seats.level(s)) for s in range(players)]


@router.get("/m/{match_id}/{secret}/record.json")
def download_record(request: Request, loaded: LoadedMatch, lang: Lang) -> Response:
    """The game record, only once the match is over (an unfinished record reveals the seed); never
    kept by a cache, as no page is (it names the people and lies behind a secret address)."""
    game = games.get(loaded.match.game)
    if game.winner(loaded.state) is None:
        return error_page(request, lang, "msg_record_unfinished", 409)
    return JSONResponse(
        finished_record(loaded),  # the game's record format, with what proves it
        headers={
            "Content-Disposition": f'attachment; filename="{game.name}-{loaded.match.id}.json"',
            "Cache-Control": "no-store",
        },
    )


@router.get("/m/{match_id}/{secret}/fairness")
def check_deal(request: Request, loaded: LoadedMatch, lang: Lang) -> Response:
    """The check of a finished match's deal: its commitment worked out again from the revealed
    seeds and salt, and every deal as the engine deals it from them, beside what was played.
    Refused (409) while the match is in play: it shows every card."""
    if not loaded.over:
        return error_page(request, lang, "msg_fairness_unfinished", 409)
    fv = fairness_view(loaded, finished_record(loaded) if not loaded.practice else None, lang)
    return render(request, "fairness.html", lang, fv=fv)


text_moves = APIRouter()  # included after every other router: its last path segment is any game's name


@text_moves.post("/m/{match_id}/{secret}/{game}")
def play_text_move(
    request: Request,
    match_id: str,
    secret: str,
    game: str,
    form: Annotated[TextMoveForm, Form()],
    service: Service,
    lang: Lang,
) -> Response:
    """A move as its game's move text, posted to the address named after the match's game (All
    Fours' `/m/{id}/{secret}/allfours`: a decision or a card has no cards it takes)."""
    if find_game(game) is None:
        raise Refused("no_page", 404)
    loaded = service.play(match_id, secret, form.ply, form.move, game=game)
    return answer(request, service, loaded, lang, unchanged="msg_already")


@text_moves.get("/m/{match_id}/{secret}/{game}", include_in_schema=False)
def no_such_table_page() -> Response:
    """A GET of an address of this shape that no page has (another match page's `/replay` and
    `/record.json` come first): no such page (404), as before the move route was generic, not
    405 because the move route takes POSTs there."""
    raise HTTPException(404)
