"""All Fours' own pages, served by the generic routes (app/routes/learn.py, rules.py): its rules
page with the engine-checked examples, and its tutorial.

The tutorial is at `/learn/allfours` (its lessons at `/learn/allfours/{key}`). A lesson's form
posts `move` (the engine's move text: `stand`, `beg`, `one`, `run` or a card code); the answer
is the lesson again with the verdict (app/games/allfours/tutorial.py). Progress is the list of
solved lesson keys in the signed session cookie (`af_lessons`); every lesson is open.
"""

from __future__ import annotations

from collections.abc import Mapping

from fastapi import Request
from fastapi.responses import RedirectResponse, Response

from ...forms import SelectionQuery
from ...i18n import digits, t
from ...web import error_page, render
from .examples import example_views
from .tutorial import BY_KEY, LESSONS, Lesson, lesson_view, links, solved_view, verdict

LESSONS_KEY = "af_lessons"  # the session's list of solved lesson keys


def show_rules(request: Request, lang: str) -> Response:
    return render(request, "allfours/rules.html", lang, current="rules", examples=example_views(lang))


def solved(request: Request) -> list[str]:
    return [k for k in request.session.get(LESSONS_KEY, []) if k in BY_KEY]


def lesson_named(request: Request, key: str, lang: str) -> Lesson | Response:
    lesson = BY_KEY.get(key)
    return lesson if lesson is not None else error_page(request, lang, "msg_no_lesson", 404)


class AllFoursTutorial:
    """All Fours' tutorial at /learn/allfours."""

    def index(self, request: Request, lang: str) -> Response:
        done = solved(request)
        items = links(done, lang)
        resume = next((item for item in items if not item.done), items[0])
        progress = t(lang, "tutorial_progress", done=digits(len(done), lang), total=digits(len(LESSONS), lang))
        return render(
            request, "allfours/learn.html", lang, items=items, resume=resume, progress=progress, current="learn"
        )

    def restart(self, request: Request) -> Response:
        request.session[LESSONS_KEY] = []
        return RedirectResponse("/learn/allfours", status_code=303)

    def lesson(self, request: Request, key: str, lang: str, q: SelectionQuery) -> Response:
        lesson = lesson_named(request, key, lang)
        if isinstance(lesson, Response):
            return lesson
        lv = lesson_view(lesson, lang, solved(request))
        return render(request, "allfours/lesson.html", lang, address=lv.url, lv=lv, current="learn")

    def answer(self, request: Request, key: str, lang: str, form: Mapping[str, list[str]]) -> Response:
        """The learner's `move`: praised with what the engine did, or answered with why it is
        wrong (200 for a legal move, 400 for one the engine refuses). Only the progress changes."""
        lesson = lesson_named(request, key, lang)
        if isinstance(lesson, Response):
            return lesson
        move = next(iter(form.get("move", [])), "")
        judged = verdict(lesson, move[:16], lang)
        done = solved(request)
        if not judged.right:
            lv = lesson_view(lesson, lang, done, message=judged.text)
        else:
            if lesson.key not in done:
                done = [*done, lesson.key]
                request.session[LESSONS_KEY] = done
            lv = solved_view(lesson, lang, done)
        return render(
            request, "allfours/lesson.html", lang, status=judged.status, address=lv.url, lv=lv, current="learn"
        )

    def refused(self, request: Request, key: str, lang: str, message_key: str, status: int) -> Response:
        lesson = lesson_named(request, key, lang)
        if isinstance(lesson, Response):
            return lesson
        lv = lesson_view(lesson, lang, solved(request), message=t(lang, message_key))
        return render(request, "allfours/lesson.html", lang, status=status, address=lv.url, lv=lv, current="learn")
