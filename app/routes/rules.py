"""The rules pages: /rules is the first game's, /rules/{game} any game's (each drawn by its game,
app/games/)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ..games import find_game, first_game
from ..refusals import Refused
from ..web import Lang

router = APIRouter()


@router.get("/rules")
def show_rules(request: Request, lang: Lang) -> Response:
    return first_game().rules(request, lang)


@router.get("/rules/{game}")
def show_game_rules(request: Request, game: str, lang: Lang) -> Response:
    web = find_game(game)
    if web is None:
        raise Refused("no_page", 404)
    return web.rules(request, lang)
