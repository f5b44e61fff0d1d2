"""Computer players: each decides from `observation(state, seat)` and its own random generator.

>>> from engine.match import new_match
>>> from engine.observation import observation
>>> state = new_match(5)
>>> move = bot("random", seed=1).choose(observation(state, state.turn))
>>> move in state.legal_moves()
True
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.moves import Move
from engine.observation import Observation


class Player(Protocol):
    """The one interface of every computer player: a seat's view in, one of its legal moves out."""

    def choose(self, view: Observation) -> Move: ...


class RandomPlayer:
    """Plays uniformly at random among the legal moves."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Observation) -> Move:
        if not view.legal_moves:
            raise ValueError("it is not this seat's turn")
        return self.rng.choice(view.legal_moves)


LEVELS = {"random": RandomPlayer}


def bot(level: str, seed: int | None = None) -> Player:
    """A computer player of the named level, with its own seeded generator."""
    try:
        return LEVELS[level](seed)
    except KeyError:
        raise ValueError(f"no computer level {level!r}; choose one of {sorted(LEVELS)}") from None
