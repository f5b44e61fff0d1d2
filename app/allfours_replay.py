"""The replay of a finished All Fours match, move by move (`GET /m/{id}/{secret}/replay?ply=N`).

The route (app/routes/play.py, then `allfours.replay_response`) serves it only once the match is
over, when its record (with the seed, hence every card of every deal) is already the player's:
so every seat's hand is shown, read from the state the engine replayed. What was scored comes
from the engine's score lines, as on the table's round sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.allfours import MatchState

from .allfours_examples import line_words, move_words, suit_name
from .allfours_views import cut_words, hand_order
from .i18n import digits, t
from .service import Loaded
from .views import CardView, card_view, seat_name, side_name, urls


@dataclass
class AfReplaySeat:
    seat: int
    name: str
    hand: list[CardView]
    count: str
    dealer: bool


@dataclass
class AfReplayView:
    ply: int
    last_ply: int
    position: str
    round_no: str
    cut: str  # the cut for the first deal, told during round one ("" otherwise)
    last_move: str | None
    round_ended: bool
    seats: list[AfReplaySeat]
    turnup: list[CardView]
    trump: str
    trick: list[tuple[str, CardView]]  # (who, card): the trick in progress, else the one just finished
    trick_done: bool
    sides: list[tuple[str, str]]  # (name, total)
    lines: list[str]  # this round's score lines so far, or the round the last move ended
    urls: dict[str, str]
    first: str | None
    previous: str | None
    next: str | None
    end: str | None


def replay_view(loaded: Loaded, state: MatchState, ply: int, last_ply: int, lang: str) -> AfReplayView:
    """The replay at `ply`: `state` is the match replayed by the engine up to `ply` moves."""
    rules, players = state.rules, state.players
    d = lambda v: digits(v, lang)  # noqa: E731
    page = urls(loaded.match.id, loaded.match.secret)
    at = lambda n: f"{page['replay']}?ply={n}"  # noqa: E731
    outcome = state.last
    ended = outcome.round_over if outcome is not None else None
    last_move = None
    if outcome is not None:
        last_move = t(lang, "af_said", who=seat_name(outcome.seat, players, lang), what=move_words(outcome.move, lang))
    trick, trick_done = list(state.trick), False
    leader = state.leader
    if not trick and outcome is not None and outcome.trick is not None:
        trick, leader, trick_done = list(outcome.trick.cards), outcome.trick.leader, True
    lines = ended.lines if ended is not None else state.lines
    return AfReplayView(
        ply=ply,
        last_ply=last_ply,
        position=t(lang, "replay_position", n=d(ply), total=d(last_ply)),
        round_no=d(len(state.rounds) + (0 if state.finished else 1)),
        cut=cut_words(state.cut, players, lang) if state.cut is not None and not state.rounds else "",
        last_move=last_move,
        round_ended=ended is not None,
        seats=[
            AfReplaySeat(
                s,
                seat_name(s, players, lang),
                [card_view(c, lang) for c in hand_order(state.hand(s))],
                d(len(state.hand(s))),
                state.dealer == s,
            )
            for s in range(players)
        ],
        turnup=[card_view(c, lang, selected=i == len(state.turned) - 1) for i, c in enumerate(state.turned)],
        trump=suit_name(state.trump, lang),
        trick=[(seat_name((leader + i) % players, players, lang), card_view(c, lang)) for i, c in enumerate(trick)],
        trick_done=trick_done,
        sides=[(side_name(s, rules, lang), d(state.totals[s])) for s in range(rules.sides)],
        lines=[line_words(line, rules, lang) for line in lines],
        urls=page,
        first=at(0) if ply > 0 else None,
        previous=at(ply - 1) if ply > 0 else None,
        next=at(ply + 1) if ply < last_ply else None,
        end=at(last_ply) if ply < last_ply else None,
    )
