"""What a played card can capture: the one place the capture rules R3, R4 and R5 live.

Everything here works on the compact form: a card is an id 0..51 (see `engine.cards`), a set of
cards is a 52-bit mask, and a table is also described by its *count vector*, an int with four
bits per rank (rank r at bits 4(r-1)) holding how many cards of that rank lie on the table.

Which sets of ranks a card can take depends only on the count vector, so that work is done once
per count vector and kept (`options`); turning a choice into concrete cards is a few mask
operations on the table (`capture`). Each concrete set of cards is its own option: with 5C and
5D on the table a 6 has two options.

>>> from engine.cards import Card, mask_of
>>> table = mask_of(Card.parse(c).id for c in ("4D", "5C", "2S"))
>>> [sorted(str(Card.from_id(i)) for i in range(52) if m >> i & 1)
...  for m in capture_masks(Card.parse("2H").id, table)]
[['4D', '5C']]
"""

from __future__ import annotations

from math import comb
from typing import Any

from engine.cards import JACK, KING, QUEEN

RANK: tuple[int, ...] = tuple(card // 4 + 1 for card in range(52))
"""Rank (1..13) of each card id."""
BIT: tuple[int, ...] = tuple(1 << card for card in range(52))
"""Mask of each card id."""
UNIT: tuple[int, ...] = tuple(1 << 4 * (RANK[card] - 1) for card in range(52))
"""What one card adds to a count vector (4 bits per rank, rank r at bits 4(r-1))."""

NUMBER_MASK = (1 << 40) - 1  # ace..10 of every suit; also the count fields of ranks 1..10
SWEEP_MASK = (1 << 44) - 1  # what a jack takes: every number card and every jack; also their fields
RANK_MASK: tuple[int, ...] = tuple(15 << 4 * (rank - 1) if rank else 0 for rank in range(14))
_GUARD = sum(8 << 4 * (rank - 1) for rank in range(1, 11))  # a spare high bit per number field
CAPTURERS = 52
"""Index in an `options` entry of the mask of card ids that can capture something."""
SWEEPERS = 55
"""Index in an `options` entry of the mask of card ids that would take the whole table by a
sur (R8: a number card, king or queen; a jack's sweep is not counted here)."""

# SUBSETS[group][k]: the sub-groups with k cards of a 4-bit suit group, in a fixed order.
SUBSETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(s for s in range(16) if s & ~group == 0 and s.bit_count() == k) for k in range(5))
    for group in range(16)
)


