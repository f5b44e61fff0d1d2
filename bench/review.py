"""Review speed: a whole two-seat match reviewed by the pro, on one core.

    python bench/review.py [--game allfours] [--matches 3] [--worlds 1000] [--write]
    python bench/review.py --game allfours --noise 5 [--matches 4] [--worlds 1000]
    python bench/review.py --levels [--matches 20] [--worlds 1000] [--processes 2] [--save FILE] [--write]

Each match is played to its end between two medium players (the reviewed seat 0 stands for a
person), dealt from a known seed: Chaharbargh to 62, All Fours to 14. Then the game's review
(`engine.review.review` with the game's judge) judges every decision of seat 0 at ``--worlds``
worlds, in this one process (one core). The targets: a whole match reviewed in at most 30 s,
and progress at least every 2 s (a review reports after each decision, so the longest decision
is the longest wait between two updates of the progress bar). `--write` puts the table in
docs/benchmarks.md.

``--levels`` measures what the accuracy says (`engine.review.accuracy`): ``--matches`` two-seat
Chaharbargh matches per level (random, easy, medium, pro) in seat 0 against a medium player, the
same deals for every level, each of seat 0's decisions judged by the pro at ``--worlds`` worlds
(a stronger search than the playing pro's 40 ms); per level the accuracy over all its decisions
that matter, the range of the matches' own accuracies, and beside them what two other
definitions gave: the share of best-or-good decisions (the accuracy before), and the share of the
best-to-worst range kept. ``--save FILE`` keeps every judged decision's values, ``--load FILE``
makes the table from them without judging again (to try another definition); ``--processes``
judges that many matches at once.

``--noise K`` measures instead what the verdict bands rest on: every decision valued K times
with different seeds, and per legal move the standard deviation of its loss (best value minus
its value) across the K, given at the median, the 90th percentile and the worst.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections import Counter
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from report import publish  # noqa: E402

from engine import review as reviews  # noqa: E402
from engine.allfours import review as allfours_review  # noqa: E402
from engine.chaharbargh.ai import review as chaharbargh_review  # noqa: E402
from engine.games import get  # noqa: E402

JUDGES = {"chaharbargh": chaharbargh_review, "allfours": allfours_review}

MATCH_TARGET_S = 30.0
PROGRESS_TARGET_S = 2.0


def played_match(game_name: str, seed: int, level: str = "medium") -> tuple[Any, list[Any]]:
    """The deal of a two-seat match and every move of it: seat 0 at `level`, seat 1 medium."""
    game = get(game_name)
    rules = game.rules(players=2)
    state, moves = game.new_match(seed, rules), []
    players = [game.bot(level, seed=seed), game.bot("medium", seed=seed + 1)]
    while game.winner(state) is None:
        move = players[game.turn(state)].choose(game.observation(state, game.turn(state)))
        moves.append(move)
        state = game.apply(state, move)
    return game.new_match(seed, rules), moves


def noise(game_name: str, matches: int, worlds: int, repeats: int) -> list[str]:
    """Each decision of seat 0 valued ``repeats`` times with different seeds: the spread of
    each move's loss."""
    judge = JUDGES[game_name].Judge()
    spreads: list[float] = []
    for seed in range(101, 101 + matches):
        state, moves = played_match(game_name, seed)
        for move in moves:
            if reviews.is_decision(state, 0):
                runs = [judge.values(state, 0, seed * 100 + k, worlds) for k in range(repeats)]
                losses = [[max(run.values()) - run[m] for run in runs] for m in runs[0]]
                spreads += [statistics.pstdev(each) for each in losses]
            state = state.apply(move)
    spreads.sort()
    at = lambda q: spreads[min(len(spreads) - 1, int(q * len(spreads)))]  # noqa: E731
    return [
        "| game | worlds | matches | moves valued | loss spread median | p90 | worst |",
        "|---|---|---|---|---|---|---|",
        f"| {game_name} | {worlds} | {matches} | {len(spreads)} | {at(0.5):.3f} | {at(0.9):.3f} | {spreads[-1]:.3f} |",
    ]


LEVELS = ("random", "easy", "medium", "pro")


def judged_match(task: tuple[str, int, int]) -> tuple[str, int, list[tuple[list[float], float, str]]]:
    """One match of seat 0 at a level, judged: per decision its values, the played move's value
    and its verdict."""
    level, seed, worlds = task
    state, moves = played_match("chaharbargh", seed, level)
    found = [
        ([v for _, v in d.values], dict(d.values)[d.played], d.verdict)
        for d in chaharbargh_review.review(state, moves, seat=0, seed=seed, worlds=worlds)
    ]
    return level, seed, found


def levels(matches: int, worlds: int, processes: int, save: str | None) -> list[str]:
    """Accuracy per level (`engine.review.accuracy`), beside the share of best-or-good decisions."""
    tasks = [(level, seed, worlds) for level in LEVELS for seed in range(101, 101 + matches)]
    if processes > 1:
        from multiprocessing import Pool

        with Pool(processes) as pool:
            done = pool.map(judged_match, tasks, chunksize=1)
    else:
        done = [judged_match(task) for task in tasks]
    if save:
        Path(save).write_text(json.dumps(done))
    return level_rows(done)


