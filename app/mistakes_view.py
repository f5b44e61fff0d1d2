"""What the pages of practised mistakes show: one mistake's position with the legal moves as the
table's own forms and, after an answer, whether it passed (with the reason) or what it gives
away; and the person's queue of unsolved mistakes (`/me/mistakes`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .common_views import CardView
from .i18n import digits, t
from .mistakes import Judged, Mistake
from .models import Match
from .review_view import MoveView, Words, move_view, points


@dataclass(frozen=True)
class Answer:
    """A legal move as a form: its fields (the table's names), its button's words, its cards."""

    move: str
    fields: list[tuple[str, str]]
    words: str
    cards: list[CardView]


@dataclass
class PracticeView:
    match_id: str
    ply: int
    number: str  # the move's number in the match, from 1, in the page's digits
    verdict: str  # the review's verdict on the move played
    verdict_words: str
    place: str  # "1 of 3": this mistake among the match's unsolved ones
    answers: list[Answer]
    post_url: str
    outcome: str = ""  # "", "passed", "refused" or "shown" (the pro's move asked for)
    outcome_words: str = ""
    reason: str = ""
    answered: MoveView | None = None
    best: MoveView | None = None
    again_url: str = ""
    show_url: str = ""
    next_url: str = ""  # the next unsolved mistake of the match, or "" when none is left
    review_url: str = ""
    queue_url: str = "/me/mistakes"


@dataclass(frozen=True)
class QueueItem:
    match_id: str
    ply: int
    game: str  # the game's name in the page's language
    number: str
    verdict: str
    verdict_words: str
    loss_words: str
    url: str


@dataclass
class QueueView:
    items: list[QueueItem] = field(default_factory=list)
    count: str = ""


def as_seen(rv: Any) -> Any:
    """A game's replay view of a position with every hand face down but the asking seat's (the
    replay shows them all; a practised or puzzle position shows what the seat saw)."""
    for seat in rv.seats:
        seat.shown = None
    return rv


def practice_url(page: str, ply: int) -> str:
    """The practice of the mistake at `ply` of the match whose table is `page`.

    >>> practice_url("/m/x/s", 12)
    '/m/x/s/mistakes?ply=12'
    """
    return f"{page}/mistakes?ply={ply}"


def practice_view(
    page: str,
    mistake: Mistake,
    unsolved: list[Mistake],
    answers: list[Answer],
    lang: str,
    words: Words,
    judged: Judged | None = None,
    shown: bool = False,
) -> PracticeView:
    """The page of `mistake` (`unsolved`: the match's, in order), after `judged` or with the
    pro's move `shown`."""
    plies = [m.ply for m in unsolved]
    at = plies.index(mistake.ply) if mistake.ply in plies else -1
    later = [p for p in plies if p != mistake.ply]
    following = [p for p in later if p > mistake.ply] or later
    view = PracticeView(
        match_id=mistake.match_id,
        ply=mistake.ply,
        number=digits(mistake.ply + 1, lang),
        verdict=mistake.verdict,
        verdict_words=t(lang, f"verdict_{mistake.verdict}"),
        place=t(lang, "mistake_place", n=digits(at + 1, lang), total=digits(len(plies), lang)) if at >= 0 else "",
        answers=answers,
        post_url=f"{page}/mistakes/{mistake.ply}",
        again_url=practice_url(page, mistake.ply),
        show_url=practice_url(page, mistake.ply) + "&show=1",
        next_url=practice_url(page, following[0]) if following else "",
        review_url=f"{page}/review",
    )
    reason = t(lang, f"reason_{mistake.reason}") if mistake.reason else ""
    if shown:
        view.outcome, view.outcome_words, view.reason = "shown", t(lang, "mistake_shown"), reason
        view.best = move_view(mistake.best, lang, words)
    elif judged is not None:
        view.answered = move_view(judged.move, lang, words)
        if judged.passed:
            view.outcome, view.outcome_words, view.reason = "passed", t(lang, "mistake_passed"), reason
        else:
            view.outcome = "refused"
            view.outcome_words = t(lang, "mistake_refused", n=points(judged.loss, lang))
    return view


def queue_view(rows: list[tuple[Match, Mistake, str]], titles: dict[str, str], lang: str) -> QueueView:
    """The person's unsolved mistakes, each with its match's table address (`rows`: the match,
    the mistake and that address)."""
    items = [
        QueueItem(
            match_id=mistake.match_id,
            ply=mistake.ply,
            game=titles.get(match.game, match.game),
            number=digits(mistake.ply + 1, lang),
            verdict=mistake.verdict,
            verdict_words=t(lang, f"verdict_{mistake.verdict}"),
            loss_words=t(lang, "review_loss", n=points(mistake.loss, lang)),
            url=practice_url(page, mistake.ply),
        )
        for match, mistake, page in rows
    ]
    return QueueView(items, t(lang, "mistakes_count", n=digits(len(items), lang)))
