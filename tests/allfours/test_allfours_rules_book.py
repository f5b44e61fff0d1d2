"""docs/all-fours.md rule by rule, on hand-worked positions (expected values worked out by hand)."""

import random

import pytest

from engine.allfours import IllegalMove, Move, Rules, new_match, observation, trick_winner
from engine.allfours.events import seen_by
from engine.allfours.match import round_deck
from engine.cards import CARDS, parse_cards
from tests.allfours.af_helpers import codes, moves, play, pos

# --- cards, seats and the deal ---------------------------------------------------------------


def test_aces_rank_high_within_a_suit():
    assert trick_winner(parse_cards("KS AS"), trump="H") == 1
    assert trick_winner(parse_cards("2S AS KS"), trump="H") == 1
    assert trick_winner(parse_cards("10D JD 9D"), trump="C") == 1


def cut_pack(seed: int, attempt: int) -> list[str]:
    """The pack of a cut, shuffled as docs/rules-choices.md says."""
    pack = list(CARDS)
    random.Random(f"allfours/{seed}/cut/{attempt}").shuffle(pack)
    return codes(pack)


def cuts(state) -> list[list[tuple[int, str]]]:
    return [[(c.seat, str(c.card)) for c in attempt] for attempt in state.cut.attempts]


def test_the_seat_that_cuts_the_highest_card_deals_first():
    # seed 6: seat 0 cuts the ace of hearts, seat 1 the ten of spades; aces are high: seat 0 deals
    assert cut_pack(6, 0)[:2] == ["AH", "10S"]
    state = new_match(6)
    assert cuts(state) == [[(0, "AH"), (1, "10S")]] and state.cut.dealer == 0
    assert state.dealer == 0 and state.turn == 1 and state.phase == "beg"  # seat 1 stands or begs, and leads
    # seed 3: the five of spades against the queen of clubs: seat 1 deals, seat 0 decides
    assert cut_pack(3, 0)[:2] == ["5S", "QC"]
    assert new_match(3).dealer == 1 and new_match(3).turn == 0
    # four players, seed 4: 9S, 7H, 6S, 10D in seat order; the ten is highest: seat 3 deals
    four = new_match(4, Rules(players=4))
    assert cut_pack(4, 0)[:4] == ["9S", "7H", "6S", "10D"]
    assert cuts(four) == [[(0, "9S"), (1, "7H"), (2, "6S"), (3, "10D")]] and four.dealer == 3 and four.turn == 0
    # the cut is public: its events open the match, before the deal, and every seat sees them whole
    opening = [(e.kind, e.seat, codes(e.cards)) for e in four.opening[:4]]
    assert opening == [("cut", 0, ["9S"]), ("cut", 1, ["7H"]), ("cut", 2, ["6S"]), ("cut", 3, ["10D"])]
    assert four.opening[4].kind == "deal" and four.opening[4].seat == 3
    assert all(seen_by(e, seat) == e for e in four.opening[:4] for seat in range(4))
    assert observation(four, 1).cut == four.cut


def test_a_tie_for_the_highest_cut_cuts_again_and_suits_do_not_rank():
    # seed 2: two fives (spades and hearts) tie; from a fresh pack seat 0 cuts the king, seat 1 the two
    assert cut_pack(2, 0)[:2] == ["5S", "5H"] and cut_pack(2, 1)[:2] == ["KS", "2H"]
    assert cuts(new_match(2)) == [[(0, "5S"), (1, "5H")], [(0, "KS"), (1, "2H")]] and new_match(2).dealer == 0
    # as many times as needed: seed 184 ties on twos, nines and fives before the king wins
    tied = cuts(new_match(184))
    assert [[card[:-1] for _, card in attempt] for attempt in tied] == [["2", "2"], ["9", "9"], ["5", "5"], ["10", "K"]]
    assert new_match(184).dealer == 1
    # four players, seed 13: QC JC 3D QH; only the two queens cut again, from the top of a fresh pack
    four = new_match(13, Rules(players=4))
    assert cut_pack(13, 1)[:2] == ["3C", "4H"]
    assert cuts(four) == [[(0, "QC"), (1, "JC"), (2, "3D"), (3, "QH")], [(0, "3C"), (3, "4H")]]
    assert four.dealer == 3 and four.turn == 0


