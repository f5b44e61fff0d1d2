"""All Fours moves: the four decisions of the deal and the card plays, and which cards may be played.

A move's text is a card code for a play (``"7C"``) or the name of a decision: ``stand`` and
``beg`` (the player to the dealer's right, about the turned-up trump), ``one`` ("take one") and
``run`` (the dealer, answering a beg).

>>> Move.parse("stand"), Move.parse("10h")
(Move.parse('stand'), Move.parse('10H'))
>>> from engine.cards import parse_cards
>>> hand = parse_cards("7C KC 2H 5D")
>>> [str(c) for c in playable(hand, led="C", trump="H")]  # follow clubs or trump
['7C', 'KC', '2H']
>>> [str(c) for c in playable(hand, led="S", trump="H")]  # no spade, but a trump: trump
['2H']
>>> [str(c) for c in playable(parse_cards("7C 5D"), led="S", trump="H")]  # neither: anything
['7C', '5D']
>>> [str(c) for c in playable(hand, led="H", trump="H")]  # trump led: trump if you can
['2H']
>>> trick_winner(parse_cards("9C AD 2H"), trump="H")  # the only trump wins
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

import engine.errors
from engine.allfours.rules import power
from engine.cards import Card, CardError

DECISIONS = ("stand", "beg", "one", "run")


class Reason(StrEnum):
    """Why a move was refused, for a UI to explain in its own words."""

    MATCH_OVER = "match_over"
    NOT_A_MOVE = "not_a_move"
    NOT_YOUR_DECISION = "not_your_decision"  # a decision that is not this phase's, or a card while deciding
    NOT_IN_HAND = "not_in_hand"
    MUST_FOLLOW = "must_follow"  # a plain suit was led: follow it or trump
    MUST_TRUMP = "must_trump"  # trump was led: play trump


class IllegalMove(engine.errors.IllegalMove):
    """A move that is not legal here (an `engine.errors.IllegalMove`); ``reason`` says why."""

    reason: Reason

    def __init__(self, message: str, reason: Reason) -> None:
        super().__init__(message, reason)


@dataclass(frozen=True, slots=True)
class Move:
    """A card play (``card`` set, ``decision`` empty) or a decision (``decision`` one of
    `DECISIONS`, ``card`` ``None``)."""

    card: Card | None = None
    decision: str = ""

    def __post_init__(self) -> None:
        if (self.card is None) == (not self.decision) or (self.decision and self.decision not in DECISIONS):
            raise ValueError("a move is either a card or one of " + ", ".join(DECISIONS))

    @staticmethod
    def play(card: Card | str) -> Move:
        return Move(card=Card.parse(card) if isinstance(card, str) else card)

    @staticmethod
    def parse(text: str) -> Move:
        """The move a text names: a decision's name or a card code, in any case."""
        word = text.strip().lower()
        if word in DECISIONS:
            return Move(decision=word)
        try:
            return Move(card=Card.parse(text))
        except CardError:
            raise IllegalMove(f"not a move: {text!r}", Reason.NOT_A_MOVE) from None

    def __str__(self) -> str:
        return str(self.card) if self.card is not None else self.decision

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


STAND, BEG, ONE, RUN = (Move(decision=d) for d in DECISIONS)


def playable(hand: Sequence[Card], led: str | None, trump: str) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led`` (``None``
    when leading: any card). Trump led: trump if the hand has any. A plain suit led: that suit
    or trump, and anything when the hand has neither."""
    if led is None:
        return tuple(hand)
    if led == trump:
        allowed = tuple(c for c in hand if c.suit == trump)
    else:
        allowed = tuple(c for c in hand if c.suit in (led, trump))
    return allowed or tuple(hand)


def refusal(card: Card, hand: Sequence[Card], led: str | None, trump: str) -> IllegalMove | None:
    """Why ``card`` may not be played from ``hand`` to this trick, or ``None`` if it may."""
    if card not in hand:
        return IllegalMove(f"{card} is not in the hand", Reason.NOT_IN_HAND)
    if card in playable(hand, led, trump):
        return None
    if led == trump:
        return IllegalMove(f"trump was led and the hand holds trump: {card} may not be played", Reason.MUST_TRUMP)
    return IllegalMove(f"{led} was led: follow suit or trump, {card} may not be played", Reason.MUST_FOLLOW)


def trick_winner(cards: Sequence[Card], trump: str) -> int:
    """The index in ``cards`` (in the order played) of the card that wins the trick: the
    highest trump, or without trump the highest card of the suit led."""
    led = cards[0].suit
    best = 0
    for i, card in enumerate(cards[1:], 1):
        top = cards[best]
        if card.suit == top.suit:
            if power(card) > power(top):
                best = i
        elif card.suit == trump:
            best = i
    assert cards[best].suit in (led, trump)
    return best
