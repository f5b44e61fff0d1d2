"""How much pro's decisions lose to search noise, for the playouts they cost, with and without
pruning. Independent of the machine's speed and load: it counts
playouts, not milliseconds.

The positions are those of medium-against-medium first rounds with more than two legal moves.
The reference is the unpruned search with many worlds; a decision's loss is the reference value
of the best move minus the reference value of the move chosen, averaged over the positions and
three seeds per setting.

    python bench/pro_pruning.py                      # the table of docs/benchmarks.md
    python bench/pro_pruning.py --matches 4 --reference 400   # a quick look
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the engine package, not bench/engine.py beside this script

import engine.chaharbargh.ai.players as players  # noqa: E402
from engine.chaharbargh.match import new_match  # noqa: E402
from engine.chaharbargh.observation import Observation, observation  # noqa: E402


def positions(matches: int) -> list[Observation]:
    views = []
    for seed in range(matches):
        state = new_match(seed)
        mediums = [players.MediumPlayer(1), players.MediumPlayer(2)]
        while not state.finished and state.round_no == 0:
            view = observation(state, state.turn)
            if len(view.legal_moves) > 2:
                views.append(view)
            state = state.apply(mediums[state.turn].choose(view))
    return views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=8, help="medium-against-medium matches to take positions from")
    parser.add_argument("--reference", type=int, default=1000, help="worlds of the reference search")
    args = parser.parse_args()

    playouts = 0
    real = players.scored_playout

    def counting(*a: Any, **k: Any) -> Any:
        nonlocal playouts
        playouts += 1
        return real(*a, **k)

    views = positions(args.matches)
    references = [players.ProPlayer(seed=9, worlds=args.reference, prune=None).evaluate(v) for v in views]
    players.scored_playout = counting  # count from here on: the settings measured, not the reference
    settings: list[dict[str, Any]] = [{"worlds": w, "prune": None} for w in (15, 30, 60, 120, 240)]
    settings += [{"worlds": w, "prune": z} for w in (60, 120, 240, 480) for z in (1.5, 2.5, 3.5)]
    print(f"{len(views)} positions, reference {args.reference} worlds without pruning")
    print("| worlds | prune (z) | playouts per decision | mean loss per decision (points) |")
    print("|---|---|---|---|")
    for setting in settings:
        playouts = 0
        losses = []
        for view, reference in zip(views, references, strict=True):
            for seed in (1, 2, 3):
                move = players.ProPlayer(seed=seed, **setting).choose(view)
                losses.append(max(reference.values()) - reference[move])
        z = "—" if setting["prune"] is None else setting["prune"]
        cost, loss = playouts / len(losses), statistics.fmean(losses)
        print(f"| {setting['worlds']} | {z} | {cost:.0f} | {loss:.4f} |", flush=True)


if __name__ == "__main__":
    main()