def test_the_deal_passes_to_the_right_after_each_round():
    state = pos(dealer="1", turn="0", hands="KC/2C", dealt="KC/2C")
    after = play(state, "KC", "2C")
    assert after.round_no == 1 and after.dealer == 0 and after.turn == 1 and after.phase == "beg"
    four = pos(rules="p4,t14", dealer="3", turn="0", hands="KC/2C/3C/4C")
    assert play(four, "KC", "2C", "3C", "4C").dealer == 0


def test_matches_stored_before_the_cut_keep_the_last_seat_as_first_dealer():
    """Rules stored without ``first_dealer`` (every match before the cut) read as "last"."""
    for players in (2, 4):
        old = Rules.from_dict({"players": players, "target": 14})
        assert old.first_dealer == "last"
        for seed in range(20):
            state = new_match(seed, old)
            assert state.dealer == players - 1 and state.turn == 0 and state.cut is None
            assert state.opening[0].kind == "deal"  # nobody cut
    assert Rules.from_dict(Rules(players=4).to_dict()) == Rules(players=4)  # a new match's rules cut


def test_six_cards_each_dealt_in_threes_from_the_dealers_right_then_trump_is_turned():
    state = new_match(4)  # seat 0 cut the nine of spades, seat 1 the seven of hearts: seat 0 deals
    assert state.dealer == 0
    kinds = [(e.kind, e.target, len(e.cards)) for e in state.opening if e.kind != "cut"]
    assert kinds[:5] == [
        ("deal", "hand:1", 3),
        ("deal", "hand:0", 3),
        ("deal", "hand:1", 3),
        ("deal", "hand:0", 3),
        ("turn_up", "turnup", 1),
    ]
    assert [len(h) for h in state.hands] == [6, 6] and state.stock_count == 52 - 13
    four = new_match(4, Rules(players=4))  # seat 3 cut the highest card (the test above)
    assert [e.target for e in four.opening if e.kind == "deal"][:4] == ["hand:0", "hand:1", "hand:2", "hand:3"]
    assert [len(h) for h in four.hands] == [6, 6, 6, 6] and four.stock_count == 52 - 25


def test_kicking_the_dealers_side_scores_for_an_ace_a_six_or_a_jack_turned_up():
    worth = {1: 1, 6: 2, 11: 3}
    seen = set()
    for seed in range(60):
        for players in (2, 4):
            state = new_match(seed, Rules(players=players))
            rank = state.turned[0].rank
            dealer_side = state.dealer % 2
            assert state.totals[dealer_side] == worth.get(rank, 0)
            assert state.totals[1 - dealer_side] == 0
            seen.add(worth.get(rank, 0))
    assert seen == {0, 1, 2, 3}


# --- standing, begging, take one, running the cards ------------------------------------------

BEGGING = {"dealer": "1", "turn": "0", "phase": "beg", "hands": "2C,3C/4C,5C", "turned": "7H"}


def test_the_player_to_the_dealers_right_stands_and_leads():
    state = pos(**BEGGING)
    assert moves(state) == ["stand", "beg"]
    after = play(state, "stand")
    assert after.phase == "play" and after.turn == 0 and after.trump == "H"
    assert moves(after) == ["2C", "3C"]


def test_a_beg_goes_to_the_dealer_who_says_take_one_or_runs():
    after = play(pos(**BEGGING), "beg")
    assert after.phase == "answer" and after.turn == 1 and moves(after) == ["one", "run"]


def test_take_one_gives_the_beggars_side_one_point_and_play_begins():
    after = play(pos(**BEGGING), "beg", "one")
    assert after.totals == (1, 0) and after.phase == "play" and after.turn == 0 and after.trump == "H"
    assert [(line.kind, line.side, line.points) for line in after.last.lines] == [("one", 0, 1)]


