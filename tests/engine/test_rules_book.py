"""Every numbered rule (R1-R11), every example, every house rule and the 3/4-player differences
of docs/rules.md, one test per point, named after the rule it checks."""

import random

import pytest

from engine import (
    CARDS,
    IllegalMove,
    Move,
    Reason,
    Rules,
    RulesError,
    from_position,
    legal_moves,
    new_match,
    observation,
    parse_cards,
    record,
    replay,
)
from engine.chaharbargh.match import round_deck
from engine.chaharbargh.scoring import clubs_bonus_side, score_round

# --- helpers ------------------------------------------------------------------------------------


def moves(hand, table, rules=Rules()):
    return set(legal_moves(parse_cards(hand), parse_cards(table), rules))


def mv(*texts):
    return {Move.parse(t) for t in texts}


def ids(codes):
    return tuple(c.id for c in parse_cards(codes))


def mask(cards):
    return sum(1 << c.id for c in cards)


def position(hands, table, rules=Rules(), stock="", deal_no=0, totals=None, sur_stack=(), captured=None, turn=0):
    """A hand-built position through the public `from_position`: hands per seat and the table as
    card codes. ``deal_no`` says which deal is in play; the stock holds exactly the cards the
    deals still to come need, ``stock`` first, then unused cards in deck order."""
    in_play = {c for codes in (*hands, table, stock) for c in parse_cards(codes)}
    taken = [[CARDS[i] for i in range(52) if m >> i & 1] for m in (captured or (0,) * rules.players)]
    used = in_play | {c for pile in taken for c in pile}
    need = 4 * rules.players * (rules.deals_per_round - 1 - deal_no)
    filler = [c for c in CARDS if c not in used]
    cards = [*parse_cards(stock), *filler][:need]
    return from_position(
        [parse_cards(h) for h in hands],
        parse_cards(table),
        rules,
        stock=cards,
        turn=turn,
        captured=taken,
        surs=sur_stack,
        totals=totals,
    )


def play(state, *texts):
    for text in texts:
        state = state.apply(Move.parse(text))
    return state


def play_round(state, rng):
    """Random legal moves until the round in play is over; returns the states seen."""
    seen = [state]
    round_no = state.round_no
    while state.round_no == round_no and not state.finished:
        state = state.apply(rng.choice(state.legal_moves()))
        seen.append(state)
    return seen


LAST = Rules().deals_per_round - 1


# --- R1 deck and deal ---------------------------------------------------------------------------


@pytest.mark.parametrize("players, stock", [(2, 40), (3, 36), (4, 32)])
def test_r1_first_table_never_holds_a_jack_and_all_52_cards_are_dealt(players, stock):
    for seed in range(300):
        state = new_match(seed, Rules(players=players))
        assert all(c.rank != 11 for c in state.table)
        assert [len(h) for h in state.hands] == [4] * players
        assert len(state.table) == 4 and state.stock_count == stock
        every = [c for h in state.hands for c in h] + list(state.table) + list(state.stock)
        assert sorted(every) == sorted(CARDS)


def test_r1_jack_on_first_table_goes_back_into_stock_and_next_card_is_laid():
    hit = 0
    for seed in range(300):
        _, deck = round_deck(seed, 0)
        first_four = deck[8:12]  # two hands of four, then the table (docs/rules-choices.md, Dealing)
        jacks = [c for c in first_four if CARDS[c].rank == 11]
        if not jacks:
            assert new_match(seed).table == tuple(CARDS[c] for c in first_four)
            continue
        hit += 1
        state = new_match(seed)
        j = next(i for i, c in enumerate(first_four) if CARDS[c].rank == 11)
        assert state.table[:j] == tuple(CARDS[c] for c in first_four[:j])  # cards before the jack stay in place
        assert all(CARDS[jack] in state.stock for jack in jacks)
    assert hit > 20  # the reshuffle case was really exercised


def test_r1_deal_is_reproducible_from_recorded_seed():
    assert new_match(42) == new_match(42)
    assert new_match(42).hands != new_match(43).hands
    states = play_round(new_match(42), random.Random(1))
    assert replay(record(states[-1])) == states[-1]


