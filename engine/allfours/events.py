"""What physically happened at an All Fours table, as `engine.events.Event` values.

The zones are those of `engine.events`: ``"hand:N"``, ``"table"`` (the trick in progress),
``"pile:S"`` (the tricks side S won this round) and ``"stock"``, and one of this game's own,
``"turnup"``: the cards turned face up for trump (the last one shows trump; a card turned
before it was set aside when the dealer ran the cards). An event's ``kind`` is one of:

- ``cut``: before round one, ``seat`` cuts ``cards[0]`` to choose the first dealer (every cut
  of `engine.allfours.match.Cut`, in order); moves nothing: the pack is shuffled for the deal;
- ``deal``: the dealer gives a packet of three cards from the stock to a hand;
- ``turn_up``: the dealer turns ``cards[0]`` from the stock face up (``turnup``);
- ``kick``: the dealer's side scores for that card (ace, six or jack); moves nothing;
- ``stand``, ``beg``, ``one``, ``run``: a seat's decision; they move nothing (on ``run`` the
  turned card stays face up beside the stock, set aside);
- ``play``: ``seat`` plays ``cards[0]`` from its hand to the table;
- ``trick``: the trick's cards go from the table to the pile of the winner's side; ``seat`` is
  the seat that won it;
- ``collect``: before a redeal or a new round, the cards of a zone go back into the stock;
- ``round_end``: the round is scored; moves nothing;
- ``match_end``: the match is over, ``seat`` is the winning side; moves nothing.

`seen_by` is the only form of an event a seat's screen may get: a card going into or out of
another seat's hand is ``None`` there (the number of cards is kept), except a card played to
the table, which every seat sees.

>>> from engine.cards import parse_cards
>>> deal = Event("deal", 1, parse_cards("7C 2H 9S"), "stock", "hand:0")
>>> seen_by(deal, 1).cards
(None, None, None)
>>> [str(c) for c in seen_by(deal, 0).cards]
['7C', '2H', '9S']
"""

from __future__ import annotations

from dataclasses import replace

from engine.events import Event, hand, pile, zones_after

KINDS = (
    "cut",
    "deal",
    "turn_up",
    "kick",
    "stand",
    "beg",
    "one",
    "run",
    "play",
    "trick",
    "collect",
    "round_end",
    "match_end",
)
TURNUP = "turnup"
STOCK = "stock"
TABLE = "table"

__all__ = ["Event", "KINDS", "STOCK", "TABLE", "TURNUP", "hand", "pile", "seen_by", "zones_after"]


def seen_by(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` may see it: cards moving into or out of another seat's hand are
    hidden (``None``), unless they are played to the table."""
    if event.kind == "play":
        return event
    own = hand(seat)
    hidden = {event.source, event.target} - {own}
    if not any(zone.startswith("hand:") for zone in hidden):
        return event
    return replace(event, cards=tuple(None for _ in event.cards))