def test_take_one_that_brings_the_beggar_to_the_target_wins_the_match():
    after = play(pos(**{**BEGGING, "totals": "13/0"}), "beg", "one")
    assert after.finished and after.winner == 0 and after.totals == (14, 0) and after.phase == "over"
    assert after.legal_moves() == []


RUNNING = {"dealer": "1", "turn": "1", "phase": "answer", "hands": "2C,3C/4C,5C", "turned": "7H"}


def test_running_deals_three_more_each_and_turns_until_a_new_suit_which_may_kick():
    stock = "2D,3D,4D,5D,6D,7D,AH,8D,9D,10D,JD,QD,KD,6C,2S"
    after = play(pos(**RUNNING, stock=stock), "run")
    # the ace of hearts is the suit begged away: set aside, no kick; the six of clubs is trump and kicks 2
    assert codes(after.turned) == ["7H", "AH", "6C"] and after.trump == "C"
    assert codes(after.hand(0)) == ["2C", "3C", "2D", "3D", "4D", "8D", "9D", "10D"]
    assert codes(after.hand(1)) == ["4C", "5C", "5D", "6D", "7D", "JD", "QD", "KD"]
    assert codes(after.stock) == ["2S"]
    assert after.totals == (0, 2) and after.phase == "play" and after.turn == 0
    assert [(line.kind, line.side, line.points, str(line.card)) for line in after.last.lines] == [("kick", 1, 2, "6C")]


def test_a_run_that_turns_a_plain_card_of_a_new_suit_scores_nothing():
    after = play(pos(**RUNNING, stock="2D,3D,4D,5D,6D,7D,9S"), "run")
    assert after.trump == "S" and after.totals == (0, 0) and after.last.lines == ()


def test_a_kick_that_brings_the_dealer_to_the_target_wins_at_once():
    after = play(pos(**RUNNING, totals="0/11", stock="6D,7D,8D,9D,10D,QD,JS,KS"), "run")
    assert after.finished and after.winner == 1 and after.totals == (0, 14)
    assert after.rounds[-1].game is None and [line.kind for line in after.rounds[-1].lines] == ["kick"]
    assert after.last.match_over and after.last.events[-1].kind == "match_end"


def test_when_the_stock_runs_out_the_same_dealer_deals_again_keeping_the_points():
    state = pos(**RUNNING, totals="0/5", stock="2D,3D,4D,5D,6D,7D,AH,8D")
    after = play(state, "run")
    assert after.redeals == 1 and after.dealer == 1 and after.phase == "beg" and after.turn == 0
    assert [len(h) for h in after.hands] == [6, 6] and len(after.turned) == 1
    kick = {1: 1, 6: 2, 11: 3}.get(after.turned[0].rank, 0)
    assert after.totals == (0, 5 + kick)
    assert after.last.redealt and codes(after.hand(0)) == codes(round_deck(0, 0, 1)[:3] + round_deck(0, 0, 1)[6:9])


def test_decisions_only_in_their_phase():
    with pytest.raises(IllegalMove) as refused:
        play(pos(**BEGGING), "one")
    assert refused.value.reason == "not_your_decision"
    with pytest.raises(IllegalMove):
        play(pos(**BEGGING), "2C")
    with pytest.raises(IllegalMove):
        play(pos(hands="2C/4C"), "stand")


# --- playing the tricks ---------------------------------------------------------------------

LED_CLUBS = {"dealer": "0", "turn": "0", "trick": "9C", "turned": "7H"}


def test_a_plain_suit_led_follow_suit_or_trump():
    state = pos(**LED_CLUBS, hands="7C,KC,2H,5D/3S,4S,8D", dealt="7C,KC,2H,5D/9C,3S,4S,8D")
    assert moves(state) == ["7C", "KC", "2H"]
    with pytest.raises(IllegalMove) as refused:
        play(state, "5D")
    assert refused.value.reason == "must_follow"


