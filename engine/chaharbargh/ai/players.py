"""Computer players: each decides from `observation(state, seat)` and its own random generator.

>>> from engine.chaharbargh.match import new_match
>>> from engine.chaharbargh.observation import observation
>>> state = new_match(5)
>>> move = bot("medium", seed=1).choose(observation(state, state.turn))
>>> move in state.legal_moves()
True

Levels: ``random`` (uniform), ``easy`` (greedy half the time, random otherwise), ``medium``
(one move ahead: what it takes, minus what the opponent can expect to take next), ``pro``
(counts cards, infers from forced capture, samples the hidden cards and plays each candidate
out; see `ProPlayer`). ``oracle`` is the same search on the true hidden cards: it cheats, is
only for benchmarks, and is never offered to players.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from statistics import fmean
from typing import Any

from engine.cards import ids_of, mask_of
from engine.chaharbargh.ai.base import Player, careful_show, require_turn, showing
from engine.chaharbargh.ai.ismcts import ISMCTSPlayer
from engine.chaharbargh.ai.playout import Round, apply_move, copy_round, move_value, scored_playout
from engine.chaharbargh.ai.worlds import ALL_CARDS, Behaviour, Evidence, sample_world, seen_mask, sur_value_now
from engine.chaharbargh.captures import BIT, CAPTURERS, capture, counts_of, options
from engine.chaharbargh.match import MatchState
from engine.chaharbargh.moves import Move
from engine.chaharbargh.observation import Observation


class RandomPlayer:
    """Plays uniformly at random among the legal moves."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Observation) -> Move:
        return self.rng.choice(require_turn(view))


def immediate_value(view: Observation, move: Move) -> float:
    """What a move is worth at once (`engine.chaharbargh.ai.playout.move_value`) in the seat's position."""
    table = mask_of(c.id for c in view.table)
    return move_value(move.card.id, move.takes_mask, table, sur_value_now(view), view.rules.jack_sur)


class EasyPlayer:
    """Greedy for what it takes at once half the time, a random legal move the other half.

    With ``randomness=0`` it is the plain greedy player ("greedy", a benchmark yardstick).
    """

    def __init__(self, seed: int | None = None, randomness: float = 0.5) -> None:
        self.rng = random.Random(seed)
        self.randomness = randomness

    def choose(self, view: Observation) -> Move:
        legal = require_turn(view)
        if self.rng.random() < self.randomness:
            return self.rng.choice(legal)
        if showing(view):
            return careful_show(view)
        return max(legal, key=lambda move: immediate_value(view, move))


def GreedyPlayer(seed: int | None = None) -> EasyPlayer:  # noqa: N802 - a level, named like the others
    """Always the move worth most at once: the yardstick the opponents issue measures against."""
    return EasyPlayer(seed, randomness=0.0)


