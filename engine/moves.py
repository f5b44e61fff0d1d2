"""Moves and the legal-move list: the single source of truth for what a player may do.

>>> from engine.cards import parse_cards
>>> [str(m) for m in legal_moves(parse_cards("5S 9H QD"), parse_cards("6C KD"))]
['5S+6C']
>>> [str(m) for m in legal_moves(parse_cards("5S 9H QD"), parse_cards("6C KD"), Rules(forced_capture="card"))]
['5S+6C', '9H', 'QD']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from engine.captures import capture, counts_of, options
from engine.cards import CARDS, Card, CardError, ids_of, mask_of
from engine.rules import Rules


class Reason(StrEnum):
    """Why the rules refuse a move: every case a UI explains, each in its own words. A `StrEnum`,
    so each is also its plain text name (``Reason.WRONG_SUM == "wrong_sum"``)."""

    MATCH_OVER = "match_over"
    NOT_A_MOVE = "not_a_move"
    NOT_IN_HAND = "not_in_hand"
    MUST_CAPTURE = "must_capture"  # another card in the hand can capture, so this one may not be played (R7)
    CARD_MUST_CAPTURE = "card_must_capture"  # this card can capture, so it may not be placed (R7)
    NOT_ON_TABLE = "not_on_table"  # some chosen cards are not on the table (`IllegalMove.cards`)
    WRONG_SUM = "wrong_sum"  # number cards that do not make 11 (R3); `IllegalMove.total` is their sum
    FACE_IN_SUM = "face_in_sum"  # a jack, queen or king chosen for a sum of eleven (R3)
    JACK_SWEEP = "jack_sweep"  # a jack takes every number card and jack on the table, nothing else (R4)
    KING_TAKES_KING = "king_takes_king"  # a king takes exactly one king (R5)
    QUEEN_TAKES_QUEEN = "queen_takes_queen"  # a queen takes exactly one queen (R5)
    BAD_SET = "bad_set"  # any other set the card cannot take


class IllegalMove(ValueError):
    """A move the rules do not allow in this position; the position is unchanged.

    ``reason`` (a `Reason`) names the case for a UI to explain in its own words; for
    ``WRONG_SUM``, ``total`` is what the played card and the chosen cards add up to, and for
    ``NOT_ON_TABLE``, ``cards`` are the chosen cards that are not on the table.
    """

    def __init__(
        self, message: str, reason: Reason = Reason.BAD_SET, *, total: int | None = None, cards: tuple[Card, ...] = ()
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.total = total
        self.cards = cards


def card_sum(cards: Iterable[Card]) -> int:
    """What number cards add up to (R3: ace 1, 2 to 10 their rank), the figure a player checks
    against 11 while choosing a capture.

    >>> from engine.cards import parse_cards
    >>> card_sum(parse_cards("7C 4D")), card_sum(parse_cards("AS 2H 3D"))
    (11, 6)
    """
    return sum(card.rank for card in cards)


@dataclass(frozen=True, slots=True)
class Move:
    """A card played and the exact set of table cards it takes (empty when the card is placed).

    Text form: the card, then ``+`` and the taken cards: ``"7C+4D"``, ``"3H+5S+3D"``, ``"KD"``.

    >>> Move.parse("3H+5S+3D") == Move.parse("3H+3D+5S")
    True
    >>> Move.parse("QS").places
    True
    """

    card: Card
    takes: frozenset[Card] = frozenset()

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card) or not all(isinstance(c, Card) for c in self.takes):
            raise CardError("a move is made of Card values")
        if not isinstance(self.takes, frozenset):
            object.__setattr__(self, "takes", frozenset(self.takes))

    @staticmethod
    def parse(text: str) -> Move:
        """A move from its text form."""
        card, *takes = text.split("+")
        return Move(Card.parse(card), frozenset(Card.parse(c) for c in takes))

    @staticmethod
    def of(card: str | Card, takes: Iterable[str | Card] = ()) -> Move:
        """A move from card codes or cards: ``Move.of("7C", ["4D"])``."""
        as_card = _card
        return Move(as_card(card), frozenset(as_card(c) for c in takes))

    @property
    def places(self) -> bool:
        """True when the card captures nothing and is laid on the table."""
        return not self.takes

    @property
    def takes_mask(self) -> int:
        return mask_of(c.id for c in self.takes)

    def __str__(self) -> str:
        return "+".join([str(self.card), *(str(c) for c in sorted(self.takes, key=_order))])

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


def _card(card: str | Card) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def _order(card: Card) -> int:
    return card.id


def legal_move_ids(hand: Iterable[int], table: int, forced_capture: str) -> list[tuple[int, int]]:
    """The legal moves as ``(card_id, taken_mask)`` pairs, in hand order then option order.

    Forced capture (R7) is applied here and nowhere else: ``"hand"`` — if any card in the hand
    can capture, only captures are legal; ``"card"`` — a card that can capture must capture, a
    card that cannot may be placed; ``"off"`` — any card may also be placed.
    """
    entry = options(counts_of(table))
    hand = list(hand)
    captures = [(card, capture(card, table, entry, k)[0]) for card in hand for k in range(entry[card])]
    if forced_capture == "hand":
        places = [] if captures else hand
    elif forced_capture == "card":
        places = [card for card in hand if not entry[card]]
    else:
        places = hand
    moves = captures + [(card, 0) for card in places]
    order = {card: i for i, card in enumerate(hand)}
    moves.sort(key=lambda move: order[move[0]])  # stable: options keep their order per card
    return moves


def legal_moves(hand: Iterable[Card], table: Iterable[Card], rules: Rules = Rules()) -> list[Move]:
    """Every legal move for a hand against a table, each capture set its own move."""
    hand_ids = [card.id for card in hand]
    table_mask = mask_of(card.id for card in table)
    return [
        Move(CARDS[card], frozenset(CARDS[i] for i in ids_of(taken)))
        for card, taken in legal_move_ids(hand_ids, table_mask, rules.forced_capture)
    ]
