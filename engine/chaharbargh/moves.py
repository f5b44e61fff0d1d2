"""Moves and the legal-move list: the single source of truth for what a player may do.

>>> from engine.cards import parse_cards
>>> [str(m) for m in legal_moves(parse_cards("5S 9H QD"), parse_cards("6C KD"))]
['5S+6C']
>>> [str(m) for m in legal_moves(parse_cards("5S 9H QD"), parse_cards("6C KD"), Rules(forced_capture="card"))]
['5S+6C', '9H', 'QD']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

import engine.errors
from engine.cards import CARDS, Card, CardError, ids_of, mask_of
from engine.chaharbargh.captures import OPTIONS_CACHE, capture, counts_of, options
from engine.chaharbargh.rules import Rules


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
    MUST_SHOW = "must_show"  # open hand: this seat must first turn one of its cards face up
    NO_SHOW = "no_show"  # a card is shown only under the open hand, at a deal or after playing the shown one


class IllegalMove(engine.errors.IllegalMove):
    """A move the rules do not allow in this position; the position is unchanged (an
    `engine.errors.IllegalMove`).

    ``reason`` (a `Reason`) names the case for a UI to explain in its own words; for
    ``WRONG_SUM``, ``total`` is what the played card and the chosen cards add up to, and for
    ``NOT_ON_TABLE``, ``cards`` are the chosen cards that are not on the table.
    """

    reason: Reason

    def __init__(
        self, message: str, reason: Reason = Reason.BAD_SET, *, total: int | None = None, cards: tuple[Card, ...] = ()
    ) -> None:
        super().__init__(message, reason)
        self.total = total
        self.cards = cards


CAPTURE_SUM = 11
"""R3: a number card takes table cards that add up with it to exactly this."""


def card_sum(cards: Iterable[Card]) -> int:
    """What number cards add up to (R3: ace 1, 2 to 10 their rank), the figure a player checks
    against 11 while choosing a capture.

    >>> from engine.cards import parse_cards
    >>> card_sum(parse_cards("7C 4D")), card_sum(parse_cards("AS 2H 3D"))
    (11, 6)
    """
    return sum(card.rank for card in cards)


SHOW = 1 << 58
"""The flag of a show in a move's key (`move_by_key`): above the card id and the taken mask."""
SHOW_PREFIX = "show:"


@dataclass(frozen=True, slots=True)
class Move:
    """A card played and the exact set of table cards it takes (empty when the card is placed);
    or, under the open hand, a card of the hand turned face up (``shows``: nothing is played).

    Text form: the card, then ``+`` and the taken cards: ``"7C+4D"``, ``"3H+5S+3D"``, ``"KD"``;
    a show is ``"show:7C"``.

    >>> Move.parse("3H+5S+3D") == Move.parse("3H+3D+5S")
    True
    >>> Move.parse("QS").places, Move.parse("show:QS").places, Move.show(Card.parse("QS"))
    (True, False, Move.parse('show:QS'))
    """

    card: Card
    takes: frozenset[Card] = frozenset()
    shows: bool = False
    _key: int = field(init=False, repr=False, compare=False)  # `move_by_key`'s key

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card) or not all(isinstance(c, Card) for c in self.takes):
            raise CardError("a move is made of Card values")
        if not isinstance(self.takes, frozenset):
            object.__setattr__(self, "takes", frozenset(self.takes))
        if self.shows and self.takes:
            raise CardError("a card turned face up takes nothing")
        key = mask_of(c.id for c in self.takes) << 6 | self.card.id
        object.__setattr__(self, "_key", key | SHOW if self.shows else key)

    @staticmethod
    def show(card: Card) -> Move:
        """Turning ``card`` face up in the hand (open hand)."""
        return Move(card, shows=True)

    @staticmethod
    def parse(text: str) -> Move:
        """A move from its text form."""
        if text.startswith(SHOW_PREFIX):
            return Move.show(Card.parse(text[len(SHOW_PREFIX) :]))
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
        return not self.takes and not self.shows

    @property
    def takes_mask(self) -> int:
        return self._key >> 6 & _ALL

    def __str__(self) -> str:
        if self.shows:
            return SHOW_PREFIX + str(self.card)
        return "+".join([str(self.card), *(str(c) for c in sorted(self.takes, key=_order))])

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


def _card(card: str | Card) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def _order(card: Card) -> int:
    return card.id


MOVES: dict[int, Move] = {}
"""Every `Move` made so far by its key; a hot loop reads it and calls `move_by_key` on a miss."""
_MOVES_LIMIT = 100_000  # moves kept before the table is emptied; bounds memory in long runs


_ALL = (1 << 52) - 1


def move_of(card: int, taken: int) -> Move:
    """The `Move` of a card id and a taken mask. Moves are values, so one instance serves every
    position that offers it: a legal-move list costs a lookup per move, not a construction.

    >>> move_of(24, 1 << 13) is move_of(24, 1 << 13)
    True
    """
    return move_by_key(taken << 6 | card)


def move_by_key(key: int) -> Move:
    """The `Move` of a key: the taken mask shifted left by 6, the card id, and `SHOW` for a show.

    >>> move_by_key(SHOW | 24)
    Move.parse('show:7C')
    """
    move = MOVES.get(key)
    if move is None:
        if len(MOVES) >= _MOVES_LIMIT:
            MOVES.clear()
        card, takes = CARDS[key & 63], frozenset(CARDS[i] for i in ids_of(key >> 6 & _ALL))
        move = MOVES[key] = Move(card, takes, shows=bool(key & SHOW))
    return move


def legal_keys(hand: Sequence[int], table: int, counts: int, forced_capture: str) -> list[int]:
    """The legal moves as `move_of` keys (``taken_mask << 6 | card_id``), in hand order, each
    card's captures in option order and then its placing, if allowed. ``counts`` is
    ``counts_of(table)``; a state keeps it up to date rather than count the table each turn.

    Forced capture (R7) is applied here and nowhere else: ``"hand"`` — if any card in the hand
    can capture, only captures are legal; ``"card"`` — a card that can capture must capture, a
    card that cannot may be placed; ``"off"`` — any card may also be placed.

    >>> from engine.cards import parse_cards
    >>> hand, table = [c.id for c in parse_cards("5S 9H")], mask_of(c.id for c in parse_cards("6C KD"))
    >>> [str(move_of(key & 63, key >> 6)) for key in legal_keys(hand, table, counts_of(table), "card")]
    ['5S+6C', '9H']
    """
    entry = OPTIONS_CACHE.get(counts) or options(counts)
    keys = []
    for card in hand:
        ways = entry[card]
        for k in range(ways):
            keys.append(capture(card, table, entry, k)[0] << 6 | card)
        if forced_capture == "off" or (forced_capture == "card" and not ways):
            keys.append(card)
    if forced_capture == "hand" and not keys:  # no card can capture: every card may be placed
        keys = list(hand)
    return keys


def legal_move_ids(hand: Iterable[int], table: int, forced_capture: str) -> list[tuple[int, int]]:
    """The legal moves as ``(card_id, taken_mask)`` pairs, in the order of `legal_keys`."""
    keys = legal_keys(list(hand), table, counts_of(table), forced_capture)
    return [(key & 63, key >> 6) for key in keys]


def legal_moves(hand: Iterable[Card], table: Iterable[Card], rules: Rules = Rules()) -> list[Move]:
    """Every legal move for a hand against a table, each capture set its own move."""
    hand_ids = [card.id for card in hand]
    table_mask = mask_of(card.id for card in table)
    return [move_of(card, taken) for card, taken in legal_move_ids(hand_ids, table_mask, rules.forced_capture)]
