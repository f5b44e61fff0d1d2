"""Duplicate matches between two computer levels, to measure strength and speed: what every
game's arena shares (`engine.chaharbargh.arena`, `engine.allfours.arena` play the matches).

Each seed's matches are played once per seating (A in each seat, or A's team on each side), every
round r of them dealt from the same deck, so each round number all of them reach is a *deck pair*:
both levels played the same cards from every seat, luck cancels and what is left is skill.
Matches run in parallel on every core until the asked number of deck pairs is reached. Reports
the mean round points of A's side minus the mean of the other sides over deck pairs with a 95%
confidence interval, the round and match win rates, and each level's time per move.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from multiprocessing import Pool
from typing import Any

Job = tuple[str, str, int, Any, dict[str, Any], dict[str, Any]]
"""One seed's matches to play: levels A and B, the seed, the rules, and each level's settings."""


@dataclass
class PairResult:
    deck_diffs: list[float] = field(default_factory=list)  # per deck pair: A's side - the others, over its seatings
    round_wins: float = 0.0  # paired rounds A's side won (a drawn round counts half)
    match_wins: int = 0  # matches A's side won (of `seatings`)
    times: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})
    seatings: int = 2  # matches played per seed


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


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
