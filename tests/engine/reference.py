"""A deliberately plain second reading of the capture rules (R3-R7), to check the fast engine."""

from itertools import combinations

from engine import Card


def captures(card: Card, table: list[Card]) -> set[frozenset[Card]]:
    if card.rank <= 10:
        numbers = [c for c in table if c.rank <= 10]
        return {
            frozenset(subset)
            for size in range(1, len(numbers) + 1)
            for subset in combinations(numbers, size)
            if card.rank + sum(c.rank for c in subset) == 11
        }
    if card.rank == 11:
        swept = frozenset(c for c in table if c.rank <= 11)
        return {swept} if swept else set()
    return {frozenset([c]) for c in table if c.rank == card.rank}


def legal(hand: list[Card], table: list[Card], forced: str) -> set[tuple[Card, frozenset[Card]]]:
    caps = {(card, takes) for card in hand for takes in captures(card, table)}
    capturing = {card for card, _ in caps}
    if forced == "hand":
        places = set() if caps else set(hand)
    elif forced == "card":
        places = set(hand) - capturing
    else:
        places = set(hand)
    return caps | {(card, frozenset()) for card in places}
