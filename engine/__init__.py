"""Chaharbargh (Pasur): the pure rules engine. See docs/engine.md for the public API.

>>> from engine import Card, Rules, legal_moves, new_match
>>> [str(m) for m in legal_moves([Card.parse("7C")], [Card.parse("4D"), Card.parse("KS")])]
['7C+4D']
"""

from engine.ai.players import Player, bot
from engine.cards import CARDS, Card, CardError, parse_cards
from engine.match import Deal, Leftover, MatchState, Outcome, PlayedMove, RoundLog, Shown, from_position, new_match
from engine.moves import CAPTURE_SUM, IllegalMove, Move, Reason, card_sum, legal_moves
from engine.observation import Observation, observation
from engine.position import from_text
from engine.records import RECORD_FORMAT, RecordError, record, replay
from engine.rules import Rules, RulesError
from engine.scoring import RoundScore

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
    "legal_moves",
    "new_match",
    "observation",
    "parse_cards",
    "record",
    "replay",
]
