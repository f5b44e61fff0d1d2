"""Engine speed: complete random rounds per second on one core, against a naive implementation.

    python bench/engine.py [--rounds 5000] [--repeat 7] [--write]

Three paths play whole two-player rounds under the table rules with uniformly random moves:
the naive implementation in `bench/naive.py` (card tuples, legal moves recomputed plainly each
turn: the yardstick), the fast playout (`engine.chaharbargh.ai.playout.random_round`, what computer players
use) and the public API (`new_match`, `legal_moves`, `apply`, what the web table uses). This
machine's absolute speed drifts by up to 40% between runs, so the figures that matter are the
ratios to the naive path, measured in the same process: each of the ``--repeat`` runs times
the three paths back to back (in a rotating order), a ratio is taken within each run, and the
median of the runs is reported. The playout runs ``--rounds`` rounds per run, the naive path a
fifth of that and the public API a twentieth. A warm-up first fills the capture-option caches
as a long search would, and a short check plays naive rounds against `engine.legal_moves`.
`--write` replaces the engine section of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from naive import check, naive_rounds  # noqa: E402
from report import publish  # noqa: E402

from engine import Rules, new_match  # noqa: E402
from engine.chaharbargh.ai.playout import random_round  # noqa: E402

API_TARGET = 1.0  # public API ÷ naive: the target docs/benchmarks.md gives
PLAYOUT_TARGET = 8.0  # fast playout ÷ naive


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


def code_version() -> str:
    """The commit measured, and whether engine/ or bench/ had uncommitted changes; empty without git."""
    try:
        git = ["git", "-C", str(ROOT)]
        commit = subprocess.run([*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True)
        dirty = subprocess.run([*git, "status", "--porcelain", "--", "engine", "bench"], capture_output=True, text=True)
    except (OSError, subprocess.CalledProcessError):
        return ""
    changes = " plus uncommitted changes in engine/ or bench/" if dirty.stdout.strip() else ""
    return f", code at commit {commit.stdout.strip()}{changes}"


def timed(run, count: int, seed: int) -> float:
    """Rounds per second of one run of ``count`` rounds."""
    start = time.perf_counter()
    run(count, seed)
    return count / (time.perf_counter() - start)


def measure(paths: dict[str, tuple], repeat: int) -> dict[str, list[float]]:
    """Rounds per second of every path in each of ``repeat`` runs; within a run the paths go
    back to back, the order rotating from run to run so no path always follows another."""
    names = list(paths)
    rates: dict[str, list[float]] = {name: [] for name in names}
    for r in range(repeat):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            run, count = paths[name]
            rates[name].append(timed(run, count, 1000 + r))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5000, help="playout rounds per run")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--write", action="store_true", help="update docs/benchmarks.md")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})  # one core, as the target says
    checked = check(50)  # the yardstick must play the rules the engine plays
    fast_rounds(args.rounds * 4, 1)  # warm-up: fills the option caches as a long search would
    naive_count = max(1, args.rounds // 5)
    public_count = max(1, args.rounds // 20)
    naive_rounds(naive_count, 1)
    public_rounds(public_count, 1)
    paths = {
        "naive": (naive_rounds, naive_count),
        "playout": (fast_rounds, args.rounds),
        "api": (public_rounds, public_count),
    }
    rates = measure(paths, args.repeat)

    def ratio(name: str) -> tuple[float, float, float]:
        """Median, lowest and highest of the per-run ratios of ``name`` to the naive path."""
        per_run = [a / b for a, b in zip(rates[name], rates["naive"], strict=True)]
        return statistics.median(per_run), min(per_run), max(per_run)

    def row(label: str, name: str, target: str) -> str:
        count = paths[name][1]
        median, best = statistics.median(rates[name]), max(rates[name])
        if name == "naive":
            versus = "1×"
        else:
            mid, low, high = ratio(name)
            versus = f"**{mid:.2f}×** ({low:.2f}–{high:.2f})"
        return f"| {label} | {count:,} | {median:,.0f} | {best:,.0f} | {versus} | {target} |"

    api, playout = ratio("api")[0], ratio("playout")[0]
    command = "python bench/engine.py" + ("" if args.rounds == 5000 else f" --rounds {args.rounds}")
    command += "" if args.repeat == 7 else f" --repeat {args.repeat}"
    measured = (
        f"Measured {date.today().isoformat()} with `{command}`{code_version()}, on {platform.python_implementation()} "
        f"{platform.python_version()}, {platform.machine()}, one core pinned; {args.repeat} runs, the three "
        f"paths back to back in each; ratios are taken within a run, then the median (lowest–highest) over runs. "
        f"Before timing, `bench/naive.py`'s check passed on {checked['rounds']} rounds: at all "
        f"{checked['turns']:,} turns its legal moves equal `engine.legal_moves`, and the same deals and moves "
        f"replayed through the public API give the same piles, surs and points."
    )
    table = [
        "| path | rounds per run | median rounds/s | best rounds/s | ÷ naive | target |",
        "|---|---|---|---|---|---|",
        row("naive (`bench/naive.py`: card tuples, `itertools.combinations`)", "naive", "the yardstick"),
        row(
            "fast playout (`engine.chaharbargh.ai.playout.random_round`)",
            "playout",
            f"≥ {PLAYOUT_TARGET:g}×: {'met' if playout >= PLAYOUT_TARGET else 'not met'}",
        ),
        row(
            "public API (`new_match` + `legal_moves` + `apply`)",
            "api",
            f"≥ {API_TARGET:g}×: {'met' if api >= API_TARGET else 'not met'}",
        ),
    ]
    publish("engine", "Engine: random rounds per second", measured, table, args.write)


if __name__ == "__main__":
    main()