def _partitions(total: int, largest: int) -> list[list[tuple[int, int]]]:
    """Ways to write ``total`` as number-card values <= ``largest``, at most 4 of each: (value, k)."""
    if total == 0:
        return [[]]
    found = []
    for value in range(min(total, largest), 0, -1):
        for k in range(1, min(4, total // value) + 1):
            found += [[(value, k), *rest] for rest in _partitions(total - k * value, value - 1)]
    return found


# For each sum 1..10, the multisets of values making it: their count vector, and per value
# (rank, k, shift of its suit group, mask of its suit group).
_SUMS: tuple[tuple[tuple[int, tuple[tuple[int, int, int, int], ...]], ...], ...] = tuple(
    tuple(
        (
            sum(k << 4 * (rank - 1) for rank, k in p),
            tuple((rank, k, 4 * (rank - 1), 15 << 4 * (rank - 1)) for rank, k in p),
        )
        for p in _partitions(total, 10)
    )
    for total in range(11)
)

_VALUE_OF_CARD = tuple(RANK[card] for card in range(40))  # the number cards' values, by card id
_MEMO_LIMIT = 200_000  # entries kept per memo before it is emptied; bounds memory in long runs
_number_memo: dict[int, tuple[tuple[Any, ...], tuple[Any, ...], tuple[int, ...], int, int]] = {}
OPTIONS_CACHE: dict[int, tuple[Any, ...]] = {}
"""`options` by count vector; hot loops read it directly and call `options` on a miss."""


def counts_of(table: int) -> int:
    """The count vector of a table mask.

    >>> counts_of(0b1011)  # three aces
    3
    """
    counts = 0
    for shift in range(0, 52, 4):
        counts |= ((table >> shift) & 15).bit_count() << shift
    return counts


def _number_options(number_counts: int) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[int, ...], int, int]:
    """For each played number value: its capture choices on tables with these number counts.

    A choice is ``(ways, whole_ranks_mask, counts_delta, partial)``: the ranks taken whole
    (every card of that rank on the table), and ``partial`` the ``(shift, k)`` pairs of ranks of
    which only k of the cards present are taken, which can be done in ``ways`` concrete ways.
    Also returns, per value, the same choices as ``(mask, delta)`` pairs when none is partial
    (the common case, taken without any arithmetic), else ``None``; then what `options` needs
    of the number cards, worked out once here rather than once per count vector: the number
    of concrete options of each number card id (0..39), the mask of number cards with at least
    one, and the number cards that would take all of these cards (a sur, when the table holds
    no court card).
    """
    known = _number_memo.get(number_counts)
    if known is not None:
        return known
    guarded = number_counts | _GUARD
    choices: list[tuple[Any, ...]] = [()] * 11
    direct: list[tuple[Any, ...] | None] = [None] * 11
    ways_per_value = [0] * 11
    capturers = sweepers = 0
    for value in range(1, 11):
        found = []
        simple = True
        for delta, parts in _SUMS[11 - value]:
            if (guarded - delta) & _GUARD != _GUARD:
                continue  # the table lacks some of these cards
            ways, whole, partial = 1, 0, []
            for _rank, k, shift, group in parts:
                present = (number_counts >> shift) & 15
                if k == present:
                    whole |= group
                else:
                    ways *= comb(present, k)
                    partial.append((shift, k))
            if partial:
                simple = False
            elif delta == number_counts:  # takes every number card on the table
                sweepers |= RANK_MASK[value]
            found.append((ways, whole, delta, tuple(partial)))
            ways_per_value[value] += ways
        choices[value] = tuple(found)
        if found:
            capturers |= RANK_MASK[value]
        if simple:
            direct[value] = tuple((whole, delta) for _, whole, delta, _ in found)
    per_card = tuple(map(ways_per_value.__getitem__, _VALUE_OF_CARD))
    result = (tuple(choices), tuple(direct), per_card, capturers, sweepers)
    if len(_number_memo) >= _MEMO_LIMIT:
        _number_memo.clear()
    _number_memo[number_counts] = result
    return result


def options(counts: int) -> tuple[Any, ...]:
    """The capture options of every card on a table with this count vector.

    Index ``card`` (0..51) holds how many concrete capture sets that card has (0: it can only
    be placed); index 52 (`CAPTURERS`) the mask of cards with at least one; 53 the per-value
    direct choices, 54 the per-value choices of `_number_options`, and 55 (`SWEEPERS`) the
    mask of cards that would make a sur. Cached per count vector.
    """
    entry = OPTIONS_CACHE.get(counts)
    if entry is not None:
        return entry
    choices, direct, per_card, capturers, sweepers = _number_options(counts & NUMBER_MASK)
    jack = 1 if counts & SWEEP_MASK else 0  # the jack sweeps if there is anything to sweep
    queen = (counts >> 44) & 15  # a queen takes one of the queens
    king = counts >> 48  # a king takes one of the kings
    if jack:
        capturers |= RANK_MASK[JACK]
    if queen:
        capturers |= RANK_MASK[QUEEN]
    if king:
        capturers |= RANK_MASK[KING]
    if counts & ~NUMBER_MASK:  # court cards: only a lone queen or a lone king is taken whole
        sweepers = counts * 15 if counts in (1 << 44, 1 << 48) else 0
    court = (jack, jack, jack, jack, queen, queen, queen, queen, king, king, king, king)
    entry = (*per_card, *court, capturers, direct, choices, sweepers)
    if len(OPTIONS_CACHE) >= _MEMO_LIMIT:
        OPTIONS_CACHE.clear()
    OPTIONS_CACHE[counts] = entry
    return entry


def capture(card: int, table: int, entry: tuple[Any, ...], k: int) -> tuple[int, int]:
    """The k-th capture option of ``card`` (0 <= k < entry[card]): ``(taken_mask, counts_delta)``.

    ``entry`` is ``options(counts_of(table))``; the new table is ``table ^ taken_mask`` and its
    count vector ``counts - counts_delta``.
    """
    rank = RANK[card]
    if rank <= 10:
        direct = entry[53][rank]
        if direct is not None:
            whole, delta = direct[k]
            return table & whole, delta
        for ways, whole, delta, partial in entry[54][rank]:
            if k < ways:
                taken = table & whole
                for shift, count in partial:
                    group = SUBSETS[(table >> shift) & 15][count]
                    k, pick = divmod(k, len(group))
                    taken |= group[pick] << shift
                return taken, delta
            k -= ways
        raise IndexError(f"card {card} has no capture option {k}")
    if rank == JACK:
        taken = table & SWEEP_MASK
        return taken, counts_of(taken)  # the jack empties the count fields of ranks 1..11
    shift = 4 * (rank - 1)
    return SUBSETS[(table >> shift) & 15][1][k] << shift, UNIT[card]


def capture_masks(card: int, table: int) -> list[int]:
    """Every concrete set of table cards ``card`` can capture (empty list: it can only be placed)."""
    entry = options(counts_of(table))
    return [capture(card, table, entry, k)[0] for k in range(entry[card])]
