"""Chaharbargh's puzzle themes: what the best and the second move did at once.

- ``sur``: one of them makes a sur that scores and the other does not;
- ``ten``: one takes the 10♦ and the other does not, or one lays it on the table;
- ``clubs``: they take different numbers of clubs (the race for the clubs' 7 points);
- ``jack``: one of them plays a jack (a sweep now, or kept for later);
- ``last``: the last deal, two cards or fewer in hand: who captures last takes the table;
- ``other``: none of these.

>>> from engine.chaharbargh.match import from_position
>>> stock = ["5S", "6S", "7S", "8S", "9H", "10H", "JH", "QH"]
>>> state = from_position([["4C", "7D"], ["2D", "9S"]], ["3S", "4H"], stock=stock)
>>> themes(state, Move.parse("4C+3S+4H"), Move.parse("7D+4H"))
('sur', 'clubs')
"""

from __future__ import annotations

from engine.cards import TEN_OF_DIAMONDS, Card
from engine.chaharbargh.ai.review import Judge
from engine.chaharbargh.match import MatchState
from engine.chaharbargh.moves import Move

THEMES = ("sur", "ten", "clubs", "jack", "last", "other")
JUDGE = Judge()


def _taken(move: Move) -> set[Card]:
    return {move.card, *move.takes} if move.takes else set()


def themes(state: MatchState, best: Move, second: Move) -> tuple[str, ...]:
    """The themes of a puzzle whose answer is `best` and whose nearest other move is `second`."""
    found = []
    made = [state.apply(move).last for move in (best, second)]
    if len({outcome is not None and outcome.sur_scored for outcome in made}) == 2:
        found.append("sur")
    laid = any(m.card == TEN_OF_DIAMONDS and not m.takes for m in (best, second))
    if (TEN_OF_DIAMONDS in _taken(best)) != (TEN_OF_DIAMONDS in _taken(second)) or laid:
        found.append("ten")
    if sum(c.suit == "C" for c in _taken(best)) != sum(c.suit == "C" for c in _taken(second)):
        found.append("clubs")
    if best.card.is_jack or second.card.is_jack:
        found.append("jack")
    if state.last_deal and len(state.hand(state.turn)) <= 2:
        found.append("last")
    return tuple(found) or ("other",)
