"""The step-by-step tutorial (آموزش گام‌به‌گام): prepared positions, one idea and one move each.

A lesson gives the learner (seat 0, to play) a hand and a table, explains one rule, and asks for
one move. The lessons are data, in app/games/chaharbargh/data/lessons.toml, read and checked at start-up
(`load_lessons`). It states its position as one line of position text (`chaharbargh-position/1`, see
docs/engine.md) and `engine.from_text(lesson.position)` reads it, so the legal moves, the dimmed
cards and what a move does all come from the engine. Outside the last deal the stock holds one
more deal, so that a sur scores as it would there; in the last deal it is empty. `verdict`
judges a move: the answers are right; every other legal move has its own explanation in
`LessonText.wrong`; a move the engine refuses (a forged request) is explained from
`IllegalMove.reason`.

>>> first = lesson("sum-eleven")
>>> [str(m) for m in from_text(first.position).legal_moves()]
['7H+4D']
>>> verdict(first, Move.parse("7H+4D"), "en").right
True
>>> verdict(first, Move.parse("7H+9S"), "en").text
'7 + 9 = 16, not 11.'

Each lesson carries `claim`: what its text says happens when the answer is played.
tests/app/test_tutorial_lessons.py applies the answer with the engine and checks every claim
(keys optional, card lists compared as sets):
  takes         cards the answer captures        after      the table right after the move
                                                            (before a round's leftover is taken)
  sur           the answer is a sur (R8)         scored     that sur counts for points
  leftover      (seat, cards) taking the table at the round's end, or None
  round_over    the answer ended the round       totals     round totals per side (the score sheet)
  clubs_to      side with the clubs bonus, or None
  dimmed        hand cards with no legal move (forced capture dims them)
  legal_count   how many legal moves the position has
  other         {move text: {claims}}: the same claims for a non-answer move, where the lesson
                talks about it (e.g. the jack's sweep is no sur)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ConfigDict

from engine import Card, CardError, IllegalMove, Move, Reason, from_text

from ...datafile import DataError, load
from ...i18n import LANGS, addends, card_name, card_names, digits, t


@dataclass(frozen=True)
class LessonText:
    __pydantic_config__ = ConfigDict(extra="forbid")  # a misspelt field in the data file is an error

    title: str
    teach: str  # the explanation above the position, 1-3 short sentences
    task: str  # what the learner must find
    praise: str  # after the right move: what happened, what stays on the table
    # move text (str(Move)) or a card code (every move of that card) -> why it is wrong
    wrong: dict[str, str] = field(default_factory=dict)
    dimmed: str = ""  # why the dimmed cards are dimmed


@dataclass(frozen=True)
class Lesson:
    __pydantic_config__ = ConfigDict(extra="forbid")

    key: str
    position: str  # the position as one line of `chaharbargh-position/1` text, seat 0 to play
    answers: tuple[str, ...]
    text: dict[str, LessonText]
    claim: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Verdict:
    right: bool
    text: str  # the praise when right, else why the move is wrong


DATA = Path(__file__).parent / "data"  # this game's own data files


def load_lessons(path: Path = DATA / "lessons.toml") -> tuple[Lesson, ...]:
    """The lessons of `path` (app/games/chaharbargh/data/lessons.toml), checked: every field's type, both
    languages' words, a position the engine reads with seat 0 to play, answers that are legal
    moves of it and claim keys this module knows. `DataError` names the lesson and the field."""
    lessons = load(path, "lesson", Lesson)
    for les in lessons:
        where = f"{path.name}: lesson {les.key!r}"
        if set(les.text) != set(LANGS):
            raise DataError(f"{where}: text must be given in {', '.join(LANGS)}")
        if set(les.claim) - CLAIMS:
            raise DataError(f"{where}: unknown claim(s) {', '.join(sorted(set(les.claim) - CLAIMS))}")
        try:
            state = from_text(les.position)
            answers = [Move.parse(answer) for answer in les.answers]
        except ValueError as error:
            raise DataError(f"{where}: {error}") from None
        if state.turn != 0 or not answers or not all(answer in state.legal_moves() for answer in answers):
            raise DataError(f"{where}: seat 0 must be to play and every answer a legal move of the position")
    if len({les.key for les in lessons}) != len(lessons):
        raise DataError(f"{path.name}: two lessons share a key")
    return lessons


# The claims a lesson may make (see the module's docstring).
CLAIMS = {"takes", "after", "sur", "scored", "leftover", "round_over", "totals", "clubs_to", "dimmed"}
CLAIMS |= {"legal_count", "other"}
LESSONS = load_lessons()

_BY_KEY = {lesson.key: lesson for lesson in LESSONS}


def lesson(key: str) -> Lesson:
    """The lesson with this key; `KeyError` if there is none."""
    return _BY_KEY[key]


def verdict(lesson: Lesson, move: Move, lang: str) -> Verdict:
    """Right or wrong, with the praise or the reason; never raises for a move the engine refuses."""
    lang = _lang(lang)
    text = lesson.text[lang]
    if not isinstance(move, Move):  # a forged request that is not even a move
        return Verdict(False, message(lang, "other"))
    if str(move) in lesson.answers:
        return Verdict(True, text.praise)
    state = from_text(lesson.position)
    try:
        state.apply(move)
    except IllegalMove as refused:
        return Verdict(False, _illegal(lesson, refused, move, lang))
    found = text.wrong.get(str(move)) or text.wrong.get(str(move.card))
    return Verdict(False, found or message(lang, "legal"))


def why_dimmed(lesson: Lesson, card: str, lang: str) -> str:
    """Why a card of the hand is dimmed: the lesson's own words, else the forced-capture rule."""
    lang = _lang(lang)
    own = lesson.text[lang].dimmed
    if own:
        return own
    try:
        name = card_name(str(Card.parse(card)), lang)
    except CardError:
        return message(lang, "dimmed_any")
    return message(lang, "dimmed", card=name)


# Explaining moves the engine refuses --------------------------------------------------------


def _lang(lang: str) -> str:
    return lang if lang in LANGS else "fa"


def message(lang: str, key: str, **values: object) -> str:
    """The tutorial's own message `key` (catalog key `tut_<key>`), with {name} fields filled in."""
    return t(lang, f"tut_{key}", **values)


def _illegal(lesson: Lesson, refused: IllegalMove, move: Move, lang: str) -> str:
    """The engine's reason for refusing a forged move, in the lesson's words."""
    reason = refused.reason
    if reason == Reason.MUST_CAPTURE:
        return why_dimmed(lesson, str(move.card), lang)
    if reason in (Reason.CARD_MUST_CAPTURE, Reason.NOT_IN_HAND):
        return message(lang, reason, card=card_name(str(move.card), lang))
    if reason == Reason.NOT_ON_TABLE:
        return message(lang, "not_on_table", cards=card_names(refused.cards, lang))
    if reason == Reason.WRONG_SUM:  # the card's value first, then the chosen cards', largest first
        values = [move.card, *sorted(move.takes, key=lambda c: c.id, reverse=True)]
        expr = " + ".join(addends(values, lang))
        return message(lang, "sum", expr=expr, total=digits(refused.total, lang))
    key = {
        Reason.JACK_SWEEP: "jack",
        Reason.KING_TAKES_KING: "king",
        Reason.QUEEN_TAKES_QUEEN: "queen",
        Reason.FACE_IN_SUM: "faces",
        Reason.BAD_SET: "bad_set",
    }.get(reason, "other")
    return message(lang, key)
