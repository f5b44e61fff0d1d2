"""Positions as text (engine/chaharbargh/position.py): the round trip, playing on, hand-made positions, errors."""

import dataclasses
import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import engine
from engine import Move, Rules, from_position, new_match, observation
from engine.chaharbargh.position import POSITION_FORMAT, PositionError, from_text, to_text
from engine.chaharbargh.rules import FORCED_CAPTURE_MODES

# Observation fields that are history, not position: the text does not hold them, so a state
# read back from text starts them afresh (the round's first table becomes the position's table,
# and the deal in play starts at its first move, `deal_start` being an index into `moves`).
HISTORY_FIELDS = ("first_table", "moves", "finished_rounds")


def without_history(view):
    return dataclasses.replace(view, **{name: () for name in HISTORY_FIELDS}, deal_start=0)


def play_random(state, rng, moves):
    for _ in range(moves):
        if state.finished:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def assert_same_position(s, t):
    assert to_text(t) == to_text(s)
    assert t.legal_moves() == s.legal_moves()
    assert (t.round_no, t.deal_no, t.dealer, t.turn, t.winner) == (s.round_no, s.deal_no, s.dealer, s.turn, s.winner)
    for seat in range(s.players):
        assert without_history(observation(t, seat)) == without_history(observation(s, seat))


def play_on_together(s, t, rng, round_ends=2):
    """Play the same random moves from ``s`` and its copy ``t`` through ``round_ends`` round ends
    (or to the end of the match), checking every outcome, deal and score; returns the round ends."""
    ended = 0
    while not s.finished and ended < round_ends:
        move = rng.choice(s.legal_moves())
        s, t = s.apply(move), t.apply(move)
        a, b = s.last, t.last
        assert (b.seat, b.move, b.sur, b.sur_scored, b.sur_cancelled, b.dealt, b.match_over) == (
            a.seat,
            a.move,
            a.sur,
            a.sur_scored,
            a.sur_cancelled,
            a.dealt,
            a.match_over,
        )
        assert to_text(t) == to_text(s)
        assert t.legal_moves() == s.legal_moves()
        assert t.surs() == s.surs()
        if a.round_over is not None:
            ended += 1
            assert b.round_over.score == a.round_over.score
            assert b.round_over.leftover == a.round_over.leftover
            assert t.totals == s.totals
        if a.dealt:
            assert_same_position(s, t)
    assert_same_position(s, t)
    return ended


def table_rules(players, open_hand, jack_sur, last_deal):
    return Rules.preset("table", players=players, open_hand=open_hand, jack_sur=jack_sur, sur_in_last_deal=last_deal)


def pagat_rules(players, open_hand, target):
    return Rules.preset("pagat", players=players, open_hand=open_hand, target=target)


rules_strategy = st.one_of(
    st.builds(
        Rules,
        players=st.sampled_from([2, 3, 4]),
        forced_capture=st.sampled_from(FORCED_CAPTURE_MODES),
        jack_sur=st.booleans(),
        sur_points=st.sampled_from([None, 3]),
        sur_in_last_deal=st.booleans(),
        surs_cancel=st.booleans(),
        sur_cutoff=st.sampled_from([None, 5, 20, 50]),
        target=st.sampled_from([None, 10, 31]),
        open_hand=st.booleans(),
    ),
    st.builds(table_rules, st.sampled_from([2, 3, 4]), st.booleans(), st.booleans(), st.booleans()),
    st.builds(pagat_rules, st.sampled_from([2, 3, 4]), st.booleans(), st.sampled_from([10, 31, 62])),
)


@settings(max_examples=200, deadline=None)
@given(
    rules=rules_strategy,
    seed=st.integers(min_value=0, max_value=10**9),
    moves=st.integers(min_value=0, max_value=300),
    play_seed=st.integers(min_value=0, max_value=2**32),
)
def test_a_position_read_back_from_text_plays_on_identically(rules, seed, moves, play_seed):
    rng = random.Random(play_seed)
    s = play_random(new_match(seed, rules), rng, moves)
    text = to_text(s)
    assert "\n" not in text and "  " not in text and text.startswith(POSITION_FORMAT + " ")
    t = from_text(text)
    assert t.rules == s.rules and t.seed == s.seed
    piles = [s.captured_cards(seat) for seat in range(s.players)]
    assert (t.hands, t.table, t.stock) == (s.hands, s.table, s.stock)
    assert [t.captured_cards(seat) for seat in range(t.players)] == piles
    assert (t.last_capturer, t.surs(), t.face_up) == (s.last_capturer, s.surs(), s.face_up)
    assert to_text(t) == text
    assert (t.start_totals, t.totals) == (s.start_totals, s.totals)
    assert_same_position(s, t)
    ended = play_on_together(s, t, rng)
    event(f"written in round {min(s.round_no, 2)}{'+' * (s.round_no >= 2)}, {'over' if s.finished else 'in play'}")
    event(f"round ends played on: {ended}")


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules.preset("pagat", players=3), Rules(players=4, open_hand=True, surs_cancel=True, sur_cutoff=5)],
    ids=["table-2p", "pagat-3p", "4p-open-cancel-cutoff"],
)
def test_a_mid_round_position_plays_into_the_next_rounds_deals(rules):
    for seed in range(4):
        rng = random.Random(seed)
        s = play_random(new_match(seed, rules), rng, 20 + 9 * seed)
        t = from_text(to_text(s))
        assert play_on_together(s, t, rng, round_ends=2) == 2, "the match should last past two round ends"


