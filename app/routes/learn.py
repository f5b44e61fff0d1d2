"""The tutorials: /learn is the first game's (its lessons at /learn/{key}), /learn/{game} any
other game's (its lessons at /learn/{game}/{key}). Each game's `Tutorial` (app/games/) draws
them and reads its own move form; these routes only find the game.

A lesson's form posts to the lesson; what a right or wrong move does is the game's (for
Chaharbargh: app/games/chaharbargh/pages.py). `POST …/restart` forgets the progress.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Query, Request
from fastapi.responses import Response

from ..forms import SelectionQuery
from ..games import Tutorial, find_game, first_game
from ..refusals import Refused
from ..web import Lang, error_page

router = APIRouter()


def tutorial_of(name: str | None = None) -> Tutorial:
    """The tutorial of the game `name` (None: the first game's); no such game or no lessons: 404."""
    game = first_game() if name is None else find_game(name)
    if game is None or game.tutorial is None:
        raise Refused("no_lesson", 404)
    return game.tutorial


def other_game(name: str) -> bool:
    """Whether `/learn/{name}` names another game's tutorial rather than a first-game lesson."""
    game = find_game(name)
    return game is not None and game is not first_game() and game.tutorial is not None


async def form_fields(request: Request) -> dict[str, list[str]]:
    """A posted form as each field's values: the game reads its own move from them."""
    form = await request.form()
    return {key: [v for v in form.getlist(key) if isinstance(v, str)] for key in form}


Fields = Annotated[dict[str, list[str]], Depends(form_fields)]


def refused_lesson(request: Request, lang: str, message_key: str, status: int) -> Response:
    """A refused request about a lesson (app/errors.py): the lesson again with the reason."""
    params = request.path_params
    try:
        tutorial = tutorial_of(params.get("game"))
    except Refused as refused:  # no such game
        return error_page(request, lang, f"msg_{refused.reason}", refused.status)
    return tutorial.refused(request, params["key"], lang, message_key, status)


@router.get("/learn")
def tutorial_index(request: Request, lang: Lang) -> Response:
    return tutorial_of().index(request, lang)


@router.post("/learn/restart")
def restart_tutorial(request: Request) -> Response:
    return tutorial_of().restart(request)


@router.get("/learn/restart", include_in_schema=False)
@router.get("/learn/{game}/restart", include_in_schema=False)
def restart_tutorial_address() -> Response:
    """Starting again is a form (POST). Without this route a GET would be taken for a lesson
    named "restart" and answer 404; it is 405, saying what is allowed."""
    raise HTTPException(405, headers={"Allow": "POST"})


@router.get("/learn/{key}")
def show_lesson(request: Request, key: str, lang: Lang, q: Annotated[SelectionQuery, Query()]) -> Response:
    """A lesson of the first game, or another game's list of lessons."""
    if other_game(key):
        return tutorial_of(key).index(request, lang)
    return tutorial_of().lesson(request, key, lang, q)


@router.post("/learn/{key}")
def play_lesson(request: Request, key: str, lang: Lang, form: Fields) -> Response:
    return tutorial_of().answer(request, key, lang, form)


@router.post("/learn/{game}/restart")
def restart_game_tutorial(request: Request, game: str) -> Response:
    return tutorial_of(game).restart(request)


@router.get("/learn/{game}/{key}")
def show_game_lesson(
    request: Request, game: str, key: str, lang: Lang, q: Annotated[SelectionQuery, Query()]
) -> Response:
    return tutorial_of(game).lesson(request, key, lang, q)


@router.post("/learn/{game}/{key}")
def play_game_lesson(request: Request, game: str, key: str, lang: Lang, form: Fields) -> Response:
    return tutorial_of(game).answer(request, key, lang, form)
