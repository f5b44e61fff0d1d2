"""What a played card can capture: the one place the capture rules R3, R4 and R5 live.

Everything here works on the compact form: a card is an id 0..51 (see `engine.cards`), a set of
cards is a 52-bit mask, and a table is also described by its *count vector*, an int with three
bits per rank (rank r at bits 3(r-1)) holding how many cards of that rank lie on the table.

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

from engine.cards import JACK, KING, QUEEN

RANK: tuple[int, ...] = tuple(card // 4 + 1 for card in range(52))
"""Rank (1..13) of each card id."""
BIT: tuple[int, ...] = tuple(1 << card for card in range(52))
"""Mask of each card id."""
UNIT: tuple[int, ...] = tuple(1 << 3 * (RANK[card] - 1) for card in range(52))
"""What one card adds to a count vector."""

NUMBER_MASK = (1 << 40) - 1  # ace..10 of every suit
SWEEP_MASK = (1 << 44) - 1  # what a jack takes: every number card and every jack
NUMBER_FIELDS = (1 << 30) - 1  # count-vector fields of ranks 1..10
SWEEP_FIELDS = (1 << 33) - 1  # count-vector fields of ranks 1..11
RANK_MASK: tuple[int, ...] = tuple(15 << 4 * (rank - 1) if rank else 0 for rank in range(14))

# SUBSETS[group][k]: the sub-groups with k cards of a 4-bit suit group, in a fixed order.
SUBSETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(s for s in range(16) if s & ~group == 0 and s.bit_count() == k) for k in range(5))
    for group in range(16)
)

_MEMO_LIMIT = 200_000  # entries kept per memo before it is emptied; bounds memory in long runs
_number_memo: dict[int, tuple[tuple, tuple]] = {}
_options_memo: dict[int, tuple] = {}


def counts_of(table: int) -> int:
    """The count vector of a table mask.

    >>> counts_of(0b1011)  # three aces
    3
    """
    counts = 0
    for rank in range(1, 14):
        counts |= ((table >> 4 * (rank - 1)) & 15).bit_count() << 3 * (rank - 1)
    return counts


def _rank_count(counts: int, rank: int) -> int:
    return (counts >> 3 * (rank - 1)) & 7


def _number_options(number_counts: int) -> tuple[tuple, tuple]:
    """For each played number value: its capture choices on tables with these number counts.

    A choice is ``(ways, whole_ranks_mask, counts_delta, partial)``: the ranks taken whole
    (every card of that rank on the table), and ``partial`` the ``(shift, k)`` pairs of ranks of
    which only k of the cards present are taken, which can be done in ``ways`` concrete ways.
    Also returns, per value, the same choices as ``(mask, delta)`` pairs when none is partial
    (the common case, taken without any arithmetic), else ``None``.
    """
    known = _number_memo.get(number_counts)
    if known is not None:
        return known
    present = [0] + [_rank_count(number_counts, rank) for rank in range(1, 11)]
    by_sum: dict[int, list[tuple[tuple[int, int], ...]]] = {}

    def choose(rank: int, total: int, chosen: list[tuple[int, int]]) -> None:
        if rank > 10:
            if chosen:
                by_sum.setdefault(total, []).append(tuple(chosen))
            return
        for k in range(present[rank] + 1):
            if total + k * rank > 10:
                break
            if k:
                chosen.append((rank, k))
            choose(rank + 1, total + k * rank, chosen)
            if k:
                chosen.pop()

    choose(1, 0, [])
    choices: list[tuple] = [()] * 14
    direct: list[tuple | None] = [None] * 14
    for value in range(1, 11):
        found = []
        for combo in by_sum.get(11 - value, ()):
            ways, whole, delta, partial = 1, 0, 0, []
            for rank, k in combo:
                ways *= comb(present[rank], k)
                delta += k << 3 * (rank - 1)
                if k == present[rank]:
                    whole |= RANK_MASK[rank]
                else:
                    partial.append((4 * (rank - 1), k))
            found.append((ways, whole, delta, tuple(partial)))
        choices[value] = tuple(found)
        if all(not partial for _, _, _, partial in found):
            direct[value] = tuple((whole, delta) for _, whole, delta, _ in found)
    result = (tuple(choices), tuple(direct))
    if len(_number_memo) >= _MEMO_LIMIT:
        _number_memo.clear()
    _number_memo[number_counts] = result
    return result


def options(counts: int) -> tuple:
    """The capture options of every card on a table with this count vector.

    Index ``card`` (0..51) holds how many concrete capture sets that card has (0: it can only
    be placed); index 52 holds the per-value direct choices and 53 the per-value choices of
    `_number_options`. Cached per count vector.
    """
    entry = _options_memo.get(counts)
    if entry is not None:
        return entry
    choices, direct = _number_options(counts & NUMBER_FIELDS)
    per_rank = [sum(ways for ways, _, _, _ in choices[rank]) for rank in range(11)]
    per_rank.append(1 if counts & SWEEP_FIELDS else 0)  # the jack sweeps if anything sweepable
    per_rank.append(_rank_count(counts, QUEEN))
    per_rank.append(_rank_count(counts, KING))
    entry = tuple(per_rank[RANK[card]] for card in range(52)) + (direct, choices)
    if len(_options_memo) >= _MEMO_LIMIT:
        _options_memo.clear()
    _options_memo[counts] = entry
    return entry


def capture(card: int, table: int, entry: tuple, k: int) -> tuple[int, int]:
    """The k-th capture option of ``card`` (0 <= k < entry[card]): ``(taken_mask, counts_delta)``.

    ``entry`` is ``options(counts_of(table))``; the new table is ``table ^ taken_mask`` and its
    count vector ``counts - counts_delta``.
    """
    rank = RANK[card]
    if rank <= 10:
        direct = entry[52][rank]
        if direct is not None:
            whole, delta = direct[k]
            return table & whole, delta
        for ways, whole, delta, partial in entry[53][rank]:
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
        return taken, counts_of(taken)
    shift = 4 * (rank - 1)
    return SUBSETS[(table >> shift) & 15][1][k] << shift, UNIT[card]


def capture_masks(card: int, table: int) -> list[int]:
    """Every concrete set of table cards ``card`` can capture (empty list: it can only be placed)."""
    entry = options(counts_of(table))
    return [capture(card, table, entry, k)[0] for k in range(entry[card])]