def test_a_finished_match_reads_back_finished():
    rng = random.Random(4)
    s = play_random(new_match(4, Rules(target=10, open_hand=True)), rng, 10_000)
    assert s.finished
    t = from_text(to_text(s))
    assert t.winner == s.winner and t.finished and t.legal_moves() == []
    assert t.totals == s.totals and t.start_totals == s.start_totals != s.totals
    assert_same_position(s, t)


def test_every_rules_option_round_trips():
    for rules in [
        Rules(),
        Rules.preset("pagat"),
        Rules(players=3, forced_capture="off", jack_sur=True, sur_points=7, sur_in_last_deal=True),
        Rules(players=4, forced_capture="card", surs_cancel=True, sur_cutoff=99, target=1000, open_hand=True),
    ]:
        assert from_text(to_text(new_match(1, rules))).rules == rules


def test_a_from_position_state_round_trips():
    s = from_position(
        [["7C", "QH"], ["2D"]],
        ["4D", "KS"],
        stock=[],
        captured=[["AC"], ["10D"]],
        last_capturer=1,
        surs=[1],
        totals=[12, 40],
        seed=9,
    )
    t = engine.from_text(to_text(s))
    assert_same_position(s, t)
    assert play_on_together(s, t, random.Random(0), round_ends=1) == 1


# --- hand-made positions ---------------------------------------------------------------------

# R7's example (docs/rules.md): the table shows 6 and a king; the hand is 5, 9 and a queen.
R7 = (
    "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=5 dealer=1 "
    "turn=0 hands=5S,9H,QD/KH table=6C,KD stock=- piles=-/- surs=- last=- start=0/0 totals=0/0 "
    "shown=- winner=-"
)


def test_the_r7_position_has_the_one_capture_the_rule_book_names():
    state = from_text(R7)
    # 5 + 6 = 11; the 9 finds no 2 and the queen no queen, and forced capture forbids placing
    assert [str(m) for m in state.legal_moves()] == ["5S+6C"]
    assert to_text(state) == R7
    # forced capture per card: the 5 must capture, the 9 and the queen (no capture) may be placed
    per_card = from_text(R7.replace(",hand,", ",card,"))
    assert [str(m) for m in per_card.legal_moves()] == ["5S+6C", "9H", "QD"]
    # seat 1 then takes the king with its king (R5): a sur, worth nothing in the last deal (R8)
    after = state.apply(Move.parse("5S+6C")).apply(Move.parse("KH+KD"))
    assert after.last.sur and not after.last.sur_scored and after.surs() == (0, 0)
    assert to_text(after) == (
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=5 dealer=1 "
        "turn=0 hands=9H,QD/- table=- stock=- piles=5S,6C/KD,KH surs=- last=1 start=0/0 totals=0/0 "
        "shown=- winner=-"
    )


