"""Playing cards: the public `Card` value and the compact integer ids the engine works with.

A card's text form is its rank (``A 2-10 J Q K``) followed by its suit (``C D H S``):

>>> Card.parse("10D")
Card(rank=10, suit='D')
>>> str(Card.parse("ac"))
'AC'
>>> Card.parse("JH").rank
11

Inside the engine a card is an integer id ``(rank - 1) * 4 + suit_index`` (0..51), so the four
cards of one rank sit in one 4-bit group of a 52-bit mask; sets of cards are such masks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.errors import EngineError

SUITS = "CDHS"
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JACK, QUEEN, KING = 11, 12, 13


class CardError(EngineError, ValueError):
    """A card code that does not name one of the 52 cards."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One of the 52 cards; ``rank`` is 1..13 (J=11, Q=12, K=13), ``suit`` one of ``"CDHS"``."""

    rank: int
    suit: str
    id: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not (isinstance(self.rank, int) and 1 <= self.rank <= 13) or self.suit not in SUITS:
            raise CardError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")
        object.__setattr__(self, "id", (self.rank - 1) * 4 + SUITS.index(self.suit))

    @staticmethod
    def parse(code: str) -> Card:
        """The card named by ``code`` such as ``"10D"``, ``"AC"`` or ``"qs"``."""
        if not isinstance(code, str):
            raise CardError(f"a card code must be text, not {type(code).__name__}")
        text = code.strip().upper()
        rank_name, suit = text[:-1], text[-1:]
        if rank_name not in RANK_NAMES or len(suit) != 1 or suit not in SUITS:
            raise CardError(f"not a card code: {code!r} (expected rank A, 2-10, J, Q or K then suit C, D, H or S)")
        return CARDS[RANK_NAMES.index(rank_name) * 4 + SUITS.index(suit)]

    @staticmethod
    def from_id(card_id: int) -> Card:
        """The card with the engine's integer id (0..51)."""
        return CARDS[card_id]

    @property
    def is_number(self) -> bool:
        """Ace through 10: the cards that capture by the sum of eleven."""
        return self.rank <= 10

    @property
    def is_jack(self) -> bool:
        """The jack, which sweeps the table (R4)."""
        return self.rank == JACK

    def __str__(self) -> str:
        return RANK_NAMES[self.rank - 1] + self.suit


CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(1, 14) for suit in SUITS)
"""All 52 cards, indexed by id; the engine hands out only these instances."""

TEN_OF_DIAMONDS = Card.parse("10D")
TWO_OF_CLUBS = Card.parse("2C")


def parse_cards(codes: str | list[str] | tuple[str, ...]) -> tuple[Card, ...]:
    """Cards from codes, as a list or one space-separated string.

    >>> [str(c) for c in parse_cards("7C 4D")]
    ['7C', '4D']
    """
    if isinstance(codes, str):
        codes = codes.split()
    return tuple(Card.parse(code) for code in codes)


def mask_of(card_ids: Iterable[int]) -> int:
    """The 52-bit mask of a collection of card ids."""
    mask = 0
    for card_id in card_ids:
        mask |= 1 << card_id
    return mask


# For each byte k of a mask and each value of that byte, the card ids its bits stand for.
_IDS_BY_BYTE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + i for i in range(8) if byte >> i & 1) for byte in range(256)) for k in range(7)
)


def ids_of(mask: int) -> list[int]:
    """The card ids in a mask, lowest first (a byte at a time: a pile's mask holds many cards).

    >>> ids_of(0b1011), ids_of(1 << 51 | 1 << 8)
    ([0, 1, 3], [8, 51])
    """
    ids: list[int] = []
    for byte in _IDS_BY_BYTE:
        if not mask:
            break
        ids += byte[mask & 255]
        mask >>= 8
    return ids
