"""The All Fours tutorial (/learn/allfours): lessons from `app/games/allfours/data/lessons.toml`, read
and checked when this module is imported (at start-up), the verdict on a learner's move, and the
lesson page's view.

A lesson is a position where seat 0 ("you") makes one move. The right move is praised and
followed by the engine's account of it (and of the moves `then` the engine makes after it, to
show what it led to); a legal wrong move gets the lesson's explanation; a move the engine
refuses gets the engine's reason (follow suit or trump, trump when trump is led). The page draws
the position from seat 0's observation only, as the table does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.allfours import IllegalMove, Move, Reason, observation

from ...common_views import CardView, card_view, seat_name, side_name
from ...datafile import entries, read_toml
from ...i18n import digits, t
from .data import Fields, Run, check_moves, run
from .examples import facts, move_words, suit_name
from .views import hand_order

LESSONS_FILE = Path(__file__).parent / "data" / "lessons.toml"  # in this game's own folder
TEXTS = ("title", "teach", "task", "praise", "wrong")
REFUSALS = {
    Reason.MUST_FOLLOW: "msg_must_follow",
    Reason.MUST_TRUMP: "msg_must_trump",
    Reason.NOT_YOUR_DECISION: "msg_not_your_decision",
}


@dataclass(frozen=True)
class Mistake:
    move: str
    then: tuple[str, ...]
    text: dict[str, str]
    claim: dict[str, Any]


@dataclass(frozen=True)
class Lesson:
    key: str
    position: str
    answers: tuple[str, ...]
    then: tuple[str, ...]
    text: dict[str, dict[str, str]]  # text[name][lang]
    claim: dict[str, Any]
    mistakes: tuple[Mistake, ...]

    @property
    def right(self) -> frozenset[Move]:
        return frozenset(Move.parse(m) for m in self.answers)

    def mistake(self, move: Move) -> Mistake | None:
        return next((m for m in self.mistakes if Move.parse(m.move) == move), None)


def load(path: Path = LESSONS_FILE) -> tuple[Lesson, ...]:
    """The lessons of `path`, each checked: its fields and texts in both languages, its position
    (seat 0 to move), its answers and mistakes (legal, and different), and the moves after them
    (the engine allows them). A bad file raises `DataError`."""
    data = read_toml(path)
    lessons, keys = [], set()
    for i, entry in enumerate(entries(data, "lesson", path), 1):
        where = f"{path.name}: lesson {i} ({entry.get('key', 'no key')!r})"
        f = Fields(entry, where, {"key", "position", "answers", "then", "claim", "mistake", *TEXTS})
        key = f.text("key")
        if key in keys or not key.replace("-", "").isalnum():
            f.fail(f"key {key!r} is used twice or is not letters, digits and dashes")
        keys.add(key)
        position = f.position()
        start = run(position, []).start
        if start.turn != 0 or start.finished:
            f.fail("position: seat 0 (the learner) must be to move")
        answers = f.moves("answers", required=True)
        then = f.moves("then")
        for answer in answers:
            check_moves(f, position, [answer, *then], "answers and then")
        mistakes = []
        raw = entry.get("mistake", [])
        if not isinstance(raw, list):
            f.fail("mistake must be [[lesson.mistake]] tables")
        for j, m in enumerate(raw, 1):
            mf = Fields(m, f"{where}: mistake {j}", {"move", "then", "text", "claim"})
            move = mf.text("move")
            mistake_then = mf.moves("then")
            check_moves(mf, position, [move, *mistake_then], "move and then")
            if Move.parse(move) in {Move.parse(a) for a in answers}:
                mf.fail(f"move {move!r} is one of the answers")
            mistakes.append(Mistake(move, mistake_then, mf.texts("text"), mf.claims()))
        texts = {name: f.texts(name) for name in TEXTS}
        lessons.append(Lesson(key, position, answers, then, texts, f.claims(), tuple(mistakes)))
    return tuple(lessons)


LESSONS = load()
BY_KEY = {lesson.key: lesson for lesson in LESSONS}


def answer_run(lesson: Lesson) -> Run:
    return run(lesson.position, [lesson.answers[0], *lesson.then])


def mistake_run(lesson: Lesson, mistake: Mistake) -> Run:
    return run(lesson.position, [mistake.move, *mistake.then])


# --- the verdict -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    right: bool
    text: str
    status: int  # 200, or 400 for a move the engine refuses


def verdict(lesson: Lesson, text: str, lang: str) -> Verdict:
    """What the tutorial says to the move `text` (the form's value)."""
    try:
        move = Move.parse(text)
    except IllegalMove:
        return Verdict(False, t(lang, "msg_garbage"), 400)
    if move in lesson.right:
        return Verdict(True, lesson.text["praise"][lang], 200)
    try:
        run(lesson.position, []).start.apply(move)
    except IllegalMove as error:
        return Verdict(False, t(lang, REFUSALS.get(error.reason, "msg_garbage")), 400)
    mistake = lesson.mistake(move)
    return Verdict(False, mistake.text[lang] if mistake else lesson.text["wrong"][lang], 200)


# --- the page ----------------------------------------------------------------------------------


@dataclass
class AfLessonLink:
    number: str
    title: str
    url: str
    done: bool
    current: bool


@dataclass
class AfOpponent:
    name: str
    backs: list[int]
    count: str


@dataclass
class AfPlayedCard:
    who: str
    card: CardView


@dataclass
class AfLessonView:
    key: str
    url: str
    heading: str
    title: str
    teach: str
    task: str
    links: list[AfLessonLink]
    trump: str
    turnup: list[CardView]
    opponents: list[AfOpponent]
    trick: list[AfPlayedCard]
    score: str
    hand: list[CardView]
    cards_playable: bool
    decisions: list[tuple[str, str]]
    message: str | None = None
    solved: bool = False
    praise: str = ""
    facts: list[str] = field(default_factory=list)
    next_url: str | None = None


def url_of(lesson: Lesson) -> str:
    return f"/learn/allfours/{lesson.key}"


def links(done: list[str], lang: str, current: str = "") -> list[AfLessonLink]:
    return [
        AfLessonLink(
            digits(i + 1, lang), lesson.text["title"][lang], url_of(lesson), lesson.key in done, lesson.key == current
        )
        for i, lesson in enumerate(LESSONS)
    ]


def lesson_view(lesson: Lesson, lang: str, done: list[str], message: str | None = None) -> AfLessonView:
    """The lesson's position as seat 0 sees it (`observation`), asking for the move."""
    start = run(lesson.position, []).start
    view = observation(start, 0)
    rules, players = view.rules, view.rules.players
    index = LESSONS.index(lesson)
    legal = set(view.legal_moves)
    cards_playable = view.phase == "play"
    hand = []
    for card in hand_order(view.hand, view.is_trump):
        cv = card_view(card, lang)
        if cards_playable and Move(card=card) not in legal:
            cv.disabled, cv.label = True, f"{cv.label} ({t(lang, 'af_cannot_play')})"
        hand.append(cv)
    return AfLessonView(
        key=lesson.key,
        url=url_of(lesson),
        heading=t(lang, "lesson_of", n=digits(index + 1, lang), total=digits(len(LESSONS), lang)),
        title=lesson.text["title"][lang],
        teach=lesson.text["teach"][lang],
        task=lesson.text["task"][lang],
        links=links(done, lang, lesson.key),
        trump=suit_name(view.trump, lang),
        turnup=[card_view(c, lang, selected=i == len(view.turned) - 1) for i, c in enumerate(view.turned)],
        opponents=[
            AfOpponent(seat_name(s, players, lang), list(range(view.hand_counts[s])), digits(view.hand_counts[s], lang))
            for s in range(1, players)
        ],
        trick=[
            AfPlayedCard(seat_name((view.leader + i) % players, players, lang), card_view(c, lang))
            for i, c in enumerate(view.trick)
        ],
        score=" – ".join(f"{side_name(s, rules, lang)} {digits(n, lang)}" for s, n in enumerate(view.totals)),
        hand=hand,
        cards_playable=cards_playable,
        decisions=[(str(m), move_words(m, lang)) for m in view.legal_moves if m.card is None],
        message=message,
    )


def solved_view(lesson: Lesson, lang: str, done: list[str]) -> AfLessonView:
    """The lesson after its right move: the praise and what the engine did."""
    lv = lesson_view(lesson, lang, done)
    lv.solved, lv.praise = True, lesson.text["praise"][lang]
    lv.facts = facts(answer_run(lesson), lang)
    index = LESSONS.index(lesson)
    lv.next_url = url_of(LESSONS[index + 1]) if index + 1 < len(LESSONS) else None
    return lv
