"""Every refusal the engine raises, for any game: one hierarchy under `EngineError`.

Each game's own classes (`engine.chaharbargh.IllegalMove`, `engine.allfours.RulesError`, ...)
are subclasses of these, so code that serves every game catches these and code that knows its
game may catch that game's. Each is also a `ValueError`, as the engine's refusals always were.

>>> from engine import games
>>> from engine.errors import IllegalMove
>>> game = games.get("allfours")
>>> state = game.new_match(3, game.rules(players=2))
>>> try:
...     game.apply(state, game.parse_move("run"))  # the dealer's answer to a beg, but nobody begged
... except IllegalMove as refused:
...     print(refused.reason)
not_your_decision
"""

from __future__ import annotations


class EngineError(Exception):
    """Anything the engine refuses: a move, rules, a record, a position, a card code."""


class IllegalMove(EngineError, ValueError):
    """A move the rules do not allow in this position; the position is unchanged.

    ``reason`` names the rule that refused it (a game's `Reason`, a `StrEnum`, so also its text
    name such as ``"must_follow"``): the key a UI explains it by, in its own words.
    """

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class RulesError(EngineError, ValueError):
    """Rules or an option's value the game does not allow (an unknown preset or option too)."""


class RecordError(EngineError, ValueError):
    """A game record that is malformed or does not agree with the game its seed and moves give."""


class PositionError(EngineError, ValueError):
    """Position text that is malformed or describes no position the game can reach."""
