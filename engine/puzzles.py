"""Puzzles from real play: positions of pro-against-pro matches where one move clearly beats
every other, each tagged with what it is about.

`candidates` plays two pros from a seed and yields every decision (a turn with more than one
legal move) as the position text and its seat. `find` values each one with the game's reviewing
pro (`engine.review.Judge.values`: every legal move from the seat's view, in the same worlds),
first cheaply (`screen_worlds`) to rank a round's decisions by the gap between the best move and
the second, then the round's most promising again at `worlds`; it keeps at most one a round, and
only one whose gap passes `threshold`. The threshold comes from the values' noise (`noise`: the
same position valued with different worlds' seeds; docs/engine.md, "Puzzles").

A position is valued as its text reads back (`from_text`), not as the played match held it:
a puzzle stores only its text, and anyone re-valuing it must get the same figures.

Themes come from what the best and the second move did at once (the game's `themes`): they
name what the puzzle is about, never which move answers it.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine import games
from engine.review import Judge, decision_seed, is_decision

FORMAT = "puzzles/1"
START_DEVIATION = 350.0  # Glicko-2's unrated deviation: the first tries move a new puzzle's rating fast


@dataclass(frozen=True)
class Puzzle:
    """One position with one clearly best move, from `seat`'s view."""

    id: str  # the game's initial, the match seed and the ply: stable across runs of one seed
    game: str
    position: str  # the whole position as text (the game's `to_text`): never shown to a player
    seat: int
    best: str
    values: tuple[tuple[str, float], ...]  # every legal move's value (its text), best first
    themes: tuple[str, ...]
    rating: float  # a first guess at its Glicko-2 rating (`first_rating`)

    @property
    def gap(self) -> float:
        return self.values[0][1] - self.values[1][1]

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "position": self.position,
            "seat": self.seat,
            "best": self.best,
            "values": [[move, round(value, 3)] for move, value in self.values],
            "themes": list(self.themes),
            "rating": round(self.rating),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Puzzle:
        values = tuple((str(m), float(v)) for m, v in data["values"])
        themes = tuple(str(t) for t in data["themes"])
        return cls(
            data["id"], data["game"], data["position"], data["seat"], data["best"], values, themes, data["rating"]
        )


def first_rating(moves: int, gap: float, threshold: float) -> float:
    """A new puzzle's rating before anyone has tried it: harder with more moves to choose from,
    easier the more the best move stands out (a first guess the solvers' results soon correct).

    >>> first_rating(2, 1.0, 1.0), first_rating(6, 1.0, 1.0), first_rating(2, 8.0, 1.0)
    (1400.0, 1800.0, 1100.0)
    """
    rating = 1400 + 100 * (moves - 2) - 100 * math.log2(max(1.0, gap / threshold))
    return float(round(max(1000.0, min(2000.0, rating))))


THEMES_OF = {"chaharbargh": "engine.chaharbargh.ai.puzzles", "allfours": "engine.allfours.puzzles"}
"""Each game's module of puzzle themes and its reviewing pro (`JUDGE`, `themes`), by game."""


def judge_of(game_name: str) -> tuple[Judge[Any, Any], Callable[[Any, Any, Any], tuple[str, ...]]]:
    """The game's reviewing pro and its puzzle themes."""
    module = importlib.import_module(THEMES_OF[game_name])
    return module.JUDGE, module.themes


def ranked(game_name: str, position: str, seat: int, seed: int, worlds: int) -> list[tuple[Any, float]]:
    """Every legal move of the position and its value from `seat`'s view, best first."""
    game = games.get(game_name)
    judge, _ = judge_of(game_name)
    values = judge.values(game.from_text(position), seat, seed, worlds)
    return sorted(values.items(), key=lambda item: (-item[1], str(item[0])))


def candidates(game_name: str, seed: int) -> Iterator[tuple[int, int, str, int]]:
    """Every decision of a two-seat match between pros from `seed`: (round, ply, position text,
    seat), in the order played."""
    game = games.get(game_name)
    rules = game.preset(game.presets[0], players=2)
    players = [game.bot("pro", seed=seed * 10 + seat) for seat in range(2)]
    state = game.new_match(seed, rules)
    while game.winner(state) is None:
        seat = game.turn(state)
        if is_decision(state, seat):
            yield game.rounds_played(state), game.ply(state), game.to_text(state), seat
        state = game.apply(state, players[seat].choose(game.observation(state, seat)))


def find(
    game_name: str, seed: int, threshold: float, worlds: int, screen_worlds: int, tries: int = 2
) -> Iterator[Puzzle]:
    """The puzzles of one match between pros from `seed`, each as soon as its round is over: at
    most one a round, its gap at `worlds` at least `threshold`. Of each round's decisions the
    `tries` with the largest gaps at `screen_worlds` are valued again, the largest first, until
    one passes."""
    kept: list[tuple[float, int, str, int]] = []
    playing = 0
    for round_no, ply, text, seat in candidates(game_name, seed):
        if round_no != playing:
            yield from _best_of(game_name, seed, kept, threshold, worlds, tries)
            kept, playing = [], round_no
        values = ranked(game_name, text, seat, decision_seed(seed, ply), screen_worlds)
        gap = values[0][1] - values[1][1]
        if gap >= threshold / 2:  # the screen's noise is larger: keep what might pass
            kept.append((gap, ply, text, seat))
    yield from _best_of(game_name, seed, kept, threshold, worlds, tries)


def _best_of(
    game_name: str, seed: int, kept: list[tuple[float, int, str, int]], threshold: float, worlds: int, tries: int
) -> Iterator[Puzzle]:
    """The first of a round's screened decisions, the largest gap first, that passes at `worlds`."""
    game = games.get(game_name)
    _, themes_of = judge_of(game_name)
    for _, ply, text, seat in sorted(kept, reverse=True)[:tries]:
        values = ranked(game_name, text, seat, decision_seed(seed + 1, ply), worlds)
        gap = values[0][1] - values[1][1]
        if gap < threshold:
            continue
        themes = themes_of(game.from_text(text), values[0][0], values[1][0])
        moves = tuple((str(m), v) for m, v in values)
        rating = first_rating(len(values), gap, threshold)
        yield Puzzle(f"{game_name[0]}{seed}-{ply}", game_name, text, seat, moves[0][0], moves, themes, rating)
        return


def noise(game_name: str, positions: Sequence[tuple[str, int]], worlds: int, repeats: int) -> list[float]:
    """For each position, the spread (largest minus smallest) of the gap between the move first
    at the first valuing and the move second then, over `repeats` valuings with different seeds."""
    spreads = []
    for index, (text, seat) in enumerate(positions):
        first = ranked(game_name, text, seat, 1_000_003 * index, worlds)
        top, runner = first[0][0], first[1][0]
        gaps = [first[0][1] - first[1][1]]
        for repeat in range(1, repeats):
            values = dict(ranked(game_name, text, seat, 1_000_003 * index + repeat, worlds))
            gaps.append(values[top] - values[runner])
        spreads.append(max(gaps) - min(gaps))
    return spreads


def quantile(values: Sequence[float], q: float) -> float:
    """The `q` quantile of `values`, the nearest rank's.

    >>> quantile([1.0, 2.0, 3.0, 4.0], 0.9), quantile([5.0], 0.5)
    (4.0, 5.0)
    """
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]
