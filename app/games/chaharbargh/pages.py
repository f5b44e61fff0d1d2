"""Chaharbargh's own pages, served by the generic routes (app/routes/learn.py, rules.py): the
step-by-step tutorial and the rules explorer.

A lesson's move form posts the card and the cards it takes. A right move is praised with what
the engine did and opens the next lesson; a wrong one is explained in the lesson's words (200
for a legal move, 400 for one the engine refuses, which only a forged request can send); neither
changes anything else. Progress is the list of solved lesson keys in the browser's signed
session cookie, so the tutorial resumes where the learner left it, with no account; lessons open
in order, and a later one redirects to the first unsolved.
"""

from __future__ import annotations

from collections.abc import Mapping

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import RedirectResponse, Response
from pydantic import ValidationError

from engine import from_text, observation

from ...forms import LessonMoveForm, SelectionQuery
from ...i18n import digits, rt, t
from ...refusals import Refused
from ...web import error_page, render
from .board import Selection, select
from .rules_page import rules_page
from .tutorial import LESSONS, Lesson, verdict, why_dimmed
from .tutorial import lesson as lesson_named
from .tutorial_page import LessonView, links, open_until, position_view, solved_view

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


class ChaharbarghTutorial:
    """The tutorial at /learn (its lessons at /learn/{key}): the site's first game's."""

    def index(self, request: Request, lang: str) -> Response:
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

    def restart(self, request: Request) -> Response:
        request.session[SESSION_KEY] = []
        return RedirectResponse("/learn", status_code=303)

    def lesson(self, request: Request, key: str, lang: str, q: SelectionQuery) -> Response:
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

    def answer(self, request: Request, key: str, lang: str, form: Mapping[str, list[str]]) -> Response:
        """The learner's move (`card` and the `take`n cards): praised and recorded, or refused
        with the reason. Either way nothing else changes."""
        try:
            move = LessonMoveForm.model_validate({"card": next(iter(form.get("card", [])), None),
                                                  "take": form.get("take", [])}).move  # fmt: skip
        except ValidationError as invalid:  # answered like FastAPI's own form models' refusals
            raise RequestValidationError(invalid.errors()) from None
        done = solved(request)
        lesson = open_lesson(key, done)
        if isinstance(lesson, Response):
            return lesson
        judged = verdict(lesson, move, lang)
        if not judged.right:
            legal = move in from_text(lesson.position).legal_moves()
            return asking(request, lesson, lang, judged.text, 200 if legal else 400)
        if lesson.key not in done:
            request.session[SESSION_KEY] = [*done, lesson.key]
        return render_lesson(request, solved_view(lesson, move, lang, solved(request)), lang)

    def refused(self, request: Request, key: str, lang: str, message_key: str, status: int) -> Response:
        """A refused request about a lesson (a garbage form or selection): the lesson with the reason."""
        try:
            lesson = open_lesson(key, solved(request))
        except Refused as refused:  # no such lesson
            return error_page(request, lang, f"msg_{refused.reason}", refused.status)
        if isinstance(lesson, Response):
            return lesson
        return asking(request, lesson, lang, t(lang, message_key), status)


def show_rules(request: Request, lang: str) -> Response:
    """The rules explorer (its view models are in rules_page.py)."""
    return render(
        request,
        "chaharbargh/rules.html",
        lang,
        page=rules_page(lang),
        faq_title=rt(lang, "faq_title"),
        tips_title=rt(lang, "tips_title"),
        toc_title=rt(lang, "toc"),
        play=rt(lang, "play"),
        empty=rt(lang, "empty"),
        example_label=rt(lang, "example"),
        score_heads=[rt(lang, "score_item"), rt(lang, "score_points")],
        sheet_title=rt(lang, "sheet_round"),
        total_label=t(lang, "line_total"),
        current="rules",
    )
