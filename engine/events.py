"""What physically happened at the table, as a list of events: the one account of a move that a
view, an animation or a replay needs, so none of them works rule facts out for itself.

Cards move between zones, written as text: ``"hand:N"`` (seat N's hand), ``"table"``,
``"pile:S"`` (side S's captured pile this round: a seat, or a team with four players) and
``"stock"``. An event's ``kind`` is one of:

- ``play``: ``seat`` plays ``cards[0]`` from its hand to the table;
- ``capture`` / ``sweep`` (a jack): the played card and what it takes go from the table to the
  side's pile;
- ``sur``: that capture was a sur (R8); it moves nothing;
- ``show``: open hand: ``seat`` turns ``cards[0]`` of its hand face up for all to see; it
  moves nothing;
- ``deal``: the dealer moves cards: from the stock to each hand and, on a round's first deal,
  to the table; before a new round, the piles (and any cards left on the table) back into the
  stock;
- ``leftover``: at the end of a round the cards left on the table go to the last capturer's
  pile (R9);
- ``round_end``: the round is scored; it moves nothing;
- ``match_end``: the match is over, ``seat`` is the winning side; it moves nothing.

Replaying every event from a board whose stock holds all 52 cards reproduces every zone after
every move. `seen_by` is the only form of an event a seat's screen may get: a card dealt into
another seat's hand is ``None`` unless it is face up (open hand); the number of cards is kept.

>>> from engine.cards import Card
>>> deal = Event("deal", 1, (Card.parse("7C"), Card.parse("2H")), "stock", "hand:1")
>>> deal.seen_by(0, face_up=frozenset()).cards
(None, None)
>>> [str(c) for c in deal.seen_by(1, face_up=frozenset()).cards]
['7C', '2H']
>>> [c and str(c) for c in deal.seen_by(0, face_up=frozenset({Card.parse("2H")})).cards]
[None, '2H']

Someone watching the table sits at no seat: ``seen_by(NO_SEAT, ...)`` hides every hand's cards.

>>> deal.seen_by(NO_SEAT, face_up=frozenset()).cards
(None, None)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from engine.cards import Card

NO_SEAT = -1  # whose events a spectator gets: nobody's hand is theirs (`seen_by`, `events_for`)
KINDS = ("play", "capture", "sweep", "sur", "show", "deal", "leftover", "round_end", "match_end")


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: ``kind``, who did it, the cards moved, from where and to where
    (``""`` for an event that moves nothing)."""

    kind: str
    seat: int | None
    cards: tuple[Card | None, ...] = ()
    source: str = ""
    target: str = ""

    def seen_by(self, seat: int, face_up: frozenset[Card]) -> Event:
        """This event as ``seat`` may see it: cards dealt into another hand are ``None`` unless
        they are in ``face_up`` (the open hand's shown cards)."""
        if self.kind != "deal" or not self.target.startswith("hand:") or self.target == f"hand:{seat}":
            return self
        return replace(self, cards=tuple(c if c in face_up else None for c in self.cards))


def hand(seat: int) -> str:
    return f"hand:{seat}"


def pile(side: int) -> str:
    return f"pile:{side}"


def deal_into_hands(dealer: int, hands: Sequence[Sequence[Card]]) -> list[Event]:
    """The dealer gives each seat its cards from the stock, starting left of the dealer."""
    n = len(hands)
    seats = [(dealer + 1 + i) % n for i in range(n)]
    return [Event("deal", dealer, tuple(hands[s]), "stock", hand(s)) for s in seats if hands[s]]


def deal_round(dealer: int, hands: Sequence[Sequence[Card]], table: Iterable[Card]) -> list[Event]:
    """A round's first deal: the hands, then the first table."""
    return [*deal_into_hands(dealer, hands), Event("deal", dealer, tuple(table), "stock", "table")]


def zones_after(events: Iterable[Event], zones: dict[str, set[Card]]) -> dict[str, set[Card]]:
    """Apply ``events`` to ``zones`` (changed in place, and returned): each moved card leaves its
    source zone and joins the target zone.

    >>> from engine.cards import Card
    >>> seven = Card.parse("7C")
    >>> zones = zones_after([Event("play", 0, (seven,), "hand:0", "table")], {"hand:0": {seven}})
    >>> {zone: sorted(str(c) for c in cards) for zone, cards in zones.items()}
    {'hand:0': [], 'table': ['7C']}
    """
    for event in events:
        if not event.source:
            continue
        for card in event.cards:
            if card is None:
                raise ValueError("a hidden card cannot be replayed")
            zones.setdefault(event.source, set()).remove(card)
            zones.setdefault(event.target, set()).add(card)
    return zones
