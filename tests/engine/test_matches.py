"""Whole random matches: conservation, round values, determinism, records, observations."""

import json
import random

import pytest

from engine import CARDS, RecordError, Rules, bot, new_match, observation, record, replay
from engine.cards import mask_of
from engine.chaharbargh.game import GAME
from engine.chaharbargh.match import shuffle
from engine.tools.cli import main as cli_main
from engine.tools.cli import play_levels

ALL = (1 << 52) - 1

RULE_SETS = [
    Rules(),
    Rules.preset("pagat"),
    Rules(players=3),
    Rules(players=4),
    Rules(forced_capture="off", jack_sur=True, sur_in_last_deal=True, open_hand=True, target=31),
    Rules(players=3, forced_capture="card", surs_cancel=True, sur_cutoff=20, target=52),
]


def random_match_states(seed, rules):
    """Every state of a match between random players, first to last."""
    players = [bot("random", seed=seed * 7 + seat) for seat in range(rules.players)]
    state = new_match(seed, rules)
    states = [state]
    while not state.finished:
        state = state.apply(players[state.turn].choose(observation(state, state.turn)))
        states.append(state)
    return states


def assert_cards_conserved(state):
    groups = [*state.hands, state.table, state.stock, *(state.captured_cards(s) for s in range(state.players))]
    masks = [mask_of(c.id for c in group) for group in groups]
    union = 0
    for mask in masks:
        assert union & mask == 0, "a card is in two places"
        union |= mask
    assert union == ALL, "a card went missing"


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.players}p-{r.forced_capture}-{r.target}")
def test_random_matches_keep_every_rule_invariant(rules):
    rounds = 0
    for seed in range(12):
        states = random_match_states(seed, rules)
        final = states[-1]
        for state in states:
            if not state.finished:
                assert_cards_conserved(state)
                assert len(state.hands[state.turn]) > 0
        for log in final.rounds:
            rounds += 1
            assert len(log.deals) == rules.deals_per_round
            assert len(log.moves) == 48
            assert not any(c.rank == 11 for c in log.deals[0].table), "R1: no jack on the first table"
            dealt = [c for deal in log.deals for hand in deal.hands for c in hand] + list(log.deals[0].table)
            assert sorted(c.id for c in dealt) == list(range(52))
            # every card is captured in practice, so a round carries 20 card points plus surs
            assert sum(s.total - s.sur_points for s in log.score) == 20
            assert sum(s.surs for s in log.score) <= sum(m.sur for m in log.moves)
            assert [s.sur_points for s in log.score] == [s.surs * rules.sur_points for s in log.score]
        totals = [sum(log.score[side].total for log in final.rounds) for side in range(rules.sides)]
        assert list(final.totals) == totals
        assert max(final.totals) >= rules.target
        assert final.totals.count(max(final.totals)) == 1
        assert final.totals[final.winner] == max(final.totals)
        assert final.ply == len(states) - 1 == sum(len(r.moves) + len(r.shows) for r in final.rounds)
        assert all(r.shows for r in final.rounds) == rules.open_hand
        taken = sum(len(final.captured_cards(s)) for s in range(final.players))
        assert final.table == () and taken == 52, "leftovers taken"
    assert rounds >= 24


def test_hundreds_of_rounds_carry_twenty_card_points():
    rounds = 0
    for seed in range(100, 200):
        final = random_match_states(seed, Rules())[-1]
        for log in final.rounds:
            rounds += 1
            assert sum(s.total - s.sur_points for s in log.score) == 20
            surs = sum(s.surs for s in log.score)
            last_deal_surs = sum(m.sur for m in log.moves[-8:])
            assert surs == sum(m.sur for m in log.moves) - last_deal_surs == sum(m.scores for m in log.moves)
    assert rounds >= 300


