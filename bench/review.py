"""Review speed: a whole two-seat match to 62 reviewed by the pro, on one core (issue 27).

    python bench/review.py [--matches 3] [--worlds 200] [--write]

Each match is played to its end between two medium players (the reviewed seat 0 stands for a
person), dealt from a known seed; then `engine.chaharbargh.ai.review.review` judges every decision
of seat 0 at ``--worlds`` worlds, in this one process (one core). The targets: a whole match
reviewed in at most 30 s, and progress at least every 2 s (a review reports after each
decision, so the longest decision is the longest wait between two updates of the progress
bar). `--write` puts the table in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections import Counter
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from report import publish  # noqa: E402

from engine.chaharbargh import Move, bot, new_match, observation  # noqa: E402
from engine.chaharbargh.ai.review import REVIEW_WORLDS, review  # noqa: E402

MATCH_TARGET_S = 30.0
PROGRESS_TARGET_S = 2.0


def played_match(seed: int) -> list[Move]:
    state, moves = new_match(seed), []
    players = [bot("medium", seed=seed), bot("medium", seed=seed + 1)]
    while state.winner is None:
        move = players[state.turn].choose(observation(state, state.turn))
        moves.append(move)
        state = state.apply(move)
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--worlds", type=int, default=REVIEW_WORLDS)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    rows = [
        "| match (seed) | moves | seat 0's decisions | review s | longest decision s | verdicts |",
        "|---|---|---|---|---|---|",
    ]
    worst_total = worst_step = 0.0
    for seed in range(101, 101 + args.matches):
        moves = played_match(seed)
        start = last = time.perf_counter()
        longest, verdicts = 0.0, Counter[str]()
        for decision in review(new_match(seed), moves, seat=0, seed=seed, worlds=args.worlds):
            now = time.perf_counter()
            longest, last = max(longest, now - last), now
            verdicts[decision.verdict] += 1
        total = time.perf_counter() - start
        worst_total, worst_step = max(worst_total, total), max(worst_step, longest)
        counts = ", ".join(f"{name} {verdicts[name]}" for name in ("best", "good", "inaccuracy", "mistake", "blunder"))
        rows.append(f"| {seed} | {len(moves)} | {sum(verdicts.values())} | {total:.1f} | {longest:.2f} | {counts} |")
    rows += [
        "",
        f"Slowest match {worst_total:.1f} s (target ≤ {MATCH_TARGET_S:.0f} s); longest wait between two "
        f"progress updates {worst_step:.2f} s (target ≤ {PROGRESS_TARGET_S:.0f} s).",
    ]
    measured = (
        f"Measured {date.today().isoformat()} with `python bench/review.py --matches {args.matches} --worlds "
        f"{args.worlds}`, on CPython {platform.python_version()}, {platform.machine()}, one process on one of "
        f"{os.cpu_count()} cores; load average before {LOAD_BEFORE[0]:.2f}, after {os.getloadavg()[0]:.2f}."
    )
    publish("review", "Reviews: a whole match by the pro", measured, rows, args.write)


LOAD_BEFORE = os.getloadavg()

if __name__ == "__main__":
    main()
