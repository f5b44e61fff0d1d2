"""Facts a view needs, from the engine: each side's pile, the score lines with their cards, where a deal starts."""

import random

import pytest

from engine import Card, Move, Rules, from_position, new_match, observation, parse_cards
from engine.chaharbargh.scoring import ITEMS, score_round


def mask(codes: str) -> int:
    return sum(1 << c.id for c in parse_cards(codes))


def test_score_lines_name_the_cards_behind_each_item():
    """Worked by hand from R10: side 0 took 8 clubs (2C among them), the 10D, two aces and a
    jack, and made one sur; side 1 took 3 clubs and an ace."""
    ours, theirs = score_round(Rules(), [mask("2C 3C 4C 5C 6C 7C 8C 9C 10D AS AH JD"), mask("10C JC AC")], [1, 0])
    lines = {line.item: line for line in ours.lines}
    assert [line.item for line in ours.lines] == list(ITEMS)
    assert (lines["clubs"].points, lines["clubs"].count) == (7, 8)
    assert {str(c) for c in lines["clubs"].cards} == {"2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"}
    assert (lines["ten_of_diamonds"].points, [str(c) for c in lines["ten_of_diamonds"].cards]) == (3, ["10D"])
    assert (lines["two_of_clubs"].points, [str(c) for c in lines["two_of_clubs"].cards]) == (2, ["2C"])
    assert (lines["aces"].points, sorted(str(c) for c in lines["aces"].cards)) == (2, ["AH", "AS"])
    assert (lines["jacks"].points, [str(c) for c in lines["jacks"].cards]) == (1, ["JD"])
    assert (lines["surs"].points, lines["surs"].count, lines["surs"].cards) == (5, 1, ())
    assert sum(line.points for line in ours.lines) == ours.total == 7 + 3 + 2 + 2 + 1 + 5
    their_lines = {line.item: line for line in theirs.lines}
    assert (their_lines["clubs"].points, their_lines["clubs"].count) == (0, 3)  # 3 clubs: no bonus
    assert theirs.total == 1 + 1  # the ace of clubs and the jack of clubs
    assert "lines" not in ours.to_dict(), "the record format stays chaharbargh-record/1"


@pytest.mark.parametrize(
    "rules", [Rules(target=31), Rules(players=3, target=25), Rules(players=4, target=40)], ids=["2p", "3p", "4p"]
)
def test_a_finished_rounds_piles_hold_what_each_side_took_and_match_its_score(rules):
    rng = random.Random(4)
    for seed in range(20):
        state = new_match(seed, rules)
        while not state.finished:
            state = state.apply(rng.choice(state.legal_moves()))
            log = state.last.round_over
            if log is None:
                piles = [set(pile) for pile in observation(state, 0).piles]
                assert piles == [
                    {c for s in range(rules.players) if rules.side_of(s) == side for c in state.captured_cards(s)}
                    for side in range(rules.sides)
                ]
                continue
            taken = [set() for _ in range(rules.sides)]
            for played in log.moves:
                if played.move.takes:
                    taken[rules.side_of(played.seat)] |= {played.move.card, *played.move.takes}
            if log.leftover is not None:
                taken[rules.side_of(log.leftover.seat)] |= set(log.leftover.cards)
            assert [set(pile) for pile in log.piles] == taken
            for side, sheet in enumerate(log.score):
                clubs = next(line for line in sheet.lines if line.item == "clubs")
                assert set(clubs.cards) == {c for c in taken[side] if c.suit == "C"}
                assert sum(line.points for line in sheet.lines) == sheet.total


def test_a_finished_round_carries_the_match_totals_after_it():
    # every match starts at zero, so after round k each side has the sum of its first k round totals
    rng = random.Random(7)
    for players in (2, 3, 4):
        state = new_match(11, Rules(players=players, target=40))
        while not state.finished:
            state = state.apply(rng.choice(state.legal_moves()))
        running = [0] * state.rules.sides
        for log in state.rounds:
            running = [r + sheet.total for r, sheet in zip(running, log.score, strict=True)]
            assert log.totals == tuple(running)
        assert state.rounds[-1].totals == state.totals


def test_where_the_deal_in_play_starts_is_recorded():
    """Two players: each deal gives 4 cards to each, so deal k starts at move 8k (R1)."""
    rng = random.Random(1)
    state = new_match(3)
    while state.round_no == 0:
        view = observation(state, state.turn)
        assert view.deal_start == 8 * state.deal_no
        state = state.apply(rng.choice(state.legal_moves()))
    # a position built mid-round starts its own log: its deal starts at its first move
    built = from_position([["5S", "9H"], ["KH", "2D"]], ["6C", "KD"], stock=parse_cards("3C 3D 3H 3S 4C 4D 4H 4S"))
    after = built.apply(Move.parse("5S+6C"))
    assert observation(after, 1).deal_start == 0
    assert observation(after, 1).moves[0].move.card == Card.parse("5S")


def test_a_view_shows_the_points_already_won_this_round():
    # Seat 0 took 7 clubs (all but 2C among them), the 10 of diamonds and the ace of spades, and
    # made one sur; seat 1 took the 2 of clubs and a jack. Points so far (R10): seat 0 has the
    # clubs for sure (7 of 13) 7 + 10D 3 + one ace 1 + a sur 5 = 16; seat 1: 2C 2 + a jack 1 = 3.
    mine = parse_cards("3C 4C 5C 6C 7C 8C 9C 10D AS")
    theirs = parse_cards("2C JH")
    state = from_position([parse_cards("KD"), parse_cards("QD")], parse_cards("5H"), captured=[mine, theirs], surs=[0])
    ours, other = observation(state, 1).points
    assert (ours.total, other.total) == (16, 3)
    assert {line.item: line.points for line in ours.lines} == {
        "clubs": 7,
        "ten_of_diamonds": 3,
        "two_of_clubs": 0,
        "aces": 1,
        "jacks": 0,
        "surs": 5,
    }


def test_the_clubs_count_in_a_round_in_play_only_once_a_side_is_sure_of_them():
    # Three players, 5 / 3 / 2 clubs so far: at the round's end the 5 would win (the most, R10
    # for three), but 8 clubs are still to be taken, so nobody has won them yet.
    piles = [parse_cards("AC 2C 3C 4C 5C"), parse_cards("6C 7C 8C"), parse_cards("9C 10C")]
    state = from_position(
        [parse_cards("KD"), parse_cards("QD"), parse_cards("JD")], parse_cards("5H"), Rules(players=3), captured=piles
    )
    assert [p.clubs_points for p in observation(state, 0).points] == [0, 0, 0]
    assert [p.total for p in observation(state, 0).points] == [1 + 2, 0, 0]  # the ace of clubs and the 2 of clubs
