"""The command line: ``python -m engine play ...`` plays a match between computer players."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.match import MatchState, new_match
from engine.observation import observation
from engine.players import LEVELS, bot
from engine.records import record
from engine.rules import PRESETS, Rules


def play_match(seed: int, levels: list[str], rules: Rules) -> MatchState:
    """A whole match between computer players; each seat's bot is seeded from the match seed."""
    players = [bot(level, seed=seed * 10 + seat) for seat, level in enumerate(levels)]
    state = new_match(seed, rules)
    while not state.finished:
        state = state.apply(players[state.turn].choose(observation(state, state.turn)))
    return state


def _play(args: argparse.Namespace) -> int:
    levels = args.players.split(",")
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        sys.exit(f"unknown player level(s) {unknown}; choose from {sorted(LEVELS)}")
    changes = {"players": len(levels)}
    if args.target is not None:
        changes["target"] = args.target
    try:
        rules = Rules.preset(args.rules, **changes)
    except ValueError as error:
        sys.exit(str(error))
    state = play_match(args.seed, levels, rules)
    if args.record:
        Path(args.record).write_text(json.dumps(record(state, seats=levels), ensure_ascii=False, indent=1))
    names = [f"{i}:{level}" for i, level in enumerate(levels)]
    sides = "+".join(names[0::2]) + " vs " + "+".join(names[1::2]) if rules.teams else " vs ".join(names)
    print(
        f"seed {args.seed}: {sides}; totals {'-'.join(map(str, state.totals))} to {rules.target}; "
        f"side {state.winner} wins after {len(state.rounds)} rounds and {state.ply} moves"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Chaharbargh engine tools")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a whole match between computer players")
    play.add_argument("--seed", type=int, required=True)
    play.add_argument("--players", default="random,random", help="comma-separated levels, 2 to 4 seats")
    play.add_argument("--rules", default="table", choices=sorted(PRESETS))
    play.add_argument("--target", type=int)
    play.add_argument("--record", help="write the game record (JSON) to this file")
    play.set_defaults(run=_play)
    args = parser.parse_args(argv)
    return args.run(args)
