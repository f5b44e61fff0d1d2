"""The step-by-step tutorial at /learn: the lesson list, each lesson, and starting again.

A lesson's move form posts to the lesson. A right move is praised with what the engine did
and opens the next lesson; a wrong one is explained in the lesson's words (200 for a legal
move, 400 for one the engine refuses, which only a forged request can send); neither changes
anything else. Progress is the list of solved lesson keys in the browser's signed session
cookie, so the tutorial resumes where the learner left it, with no account; lessons open in
order, and a later one redirects to the first unsolved.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, HTTPException, Query, Request
from fastapi.responses import RedirectResponse, Response

from engine import from_text, observation

from ..forms import LessonMoveForm, SelectionQuery
from ..games.chaharbargh.tutorial import LESSONS, Lesson, verdict, why_dimmed
from ..games.chaharbargh.tutorial import lesson as lesson_named
from ..games.chaharbargh.tutorial_page import LessonView, links, open_until, position_view, solved_view
from ..games.chaharbargh.views import Selection, select
from ..i18n import digits, t
from ..service import Refused
from ..web import Lang, error_page, render

router = APIRouter()
SESSION_KEY = "lessons"  # the keys of the solved lessons
KEYS = frozenset(lesson.key for lesson in LESSONS)


def solved(request: Request) -> list[str]:
    return [k for k in request.session.get(SESSION_KEY, []) if k in KEYS]


def open_lesson(key: str, done: list[str]) -> Lesson | Response:
    """The lesson, or the answer instead of it: a redirect to the first unsolved lesson for one
    that is not open yet. No such lesson is refused (404)."""
    try:
        lesson = lesson_named(key)
    except KeyError:
        raise Refused("no_lesson", 404) from None
    if LESSONS.index(lesson) > open_until(done):
        return RedirectResponse(f"/learn/{LESSONS[open_until(done)].key}", status_code=303)
    return lesson


def render_lesson(request: Request, lv: LessonView, lang: str, status: int = 200) -> Response:
    return render(request, "chaharbargh/lesson.html", lang, status=status, address=lv.url, lv=lv, current="learn")


def asking(request: Request, lesson: Lesson, lang: str, message: str, status: int) -> Response:
    """The lesson's position again, with why the last move or tap was wrong."""
    lv = position_view(lesson, from_text(lesson.position), Selection(), lang, solved(request))
    lv.message = message
    return render_lesson(request, lv, lang, status)


def refused_lesson(request: Request, key: str, lang: str, message_key: str, status: int) -> Response:
    """A refused request about a lesson (a garbage form or selection): the lesson with the reason."""
    try:
        lesson = open_lesson(key, solved(request))
    except Refused as refused:  # no such lesson
        return error_page(request, lang, f"msg_{refused.reason}", refused.status)
    if isinstance(lesson, Response):
        return lesson
    return asking(request, lesson, lang, t(lang, message_key), status)


@router.get("/learn")
def tutorial_index(request: Request, lang: Lang) -> Response:
    done = solved(request)
    items = links(done, lang)
    finished = len(done) == len(LESSONS)
    label = "tutorial_review" if finished else "tutorial_continue" if done else "tutorial_start"
    return render(
        request,
        "chaharbargh/learn.html",
        lang,
        items=items,
        resume=items[0] if finished else items[open_until(done)],
        resume_label=t(lang, label),
        progress=t(lang, "tutorial_progress", done=digits(len(done), lang), total=digits(len(LESSONS), lang)),
        current="learn",
    )


@router.post("/learn/restart")
def restart_tutorial(request: Request) -> Response:
    request.session[SESSION_KEY] = []
    return RedirectResponse("/learn", status_code=303)


@router.get("/learn/restart", include_in_schema=False)
def restart_tutorial_address() -> Response:
    """Starting the tutorial again is a form (POST). Without this route a GET would be taken for
    a lesson named "restart" and answer 404; it is 405, saying what is allowed."""
    raise HTTPException(405, headers={"Allow": "POST"})


@router.get("/learn/{key}")
def show_lesson(request: Request, key: str, lang: Lang, q: Annotated[SelectionQuery, Query()]) -> Response:
    done = solved(request)
    lesson = open_lesson(key, done)
    if isinstance(lesson, Response):
        return lesson
    state = from_text(lesson.position)
    sel = select(observation(state, 0), q.card, q.take, q.select, q.toggle)
    lv = position_view(lesson, state, sel, lang, done)
    if sel.message == "msg_disabled_card":  # a dimmed card: say why, in this lesson's words
        lv.message = why_dimmed(lesson, q.select or "", lang)
    return render_lesson(request, lv, lang)


@router.post("/learn/{key}")
def play_lesson(request: Request, key: str, form: Annotated[LessonMoveForm, Form()], lang: Lang) -> Response:
    """The learner's move: praised and recorded, or refused with the reason. Either way nothing else changes."""
    done = solved(request)
    lesson = open_lesson(key, done)
    if isinstance(lesson, Response):
        return lesson
    judged = verdict(lesson, form.move, lang)
    if not judged.right:
        legal = form.move in from_text(lesson.position).legal_moves()
        return asking(request, lesson, lang, judged.text, 200 if legal else 400)
    if lesson.key not in done:
        request.session[SESSION_KEY] = [*done, lesson.key]
    return render_lesson(request, solved_view(lesson, form.move, lang, solved(request)), lang)
