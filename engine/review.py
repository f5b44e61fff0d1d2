"""A review of one seat's decisions, move by move, for any game whose pro can value moves.

Each game says how its pro values the legal moves of a position from the seat's view, what the
match margin was when the round began, why one move beats another when its events tell, and
its verdict bands (`Judge`); the walk through the match, the loss and the verdict are here,
the same for every game.

For each decision of the seat (a turn with more than one legal move) every legal move is
valued in the same sampled worlds, seeded from the review's seed and the ply, so a review of
the same match is the same every time. The loss of the move played is the best value minus
its value (never below 0); its verdict is the first band whose bound the loss does not pass.

>>> bands = ((0.25, "best"), (1.0, "good"), (math.inf, "blunder"))
>>> [verdict(loss, bands) for loss in (0.0, 0.25, 0.5, 3.0)]
['best', 'best', 'good', 'blunder']

A match's accuracy says how much of the gain from an average move to the best one each decision
kept, averaged over the decisions where the choice matters (`accuracy`). A decision's share
(`kept`) is the played move's value minus the mean of the legal moves' values, over the best
value minus that mean, within 0 and 1: the best move keeps 1, a move no better than the average
0 (what a move picked at random is worth, on average). The choice matters where the best
and worst moves are further apart than the game's "good" band: elsewhere every move is good or
best to the pro, so the decision says nothing of the player. Counting the moves within a band
instead gave a random player 81% (most decisions differ by less than a band); measuring from the
worst move instead of the average gave it 52%, because the worst move is often an outlier that a
random pick seldom makes (docs/benchmarks.md, "Reviews: accuracy per level").

>>> kept((6.0, 4.0, 0.0, -2.0), 4.0), matters((6.0, 4.0, 0.0, -2.0), bands), matters((0.5, 0.0), bands)
(0.5, True, False)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

Bands = tuple[tuple[float, str], ...]
"""A game's verdicts: a loss up to each bound (expected points) earns that name, in order."""

MoveT = TypeVar("MoveT")
StateT = TypeVar("StateT", bound="Position[Any]")
StateT_contra = TypeVar("StateT_contra", contravariant=True)


class Position(Protocol[MoveT]):
    """What a review reads of a match state: whose turn it is, the legal moves, the next state."""

    @property
    def turn(self) -> int: ...

    def legal_moves(self) -> list[MoveT]: ...

    def apply(self, move: MoveT) -> Any: ...


class Judge(Protocol[StateT_contra, MoveT]):
    """A game's pro as a reviewer."""

    bands: Bands

    def values(self, state: StateT_contra, seat: int, seed: int, worlds: int) -> Mapping[MoveT, float]:
        """Every legal move's value from `seat`'s view: expected points of the seat's side minus
        the other's, every move in the same `worlds` worlds drawn from `seed`."""
        ...

    def margin(self, state: StateT_contra, seat: int) -> int:
        """The match totals when the round began: the seat's side minus the best other."""
        ...

    def reason(self, state: StateT_contra, played: MoveT, best: MoveT) -> str | None:
        """Why `best` beats `played`, when what the two moves did at once tells; else None."""
        ...

    def ceiling(self, state: StateT_contra) -> float:
        """The largest expected margin a chart shows (a game that values a decided match as
        its target says the target: past it nothing is more won)."""
        ...


def verdict(loss: float, bands: Bands) -> str:
    """The name of the first band whose bound `loss` does not pass."""
    return next(name for bound, name in bands if loss <= bound)


def kept(values: Sequence[float], played: float) -> float:
    """The share of the gain from the average of a decision's `values` to the best that the move
    worth `played` kept: 1 for the best move, 0 for one no better than the average, and 1 when
    no move is worth more than the average (all the same)."""
    best, mean = max(values), sum(values) / len(values)
    return 1.0 if best <= mean else max(0.0, min(1.0, (played - mean) / (best - mean)))


def matters(values: Sequence[float], bands: Bands) -> bool:
    """Whether the choice matters: the worst move would lose more against the best than the
    "good" band allows. Where it does not, every move is good or best to the pro, and a
    decision there says nothing about the player (about half of all decisions, `accuracy`)."""
    return max(values) - min(values) > dict((name, bound) for bound, name in bands)["good"]


