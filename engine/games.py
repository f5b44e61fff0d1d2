"""The one place that lists the games: `get(name)` and `names()`.

>>> from engine import games
>>> games.names()
('chaharbargh', 'allfours')
>>> games.get("allfours").seat_counts
(2, 4)
>>> games.get("chess")
Traceback (most recent call last):
  ...
engine.games.UnknownGame: no game 'chess'; the games are chaharbargh, allfours

A game defined elsewhere (the tests' own) joins with `register(game)`; the web table, the
command line and the arena then serve it like the others.
"""

from __future__ import annotations

from engine.allfours.game import GAME as ALL_FOURS
from engine.chaharbargh.game import GAME as CHAHARBARGH
from engine.game import AnyGame

_GAMES: dict[str, AnyGame] = {game.name: game for game in (CHAHARBARGH, ALL_FOURS)}


class UnknownGame(LookupError):
    """No game of that name is registered."""


def get(name: str) -> AnyGame:
    """The game registered as `name`; `UnknownGame` if there is none."""
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGame(f"no game {name!r}; the games are {', '.join(_GAMES)}") from None


def names() -> tuple[str, ...]:
    """Every registered game's name, in the order they were registered."""
    return tuple(_GAMES)


def register(game: AnyGame) -> None:
    """Add a game (its `name` must be new): for a game that lives outside the engine."""
    if game.name in _GAMES:
        raise ValueError(f"a game named {game.name!r} is registered already")
    _GAMES[game.name] = game


def unregister(name: str) -> None:
    """Remove a game `register` added (a test's game, after its test)."""
    if name in (CHAHARBARGH.name, ALL_FOURS.name):
        raise ValueError(f"{name!r} is one of the engine's own games")
    _GAMES.pop(name, None)