def test_a_match_is_determined_by_its_seed():
    a = record(random_match_states(42, Rules())[-1])
    b = record(random_match_states(42, Rules())[-1])
    c = record(random_match_states(43, Rules())[-1])
    assert a == b
    assert a != c


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.players}p-{r.forced_capture}-{r.target}")
def test_records_round_trip_at_every_stage(rules):
    states = random_match_states(5, rules)
    for state in states[:: max(1, len(states) // 25)] + [states[-1]]:
        data = json.loads(json.dumps(record(state)))
        assert replay(data) == state


def test_replay_refuses_a_tampered_record():
    data = record(random_match_states(6, Rules())[-1])
    tampered = json.loads(json.dumps(data))
    tampered["rounds"][0]["moves"][0]["card"] = "KS" if data["rounds"][0]["moves"][0]["card"] != "KS" else "KH"
    with pytest.raises(RecordError):
        replay(tampered)
    wrong_score = json.loads(json.dumps(data))
    wrong_score["rounds"][0]["score"][0]["total"] += 1
    with pytest.raises(RecordError, match="does not match"):
        replay(wrong_score)
    with pytest.raises(RecordError, match="format"):
        replay({**data, "format": "other/9"})
    with pytest.raises(RecordError, match="malformed"):
        replay({"format": data["format"], "seed": 1})


def test_record_format_fields():
    final = random_match_states(8, Rules(players=4, target=40))[-1]
    data = record(final, seats=["you", "random", "partner", "random"])
    assert data["format"] == "chaharbargh-record/1"
    assert set(data["rules"]) == set(Rules().to_dict())
    assert data["seats"] == ["you", "random", "partner", "random"]
    first = data["rounds"][0]
    assert set(first["deals"][0]) == {"hands", "table"}
    assert all(set(deal) == {"hands"} for deal in first["deals"][1:])
    assert set(first["moves"][0]) == {"seat", "card", "takes", "sur"}
    assert len(first["score"]) == 2, "four players score as two teams"
    assert set(first["score"][0]) == {
        "clubs",
        "clubs_points",
        "ten_of_diamonds",
        "two_of_clubs",
        "aces",
        "jacks",
        "surs",
        "sur_points",
        "total",
    }
    # R11: the winner is the side with the highest total, and the totals are the rounds' sums
    sums = [sum(r["score"][side]["total"] for r in data["rounds"]) for side in (0, 1)]
    assert data["winner"] == max((0, 1), key=lambda side: sums[side]) and sums[0] != sums[1]
    assert max(sums) >= 40


def test_observation_holds_nothing_hidden():
    rules = Rules(players=3, open_hand=True)
    for state in random_match_states(9, rules)[:-1:3]:
        for seat in range(3):
            view = observation(state, seat)
            hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
            hidden -= {c for cards in view.revealed for c in cards}
            hidden |= set(state.stock)
            text = repr(view)
            seen = set(view.hand) | set(view.table) | {c for cards in view.captured for c in cards}
            seen |= {p.move.card for p in view.moves} | {c for p in view.moves for c in p.move.takes}
            assert not hidden & seen
            assert str(state.seed) not in repr(getattr(view, "seed", ""))
            assert not hasattr(view, "stock") and not hasattr(view, "seed") and "stock=(" not in text
            for other, cards in enumerate(view.revealed):
                assert set(cards) <= set(state.hand(other))
            assert view.hand_counts == tuple(len(h) for h in state.hands)


def test_open_hand_keeps_one_card_of_every_hand_face_up_once_shown():
    # Under the open hand, whenever a seat is to play a card (not to show one), every seat that
    # holds cards has exactly one of them face up, and another seat's view shows it.
    rng = random.Random(3)
    for seed in range(6):
        state = new_match(seed, Rules(players=2 + seed % 3, open_hand=True))
        while not state.finished:
            if not state.must_show and not any(m.shows for m in state.legal_moves()):
                shown = state.face_up
                for seat in range(state.players):
                    in_hand = shown & set(state.hand(seat))
                    assert len(in_hand) == (1 if state.hand(seat) else 0)
                    other = (seat + 1) % state.players
                    assert observation(state, other).revealed[seat] == tuple(in_hand)
            state = state.apply(rng.choice(state.legal_moves()))
    assert observation(new_match(3), 0).revealed == ((), ())


def test_illegal_moves_change_nothing():
    from engine import IllegalMove, Move

    state = new_match(21)
    stranger = next(c for c in CARDS if c not in state.hand(state.turn))
    with pytest.raises(IllegalMove, match="not in the hand") as refused:
        state.apply(Move(stranger))
    assert refused.value.reason == "not_in_hand"
    with pytest.raises(IllegalMove):
        state.apply("7C")
    assert state == new_match(21)


def test_command_line_plays_and_records(tmp_path, capsys):
    out = tmp_path / "match.json"
    assert cli_main(["play", "--seed", "3", "--players", "random,random", "--target", "31", "--record", str(out)]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("seed 3:") and "wins" in line
    data = json.loads(out.read_text())
    assert data["rules"]["target"] == 31
    assert replay(data).winner == data["winner"]
    assert record(play_levels(GAME, 3, ["random", "random"], Rules(target=31)), ["random", "random"]) == data


def test_bots_are_seeded():
    rng = random.Random(0)
    seeds = [rng.randrange(10**6) for _ in range(3)]
    for seed in seeds:
        assert record(play_levels(GAME, seed, ["random"] * 2, Rules(target=31))) == record(
            play_levels(GAME, seed, ["random"] * 2, Rules(target=31))
        )


def test_from_position_builds_what_it_is_told_and_refuses_impossible_positions():
    from engine import from_position

    stock = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    state = from_position([["7C", "QH"], ["2D"]], ["4D", "KS"], stock=stock)
    assert [str(m) for m in state.legal_moves()] == ["7C+4D"]
    assert state.deal_no == state.rules.deals_per_round - 2 and state.stock_count == 8
    after = state.apply(state.legal_moves()[0])
    assert after.turn == 1 and [str(c) for c in after.captured_cards(0)] == ["4D", "7C"]
    with pytest.raises(ValueError, match="twice"):
        from_position([["7C"], ["7C"]], [])
    with pytest.raises(ValueError, match="at most 4"):
        from_position([["AC", "2C", "3C", "4C", "5C"]], [])
    with pytest.raises(ValueError, match="whole deals"):
        from_position([["AC"]], [], stock=["2C"])


def test_illegal_moves_name_the_rule_that_refuses_them():
    from engine import IllegalMove, Move, from_position

    state = from_position([["5S", "9H", "QD"], ["2D"]], ["6C", "KD"])  # R7: only 5 takes 6
    cases = {"9H": "must_capture", "5S": "card_must_capture", "5S+KD": "face_in_sum", "5S+7H": "not_on_table"}
    for text, reason in cases.items():
        with pytest.raises(IllegalMove) as refused:
            state.apply(Move.parse(text))
        assert refused.value.reason == reason, text
    # every card here can capture: 6 takes 5 (R3), the jack sweeps (R4), king and queen pair (R5)
    state = from_position([["6S", "JD", "KH", "QH"], ["2D"]], ["5D", "4C", "2H", "KS", "KC", "QS", "JH"])
    cases = {
        "6S+4C": "wrong_sum",  # 6 + 4 = 10
        "6S+KS": "face_in_sum",
        "JD+5D": "jack_sweep",  # it must take 5D, 4C, 2H and JH together
        "KH+KS+KC": "king_takes_king",
        "QH+QS+2H": "queen_takes_queen",
    }
    for text, reason in cases.items():
        with pytest.raises(IllegalMove) as refused:
            state.apply(Move.parse(text))
        assert refused.value.reason == reason, text
    with pytest.raises(IllegalMove) as refused:
        state.apply(Move.parse("6S+4C+2H"))
    assert (refused.value.reason, refused.value.total) == ("wrong_sum", 12)  # 6 + 4 + 2, worked by hand
    with pytest.raises(IllegalMove) as refused:
        state.apply(Move.parse("6S+5D+7H"))
    assert [str(c) for c in refused.value.cards] == ["7H"]


def test_the_engines_shuffle_is_pythons_so_every_recorded_deck_stays_the_same():
    # The decks of every record come from this exact sequence (engine.chaharbargh.match.shuffle).
    for seed in range(200):
        for size in (1, 2, 7, 36, 52):
            ours, pythons = list(range(size)), list(range(size))
            shuffle(random.Random(f"s/{seed}"), ours)
            random.Random(f"s/{seed}").shuffle(pythons)
            assert ours == pythons
