"""Scoring a round (R10, and the clubs rules for three and four players).

>>> from engine.chaharbargh.rules import Rules
>>> clubs_bonus_side(Rules(), [8, 5]), clubs_bonus_side(Rules(), [6, 7]), clubs_bonus_side(Rules(), [6, 6])
(0, 1, None)
>>> clubs_bonus_side(Rules(players=3), [5, 5, 3])
2
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from engine.cards import CARDS, TEN_OF_DIAMONDS, TWO_OF_CLUBS, Card, ids_of
from engine.chaharbargh.rules import Rules

CLUBS_MASK = sum(1 << (rank * 4) for rank in range(13))  # suit index 0 is clubs
ACES_MASK = 15
JACKS_MASK = 15 << 40
CLUBS_POINTS, TEN_OF_DIAMONDS_POINTS, TWO_OF_CLUBS_POINTS = 7, 3, 2
TEN_OF_DIAMONDS_BIT = 1 << TEN_OF_DIAMONDS.id
TWO_OF_CLUBS_BIT = 1 << TWO_OF_CLUBS.id


ITEMS = ("clubs", "ten_of_diamonds", "two_of_clubs", "aces", "jacks", "surs")


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of a side's score sheet: the scoring ``item`` (one of `ITEMS`), the ``points``
    it earns, the ``cards`` behind it (every club taken, the 10♦, the 2♣, the aces, the jacks;
    none for surs) and its ``count`` (clubs, aces, jacks or surs; 0 or 1 for the two cards)."""

    item: str
    points: int
    cards: tuple[Card, ...]
    count: int