def test_r1_new_cards_only_when_both_hands_empty_and_table_never_refilled():
    states = play_round(new_match(5), random.Random(5))
    deals = 0
    for prev, state in zip(states[:-2], states[1:-1], strict=True):  # the last state is already the next round
        move = state.current.moves[-1].move
        assert len(state.table) == len(prev.table) + (1 if move.places else -len(move.takes))
        if sum(len(h) for h in prev.hands) > 1:  # a hand still holds cards: no deal
            assert state.stock_count == prev.stock_count and state.deal_no == prev.deal_no
        else:
            deals += 1
            assert [len(h) for h in state.hands] == [4, 4] and state.stock_count == prev.stock_count - 8
            assert state.deal_no == prev.deal_no + 1 and state.last.dealt
    assert deals == 5 and Rules().deals_per_round == 6
    assert len(states[-1].rounds[0].deals) == 6 and len(states[-1].rounds[0].moves) == 48


# --- R2 turns -----------------------------------------------------------------------------------


def test_r2_player_after_dealer_plays_first_and_players_alternate():
    state = new_match(3)
    assert state.dealer == 1 and state.turn == 0
    states = play_round(state, random.Random(3))
    seats = [p.seat for p in states[-1].rounds[0].moves]
    assert seats == [i % 2 for i in range(48)]
    for before, after in zip(states[:-2], states[1:-1], strict=True):
        seat = before.turn
        if after.deal_no == before.deal_no:  # one card per turn
            assert len(after.hands[seat]) == len(before.hands[seat]) - 1


def test_r2_dealer_changes_every_round():
    rng = random.Random(11)
    state = new_match(11, Rules(target=1000))
    for _ in range(3):
        state = play_round(state, rng)[-1]
    assert [r.dealer for r in state.rounds] == [1, 0, 1]
    assert state.dealer == 0 and state.turn == 1


# --- R3 sum of eleven ---------------------------------------------------------------------------


def test_r3_seven_takes_four():
    assert moves("7C", "4D KS") == mv("7C+4D")


def test_r3_ten_takes_ace():
    assert moves("10H", "AS 2D") == mv("10H+AS")


def test_r3_three_takes_five_and_three():
    assert moves("3H", "5S 3D") == mv("3H+5S+3D")


def test_r3_two_takes_two_three_four():
    assert moves("2S", "2H 3C 4D") == mv("2S+2H+3C+4D")


def test_r3_ace_takes_ten_but_not_nine():
    assert moves("AC", "10D") == mv("AC+10D")
    assert moves("AC", "9D") == mv("AC")


def test_r3_no_limit_on_set_size():
    assert moves("AS", "AC AD 2C 2D 4H") == mv("AS+AC+AD+2C+2D+4H")


def test_r3_player_chooses_exactly_one_of_several_sets():
    state = position(["3H KD", "QS QH"], "5D 3C 8S 2H")
    assert set(state.legal_moves()) == mv("3H+5D+3C", "3H+8S")
    after = state.apply(Move.parse("3H+8S"))
    assert sorted(after.table) == sorted(parse_cards("5D 3C 2H"))
    for bad in ("3H+5D+3C+8S", "3H+5D", "3H"):
        with pytest.raises(IllegalMove):
            state.apply(Move.parse(bad))


def test_r3_same_rank_cards_are_separate_choices():
    assert moves("6S", "5C 5D 5H") == mv("6S+5C", "6S+5D", "6S+5H")


def test_r3_jacks_queens_kings_never_part_of_a_sum():
    assert moves("AC", "KD QS JH 10C") == mv("AC+10C")
    assert moves("9C", "2D JH") == mv("9C+2D")
    assert moves("AC", "QD KH") == mv("AC")


# --- R4 jack ------------------------------------------------------------------------------------


def test_r4_jack_sweeps_numbers_and_jacks_not_king():
    assert moves("JS", "9C 4D JH KD") == mv("JS+9C+4D+JH")


