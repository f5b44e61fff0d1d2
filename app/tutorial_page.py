"""The step-by-step tutorial at /learn: one prepared position per lesson, judged by the engine.

A lesson page shows the position of `app.tutorial` as the table shows a match (the same
selection, dimming and sums, from `engine.observation`), and its move form posts to the
lesson. A right move shows what the engine did with it (what was taken, what stays, a sur, the
round's score sheet) and opens the next lesson; a wrong one is refused with the lesson's
explanation. Progress is the list of solved lessons in the browser's signed session cookie
(lesson keys only), so the tutorial resumes where the learner left it, with no account.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2_fragments import render_block

from engine import MatchState, Move, from_text, observation

from .i18n import card_name, card_names, digits, noun, t
from .routes import _context, _finish, is_htmx, lang_of, read_form, render_error, templates
from .service import Refused, parse_move
from .tutorial import LESSONS, Lesson, verdict, why_dimmed
from .views import Board, CardView, Selection, Sheet, board, card_view, select, sheet

router = APIRouter()
SESSION_KEY = "lessons"  # the keys of the solved lessons


def solved(request: Request) -> list[str]:
    keys = {lesson.key for lesson in LESSONS}
    return [k for k in request.session.get(SESSION_KEY, []) if k in keys]


def open_until(done: list[str]) -> int:
    """Index of the first unsolved lesson: every lesson up to it is open (the last one when all are solved)."""
    for i, lesson in enumerate(LESSONS):
        if lesson.key not in done:
            return i
    return len(LESSONS) - 1


@dataclass
class LessonLink:
    number: str
    title: str
    url: str
    done: bool
    open: bool
    spoken: str  # "lesson 3: the jack sweeps (passed)"
    current: bool = False


@dataclass
class LessonView:
    key: str
    heading: str  # "lesson 3 of 12"
    title: str
    teach: str
    task: str
    url: str
    board: Board
    opponent_backs: list[int]
    opponent_count: str
    opponent_noun: str
    stock_count: str
    links: list[LessonLink]
    selected: str | None = None
    takes: list[str] = field(default_factory=list)
    message: str | None = None  # why the last move or tap was wrong
    solved: bool = False  # the right move was just played
    praise: str = ""
    played: list[CardView] = field(default_factory=list)  # the card played and what it took
    after: list[CardView] = field(default_factory=list)  # the table right after the move
    after_label: str = ""
    facts: list[str] = field(default_factory=list)  # what the engine says happened
    sheet: Sheet | None = None
    names: list[str] = field(default_factory=list)  # the sheet's columns
    next_url: str | None = None


def links(done: list[str], lang: str, current: str = "") -> list[LessonLink]:
    last_open = open_until(done)
    return [
        LessonLink(
            digits(i + 1, lang),
            lesson.text[lang].title,
            f"/learn/{lesson.key}",
            lesson.key in done,
            i <= last_open,
            _spoken(i, lesson, lesson.key in done, i <= last_open, lang),
            lesson.key == current,
        )
        for i, lesson in enumerate(LESSONS)
    ]


def _spoken(index: int, lesson: Lesson, done: bool, is_open: bool, lang: str) -> str:
    state = t(lang, "lesson_done") if done else "" if is_open else t(lang, "lesson_locked")
    name = t(lang, "lesson_of", n=digits(index + 1, lang), total=digits(len(LESSONS), lang))
    return f"{name}: {lesson.text[lang].title}" + (f" ({state})" if state else "")


def _position(lesson: Lesson, state: MatchState, sel: Selection, lang: str, done: list[str]) -> LessonView:
    view = observation(state, 0)
    text = lesson.text[lang]
    index = LESSONS.index(lesson)
    return LessonView(
        key=lesson.key,
        heading=t(lang, "lesson_of", n=digits(index + 1, lang), total=digits(len(LESSONS), lang)),
        title=text.title,
        teach=text.teach,
        task=text.task,
        url=f"/learn/{lesson.key}",
        board=board(view, sel, lang, my_turn=True),
        opponent_backs=list(range(view.hand_counts[1])),
        opponent_count=digits(view.hand_counts[1], lang),
        opponent_noun=noun("cards_in_hand", view.hand_counts[1], lang),
        stock_count=digits(view.stock_count, lang),
        links=links(done, lang, lesson.key),
        selected=str(sel.card) if sel.card else None,
        takes=[str(c) for c in sorted(sel.takes)],
    )


def solved_view(lesson: Lesson, move: Move, lang: str, done: list[str]) -> LessonView:
    """The lesson after its right move: the engine's account of what the move did."""
    state = from_text(lesson.position)
    after = state.apply(move)
    outcome = after.last
    assert outcome is not None
    lv = _position(lesson, state, Selection(), lang, done)
    lv.board = Board([], [], None, "", "")
    lv.solved, lv.praise = True, lesson.text[lang].praise
    lv.after_label = t(lang, "table_after")
    lv.played = [card_view(c, lang) for c in (move.card, *sorted(move.takes))]
    ended = outcome.round_over
    table_after = list(outcome.table)  # the engine's, before a round end takes the leftover
    lv.after = [card_view(c, lang) for c in table_after]
    facts = []
    name = card_name(str(move.card), lang)
    if move.takes:
        facts.append(t(lang, "fact_took", card=name, cards=card_names(sorted(move.takes), lang)))
    else:
        facts.append(t(lang, "fact_placed", card=name))
    if outcome.sur:
        facts.append(t(lang, "fact_sur_scored" if outcome.sur_scored else "fact_sur_unscored"))
    elif not table_after and move.takes:
        facts.append(t(lang, "fact_cleared_no_sur"))
    if ended is not None:
        if ended.leftover is not None and ended.leftover.cards:
            who = t(lang, "seat_you") if ended.leftover.seat == 0 else t(lang, "the_computer")
            facts.append(t(lang, "fact_leftover", who=who, cards=card_names(ended.leftover.cards, lang)))
        lv.sheet = sheet(observation(after, 0), lang)  # the engine's piles hold the cards taken before too
        lv.after_label = t(lang, "table_at_end")
        lv.names = [t(lang, "you"), t(lang, "opponent")]
    lv.facts = facts
    index = LESSONS.index(lesson)
    lv.next_url = f"/learn/{LESSONS[index + 1].key}" if index + 1 < len(LESSONS) else None
    return lv


