"""Fast playouts: whole rounds played on the compact form, for benchmarks and computer players.

The public `MatchState` is convenient and safe; a search that plays thousands of rounds per
move needs less. Here a round is plain ints and lists: the table a 52-bit mask plus its count
vector, hands lists of card ids, captures masks per seat. Capture options come from
`engine.captures.options`, the same source the public legal moves use, and a test checks that
every move chosen here is one of `legal_moves`.

>>> import random
>>> captured, surs = random_round(random.Random(1))
>>> sum((m).bit_count() for m in captured)
52
"""

from __future__ import annotations

import random
from array import array

from engine.captures import BIT, CAPTURERS, OPTIONS_CACHE, RANK, SUBSETS, SWEEP_MASK, UNIT, capture, options
from engine.cards import JACK
from engine.rules import Rules

_CARD_BYTES = bytes(range(52))
_KEEP_LOW_6 = bytes(b & 63 for b in range(256))


def shuffled_deck(rng: random.Random) -> bytes:
    """A shuffled deck as 52 card-id bytes, in a few C-level steps.

    Each card gets a 22-bit random sort key (its id rides in the low byte of a 30-bit int, so
    sorting stays on small ints). Two equal keys, the only departure from a uniform shuffle,
    leave two cards in id order; that happens in about 1 deck in 3,000 and moves one pair.
    The dealt matches use `random.shuffle`; this is for playouts, where speed matters.
    """
    keys = bytearray(rng.randbytes(208))
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


def random_round(
    rng: random.Random,
    rules: Rules = Rules(),
    moves: list[tuple[int, int]] | None = None,
    deal: tuple[list[int], int] | None = None,
) -> tuple[list[int], list[int]]:
    """Deal and play one round with every seat choosing uniformly among its legal moves.

    Returns the cards each seat captured (masks, leftovers included) and the surs each seat
    made by R8, scoring or not; seat 0 leads. Only the capture rules and forced capture shape
    play here; what a sur is worth is scoring's business. ``moves``, if given, receives each
    move as ``(card, taken_mask)`` for tests to check against the public rules; ``deal``
    replaces the shuffle with a given `deal_round` result.
    """
    rnd = rng.random
    n = rules.players
    whole_hand = rules.forced_capture == "hand"
    per_card = rules.forced_capture == "card"
    jack_sur = rules.jack_sur
    cards, table = deal_round(rng, n) if deal is None else (list(deal[0]), deal[1])
    counts = 0
    for card in cards[4 * n : 4 * n + 4]:
        counts += UNIT[card]
    hand_cards = 4 * n
    captured = [0] * n
    surs = [0] * n
    last = -1
    seat = 0
    following = tuple((s + 1) % n for s in range(n))
    cached = OPTIONS_CACHE.get
    starts = [0] + [4 * n + 4 + hand_cards * d for d in range(rules.deals_per_round - 1)]
    for start in starts:
        hands = []
        held = []
        for at in range(start, start + hand_cards, 4):
            hand = cards[at : at + 4]
            hands.append(hand)
            held.append(BIT[hand[0]] | BIT[hand[1]] | BIT[hand[2]] | BIT[hand[3]])
        for _ in range(hand_cards):
            hand = hands[seat]
            entry = cached(counts) or options(counts)
            capturers = held[seat] & entry[CAPTURERS]
            if capturers:
                if whole_hand and not capturers & (capturers - 1):
                    # one capturing card: choose among its capture sets
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
                if not table and (rank != JACK or jack_sur):
                    surs[seat] += 1
            else:
                card = hand.pop(int(rnd() * len(hand)))
                held[seat] ^= BIT[card]
                table |= BIT[card]
                counts += UNIT[card]
                taken = 0
            if moves is not None:
                moves.append((card, taken))
            seat = following[seat]
    if last >= 0:
        captured[last] |= table
    return captured, surs
