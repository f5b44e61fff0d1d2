"""All Fours (Trinidad rules): the second game's pure rules engine. See docs/all-fours.md for
the rules and docs/engine.md for the shape it shares with Chaharbargh.

>>> from engine.allfours import Move, new_match, observation
>>> state = new_match(3).apply(Move.parse("stand"))
>>> view = observation(state, 0)
>>> view.phase, len(view.legal_moves) > 0
('play', True)

The computer players are in `engine.allfours.ai`; this package's core never imports them.
"""

from engine.allfours.match import Cut, CutCard, MatchState, Outcome, PlayedMove, RoundLog, Trick, new_match
from engine.allfours.moves import BEG, ONE, RUN, STAND, IllegalMove, Move, Reason, playable, trick_winner
from engine.allfours.observation import Observation, observation, spectator
from engine.allfours.position import POSITION_FORMAT, PositionError, from_text, to_text
from engine.allfours.records import RECORD_FORMAT, RecordError, record, replay
from engine.allfours.rules import Rules, RulesError, game_value, power
from engine.allfours.scoring import ScoreLine

__all__ = [
    "BEG",
    "Cut",
    "CutCard",
    "IllegalMove",
    "MatchState",
    "Move",
    "ONE",
    "Observation",
    "Outcome",
    "POSITION_FORMAT",
    "PlayedMove",
    "PositionError",
    "RECORD_FORMAT",
    "RUN",
    "Reason",
    "RecordError",
    "RoundLog",
    "Rules",
    "RulesError",
    "STAND",
    "ScoreLine",
    "Trick",
    "from_text",
    "game_value",
    "new_match",
    "observation",
    "spectator",
    "playable",
    "power",
    "record",
    "replay",
    "to_text",
    "trick_winner",
]