def test_r4_jack_takes_all_at_once_never_part():
    state = position(["JS KH", "2C 3C"], "9C 4D JH QD")
    with pytest.raises(IllegalMove):
        state.apply(Move.parse("JS+9C"))
    after = state.apply(Move.parse("JS+9C+4D+JH"))
    assert after.table == parse_cards("QD")


def test_r4_jack_on_empty_or_court_only_table_is_placed():
    assert moves("JS", "") == mv("JS")
    assert moves("JS", "KD QC") == mv("JS")
    assert moves("JS 2H", "KD QC") == mv("JS", "2H")  # the jack is no capture: any card may be placed
    after = position(["JS 2H", "3C 4C"], "KD QC").apply(Move.parse("JS"))
    assert after.table == parse_cards("KD QC JS")


# --- R5 king and queen --------------------------------------------------------------------------


def test_r5_king_takes_only_king_example():
    assert moves("KH", "KS 8D") == mv("KH+KS")


def test_r5_player_picks_which_of_two_kings():
    assert moves("KH", "KS KD") == mv("KH+KS", "KH+KD")
    assert moves("QH", "QS QD 4C") == mv("QH+QS", "QH+QD")
    with pytest.raises(IllegalMove):
        position(["KH 2C", "3C 4C"], "KS KD").apply(Move.parse("KH+KS+KD"))


def test_r5_queen_and_king_without_partner_are_placed():
    assert moves("QH", "KS 8D") == mv("QH")
    assert moves("KH", "QS") == mv("KH")


# --- R6 placing ---------------------------------------------------------------------------------


def test_r6_card_that_captures_nothing_is_placed_face_up():
    state = position(["9H KD", "3C 4C"], "9C 5D")
    after = state.apply(Move.parse("9H"))
    assert after.table == parse_cards("9C 5D 9H")
    assert after.hand(0) == parse_cards("KD") and after.captured_cards(0) == () and after.turn == 1


# --- R7 forced capture --------------------------------------------------------------------------


def test_r7_forced_capture_only_five_takes_six():
    assert moves("5S 9H QD", "6C KD") == mv("5S+6C")
    state = position(["5S 9H QD", "3C 4C 2C"], "6C KD")
    for bad in ("9H", "QD", "5S"):
        with pytest.raises(IllegalMove):
            state.apply(Move.parse(bad))


def test_r7_any_card_may_be_placed_when_none_can_capture():
    assert moves("5S 9H QD", "8C KD") == mv("5S", "9H", "QD")


def test_r7_capture_with_any_capturing_card_is_allowed():
    assert moves("5S 7H QD", "6C 4D KD") == mv("5S+6C", "7H+4D")


# --- R8 sur -------------------------------------------------------------------------------------


def test_r8_two_with_four_and_five_is_sur():
    after = position(["2H KD", "QS QH"], "4D 5C").apply(Move.parse("2H+4D+5C"))
    assert after.last.sur and after.last.sur_scored and after.surs() == (1, 0)
    assert after.table == ()


def test_r8_king_on_lone_king_is_sur():
    after = position(["KH 2D", "QS QH"], "KS").apply(Move.parse("KH+KS"))
    assert after.last.sur and after.surs() == (1, 0)


def test_r8_queen_on_lone_queen_is_sur():
    after = position(["QH 2D", "KS KH"], "QS").apply(Move.parse("QH+QS"))
    assert after.last.sur and after.surs() == (1, 0)


def test_r8_capture_leaving_cards_is_not_sur():
    after = position(["2H KD", "QS QH"], "4D 5C KS").apply(Move.parse("2H+4D+5C"))
    assert not after.last.sur and after.surs() == (0, 0)


def test_r8_jack_emptying_table_is_never_sur():
    after = position(["JH KD", "QS QH"], "4D 9C JC").apply(Move.parse("JH+4D+9C+JC"))
    assert after.table == () and not after.last.sur and after.surs() == (0, 0)


