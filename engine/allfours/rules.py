"""All Fours (Trinidad): the rule options, and the card facts that belong to this game alone.

>>> Rules(), Rules(players=4).teams
(Rules(players=2, target=14, first_dealer='cut'), True)
>>> from engine.cards import Card
>>> power(Card.parse("AS")) > power(Card.parse("KS")) > power(Card.parse("2S"))
True
>>> [KICK_POINTS.get(Card.parse(c).rank, 0) for c in ("AH", "6H", "JH", "KH")]
[1, 2, 3, 0]
>>> [game_value(Card.parse(c)) for c in ("AD", "KD", "QD", "JD", "10D", "9D")]
[4, 3, 2, 1, 10, 0]

Seats are numbered in the order of play: the seat "to the right" of seat ``s`` (the next to
deal, to decide, to play) is ``(s + 1) % players`` (docs/rules-choices.md, "All Fours").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import engine.errors
from engine.cards import JACK, Card

ACE = 1
KICK_POINTS = {ACE: 1, 6: 2, JACK: 3}
"""Points the dealer's side scores for the card turned up for trump, by rank (ace, six, jack)."""

GAME_VALUES = {ACE: 4, 13: 3, 12: 2, JACK: 1, 10: 10}
"""What each card counts towards the point for Game, by rank; 2 to 9 count nothing."""

HAND_SIZE = 6  # cards each seat is dealt first
RUN_SIZE = 3  # cards each seat is given more when the dealer runs the cards
PACKET = 3  # cards given at a time (the dealer deals in threes, the same way all match)
FIRST_DEALERS = ("cut", "last")
"""How round one's dealer is chosen: ``"cut"``, the seat that cuts the highest card (A2);
``"last"``, the last seat, as every match was dealt before the cut was added. "last" is kept so
that matches stored then (their rules have no ``first_dealer``) replay as they were played."""


class RulesError(engine.errors.RulesError):
    """A rule option All Fours does not allow."""


def power(card: Card) -> int:
    """A card's place within its suit, aces high: 2 is 2, ..., king 13, ace 14."""
    return 14 if card.rank == ACE else card.rank


def game_value(card: Card) -> int:
    """What ``card`` counts towards Game: ace 4, king 3, queen 2, jack 1, ten 10, else 0."""
    return GAME_VALUES.get(card.rank, 0)


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of an All Fours match: 2 players, or 4 as two partnerships (seats 0+2 against
    1+3); the first side to ``target`` points (14 by the Trinidad rules) wins; round one's
    dealer is cut for (``first_dealer``, `FIRST_DEALERS`)."""

    players: int = 2
    target: int = 14
    first_dealer: str = "cut"

    def __post_init__(self) -> None:
        if self.players not in (2, 4) or isinstance(self.players, bool):
            raise RulesError(f"players must be 2 or 4, not {self.players!r}")
        if not isinstance(self.target, int) or isinstance(self.target, bool) or self.target < 1:
            raise RulesError(f"target must be a positive whole number, not {self.target!r}")
        if self.first_dealer not in FIRST_DEALERS:
            raise RulesError(f"first_dealer must be one of {FIRST_DEALERS}, not {self.first_dealer!r}")

    @property
    def teams(self) -> bool:
        return self.players == 4

    @property
    def sides(self) -> int:
        """How many scores are kept: always two (two players, or two partnerships)."""
        return 2

    def side_of(self, seat: int) -> int:
        """The side a seat scores for: ``seat % 2`` (with two players that is the seat)."""
        return seat % 2

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "target": self.target, "first_dealer": self.first_dealer}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Rules:
        """The rules ``to_dict`` wrote. A dict without ``first_dealer`` was stored before the cut
        for the deal existed, so it reads as ``"last"``: that match replays as it was played.

        >>> Rules.from_dict({"players": 2, "target": 14}).first_dealer
        'last'
        >>> Rules.from_dict(Rules().to_dict()) == Rules()
        True
        """
        unknown = set(data) - {"players", "target", "first_dealer"}
        if unknown:
            raise RulesError(f"unknown All Fours option(s) {sorted(unknown)}")
        return Rules(**{"first_dealer": "last", **data})

    @staticmethod
    def preset(name: str = "trinidad", **changes: Any) -> Rules:
        """The one preset, ``"trinidad"`` (the defaults), with any options changed."""
        if name != "trinidad":
            raise RulesError(f"no All Fours preset {name!r}; the one preset is 'trinidad'")
        return Rules.from_dict({**Rules().to_dict(), **changes})


PRESETS = ("trinidad",)
