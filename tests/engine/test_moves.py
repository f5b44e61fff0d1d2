"""Legal moves: the fast engine against a plain reading of the rules, perft counts, properties."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CARDS, Card, CardError, Move, Rules, legal_moves, new_match, parse_cards
from tests.engine.reference import legal

MODES = ["hand", "card", "off"]


def as_pairs(moves):
    return {(m.card, m.takes) for m in moves}


@st.composite
def positions(draw):
    cards = draw(st.permutations(CARDS))
    hand_size = draw(st.integers(1, 4))
    table_size = draw(st.integers(0, 14))
    return list(cards[:hand_size]), list(cards[hand_size : hand_size + table_size])


@settings(max_examples=400, deadline=None)
@given(positions(), st.sampled_from(MODES))
def test_legal_moves_agree_with_a_plain_reading_of_the_rules(position, mode):
    hand, table = position
    moves = legal_moves(hand, table, Rules(forced_capture=mode))
    assert as_pairs(moves) == legal(hand, table, mode)
    assert len(moves) == len(set(moves)), "each capture set is its own move, listed once"


@settings(max_examples=300, deadline=None)
@given(positions())
def test_every_number_capture_makes_eleven(position):
    hand, table = position
    for move in legal_moves(hand, table, Rules(forced_capture="off")):
        assert move.takes <= set(table)
        if move.card.rank <= 10 and move.takes:
            assert move.card.rank + sum(c.rank for c in move.takes) == 11
            assert all(c.rank <= 10 for c in move.takes)


@settings(max_examples=200, deadline=None)
@given(positions())
def test_the_forced_modes_nest(position):
    """Whole-hand forcing allows a subset of per-card forcing, which allows a subset of off."""
    hand, table = position
    by_mode = {mode: as_pairs(legal_moves(hand, table, Rules(forced_capture=mode))) for mode in MODES}
    assert by_mode["hand"] <= by_mode["card"] <= by_mode["off"]
    assert by_mode["hand"], "there is always a legal move while the hand holds a card"


def perft(state, depth):
    if depth == 0 or state.finished:
        return 1
    return sum(perft(state.apply(move), depth - 1) for move in state.legal_moves())


@pytest.mark.parametrize(
    ("hand", "table", "mode", "count"),
    [
        ("5S 9H QD 2C", "6C KD", "hand", 1),  # R7's example: 5 takes 6, nothing else
        ("5S 9H QD 2C", "6C KD", "card", 4),  # 5 must take; 9, Q, 2 may be placed
        ("5S 9H QD 2C", "6C KD", "off", 5),
        ("6H 2D 3S AC", "5C 5D 4H 3C 2S", "hand", 11),  # 3 + 3 + 2 + 3 sets, listed below
        ("JS KH KS QC", "KD KC QH 9D", "hand", 6),  # J sweeps 9D; each king picks a king; Q takes QH
    ],
)
def test_legal_move_counts_on_fixed_positions(hand, table, mode, count):
    moves = legal_moves(parse_cards(hand), parse_cards(table), Rules(forced_capture=mode))
    assert len(moves) == count, [str(m) for m in moves]


def test_several_sets_each_their_own_move():
    moves = sorted(str(m) for m in legal_moves(parse_cards("6H 2D 3S AC"), parse_cards("5C 5D 4H 3C 2S")))
    assert moves == sorted(
        [
            "6H+5C",
            "6H+5D",
            "6H+2S+3C",
            "2D+4H+5C",
            "2D+4H+5D",
            "2D+2S+3C+4H",
            "3S+3C+5C",
            "3S+3C+5D",
            "AC+5C+5D",
            "AC+2S+3C+5C",
            "AC+2S+3C+5D",
        ]
    )


def plain_perft(state, depth):
    """The same count, with every move from the plain reading of the rules."""
    if depth == 0 or state.finished:
        return 1
    moves = legal(list(state.hand(state.turn)), list(state.table), state.rules.forced_capture)
    return sum(plain_perft(state.apply(Move(card, takes)), depth - 1) for card, takes in moves)


@pytest.mark.parametrize(
    ("seed", "rules", "depth", "nodes"),
    [
        (10, Rules(), 4, 24),
        (11, Rules(), 4, 36),
        (12, Rules(), 4, 84),
        (10, Rules(forced_capture="card"), 3, None),
        (11, Rules(forced_capture="off"), 3, None),
        (12, Rules(players=3), 4, None),
    ],
)
def test_perft_from_dealt_positions(seed, rules, depth, nodes):
    """Counts move sequences from a dealt position with the engine and with the plain reading;
    the fixed counts notice any change in dealing or move generation."""
    state = new_match(seed, rules)
    count = perft(state, depth)
    assert count == plain_perft(state, depth)
    if nodes is not None:
        assert count == nodes


def test_card_codes_round_trip_and_refuse_garbage():
    for card in CARDS:
        assert Card.parse(str(card)) is card
        assert eval(repr(card), {"Card": Card}) == card
    for bad in ["", "1C", "11H", "ZS", "10", "JX", "10DD", "♣7"]:
        with pytest.raises(CardError, match="not a card code"):
            Card.parse(bad)
    with pytest.raises(ValueError):
        Card.parse(None)


def test_move_text_round_trips():
    rng = random.Random(4)
    for _ in range(200):
        cards = rng.sample(CARDS, 5)
        move = Move(cards[0], frozenset(cards[1 : rng.randint(1, 5)]))
        assert Move.parse(str(move)) == move
        assert eval(repr(move), {"Move": Move}) == move