def test_r8_no_limit_on_surs_in_a_round():
    state = play(position(["KH QH 2C", "KS QS 3C"], "KD"), "KH+KD", "QS", "QH+QS")
    assert [p.sur for p in state.current.moves] == [True, False, True]
    assert [p.scores for p in state.current.moves] == [True, False, True]
    assert state.surs() == (2, 0)
    state = play(position(["2H 4H KD", "3S 4C QS"], "4D 5C"), "2H+4D+5C", "3S", "4H", "4C+3S+4H")
    assert state.surs() == (1, 1)


def test_r8_sur_in_last_deal_scores_nothing_but_cards_are_captured():
    after = position(["2H KD", "QS QH"], "4D 5C", deal_no=LAST).apply(Move.parse("2H+4D+5C"))
    assert after.last.sur and not after.last.sur_scored and after.surs() == (0, 0)
    assert after.current.moves[-1].sur and not after.current.moves[-1].scores
    assert set(after.captured_cards(0)) == set(parse_cards("2H 4D 5C"))


# --- R9 end of round ----------------------------------------------------------------------------


def test_r9_leftovers_go_to_last_capturer_and_are_not_sur():
    state = position(["7C", "10D"], "4D KS", deal_no=LAST)
    state = play(state, "7C+4D", "10D")  # seat 1 places last; seat 0 captured last
    log = state.last.round_over
    assert log is not None and state.round_no == 1
    assert log.leftover.seat == 0 and set(log.leftover.cards) == set(parse_cards("KS 10D"))
    assert not state.last.sur and log.score[0].surs == 0 and log.score[1].surs == 0
    assert log.score[0].ten_of_diamonds == 3 and log.score[1].ten_of_diamonds == 0


def test_r9_round_ends_only_when_stock_and_hands_are_empty():
    state = position(["7C", "9D"], "4D KS", stock="AC AD AH AS 2C 2D 2H 2S", deal_no=LAST - 1)
    state = play(state, "7C+4D", "9D")
    assert state.last.round_over is None and state.last.dealt and state.round_no == 0
    assert [len(h) for h in state.hands] == [4, 4]


# --- R10 scoring --------------------------------------------------------------------------------


def test_r10_clubs_eight_vs_five_to_first():
    assert clubs_bonus_side(Rules(), [8, 5]) == 0


def test_r10_clubs_six_vs_seven_to_second():
    assert clubs_bonus_side(Rules(), [6, 7]) == 1


def test_r10_clubs_tie_nobody():
    assert clubs_bonus_side(Rules(), [6, 6]) is None
    # The example's position: nobody captured this round, so the club left on the table is nobody's.
    captured = (mask(parse_cards("AC 2C 3C 4C 6C 7C")), mask(parse_cards("8C 9C 10C JC QC KC")))
    state = play(position(["KH", "QH"], "5C", deal_no=LAST, captured=captured), "KH", "QH")
    log = state.rounds[-1]
    assert log.leftover is None
    assert [s.clubs for s in log.score] == [6, 6] and [s.clubs_points for s in log.score] == [0, 0]


def test_r10_clubs_need_at_least_seven():
    assert clubs_bonus_side(Rules(), [6, 5]) is None


def test_r10_point_items():
    mine = mask(parse_cards("10D 2C AC AD AH JS JH 3C 4C 5C 6C 7C 8C"))  # 8 clubs
    rest = mask(CARDS) & ~mine
    a, b = score_round(Rules(), [mine, rest], [2, 1])
    assert (a.clubs, a.clubs_points, a.ten_of_diamonds, a.two_of_clubs) == (8, 7, 3, 2)
    assert (a.aces, a.jacks, a.surs, a.sur_points) == (3, 2, 2, 10)
    assert a.total == 7 + 3 + 2 + 3 + 2 + 10
    assert (b.clubs_points, b.ten_of_diamonds, b.two_of_clubs, b.aces, b.jacks, b.sur_points) == (0, 0, 0, 1, 2, 5)
    assert b.total == 8


def test_r10_round_without_surs_is_worth_twenty():
    for seed in range(15):
        log = play_round(new_match(seed), random.Random(seed))[-1].rounds[0]
        surs = sum(s.surs for s in log.score)
        assert sum(s.total for s in log.score) == 20 + 5 * surs
        assert sum(s.clubs for s in log.score) == 13


