"""What every Chaharbargh computer player shares: the one `Player` interface, and the open hand's
choice of which card to show (every level shows the same way; the search levels in `players` and
`ismcts` both use it, so it lives apart from both)."""

from __future__ import annotations

from typing import Protocol

from engine.chaharbargh.ai.playout import mask_value
from engine.chaharbargh.captures import BIT
from engine.chaharbargh.moves import Move
from engine.chaharbargh.observation import Observation


class Player(Protocol):
    """The one interface of every computer player: a seat's view in, one of its legal moves out."""

    def choose(self, view: Observation) -> Move: ...


def require_turn(view: Observation) -> tuple[Move, ...]:
    if not view.legal_moves:
        raise ValueError("it is not this seat's turn")
    return view.legal_moves


# Open hand: what showing a card costs, by rank (ace .. king). A shown card tells the others
# what not to leave on the table: a jack (it sweeps) most, a number card (sums of eleven) less,
# a king or queen (it takes only its own rank, and the others see the ranks played) least.
_SHOW_COST = (0, 3, 2, 2, 2, 2, 2, 2, 2, 2, 3, 4, 1, 1)


def careful_show(view: Observation) -> Move:
    """Open hand: the card to turn face up that tells the other seats least, by `_SHOW_COST`,
    then the one worth least if captured (aces, the 2 of clubs, the 10 of diamonds and clubs
    count); the same view gives the same choice.

    >>> from engine.chaharbargh.match import new_match
    >>> from engine.chaharbargh.observation import observation
    >>> from engine.chaharbargh.rules import Rules
    >>> view = observation(new_match(3, Rules(open_hand=True)), 0)
    >>> [str(c) for c in view.hand], str(careful_show(view))  # keeps the jack and the 10 of diamonds hidden
    (['JC', '9H', '7D', '10D'], 'show:7D')
    """
    cost = _SHOW_COST
    return min(require_turn(view), key=lambda m: (cost[m.card.rank], mask_value(BIT[m.card.id]), m.card.id))


def showing(view: Observation) -> bool:
    """Whether this seat's choice is which card to show (open hand), not which to play."""
    return bool(view.legal_moves) and view.legal_moves[0].shows
