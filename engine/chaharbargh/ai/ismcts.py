"""Information-set Monte Carlo tree search (single observer), a benchmark rival to pro's search.

Pro (`engine.chaharbargh.ai.players.ProPlayer`) samples worlds and plays each of its moves out in each:
it judges a move as if it would know the hidden cards from the next move on ("strategy
fusion"). SO-ISMCTS (Cowling, Powley and Whitehouse 2012, "Information Set Monte Carlo Tree
Search"; used for Scopone by Di Palma and Lanzi) grows one tree for all worlds instead. Its
nodes are what the searching seat can tell apart: the moves made since the root, the
opponents' moves being cards that become public when played. Each iteration

1. samples a world with pro's sampler (`engine.chaharbargh.ai.worlds.sample_world`, forced-capture
   evidence; with ``behaviour`` on, a world is kept with probability its `Behaviour` weight,
   up to ``tries`` draws, else the best-weighted of them: rejection sampling of the weighted
   distribution pro averages over);
2. walks down the tree, at each node choosing among the moves legal in that world by UCB1
   with availability counts (a move's exploration term counts the iterations in which it was
   legal, not the parent's visits), until it reaches a move not in the tree, which it adds;
3. plays the world out with pro's playout (`engine.chaharbargh.ai.playout.play_out`) to the end of the
   deal (in the last deal, of the round) and scores it (`engine.chaharbargh.scoring.deal_values`);
4. credits each node on the path with the mover's side's points minus the best other
   side's, divided by ``scale``.

The tree stops at the end of the deal, as pro's playouts do. The root move chosen is the one
visited most. The multiple-observer variant (a tree per seat) builds the same trees here: every
move is public (the card played, what it took), so no seat's tree would merge moves another
tells apart. A benchmark level only (``pro-ismcts``); docs/benchmarks.md has what it measured.

The budget is pro's: CPU time of the thinking thread (``clock``), at least
``min_iterations``, or exactly ``iterations`` when given (deterministic, for tests).

>>> from engine.chaharbargh.match import new_match
>>> from engine.chaharbargh.observation import observation
>>> state = new_match(5)
>>> view = observation(state, state.turn)
>>> ISMCTSPlayer(seed=1, iterations=50).choose(view) in state.legal_moves()
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from engine.chaharbargh.ai.base import careful_show, showing
from engine.chaharbargh.ai.playout import Round, apply_move, copy_round, move_value, scored_playout
from engine.chaharbargh.ai.worlds import Behaviour, Evidence, sample_world
from engine.chaharbargh.captures import counts_of
from engine.chaharbargh.moves import Move, legal_keys
from engine.chaharbargh.observation import Observation
from engine.chaharbargh.rules import Rules
from engine.chaharbargh.surs import sur_scores

_CARD = 63  # a move key is ``taken_mask << 6 | card_id`` (`engine.chaharbargh.moves.legal_keys`)


class Node:
    """A node of the tree: the information set after a move, with that move's statistics.

    ``side`` is the side of the seat that made the move into this node; ``total`` sums the
    rewards from that side's point of view, so a parent picks the child best for whoever moves.
    """

    __slots__ = ("available", "children", "side", "total", "visits")

    def __init__(self, side: int) -> None:
        self.side = side
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.available = 1
        self.total = 0.0


class ISMCTSPlayer:
    """Single-observer information-set MCTS over the rest of the deal (see the module).

    ``exploration`` is UCB1's constant on rewards in units of ``scale`` points; ``randomness``
    is the playout's, as for pro. ``reuse`` plays each sampled world in that many iterations
    (a copy each; sampling a world costs as much as its playout). ``expand`` says which move a
    node not yet fully expanded tries next: ``"random"`` (Cowling et al.) or ``"greedy"`` (the
    one worth most at once, `engine.chaharbargh.ai.playout.move_value`, as the playout would choose).
    """

    EXPANSIONS = ("random", "greedy")

    def __init__(
        self,
        seed: int | None = None,
        budget_ms: float = 40.0,
        iterations: int | None = None,
        min_iterations: int = 16,
        exploration: float = 0.7,
        scale: float = 10.0,
        randomness: float = 0.15,
        behaviour: bool = True,
        tries: int = 8,
        reuse: int = 4,
        expand: str = "greedy",
        clock: Callable[[], float] = time.thread_time,
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget_ms / 1000.0
        self.iterations = iterations
        self.min_iterations = min_iterations
        self.exploration = exploration
        self.scale = scale
        self.randomness = randomness
        self.behaviour = behaviour
        self.tries = tries
        self.reuse = reuse
        if expand not in self.EXPANSIONS:
            raise ValueError(f"expand must be one of {self.EXPANSIONS}, not {expand!r}")
        self.expand = expand
        self.clock = clock
        self.last_iterations = 0  # how many the last search ran (for benchmarks)

    def choose(self, view: Observation) -> Move:
        legal = view.legal_moves
        if not legal:
            raise ValueError("it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        if showing(view):
            return careful_show(view)
        root = self.search(view)
        keys = {move.takes_mask << 6 | move.card.id: move for move in legal}
        best = max(
            keys,
            key=lambda k: (
                (root.children[k].visits, root.children[k].total / root.children[k].visits)
                if k in root.children and root.children[k].visits
                else (0, float("-inf"))
            ),
        )
        return keys[best]

    def search(self, view: Observation) -> Node:
        """Grow the tree from ``view`` for the budget; return its root."""
        rules = view.rules
        evidence = Evidence.of(view)
        behaviour = Behaviour(view) if self.behaviour else None
        root = Node(rules.side_of((view.seat - 1) % rules.players))
        deadline = self.clock() + self.budget
        count = 0
        counts: dict[int, int] = {}  # `counts_of` per table mask: the same tables come back every iteration
        world = None
        while True:
            if self.iterations is not None:
                if count >= self.iterations:
                    break
            elif count >= self.min_iterations and self.clock() >= deadline:
                break
            if count % self.reuse == 0:
                world = self._world(view, evidence, behaviour)
            assert world is not None
            self._iterate(root, copy_round(world) if self.reuse > 1 else world, rules, counts)
            count += 1
        self.last_iterations = count
        return root

    def _world(self, view: Observation, evidence: Evidence, behaviour: Behaviour | None) -> Round:
        world = sample_world(view, evidence, self.rng)
        if behaviour is None or not behaviour.decisions:
            return world
        best, best_weight = world, -1.0
        for attempt in range(self.tries):
            if attempt:
                world = sample_world(view, evidence, self.rng)
            weight = behaviour.weight(world)
            if self.rng.random() < weight:
                return world
            if weight > best_weight:
                best, best_weight = world, weight
        return best

    def _iterate(self, root: Node, world: Round, rules: Rules, counts: dict[int, int]) -> None:
        """One iteration: select and expand in ``world`` (changed), play out, back up."""
        forced = rules.forced_capture
        c = self.exploration
        path = [root]
        node = root
        deal_only = bool(world.stock)
        while world.hands[world.seat]:
            table = world.table
            table_counts = counts.get(table)
            if table_counts is None:
                table_counts = counts[table] = counts_of(table)
            keys = legal_keys(world.hands[world.seat], table, table_counts, forced)
            children = node.children
            untried = [k for k in keys if k not in children]
            if untried:
                if len(untried) == 1:
                    key = untried[0]
                elif self.expand == "greedy":  # the move worth most at once first, as the playout would
                    seat = world.seat
                    side = rules.side_of(seat)
                    sur = (
                        rules.sur_points
                        if sur_scores(rules, not world.stock, world.totals[side] if world.totals else 0)
                        else 0
                    )
                    key = max(untried, key=lambda k: move_value(k & _CARD, k >> 6, table, sur, rules.jack_sur))
                else:
                    key = untried[int(self.rng.random() * len(untried))]
                for k in keys:
                    if k in children:
                        children[k].available += 1
                child = children[key] = Node(rules.side_of(world.seat))
                apply_move(world, key & _CARD, key >> 6, rules)
                path.append(child)
                break
            best_key, best_value = keys[0], float("-inf")
            for k in keys:
                child = children[k]
                child.available += 1
            for k in keys:
                child = children[k]
                value = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                if value > best_value:
                    best_key, best_value = k, value
            node = children[best_key]
            apply_move(world, best_key & _CARD, best_key >> 6, rules)
            path.append(node)
        points = scored_playout(world, self.rng, rules, self.randomness, deal_only)
        sides = rules.sides
        if sides == 2:
            diff = (points[0] - points[1]) / self.scale
            rewards = [diff, -diff]
        else:
            rewards = [(points[s] - max(points[t] for t in range(sides) if t != s)) / self.scale for s in range(sides)]
        for visited in path:
            visited.visits += 1
            visited.total += rewards[visited.side]
