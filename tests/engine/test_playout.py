"""The fast playout against the public rules: every move it makes must be legal there."""

import random

import pytest

from engine import CARDS, Card, Move, Rules
from engine.cards import ids_of
from engine.chaharbargh.ai.playout import (
    Round,
    deal_round,
    new_round,
    play_out,
    random_round,
    shuffled_deck,
    sur_counts,
)
from engine.chaharbargh.match import from_position
from engine.chaharbargh.scoring import side_totals

RULE_SETS = [
    Rules(),
    Rules(forced_capture="card"),
    Rules(forced_capture="off", jack_sur=True),
    Rules(players=3),
    Rules(players=4),
]


def public_state_for(cards, rules):
    """The public match state dealt like a playout deck: hands first, then table, then stock."""
    n = rules.players
    deck = [CARDS[c] for c in cards]
    hands = [deck[4 * s : 4 * s + 4] for s in range(n)]
    return from_position(hands, deck[4 * n : 4 * n + 4], rules, stock=deck[4 * n + 4 :])


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.players}p-{r.forced_capture}")
def test_every_playout_move_is_legal_and_the_outcome_agrees(rules):
    for seed in range(60):
        rng = random.Random(seed)
        cards, _ = deal_round(random.Random(seed), rules.players)
        moves: list[tuple[int, int]] = []
        captured, surs = random_round(rng, rules, moves)
        state = public_state_for(cards, rules)
        made_surs = [0] * rules.players
        for card, taken in moves:
            seat = state.turn
            state = state.apply(Move(CARDS[card], frozenset(CARDS[i] for i in ids_of(taken))))
            made_surs[seat] += state.last.sur
        log = state.rounds[0]
        assert len(log.moves) == 48
        assert made_surs == surs
        leftover = log.leftover
        for seat in range(rules.players):
            expected = {c for p in log.moves if p.seat == seat and p.move.takes for c in (p.move.card, *p.move.takes)}
            if leftover and leftover.seat == seat:
                expected |= set(leftover.cards)
            assert {CARDS[i] for i in ids_of(captured[seat])} == expected


@pytest.mark.parametrize(
    ("forced", "seed"),
    [("off", 7), ("hand", 0), ("card", 0)],  # seed 0: two cards can capture, one of them two ways
)
def test_random_playouts_choose_uniformly_among_legal_moves(forced, seed):
    """From one position, each legal first move comes up about equally often."""
    rules = Rules(forced_capture=forced)
    deal = deal_round(random.Random(seed), 2)
    legal = public_state_for(deal[0], rules).legal_moves()
    assert len(legal) >= 4
    seen: dict[tuple[int, int], int] = {}
    for seed in range(4000):
        moves: list[tuple[int, int]] = []
        random_round(random.Random(seed), rules, moves, deal)
        seen[moves[0]] = seen.get(moves[0], 0) + 1
    assert {(m.card.id, m.takes_mask) for m in legal} == set(seen)
    expected = 4000 / len(legal)
    assert all(abs(count - expected) < 0.2 * expected for count in seen.values()), seen


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(forced_capture="card"), Rules(players=3, forced_capture="off")],
    ids=lambda r: f"{r.players}p-{r.forced_capture}",
)
def test_every_turn_of_a_random_round_is_uniform_among_the_legal_moves(rules):
    """Whatever the turn (a card placed from a hand of 4, 3 or 2, one card or several that can
    capture, a milder forced capture), the chosen move's place in the public list of legal
    moves is uniform: pooled over all turns with the same number of legal moves, each place
    comes up about equally often."""
    places: dict[int, list[int]] = {}
    for seed in range(600):
        cards, _ = deal_round(random.Random(seed), rules.players)
        moves: list[tuple[int, int]] = []
        random_round(random.Random(seed), rules, moves)
        state = public_state_for(cards, rules)
        for card, taken in moves:
            legal = state.legal_moves()
            move = Move(CARDS[card], frozenset(CARDS[i] for i in ids_of(taken)))
            places.setdefault(len(legal), [0] * len(legal))[legal.index(move)] += 1
            state = state.apply(move)
    checked = 0
    for count, seen in places.items():
        turns = sum(seen)
        if count < 2 or turns < 500:
            continue
        expected = turns / count
        tolerance = 5 * (expected * (1 - 1 / count)) ** 0.5  # five standard deviations
        assert all(abs(n - expected) < tolerance for n in seen), (count, seen)
        checked += 1
    assert checked >= 3, places


