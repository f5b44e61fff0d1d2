"""Duplicate Chaharbargh matches between two computer levels (`python -m engine arena`).

The match with seed s is played once per seating: with two players twice, A in seat 0 then
B in seat 0; with three, three times, A in each seat and B in the other two; with four, twice,
A's team (two seats opposite) on each side. Round r of all of them is dealt from the same deck
(a round's deck depends only on the seed and r), so each round number every one of them
reaches is a *deck pair* (`engine.tools.arena` runs the pairs and sums them up). This module is
a tool: the rules core never imports it.
"""

from __future__ import annotations

import statistics
import time
from itertools import count
from typing import Any

from engine.chaharbargh.ai.base import Player
from engine.chaharbargh.ai.players import bot
from engine.chaharbargh.match import MatchState, RoundLog, new_match
from engine.chaharbargh.observation import observation
from engine.chaharbargh.rules import Rules
from engine.chaharbargh.scoring import RoundScore
from engine.tools.arena import PairResult, run_pairs, summarise


def seatings(rules: Rules) -> list[list[str]]:
    """Which level sits in each seat, per match of one seed: A in every seat in turn, or with
    teams A's team on each side.

    >>> seatings(Rules()), seatings(Rules(players=3))[1], seatings(Rules(players=4))
    ([['a', 'b'], ['b', 'a']], ['b', 'a', 'b'], [['a', 'b', 'a', 'b'], ['b', 'a', 'b', 'a']])
    """
    n = rules.players
    if rules.teams:
        return [["a" if rules.side_of(seat) == side else "b" for seat in range(n)] for side in range(rules.sides)]
    return [["a" if seat == a_seat else "b" for seat in range(n)] for a_seat in range(n)]


def play_match(seed: int, players: list[Player], rules: Rules, times: list[list[float]] | None = None) -> MatchState:
    """A whole match between computer players, each deciding from its own seat's view.

    ``times``, if given, receives each seat's seconds per move. The benchmark-only oracle is
    the one player handed the real state (its ``peek``).
    """
    live = {"state": new_match(seed, rules)}
    for player in players:
        if hasattr(player, "peek"):
            player.peek = lambda: live["state"]
    state = live["state"]
    while not state.finished:
        seat = state.turn
        view = observation(state, seat)
        start = time.perf_counter()
        move = players[seat].choose(view)
        if times is not None:
            times[seat].append(time.perf_counter() - start)
        state = live["state"] = state.apply(move)
    return state


def play_pair(job: tuple[str, str, int, Rules, dict[str, Any], dict[str, Any]]) -> PairResult:
    """Every seating's match of one seed, and the deck pairs they share."""
    a, b, seed, rules, a_settings, b_settings = job
    n = rules.players
    seated = seatings(rules)
    result = PairResult(seatings=len(seated))
    diffs: list[list[float]] = []
    for number, labels in enumerate(seated):
        players = [
            bot(
                a if label == "a" else b,
                seed=seed * n * n + number * n + seat,
                **(a_settings if label == "a" else b_settings),
            )
            for seat, label in enumerate(labels)
        ]
        times: list[list[float]] = [[] for _ in range(n)]
        state = play_match(seed, players, rules, times)
        for seat, label in enumerate(labels):
            result.times[label] += times[seat]
        side = rules.side_of(labels.index("a"))
        others = [s for s in range(rules.sides) if s != side]
        diffs.append(
            [_score(log)[side].total - statistics.fmean(_score(log)[s].total for s in others) for log in state.rounds]
        )
        result.match_wins += state.winner == side
    for paired in zip(*diffs, strict=False):
        result.deck_diffs.append(statistics.fmean(paired))
        result.round_wins += sum(1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in paired)
    return result


def _score(log: RoundLog) -> tuple[RoundScore, ...]:
    assert log.score is not None, "a finished round is scored"
    return log.score


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
    """Play duplicate matches from ``seed`` on until ``pairs`` deck pairs are done; summarise."""
    jobs = ((a, b, s, rules, a_settings or {}, b_settings or {}) for s in count(seed))
    return summarise(a, b, seed, rules.target, run_pairs(play_pair, jobs, pairs, processes))