def test_without_the_suit_led_a_hand_holding_trump_must_trump():
    state = pos(**LED_CLUBS, hands="2H,5D,QS,AS/3S,4S,8D", dealt="2H,5D,QS,AS/9C,3S,4S,8D")
    assert moves(state) == ["2H"]


def test_only_a_hand_with_neither_the_suit_led_nor_trump_may_play_anything():
    state = pos(**LED_CLUBS, hands="5D,QS,AS,3D/3S,4S,8D", dealt="5D,QS,AS,3D/9C,3S,4S,8D")
    assert moves(state) == ["5D", "QS", "AS", "3D"]


def test_trump_led_everyone_must_play_trump_if_they_can():
    state = pos(**{**LED_CLUBS, "trick": "3H"}, hands="7C,KC,2H,AH/3S,4S,8D", dealt="7C,KC,2H,AH/3H,3S,4S,8D")
    assert moves(state) == ["2H", "AH"]
    with pytest.raises(IllegalMove) as refused:
        play(state, "KC")
    assert refused.value.reason == "must_trump"
    no_trump = pos(**{**LED_CLUBS, "trick": "3H"}, hands="7C,KC,2D,AS/3S,4S,8D", dealt="7C,KC,2D,AS/3H,3S,4S,8D")
    assert moves(no_trump) == ["7C", "KC", "2D", "AS"]


def test_the_highest_card_of_the_suit_led_wins_and_its_player_leads_next():
    state = pos(**LED_CLUBS, hands="7C,KC,2H,5D/3S,4S,8D", dealt="7C,KC,2H,5D/9C,3S,4S,8D")
    after = play(state, "KC")
    assert after.last.trick.winner == 0 and after.turn == 0 and codes(after.piles[0]) == ["9C", "KC"]
    low = play(state, "7C")
    assert low.last.trick.winner == 1 and low.turn == 1 and codes(low.piles[1]) == ["9C", "7C"]


def test_any_trump_beats_every_card_of_a_plain_suit():
    state = pos(**LED_CLUBS, hands="7C,KC,2H,5D/3S,4S,8D", dealt="7C,KC,2H,5D/9C,3S,4S,8D")
    assert play(state, "2H").last.trick.winner == 0


def test_four_players_play_in_turn_to_the_right_and_an_off_suit_ace_wins_nothing():
    # dealer 3: seat 0 leads; trump hearts
    state = pos(
        rules="p4,t14",
        dealer="3",
        turn="0",
        hands="9C,2S/AS,3D/10C,4D/3H,5D",
    )
    after = play(state, "9C")
    assert after.turn == 1 and moves(after) == ["AS", "3D"]  # no club, no trump: anything
    after = play(after, "AS", "10C")
    assert moves(after) == ["3H"]  # no club, a trump: it must trump
    after = play(after, "3H")
    assert after.last.trick.winner == 3 and after.turn == 3 and codes(after.piles[1]) == ["9C", "AS", "10C", "3H"]


# --- scoring: High, Low, Jack (hang jack), Game, in that order -------------------------------

# Trump hearts. Seat 0 was dealt AH and 10S, seat 1 JH and 3H; seat 0 led 10S and seat 1
# trumped with 3H, so seat 1 leads the last trick with JH and seat 0 takes it with AH.
HANGING = {"dealer": "1", "turn": "1", "hands": "AH/JH", "dealt": "AH,10S/JH,3H", "piles": "-/10S,3H"}


def lines_of(state):
    return [(line.kind, line.side, line.points, line.counted) for line in state.rounds[-1].lines]


def test_high_low_hang_jack_and_game():
    after = play(pos(**HANGING), "JH", "AH")
    # High AH (seat 0), Low 3H (seat 1), the jack held by seat 1 won by seat 0: hanged, 3;
    # Game: side 0 AH 4 + JH 1 = 5, side 1 10S 10 = 10.
    assert lines_of(after) == [
        ("high", 0, 1, True),
        ("low", 1, 1, True),
        ("hang_jack", 0, 3, True),
        ("game", 1, 1, True),
    ]
    assert after.rounds[-1].game == (5, 10) and after.totals == (4, 2)