# --- R11 match end ------------------------------------------------------------------------------


def end_position(totals, rules=Rules()):
    """Seat 0 takes 5H+6H, seat 1 places KC; the round scores 16 to seat 0 and 4 to seat 1."""
    in_play = set(parse_cards("5H 6H QD KC"))
    c0 = mask(c for c in CARDS if c.suit in "CD" and c not in in_play)
    c1 = mask(c for c in CARDS if c.suit in "HS" and c not in in_play)
    state = position(["5H", "KC"], "6H QD", rules=rules, deal_no=LAST, totals=totals, captured=(c0, c1))
    return play(state, "5H+6H", "KC")


def test_r11_round_points_are_added_to_totals():
    state = end_position((0, 0))
    assert tuple(s.total for s in state.rounds[-1].score) == (16, 4)
    assert state.totals == (16, 4) and state.winner is None


def test_r11_tie_at_target_plays_another_round():
    state = end_position((46, 58))  # 62 - 62
    assert state.totals == (62, 62) and state.winner is None and not state.finished
    assert not state.last.match_over and state.round_no == 1 and len(state.rounds) == 1
    assert len(state.hands[0]) == 4 and state.start_totals == (62, 62)


def test_r11_first_to_reach_target_alone_wins():
    state = end_position((47, 58))  # 63 - 62
    assert state.winner == 0 and state.last.match_over and state.legal_moves() == []
    with pytest.raises(IllegalMove):
        state.apply(Move.parse("AC"))


def test_r11_highest_total_wins_when_both_reach_target():
    assert end_position((50, 60)).winner == 0  # 66 - 64
    assert end_position((40, 60)).winner == 1  # 56 - 64


def test_r11_no_winner_below_target():
    state = end_position((40, 52))  # 56 - 56
    assert state.winner is None and state.round_no == 1


def test_r11_target_options():
    assert Rules().target == 62
    for target in (31, 52, 62, 64, 100):
        assert Rules(target=target).target == target
    assert end_position((10, 0), Rules(target=31)).winner is None  # 26
    assert end_position((15, 0), Rules(target=31)).winner == 0  # 31
    for bad in (0, -5, 1.5):
        with pytest.raises(RulesError):
            Rules(target=bad)


# --- house rules --------------------------------------------------------------------------------


def test_house_defaults_and_table_preset():
    rules = Rules()
    assert (rules.forced_capture, rules.jack_sur, rules.sur_points, rules.sur_in_last_deal) == ("hand", False, 5, False)
    assert (rules.surs_cancel, rules.sur_cutoff, rules.target, rules.open_hand) == (False, None, 62, False)
    assert Rules.preset("table") == rules


def test_house_pagat_preset():
    pagat = Rules.preset("pagat")
    assert (pagat.forced_capture, pagat.surs_cancel, pagat.sur_cutoff, pagat.target) == ("card", True, 50, 62)
    assert not pagat.jack_sur and not pagat.sur_in_last_deal and not pagat.open_hand


def test_house_forced_capture_per_card():
    card = Rules(forced_capture="card")
    assert moves("5S 9H QD", "6C KD", card) == mv("5S+6C", "9H", "QD")
    state = position(["5S 9H QD", "3C 4C 2C"], "6C KD", rules=card)
    with pytest.raises(IllegalMove):
        state.apply(Move.parse("5S"))
    assert state.apply(Move.parse("9H")).table == parse_cards("6C KD 9H")


def test_house_forced_capture_off():
    off = Rules(forced_capture="off")
    assert moves("5S 9H QD", "6C KD", off) == mv("5S+6C", "5S", "9H", "QD")
    with pytest.raises(RulesError):
        Rules(forced_capture="sometimes")


def test_house_jack_sur():
    after = position(["JH KD", "QS QH"], "4D 9C", rules=Rules(jack_sur=True)).apply(Move.parse("JH+4D+9C"))
    assert after.last.sur and after.last.sur_scored and after.surs() == (1, 0)


