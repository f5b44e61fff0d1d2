"""The command line: ``python -m engine play ...`` plays a match between computer players."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from engine.ai.players import BENCHMARK_ONLY, LEVELS, bot
from engine.match import MatchState
from engine.records import record
from engine.rules import PRESETS, Rules
from engine.tools.arena import describe, play_match, run_arena


def play_levels(seed: int, levels: list[str], rules: Rules) -> MatchState:
    """A whole match between computer levels; each seat's bot is seeded from the match seed."""
    return play_match(seed, [bot(level, seed=seed * 10 + seat) for seat, level in enumerate(levels)], rules)


GAMES = ("chaharbargh", "allfours")


def _rules_preset(args: argparse.Namespace) -> str:
    """The ``--rules`` preset, defaulting per game; a preset of the other game is refused."""
    if args.game == "allfours":
        from engine.allfours.rules import PRESETS as ALLFOURS_PRESETS

        name: str = args.rules or "trinidad"
        if name not in ALLFOURS_PRESETS:
            sys.exit(f"--rules {name}: All Fours has the preset(s) {list(ALLFOURS_PRESETS)}")
        return name
    name = args.rules or "table"
    if name not in PRESETS:
        sys.exit(f"--rules {name}: Chaharbargh has the presets {sorted(PRESETS)}")
    return name


def _play_allfours(args: argparse.Namespace) -> int:
    from engine.allfours.ai import LEVELS as ALLFOURS_LEVELS
    from engine.allfours.ai import bot as allfours_bot
    from engine.allfours.arena import play_match as play_allfours
    from engine.allfours.records import record as allfours_record
    from engine.allfours.rules import Rules as AllFoursRules

    levels = args.players.split(",")
    unknown = [level for level in levels if level not in ALLFOURS_LEVELS]
    if unknown:
        sys.exit(f"unknown player level(s) {unknown}; choose from {sorted(ALLFOURS_LEVELS)}")
    changes: dict[str, int] = {"players": len(levels)}
    if args.target is not None:
        changes["target"] = args.target
    try:
        rules = AllFoursRules.preset(_rules_preset(args), **changes)
    except ValueError as error:
        sys.exit(str(error))
    players = [allfours_bot(level, seed=args.seed * 10 + seat) for seat, level in enumerate(levels)]
    state = play_allfours(args.seed, players, rules)
    if args.record:
        Path(args.record).write_text(json.dumps(allfours_record(state, seats=levels), ensure_ascii=False, indent=1))
    names = [f"{i}:{level}" for i, level in enumerate(levels)]
    sides = "+".join(names[0::2]) + " vs " + "+".join(names[1::2])
    print(
        f"seed {args.seed}: {sides}; totals {'-'.join(map(str, state.totals))} to {rules.target}; "
        f"side {state.winner} wins after {len(state.rounds)} rounds and {state.ply} moves"
    )
    return 0


def _play(args: argparse.Namespace) -> int:
    if args.game == "allfours":
        return _play_allfours(args)
    levels = args.players.split(",")
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        sys.exit(f"unknown player level(s) {unknown}; choose from {sorted(LEVELS)}")
    changes = {"players": len(levels)}
    if args.target is not None:
        changes["target"] = args.target
    try:
        rules = Rules.preset(_rules_preset(args), **changes)
    except ValueError as error:
        sys.exit(str(error))
    state = play_levels(args.seed, levels, rules)
    if args.record:
        Path(args.record).write_text(json.dumps(record(state, seats=levels), ensure_ascii=False, indent=1))
    names = [f"{i}:{level}" for i, level in enumerate(levels)]
    sides = "+".join(names[0::2]) + " vs " + "+".join(names[1::2]) if rules.teams else " vs ".join(names)
    print(
        f"seed {args.seed}: {sides}; totals {'-'.join(map(str, state.totals))} to {rules.target}; "
        f"side {state.winner} wins after {len(state.rounds)} rounds and {state.ply} moves"
    )
    return 0