def test_low_goes_to_the_seat_dealt_it_not_to_the_side_that_won_it():
    # seat 0 led 2H and seat 1 took it with KH; seat 1 leads 9S and seat 0 takes it with QS
    state = pos(dealer="1", turn="1", hands="QS/9S", dealt="2H,QS/KH,9S", piles="-/2H,KH")
    after = play(state, "9S", "QS")
    # High KH side 1; Low 2H side 0; no jack dealt: no jack line; Game 3 (KH) against 2 (QS)
    assert lines_of(after) == [("high", 1, 1, True), ("low", 0, 1, True), ("game", 1, 1, True)]
    assert after.totals == (1, 2)


def test_one_trump_dealt_is_both_high_and_low():
    state = pos(dealer="1", turn="1", hands="5H/10D", dealt="5H,8C/9C,10D", piles="-/8C,9C")
    after = play(state, "10D")
    assert moves(after) == ["5H"]  # no diamond: trump
    after = play(after, "5H")
    assert lines_of(after) == [("high", 0, 1, True), ("low", 0, 1, True), ("game", 0, 1, True)]
    assert after.totals == (3, 0)


def test_the_jack_won_by_its_holders_side_scores_one_for_jack():
    state = pos(rules="p4,t14", dealer="3", turn="0", hands="JH/4H/AH/2C")
    after = play(state, "JH", "4H", "AH", "2C")
    # High AH seat 2 (side 0); Low 4H seat 1 (side 1); JH held by seat 0, won by partner seat 2
    assert lines_of(after) == [("high", 0, 1, True), ("low", 1, 1, True), ("jack", 0, 1, True), ("game", 0, 1, True)]
    assert after.totals == (3, 1)


def test_the_jack_taken_by_an_opponent_is_hanged_for_three():
    state = pos(rules="p4,t14", dealer="3", turn="0", hands="JH/QH/3H/2C")
    after = play(state, "JH", "QH", "3H", "2C")
    assert lines_of(after) == [
        ("high", 1, 1, True),
        ("low", 0, 1, True),
        ("hang_jack", 1, 3, True),
        ("game", 1, 1, True),
    ]
    assert after.totals == (1, 5)


def test_a_tie_for_game_scores_nothing_and_no_trump_dealt_scores_no_high_low_or_jack():
    state = pos(dealer="1", turn="1", hands="KC/2C", dealt="4S,KC/KS,2C", piles="-/4S,KS")
    after = play(state, "2C", "KC")
    assert after.rounds[-1].game == (3, 3) and lines_of(after) == [] and after.totals == (0, 0)


def test_points_are_scored_in_order_and_the_first_side_to_the_target_wins():
    after = play(pos(**HANGING, totals="13/13"), "JH", "AH")
    assert after.winner == 0 and after.totals == (14, 13)
    assert lines_of(after) == [
        ("high", 0, 1, True),
        ("low", 1, 1, False),
        ("hang_jack", 0, 3, False),
        ("game", 1, 1, False),
    ]
    # Low comes before Jack: at 12-13 side 1's Low wins before side 0 can hang the jack
    later = play(pos(**HANGING, totals="12/13"), "JH", "AH")
    assert later.winner == 1 and later.totals == (13, 14)


def test_a_side_at_the_target_wins_even_from_far_behind_in_one_round():
    after = play(pos(**HANGING, totals="9/0"), "JH", "AH")  # 9 + 1 + 3 = 13: not yet
    assert not after.finished and after.totals == (13, 2)


def test_observation_shows_the_seat_its_own_cards_and_the_play_only():
    state = pos(**LED_CLUBS, hands="7C,KC,2H,5D/3S,4S,8D", dealt="7C,KC,2H,5D/9C,3S,4S,8D")
    view = observation(state, 1)
    assert codes(view.hand) == ["3S", "4S", "8D"] and codes(view.trick) == ["9C"] and view.legal_moves == ()
    assert view.hand_counts == (4, 3) and view.trump == "H"
    assert Move.parse("KC") in observation(state, 0).legal_moves
