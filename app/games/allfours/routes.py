"""All Fours' own routes: its move form, its rules page with the engine-checked examples, and its
tutorial.

An All Fours match shares the Chaharbargh table's address space (`/m/{id}/{secret}`): the page,
`/computer`, `/next`, `/replay` and `/record.json` are the same routes (app/routes/play.py); its
table and replay are drawn by this package's `WEB` (app/games/allfours/__init__.py). Only the move has its own form,
`POST /m/{id}/{secret}/allfours` with `ply` and `move` (the engine's move text: `stand`, `beg`,
`one`, `run` or a card code), because a Chaharbargh move is a card with the cards it takes.

The tutorial is at `/learn/allfours` (its lessons at `/learn/allfours/{key}`; this router comes
before the Chaharbargh tutorial's `/learn/{key}`). A lesson's form posts `move`; the answer is
the lesson again with the verdict (app/games/allfours/tutorial.py). Progress is the list of solved
lesson keys in the signed session cookie (`af_lessons`); every lesson is open.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import Response
from pydantic import Field

from engine.allfours import Move

from ...forms import PlyForm
from ...i18n import digits, t
from ...routes.table import answer
from ...service import Refused
from ...web import Lang, Service, error_page, render
from .examples import example_views
from .tutorial import BY_KEY, LESSONS, Lesson, lesson_view, links, solved_view, verdict

router = APIRouter()


class AllFoursMoveForm(PlyForm):
    """A move at the All Fours table: a decision's name or a card code (the engine parses it)."""

    move: Annotated[str, Field(min_length=1, max_length=8)]

    @property
    def parsed(self) -> Move:
        try:
            return Move.parse(self.move)
        except ValueError:
            raise Refused("garbage") from None


@router.post("/m/{match_id}/{secret}/allfours")
def play_move(
    request: Request,
    match_id: str,
    secret: str,
    form: Annotated[AllFoursMoveForm, Form()],
    service: Service,
    lang: Lang,
) -> Response:
    loaded = service.play(match_id, secret, form.ply, form.parsed)
    return answer(request, service, loaded, lang, unchanged="msg_already", computer_after=True)


@router.get("/rules/allfours")
def show_rules(request: Request, lang: Lang) -> Response:
    return render(request, "allfours/rules.html", lang, current="rules", examples=example_views(lang))


# --- the tutorial ------------------------------------------------------------------------------

LESSONS_KEY = "af_lessons"  # the session's list of solved lesson keys


def solved(request: Request) -> list[str]:
    return [k for k in request.session.get(LESSONS_KEY, []) if k in BY_KEY]


def lesson_named(request: Request, key: str, lang: str) -> Lesson | Response:
    lesson = BY_KEY.get(key)
    return lesson if lesson is not None else error_page(request, lang, "msg_no_lesson", 404)


@router.get("/learn/allfours")
def tutorial_index(request: Request, lang: Lang) -> Response:
    done = solved(request)
    items = links(done, lang)
    resume = next((item for item in items if not item.done), items[0])
    progress = t(lang, "tutorial_progress", done=digits(len(done), lang), total=digits(len(LESSONS), lang))
    return render(request, "allfours/learn.html", lang, items=items, resume=resume, progress=progress, current="learn")


@router.get("/learn/allfours/{key}")
def show_lesson(request: Request, key: str, lang: Lang) -> Response:
    lesson = lesson_named(request, key, lang)
    if isinstance(lesson, Response):
        return lesson
    lv = lesson_view(lesson, lang, solved(request))
    return render(request, "allfours/lesson.html", lang, address=lv.url, lv=lv, current="learn")


@router.post("/learn/allfours/{key}")
def play_lesson(request: Request, key: str, lang: Lang, move: Annotated[str, Form()] = "") -> Response:
    """The learner's move: praised with what the engine did, or answered with why it is wrong
    (200 for a legal move, 400 for one the engine refuses). Only the progress changes."""
    lesson = lesson_named(request, key, lang)
    if isinstance(lesson, Response):
        return lesson
    judged = verdict(lesson, move[:16], lang)
    done = solved(request)
    if not judged.right:
        lv = lesson_view(lesson, lang, done, message=judged.text)
    else:
        if lesson.key not in done:
            done = [*done, lesson.key]
            request.session[LESSONS_KEY] = done
        lv = solved_view(lesson, lang, done)
    return render(request, "allfours/lesson.html", lang, status=judged.status, address=lv.url, lv=lv, current="learn")
