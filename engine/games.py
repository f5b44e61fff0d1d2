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

from importlib import import_module

from engine.game import AnyGame

# the engine's own games, each loaded (its module imported) the first time it is asked for, so
# that listing the games, or playing one, never loads the other's rules and computer players
_OWN = {"chaharbargh": "engine.chaharbargh.game", "allfours": "engine.allfours.game"}
_GAMES: dict[str, AnyGame | str] = dict(_OWN)  # a game, or the module whose GAME it is


class UnknownGame(LookupError):
    """No game of that name is registered."""


def get(name: str) -> AnyGame:
    """The game registered as `name`; `UnknownGame` if there is none."""
    try:
        game = _GAMES[name]
    except KeyError:
        raise UnknownGame(f"no game {name!r}; the games are {', '.join(_GAMES)}") from None
    if isinstance(game, str):
        loaded: AnyGame = import_module(game).GAME
        _GAMES[name] = game = loaded
    return game


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
    if name in _OWN:
        raise ValueError(f"{name!r} is one of the engine's own games")
    _GAMES.pop(name, None)
