"""All Fours computer players: legal, fair (they decide from their seat's view only), measurable."""

import json
import random
from dataclasses import replace

import pytest

from engine.allfours import BEG, ONE, RUN, STAND, Rules, new_match, observation, replay
from engine.allfours.ai import LEVELS, ProPlayer, bot, decide, hand_strength, sample_world, voids
from engine.allfours.arena import play_match, play_pair
from engine.cards import parse_cards
from engine.tools.cli import main as cli_main
from tests.allfours.af_helpers import pos

FAIR = {"pro": {"worlds": 5}}


def states_along(seed, players, every=3):
    rules = Rules(players=players)
    seats = [bot("medium", seed=seed + s) for s in range(players)]
    state = new_match(seed, rules)
    states = []
    while not state.finished and state.round_no < 2:
        if state.ply % every == 0:
            states.append(state)
        state = state.apply(seats[state.turn].choose(observation(state, state.turn)))
    return states


def shuffle_hidden(state, seat, rng):
    """The same match for ``seat``, with the other hands and the stock dealt differently."""
    hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h] + list(state.stock)
    rng.shuffle(hidden)
    hands, dealt = list(state.hands), list(state.dealt)
    for s in range(state.players):
        if s != seat:
            played = [c for c in state.dealt[s] if c not in state.hands[s]]
            hands[s], hidden = tuple(hidden[: len(hands[s])]), hidden[len(hands[s]) :]
            dealt[s] = tuple(played) + hands[s]
    return replace(state, hands=tuple(hands), dealt=tuple(dealt), stock=tuple(hidden))


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("players", [2, 4])
def test_every_level_plays_whole_matches_legally(level, players):
    seats = [bot(level, seed=s, **FAIR.get(level, {})) for s in range(players)]
    state = play_match(2, seats, Rules(players=players))
    assert state.finished and max(state.totals) >= 14


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_decision_does_not_change_when_the_unseen_cards_do(level):
    rng = random.Random(7)
    checked = changed = 0
    for players in (2, 4):
        for state in states_along(11, players):
            seat = state.turn
            other = shuffle_hidden(state, seat, rng)
            changed += other.hands != state.hands
            view = observation(state, seat)
            assert observation(other, seat) == view
            first = bot(level, seed=3, **FAIR.get(level, {})).choose(view)
            second = bot(level, seed=3, **FAIR.get(level, {})).choose(observation(other, seat))
            assert first == second
            checked += 1
    assert checked > 20 and changed > 20


def test_pro_is_deterministic_with_a_fixed_number_of_worlds_and_reads_the_budget_on_its_clock():
    state = next(s for s in states_along(5, 2) if s.phase == "play" and len(s.legal_moves()) > 1)
    view = observation(state, state.turn)
    one = ProPlayer(seed=1, worlds=6).evaluate(view)
    assert one == ProPlayer(seed=1, worlds=6).evaluate(view) and set(one) == set(view.legal_moves)
    ticks = iter(range(1000))
    calls = []

    def clock():
        calls.append(1)
        return next(ticks) / 1000  # one millisecond per reading

    ProPlayer(seed=1, budget_ms=10, min_worlds=2, clock=clock).evaluate(view)
    # read once for the deadline (0 ms, so it is 10 ms), then before each world after the first
    # two, at 1, 2, ..., 10 ms: the reading at 10 ms stops it
    assert len(calls) == 1 + 10


