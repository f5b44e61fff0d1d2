"""The tutorial's view models (drawn by pages.py, served by app/routes/learn.py): a lesson's position as
the table shows a match, and after the right move, what the engine did with it.

A lesson page shows the position of `app.games.chaharbargh.tutorial` with the same selection, dimming and sums
as the table (`board.board`, from `engine.chaharbargh.observation`). A right move shows what the engine did
(what was taken, what stays, a sur, the round's score sheet); `done` is the list of the
learner's solved lessons, which opens the next one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import MatchState, Move, from_text, observation

from ...common_views import CardView, card_view
from ...i18n import card_name, card_names, digits, noun, t
from .board import Board, Selection, board
from .scores import Sheet, sheet
from .tutorial import LESSONS, Lesson


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


def position_view(lesson: Lesson, state: MatchState, sel: Selection, lang: str, done: list[str]) -> LessonView:
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
    lv = position_view(lesson, state, Selection(), lang, done)
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