def test_a_hand_made_sur_cancels_the_opponents_sur():
    # pagat rules (forced capture per card, surs cancel, cut-off 50) with an open hand, deal 4 of 6,
    # so one deal of 4 cards per seat is left in the stock; side 1 holds one sur this round.
    text = (
        "chaharbargh-position/1 rules=p2,card,js0,sp5,ld0,sc1,co50,t62,oh1 seed=3 round=2 deal=4 dealer=0 "
        "turn=0 hands=2H,9D/KH,QC table=4D,5S stock=AC,AD,AH,AS,3C,3D,3H,3S "
        "piles=7C/4C,JD surs=1 last=1 start=20/30 totals=20/30 shown=9D,QC winner=-"
    )
    state = from_text(text)
    assert to_text(state) == text
    assert state.surs() == (0, 1) and state.dealer == 0 and state.round_no == 2
    assert observation(state, 0).revealed == ((engine.Card.parse("9D"),), (engine.Card.parse("QC"),))
    # 2 + 4 + 5 = 11 bares the table; the 9 finds no 2, so per card it may be placed
    assert [str(m) for m in state.legal_moves()] == ["2H+4D+5S", "9D"]
    after = state.apply(Move.parse("2H+4D+5S"))
    # a sur in deal 4 by a side below the cut-off: it counts, by cancelling side 1's sur
    assert (after.last.sur, after.last.sur_scored, after.last.sur_cancelled) == (True, True, 1)
    assert after.surs() == (0, 0) and "surs=- " in to_text(after)
    # the other three cards find nothing and are placed; the hands are then empty, so the stock's
    # last 8 cards are dealt from the left of the dealer (seat 1 first); seat 0, to play, must
    # first choose which of its new cards to show
    dealt = after.apply(Move.parse("KH")).apply(Move.parse("9D")).apply(Move.parse("QC"))
    assert dealt.last.dealt and dealt.deal_no == 5 and dealt.stock == ()
    assert [str(c) for c in dealt.hand(1)] == ["AC", "AD", "AH", "AS"]
    assert [str(c) for c in dealt.hand(0)] == ["3C", "3D", "3H", "3S"]
    assert " shown=- " in to_text(dealt) and dealt.turn == 0 and dealt.must_show
    assert [str(m) for m in dealt.legal_moves()] == ["show:3C", "show:3D", "show:3H", "show:3S"]


# --- malformed text ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "unknown position format ''"),
        (R7.replace("position/1", "position/2"), "unknown position format 'chaharbargh-position/2'"),
        (R7.replace("table=6C,KD", "table=6C,KD,5S"), "the card 5S appears twice (in hands of seat 0 and in table)"),
        (R7.replace("piles=-/-", "piles=KH/-"), "KH appears twice (in hands of seat 1 and in piles of seat 0)"),
        (R7.replace("table=6C,KD", "table=6C,1D"), "table: not a card code: '1D'"),
        (R7.replace(" winner=-", ""), "missing fields: winner"),
        (R7 + " winner=0", "the field 'winner' appears twice"),
        (R7 + " colour=red", "unknown field 'colour'"),
        (R7 + " extra", "a field is written name=value, not 'extra'"),
        (R7.replace("turn=0", "turn=2"), "turn: 2 is not one of 0 to 1"),
        (R7.replace("seed=0", "seed=-1"), "seed must be a whole number >= 0, not '-1'"),
        (R7.replace("round=0", "round=1_0"), "round must be a whole number >= 0, not '1_0'"),
        (R7.replace("hands=5S,9H,QD/KH", "hands=5S,9H,QD"), "hands: expected 2 groups of cards"),
        (R7.replace("hands=5S,9H,QD/KH", "hands=5S,9H,QD,2C,3C/KH"), "seat 0 holds 5 cards"),
        (R7.replace("deal=5", "deal=4"), "stock: deal 4 of 6 leaves 8 cards in the stock"),
        (R7.replace("deal=5", "deal=6"), "deal: a 2-player round has deals 0 to 5, not 6"),
        (R7.replace("surs=-", "surs=0,2"), "surs: 2 is not one of 0 to 1"),
        (R7.replace("totals=0/0", "totals=0"), "totals: expected 2 totals"),
        (R7.replace("totals=0/0", "totals=5/0"), "during a round the totals are those it started with"),
        (R7.replace(",sc0,", ",sc1,").replace("surs=-", "surs=0,1"), "the uncancelled surs all belong to one side"),
        (R7.replace("shown=-", "shown=QD"), "shown: cards are face up only under the open-hand rule"),
        (R7.replace("oh0", "oh1").replace("shown=-", "shown=6C"), "shown: the face-up cards must be in the hands"),
        (R7.replace("winner=-", "winner=0"), "winner: a finished match has no cards"),
        (R7.replace(",hand,", ",always,"), "rules: forced capture must be one of hand, card, off"),
        (R7.replace("js0", "js2"), "rules: js (jack sur) must be 0 or 1"),
        (R7.replace("p2,", "p5,"), "rules: players must be 2, 3 or 4, not 5"),
        (R7.replace("t62", "t0"), "rules: target must be a positive whole number"),
        (R7.replace(",oh0", ""), "rules: expected 9 options"),
    ],
)
def test_malformed_text_is_refused_with_a_clear_error(text, message):
    with pytest.raises(PositionError) as error:
        from_text(text)
    assert message in str(error.value)
    assert isinstance(error.value, ValueError)