def render_lesson(request: Request, lv: LessonView, lang: str, status: int = 200) -> Response:
    ctx = _context(lang, lv=lv, lang_url=lv.url + "?lang=" + ("en" if lang == "fa" else "fa"), current="learn")
    if is_htmx(request):
        response: Response = HTMLResponse(render_block(templates.env, "lesson.html", "lesson", ctx), status)
    else:
        response = templates.TemplateResponse(request, "lesson.html", ctx, status_code=status)
    return _finish(request, response, lang)


def _open_lesson(request: Request, key: str, lang: str, done: list[str]) -> Lesson | Response:
    """The lesson, or the answer instead of it: 404 for no such lesson, a redirect to the first
    unsolved lesson for one that is not open yet."""
    lesson = next((lesson for lesson in LESSONS if lesson.key == key), None)
    if lesson is None:
        return render_error(request, lang, "msg_no_lesson", 404)
    if LESSONS.index(lesson) > open_until(done):
        return RedirectResponse(f"/learn/{LESSONS[open_until(done)].key}", status_code=303)
    return lesson


@router.get("/learn", response_class=HTMLResponse)
def tutorial_index(request: Request) -> Response:
    lang = lang_of(request)
    done = solved(request)
    items = links(done, lang)
    finished = len(done) == len(LESSONS)
    label = "tutorial_review" if finished else "tutorial_continue" if done else "tutorial_start"
    ctx = _context(
        lang,
        items=items,
        resume=items[0] if finished else items[open_until(done)],
        resume_label=t(lang, label),
        progress=t(lang, "tutorial_progress", done=digits(len(done), lang), total=digits(len(LESSONS), lang)),
        lang_url="/learn?lang=" + ("en" if lang == "fa" else "fa"),
        current="learn",
    )
    return _finish(request, templates.TemplateResponse(request, "learn.html", ctx), lang)


@router.post("/learn/restart")
def restart_tutorial(request: Request) -> Response:
    request.session[SESSION_KEY] = []
    return RedirectResponse("/learn", status_code=303)


@router.get("/learn/{key}", response_class=HTMLResponse)
def show_lesson(request: Request, key: str) -> Response:
    lang = lang_of(request)
    done = solved(request)
    lesson = _open_lesson(request, key, lang, done)
    if isinstance(lesson, Response):
        return lesson
    state = from_text(lesson.position)
    q = request.query_params
    try:
        sel = select(observation(state, 0), q.get("card"), q.getlist("take"), q.get("select"), q.get("toggle"))
    except Refused as refused:
        lv = _position(lesson, state, Selection(), lang, done)
        lv.message = t(lang, f"msg_{refused.reason}")
        return render_lesson(request, lv, lang, refused.status)
    lv = _position(lesson, state, sel, lang, done)
    if sel.message == "msg_disabled_card":  # a dimmed card: say why, in this lesson's words
        lv.message = why_dimmed(lesson, q.get("select") or "", lang)
    return render_lesson(request, lv, lang)


@router.post("/learn/{key}", response_class=HTMLResponse)
async def play_lesson(request: Request, key: str) -> Response:
    """The learner's move: praised and recorded, or refused with the reason. Either way nothing else changes."""
    lang = lang_of(request)
    done = solved(request)
    lesson = _open_lesson(request, key, lang, done)
    if isinstance(lesson, Response):
        return lesson
    form = await read_form(request)
    state = from_text(lesson.position)
    try:
        card = form.get("card") if form is not None else None
        if not isinstance(card, str):
            raise Refused("garbage")
        move = parse_move(card, [str(x) for x in form.getlist("take")] if form is not None else [])
    except Refused as refused:
        lv = _position(lesson, state, Selection(), lang, done)
        lv.message = t(lang, f"msg_{refused.reason}")
        return render_lesson(request, lv, lang, refused.status)
    judged = verdict(lesson, move, lang)
    if not judged.right:
        lv = _position(lesson, state, Selection(), lang, done)
        lv.message = judged.text
        legal = move in state.legal_moves()
        return render_lesson(request, lv, lang, 200 if legal else 400)
    if lesson.key not in done:
        request.session[SESSION_KEY] = [*done, lesson.key]
    return render_lesson(request, solved_view(lesson, move, lang, solved(request)), lang)
