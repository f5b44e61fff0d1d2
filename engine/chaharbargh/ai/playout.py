"""Fast playouts: whole rounds played on the compact form, for benchmarks and computer players.

The public `MatchState` is convenient and safe; a search that plays thousands of rounds per
move needs less. Here a round is plain ints and lists: the table a 52-bit mask plus its count
vector, hands lists of card ids, captures masks per seat. Capture options come from
`engine.chaharbargh.captures.options`, the same source the public legal moves use, and a test checks that
every move chosen here is one of `legal_moves`.

>>> import random
>>> captured, surs = random_round(random.Random(1))
>>> sum(m.bit_count() for m in captured)
52
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import JACK, TEN_OF_DIAMONDS, TWO_OF_CLUBS
from engine.chaharbargh.captures import (
    BIT,
    CAPTURERS,
    OPTIONS_CACHE,
    RANK,
    RANK_MASK,
    SUBSETS,
    SWEEP_MASK,
    SWEEPERS,
    UNIT,
    capture,
    counts_of,
    options,
)
from engine.chaharbargh.rules import Rules
from engine.chaharbargh.scoring import deal_values, side_totals
from engine.chaharbargh.surs import SUR_RANKS, count_sur, is_sur, sur_scores

_CARD_BYTES = bytes(range(52))
_KEEP_LOW_6 = bytes(b & 63 for b in range(256))


def shuffled_deck(rng: random.Random) -> bytes:
    """A shuffled deck as 52 card-id bytes, in a few C-level steps.

    Each card gets a 22-bit random sort key (its id rides in the low byte of a 30-bit int, so
    sorting stays on small ints). Two equal keys, the only departure from a uniform shuffle,
    leave two cards in id order; that happens in about 1 deck in 3,000 and moves one pair.
    The dealt matches use `random.shuffle`; this is for playouts, where speed matters.
    """
    keys = bytearray(rng.getrandbits(1664).to_bytes(208, "little"))  # `rng.randbytes(208)`, minus a call
    keys[0::4] = _CARD_BYTES
    keys[3::4] = keys[3::4].translate(_KEEP_LOW_6)
    return array("I", sorted(memoryview(keys).cast("I").tolist())).tobytes()[0::4]


def deal_round(rng: random.Random, players: int) -> tuple[list[int], int]:
    """A shuffled deck for a playout and the first table laid from it (R1: no jack on it).

    Returns the deck as a list of card ids, hands first (4 per seat per deal, seat 0 first),
    with the 4 table cards right after the first deal's hands, and the table mask.
    """
    deck = shuffled_deck(rng)
    pos = 4 * players
    a, b, c, d = deck[pos : pos + 4]
    table = BIT[a] | BIT[b] | BIT[c] | BIT[d]
    if not table & RANK_MASK[JACK]:  # no jack turned up (about 7 deals in 10): the table is laid
        return list(deck), table
    table = laid = 0
    while laid < 4:
        card = deck[pos + laid]
        if RANK[card] == JACK:  # back into the rest of the stock, at a random place
            rest = bytearray(deck[pos + laid + 1 :])
            rest.insert(int(rng.random() * (len(rest) + 1)), card)
            deck = deck[: pos + laid] + bytes(rest)
        else:
            table |= BIT[card]
            laid += 1
    return list(deck), table


# What a captured card is worth to a greedy playout: its points plus a share of the clubs bonus.
CARD_VALUE: tuple[float, ...] = tuple(
    (1.0 if RANK[c] in (1, JACK) else 0.0)
    + (3.0 if c == TEN_OF_DIAMONDS.id else 0.0)
    + (2.0 if c == TWO_OF_CLUBS.id else 0.0)
    + (0.6 if c % 4 == 0 else 0.0)  # a club: 7 points shared over the race
    for c in range(52)
)


def mask_value(mask: int) -> float:
    """`CARD_VALUE` summed over a mask."""
    value = 0.0
    while mask:
        low = mask & -mask
        value += CARD_VALUE[low.bit_length() - 1]
        mask ^= low
    return value


def move_value(card: int, taken: int, table: int, sur_points: float, jack_sur: bool) -> float:
    """What a move is worth at once: the cards it takes with the played card, plus
    ``sur_points`` if it empties the table by a sur (pass 0 when a sur would not score now).
    A placed card counts against itself a little: laying down a point card invites its capture.
    """
    if not taken:
        return -0.5 * CARD_VALUE[card]
    value = mask_value(taken | BIT[card])
    if is_sur(RANK[card], table ^ taken, jack_sur):
        value += sur_points
    return value


@dataclass(slots=True)
class Round:
    """A round in play, in the compact form a playout mutates.

    ``hands`` per seat, ``stock`` in dealing order (the next deal gives 4 cards to each seat
    from its front, starting with the seat that led the round), ``captured`` masks per seat,
    ``surs`` every sur by R8 per seat, ``sur_stack`` the sides of the round's scoring surs not
    cancelled, oldest first (`engine.chaharbargh.surs`), ``last`` the last capturer or -1, ``seat`` the
    seat to play, ``totals`` each side's match total before the round (for the sur cut-off).
    """

    hands: list[list[int]]
    table: int
    stock: list[int]
    seat: int
    captured: list[int]
    surs: list[int]
    sur_stack: tuple[int, ...] = ()
    last: int = -1
    totals: tuple[int, ...] = ()


def new_round(cards: list[int], table: int, players: int) -> Round:
    """A round dealt from a `deal_round` deck: seat 0 leads."""
    n = players
    return Round(
        hands=[cards[4 * s : 4 * s + 4] for s in range(n)],
        table=table,
        stock=cards[4 * n + 4 :],
        seat=0,
        captured=[0] * n,
        surs=[0] * n,
    )


def apply_move(state: Round, card: int, taken: int, rules: Rules) -> Round:
    """Make one move (assumed legal) in ``state``; `play_out` deals and ends the round after it."""
    seat = state.seat
    state.hands[seat].remove(card)
    if taken:
        state.table ^= taken
        state.captured[seat] |= taken | BIT[card]
        state.last = seat
        if is_sur(RANK[card], state.table, rules.jack_sur):
            state.surs[seat] += 1
            _score_sur(state, seat, rules)
    else:
        state.table |= BIT[card]
    state.seat = (seat + 1) % rules.players
    return state


def copy_round(state: Round) -> Round:
    """An independent copy of a round, for trying a move in it."""
    return Round(
        [list(hand) for hand in state.hands],
        state.table,
        list(state.stock),
        state.seat,
        list(state.captured),
        list(state.surs),
        state.sur_stack,
        state.last,
        state.totals,
    )


def sur_counts(state: Round, rules: Rules) -> list[int]:
    """The scoring surs each side holds in the round (after cancellations)."""
    return [state.sur_stack.count(side) for side in range(rules.sides)]


def _score_sur(state: Round, seat: int, rules: Rules) -> None:
    """A sur was just made by ``seat``: count it if it scores now (`engine.chaharbargh.surs`)."""
    side = rules.side_of(seat)
    if sur_scores(rules, not state.stock, state.totals[side] if state.totals else 0):
        state.sur_stack = count_sur(state.sur_stack, side, rules.surs_cancel)[0]


def _sur_worth(state: Round, rules: Rules, last_deal: bool) -> list[float]:
    """Per seat: what a sur is worth to its greedy choices in a deal (0 if it would not score)."""
    if rules.sur_cutoff is None:  # no total matters: one answer for every seat, asked once
        return [float(rules.sur_points) if sur_scores(rules, last_deal, 0) else 0.0] * rules.players
    totals = state.totals or (0,) * rules.sides
    return [
        float(rules.sur_points) if sur_scores(rules, last_deal, totals[rules.side_of(seat)]) else 0.0
        for seat in range(rules.players)
    ]


def random_round(
    rng: random.Random,
    rules: Rules = Rules(),
    moves: list[tuple[int, int]] | None = None,
    deal: tuple[list[int], int] | None = None,
) -> tuple[list[int], list[int]]:
    """Deal and play one round with every seat choosing uniformly among its legal moves.

    Returns the cards each seat captured (masks, leftovers included) and the surs each seat
    made by R8, scoring or not; seat 0 leads. ``moves``, if given, receives each move as
    ``(card, taken_mask)`` for tests to check against the public rules; ``deal`` replaces the
    shuffle with a given `deal_round` result.

    It plays the game `play_out` plays at ``randomness=1`` from a fresh deal (with other random
    draws), in a loop of its own: a random round needs no greedy choice, no sur scoring (cut-off,
    cancellation) and no `Round` to hand back, and `play_out` pays for those on every turn. The
    capture options and the sur ranks come from the same tables (`engine.chaharbargh.captures.options`,
    `engine.chaharbargh.surs.SUR_RANKS`). A move is drawn as a whole number below the number of legal
    moves the way `random.randrange` draws one (random bits; a draw past the end is drawn
    again), at a third of the cost of ``int(rng.random() * n)``; a card with a single capture
    option draws nothing.
    """
    n = rules.players
    cards, table = deal_round(rng, n) if deal is None else (list(deal[0]), deal[1])
    chunks = list(map(cards.__getitem__, _CHUNKS))  # every deal's hands, and the table
    masks = [BIT[a] | BIT[b] | BIT[c] | BIT[d] for a, b, c, d in chunks]
    bit_of, unit_of, rank_of, cache = BIT, UNIT, RANK, OPTIONS_CACHE  # locals load faster
    a, b, c, d = chunks[n]  # the table, as `deal_round` lays it
    counts = unit_of[a] + unit_of[b] + unit_of[c] + unit_of[d]
    bits = rng.getrandbits
    whole_hand = rules.forced_capture == "hand"
    any_card = rules.forced_capture == "off"
    sur_rank = SUR_RANKS[rules.jack_sur]
    captured = [0] * n
    surs = [0] * n
    last = -1
    turns = _TURNS[n]
    for first in _DEALS[n]:
        hands = chunks[first : first + n]
        held = masks[first : first + n]  # the hands as dealt; `live` says which cards are left
        live = sum(held)  # every card still in a hand (distinct bits: the sum is their OR)
        for seat, size, width in turns:
            hand = hands[seat]
            try:
                entry = cache[counts]
            except KeyError:
                entry = options(counts)
            capturers = live & entry[CAPTURERS]  # in any hand: on half the turns, none
            if capturers:
                capturers &= held[seat]
            if not capturers:  # nothing to take: any card is placed
                k = bits(width)
                while k >= size:  # uniform below `size`: a draw past the end is drawn again
                    k = bits(width)
                card = hand.pop(k)
                bit = bit_of[card]
                live ^= bit
                table |= bit
                counts += unit_of[card]
                if moves is not None:
                    moves.append((card, 0))
                continue
            if whole_hand and not capturers & (capturers - 1):  # one card must capture
                card = capturers.bit_length() - 1
                total = entry[card]
                k = 0
                if total > 1:
                    width = (total - 1).bit_length()
                    k = bits(width)
                    while k >= total:
                        k = bits(width)
            else:  # number every legal move of the hand, captures first, and draw one
                total = 0
                for card in hand:
                    total += entry[card]
                if not whole_hand:  # a milder forced capture: some cards may also be placed
                    total += size if any_card else size - capturers.bit_count()
                width = (total - 1).bit_length()
                k = bits(width)
                while k >= total:
                    k = bits(width)
                for card in hand:
                    if k < entry[card]:
                        break
                    k -= entry[card]
                else:  # past every capture: the k-th card that may be placed is placed
                    for card in hand:
                        if any_card or not entry[card]:
                            if not k:
                                break
                            k -= 1
                    hand.remove(card)
                    bit = bit_of[card]
                    live ^= bit
                    table |= bit
                    counts += unit_of[card]
                    if moves is not None:
                        moves.append((card, 0))
                    continue
            hand.remove(card)
            bit = bit_of[card]
            live ^= bit
            rank = rank_of[card]
            if rank <= 10:
                direct = entry[53][rank]
                if direct is not None:
                    taken, delta = direct[k]
                    taken &= table
                else:
                    taken, delta = capture(card, table, entry, k)
                counts -= delta
            elif rank == JACK:
                taken = table & SWEEP_MASK
                counts &= ~SWEEP_MASK
            else:
                shift = 4 * rank - 4
                taken = SUBSETS[(table >> shift) & 15][1][k] << shift
                counts -= unit_of[card]
            table ^= taken
            captured[seat] |= taken | bit
            last = seat
            if not table and sur_rank[rank]:  # `engine.chaharbargh.surs.is_sur`, inlined
                surs[seat] += 1
            if moves is not None:
                moves.append((card, taken))
    if last >= 0:  # R9: the leftovers go to the last capturer
        captured[last] |= table
    return captured, surs


# For `random_round`: a `deal_round` deck cut into its 13 groups of 4 cards (the first deal's
# hands, the table, then each later deal's hands); per number of players, each turn of a deal
# as (seat, cards in its hand, random bits that number needs) and the group of each deal's
# first hand.
_CHUNKS = tuple(slice(i, i + 4) for i in range(0, 52, 4))
_TURNS = {
    n: tuple((seat, size, (size - 1).bit_length()) for size in (4, 3, 2, 1) for seat in range(n)) for n in (2, 3, 4)
}
_DEALS = {n: tuple(n * deal + (1 if deal else 0) for deal in range(12 // n)) for n in (2, 3, 4)}


def play_out(
    state: Round,
    rng: random.Random,
    rules: Rules,
    randomness: float,
    moves: list[tuple[int, int]] | None = None,
    deal_only: bool = False,
) -> Round:
    """Play ``state`` to the end of the round (leftovers included) and return it, changed;
    with ``deal_only``, stop when the hands are empty and cards are still to be dealt.

    Each move is chosen uniformly among the legal moves with probability ``randomness``, else
    greedily: the capture worth most by `CARD_VALUE` (a sur counts its points), or when nothing
    can be taken the placeable card worth least. ``randomness=1`` is the uniform random player.
    Surs are counted by `engine.chaharbargh.surs` (cut-off and cancellation included); scoring the result
    is `engine.chaharbargh.scoring.side_totals` or `deal_values`.
    """
    rnd = rng.random
    n = rules.players
    whole_hand = rules.forced_capture == "hand"
    per_card = rules.forced_capture == "card"
    jack_sur = rules.jack_sur
    table = state.table
    counts = counts_of(table)
    hands, stock, captured, surs = state.hands, state.stock, state.captured, state.surs
    last = state.last
    seat = state.seat
    following = tuple((s + 1) % n for s in range(n))
    sur_before_last, sur_in_last_deal = _sur_worth(state, rules, False), _sur_worth(state, rules, True)
    sur_stack, cancel, sur_rank = state.sur_stack, rules.surs_cancel, SUR_RANKS[jack_sur]
    cached = OPTIONS_CACHE.get
    hand_cards = 4 * n
    while True:
        held = [sum(map(BIT.__getitem__, hand)) for hand in hands]  # distinct bits: sum is OR
        sur_now = sur_in_last_deal if not stock else sur_before_last
        for _ in range(sum(map(len, hands))):
            hand = hands[seat]
            entry = cached(counts) or options(counts)
            capturers = held[seat] & entry[CAPTURERS]
            if capturers:
                greedy = rnd() >= randomness
                if greedy or (whole_hand and not capturers & (capturers - 1)):
                    if greedy:
                        reply = following[seat]
                        card, k = _best_capture(
                            hand, table, counts, entry, held[reply], sur_now[seat], sur_now[reply], jack_sur
                        )
                    else:  # one capturing card: choose among its capture sets
                        card = capturers.bit_length() - 1
                        k = int(rnd() * entry[card])
                else:
                    total = 0
                    for card in hand:
                        total += entry[card]
                    if whole_hand:
                        places = 0
                    elif per_card:
                        places = sum(1 for c in hand if not entry[c])
                    else:
                        places = len(hand)
                    k = int(rnd() * (total + places))
                    if k >= total:  # placing, allowed by a milder forced-capture rule
                        k -= total
                        for card in hand:
                            if not (per_card and entry[card]):
                                if not k:
                                    break
                                k -= 1
                        hand.remove(card)
                        held[seat] ^= BIT[card]
                        table |= BIT[card]
                        counts += UNIT[card]
                        if moves is not None:
                            moves.append((card, 0))
                        seat = following[seat]
                        continue
                    for card in hand:
                        if k < entry[card]:
                            break
                        k -= entry[card]
                hand.remove(card)
                held[seat] ^= BIT[card]
                rank = RANK[card]
                if rank <= 10:
                    direct = entry[53][rank]
                    if direct is not None:
                        taken, delta = direct[k]
                        taken &= table
                    else:
                        taken, delta = capture(card, table, entry, k)
                    counts -= delta
                elif rank == JACK:
                    taken = table & SWEEP_MASK
                    counts &= ~SWEEP_MASK
                else:
                    shift = 4 * rank - 4
                    taken = SUBSETS[(table >> shift) & 15][1][k] << shift
                    counts -= UNIT[card]
                table ^= taken
                captured[seat] |= taken | BIT[card]
                last = seat
                if not table and sur_rank[rank]:  # `engine.chaharbargh.surs.is_sur`, inlined: a hot loop
                    surs[seat] += 1
                    if sur_now[seat]:  # it scores: `sur_now` is worked out by `sur_scores` above
                        sur_stack = count_sur(sur_stack, rules.side_of(seat), cancel)[0]
            else:
                if rnd() < randomness:
                    card = hand.pop(int(rnd() * len(hand)))
                else:
                    card = _safest_placement(hand, counts, held[following[seat]], sur_now[following[seat]])
                    hand.remove(card)
                held[seat] ^= BIT[card]
                table |= BIT[card]
                counts += UNIT[card]
                taken = 0
            if moves is not None:
                moves.append((card, taken))
            seat = following[seat]
        if not stock or deal_only:
            break
        for s in range(n):  # the next deal, starting with the seat to play (who led the round)
            at = 4 * ((s - seat) % n)
            hands[s] = stock[at : at + 4]
        del stock[:hand_cards]
    if last >= 0 and not stock:
        captured[last] |= table
        table = 0
    state.table, state.seat, state.last, state.sur_stack = table, seat, last, sur_stack
    return state


def scored_playout(
    state: Round, rng: random.Random, rules: Rules, randomness: float, deal_only: bool
) -> Sequence[float]:
    """Each side's points once ``state`` is played out (`play_out`, changing it): the deal's value
    (`engine.chaharbargh.scoring.deal_values`) when it stopped at the end of a deal, else the round's
    points (`side_totals`). The one way the searches score a sampled world."""
    play_out(state, rng, rules, randomness, deal_only=deal_only)
    score = deal_values if deal_only else side_totals
    return score(rules, state.captured, sur_counts(state, rules))


def _best_capture(
    hand: list[int],
    table: int,
    counts: int,
    entry: tuple[Any, ...],
    reply: int,
    sur_value: float,
    threat: float,
    jack_sur: bool,
) -> tuple[int, int]:
    """The greedy playout's capture: the (card, option) worth most, counting a sur's points
    (``sur_value``: what a sur is worth to the mover) and, against them, a sur the next player
    (holding ``reply``) could make on what is left (``threat``: what it is worth to that player)."""
    best_value = -1e9
    best = (hand[0], 0)
    for card in hand:
        for k in range(entry[card]):
            taken, delta = capture(card, table, entry, k)
            value = move_value(card, taken, table, sur_value, jack_sur)
            if taken != table:
                left = counts - delta
                if (OPTIONS_CACHE.get(left) or options(left))[SWEEPERS] & reply:
                    value -= threat
            if value > best_value:
                best_value, best = value, (card, k)
    return best


def _safest_placement(hand: list[int], counts: int, reply: int, threat: float) -> int:
    """The greedy playout's placement: the card whose loss costs least, avoiding tables on
    which the next player (holding ``reply``) could take it or make a sur (worth ``threat`` to it)."""
    best_cost = 1e9
    best = hand[0]
    for card in hand:
        after = counts + UNIT[card]
        entry = OPTIONS_CACHE.get(after) or options(after)
        cost = CARD_VALUE[card] * (1.0 if entry[CAPTURERS] & reply else 0.3)
        if entry[SWEEPERS] & reply:
            cost += threat
        if cost < best_cost:
            best_cost, best = cost, card
    return best
