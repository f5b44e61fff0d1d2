"""The command line: ``python -m engine play ...`` plays a match between computer players,
``arena`` pits two levels against each other, ``verify RECORD.json`` checks a sealed record,
``puzzles`` mines positions with one clearly best move from matches between pros."""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from pathlib import Path
from typing import Any

from engine import games, puzzles
from engine.fairness import FairnessError, verify
from engine.game import AnyGame
from engine.options import Option
from engine.tools.arena import describe

COMMON = ("players", "target")  # every game's: flags of their own, with their own help


def declared() -> dict[str, list[Option]]:
    """Each registered game's declared options (`engine.options`) that become arena flags, by
    game; a name two games declare is the first one's flag. A game whose rules have no such
    option refuses it."""
    seen: set[str] = set(COMMON)
    flags: dict[str, list[Option]] = {}
    for name in games.names():
        flags[name] = [o for o in games.get(name).options if o.name not in seen]
        seen |= {o.name for o in flags[name]}
    return flags


def add_option_flags(parser: argparse.ArgumentParser) -> None:
    """One flag per declared option: a box turns it on, a number is a whole number, a choice one
    of its values; each left out keeps the preset's value."""
    for name, options in declared().items():
        if not options:
            continue
        group = parser.add_argument_group(f"{name}'s rule options (each starts at the preset's value)")
        for option in options:
            if option.kind == "bool":
                group.add_argument(option.flag, dest=option.name, action="store_const", const=True)
            elif option.kind == "int":
                group.add_argument(option.flag, dest=option.name, type=int)
            else:
                group.add_argument(option.flag, dest=option.name, choices=option.choices)


def play_levels(game: AnyGame, seed: int, levels: list[str], rules: Any) -> Any:
    """A whole match between computer levels, each deciding from its own seat's view; each seat's
    bot is seeded from the match seed."""
    try:
        players = [game.bot(level, seed=seed * 10 + seat) for seat, level in enumerate(levels)]
    except ValueError as error:
        sys.exit(str(error))
    state = game.new_match(seed, rules)
    while game.winner(state) is None:
        seat = game.turn(state)
        state = game.apply(state, players[seat].choose(game.observation(state, seat)))
    return state


def _rules(game: AnyGame, args: argparse.Namespace, changes: dict[str, Any]) -> Any:
    """The ``--rules`` preset (the game's first by default) with `changes`; exit with the game's
    own words for a preset or an option it does not have."""
    try:
        return game.preset(args.rules or game.presets[0], **changes)
    except ValueError as error:  # the game's RulesError
        sys.exit(f"{game.name}: {error}")


def _play(args: argparse.Namespace) -> int:
    game = games.get(args.game)
    levels = args.players.split(",")
    changes: dict[str, Any] = {"players": len(levels)}
    if args.target is not None:
        changes["target"] = args.target
    rules = _rules(game, args, changes)
    state = play_levels(game, args.seed, levels, rules)
    if args.record:
        Path(args.record).write_text(json.dumps(game.record(state, seats=levels), ensure_ascii=False, indent=1))
    names = [f"{i}:{level}" for i, level in enumerate(levels)]
    sides = "+".join(names[0::2]) + " vs " + "+".join(names[1::2]) if game.teams(rules) else " vs ".join(names)
    print(
        f"seed {args.seed}: {sides}; totals {'-'.join(map(str, game.totals(state)))} to {game.target(rules)}; "
        f"side {game.winner(state)} wins after {game.rounds_played(state)} rounds and {game.ply(state)} moves"
    )
    return 0


def _setting(pair: str) -> tuple[str, Any]:
    """``name=value`` from the command line, the value read as JSON (``search_decisions=false``)."""
    name, _, value = pair.partition("=")
    try:
        return name.strip(), json.loads(value)
    except json.JSONDecodeError:
        sys.exit(f"--a-set/--b-set take name=value, the value in JSON: not {pair!r}")


def _arena(args: argparse.Namespace) -> int:
    game = games.get(args.game)
    options = (*COMMON, *(o.name for flags in declared().values() for o in flags))
    changes = {name: getattr(args, name) for name in options if getattr(args, name) is not None}
    rules = _rules(game, args, changes)
    settings = [{"budget_ms": budget} if budget is not None else {} for budget in (args.a_budget, args.b_budget)]
    for extra, pairs in ((settings[0], args.a_set), (settings[1], args.b_set)):
        extra.update(_setting(pair) for pair in pairs)
    for level, extra in ((args.a, settings[0]), (args.b, settings[1])):
        try:
            game.bot(level, seed=0, **extra)
        except (ValueError, TypeError) as error:
            sys.exit(f"{level}: {error}")
    summary = game.arena(args.a, args.b, args.pairs, args.seed, rules, args.processes, *settings)
    print(json.dumps(summary) if args.json else describe(summary))
    return 0


