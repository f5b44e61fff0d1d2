"""The shipped puzzles (app/games/<name>/data/puzzles.json, made by `python -m engine puzzles`):
each a legal position with its seat to play, every legal move valued, the best first and clearly
ahead of the second; a sample valued again in new worlds still finds the same best move ahead by
more than the threshold (bench/puzzles.py checks 50 a game at twice the worlds); and the command
itself writes a file the app reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import games
from engine.allfours.puzzles import THEMES as ALLFOURS_THEMES
from engine.chaharbargh.ai.puzzles import THEMES as CHAHARBARGH_THEMES
from engine.puzzles import FORMAT, Puzzle, judge_of, ranked
from engine.tools.cli import main

DATA = Path(__file__).resolve().parents[2] / "app" / "games"
THEMES = {"chaharbargh": CHAHARBARGH_THEMES, "allfours": ALLFOURS_THEMES}


def shipped(game: str) -> tuple[dict, list[Puzzle]]:
    data = json.loads((DATA / game / "data" / "puzzles.json").read_text(encoding="utf-8"))
    return data, [Puzzle.from_dict(entry) for entry in data["puzzles"]]


@pytest.mark.parametrize("game", ["chaharbargh", "allfours"])
def test_every_shipped_puzzle_is_a_legal_position_with_one_clearly_best_move(game):
    data, puzzles = shipped(game)
    assert data["format"] == FORMAT and data["game"] == game and len(puzzles) >= 100
    assert len({p.id for p in puzzles}) == len(puzzles)
    engine_game = games.get(game)
    rounds = set()
    for puzzle in puzzles:
        state = engine_game.from_text(puzzle.position)
        assert engine_game.turn(state) == puzzle.seat and engine_game.winner(state) is None
        assert {m for m, _ in puzzle.values} == {str(m) for m in engine_game.legal_moves(state)}
        assert puzzle.best == puzzle.values[0][0]
        assert [v for _, v in puzzle.values] == sorted((v for _, v in puzzle.values), reverse=True)
        assert puzzle.gap >= data["threshold"] + data["margin"] - 0.002  # values stored to 3 decimals
        assert puzzle.themes and set(puzzle.themes) <= set(THEMES[game])
        best, second = (engine_game.parse_move(m) for m, _ in puzzle.values[:2])
        assert puzzle.themes == judge_of(game)[1](state, best, second)  # from what the seat sees
        assert 1000 <= puzzle.rating <= 2000
        match_round = (puzzle.id.rsplit("-", 1)[0], state.round_no)
        assert match_round not in rounds  # at most one a round
        rounds.add(match_round)


@pytest.mark.parametrize("game", ["chaharbargh", "allfours"])
def test_a_sample_valued_again_in_new_worlds_keeps_its_best_move_clearly_ahead(game):
    data, puzzles = shipped(game)
    for puzzle in puzzles[:: len(puzzles) // 3][:3]:
        values = ranked(game, puzzle.position, puzzle.seat, seed=424242, worlds=data["worlds"])
        assert str(values[0][0]) == puzzle.best, puzzle.id
        assert values[0][1] - values[1][1] > data["threshold"], puzzle.id


def test_the_command_writes_puzzles_the_app_reads(tmp_path, capsys):
    out = tmp_path / "puzzles.json"
    args = ["puzzles", "--game", "chaharbargh", "--count", "1", "--out", str(out), "--seed", "5"]
    assert main([*args, "--worlds", "200", "--screen-worlds", "50"]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    (puzzle,) = [Puzzle.from_dict(entry) for entry in data["puzzles"]]
    assert (data["worlds"], data["threshold"], data["first_seed"]) == (200, 0.75, 5)
    assert puzzle.id.startswith("c5-") and puzzle.gap >= 0.75 + 0.4
    assert capsys.readouterr().out.startswith(f"1 {puzzle.id} gap ")