def test_house_sur_points():
    captured = [mask(CARDS[:26]), mask(CARDS[26:])]
    assert score_round(Rules(sur_points=7), captured, [2, 0])[0].sur_points == 14
    assert score_round(Rules(), captured, [2, 0])[0].sur_points == 10
    with pytest.raises(RulesError):
        Rules(sur_points=0)


def test_house_sur_in_last_deal():
    rules = Rules(sur_in_last_deal=True)
    after = position(["2H KD", "QS QH"], "4D 5C", rules=rules, deal_no=LAST).apply(Move.parse("2H+4D+5C"))
    assert after.last.sur_scored and after.surs() == (1, 0) and after.current.moves[-1].scores


def test_house_surs_cancel():
    rules = Rules(surs_cancel=True)
    state = play(position(["2H 4H KD", "3S 4C QS"], "4D 5C", rules=rules), "2H+4D+5C", "3S", "4H")
    assert state.surs() == (1, 0)
    state = state.apply(Move.parse("4C+3S+4H"))
    assert state.last.sur and state.last.sur_cancelled == 0 and state.surs() == (0, 0)


def test_house_surs_cancel_cancels_only_one():
    rules = Rules(surs_cancel=True)
    state = position(["KD 2C", "KH QS"], "KS", rules=rules, sur_stack=(1, 1), turn=0)
    state = state.apply(Move.parse("KD+KS"))
    assert state.last.sur_cancelled == 1 and state.surs() == (0, 1)


def test_house_surs_cancel_scores_when_opponent_has_none():
    rules = Rules(surs_cancel=True)
    state = position(["KD 2C", "KH QS"], "KS", rules=rules, sur_stack=(0,))
    state = state.apply(Move.parse("KD+KS"))
    assert state.last.sur_cancelled is None and state.surs() == (2, 0)


def test_house_surs_cancel_keeps_own_surs():
    state = position(["KD 2C", "KH QS"], "KS", rules=Rules(surs_cancel=True), sur_stack=(1, 0, 0))
    state = state.apply(Move.parse("KD+KS"))
    assert state.last.sur_cancelled == 1 and state.surs() == (2, 0)


def test_house_surs_cancel_most_recent_opponent_sur_three_players():
    rules = Rules(players=3, surs_cancel=True)
    state = position(["KD 2C", "KH QS", "3C 4C"], "KS", rules=rules, sur_stack=(1, 2))
    state = state.apply(Move.parse("KD+KS"))
    assert state.last.sur_cancelled == 2 and state.surs() == (0, 1, 0)


def test_house_sur_cutoff():
    rules = Rules(sur_cutoff=50)
    game = position(["2H 4H KD", "3S 4C QS"], "4D 5C", rules=rules, totals=(50, 49))
    state = play(game, "2H+4D+5C")
    assert state.last.sur and not state.last.sur_scored and state.surs() == (0, 0)
    state = play(state, "3S", "4H", "4C+3S+4H")
    assert state.last.sur_scored and state.surs() == (0, 1)
    assert [p.scores for p in state.current.moves if p.sur] == [False, True]
    below = play(position(["2H 4H KD", "3S 4C QS"], "4D 5C", rules=rules, totals=(49, 49)), "2H+4D+5C")
    assert below.surs() == (1, 0)


def test_house_sur_cutoff_player_cancels_nothing():
    state = position(["KD 2C", "KH QS"], "KS", rules=Rules.preset("pagat"), totals=(55, 10), sur_stack=(1,))
    state = state.apply(Move.parse("KD+KS"))
    assert state.last.sur and state.last.sur_cancelled is None and state.surs() == (0, 1)


