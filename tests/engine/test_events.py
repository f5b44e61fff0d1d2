"""Events: replaying what happened reproduces the table, and a seat's copy hides what it may not see."""

import random
from collections import Counter

import pytest

from engine import CARDS, Card, MatchState, Move, Rules, from_position, new_match, observation
from engine.events import KINDS, zones_after

CONFIGS = [Rules(players=p, open_hand=o, target=t) for p, t in ((2, 31), (3, 25), (4, 40)) for o in (False, True)]
MATCHES = 1000 // len(CONFIGS) + 1  # 1,000 random matches in all


def zones_of(state: MatchState) -> dict[str, set[Card]]:
    """Where every card is, read from the state itself (piles per side)."""
    rules = state.rules
    zones = {f"hand:{s}": set(state.hand(s)) for s in range(state.players)}
    zones["table"] = set(state.table)
    zones["stock"] = set(state.stock)
    for side in range(rules.sides):
        seats = [s for s in range(state.players) if rules.side_of(s) == side]
        zones[f"pile:{side}"] = {c for s in seats for c in state.captured_cards(s)}
    return zones


def non_empty(zones: dict[str, set[Card]]) -> dict[str, set[Card]]:
    return {zone: cards for zone, cards in zones.items() if cards}


@pytest.mark.parametrize("rules", CONFIGS, ids=lambda r: f"{r.players}p-open{int(r.open_hand)}")
def test_replaying_the_events_of_whole_matches_reproduces_every_zone_at_every_ply(rules):
    for seed in range(MATCHES):
        rng = random.Random(seed)
        state = new_match(seed, rules)
        board = zones_after(state.opening, {"stock": set(CARDS)})
        assert non_empty(board) == non_empty(zones_of(state))
        while not state.finished:
            move = rng.choice(state.legal_moves())
            state = state.apply(move)
            outcome = state.last
            kinds = [e.kind for e in outcome.events]
            assert set(kinds) <= set(KINDS)
            assert kinds[0] == ("show" if move.shows else "play") and outcome.events[0].cards == (move.card,)
            assert ("sur" in kinds) == outcome.sur
            assert ("round_end" in kinds) == (outcome.round_over is not None)
            assert ("match_end" in kinds) == outcome.match_over
            if move.takes:
                assert kinds[1] == ("sweep" if move.card.rank == 11 else "capture")
            board = zones_after(outcome.events, board)
            assert non_empty(board) == non_empty(zones_of(state)), (seed, state.ply)


@pytest.mark.parametrize("rules", [Rules(players=3), Rules(players=4, open_hand=True)], ids=["3p", "4p-open"])
def test_a_seat_sees_only_its_own_cards_and_the_face_up_ones(rules):
    rng = random.Random(5)
    state = new_match(5, rules)
    hidden_seen = 0
    while not state.finished and state.round_no < 2:
        state = state.apply(rng.choice(state.legal_moves()))
        outcome = state.last
        for seat in range(rules.players):
            mine = outcome.events_for(seat)
            assert [(e.kind, e.source, e.target, len(e.cards)) for e in mine] == [
                (e.kind, e.source, e.target, len(e.cards)) for e in outcome.events
            ], "the same events, with the same card counts"
            for theirs, seen in zip(outcome.events, mine, strict=True):
                if seen.target.startswith("hand:") and seen.target != f"hand:{seat}":
                    for card, shown in zip(theirs.cards, seen.cards, strict=True):
                        assert shown == (card if card in outcome.face_up else None)
                        hidden_seen += shown is None
                else:
                    assert seen == theirs
            view = observation(state, seat)
            dealt_to_me = [c for e in mine if e.target == f"hand:{seat}" for c in e.cards]
            assert set(dealt_to_me) <= set(view.hand)
    assert hidden_seen > 0


def test_a_capture_a_sur_and_a_new_deal_as_events():
    """Worked by hand: table 4D 5S, seat 0 holds 2H with the other hands empty and a stock of
    one more deal. 2 + 4 + 5 = 11 empties the table: a sur (R8), then both hands are dealt."""
    stock = ["3C", "3D", "3H", "3S", "6C", "6D", "6H", "6S"]
    state = from_position([["2H"], []], ["4D", "5S"], stock=stock)
    after = state.apply(Move.parse("2H+4D+5S"))
    events = [(e.kind, e.seat, [str(c) for c in e.cards], e.source, e.target) for e in after.last.events]
    assert events == [
        ("play", 0, ["2H"], "hand:0", "table"),
        ("capture", 0, ["2H", "4D", "5S"], "table", "pile:0"),
        ("sur", 0, [], "", ""),
        ("deal", after.dealer, ["3C", "3D", "3H", "3S"], "stock", "hand:0"),
        ("deal", after.dealer, ["6C", "6D", "6H", "6S"], "stock", "hand:1"),
    ]
    seen = Counter(e.cards.count(None) for e in after.last.events_for(0))
    assert seen[4] == 1  # seat 0 sees its own new cards, and four hidden ones dealt to seat 1


def test_a_table_nobody_took_goes_back_into_the_stock_for_the_next_round():
    """Worked by hand: nobody has captured this round, seat 0 places the last card (KS on 5D).
    No leftover (R9 needs a last capturer): the new dealer gathers the table into the stock."""
    state = from_position([["KS"], []], ["5D"])
    after = state.apply(Move.parse("KS"))
    kinds = [(e.kind, e.source, e.target, sorted(str(c) for c in e.cards)) for e in after.last.events]
    assert kinds[:3] == [
        ("play", "hand:0", "table", ["KS"]),
        ("round_end", "", "", []),
        ("deal", "table", "stock", ["5D", "KS"]),
    ]
    assert [k for k, *_ in kinds[3:]] == ["deal"] * 3  # two hands and the new round's first table
