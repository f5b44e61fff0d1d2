"""Engine speed: complete random rounds per second on one core.

    python bench/engine.py [--rounds 5000] [--repeat 7] [--write]

Two figures: the fast playout (`engine.playout.random_round`, what computer players use) and
the public API (`MatchState.apply` with `legal_moves`, what the web table uses). Each is timed
`--repeat` times after a warm-up that fills the capture-option caches; the median and the best
are reported. `--write` replaces the engine section of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from report import publish  # noqa: E402

from engine import Rules, new_match  # noqa: E402
from engine.playout import random_round  # noqa: E402

TARGET = 20_000


def fast_rounds(count: int, seed: int) -> None:
    rng = random.Random(seed)
    rules = Rules()
    for _ in range(count):
        random_round(rng, rules)


def public_rounds(count: int, seed: int) -> None:
    rng = random.Random(seed)
    for i in range(count):
        state = new_match(seed + i)
        while state.round_no == 0:
            state = state.apply(rng.choice(state.legal_moves()))


def rate(run, count: int, repeat: int) -> tuple[float, float]:
    """Median and best rounds per second over ``repeat`` timed runs of ``count`` rounds."""
    rates = []
    for r in range(repeat):
        start = time.perf_counter()
        run(count, 1000 + r)
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates), max(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--write", action="store_true", help="update docs/benchmarks.md")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})  # one core, as the target says
    fast_rounds(args.rounds * 4, 1)  # warm-up: fills the option caches as a long search would
    fast = rate(fast_rounds, args.rounds, args.repeat)
    public_count = max(1, args.rounds // 20)
    public_rounds(public_count, 1)
    public = rate(public_rounds, public_count, args.repeat)
    measured = (
        f"Measured {date.today().isoformat()} with `python bench/engine.py` on {platform.python_implementation()} "
        f"{platform.python_version()}, {platform.machine()}, one core pinned; {args.repeat} runs each."
    )
    table = [
        "| path | rounds per run | median rounds/s | best rounds/s | target |",
        "|---|---|---|---|---|",
        f"| fast playout (`engine.playout.random_round`) | {args.rounds} | {fast[0]:,.0f} | {fast[1]:,.0f} "
        f"| {TARGET:,} |",
        f"| public API (`MatchState.apply` + `legal_moves`) | {public_count} | {public[0]:,.0f} "
        f"| {public[1]:,.0f} | — |",
    ]
    publish("engine", "Engine: random rounds per second", measured, table, args.write)


if __name__ == "__main__":
    main()
