"""A whole match as an immutable state: deals, turns, surs, round ends, totals and the winner.

>>> state = new_match(7)
>>> state.turn, len(state.hand(0)), len(state.table), state.stock_count
(0, 4, 4, 40)
>>> after = state.apply(state.legal_moves()[0])
>>> after.turn, after.ply, state.ply
(1, 1, 0)

Each round's deck comes from ``random.Random(f"chaharbargh/{seed}/{round}")``, so a match is
reproducible from its seed, its rules and its moves (see `engine.records`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from engine.captures import RANK
from engine.cards import CARDS, JACK, KING, QUEEN, Card, ids_of, mask_of
from engine.events import Event, deal_into_hands, deal_round, pile
from engine.events import hand as in_hand
from engine.moves import IllegalMove, Move, Reason, card_sum, legal_move_ids
from engine.rules import Rules
from engine.scoring import RoundScore, score_round, side_masks
from engine.surs import count_sur, is_sur, sur_scores

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Deal:
    """Cards given out at the start of a deal: hands per seat, and the table on the first deal;
    ``at`` is how many moves of the round had been made when it was dealt."""

    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...] = ()
    at: int = 0


@dataclass(frozen=True, slots=True)
class PlayedMove:
    """A move as it happened: who played it, whether it emptied the table by a sur (R8), and
    whether that sur scores (not in the last deal, nor past a sur cutoff, unless the rules say)."""

    seat: int
    move: Move
    sur: bool
    scores: bool = False


@dataclass(frozen=True, slots=True)
class Leftover:
    """The cards left on the table at the end of a round and the seat that took them (R9)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class RoundLog:
    """One round so far: its dealer, deals, moves, and once over its leftover, score sheets and
    each side's pile (every card it took, the leftover included; `piles`)."""

    dealer: int
    deals: tuple[Deal, ...]
    moves: tuple[PlayedMove, ...] = ()
    leftover: Leftover | None = None
    score: tuple[RoundScore, ...] | None = None
    piles: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the last move did, for the UI to show: the move, its sur, a new deal, a round end."""

    seat: int
    move: Move
    sur: bool = False
    sur_scored: bool = False
    sur_cancelled: int | None = None  # the side whose sur this one cancelled (surs_cancel)
    round_over: RoundLog | None = None
    dealt: bool = False  # new cards were dealt (a deal or a new round) after the move
    match_over: bool = False
    events: tuple[Event, ...] = ()  # what physically happened, in order (`engine.events`)
    table: tuple[Card, ...] = ()  # the table right after the move, before a round end clears it
    face_up: frozenset[Card] = frozenset()  # open hand: the cards shown after the move

    def events_for(self, seat: int) -> tuple[Event, ...]:
        """The events as ``seat`` may see them: the only form a seat's screen may get."""
        return tuple(event.seen_by(seat, self.face_up) for event in self.events)


