"""Duplicate All Fours matches between two computer levels (`python -m engine arena --game allfours`).

As for Chaharbargh (`engine.tools.arena`): the match with seed s is played twice, A in seat 0
then B in seat 0 (with four players A holds seats 0 and 2). Round r of both matches is dealt
from the same decks by the same seat (a deal depends only on the seed, the round and the
redeal, and the cut for the first deal only on the seed), so each round number both matches
reach is a deck pair; the figures are the mean round points A - B over deck pairs with a 95%
interval, the round and match win rates, and the time per move. This module is a tool, like
`engine.tools`: the rules core never imports it.
"""

from __future__ import annotations

import time
from itertools import count
from typing import Any

from engine.allfours.ai import Player, bot
from engine.allfours.match import MatchState, new_match
from engine.allfours.observation import observation
from engine.allfours.rules import Rules
from engine.tools.arena import PairResult, run_pairs, summarise


def play_match(seed: int, players: list[Player], rules: Rules, times: list[list[float]] | None = None) -> MatchState:
    """A whole match between computer players, each deciding from its own seat's view."""
    state = new_match(seed, rules)
    while not state.finished:
        seat = state.turn
        start = time.perf_counter()
        move = players[seat].choose(observation(state, seat))
        if times is not None:
            times[seat].append(time.perf_counter() - start)
        state = state.apply(move)
    return state


def play_pair(job: tuple[str, str, int, Rules, dict[str, Any], dict[str, Any]]) -> PairResult:
    """Both matches of one seed, and the deck pairs they share."""
    a, b, seed, rules, a_settings, b_settings = job
    n = rules.players
    result = PairResult()
    diffs: list[list[int]] = []
    for a_side in (0, 1):
        labels = ["a" if seat % 2 == a_side else "b" for seat in range(n)]
        players = [
            bot(a, seed=seed * 8 + a_side * 4 + seat, **a_settings)
            if label == "a"
            else bot(b, seed=seed * 8 + a_side * 4 + seat, **b_settings)
            for seat, label in enumerate(labels)
        ]
        times: list[list[float]] = [[] for _ in range(n)]
        state = play_match(seed, players, rules, times)
        for seat, label in enumerate(labels):
            result.times[label] += times[seat]
        per_round = [log.points() for log in state.rounds]
        diffs.append([p[a_side] - p[1 - a_side] for p in per_round])
        result.match_wins += state.winner == a_side
    for first, second in zip(*diffs, strict=False):
        result.deck_diffs.append((first + second) / 2)
        result.round_wins += sum(1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in (first, second))
    return result


def run_arena(
    a: str,
    b: str,
    pairs: int,
    seed: int,
    rules: Rules = Rules(),
    processes: int = 2,
    a_settings: dict[str, Any] | None = None,
    b_settings: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play duplicate matches from ``seed`` on until ``pairs`` deck pairs are done; summarise
    with `engine.tools.arena.summarise` (print it with its `describe`)."""
    jobs = ((a, b, s, rules, a_settings or {}, b_settings or {}) for s in count(seed))
    return summarise(a, b, seed, rules.target, run_pairs(play_pair, jobs, pairs, processes))