def test_house_open_hand_every_seat_chooses_a_card_to_show_before_play():
    rules = Rules(open_hand=True, forced_capture="off")  # any card may be placed: the test chooses freely
    hands = [parse_cards("KD 9H 5C QS"), parse_cards("KC 3S 8H 2D")]
    state = from_position(hands, parse_cards("4D"), rules)
    # seat 0 (left of the dealer) chooses first which card to show; nobody plays before
    assert state.turn == 0 and state.must_show
    assert [str(m) for m in state.legal_moves()] == ["show:KD", "show:9H", "show:5C", "show:QS"]
    with pytest.raises(IllegalMove) as refused:
        state.apply(Move.parse("KD"))
    assert refused.value.reason == Reason.MUST_SHOW
    shown = state.apply(Move.parse("show:9H"))
    assert [(e.kind, e.seat, e.cards) for e in shown.last.events] == [("show", 0, parse_cards("9H"))]
    assert shown.turn == 1 and shown.must_show
    both = shown.apply(Move.parse("show:8H"))
    # play begins with seat 0 again; each sees the other's face-up card, and no more shows now
    assert both.turn == 0 and not both.must_show and both.ply == 2
    assert observation(both, 1).revealed == (parse_cards("9H"), parse_cards("8H"))
    assert observation(both, 0).revealed == (parse_cards("9H"), parse_cards("8H"))
    with pytest.raises(IllegalMove) as refused:
        both.apply(Move.parse("show:KD"))
    assert refused.value.reason == Reason.NO_SHOW
    # a card other than the shown one: the shown card stays up
    placed = both.apply(Move.parse("KD"))
    assert placed.turn == 1 and observation(placed, 1).revealed[0] == parse_cards("9H")
    # seat 1 plays its shown card with three left: it shows another before seat 0 plays
    again = placed.apply(Move.parse("8H"))
    assert again.turn == 1 and again.must_show and observation(again, 0).revealed[1] == ()
    assert [str(m) for m in again.legal_moves()] == ["show:KC", "show:3S", "show:2D"]
    again = again.apply(Move.parse("show:2D"))
    assert again.turn == 0 and observation(again, 0).revealed[1] == parse_cards("2D")
    assert [(s.seat, str(s.card), s.at) for s in again.current.shows] == [(0, "9H", 0), (1, "8H", 0), (1, "2D", 2)]


def test_house_open_hand_a_last_card_is_shown_without_a_choice():
    rules = Rules(open_hand=True, forced_capture="off")
    state = from_position([parse_cards("9H 5C"), parse_cards("KC 3S")], parse_cards("4D"), rules)
    state = state.apply(Move.parse("show:9H")).apply(Move.parse("show:KC"))
    after = state.apply(Move.parse("9H"))  # the shown card, one card left: it goes face up at once
    assert after.turn == 1 and after.ply == 3 and observation(after, 1).revealed[0] == parse_cards("5C")
    assert [e.kind for e in after.last.events] == ["play", "show"] and after.last.events[1].cards == parse_cards("5C")
    assert len(after.current.shows) == 2  # the rule's show is no one's choice: not a move


def test_house_open_hand_shows_again_at_every_deal_and_records_replay():
    rules = Rules(open_hand=True)
    rng = random.Random(4)
    state = new_match(4, rules)
    deals = 0
    while state.round_no == 0:
        if state.deal_no > deals or state.ply == 0:  # a fresh deal: nothing is face up yet
            deals = state.deal_no
            assert state.face_up == frozenset() and state.must_show and state.turn == (state.dealer + 1) % 2
        state = state.apply(rng.choice(state.legal_moves()))
    log = state.rounds[0]
    assert len(log.moves) == 48 and {s.at for s in log.shows} >= {0, 8, 16, 24, 32, 40}
    assert replay(record(state)) == state


def test_house_open_hand_off_reveals_nothing():
    view = observation(new_match(8), 1)
    assert view.revealed == ((), ())


# --- three players ------------------------------------------------------------------------------


def test_three_players_four_deals_per_round():
    state = new_match(4, Rules(players=3))
    assert state.stock_count == 36 and [len(h) for h in state.hands] == [4, 4, 4]
    log = play_round(state, random.Random(4))[-1].rounds[0]
    assert len(log.deals) == 4 and len(log.moves) == 48
    assert [p.seat for p in log.moves] == [i % 3 for i in range(48)]