@dataclass(frozen=True, slots=True)
class MatchState:
    """A match between seats 0..players-1. Build one with `new_match`; never mutate it.

    Hands, table and stock hold card ids (use the `hand`, `table_cards` helpers for `Card`s);
    captured cards are masks per seat for the round in play.
    """

    rules: Rules
    seed: int
    round_no: int
    deal_no: int
    turn: int
    hands: tuple[tuple[int, ...], ...]
    table: tuple[int, ...]
    stock: tuple[int, ...]
    captured: tuple[int, ...]
    last_capturer: int | None
    sur_stack: tuple[int, ...]  # sides of this round's scoring surs not (yet) cancelled, oldest first
    revealed: int  # open hand: mask of face-up cards still in hands
    start_totals: tuple[int, ...]
    totals: tuple[int, ...]
    rounds: tuple[RoundLog, ...]  # finished rounds
    current: RoundLog
    winner: int | None = None
    last: Outcome | None = None
    _legal: list[tuple[int, int]] | None = field(default=None, init=False, repr=False, compare=False)  # once

    # --- reading the position -------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def dealer(self) -> int:
        return self.current.dealer

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def ply(self) -> int:
        """Moves made in the whole match so far; a move form carries it for compare-and-set."""
        done = sum(len(r.moves) for r in self.rounds)
        return done if self.finished else done + len(self.current.moves)  # once over, current is rounds[-1]

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    @property
    def last_deal(self) -> bool:
        return self.deal_no == self.rules.deals_per_round - 1

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self.hands[seat])

    @property
    def table_cards(self) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self.table)

    def captured_cards(self, seat: int) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in ids_of(self.captured[seat]))

    def surs(self) -> tuple[int, ...]:
        """Scoring surs per side in the round so far (after cancellations)."""
        return tuple(self.sur_stack.count(side) for side in range(self.rules.sides))

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to play (none once the match is over)."""
        if self.finished:
            return []
        return [Move(CARDS[card], frozenset(CARDS[i] for i in ids_of(taken))) for card, taken in self._legal_ids()]

    def _legal_ids(self) -> list[tuple[int, int]]:
        """`legal_move_ids` of this position, worked out once: `legal_moves` and `apply` both need them."""
        if self._legal is None:
            legal = legal_move_ids(self.hands[self.turn], mask_of(self.table), self.rules.forced_capture)
            object.__setattr__(self, "_legal", legal)  # a cache of a value fixed by the fields: still immutable
            return legal
        return self._legal

    # --- playing ---------------------------------------------------------------------------

    def apply(self, move: Move) -> MatchState:
        """The state after the seat to play makes ``move``; `IllegalMove` if it may not."""
        if self.finished:
            raise IllegalMove("the match is over", Reason.MATCH_OVER)
        if not isinstance(move, Move):
            raise IllegalMove(f"not a move: {move!r}", Reason.NOT_A_MOVE)
        card, taken = move.card.id, move.takes_mask
        seat, rules = self.turn, self.rules
        if card not in self.hands[seat]:
            raise IllegalMove(f"{move.card} is not in the hand of seat {seat}", Reason.NOT_IN_HAND)
        legal = self._legal_ids()
        if (card, taken) not in legal:
            raise _why_illegal(move, legal, self.table)

        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        captured, last_capturer, sur_stack = self.captured, self.last_capturer, self.sur_stack
        sur = scored = False
        cancelled = None
        events = [Event("play", seat, (move.card,), in_hand(seat), "table")]
        if taken:
            side = rules.side_of(seat)
            took = tuple(CARDS[c] for c in self.table if taken >> c & 1)
            kind = "sweep" if RANK[card] == JACK else "capture"
            events.append(Event(kind, seat, (move.card, *took), "table", pile(side)))
            table = tuple(c for c in self.table if not taken >> c & 1)
            captured = _add(captured, seat, taken | 1 << card)
            last_capturer = seat
            sur = is_sur(RANK[card], len(table), rules.jack_sur)
            if sur:
                events.append(Event("sur", seat))
            scored = sur and sur_scores(rules, self.last_deal, self.start_totals[side])
            if scored:
                sur_stack, cancelled = count_sur(sur_stack, side, rules.surs_cancel)
        else:
            table = self.table + (card,)
        played = PlayedMove(seat, move, sur, scored)
        revealed = self.revealed & ~(1 << card)
        table_after = tuple(CARDS[c] for c in table)
        changes = {
            "turn": (seat + 1) % rules.players,
            "hands": tuple(hands),
            "table": table,
            "captured": captured,
            "last_capturer": last_capturer,
            "sur_stack": sur_stack,
            "revealed": revealed,
            "current": _evolve(self.current, moves=self.current.moves + (played,)),
        }
        if any(hands):  # the common case: one copy of the state, its outcome complete
            last = Outcome(
                seat, move, sur, scored, cancelled, events=tuple(events), table=table_after, face_up=_shown(revealed)
            )
            return self._next(**changes, last=last)
        outcome = Outcome(seat, move, sur, scored, cancelled, table=table_after)
        state = self._next(**changes)
        if state.stock:
            dealt = state._deal()
            events += deal_into_hands(dealt.dealer, dealt.current.deals[-1].hands)
            return dealt._told(replace(outcome, dealt=True), events)
        return state._end_round(outcome, events)

    def _told(self, outcome: Outcome, events: list[Event]) -> MatchState:
        """This state with ``outcome`` as its `last`, carrying the move's events."""
        return self._next(last=_evolve(outcome, events=tuple(events), face_up=_shown(self.revealed)))

    def _next(self, **changes: Any) -> MatchState:
        """A copy of this state with ``changes``; its legal moves are worked out afresh."""
        return _evolve(self, _legal=None, **changes)

    @property
    def opening(self) -> tuple[Event, ...]:
        """The events of the round in play's first deal, onto a board whose stock holds every card."""
        first = self.current.deals[0]
        return tuple(deal_round(self.dealer, first.hands, first.table))

    # --- dealing and round ends -------------------------------------------------------------

    def _deal(self) -> MatchState:
        """Give four cards from the stock to each seat, starting left of the dealer."""
        n = self.rules.players
        first = (self.dealer + 1) % n
        hands: list[tuple[int, ...]] = [()] * n
        for i in range(n):
            hands[(first + i) % n] = self.stock[4 * i : 4 * i + 4]
        deal = Deal(tuple(tuple(CARDS[c] for c in h) for h in hands), (), len(self.current.moves))
        return replace(
            self,
            deal_no=self.deal_no + 1,
            hands=tuple(hands),
            stock=self.stock[4 * n :],
            revealed=self._reveal(hands),
            current=replace(self.current, deals=self.current.deals + (deal,)),
        )

    def _reveal(self, hands: list[tuple[int, ...]]) -> int:
        # Open hand: each seat turns up the first card dealt to it.
        return mask_of(h[0] for h in hands) if self.rules.open_hand else 0

    def _end_round(self, outcome: Outcome, events: list[Event]) -> MatchState:
        rules = self.rules
        captured, leftover = self.captured, None
        if self.table and self.last_capturer is not None:
            captured = _add(captured, self.last_capturer, mask_of(self.table))
            leftover = Leftover(self.last_capturer, self.table_cards)
            to = pile(rules.side_of(self.last_capturer))
            events.append(Event("leftover", self.last_capturer, self.table_cards, "table", to))
        events.append(Event("round_end", None))
        piles = side_masks(rules, list(captured))
        score = score_round(rules, piles, list(self.surs()))
        pile_cards = tuple(tuple(CARDS[c] for c in ids_of(mask)) for mask in piles)
        log = replace(self.current, leftover=leftover, score=score, piles=pile_cards)
        totals = tuple(t + s.total for t, s in zip(self.totals, score, strict=True))
        best = max(totals)
        winner = None
        if best >= rules.target and totals.count(best) == 1:
            winner = totals.index(best)
        done = replace(self, totals=totals, rounds=self.rounds + (log,))
        if winner is not None:
            over = replace(done, captured=captured, table=(), current=log, winner=winner)
            events.append(Event("match_end", winner))
            return over._told(replace(outcome, round_over=log, match_over=True), events)
        nxt = _start_round(rules, self.seed, self.round_no + 1, totals, done.rounds)
        # the new dealer gathers the deck: every pile, and the table if nobody could take it
        for side, mask in enumerate(piles):
            if mask:
                events.append(Event("deal", nxt.dealer, tuple(CARDS[c] for c in ids_of(mask)), pile(side), "stock"))
        if leftover is None and self.table:
            events.append(Event("deal", nxt.dealer, self.table_cards, "table", "stock"))
        events += nxt.opening
        return nxt._told(replace(outcome, round_over=log, dealt=True), events)

    # --- positions as text (engine/position.py) --------------------------------------------

    def to_text(self) -> str:
        """The position as one line of ``chaharbargh-position/1`` text (docs/engine.md)."""
        from engine.position import to_text

        return to_text(self)

    @staticmethod
    def from_text(text: str) -> MatchState:
        """The state a `to_text` line describes; `engine.position.PositionError` if malformed."""
        from engine.position import from_text

        return from_text(text)