class MediumPlayer:
    """One move ahead: the value taken now minus what the next player can expect to take.

    The next player's reply is estimated from the unseen cards: each is in its hand with
    probability hand size / unseen cards, and it would take the best capture it holds, so the
    expected reply is E[max] over the unseen cards' best captures on the table this move leaves.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Observation) -> Move:
        legal = require_turn(view)
        if showing(view):
            return careful_show(view)
        n = view.rules.players
        reply_seat = (view.seat + 1) % n
        unseen = ids_of(ALL_CARDS & ~seen_mask(view))
        held = view.hand_counts[reply_seat]
        chance = min(1.0, held / len(unseen)) if unseen else 0.0
        table = mask_of(c.id for c in view.table)
        best_score, best = float("-inf"), []
        for move in legal:
            after = table & ~move.takes_mask if move.takes else table | BIT[move.card.id]
            score = immediate_value(view, move) - expected_reply(view, after, unseen, chance)
            if score > best_score + 1e-9:
                best_score, best = score, [move]
            elif abs(score - best_score) <= 1e-9:
                best.append(move)
        return self.rng.choice(best)


def expected_reply(view: Observation, table: int, unseen: list[int], chance: float) -> float:
    """E[the best capture the next player makes on ``table``], each unseen card held with ``chance``."""
    if not chance:
        return 0.0
    entry = options(counts_of(table))
    following = (view.seat + 1) % view.rules.players
    sur, jack_sur = sur_value_now(view, following), view.rules.jack_sur  # what a sur is worth to the replier
    values = []
    for card in ids_of(entry[CAPTURERS] & mask_of(unseen)):
        takes = (capture(card, table, entry, k)[0] for k in range(entry[card]))
        values.append(max(move_value(card, taken, table, sur, jack_sur) for taken in takes))
    values.sort(reverse=True)
    expected, missing = 0.0, 1.0
    for value in values:
        expected += value * chance * missing
        missing *= 1.0 - chance
    return expected


class ProPlayer:
    """Determinized search: sample the hidden cards, play every candidate out, keep the best.

    Each world deals the unseen cards to the other hands (agreeing with the forced-capture
    evidence, and weighted by how well they explain the opponents' choices this deal:
    `engine.chaharbargh.ai.worlds.Behaviour`) and the stock; every legal move is tried in the same world
    (common random numbers) and played out by a mostly-greedy playout; the move with the best
    weighted average score difference (own side minus the best other side) is chosen.

    ``horizon="deal"`` (the default) plays out only to the end of the current deal and scores
    it with `engine.chaharbargh.scoring.deal_values`; in the last deal that is the end of the round. It
    measured stronger than playing every world to the end of the round ("round"): the later
    deals are pure chance in a sampled world and drown the difference between moves in noise.
    It samples worlds until ``budget_ms`` is spent (at least ``min_worlds``), or exactly
    ``worlds`` of them when that is given (deterministic, for tests and analysis). The budget
    is read on ``clock`` (seconds; unless a test passes its own, `time.thread_time`: the CPU
    time of the thread that thinks, so a pro move costs the same thinking whether the machine is
    idle or a server runs many searches at once, and on an idle machine the same wall time),
    checked once per world after the first ``min_worlds``.

    Every ``prune_every`` worlds it drops the moves clearly behind the leader on the same
    worlds (mean paired difference more than ``prune`` standard errors), so the time goes to
    the moves still in question, and it stops as soon as one move is left: most moves are
    decided in a few worlds. ``prune=None`` plays every move in every world ("pro-plain", a
    benchmark yardstick; docs/benchmarks.md measures both). ``prune_from`` worlds are played
    with every move before the first pruning (and so before the search can stop early).

    ``objective`` is what a world's playout scores: ``"leader"``, own side's points minus the
    best other side's, or ``"mean"``, minus the mean of the other sides. With two sides (two
    seats, or four as teams) they are the same. With three seats "mean" is nearly "own points"
    (a round's points are nearly a constant sum), which is what the arena's figure (own minus
    the mean of the others) rewards, while "leader" also plays for the match, which only the
    first side to the target wins: it would rather the trailing player took a point than the
    leading one. Measured against two mediums (1,400 deck pairs each, the same decks;
    docs/benchmarks.md) "mean" made +1.78 (+1.61 … +1.94) a round and won 57.2% of matches,
    "leader" +1.70 (+1.53 … +1.86) and 57.9%: no difference the measurement can see, in points
    or in matches, so the default stays "leader" ("pro-mean" is the benchmark level for the other).
    """

    OBJECTIVES = ("leader", "mean")

    def __init__(
        self,
        seed: int | None = None,
        budget_ms: float = 40.0,
        worlds: int | None = None,
        min_worlds: int = 4,
        randomness: float = 0.15,
        horizon: str = "deal",
        clock: Callable[[], float] = time.thread_time,
        prune: float | None = 2.5,
        prune_every: int = 4,
        prune_from: int = 0,
        objective: str = "leader",
    ) -> None:
        if objective not in self.OBJECTIVES:
            raise ValueError(f"objective must be one of {self.OBJECTIVES}, not {objective!r}")
        self.rng = random.Random(seed)
        self.clock = clock
        self.budget = budget_ms / 1000.0
        self.worlds = worlds
        self.min_worlds = min_worlds
        self.randomness = randomness
        self.horizon = horizon
        self.prune = prune
        self.prune_every = prune_every
        self.prune_from = prune_from
        self.objective = objective

    def choose(self, view: Observation) -> Move:
        return max(self.evaluate(view).items(), key=lambda item: item[1])[0]

    def evaluate(self, view: Observation) -> dict[Move, float]:
        """Each legal move's average round score difference over the sampled worlds."""
        legal = require_turn(view)
        if len(legal) == 1:
            return {legal[0]: 0.0}
        if showing(view):  # no search for which card to show: the careful choice scores 1, the rest 0
            best = careful_show(view)
            return {move: float(move == best) for move in legal}
        evidence = Evidence.of(view)
        behaviour = Behaviour(view)

        def world() -> tuple[Round, float]:
            sampled = sample_world(view, evidence, self.rng)
            return sampled, behaviour.weight(sampled)

        return self._search(view, legal, world)

    def _search(
        self, view: Observation, legal: tuple[Move, ...], world: Callable[[], tuple[Round, float]]
    ) -> dict[Move, float]:
        rules = view.rules
        side = rules.side_of(view.seat)
        others = [s for s in range(rules.sides) if s != side]
        rival: Callable[[list[float]], float] = fmean if self.objective == "mean" else max  # the others' score
        totals = [0.0] * len(legal)
        weights = [0.0] * len(legal)  # each move's sum of the weights of the worlds it was played in
        active = list(range(len(legal)))
        # Pruning (``prune`` = z): the moves are compared on the same worlds (paired differences,
        # from running weighted sums of each pair's product), so a move clearly behind the leader
        # stops costing playouts, and when one move is left the search stops early.
        n = len(legal)
        products = [[0.0] * n for _ in range(n)] if self.prune is not None else []
        world_weights = squared_weights = 0.0
        deadline = self.clock() + self.budget
        count = 0
        while True:
            if self.worlds is not None:
                if count >= self.worlds:
                    break
            elif count >= self.min_worlds and self.clock() >= deadline:
                break
            if len(active) == 1:
                break
            sampled, weight = world()
            values = [0.0] * n
            for i in active:
                move = legal[i]
                trial = apply_move(copy_round(sampled), move.card.id, move.takes_mask, rules)
                deal_only = self.horizon == "deal" and bool(trial.stock)
                points = scored_playout(trial, self.rng, rules, self.randomness, deal_only)
                values[i] = points[side] - rival([points[s] for s in others])
                totals[i] += weight * values[i]
                weights[i] += weight
            count += 1
            if self.prune is not None:
                world_weights += weight
                squared_weights += weight * weight
                for i in active:
                    row, wv = products[i], weight * values[i]
                    for j in active:
                        row[j] += wv * values[j]
                if count % self.prune_every == 0 and count >= self.prune_from and squared_weights:
                    effective = world_weights * world_weights / squared_weights  # the weights' sample size
                    active = self._survivors(active, totals, products, world_weights, effective)
        means = {i: totals[i] / weights[i] if weights[i] else float("-inf") for i in range(n)}
        best_kept = max(means[i] for i in active)
        # a move pruned early keeps the mean it had then, but never ranks above one still in the search
        return {move: means[i] if i in active else min(means[i], best_kept - 1e-9) for i, move in enumerate(legal)}

    def _survivors(
        self, active: list[int], totals: list[float], products: list[list[float]], total_weight: float, effective: float
    ) -> list[int]:
        """The active moves not clearly behind the leader: a move goes when its weighted mean
        difference to the leader over the same worlds is more than ``prune`` standard errors."""
        assert self.prune is not None
        if effective < 4.0:
            return active
        leader = max(active, key=lambda i: totals[i])
        kept = []
        for i in active:
            mean = (totals[leader] - totals[i]) / total_weight
            square = (products[leader][leader] - 2 * products[leader][i] + products[i][i]) / total_weight
            spread = max(square - mean * mean, 0.0) ** 0.5
            if i == leader or mean <= self.prune * spread / effective**0.5:
                kept.append(i)
        return kept


class OraclePlayer(ProPlayer):
    """The pro search on the true hidden cards. It cheats: benchmarks only, never for players.

    ``peek`` must return the real match state; the arena wires it. ``sees`` says how much it
    cheats, so the benchmarks can measure what each piece of hidden information is worth:

    - ``"all"``: the other hands and the order of the stock;
    - ``"hands"``: the other hands; the stock is the rest, in an order it samples;
    - ``"hands-once-played"``: the other hands, but only once every other player has played a
      card this deal. Before that a fair player has no evidence about those hands at all, and
      it searches exactly as pro does, so its lead over pro bounds what inference could win.
    """

    SEES = ("all", "hands", "hands-once-played")

    def __init__(self, seed: int | None = None, sees: str = "all", **options_: Any) -> None:
        if sees not in self.SEES:
            raise ValueError(f"sees must be one of {self.SEES}, not {sees!r}")
        super().__init__(seed, **options_)
        self.sees = sees
        self.peek: Callable[[], MatchState] | None = None

    def evaluate(self, view: Observation) -> dict[Move, float]:
        legal = require_turn(view)
        if len(legal) == 1:
            return {legal[0]: 0.0}
        if showing(view) or (self.sees == "hands-once-played" and not others_played_this_deal(view)):
            return super().evaluate(view)
        if self.peek is None:
            raise RuntimeError("the oracle needs peek() wired to the real match state")
        state = self.peek()

        def true_world() -> tuple[Round, float]:
            # The oracle cheats by design: it reads the state's private card ids.
            stock = list(state._stock)
            if self.sees != "all":
                self.rng.shuffle(stock)
            return Round(
                hands=[list(hand) for hand in state._hands],
                table=state._mask,
                stock=stock,
                seat=state.turn,
                captured=list(state._captured),
                surs=[0] * state.players,
                sur_stack=state._sur_stack,
                last=state.last_capturer if state.last_capturer is not None else -1,
                totals=state.start_totals,
            ), 1.0

        return self._search(view, legal, true_world)


def others_played_this_deal(view: Observation) -> bool:
    """Whether every other player has played a card in the deal in progress."""
    played = {p.seat for p in view.moves[view.deal_start :]}
    return all(seat in played for seat in range(view.rules.players) if seat != view.seat)


LEVELS: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "medium": MediumPlayer,
    "pro": ProPlayer,
}
"""The levels offered to players (the oracle is not one)."""