def test_playout_decks_are_permutations_and_vary():
    rng = random.Random(3)
    decks = [shuffled_deck(rng) for _ in range(200)]
    assert all(sorted(deck) == list(range(52)) for deck in decks)
    assert len(set(decks)) == 200
    first_cards = [deck[0] for deck in decks]
    assert len(set(first_cards)) > 40


def test_playout_first_table_never_holds_a_jack():
    for seed in range(300):
        cards, table = deal_round(random.Random(seed), 2)
        assert sorted(cards) == list(range(52))
        assert table == sum(1 << c for c in cards[8:12])
        assert not any(CARDS[c].rank == 11 for c in cards[8:12])  # no jack (R1)


# Every option that changes what a sur is or what it scores, in every combination, with 2, 3
# and 4 players; totals around the pagat cut-off of 50 so that it bites for some sides.
SUR_OPTIONS = [
    Rules(
        players=players,
        forced_capture=forced,
        jack_sur=jack_sur,
        sur_in_last_deal=last_deal,
        surs_cancel=cancel,
        sur_cutoff=cutoff,
    )
    for players in (2, 3, 4)
    for forced in ("hand", "off")
    for jack_sur in (False, True)
    for last_deal in (False, True)
    for cancel in (False, True)
    for cutoff in (None, 50)
]
TOTALS = {2: (55, 10), 3: (10, 60, 49), 4: (50, 20)}


def option_id(rules: Rules) -> str:
    flags = [name for name in ("jack_sur", "sur_in_last_deal", "surs_cancel") if getattr(rules, name)]
    return "-".join([f"{rules.players}p", rules.forced_capture, *flags, f"cutoff{rules.sur_cutoff}"])


@pytest.mark.parametrize("rules", SUR_OPTIONS, ids=option_id)
def test_the_playout_and_the_match_agree_on_every_sur_and_every_score(rules):
    """The same deals and moves through the fast playout and the public API: the same surs, the
    same scoring surs per side after cancellations, and the same round points per side."""
    agreed_surs = 0
    for seed in range(6):
        cards, table = deal_round(random.Random(seed), rules.players)
        fast = new_round(cards, table, rules.players)
        fast.totals = TOTALS[rules.players]
        moves: list[tuple[int, int]] = []
        play_out(fast, random.Random(seed), rules, 1.0, moves)
        n = rules.players
        state = from_position(
            [[CARDS[c] for c in cards[4 * s : 4 * s + 4]] for s in range(n)],
            [CARDS[c] for c in cards[4 * n : 4 * n + 4]],
            rules,
            stock=[CARDS[c] for c in cards[4 * n + 4 :]],
            totals=TOTALS[rules.players],
        )
        made = [0] * n
        for card, taken in moves:
            seat = state.turn
            state = state.apply(Move(CARDS[card], frozenset(CARDS[i] for i in ids_of(taken))))
            made[seat] += state.last.sur
        score = state.rounds[0].score
        assert made == fast.surs
        assert sur_counts(fast, rules) == [sheet.surs for sheet in score]
        assert side_totals(rules, fast.captured, sur_counts(fast, rules)) == [sheet.total for sheet in score]
        agreed_surs += sum(made)
    assert agreed_surs > 0, "no sur was made: the deals test nothing"


def test_a_greedy_playout_weighs_the_next_players_sur_at_what_it_is_worth_to_that_player():
    """Pagat, seat 0 past the sur cut-off (55 ≥ 50): its own surs score nothing, seat 1's score 5.
    On an empty table, laying 3D lets seat 1's 8H make 8 + 3 = 11 and empty it: a scoring sur.
    Laying the AS does not (8 + 1 = 9), so the greedy player lays the ace."""
    rules = Rules.preset("pagat")
    cards = {c: CARDS.index(Card.parse(c)) for c in ["3D", "AS", "8H", "KC", "2S", "QC", "KD", "QD"]}
    stock = [i for i in range(52) if i not in cards.values()][:8]
    state = Round(
        hands=[[cards["3D"], cards["AS"]], [cards["8H"], cards["KC"]]],
        table=0,
        stock=stock,
        seat=0,
        captured=[0, 0],
        surs=[0, 0],
        totals=(55, 10),
    )
    moves: list[tuple[int, int]] = []
    play_out(state, random.Random(1), rules, 0.0, moves, deal_only=True)
    assert moves[0] == (cards["AS"], 0)
