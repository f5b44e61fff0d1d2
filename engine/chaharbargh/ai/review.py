"""The pro as a coach: a review of one seat's decisions, move by move.

For each decision of the seat (a turn with more than one legal move) the pro values every legal
move from what that seat knew then: `move_values` on the seat's observation, every move played
out in the same sampled worlds, the worlds seeded from the review's seed and the ply, so a
review of the same match is the same every time. A value is the expected points of the round
for the seat's side minus the best other side's. The loss of the move played is the best
value minus its value (never below 0), and its verdict follows from the loss (`VERDICTS`).

One deal is left in the stock. The 4♣ takes both table cards, a sur (5 points; outside the
last deal a sur scores); the 7♦ takes the 4♥ alone. Playing the 7♦ gives away at least the
sur's 5 points:

>>> from engine.chaharbargh.match import from_position
>>> stock = ["5S", "6S", "7S", "8S", "9H", "10H", "JH", "QH"]
>>> state = from_position([["4C", "7D"], ["2D", "9S"]], ["3S", "4H"], stock=stock)
>>> [str(m) for m in state.legal_moves()]
['4C+3S+4H', '7D+4H']
>>> (decision,) = review(state, [state.legal_moves()[1]], seat=0, seed=1, worlds=50)
>>> str(decision.best), decision.loss >= 5, decision.verdict
('4C+3S+4H', True, 'blunder')
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from engine import review as reviews
from engine.cards import Card
from engine.chaharbargh.ai.players import move_values
from engine.chaharbargh.match import MatchState
from engine.chaharbargh.moves import Move
from engine.chaharbargh.observation import observation
from engine.review import Decision, decision_count, is_decision

VERDICTS: reviews.Bands = (
    (0.25, "best"),
    (0.75, "good"),
    (1.5, "inaccuracy"),
    (3.0, "mistake"),
    (math.inf, "blunder"),
)
"""A loss up to each bound (in expected points of the round) earns that verdict. "best" allows a
little: two moves whose values differ by less than the values' noise at the review's worlds are
the same move to the pro (docs/engine.md, "Reviews", gives the measured noise)."""

REVIEW_WORLDS = 1000
"""Worlds per decision: every legal move played out in each (docs/benchmarks.md, "Reviews")."""


def verdict(loss: float) -> str:
    """The verdict of a move that loses `loss` expected points against the best.

    >>> [verdict(x) for x in (0.0, 0.5, 1.0, 2.0, 5.0)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    return reviews.verdict(loss, VERDICTS)


class Judge:
    """Chaharbargh's pro as a reviewer (`engine.review.Judge`)."""

    bands = VERDICTS

    def values(self, state: MatchState, seat: int, seed: int, worlds: int) -> dict[Move, float]:
        return move_values(observation(state, seat), seed=seed, worlds=worlds)

    def margin(self, state: MatchState, seat: int) -> int:
        return margin(state, seat)

    def reason(self, state: MatchState, played: Move, best: Move) -> str | None:
        return reason(state, played, best)

    def ceiling(self, state: MatchState) -> float:
        return math.inf  # a value is a round's points: the chart shows them all


def review(
    start: MatchState, moves: Sequence[Move], seat: int, seed: int, worlds: int = REVIEW_WORLDS
) -> Iterator[Decision[Move]]:
    """The decisions of `seat` as `moves` are played from `start`, one at a time
    (`engine.review.review` with Chaharbargh's `Judge`)."""
    return reviews.review(start, moves, seat, seed, Judge(), worlds)


TEN_OF_DIAMONDS = Card.parse("10D")
REASONS = ("sur_missed", "ten_missed", "ten_left", "clubs")
"""Why the pro's move is better, when what the two moves did at once says so, in this order:
the pro's move made a sur that scores and the one played did not; it took the 10♦ and the one played did
not; the one played laid the 10♦ on the table for the next player; it took more clubs (the
race for the clubs' 7 points)."""


def reason(state: MatchState, played: Move, best: Move) -> str | None:
    """The first of `REASONS` that tells the two moves apart, or None.

    >>> from engine.chaharbargh.match import from_position
    >>> stock = ["5S", "6S", "7S", "8S", "9H", "10H", "JH", "QH"]  # one more deal: the sur scores
    >>> state = from_position([["4C", "7D"], ["2D", "9S"]], ["3S", "4H"], stock=stock)
    >>> reason(state, Move.parse("7D+4H"), Move.parse("4C+3S+4H"))
    'sur_missed'
    """
    if played == best:
        return None
    made, missed = state.apply(played).last, state.apply(best).last
    if missed is not None and missed.sur_scored and not (made is not None and made.sur_scored):
        return "sur_missed"

    def taken(move: Move) -> set[Card]:
        return {move.card, *move.takes} if move.takes else set()

    if TEN_OF_DIAMONDS in taken(best) - taken(played):
        return "ten_missed"
    if played.card == TEN_OF_DIAMONDS and not played.takes:
        return "ten_left"
    if sum(c.suit == "C" for c in taken(best)) > sum(c.suit == "C" for c in taken(played)):
        return "clubs"
    return None


def margin(state: MatchState, seat: int) -> int:
    """The match totals when the round began: the seat's side minus the best other side."""
    rules = state.rules
    side = rules.side_of(seat)
    totals = state.start_totals
    return totals[side] - max(t for s, t in enumerate(totals) if s != side)


__all__ = ["REVIEW_WORLDS", "VERDICTS", "Decision", "Judge", "decision_count", "is_decision", "review", "verdict"]