def accuracy(decisions: Iterable[tuple[Sequence[float], float]], bands: Bands) -> float | None:
    """The mean of `kept` over the decisions (each its legal moves' values and the played
    move's value) whose choice `matters`: 0 to 1, None when no choice mattered.

    Judged by the pro at 1,000 worlds, 20 matches each: random 46%, easy 59%, medium 80%, and
    the pro itself 98% (docs/benchmarks.md, "Reviews: accuracy per level").

    >>> bands = ((0.25, "best"), (0.75, "good"), (math.inf, "blunder"))
    >>> accuracy([((3.0, 0.0), 3.0), ((6.0, 4.0, 0.0, -2.0), 4.0), ((0.5, 0.0), 0.0)], bands)
    0.75
    >>> accuracy([((0.5, 0.0), 0.0)], bands) is None
    True
    """
    shares = [kept(values, played) for values, played in decisions if matters(values, bands)]
    return sum(shares) / len(shares) if shares else None


@dataclass(frozen=True)
class Decision(Generic[MoveT]):
    """One decision of the reviewed seat: what it played, what the pro values best, and each
    legal move's value (best first)."""

    ply: int  # the moves made in the match before this one
    played: MoveT
    best: MoveT
    values: tuple[tuple[MoveT, float], ...]
    margin_before: int  # match totals at the start of the round: the seat's side minus the best other
    bands: Bands
    reason: str | None = None  # why the pro's move is better, when the game's events tell (`Judge.reason`)
    ceiling: float = math.inf  # `Judge.ceiling`: the expected margin is shown within plus or minus it

    @property
    def loss(self) -> float:
        value = dict(self.values)
        return max(0.0, value[self.best] - value[self.played])

    @property
    def verdict(self) -> str:
        return verdict(self.loss, self.bands)

    @property
    def kept(self) -> float:
        """The share of the gain from the average move to the best that the move played kept (`kept`)."""
        value = dict(self.values)
        return kept(tuple(value.values()), value[self.played])

    @property
    def matters(self) -> bool:
        """Whether the choice mattered: it counts in the accuracy (`matters`)."""
        return matters(tuple(v for _, v in self.values), self.bands)

    @property
    def expected_margin(self) -> float:
        """The pro's expected match margin at the round's end after the move played: the
        totals before the round plus the played move's value (the chart's point), within
        plus or minus `ceiling`."""
        margin = self.margin_before + dict(self.values)[self.played]
        return max(-self.ceiling, min(self.ceiling, margin))


def review(
    start: StateT, moves: Sequence[MoveT], seat: int, seed: int, judge: Judge[StateT, MoveT], worlds: int
) -> Iterator[Decision[MoveT]]:
    """The decisions of `seat` as `moves` are played from `start`, one at a time (a caller
    shows progress between them). A turn with one legal move is no decision and is skipped."""
    state = start
    for ply, move in enumerate(moves):
        if is_decision(state, seat):
            values = judge.values(state, seat, decision_seed(seed, ply), worlds)
            ranked = tuple(sorted(values.items(), key=lambda item: (-item[1], str(item[0]))))
            best = ranked[0][0]
            margin, reason = judge.margin(state, seat), judge.reason(state, move, best)
            yield Decision(ply, move, best, ranked, margin, judge.bands, reason, judge.ceiling(state))
        state = state.apply(move)


def is_decision(state: Position[Any], seat: int) -> bool:
    """`seat` is to play and has more than one legal move: a decision a review judges."""
    return state.turn == seat and len(state.legal_moves()) > 1


def decision_count(start: Position[MoveT], moves: Sequence[MoveT], seat: int) -> int:
    """How many decisions `review` will yield for these moves (a progress bar's total), found
    without valuing any."""
    count = 0
    state: Position[MoveT] = start
    for move in moves:
        count += is_decision(state, seat)
        state = state.apply(move)
    return count


def decision_seed(seed: int, ply: int) -> int:
    """The worlds' seed of the decision at `ply`: fixed by the review's seed and the ply.

    >>> decision_seed(1, 0), decision_seed(1, 1)
    (1000003, 1000004)
    """
    return (seed * 1_000_003 + ply) % (2**63)