@dataclass(frozen=True, slots=True)
class RoundScore:
    """One side's score sheet for a round; field names are the record format's.

    ``lines`` breaks it down per scoring item with the cards behind each (`ScoreLine`), so a
    view never decides which card scores. They are derived from the side's pile (``_pile``, the
    mask of the cards it took) when read, and are not part of the record.
    """

    clubs: int
    clubs_points: int
    ten_of_diamonds: int
    two_of_clubs: int
    aces: int
    jacks: int
    surs: int
    sur_points: int
    total: int
    _pile: int = field(default=0, repr=False, compare=False)

    @property
    def lines(self) -> tuple[ScoreLine, ...]:
        """One line per scoring item (`ITEMS`), with its points and the cards behind it."""

        def line(item: str, points: int, bits: int) -> ScoreLine:
            cards = tuple(CARDS[c] for c in ids_of(self._pile & bits))
            return ScoreLine(item, points, cards, len(cards))

        return (
            line("clubs", self.clubs_points, CLUBS_MASK),
            line("ten_of_diamonds", self.ten_of_diamonds, TEN_OF_DIAMONDS_BIT),
            line("two_of_clubs", self.two_of_clubs, TWO_OF_CLUBS_BIT),
            line("aces", self.aces, ACES_MASK),
            line("jacks", self.jacks, JACKS_MASK),
            ScoreLine("surs", self.sur_points, (), self.surs),
        )

    def to_dict(self) -> dict[str, int]:
        """The record format's fields (the pile left out: the record stays chaharbargh-record/1)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "_pile"}


def clubs_bonus_side(rules: Rules, clubs: list[int], final: bool = True) -> int | None:
    """The side that earns the 7 points for clubs, or None.

    Two sides (two players, or two teams of four): at least 7 clubs and strictly more than the
    other. Three players: whoever has 7 or more; if nobody does, the one with the most; if two
    tie for the most, the third player; if all three tie, nobody. Before the round is over
    (``final`` false) only a side with 7 or more has certainly won them: 7 of the 13 clubs.

    >>> clubs_bonus_side(Rules(players=3), [5, 3, 2]), clubs_bonus_side(Rules(players=3), [5, 3, 2], final=False)
    (0, None)
    """
    most = max(clubs)
    leaders = [side for side, n in enumerate(clubs) if n == most]
    if not final and most < 7:
        return None
    if len(clubs) == 3 and most < 7:
        if len(leaders) == 1:
            return leaders[0]
        if len(leaders) == 2:
            return 3 - sum(leaders)
        return None
    if most >= 7 and len(leaders) == 1:
        return leaders[0]
    return None


def score_round(rules: Rules, captured: list[int], surs: list[int], final: bool = True) -> tuple[RoundScore, ...]:
    """Score sheets per side from the masks each side captured and the surs each side scored.
    With ``final`` false, the points already won in a round still in play: the clubs' only
    once a side is sure of them (`clubs_bonus_side`)."""
    clubs = [clubs_in(mask) for mask in captured]
    bonus = clubs_bonus_side(rules, clubs, final)
    sheets = []
    for side, mask in enumerate(captured):
        clubs_points = CLUBS_POINTS if side == bonus else 0
        ten = TEN_OF_DIAMONDS_POINTS if mask & TEN_OF_DIAMONDS_BIT else 0
        two = TWO_OF_CLUBS_POINTS if mask & TWO_OF_CLUBS_BIT else 0
        aces, jacks = (mask & ACES_MASK).bit_count(), (mask & JACKS_MASK).bit_count()
        sur_points = surs[side] * rules.sur_points
        total = clubs_points + ten + two + aces + jacks + sur_points
        sheets.append(RoundScore(clubs[side], clubs_points, ten, two, aces, jacks, surs[side], sur_points, total, mask))
    return tuple(sheets)


def side_masks(rules: Rules, captured: list[int]) -> list[int]:
    """Per-seat captured masks gathered per side (teams with four players)."""
    by_side = [0] * rules.sides
    for seat, mask in enumerate(captured):
        by_side[rules.side_of(seat)] |= mask
    return by_side


def clubs_in(mask: int) -> int:
    """How many clubs a pile (a mask) holds."""
    return (mask & CLUBS_MASK).bit_count()


def card_points(mask: int) -> int:
    """The points a pile's cards are worth whoever holds most clubs: 10♦, 2♣, aces, jacks (R10)."""
    return (
        (TEN_OF_DIAMONDS_POINTS if mask & TEN_OF_DIAMONDS_BIT else 0)
        + (TWO_OF_CLUBS_POINTS if mask & TWO_OF_CLUBS_BIT else 0)
        + (mask & (ACES_MASK | JACKS_MASK)).bit_count()
    )


def side_totals(rules: Rules, captured: list[int], surs: list[int]) -> list[int]:
    """Round points per side from per-seat captured masks and each side's scoring surs:
    `score_round`'s totals without the sheets, for searches that score thousands of playouts.

    >>> from engine.cards import Card
    >>> pile = sum(1 << Card.parse(c).id for c in ["10D", "2C", "AS", "JH"])
    >>> side_totals(Rules(), [pile, 0], [1, 0])  # 3 + 2 + 1 + 1, and a sur of 5
    [12, 0]
    """
    by_side = side_masks(rules, captured)
    bonus = clubs_bonus_side(rules, [clubs_in(mask) for mask in by_side])
    return [
        (CLUBS_POINTS if side == bonus else 0) + card_points(mask) + surs[side] * rules.sur_points
        for side, mask in enumerate(by_side)
    ]


def deal_values(rules: Rules, captured: list[int], surs: list[int]) -> list[float]:
    """An estimate of each side's round points from a position at the end of a deal, from
    per-seat captured masks and each side's scoring surs.

    Points already certain count in full; a club counts 0.6 of the bonus's 7 until a side holds
    7 or more, when the bonus is that side's.
    """
    by_side = side_masks(rules, captured)
    clubs = [clubs_in(mask) for mask in by_side]
    decided = max(clubs) >= 7
    return [
        (CLUBS_POINTS if clubs[side] >= 7 else 0.0 if decided else 0.6 * clubs[side])
        + card_points(mask)
        + surs[side] * rules.sur_points
        for side, mask in enumerate(by_side)
    ]