def PlainProPlayer(seed: int | None = None, **settings: Any) -> ProPlayer:  # noqa: N802 - a level, named like the others
    """Pro without pruning: every legal move played out in every world (the yardstick pruning is measured against)."""
    return ProPlayer(seed, prune=None, **settings)


def MeanProPlayer(seed: int | None = None, **settings: Any) -> ProPlayer:  # noqa: N802 - a level, named like the others
    """Pro scoring a world as own side minus the mean of the others (three seats; see `ProPlayer`)."""
    return ProPlayer(seed, objective="mean", **settings)


BENCHMARK_ONLY: dict[str, Callable[..., Player]] = {
    "oracle": OraclePlayer,
    "greedy": GreedyPlayer,
    "pro-plain": PlainProPlayer,
    "pro-ismcts": ISMCTSPlayer,  # information-set MCTS, docs/benchmarks.md
    "pro-mean": MeanProPlayer,
}


def move_values(view: Observation, seed: int, worlds: int) -> dict[Move, float]:
    """The pro's value of every legal move of `view`'s seat: its average round score difference
    over `worlds` sampled worlds, every move played out in every world (no pruning), so that
    the values can be compared move by move (a practice hint shows them).

    >>> from engine.chaharbargh import new_match, observation
    >>> values = move_values(observation(new_match(seed=7), 0), seed=1, worlds=8)
    >>> set(values) == set(new_match(seed=7).legal_moves())
    True
    """
    return ProPlayer(seed, worlds=worlds, prune=None).evaluate(view)


def bot(level: str, seed: int | None = None, **settings: float | str) -> Player:
    """A computer player of the named level, with its own seeded generator.

    ``settings`` pass through to the level (for example ``budget_ms`` or ``worlds`` for pro).
    """
    make = LEVELS.get(level) or BENCHMARK_ONLY.get(level)
    if make is None:
        raise ValueError(f"no computer level {level!r}; choose one of {sorted(LEVELS)}")
    return make(seed, **settings)
