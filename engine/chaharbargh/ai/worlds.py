"""Card counting and inference from one seat's view, and sampling the worlds it cannot tell apart.

Everything here starts from an `Observation`, so nothing can use a hidden card. The unseen
cards are the 52 minus the seat's hand, the table, and every card played or taken this round.
Under whole-hand forced capture a placed card is evidence: when a player placed a card, no card
then in its hand could capture. Cards stay in a hand for the whole deal, so every card in an
opponent's hand now must have been unable to capture on the table of each of its placements
in this deal; `Evidence` keeps, per seat, the mask of cards that this rules out.

>>> from engine.chaharbargh.match import new_match
>>> from engine.chaharbargh.observation import observation
>>> import random
>>> view = observation(new_match(4), 0)
>>> world = sample_world(view, Evidence.of(view), random.Random(1))
>>> len(world.hands[1]), len(world.stock), world.hands[0] == [c.id for c in view.hand]
(4, 40, True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from engine.cards import ids_of, mask_of
from engine.chaharbargh.ai.playout import Round, move_value
from engine.chaharbargh.captures import BIT, CAPTURERS, counts_of, options
from engine.chaharbargh.moves import legal_move_ids
from engine.chaharbargh.observation import Observation
from engine.chaharbargh.surs import sur_scores

ALL_CARDS = (1 << 52) - 1


def seen_mask(view: Observation) -> int:
    """Every card this seat has seen this round or holds. The piles are counted too: in play
    every card of a pile was seen when it was taken, but a position set up by hand
    (`from_position`) has piles without the moves that made them."""
    seen = mask_of(c.id for c in view.hand) | mask_of(c.id for c in view.table)
    seen |= mask_of(c.id for c in view.first_table)
    for pile in view.captured:
        seen |= mask_of(c.id for c in pile)
    for played in view.moves:
        seen |= BIT[played.move.card.id] | played.move.takes_mask
    return seen


def tables_before_moves(view: Observation) -> list[int]:
    """The table (as a mask) just before each move of this round."""
    table = mask_of(c.id for c in view.first_table)
    tables = []
    for played in view.moves:
        tables.append(table)
        if played.move.takes:
            table &= ~played.move.takes_mask
        else:
            table |= BIT[played.move.card.id]
    return tables


@dataclass(frozen=True, slots=True)
class Evidence:
    """Per seat, the cards it cannot hold now (they could have captured when it placed)."""

    ruled_out: tuple[int, ...]

    @staticmethod
    def of(view: Observation) -> Evidence:
        n = view.rules.players
        ruled_out = [0] * n
        if view.rules.forced_capture == "hand":
            tables = tables_before_moves(view)
            for index in range(view.deal_start, len(view.moves)):
                played = view.moves[index]
                if not played.move.takes:
                    ruled_out[played.seat] |= options(counts_of(tables[index]))[CAPTURERS]
        return Evidence(tuple(ruled_out))


def sur_value_now(view: Observation, seat: int | None = None) -> float:
    """What a sur by ``seat`` (the view's own by default) scores in the deal in play
    (`engine.chaharbargh.surs.sur_scores`; during a round the totals are those it started with)."""
    rules = view.rules
    side = rules.side_of(view.seat if seat is None else seat)
    scores = sur_scores(rules, view.stock_count == 0, view.totals[side])
    return float(rules.sur_points) if scores else 0.0


def sample_world(view: Observation, evidence: Evidence, rng: random.Random) -> Round:
    """A full round position agreeing with everything ``view`` shows and ``evidence`` implies.

    Opponents' hands are drawn uniformly from the unseen cards each may hold (face-up cards
    stay where they are); the rest, shuffled, is the stock.
    """
    n = view.rules.players
    unseen = ALL_CARDS & ~seen_mask(view)
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[view.seat] = [c.id for c in view.hand]
    for seat in range(n):
        if seat != view.seat:
            shown = [c.id for c in view.revealed[seat]]
            hands[seat] = shown
            unseen &= ~mask_of(shown)
    pool = ids_of(unseen)
    # The most constrained opponents choose first, so a tight one is not left without cards.
    order = sorted((s for s in range(n) if s != view.seat), key=lambda s: -(evidence.ruled_out[s] & unseen).bit_count())
    for seat in order:
        need = view.hand_counts[seat] - len(hands[seat])
        allowed = [c for c in pool if not evidence.ruled_out[seat] >> c & 1]
        if len(allowed) < need:  # cannot happen in real play; never fail a move over it
            allowed = pool
        chosen = rng.sample(allowed, need)
        hands[seat].extend(chosen)
        taken = mask_of(chosen)
        pool = [c for c in pool if not taken >> c & 1]
    rng.shuffle(pool)
    del pool[view.stock_count :]  # in play nothing is left over; a position set up by hand may hold fewer cards
    captured = [mask_of(c.id for c in cards) for cards in view.captured]
    return Round(
        hands=hands,
        table=mask_of(c.id for c in view.table),
        stock=pool,
        seat=view.turn,
        captured=captured,
        surs=[0] * n,
        # Only the count per side matters here: under surs-cancel a new sur cancels one of
        # another side first, so the uncancelled ones all belong to one side at any time.
        sur_stack=tuple(side for side, count in enumerate(view.surs) for _ in range(count)),
        last=view.last_capturer if view.last_capturer is not None else -1,
        totals=view.totals,
    )


@dataclass(frozen=True, slots=True)
class Decision:
    """An opponent's move earlier in this deal, with what is needed to replay its choice."""

    seat: int
    table: int
    card: int
    taken: int
    played_since: tuple[int, ...]  # the cards this seat played from this move on in the deal


class Behaviour:
    """How likely each sampled hand makes the opponents' moves of this deal.

    Players tend to take what is worth most; a hand with which the opponent would have passed
    up a far better move (a sur, the 10 of diamonds) is less likely than one without. Each past
    decision multiplies a world's weight by exp(-sharpness * (best value - chosen value)), the
    values being what each legal move takes at once (`engine.chaharbargh.ai.playout.move_value`).
    """

    def __init__(self, view: Observation, sharpness: float = 1.5) -> None:
        self.view = view
        self.sharpness = sharpness
        tables = tables_before_moves(view)
        moves = view.moves
        self.decisions = [
            Decision(
                seat=moves[i].seat,
                table=tables[i],
                card=moves[i].move.card.id,
                taken=moves[i].move.takes_mask,
                played_since=tuple(p.move.card.id for p in moves[i:] if p.seat == moves[i].seat),
            )
            for i in range(view.deal_start, len(moves))
            if moves[i].seat != view.seat
        ]

    def weight(self, world: Round) -> float:
        if not self.decisions:
            return 1.0
        rules = self.view.rules
        regret = 0.0
        for d in self.decisions:
            sur = sur_value_now(self.view, d.seat)  # what a sur was worth to the seat that chose
            hand = list(world.hands[d.seat]) + list(d.played_since)
            legal = legal_move_ids(hand, d.table, rules.forced_capture)
            best = max(move_value(card, taken, d.table, sur, rules.jack_sur) for card, taken in legal)
            regret += best - move_value(d.card, d.taken, d.table, sur, rules.jack_sur)
        return math.exp(-self.sharpness * regret)
