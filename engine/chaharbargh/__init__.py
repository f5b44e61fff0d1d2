"""Chaharbargh (Pasur), the Persian fishing game: its pure rules engine. See docs/engine.md for
the public API; `from engine import ...` gives the same names.

>>> from engine.chaharbargh import Card, legal_moves
>>> [str(m) for m in legal_moves([Card.parse("7C")], [Card.parse("4D"), Card.parse("KS")])]
['7C+4D']

The computer players are in `engine.chaharbargh.ai`; the rules core never imports them.
"""

from engine.cards import CARDS, Card, CardError, parse_cards
from engine.chaharbargh.ai.base import Player
from engine.chaharbargh.ai.players import bot, move_values
from engine.chaharbargh.match import (
    Deal,
    Leftover,
    MatchState,
    Outcome,
    PlayedMove,
    RoundLog,
    Shown,
    from_position,
    new_match,
)
from engine.chaharbargh.moves import CAPTURE_SUM, IllegalMove, Move, Reason, card_sum, legal_moves
from engine.chaharbargh.observation import Observation, observation, spectator
from engine.chaharbargh.position import from_text, to_text
from engine.chaharbargh.records import RECORD_FORMAT, RecordError, record, replay
from engine.chaharbargh.rules import Rules, RulesError
from engine.chaharbargh.scoring import RoundScore

__all__ = [
    "CARDS",
    "Card",
    "CardError",
    "Deal",
    "IllegalMove",
    "Leftover",
    "MatchState",
    "Move",
    "Observation",
    "Outcome",
    "Reason",
    "PlayedMove",
    "Player",
    "RECORD_FORMAT",
    "RecordError",
    "RoundLog",
    "RoundScore",
    "Rules",
    "RulesError",
    "Shown",
    "bot",
    "CAPTURE_SUM",
    "card_sum",
    "from_position",
    "from_text",
    "to_text",
    "legal_moves",
    "move_values",
    "new_match",
    "observation",
    "spectator",
    "parse_cards",
    "record",
    "replay",
]
