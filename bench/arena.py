"""Strength of the computer levels: the arena table of docs/benchmarks.md.

    python bench/arena.py [--pairs 1000] [--seed 1] [--write]

Plays each pair of levels with `engine.chaharbargh.arena.run_arena` (duplicate deals on every core) and
prints a Markdown table; `--write` replaces the arena section of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from report import points_with_ci, publish  # noqa: E402

from engine.chaharbargh.arena import run_arena  # noqa: E402
from engine.chaharbargh.rules import Rules  # noqa: E402

PRO_BUDGET_MS = 40.0
MATCHUPS = [
    ("easy", "random", {}, {}, "easy beats random clearly"),
    ("medium", "easy", {}, {}, "medium beats easy clearly"),
    ("pro", "medium", {}, {}, "≥ +5.0, CI low end > +4.5"),
    ("pro", "pro", {}, {"budget_ms": PRO_BUDGET_MS / 3}, "full budget beats a third of it"),
    ("oracle", "pro", {}, {}, "oracle ahead by ≤ 2.0"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="run only the matchups whose 'a-b' names contain this")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    rows = [
        "| A | B | deck pairs | A − B per round (95% CI) | round wins | match wins | A ms/move median · p95 · max "
        "| B ms/move median · p95 · max | target | minutes |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for a, b, a_settings, b_settings, target in MATCHUPS:
        if args.only and args.only not in f"{a}-{b}":
            continue
        start = time.time()
        s = run_arena(a, b, args.pairs, args.seed, Rules(), 2, a_settings, b_settings)
        times = [s[k] for k in ("a_move_ms", "b_move_ms")]
        b_name = b + (f" ({b_settings['budget_ms']:.0f} ms)" if "budget_ms" in b_settings else "")
        row = (
            f"| {a} | {b_name} | {s['deck_pairs']} | {points_with_ci(s)} "
            f"| {s['round_win_rate']:.1%} | {s['match_win_rate']:.1%} "
            + " ".join(f"| {t['median']:.2f} · {t['p95']:.2f} · {t['max']:.1f}" for t in times)
            + f" | {target} | {(time.time() - start) / 60:.1f} |"
        )
        rows.append(row)
        print(row, flush=True)
    measured = (
        f"Measured {date.today().isoformat()} with `python bench/arena.py --pairs {args.pairs}` "
        f"(seed {args.seed}, table rules, target 62, pro budget {PRO_BUDGET_MS:.0f} ms per move, 2 processes)."
    )
    publish("arena", "Computer levels: the arena", measured, rows, args.write)


if __name__ == "__main__":
    main()
