"""The pro as a coach, at the engine: hand-built positions whose best move is known by
hand are judged so, with the hand-worked loss's sign and size, and a review is the same every
time it is made."""

from __future__ import annotations

from engine.cards import CARDS
from engine.chaharbargh import Move, new_match
from engine.chaharbargh.ai.players import bot
from engine.chaharbargh.ai.review import VERDICTS, review, verdict
from engine.chaharbargh.match import from_position
from engine.chaharbargh.observation import observation

WORLDS = 60  # enough for these positions' clear differences, and quick


def test_leaving_a_sur_on_the_table_is_a_blunder_that_costs_at_least_the_sur():
    """One deal left in the stock (a sur in the last deal does not score, R8). The 4♣ takes the
    3♠ and the 4♥: every table card, a sur worth 5 points (the table rules). The 7♦ takes the 4♥
    alone and leaves the 3♠, so the sur is gone and the opponent may take the 3♠ too. The loss
    is at least the sur's 5 points."""
    stock = ["5S", "6S", "7S", "8S", "9H", "10H", "JH", "QH"]
    state = from_position([["4C", "7D"], ["2D", "9S"]], ["3S", "4H"], stock=stock)
    sur, other = Move.parse("4C+3S+4H"), Move.parse("7D+4H")
    assert set(state.legal_moves()) == {sur, other}

    (played_badly,) = review(state, [other], seat=0, seed=3, worlds=WORLDS)
    assert played_badly.best == sur and played_badly.played == other
    assert played_badly.loss >= 5 and played_badly.verdict == "blunder"
    assert played_badly.reason == "sur_missed"

    (played_well,) = review(state, [sur], seat=0, seed=3, worlds=WORLDS)
    assert played_well.loss == 0 and played_well.verdict == "best"
    assert played_well.expected_margin >= 5  # the sur's points at least, from level totals


def test_handing_the_ten_of_diamonds_to_the_opponent_is_a_blunder_of_the_hand_worked_size():
    """The last deal, every card accounted for (the rest in the two piles), so the seat knows the
    opponent holds the A♠ and the A♥. Laying the 10♦ lets an ace take it; laying the 2♣ first
    makes the opponent lay an ace, which the 10♦ then takes, and the last capture takes the
    rest. Between the two lines the 10♦ (3), both aces (1 + 1) and the 2♣ (2) change sides: 7
    points, a margin of 14. And the piles hold six clubs each (A, 3-7 and 8-K of clubs), so the
    2♣ also decides the clubs' 7 points: 14 more. The loss is 28, exactly (no card unknown)."""
    used = {"10D", "2C", "AS", "AH", "KH"}
    rest = [str(c) for c in CARDS if str(c) not in used]  # by rank: A, 2 ... K
    piles = [rest[:24], rest[24:]]  # A♣ A♦ 2♦ … 7♥ / 7♠ 8♣ … K♠
    assert sum(c.endswith("C") for c in piles[0]) == sum(c.endswith("C") for c in piles[1]) == 6
    state = from_position([["10D", "2C"], ["AS", "AH"]], ["KH"], stock=[], captured=piles, last_capturer=1)
    (decision,) = review(state, [Move.parse("10D")], seat=0, seed=5, worlds=WORLDS)
    assert decision.best == Move.parse("2C") and decision.loss == 28
    assert decision.verdict == "blunder" and decision.reason == "ten_left"


