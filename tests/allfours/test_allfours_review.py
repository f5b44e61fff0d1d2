"""The All Fours pro as a coach, at the engine: its searched decisions, and hand-built
positions whose best move and loss are worked by hand."""

from __future__ import annotations

import pytest

from engine.allfours import BEG, ONE, RUN, STAND, Move, new_match, observation
from engine.allfours.ai import ProPlayer, bot, decide, match_value
from engine.allfours.position import from_text
from engine.allfours.review import BEG_TO_ANSWER, VERDICTS, reason, review
from engine.cards import CARDS
from tests.allfours.af_helpers import pos


def test_a_take_one_that_gives_the_game_is_a_blunder_of_28_points():
    """Both sides stand at 13 of 14; seat 0 begged, and seat 1, the dealer, holds the aces of
    clubs, diamonds and spades. "Take one" scores the beggars' 14th point: the match is lost,
    worth -14. Running the cards turns up a trump other than hearts, whose ace the dealer
    holds, so High, the first point after any kick (the dealer's own), wins: +14. The loss is
    28, less 14 for each world whose pack runs out of new suits first (a redeal, worth 0: five
    hearts turned in a row, under 1 in 1,000)."""
    state = from_text(BEG_TO_ANSWER)
    assert state.legal_moves() == [ONE, RUN] and state.totals == (13, 13)

    (gave,) = review(state, [ONE], seat=1, seed=4, worlds=300)
    assert gave.best == RUN and gave.played == ONE
    assert dict(gave.values)[ONE] == -14
    assert 27.9 <= gave.loss <= 28 and gave.verdict == "blunder" and gave.reason == "match_given"

    (ran,) = review(state, [RUN], seat=1, seed=4, worlds=300)
    assert ran.loss == 0 and ran.verdict == "best" and ran.reason is None
    assert 13.9 <= ran.expected_margin <= 14  # level totals, the match nearly always won: the chart stops at 14
    assert gave.expected_margin == -14


def test_hanging_ones_own_jack_loses_the_hand_worked_expected_points():
    """Trump hearts. Seat 1 led the Q♥; seat 0 holds the J♥ and the K♥ and must play a trump;
    seat 1 holds one card more, which seat 0 cannot see: one of the 48 it has not seen.

    With the K♥ seat 0 wins the queen, then leads the jack, and wins it too unless seat 1
    holds the A♥. With the J♥ the queen takes it: the jack is hanged (3 points to seat 1).
    Worked by hand over the 48 cards seat 1 may hold (High, Low, Jack and Game in each line):
    the K♥ is 5 points better with any of the 31 cards worth nothing at Game (seven low
    hearts included); 4 better with a ten, an ace, a king, a queen or a jack of another suit
    or the 10♥ (16 cards: they give seat 0's K♥ the Game point in the other line too); and 1
    better with the A♥. The expected loss is (31 x 5 + 16 x 4 + 1) / 48 = 220 / 48."""
    state = pos(dealer="0", turn="0", hands="JH,KH/2C", dealt="JH,KH/QH,2C", trick="QH", turned="7H")
    assert state.legal_moves() == [Move.parse("JH"), Move.parse("KH")]
    assert reason(state, Move.parse("JH"), Move.parse("KH")) == "jack_hanged"

    (decision,) = review(state, [Move.parse("JH")], seat=0, seed=2, worlds=2000)
    assert decision.best == Move.parse("KH")
    assert decision.loss == pytest.approx(220 / 48, abs=0.15)
    assert decision.verdict == "blunder" and decision.reason == "jack_hanged"