def test_sampled_worlds_respect_the_voids_a_seat_showed():
    # Trump hearts; seat 1 led clubs and seat 0, holding no club, trumped; then seat 0 led
    # spades and seat 1 threw a diamond: seat 1 has no spade and no heart.
    state = pos(
        dealer="0",
        turn="0",
        hands="2S,3S,4C,5C/8D,9D,10D,JD",
        dealt="2S,3S,4C,5C,2H,AS/8D,9D,10D,JD,KC,QD",
        piles="KC,2H,AS,QD/-",
    )
    from engine.allfours.match import Trick

    tricks = (Trick(1, parse_cards("KC 2H"), 0), Trick(0, parse_cards("AS QD"), 0))
    state = replace(state, tricks=tricks)
    view = observation(state, 0)
    assert voids(view)[1] == {"S", "H"}
    rng = random.Random(1)
    for _ in range(50):
        world = sample_world(view, rng)
        assert len(world.hands[1]) == 4
        assert all(card // 1 % 4 not in (2, 3) for card in world.hands[1])  # suit index: H=2, S=3


def test_begging_and_running_follow_the_hand_and_the_score():
    strong = pos(dealer="1", turn="0", phase="beg", hands="AH,KH,2C/4C,5C,6C", turned="7H")
    weak = pos(dealer="1", turn="0", phase="beg", hands="2C,3D,4S/4C,5C,6C", turned="7H")
    assert hand_strength(parse_cards("AH KH 2C"), "H") == pytest.approx(1 + 2.5 + 1 + 1.5)
    assert decide(observation(strong, 0)) == STAND and decide(observation(weak, 0)) == BEG
    at_13 = pos(dealer="1", turn="0", phase="beg", hands="AH,KH,2C/4C,5C,6C", turned="7H", totals="13/0")
    assert decide(observation(at_13, 0)) == BEG  # a beg can only help: the dealer must run or lose
    dealer_strong = pos(dealer="1", turn="1", phase="answer", hands="2C,3D,4S/AH,KH,6C", turned="7H")
    assert decide(observation(dealer_strong, 1)) == ONE
    giving_wins = pos(dealer="1", turn="1", phase="answer", hands="2C,3D,4S/AH,KH,6C", turned="7H", totals="13/0")
    assert decide(observation(giving_wins, 1)) == RUN
    dealer_weak = pos(dealer="1", turn="1", phase="answer", hands="2C,3D,4S/4C,5C,6C", turned="7H")
    assert decide(observation(dealer_weak, 1)) == RUN


def test_medium_takes_a_valuable_trick_cheaply_and_keeps_a_trick_worth_nothing_cheap():
    # trump hearts; seat 1 led the 10 of clubs: the queen of clubs takes it (not the ace)
    state = pos(dealer="0", turn="0", trick="10C", hands="QC,AC,2D/3S,4S", dealt="QC,AC,2D/10C,3S,4S")
    assert str(bot("medium").choose(observation(state, 0))) == "QC"
    # a 3 of clubs led: worth nothing at Game, but last to play takes it cheaply with the queen
    cheap = pos(dealer="0", turn="0", trick="3C", hands="QC,AC,2D/3S,4S", dealt="QC,AC,2D/3C,3S,4S")
    assert str(bot("medium").choose(observation(cheap, 0))) == "QC"


def test_the_command_line_plays_and_records_an_all_fours_match(tmp_path, capsys):
    out = tmp_path / "match.json"
    assert (
        cli_main(["play", "--game", "allfours", "--seed", "4", "--players", "easy,medium", "--record", str(out)]) == 0
    )
    line = capsys.readouterr().out
    assert line.startswith("seed 4: 0:easy vs 1:medium; totals ") and " to 14; side " in line
    data = json.loads(out.read_text())
    assert data["format"] == "allfours-record/2" and replay(data).finished
    assert cli_main(["play", "--game", "allfours", "--seed", "4", "--players", "random,random,random,random"]) == 0
    assert "0:random+2:random vs 1:random+3:random" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli_main(["play", "--game", "allfours", "--seed", "4", "--rules", "pagat"])


def test_the_arena_pairs_the_same_decks_from_both_sides():
    result = play_pair(("medium", "random", 3, Rules(), {}, {}))
    assert result.deck_diffs and 0 <= result.match_wins <= 2
    assert len(result.times["a"]) > 0 and len(result.times["b"]) > 0


def test_the_arena_command_for_all_fours(capsys):
    args = ["arena", "--game", "allfours", "--a", "medium", "--b", "random", "--pairs", "4", "--processes", "1"]
    assert cli_main([*args, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["a"] == "medium" and summary["deck_pairs"] >= 4 and summary["target"] == 14
