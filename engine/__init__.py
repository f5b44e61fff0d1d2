"""The engine: each game a package behind one typed protocol (`engine.game`), listed by the
registry (`engine.games`). Chaharbargh (Pasur) is `engine.chaharbargh`, All Fours
`engine.allfours`; Chaharbargh's public names are here too, so `from engine import ...` works as
it always has. See docs/engine.md for the public API.

>>> from engine import Card, Rules, legal_moves, new_match
>>> [str(m) for m in legal_moves([Card.parse("7C")], [Card.parse("4D"), Card.parse("KS")])]
['7C+4D']
"""

from engine.chaharbargh import (
    CAPTURE_SUM,
    CARDS,
    RECORD_FORMAT,
    Card,
    CardError,
    Deal,
    IllegalMove,
    Leftover,
    MatchState,
    Move,
    Observation,
    Outcome,
    PlayedMove,
    Player,
    Reason,
    RecordError,
    RoundLog,
    RoundScore,
    Rules,
    RulesError,
    Shown,
    bot,
    card_sum,
    from_position,
    from_text,
    legal_moves,
    new_match,
    observation,
    parse_cards,
    record,
    replay,
    to_text,
)

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
    "new_match",
    "observation",
    "parse_cards",
    "record",
    "replay",
]