def _verify(args: argparse.Namespace) -> int:
    """Exit 0 with "ok" when the record's commitment holds and its deals and moves replay from its
    seed; 1 with the reason otherwise (an unreadable file too)."""
    try:
        data = json.loads(Path(args.file).read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise FairnessError("not a game record: the file holds no JSON object")
        print(verify(data).summary())
        return 0
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, FairnessError) as error:
        print(f"{args.file}: not proved: {error}", file=sys.stderr)
        return 1


def puzzles_text(header: dict[str, Any], found: list[dict[str, Any]]) -> str:
    """The puzzles file: JSON, one puzzle a line (a regenerated file's diff reads puzzle by puzzle)."""
    lines = ",\n".join(json.dumps(p, ensure_ascii=False) for p in found)
    return json.dumps(header, ensure_ascii=False)[:-1] + ', "puzzles": [\n' + lines + "\n]}\n"


def _puzzles(args: argparse.Namespace) -> int:
    """Write puzzles to `--out` as they are found (a run stopped early keeps what it found), each
    match from the next seed, until `--count` of them."""
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31) * 1000
    found: list[dict[str, Any]] = []
    out = Path(args.out)
    header = {"format": puzzles.FORMAT, "game": args.game, "worlds": args.worlds, "threshold": args.threshold}
    header |= {"margin": args.margin, "first_seed": seed}
    while len(found) < args.count:
        for puzzle in puzzles.find(args.game, seed, args.threshold + args.margin, args.worlds, args.screen_worlds):
            found.append(puzzle.to_dict())
            print(f"{len(found)} {puzzle.id} gap {puzzle.gap:.2f} {','.join(puzzle.themes)}", flush=True)
            out.write_text(puzzles_text(header, found))
            if len(found) >= args.count:
                break
        seed += 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="the engine's tools, for every game")
    commands = parser.add_subparsers(dest="command", required=True)
    presets = "; ".join(f"{name}: {', '.join(games.get(name).presets)}" for name in games.names())
    play = commands.add_parser("play", help="play a whole match between computer players")
    game_help = f"the game: {', '.join(games.names())} (default {games.names()[0]})"
    play.add_argument("--game", default=games.names()[0], choices=games.names(), help=game_help)
    play.add_argument("--seed", type=int, required=True)
    play.add_argument("--players", default="random,random", help="comma-separated levels, 2 to 4 seats")
    play.add_argument("--rules", help="rules preset, the game's first by default: " + presets)
    play.add_argument("--target", type=int)
    play.add_argument("--record", help="write the game record (JSON) to this file")
    play.set_defaults(run=_play)
    arena = commands.add_parser("arena", help="duplicate matches between two levels: strength and speed")
    arena.add_argument("--game", default=games.names()[0], choices=games.names(), help=game_help)
    arena.add_argument("--a", required=True, help="level of player A")
    arena.add_argument("--b", required=True, help="level of player B")
    arena.add_argument("--pairs", type=int, default=100, help="deck pairs: each deck played twice, seats swapped")
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--rules", help="rules preset, the game's first by default: " + presets)
    arena.add_argument("--players", type=int, choices=(2, 3, 4), help="seats: 2 (default), 3, or 4 as teams")
    arena.add_argument("--target", type=int)
    add_option_flags(arena)
    arena.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    arena.add_argument("--a-budget", type=float, help="pro/oracle thinking time per move for A, in ms")
    arena.add_argument("--b-budget", type=float, help="pro/oracle thinking time per move for B, in ms")
    for who in ("a", "b"):
        arena.add_argument(
            f"--{who}-set",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help=f"a setting of {who.upper()}'s player, the value in JSON (search_decisions=false)",
        )
    arena.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    arena.set_defaults(run=_arena)
    check = commands.add_parser("verify", help="check a finished match's sealed record: commitment, deals, moves")
    check.add_argument("file", help="the record (JSON), as the table's record.json gives it")
    check.set_defaults(run=_verify)
    mine = commands.add_parser("puzzles", help="positions of pro-against-pro matches with one clearly best move")
    mine.add_argument("--game", default=games.names()[0], choices=games.names(), help=game_help)
    mine.add_argument("--count", type=int, required=True, help="how many puzzles")
    mine.add_argument("--out", required=True, help="the JSON file to write")
    mine.add_argument("--seed", type=int, help="the first match's seed (default: a fresh random one)")
    mine.add_argument("--worlds", type=int, default=1000, help="worlds a kept puzzle's moves are valued in")
    mine.add_argument("--screen-worlds", type=int, default=200, help="worlds every decision is screened in")
    mine.add_argument("--threshold", type=float, default=0.75, help="the gap a puzzle's best move must keep")
    mine.add_argument("--margin", type=float, default=0.4, help="kept only with a gap of threshold plus this")
    mine.set_defaults(run=_puzzles)
    args = parser.parse_args(argv)
    code: int = args.run(args)
    return code