def new_match(seed: int, rules: Rules = Rules()) -> MatchState:
    """A new match from a seed: round one dealt, the seat left of the dealer to play."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"the seed must be a whole number >= 0, not {seed!r}")
    if not isinstance(rules, Rules):
        raise TypeError("rules must be a Rules value")
    return _start_round(rules, seed, 0, (0,) * rules.sides, ())


def from_position(
    hands: Sequence[Iterable[Card | str]],
    table: Iterable[Card | str],
    rules: Rules = Rules(),
    *,
    stock: Iterable[Card | str] = (),
    turn: int = 0,
    captured: Sequence[Iterable[Card | str]] = (),
    last_capturer: int | None = None,
    surs: Sequence[int] = (),
    totals: Sequence[int] | None = None,
    seed: int = 0,
) -> MatchState:
    """A match state in a chosen position, for lessons, rule examples and tests.

    ``hands`` per seat, ``table``, ``stock`` (in dealing order; its size fixes which deal this
    is: an empty stock is the last deal), ``captured`` per seat earlier in the round,
    ``surs`` the sides holding scoring surs this round (oldest first) and ``totals`` the match
    totals at the start of the round. A position need not hold all 52 cards; every card must
    appear at most once. ``seed`` only decides the later rounds' decks.

    >>> state = from_position([["7C", "QH"], ["2D"]], ["4D", "KS"])
    >>> [str(m) for m in state.legal_moves()]
    ['7C+4D']
    """
    n = rules.players

    def ids(cards: Iterable[Card | str]) -> tuple[int, ...]:
        return tuple((c if isinstance(c, Card) else Card.parse(c)).id for c in cards)

    hand_ids = [ids(h) for h in hands] + [()] * (n - len(hands))
    pile_ids = [ids(p) for p in captured] + [()] * (n - len(captured))
    table_ids, stock_ids = ids(table), ids(stock)
    every = [c for part in (*hand_ids, *pile_ids, table_ids, stock_ids) for c in part]
    if len(hand_ids) != n or len(pile_ids) != n:
        raise ValueError(f"a {n}-player position needs at most {n} hands and {n} piles")
    if len(every) != len(set(every)):
        raise ValueError("a card appears twice in the position")
    if any(len(h) > 4 for h in hand_ids) or len(stock_ids) % (4 * n):
        raise ValueError("hands hold at most 4 cards and the stock whole deals of 4 per seat")
    deals_left = len(stock_ids) // (4 * n)
    if deals_left >= rules.deals_per_round or not 0 <= turn < n:
        raise ValueError("the stock is too big for a deal in play, or no such seat")
    start = tuple(totals) if totals is not None else (0,) * rules.sides
    hands_dealt = tuple(tuple(CARDS[c] for c in h) for h in hand_ids)
    return MatchState(
        rules=rules,
        seed=seed,
        round_no=0,
        deal_no=rules.deals_per_round - 1 - deals_left,
        turn=turn,
        hands=tuple(hand_ids),
        table=table_ids,
        stock=stock_ids,
        captured=tuple(mask_of(p) for p in pile_ids),
        last_capturer=last_capturer,
        sur_stack=tuple(surs),
        revealed=0,
        start_totals=start,
        totals=start,
        rounds=(),
        current=RoundLog((turn - 1) % n, (Deal(hands_dealt, tuple(CARDS[c] for c in table_ids)),)),
    )


def round_deck(seed: int, round_no: int) -> tuple[random.Random, list[int]]:
    """The shuffled deck of a round and the generator that keeps dealing it (R1)."""
    rng = random.Random(f"chaharbargh/{seed}/{round_no}")
    deck = list(range(52))
    rng.shuffle(deck)
    return rng, deck


def _start_round(
    rules: Rules, seed: int, round_no: int, totals: tuple[int, ...], rounds: tuple[RoundLog, ...]
) -> MatchState:
    n = rules.players
    dealer = (n - 1 + round_no) % n  # round one: the last seat deals, seat 0 leads
    first = (dealer + 1) % n
    rng, deck = round_deck(seed, round_no)
    hands: list[tuple[int, ...]] = [()] * n
    for i in range(n):
        hands[(first + i) % n] = tuple(deck[4 * i : 4 * i + 4])
    stock = deck[4 * n :]
    table: list[int] = []
    while len(table) < 4:
        card = stock.pop(0)
        if RANK[card] == JACK:  # R1: a jack may not lie on the first table; back into the stock
            stock.append(card)
            rng.shuffle(stock)
        else:
            table.append(card)
    deal = Deal(tuple(tuple(CARDS[c] for c in h) for h in hands), tuple(CARDS[c] for c in table))
    state = MatchState(
        rules=rules,
        seed=seed,
        round_no=round_no,
        deal_no=0,
        turn=first,
        hands=tuple(hands),
        table=tuple(table),
        stock=tuple(stock),
        captured=(0,) * n,
        last_capturer=None,
        sur_stack=(),
        revealed=0,
        start_totals=totals,
        totals=totals,
        rounds=rounds,
        current=RoundLog(dealer, (deal,)),
    )
    return replace(state, revealed=state._reveal(hands))


def _evolve(value: T, **changes: Any) -> T:
    """`dataclasses.replace` for the frozen, slotted values of the hot path, without its checks
    (none of them has a ``__post_init__``): several times faster, and a move makes a few.

    >>> _evolve(Leftover(0, ()), seat=1)
    Leftover(seat=1, cards=())
    """
    new = object.__new__(type(value))
    for name in getattr(type(value), "__slots__"):  # noqa: B009 - T is any slotted dataclass
        object.__setattr__(new, name, changes[name] if name in changes else getattr(value, name))
    return new


def _shown(revealed: int) -> frozenset[Card]:
    """The face-up cards of a `revealed` mask (open hand); none without it."""
    return frozenset(CARDS[c] for c in ids_of(revealed)) if revealed else frozenset()


def _add(masks: tuple[int, ...], seat: int, mask: int) -> tuple[int, ...]:
    return masks[:seat] + (masks[seat] | mask,) + masks[seat + 1 :]


def _why_illegal(move: Move, legal: list[tuple[int, int]], table: tuple[int, ...]) -> IllegalMove:
    """The rule a move breaks, for a move not among the ``legal`` ones on ``table``."""
    card = move.card
    options = [taken for c, taken in legal if c == card.id]
    if not options:
        return IllegalMove(f"{card} may not be played now: another card in the hand must capture", Reason.MUST_CAPTURE)
    if move.places:
        return IllegalMove(f"{card} can capture, so it may not be placed", Reason.CARD_MUST_CAPTURE)
    missing = tuple(sorted((c for c in move.takes if c.id not in table), key=lambda c: c.id))
    if missing:
        names = " ".join(str(c) for c in missing)
        return IllegalMove(f"not on the table: {names}", Reason.NOT_ON_TABLE, cards=missing)
    exactly = ""
    if 0 not in options and len(options) == 1:
        exactly = "; it takes exactly: " + " ".join(str(CARDS[c]) for c in ids_of(options[0]))
    if card.rank == JACK:
        return IllegalMove(f"a jack takes every number card and jack on the table{exactly}", Reason.JACK_SWEEP)
    if card.rank in (QUEEN, KING):
        reason = Reason.KING_TAKES_KING if card.rank == KING else Reason.QUEEN_TAKES_QUEEN
        return IllegalMove(f"{card} takes exactly one card of its rank{exactly}", reason)
    if not all(c.is_number for c in move.takes):
        return IllegalMove(f"jacks, queens and kings are never part of a sum{exactly}", Reason.FACE_IN_SUM)
    total = card_sum((card, *move.takes))
    if total != 11:
        message = f"{card} cannot take that set: it makes {total}, not 11{exactly}"
        return IllegalMove(message, Reason.WRONG_SUM, total=total)
    return IllegalMove(f"{card} cannot take that set of cards{exactly}", Reason.BAD_SET)
