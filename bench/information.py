"""What seeing the opponent's hand is worth: the ceiling on pro's strength against medium.

    python bench/information.py [--pairs 1000] [--seed 1] [--worlds 30] [--write]

Plays medium with the pro search given more and more of the hidden cards (the benchmark-only
oracle's ``sees`` settings) and prints a Markdown table; `--write` replaces the information
section of docs/benchmarks.md. Every player runs the same search with the same fixed number
of worlds, so the rows differ only in what the player may see. The row that sees the other
hand only once it has played a card in the deal is the best any inference could do: before
that, a fair player has seen nothing of that hand.
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

VARIANTS = [
    ("pro", {}, "what pro sees: its hand, the table, every card played (fair)"),
    ("oracle", {"sees": "hands-once-played"}, "also the other hand, once it has played a card this deal"),
    ("oracle", {"sees": "hands"}, "also the other hand, at every move"),
    ("oracle", {"sees": "all"}, "also the other hand and the order of the stock"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=30)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    rows = [
        "| player | it sees | deck pairs | against medium per round (95% CI) | round wins | ms/move median | minutes |",
        "|---|---|---|---|---|---|---|",
    ]
    for level, settings, sees in VARIANTS:
        start = time.time()
        s = run_arena(level, "medium", args.pairs, args.seed, Rules(), 2, {"worlds": args.worlds, **settings})
        name = level + (f" (sees={settings['sees']})" if settings else "")
        row = (
            f"| {name} | {sees} | {s['deck_pairs']} | {points_with_ci(s)} "
            f"| {s['round_win_rate']:.1%} | {s['a_move_ms']['median']:.1f} | {(time.time() - start) / 60:.1f} |"
        )
        rows.append(row)
        print(row, flush=True)
    measured = (
        f"Measured {date.today().isoformat()} with `python bench/information.py --pairs {args.pairs}` "
        f"(seed {args.seed}, table rules, target 62, {args.worlds} worlds per move for every player, 2 processes)."
    )
    publish("information", "What seeing the opponent's hand is worth", measured, rows, args.write)


if __name__ == "__main__":
    main()
