"""Duplicate matches between two computer levels, to measure strength and speed.

The match with seed s is played once per seating: with two players twice, A in seat 0 then
B in seat 0; with three, three times, A in each seat and B in the other two; with four, twice,
A's team (two seats opposite) on each side. Round r of all of them is dealt from the same deck
(a round's deck depends only on the seed and r), so each round number every one of them
reaches is a *deck pair*: both levels played the same cards from every seat, luck cancels and
what is left is skill. Matches run in parallel on every core until the asked number of deck
pairs is reached. Reports the mean round points of A's side minus the mean of the other sides
over deck pairs with a 95% confidence interval, the round and match win rates, and each
level's time per move.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import count, islice
from multiprocessing import Pool
from typing import Any

from engine.ai.players import Player, bot
from engine.match import MatchState, RoundLog, new_match
from engine.observation import observation
from engine.rules import Rules
from engine.scoring import RoundScore

Job = tuple[str, str, int, Any, dict[str, Any], dict[str, Any]]
"""One seed's matches to play: levels A and B, the seed, the rules, and each level's settings."""


@dataclass
class PairResult:
    deck_diffs: list[float] = field(default_factory=list)  # per deck pair: A's side - the others, over its seatings
    round_wins: float = 0.0  # paired rounds A's side won (a drawn round counts half)
    match_wins: int = 0  # matches A's side won (of `seatings`)
    times: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})
    seatings: int = 2  # matches played per seed


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


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


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


def run_pairs(play: Callable[[Job], PairResult], jobs: Iterator[Job], pairs: int, processes: int) -> list[PairResult]:
    """Each seed's matches (``play`` of one of ``jobs``) on ``processes`` cores, in order, until
    ``pairs`` deck pairs are done: the loop both games' arenas share."""
    results: list[PairResult] = []
    decks = 0
    with Pool(processes) as pool:
        while decks < pairs:
            # about five deck pairs per seed: ask for a little more than is missing
            batch = list(islice(jobs, max(processes, (pairs - decks) // 4 + 1)))
            for result in pool.imap(play, batch):
                results.append(result)
                decks += len(result.deck_diffs)
    return results


def summarise(a: str, b: str, seed: int, target: int, results: list[PairResult]) -> dict[str, Any]:
    """The arena's figures from the matches' results: the mean over deck pairs with its 95%
    interval (normal approximation), the win rates, and each side's time per move in ms."""
    values = [d for r in results for d in r.deck_diffs]
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    summary = {
        "a": a,
        "b": b,
        "deck_pairs": len(values),
        "matches": sum(r.seatings for r in results),
        "seed": seed,
        "target": target,
        "mean_points_per_round": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
        "round_win_rate": round(
            sum(r.round_wins for r in results) / sum(r.seatings * len(r.deck_diffs) for r in results), 4
        ),
        "match_win_rate": round(sum(r.match_wins for r in results) / sum(r.seatings for r in results), 4),
    }
    for label, level in (("a", a), ("b", b)):
        times = [t * 1000 for r in results for t in r.times[label]]
        summary[f"{label}_move_ms"] = {
            "level": level,
            "moves": len(times),
            "median": round(statistics.median(times), 3),
            "p95": round(_percentile(times, 0.95), 3),
            "max": round(max(times), 3),
        }
    return summary


def describe(summary: dict[str, Any]) -> str:
    """The arena summary as a few lines of text."""
    a, b = summary["a"], summary["b"]
    lo, hi = summary["ci95"]
    lines = [
        f"{a} vs {b}: {summary['deck_pairs']} deck pairs from {summary['matches']} matches to {summary['target']}",
        f"  mean points per round {a} - {b}: {summary['mean_points_per_round']:+.2f} (95% CI {lo:+.2f} .. {hi:+.2f})",
        f"  round win rate {summary['round_win_rate']:.1%}, match win rate {summary['match_win_rate']:.1%}",
    ]
    for label in ("a", "b"):
        t = summary[f"{label}_move_ms"]
        lines.append(
            f"  {t['level']} per move: median {t['median']:.2f} ms, p95 {t['p95']:.2f} ms, max {t['max']:.2f} ms"
            f" ({t['moves']} moves)"
        )
    return "\n".join(lines)
