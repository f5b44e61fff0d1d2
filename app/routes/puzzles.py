"""Puzzles (app/puzzles.py): `GET /puzzles` serves one near the person's rating (`?game=`,
`?theme=` choose among them), `GET /puzzles/{id}` a given one (the home page's daily puzzle
links there), `POST /puzzles/{id}` answers it with the table's own move form (the best move
solves it; the first try moves the ratings) and `POST /puzzles/{id}/show` gives up and shows
the answer (a first try lost). All of it works without JavaScript: plain links and forms.
"""

from __future__ import annotations

import random
from typing import cast

from fastapi import APIRouter, Request
from fastapi.responses import Response

from engine.puzzles import Puzzle

from ..games import practice_of, titles, web_game
from ..i18n import t
from ..puzzles import GAMES, Puzzles, Rated
from ..puzzles_view import puzzle_view, table_of, theme_choices
from ..sessions import known_person, person_of
from ..web import Lang, Service, error_page, render
from .learn import Fields

router = APIRouter()


def shelf(request: Request) -> Puzzles:
    return cast(Puzzles, request.app.state.puzzles)


def _page(
    request: Request,
    puzzle: Puzzle,
    lang: str,
    *,
    theme: str | None = None,
    move: str | None = None,
    shown: bool = False,
    rated: Rated | None = None,
    message: str = "",
    status: int = 200,
) -> Response:
    practice = practice_of(puzzle.game)
    if practice is None:
        return error_page(request, lang, "msg_no_puzzle", 404)
    puzzles = shelf(request)
    table, state = table_of(puzzle)
    rv = practice.seen(table, state, 0, 0, lang)
    # in the order of the moves' texts: the values' order would put the answer first
    answers = practice.answers(sorted(move for move, _ in puzzle.values), lang)
    next_url = f"/puzzles?game={puzzle.game}" + (f"&theme={theme}" if theme else "")
    title = titles(lang).get(puzzle.game, puzzle.game)
    words = web_game(puzzle.game).move_words
    rating = puzzles.rating(puzzle)
    pv = puzzle_view(puzzle, rating, answers, lang, words, title, next_url, move, shown, rated)
    pv.themes = theme_choices(puzzles.themes(puzzle.game), puzzle.game, theme, lang)
    if message:
        pv.outcome, pv.outcome_words = "invalid", t(lang, message)
    address = f"/puzzles/{puzzle.id}"
    return render(request, practice.TEMPLATE, lang, status=status, address=address, frame="_puzzle.html", pv=pv, rv=rv)


@router.get("/puzzles")
def offer(request: Request, lang: Lang, game: str | None = None, theme: str | None = None) -> Response:
    """A puzzle the person has not tried, near their rating, of the game and theme asked."""
    puzzles = shelf(request)
    game = game if game in GAMES else None
    theme = theme if theme in puzzles.themes(game) else None
    puzzle = puzzles.offer(known_person(request.session), game, theme, random.Random())
    if puzzle is None:
        return error_page(request, lang, "msg_no_puzzle", 404)
    return _page(request, puzzle, lang, theme=theme)


def _found(request: Request, puzzle_id: str) -> Puzzle | None:
    return shelf(request).get(puzzle_id)


@router.get("/puzzles/{puzzle_id}")
def one(request: Request, puzzle_id: str, lang: Lang) -> Response:
    puzzle = _found(request, puzzle_id)
    if puzzle is None:
        return error_page(request, lang, "msg_no_puzzle", 404)
    return _page(request, puzzle, lang)


@router.post("/puzzles/{puzzle_id}")
def answer(request: Request, puzzle_id: str, lang: Lang, service: Service, form: Fields) -> Response:
    """The best move solves the puzzle, any other legal move is refused with what it gives
    away; the person's first try moves both ratings. 400 for a form that names no legal move."""
    puzzle = _found(request, puzzle_id)
    practice = practice_of(puzzle.game) if puzzle is not None else None
    if puzzle is None or practice is None:
        return error_page(request, lang, "msg_no_puzzle", 404)
    move = practice.move_of(form)
    if move is None or move not in dict(puzzle.values):
        return _page(request, puzzle, lang, message="msg_garbage", status=400)
    rated = shelf(request).attempt(person_of(request.session), puzzle, move == puzzle.best, service.clock())
    return _page(request, puzzle, lang, move=move, rated=rated)


@router.post("/puzzles/{puzzle_id}/show")
def show(request: Request, puzzle_id: str, lang: Lang, service: Service) -> Response:
    """The answer, asked for: a first try, lost."""
    puzzle = _found(request, puzzle_id)
    if puzzle is None:
        return error_page(request, lang, "msg_no_puzzle", 404)
    rated = shelf(request).attempt(person_of(request.session), puzzle, False, service.clock())
    return _page(request, puzzle, lang, shown=True, rated=rated)