def test_a_beg_that_gives_up_a_won_game_is_a_blunder_and_the_pro_stands():
    """Both sides at 13 of 14, trump hearts, and seat 0, to stand or beg, holds the six top
    hearts. Standing wins: High, the ace of trumps, is the first point scored after the tricks,
    and no kick can come after a stand: +14 in every world. Begging lets the dealer, who can only
    run (a take one would give the game), turn up a new suit: the first card of a new suit to be
    turned is any of the 39 unseen cards of the other suits alike, and 9 of them (an ace, a six or
    a jack) kick the dealer's side to 14 at once. So a beg is worth at most (30 x 14 - 9 x 14) / 39
    = 7.5 (the rest of the time seat 0 wins at best, and a redeal is worth 0): it loses at least
    6.5 points. Medium's rule of thumb begs here (a beg at 13 "can only help"); the pro stands."""
    hand = "AH,KH,QH,JH,10H,9H"
    dealer = "2C,3D,4S,5C,6D,8S"
    stock = _rest("AH KH QH JH 10H 9H 2C 3D 4S 5C 6D 8S 7H")
    state = pos(dealer="1", turn="0", phase="beg", hands=f"{hand}/{dealer}", turned="7H", totals="13/13", stock=stock)
    assert decide(observation(state, 0)) == BEG  # the rule of thumb
    assert ProPlayer(seed=1, worlds=100).choose(observation(state, 0)) == STAND

    (begged,) = review(state, [BEG], seat=0, seed=6, worlds=300)
    assert begged.best == STAND and dict(begged.values)[STAND] == 14
    assert begged.loss >= 14 - (30 - 9) * 14 / 39 and begged.verdict == "blunder"
    assert begged.reason == "this_trump_better"


def test_the_dealer_runs_rather_than_give_the_game():
    giving = from_text(BEG_TO_ANSWER)
    assert ProPlayer(seed=1, worlds=60).choose(observation(giving, 1)) == RUN


def test_at_13_without_a_trump_the_pro_begs():
    """Seat 0 needs one point and holds no heart, and no card that counts at Game: standing it
    can hardly score. Begging makes the dealer run (a take one would give the game), and a new
    trump gives it a fair chance of the one point it needs. (With the ace of trumps it stands:
    see above; a beg at 13 does not always help.)"""
    state = pos(
        dealer="1",
        turn="0",
        phase="beg",
        hands="2C,3D,4S,5C,6D,8S/AC,KD,QS,JC,9D,9S",
        turned="7H",
        totals="13/0",
        stock=_rest("2C 3D 4S 5C 6D 8S AC KD QS JC 9D 9S 7H"),
    )
    values = ProPlayer(seed=3, worlds=200).evaluate(observation(state, 0))
    assert set(values) == {STAND, BEG} and values[BEG] > values[STAND]


def test_the_match_counts_once_a_side_reaches_the_target():
    assert match_value((0, 0), [(0, 1), (1, 1), (1, 3), (0, 1)], side=0, target=14) == -2
    assert match_value((12, 13), [(0, 1), (0, 1), (1, 3)], side=0, target=14) == 14  # High, Low: 14 first
    assert match_value((12, 13), [(1, 1), (0, 1), (0, 1)], side=0, target=14) == -14


def test_an_all_fours_review_is_the_same_every_time_and_judges_every_decision():
    players = [bot("easy", seed=1), bot("easy", seed=2)]
    state, moves = new_match(31), []
    while len(moves) < 30 and not state.finished:
        move = players[state.turn].choose(observation(state, state.turn))
        moves.append(move)
        state = state.apply(move)
    first = list(review(new_match(31), moves, seat=0, seed=9, worlds=30))
    again = list(review(new_match(31), moves, seat=0, seed=9, worlds=30))
    assert first == again and first
    assert any(d.played in (STAND, BEG, ONE, RUN) for d in first)  # the deal's decisions are judged too
    assert all(d.played == moves[d.ply] and d.loss >= 0 for d in first)
    names = [name for _, name in VERDICTS]
    assert all(d.verdict in names for d in first)


def _rest(used: str) -> str:
    """The stock of a position: every card not named, in the pack's order."""
    named = set(used.split())
    return ",".join(str(c) for c in CARDS if str(c) not in named)
