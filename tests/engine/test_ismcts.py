"""Information-set MCTS (the benchmark level ``pro-ismcts``): legal, deterministic, fair, sensible."""

import pytest

from engine import Rules, bot, from_position, new_match, observation
from engine.chaharbargh.ai.ismcts import ISMCTSPlayer
from engine.chaharbargh.ai.players import BENCHMARK_ONLY, careful_show
from tests.engine.test_players import TickingClock, mid_round_states


def test_it_is_a_benchmark_level_and_plays_legal_moves_through_whole_rounds():
    assert BENCHMARK_ONLY["pro-ismcts"] is ISMCTSPlayer
    players = [bot("pro-ismcts", seed=1, iterations=30), bot("medium", seed=2)]
    state = new_match(8)
    while not state.finished and state.round_no < 1:
        move = players[state.turn].choose(observation(state, state.turn))
        assert move in state.legal_moves()
        state = state.apply(move)
    assert state.round_no == 1


def test_fixed_iterations_and_seed_give_the_same_tree_and_move():
    for state in [s for s in mid_round_states(4, every=3) if len(s.legal_moves()) > 1][:8]:
        view = observation(state, state.turn)
        first, second = ISMCTSPlayer(seed=7, iterations=120), ISMCTSPlayer(seed=7, iterations=120)
        a, b = first.search(view), second.search(view)
        assert {k: (c.visits, c.total) for k, c in a.children.items()} == {
            k: (c.visits, c.total) for k, c in b.children.items()
        }
        assert sum(c.visits for c in a.children.values()) == 120 == first.last_iterations
        assert ISMCTSPlayer(seed=7, iterations=120).choose(view) == ISMCTSPlayer(seed=7, iterations=120).choose(view)


def test_it_takes_the_ten_of_diamonds_with_a_club_rather_than_a_worthless_three():
    # Table 10D 3S KH; seat 0 holds AC and 8H: the ace takes the 10 of diamonds (1 + 10 = 11,
    # R3), the 8 takes the 3 of spades (8 + 3 = 11). Forced capture allows only these two. The
    # ace's capture is worth the 10 of diamonds (3 points, R10), the ace (1) and a club toward
    # the seven; the 8's is worth nothing, and leaves the 10 of diamonds to the opponent's ace.
    # The king on the table keeps any sur out of reach (no card but a king takes it).
    state = from_position([["AC", "8H"], ["5C", "QD"]], ["10D", "3S", "KH"], stock=[])
    view = observation(state, 0)
    assert sorted(str(m) for m in view.legal_moves) == ["8H+3S", "AC+10D"]
    for seed in range(3):
        assert str(ISMCTSPlayer(seed=seed, iterations=200).choose(view)) == "AC+10D"


def test_it_prefers_a_sur():
    # pro's example (tests/engine/test_players.py): 2H takes 4D and 5S and empties the table
    from engine import CARDS, parse_cards

    shown = parse_cards("2H 6C 7D JC JD KC 4D 5S")
    rest = [c for c in CARDS if c not in shown][:40]
    state = from_position([shown[:3], shown[3:6]], shown[6:], stock=rest)
    assert str(ISMCTSPlayer(seed=1, iterations=200).choose(observation(state, 0))) == "2H+4D+5S"


# Fairness (the same move whatever the hidden cards, in every mode) is tested with every level,
# pro-ismcts among them, in tests/engine/test_players.py.


def test_one_legal_move_is_played_at_once_and_a_show_is_the_careful_one():
    state = from_position([["7C", "QH"], ["2D"]], ["4D", "KS"])
    view = observation(state, 0)
    assert [str(m) for m in view.legal_moves] == ["7C+4D"]
    player = ISMCTSPlayer(seed=1, iterations=50)
    assert str(player.choose(view)) == "7C+4D" and player.last_iterations == 0
    shows = observation(new_match(3, Rules(open_hand=True)), 0)
    assert shows.legal_moves[0].shows
    assert player.choose(shows) == careful_show(shows)


def test_the_budget_is_read_on_its_clock():
    # the deadline is read at 0 and each check advances the clock by 1: with a budget of 2.5 s
    # the clock is checked after min_iterations (0 on the clock: 1), then reads 2, then 3 (stop)
    view = observation(new_match(11), 0)
    assert len(view.legal_moves) > 1
    player = ISMCTSPlayer(seed=5, budget_ms=2500, min_iterations=4, clock=TickingClock())
    player.search(view)
    assert player.last_iterations == 6


def test_its_variants_play_legal_moves_and_refuse_an_unknown_expansion():
    view = observation(new_match(11), 0)
    for settings in ({"expand": "random", "reuse": 1}, {"behaviour": False}, {"exploration": 3.0}):
        assert ISMCTSPlayer(seed=3, iterations=60, **settings).choose(view) in view.legal_moves
    with pytest.raises(ValueError, match="expand"):
        ISMCTSPlayer(expand="best")
