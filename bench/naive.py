"""A naive Chaharbargh round: the yardstick `bench/engine.py` measures the engine against.

    python bench/naive.py [--check] [--rounds 300] [--seed 1]

One complete two-player round under the table rules (docs/rules.md, R1-R10, forced capture
over the whole hand), written the way a competent engineer would in an afternoon: cards are
``(rank, suit)`` tuples, hands, table and piles are lists, legal moves are recomputed plainly
every turn (sums of eleven by `itertools.combinations` over the table's number cards), and
each move is chosen uniformly at random among them. No masks, no caches, no engine imports on
the timed path.

Without ``--check`` it times ``--rounds`` rounds. With ``--check`` it plays ``--rounds`` rounds
and checks each one: the 52 cards end in the two piles, the points are 20 plus 5 per scoring
sur and agree with `engine.chaharbargh.scoring.score_round`, and at every turn the naive list of legal
moves is exactly `engine.legal_moves(hand, table)`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import combinations
from pathlib import Path

JACK, QUEEN, KING = 11, 12, 13
SUITS = "CDHS"
DECK = [(rank, suit) for rank in range(1, 14) for suit in SUITS]
PLAYERS = 2
SUR_POINTS = 5


def deal(rng: random.Random) -> tuple[list[list[tuple[int, str]]], list[tuple[int, str]], list[tuple[int, str]]]:
    """R1: shuffle, 4 cards to each hand, then 4 to the table; a jack turned up for the table
    goes back into the stock, which is reshuffled. Returns hands, table, stock."""
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[0:4], deck[4:8]]
    stock = deck[8:]
    table = []
    while len(table) < 4:
        card = stock.pop(0)
        if card[0] == JACK:
            stock.append(card)
            rng.shuffle(stock)
        else:
            table.append(card)
    return hands, table, stock


def captures(card: tuple[int, str], table: list[tuple[int, str]]) -> list[tuple[tuple[int, str], ...]]:
    """Every set of table cards ``card`` can take (R3-R5)."""
    rank = card[0]
    if rank <= 10:  # R3: number cards that make eleven with it, any number of them
        numbers = [c for c in table if c[0] <= 10]
        found = []
        for size in range(1, len(numbers) + 1):
            for group in combinations(numbers, size):
                if rank + sum(c[0] for c in group) == 11:
                    found.append(group)
        return found
    if rank == JACK:  # R4: every number card and every jack, or nothing
        swept = tuple(c for c in table if c[0] <= JACK)
        return [swept] if swept else []
    return [(c,) for c in table if c[0] == rank]  # R5: one king for a king, one queen for a queen


def legal_moves(hand: list[tuple[int, str]], table: list[tuple[int, str]]) -> list[tuple]:
    """R6, R7: every capture of every card; only if there is none, any card laid down."""
    moves = []
    for card in hand:
        for taken in captures(card, table):
            moves.append((card, taken))
    if moves:
        return moves
    return [(card, ()) for card in hand]


def score(pile: list[tuple[int, str]], clubs_bonus: bool, surs: int) -> int:
    """R10 for one player."""
    points = 7 if clubs_bonus else 0
    for rank, suit in pile:
        if (rank, suit) == (10, "D"):
            points += 3
        if (rank, suit) == (2, "C"):
            points += 2
        if rank == 1 or rank == JACK:
            points += 1
    return points + SUR_POINTS * surs


def play_round(rng: random.Random, on_turn=None, dealt=None) -> dict:
    """Deal and play one round with uniformly random moves; seat 0 leads every deal.

    For ``--check``: ``on_turn(hand, table, moves, chosen)``, if given, sees every turn's legal
    moves and the one chosen; ``dealt``, if given, replaces the deal (hands, table, stock).
    """
    hands, table, stock = deal(rng) if dealt is None else dealt
    piles = [[], []]
    surs = [0, 0]  # every sur by R8
    scoring = [0, 0]  # the surs worth points: not in the last deal
    last = None
    while True:
        last_deal = not stock
        for turn in range(4 * PLAYERS):
            seat = turn % PLAYERS
            hand = hands[seat]
            moves = legal_moves(hand, table)
            card, taken = rng.choice(moves)
            if on_turn is not None:
                on_turn(hand, table, moves, (card, taken))
            hand.remove(card)
            if taken:
                for c in taken:
                    table.remove(c)
                piles[seat].extend(taken)
                piles[seat].append(card)
                last = seat
                if not table and card[0] != JACK:  # R8: a sur; a jack never makes one
                    surs[seat] += 1
                    if not last_deal:
                        scoring[seat] += 1
            else:
                table.append(card)
        if not stock:
            break
        for seat in range(PLAYERS):
            hands[seat] = stock[:4]
            stock = stock[4:]
    if last is not None:  # R9: the leftovers go to the last capturer, never as a sur
        piles[last].extend(table)
        table = []
    clubs = [sum(1 for c in pile if c[1] == "C") for pile in piles]
    bonus = [n >= 7 and n > max(m for j, m in enumerate(clubs) if j != i) for i, n in enumerate(clubs)]
    points = [score(piles[i], bonus[i], scoring[i]) for i in range(PLAYERS)]
    return {"piles": piles, "table": table, "surs": surs, "scoring_surs": scoring, "points": points}


def naive_rounds(count: int, seed: int) -> None:
    """Play ``count`` rounds from ``seed``: what `bench/engine.py` times."""
    rng = random.Random(seed)
    for _ in range(count):
        play_round(rng)


def check(rounds: int, seed: int = 1) -> dict:
    """Play ``rounds`` rounds and check each against the rules and the engine (AssertionError if not).

    Every turn, the naive legal moves must be exactly `engine.legal_moves`. Every round must
    end with the 52 cards in the two piles and 20 points plus 5 per scoring sur; and the same
    deal and moves replayed through the public API (`engine.from_position`, `apply`) must give
    the same piles, surs and points.
    """
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from engine import Card, Move, from_position
    from engine import legal_moves as engine_legal_moves

    def as_card(card: tuple[int, str]) -> Card:
        return Card(card[0], card[1])

    def as_cards(cards) -> list[Card]:
        return [as_card(c) for c in cards]

    chosen: list[tuple] = []

    def on_turn(hand, table, moves, move) -> None:
        mine = {(as_card(card), frozenset(as_cards(taken))) for card, taken in moves}
        assert len(mine) == len(moves), f"a move listed twice: {moves}"
        theirs = {(m.card, m.takes) for m in engine_legal_moves(as_cards(hand), as_cards(table))}
        assert mine == theirs, f"hand {hand}, table {table}: naive {sorted(mine)}, engine {sorted(theirs)}"
        chosen.append(move)

    rng = random.Random(seed)
    totals = {"rounds": 0, "turns": 0, "surs": 0, "scoring_surs": 0}
    for _ in range(rounds):
        hands, table, stock = deal(rng)
        state = from_position([as_cards(h) for h in hands], as_cards(table), stock=as_cards(stock))
        chosen.clear()
        result = play_round(rng, on_turn, ([list(h) for h in hands], list(table), list(stock)))
        piles, points, surs, scoring = result["piles"], result["points"], result["surs"], result["scoring_surs"]
        everything = piles[0] + piles[1]
        assert not result["table"] and len(everything) == 52 and set(everything) == set(DECK), "cards lost"
        assert sum(points) == 20 + SUR_POINTS * sum(scoring), f"points {points}, scoring surs {scoring}"
        for card, taken in chosen:
            state = state.apply(Move(as_card(card), frozenset(as_cards(taken))))
        log = state.rounds[0]
        engine_piles: list[set[Card]] = [set(), set()]
        for played in log.moves:
            if played.move.takes:
                engine_piles[played.seat] |= played.move.takes | {played.move.card}
        if log.leftover is not None:
            engine_piles[log.leftover.seat] |= set(log.leftover.cards)
        assert engine_piles == [set(as_cards(p)) for p in piles], "piles differ from the engine's"
        assert [s.total for s in log.score] == points, f"engine {[s.total for s in log.score]}, naive {points}"
        assert [s.surs for s in log.score] == scoring, f"engine scoring surs {[s.surs for s in log.score]}"
        assert [sum(m.sur for m in log.moves if m.seat == seat) for seat in range(PLAYERS)] == surs
        totals["rounds"] += 1
        totals["turns"] += len(chosen)
        totals["surs"] += sum(surs)
        totals["scoring_surs"] += sum(scoring)
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="check rounds against the rules and the engine")
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.check:
        totals = check(args.rounds, args.seed)
        print(
            f"ok: {totals['rounds']} rounds, {totals['turns']} turns matched engine.legal_moves, "
            f"{totals['surs']} surs ({totals['scoring_surs']} scoring); "
            "piles, surs and points as the engine replays them"
        )
        return
    start = time.perf_counter()
    naive_rounds(args.rounds, args.seed)
    print(f"{args.rounds / (time.perf_counter() - start):,.0f} naive rounds/s")


if __name__ == "__main__":
    main()
