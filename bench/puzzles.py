"""Puzzles: do the shipped puzzles keep one clearly best move when valued again?

    python bench/puzzles.py [--sample 50] [--write]
    python bench/puzzles.py --noise 5 [--positions 60] [--worlds 1000] [--write]

The first form takes `--sample` puzzles of each game's file (app/games/<name>/data/puzzles.json,
evenly spread through it) and values each again with the reviewing pro at twice the worlds the
file was made with, in worlds of a seed the generator never used. A puzzle holds when the same
move is still best and its gap over the second is above the file's threshold; the target is at
least 95% of each game's sample.

``--noise K`` measures what the threshold rests on: decisions of pro-against-pro matches (every
sixth, from seed 500 on), each valued K times with different seeds at ``--worlds``, and the spread
(largest minus smallest) of the gap between the moves first and second at the first valuing,
given at the median, the 90th and 95th percentiles and the worst. The generator's threshold is
about twice the 95th percentile (docs/engine.md, "Puzzles"). `--write` puts either table in
docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from report import publish  # noqa: E402

from engine.puzzles import Puzzle, candidates, noise, quantile, ranked  # noqa: E402

GAMES = ("chaharbargh", "allfours")
TARGET = 0.95
SEED = 777_777  # the re-valuing's worlds: the generator's come from each match's seed and ply


def recheck(game: str, sample: int) -> str:
    data = json.loads((ROOT / "app" / "games" / game / "data" / "puzzles.json").read_text(encoding="utf-8"))
    puzzles = [Puzzle.from_dict(entry) for entry in data["puzzles"]]
    chosen = puzzles[:: max(1, len(puzzles) // sample)][:sample]
    worlds, threshold = 2 * data["worlds"], data["threshold"]
    held, same, gaps, start = 0, 0, [], time.perf_counter()
    for puzzle in chosen:
        values = ranked(game, puzzle.position, puzzle.seat, SEED, worlds)
        gap = values[0][1] - values[1][1]
        best = str(values[0][0]) == puzzle.best
        same += best
        held += best and gap > threshold
        gaps.append(gap if best else 0.0)
    share = held / len(chosen)
    return (
        f"| {game} | {len(puzzles)} | {len(chosen)} | {worlds} | {threshold} | {same} | {held} | {share:.0%} | "
        f"{quantile(gaps, 0.05):.2f} | {time.perf_counter() - start:.0f} | {'yes' if share >= TARGET else 'NO'} |"
    )


def measure_noise(game: str, positions: int, worlds: int, repeats: int) -> str:
    found: list[tuple[str, int]] = []
    seed = 500
    while len(found) < positions:
        found += [(text, seat) for i, (_, _, text, seat) in enumerate(candidates(game, seed)) if i % 6 == 0]
        seed += 1
    spreads = noise(game, found[:positions], worlds, repeats)
    figures = " | ".join(f"{quantile(spreads, q):.3f}" for q in (0.5, 0.9, 0.95, 1.0))
    return f"| {game} | {positions} | {worlds} | {repeats} | {figures} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=50)
    parser.add_argument("--noise", type=int, metavar="K", help="value each position K times: the gap's spread")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--worlds", type=int, default=1000)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    today = date.today().isoformat()
    if args.noise:
        rows = [
            "| game | positions | worlds | valuings | median | 90th pct | 95th pct | worst |",
            "|---|---|---|---|---|---|---|---|",
        ]
        rows += [measure_noise(game, args.positions, args.worlds, args.noise) for game in GAMES]
        command = f"python bench/puzzles.py --noise {args.noise} --positions {args.positions} --worlds {args.worlds}"
        publish("puzzle-noise", "Puzzles: the gap's noise", f"Measured {today} with `{command}`.", rows, args.write)
        return
    rows = [
        "| game | puzzles | sampled | worlds | threshold | same best | held | share | 5th pct gap | s | ≥ 95% |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    rows += [recheck(game, args.sample) for game in GAMES]
    measured = f"Measured {today} with `python bench/puzzles.py --sample {args.sample}`."
    publish("puzzles", "Puzzles: valued again at twice the worlds", measured, rows, args.write)


if __name__ == "__main__":
    main()