def level_rows(done: list[Any]) -> list[str]:
    """The table of `levels` from its judged matches (also from a ``--save`` file)."""
    bands = chaharbargh_review.VERDICTS
    rows = [
        "| seat 0 | matches | decisions | that matter | accuracy | per match min · median · max "
        "| best or good (before) | best-to-worst range kept |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for level in LEVELS:
        games = [found for name, _, found in done if name == level]
        every = [(values, played) for found in games for values, played, _ in found]
        counted = [(values, played) for values, played in every if reviews.matters(values, bands)]
        pooled = reviews.accuracy(counted, bands) or 0.0
        each = sorted(a for found in games if (a := reviews.accuracy([(v, p) for v, p, _ in found], bands)) is not None)
        fine = sum(verdict in ("best", "good") for found in games for _, _, verdict in found)
        ranged = sum((p - min(v)) / (max(v) - min(v)) for v, p in counted) / len(counted)
        spread = f"{100 * each[0]:.0f} · {100 * statistics.median(each):.0f} · {100 * each[-1]:.0f}"
        rows.append(
            f"| {level} | {len(games)} | {len(every)} | {len(counted)} | **{100 * pooled:.0f}%** | {spread} "
            f"| {100 * fine / len(every):.0f}% | {100 * ranged:.0f}% |"
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(JUDGES), default="chaharbargh")
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--worlds", type=int, help="worlds per decision (the game's REVIEW_WORLDS)")
    parser.add_argument("--noise", type=int, metavar="K", help="value each decision K times: the loss's spread")
    parser.add_argument("--levels", action="store_true", help="accuracy per computer level (Chaharbargh)")
    parser.add_argument("--processes", type=int, default=1, help="with --levels: matches judged at once")
    parser.add_argument("--save", help="with --levels: keep the judged decisions in this JSON file")
    parser.add_argument("--load", help="with --levels: the table from a --save file, judging nothing")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    if args.levels:
        worlds = args.worlds or chaharbargh_review.REVIEW_WORLDS
        command = f"python bench/review.py --levels --matches {args.matches} --worlds {worlds}"
        start = time.perf_counter()
        if args.load:  # the same judged decisions, counted again: only the definition can differ
            rows = level_rows(json.loads(Path(args.load).read_text()))
            measured = f"Counted {date.today().isoformat()} from the decisions judged by `{command} --save FILE`."
        else:
            rows = levels(args.matches, worlds, args.processes, args.save)
            measured = (
                f"Measured {date.today().isoformat()} with `{command} --processes {args.processes}` in "
                f"{(time.perf_counter() - start) / 60:.0f} min, on CPython {platform.python_version()}, "
                f"{os.cpu_count()} cores; load average before {LOAD_BEFORE[0]:.2f}, after {os.getloadavg()[0]:.2f}."
            )
        publish("review-levels", "Reviews: accuracy per level", measured, rows, args.write)
        return
    judged = JUDGES[args.game]
    worlds = args.worlds or judged.REVIEW_WORLDS
    command = f"python bench/review.py --game {args.game} --matches {args.matches} --worlds {worlds}"
    if args.noise:
        rows = noise(args.game, args.matches, worlds, args.noise)
        measured = f"Measured {date.today().isoformat()} with `{command} --noise {args.noise}`."
        publish(f"review-noise-{args.game}", "Reviews: the values' noise", measured, rows, args.write)
        return
    rows = [
        "| match (seed) | moves | seat 0's decisions | review s | longest decision s | verdicts |",
        "|---|---|---|---|---|---|",
    ]
    worst_total = worst_step = 0.0
    for seed in range(101, 101 + args.matches):
        state, moves = played_match(args.game, seed)
        start = last = time.perf_counter()
        longest, verdicts = 0.0, Counter[str]()
        for decision in judged.review(state, moves, seat=0, seed=seed, worlds=worlds):
            now = time.perf_counter()
            longest, last = max(longest, now - last), now
            verdicts[decision.verdict] += 1
        total = time.perf_counter() - start
        worst_total, worst_step = max(worst_total, total), max(worst_step, longest)
        counts = ", ".join(f"{name} {verdicts[name]}" for _, name in judged.VERDICTS)
        rows.append(f"| {seed} | {len(moves)} | {sum(verdicts.values())} | {total:.1f} | {longest:.2f} | {counts} |")
    rows += [
        "",
        f"Slowest match {worst_total:.1f} s (target ≤ {MATCH_TARGET_S:.0f} s); longest wait between two "
        f"progress updates {worst_step:.2f} s (target ≤ {PROGRESS_TARGET_S:.0f} s).",
    ]
    measured = (
        f"Measured {date.today().isoformat()} with `{command}`, on CPython {platform.python_version()}, "
        f"{platform.machine()}, one process on one of {os.cpu_count()} cores; "
        f"load average before {LOAD_BEFORE[0]:.2f}, after {os.getloadavg()[0]:.2f}."
    )
    if args.game == "chaharbargh":
        publish("review", "Reviews: a whole match by the pro", measured, rows, args.write)
    else:
        publish(f"review-{args.game}", "Reviews: a whole All Fours match by the pro", measured, rows, args.write)


LOAD_BEFORE = os.getloadavg()

if __name__ == "__main__":
    main()
