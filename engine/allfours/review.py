"""The pro as a coach for All Fours: a review of one seat's decisions (`engine.review`).

Every decision is judged the same way, a card as well as stand or beg, take one or run: the
pro's `ProPlayer.evaluate` from the seat's view, every legal move in the same sampled worlds
(the hidden hands and the stock), played out to the round's end. A value is the points the
seat's side will score from here minus the other side's, a match won or lost counting as the
target (`engine.allfours.ai.match_value`).

The beggars stand at 13 of 14, the dealer at 13 too and holding the aces of every suit but
the one begged away. "Take one" gives the beggars their 14th point: the match is lost (-14).
Running the cards turns up a new trump whose ace the dealer holds, and High, the first point
scored after the tricks, wins it (+14), unless the pack runs out first (a redeal, worth 0, once
in thousands of deals). Taking one loses 28 points, a blunder:

>>> from engine.allfours.moves import ONE
>>> from engine.allfours.position import from_text
>>> state = from_text(BEG_TO_ANSWER)
>>> (decision,) = review(state, [ONE], seat=1, seed=1, worlds=40)
>>> str(decision.best), round(decision.loss), decision.verdict, decision.reason
('run', 28, 'blunder', 'match_given')
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from engine import review as reviews
from engine.allfours.ai import ProPlayer
from engine.allfours.match import MatchState
from engine.allfours.moves import Move
from engine.allfours.observation import observation
from engine.cards import CARDS, JACK
from engine.review import Decision, decision_count, is_decision

VERDICTS: reviews.Bands = (
    (0.3, "best"),
    (0.6, "good"),
    (1.0, "inaccuracy"),
    (2.0, "mistake"),
    (math.inf, "blunder"),
)
"""A loss up to each bound (expected points) earns that verdict. "best" allows the values' noise
at `REVIEW_WORLDS` (about 2.6 times its 90th percentile, as Chaharbargh's is about 3 times its
own); a round of All Fours is worth 4 to 7 points in all, so a `mistake` costs up to two of
them, and a `blunder` more: a hanged jack, or the match given (docs/engine.md, "Reviews")."""

REVIEW_WORLDS = 500
"""Worlds per decision: a whole two-seat match in 6 to 17 s on one core, no decision over 1.5 s
(docs/benchmarks.md, "Reviews")."""

REASONS = ("match_given", "jack_hanged", "new_trump_better", "this_trump_better")
"""Why the pro's move is better, when what the two moves did at once says so: the move played
ended the match in the other side's favour (a "take one" that gave the game) and the pro's did
not; the move played finished a trick in which the other side took the seat's side's jack of
trumps (hanged it, 3 points to them) and the pro's did not. For the deal's decisions, what the
pro's search compared: the pro expected more from a new trump (it begs or runs where the seat
stood or took one), or from this one (the other way round)."""

KEEPS_TRUMP = {"stand", "one"}  # the decisions that play the round with the trump turned up

_IN_SIGHT = ("2C", "3C", "4C", "5C", "6C", "7C", "AC", "AD", "AS", "2H", "3H", "4H", "7H")
BEG_TO_ANSWER = (
    "allfours-position/1 rules=p2,t14 seed=0 round=0 redeal=0 dealer=1 phase=answer turn=1 "
    "hands=2C,3C,4C,5C,6C,7C/AC,AD,AS,2H,3H,4H dealt=2C,3C,4C,5C,6C,7C/AC,AD,AS,2H,3H,4H "
    f"stock={','.join(str(c) for c in CARDS if str(c) not in _IN_SIGHT)} "
    "turned=7H trick=- piles=-/- totals=13/13 winner=-"
)
"""The position of the module's example: seat 0 begged, and seat 1, the dealer, answers."""


class Judge:
    """All Fours' pro as a reviewer (`engine.review.Judge`)."""

    bands = VERDICTS

    def values(self, state: MatchState, seat: int, seed: int, worlds: int) -> dict[Move, float]:
        return ProPlayer(seed=seed, worlds=worlds).evaluate(observation(state, seat))

    def margin(self, state: MatchState, seat: int) -> int:
        """The totals now, the seat's side minus the other: a value counts what is still to
        be scored in the round, and the kicks and "take one" before it are in the totals."""
        side = state.rules.side_of(seat)
        return state.totals[side] - state.totals[1 - side]

    def reason(self, state: MatchState, played: Move, best: Move) -> str | None:
        return reason(state, played, best)

    def ceiling(self, state: MatchState) -> float:
        """A match decided is worth the target (`match_value`): the chart stops there."""
        return float(state.rules.target)


def reason(state: MatchState, played: Move, best: Move) -> str | None:
    """The first of `REASONS` that tells the two moves apart, or None."""
    if played == best:
        return None
    side = state.rules.side_of(state.turn)
    made, instead = state.apply(played), state.apply(best)
    if made.winner == 1 - side and instead.winner != 1 - side:
        return "match_given"
    if _hanged(made, side, state.trump) and not _hanged(instead, side, state.trump):
        return "jack_hanged"
    if played.decision and best.decision:
        return "new_trump_better" if played.decision in KEEPS_TRUMP else "this_trump_better"
    return None


def _hanged(after: MatchState, side: int, trump: str) -> bool:
    """The move that made ``after`` finished a trick in which the other side won ``side``'s
    jack of ``trump`` (the trump before the move: a round's last trick deals the next)."""
    outcome = after.last
    if outcome is None or outcome.trick is None:
        return False
    rules = after.rules
    trick = outcome.trick
    if rules.side_of(trick.winner) == side:
        return False
    for i, card in enumerate(trick.cards):
        if card.suit == trump and card.rank == JACK and rules.side_of((trick.leader + i) % rules.players) == side:
            return True
    return False


def review(
    start: MatchState, moves: Sequence[Move], seat: int, seed: int, worlds: int = REVIEW_WORLDS
) -> Iterator[Decision[Move]]:
    """The decisions of `seat` as `moves` are played from `start`, one at a time
    (`engine.review.review` with All Fours' `Judge`)."""
    return reviews.review(start, moves, seat, seed, Judge(), worlds)


__all__ = ["REVIEW_WORLDS", "VERDICTS", "Decision", "Judge", "decision_count", "is_decision", "review"]
