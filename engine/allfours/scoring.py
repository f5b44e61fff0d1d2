"""All Fours scoring: kicks, "take one", and High, Low, Jack (or hang jack) and Game.

Every point is a `ScoreLine`. Lines are scored one at a time, in the order they happen (a kick
when the card is turned, "take one" when the dealer says it, then High, Low, Jack and Game after
the last trick); the first side to reach the target wins at once, and the lines after that one
are kept with ``counted=False``.

>>> from engine.cards import parse_cards
>>> dealt = (parse_cards("AH 3H 9C"), parse_cards("JH 7H 10S"))
>>> piles = (parse_cards("AH JH 3H 7H"), parse_cards("9C 10S"))
>>> [(line.kind, line.side, line.points) for line in round_lines("H", dealt, piles, Rules())]
[('high', 0, 1), ('low', 0, 1), ('hang_jack', 0, 3), ('game', 1, 1)]
>>> game_counts(piles)  # A 4 + J 1 against the ten's 10
(5, 10)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.allfours.rules import Rules, game_value, power
from engine.cards import JACK, Card

KINDS = ("kick", "one", "high", "low", "jack", "hang_jack", "game")


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """``points`` for ``side``, for ``kind`` (one of `KINDS`); ``card`` is the card it is for
    (the turned card of a kick, the trump of High or Low, the jack), else ``None``.
    ``counted`` is false for a line that came after the match was already won."""

    kind: str
    side: int
    points: int
    card: Card | None = None
    counted: bool = True

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "side": self.side, "points": self.points}
        data["card"] = str(self.card) if self.card is not None else None
        data["counted"] = self.counted
        return data


def game_counts(piles: Sequence[Sequence[Card]]) -> tuple[int, ...]:
    """What each side's won cards count towards Game."""
    return tuple(sum(game_value(c) for c in pile) for pile in piles)


def round_lines(
    trump: str, dealt: Sequence[Sequence[Card]], piles: Sequence[Sequence[Card]], rules: Rules
) -> list[ScoreLine]:
    """The lines scored after the last trick, in order: High, Low, Jack or hang jack, Game.

    ``dealt`` is every card each seat was dealt this round (its original holder), ``piles`` the
    cards each side won in tricks. High and Low go to the sides of the seats that were dealt the
    highest and the lowest trump (one trump dealt alone is both). The jack of trumps, if dealt,
    scores 1 for the side that wins it in a trick when that is its holder's side, else 3 for
    hanging it. Game goes to the side whose tricks count more; on a tie nobody scores it.
    """
    lines: list[ScoreLine] = []
    trumps = [(power(c), c, seat) for seat, cards in enumerate(dealt) for c in cards if c.suit == trump]
    if trumps:
        _, high, high_seat = max(trumps)
        _, low, low_seat = min(trumps)
        lines.append(ScoreLine("high", rules.side_of(high_seat), 1, high))
        lines.append(ScoreLine("low", rules.side_of(low_seat), 1, low))
    jack = Card(JACK, trump)
    holder = next((seat for _, c, seat in trumps if c == jack), None)
    if holder is not None:
        winner = next(side for side, pile in enumerate(piles) if jack in pile)
        if winner == rules.side_of(holder):
            lines.append(ScoreLine("jack", winner, 1, jack))
        else:
            lines.append(ScoreLine("hang_jack", winner, 3, jack))
    counts = game_counts(piles)
    if counts[0] != counts[1]:
        lines.append(ScoreLine("game", 0 if counts[0] > counts[1] else 1, 1))
    return lines


def score(
    totals: tuple[int, ...], lines: Sequence[ScoreLine], target: int
) -> tuple[tuple[int, ...], list[ScoreLine], int | None]:
    """Score ``lines`` in order onto ``totals``: the new totals, the lines (those after the one
    that won the match marked not counted) and the winning side, or ``None``.

    >>> new, marked, winner = score((12, 13), [ScoreLine("high", 0, 1), ScoreLine("low", 0, 1),
    ...                                        ScoreLine("game", 1, 1)], 14)
    >>> new, [line.counted for line in marked], winner
    ((14, 13), [True, True, False], 0)
    """
    result = list(totals)
    marked: list[ScoreLine] = []
    winner: int | None = None
    for line in lines:
        if winner is not None:
            marked.append(replace(line, counted=False))
            continue
        result[line.side] += line.points
        marked.append(line)
        if result[line.side] >= target:
            winner = line.side
    return tuple(result), marked, winner