def _arena_allfours(args: argparse.Namespace) -> int:
    from engine.allfours.ai import LEVELS as ALLFOURS_LEVELS
    from engine.allfours.arena import run_arena as run_allfours_arena
    from engine.allfours.rules import Rules as AllFoursRules

    for level in (args.a, args.b):
        if level not in ALLFOURS_LEVELS:
            sys.exit(f"unknown level {level!r}; choose from {sorted(ALLFOURS_LEVELS)}")
    changes: dict[str, int] = {"players": args.players or 2}
    if args.target is not None:
        changes["target"] = args.target
    try:
        rules = AllFoursRules.preset(_rules_preset(args), **changes)
    except ValueError as error:
        sys.exit(str(error))
    settings = [{"budget_ms": budget} if budget is not None else {} for budget in (args.a_budget, args.b_budget)]
    summary = run_allfours_arena(args.a, args.b, args.pairs, args.seed, rules, args.processes, *settings)
    print(json.dumps(summary) if args.json else describe(summary))
    return 0


def _arena(args: argparse.Namespace) -> int:
    if args.game == "allfours":
        if any(getattr(args, name) is not None for name in HOUSE_RULES) or args.players == 3:
            sys.exit("All Fours has no such house rules here, and plays 2 or 4 seats")
        return _arena_allfours(args)
    for level in (args.a, args.b):
        if level not in LEVELS and level not in BENCHMARK_ONLY:
            sys.exit(f"unknown level {level!r}; choose from {sorted(LEVELS) + sorted(BENCHMARK_ONLY)}")
    options = ("players", "target", *HOUSE_RULES)
    changes = {name: getattr(args, name) for name in options if getattr(args, name) is not None}
    try:
        rules = Rules.preset(_rules_preset(args), **changes)
    except ValueError as error:  # RulesError
        sys.exit(str(error))
    settings = [{"budget_ms": budget} if budget is not None else {} for budget in (args.a_budget, args.b_budget)]
    summary = run_arena(args.a, args.b, args.pairs, args.seed, rules, args.processes, *settings)
    print(json.dumps(summary) if args.json else describe(summary))
    return 0


HOUSE_RULES = ("forced_capture", "jack_sur", "sur_in_last_deal", "surs_cancel", "open_hand", "sur_points", "sur_cutoff")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Chaharbargh engine tools")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a whole match between computer players")
    game_help = "the game: chaharbargh (default) or allfours (All Fours, Trinidad rules)"
    play.add_argument("--game", default="chaharbargh", choices=GAMES, help=game_help)
    play.add_argument("--seed", type=int, required=True)
    play.add_argument("--players", default="random,random", help="comma-separated levels, 2 to 4 seats")
    play.add_argument("--rules", help="rules preset: table (default) or pagat; trinidad for allfours")
    play.add_argument("--target", type=int)
    play.add_argument("--record", help="write the game record (JSON) to this file")
    play.set_defaults(run=_play)
    arena = commands.add_parser("arena", help="duplicate matches between two levels: strength and speed")
    arena.add_argument("--game", default="chaharbargh", choices=GAMES, help=game_help)
    arena.add_argument("--a", required=True, help="level of player A")
    arena.add_argument("--b", required=True, help="level of player B")
    arena.add_argument("--pairs", type=int, default=100, help="deck pairs: each deck played twice, seats swapped")
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--rules", help="rules preset: table (default) or pagat; trinidad for allfours")
    arena.add_argument("--players", type=int, choices=(2, 3, 4), help="seats: 2 (default), 3, or 4 as two teams")
    arena.add_argument("--target", type=int)
    house = arena.add_argument_group("house rules (Chaharbargh; each starts at the preset's value)")
    house.add_argument("--forced-capture", choices=("hand", "card", "off"))
    for flag in ("jack-sur", "sur-in-last-deal", "surs-cancel", "open-hand"):
        house.add_argument(f"--{flag}", action="store_const", const=True)
    house.add_argument("--sur-points", type=int)
    house.add_argument("--sur-cutoff", type=int)
    arena.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    arena.add_argument("--a-budget", type=float, help="pro/oracle thinking time per move for A, in ms")
    arena.add_argument("--b-budget", type=float, help="pro/oracle thinking time per move for B, in ms")
    arena.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    arena.set_defaults(run=_arena)
    args = parser.parse_args(argv)
    code: int = args.run(args)
    return code