def test_giving_away_the_last_club_is_a_blunder_of_the_clubs_points_both_ways():
    """The last deal, every card accounted for: the piles hold six clubs each, and the 3♣ in
    seat 0's hand is the thirteenth, so whoever takes it has seven and the clubs' 7 points.
    The 3♣ takes the 8♥ now. Taking the 6♥ with the 5♦ instead keeps the 3♣ for later: the
    opponent's 3♠ then takes the 8♥, the 3♣ must be laid on an empty table, and the 8♠ takes
    it. No other card of the five in play counts for anything, and the opponent makes the last
    capture either way: the 7 points change sides, a loss of 14, exactly."""
    used = {"3C", "5D", "8H", "6H", "3S", "8S"}
    rest = [str(c) for c in CARDS if str(c) not in used]
    clubs, others = [c for c in rest if c.endswith("C")], [c for c in rest if not c.endswith("C")]
    piles = [clubs[:6] + others[:20], clubs[6:] + others[20:]]  # six clubs each
    state = from_position([["3C", "5D"], ["3S", "8S"]], ["8H", "6H"], stock=[], captured=piles, last_capturer=1)
    club, other = Move.parse("3C+8H"), Move.parse("5D+6H")
    assert set(state.legal_moves()) == {club, other}

    (gave,) = review(state, [other], seat=0, seed=5, worlds=WORLDS)
    assert gave.best == club and gave.loss == 14
    assert gave.verdict == "blunder" and gave.reason == "clubs"
    (kept,) = review(state, [club], seat=0, seed=5, worlds=WORLDS)
    assert kept.loss == 0 and kept.verdict == "best"


def test_a_turn_with_one_legal_move_is_no_decision_and_another_seats_moves_are_not_reviewed():
    state = from_position([["7C", "KH"], ["2D", "3S"]], ["4D", "10S"], stock=[])
    assert [str(m) for m in state.legal_moves()] == ["7C+4D"]  # forced: the 7 must capture
    moves = [Move.parse("7C+4D")]
    assert list(review(state, moves, seat=0, seed=1, worlds=WORLDS)) == []
    assert list(review(state, moves, seat=1, seed=1, worlds=WORLDS)) == []


def test_a_review_of_the_same_moves_is_the_same_every_time():
    state, moves = new_match(seed=21), []
    players = [bot("easy", seed=1), bot("easy", seed=2)]
    while len(moves) < 16:
        move = players[state.turn].choose(observation(state, state.turn))
        moves.append(move)
        state = state.apply(move)
    first = list(review(new_match(seed=21), moves, seat=0, seed=9, worlds=20))
    again = list(review(new_match(seed=21), moves, seat=0, seed=9, worlds=20))
    assert first == again and first  # the same decisions, values and verdicts
    assert all(d.played == moves[d.ply] and d.loss >= 0 for d in first)
    assert all(d.values[0][1] >= v for d in first for _, v in d.values)  # best first


def test_the_verdicts_grow_with_the_loss():
    bounds = [bound for bound, _ in VERDICTS]
    assert bounds == sorted(bounds)
    assert [verdict(b) for b, _ in VERDICTS[:-1]] == [name for _, name in VERDICTS[:-1]]
    assert verdict(VERDICTS[-2][0] + 0.01) == "blunder"


def test_the_reason_is_what_the_two_moves_did_at_once():
    """Hand-built: the sur (above), the 10♦ taken or left, and the clubs."""
    from engine.chaharbargh.ai.review import reason

    stock = ["5S", "6S", "7S", "8S", "9H", "10H", "JH", "QH"]
    sur = from_position([["4C", "7D"], ["2D", "9S"]], ["3S", "4H"], stock=stock)
    assert reason(sur, Move.parse("7D+4H"), Move.parse("4C+3S+4H")) == "sur_missed"
    # in the last deal the sur does not score: what is left to tell them apart is the 4♣
    last_deal = from_position([["4C", "7D"], ["2D", "9S"]], ["3S", "4H"], stock=[])
    assert reason(last_deal, Move.parse("7D+4H"), Move.parse("4C+3S+4H")) == "clubs"
    ten = from_position([["AC", "5D"], ["2S"]], ["10D", "AH", "6S"], stock=[])
    assert reason(ten, Move.parse("5D+6S"), Move.parse("AC+10D")) == "ten_missed"
    left = from_position([["10D", "5C"], ["2S"]], ["KH"], stock=[])
    assert reason(left, Move.parse("10D"), Move.parse("5C")) == "ten_left"
    clubs = from_position([["5C", "5D"], ["2S"]], ["6C", "6H"], stock=[])
    assert reason(clubs, Move.parse("5D+6H"), Move.parse("5C+6C")) == "clubs"
    assert reason(clubs, Move.parse("5C+6C"), Move.parse("5C+6C")) is None
