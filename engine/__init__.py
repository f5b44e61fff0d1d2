"""The engine: each game a package behind one typed protocol (`engine.game`), listed by the
registry (`engine.games`). Chaharbargh (Pasur) is `engine.chaharbargh`, All Fours
`engine.allfours`; Chaharbargh's public names are here too, so `from engine import ...` works as
it always has. See docs/engine.md for the public API.

>>> from engine import Card, Rules, legal_moves, new_match
>>> [str(m) for m in legal_moves([Card.parse("7C")], [Card.parse("4D"), Card.parse("KS")])]
['7C+4D']

Those names are loaded the first time one is asked for: importing `engine.cards`, `engine.game`,
`engine.games` or All Fours does not load Chaharbargh and its computer players.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.chaharbargh import *  # noqa: F403

# engine.chaharbargh's `__all__`, written out so that a name can be told from a submodule
# (`from engine import games`) without loading the game; tests/engine/test_imports.py checks that
# the two lists agree
__all__ = [  # noqa: F405 (mypy reads the names from the import above; Python from __getattr__)
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


def __getattr__(name: str) -> Any:
    if name in __all__:
        value = getattr(import_module("engine.chaharbargh"), name)
        globals()[name] = value  # asked for once: later lookups find it without this function
        return value
    raise AttributeError(f"module 'engine' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