def test_three_players_dealer_rotates():
    rng = random.Random(2)
    state = new_match(2, Rules(players=3, target=1000))
    assert state.dealer == 2 and state.turn == 0
    for _ in range(3):
        state = play_round(state, rng)[-1]
    assert [r.dealer for r in state.rounds] == [2, 0, 1]
    assert state.dealer == 2


def test_three_players_clubs_most_without_seven():
    assert clubs_bonus_side(Rules(players=3), [6, 4, 3]) == 0
    assert clubs_bonus_side(Rules(players=3), [2, 5, 6]) == 2
    assert clubs_bonus_side(Rules(players=3), [8, 3, 2]) == 0


def test_three_players_clubs_tie_goes_to_third():
    assert clubs_bonus_side(Rules(players=3), [5, 5, 3]) == 2
    assert clubs_bonus_side(Rules(players=3), [3, 5, 5]) == 0
    assert clubs_bonus_side(Rules(players=3), [5, 3, 5]) == 1


def test_three_players_sur_in_last_deal():
    rules = Rules(players=3)
    hands = ["2H KD", "QS QH", "3C 4C"]
    assert position(hands, "4D 5C", rules, deal_no=2).apply(Move.parse("2H+4D+5C")).surs() == (1, 0, 0)
    assert position(hands, "4D 5C", rules, deal_no=3).apply(Move.parse("2H+4D+5C")).surs() == (0, 0, 0)


def test_three_players_round_worth_twenty_plus_surs():
    log = play_round(new_match(6, Rules(players=3)), random.Random(6))[-1].rounds[0]
    assert len(log.score) == 3
    assert sum(s.total for s in log.score) == 20 + 5 * sum(s.surs for s in log.score)


# --- four players -------------------------------------------------------------------------------


def test_four_players_teams_three_deals_sur_ten_target_doubled():
    rules = Rules(players=4)
    assert rules.sur_points == 10 and rules.target == 124 and rules.deals_per_round == 3
    assert [rules.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    state = new_match(3, rules)
    assert state.stock_count == 32 and state.totals == (0, 0)
    log = play_round(state, random.Random(3))[-1].rounds[0]
    assert len(log.deals) == 3 and [p.seat for p in log.moves] == [i % 4 for i in range(48)]
    assert len(log.score) == 2
    assert sum(s.total for s in log.score) == 20 + 10 * sum(s.surs for s in log.score)


def test_four_players_sur_counts_for_partner_team():
    rules = Rules(players=4)
    state = position(["3C 4C", "QS QH", "2H KD", "5S 6S"], "4D 5C", rules=rules, turn=2)
    state = state.apply(Move.parse("2H+4D+5C"))
    assert state.last.sur_scored and state.surs() == (1, 0)


def test_four_players_captures_kept_per_team():
    a = mask(parse_cards("AC AD 2C 10D"))
    b = mask(parse_cards("AH JS"))
    c = mask(parse_cards("3C 4C 5C 6C 7C 8C"))
    sheets = score_round(Rules(players=4), [a | c, b], [1, 0])
    assert (sheets[0].clubs, sheets[0].clubs_points, sheets[0].sur_points) == (8, 7, 10)
    assert sheets[0].total == 7 + 3 + 2 + 2 + 10 and sheets[1].total == 2
    assert clubs_bonus_side(Rules(players=4), [6, 6]) is None


def test_four_players_partners_captures_scored_together():
    rules = Rules(players=4)
    last = rules.deals_per_round - 1
    captured = (mask(parse_cards("AC 2C 3C")), 0, mask(parse_cards("AD 10D")), mask(parse_cards("AH")))
    state = position(["KH", "QS", "KD", "QH"], "KS 9C", rules=rules, deal_no=last, captured=captured)
    state = play(state, "KH+KS", "QS", "KD", "QH+QS")
    sheets = state.rounds[-1].score
    assert state.rounds[-1].leftover.seat == 3  # 9C KD to the team of seats 1 and 3
    assert (sheets[0].aces, sheets[0].ten_of_diamonds, sheets[0].two_of_clubs) == (2, 3, 2)
    assert (sheets[1].aces, sheets[1].clubs) == (1, 1)
