"""A whole match as an immutable state: deals, turns, surs, round ends, totals and the winner.

>>> state = new_match(7)
>>> state.turn, len(state.hand(0)), len(state.table), state.stock_count
(0, 4, 4, 40)
>>> after = state.apply(state.legal_moves()[0])
>>> after.turn, after.ply, state.ply
(1, 1, 0)

Each round's deck comes from ``random.Random(f"chaharbargh/{seed}/{round}")``, so a match is
reproducible from its seed, its rules and its moves (see `engine.chaharbargh.records`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.cards import CARDS, JACK, KING, QUEEN, Card, ids_of, mask_of
from engine.chaharbargh.captures import RANK, UNIT, counts_of
from engine.chaharbargh.moves import MOVES, SHOW, IllegalMove, Move, Reason, card_sum, legal_keys, move_by_key
from engine.chaharbargh.rules import Rules
from engine.chaharbargh.scoring import RoundScore, score_round, side_masks
from engine.chaharbargh.surs import count_sur, is_sur, sur_scores
from engine.events import Event, deal_into_hands, deal_round, pile
from engine.events import hand as in_hand


@dataclass(frozen=True, slots=True)
class Deal:
    """Cards given out at the start of a deal: hands per seat, and the table on the first deal;
    ``at`` is how many moves of the round had been made when it was dealt."""

    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...] = ()
    at: int = 0


class PlayedMove(NamedTuple):
    """A move as it happened: who played it, whether it emptied the table by a sur (R8), and
    whether that sur scores (not in the last deal, nor past a sur cutoff, unless the rules say).

    A named tuple, not a dataclass like the other values: a match makes one per move, and a
    named tuple is built in less than half the time of a frozen dataclass.
    """

    seat: int
    move: Move
    sur: bool
    scores: bool = False


class Shown(NamedTuple):
    """Open hand: ``seat`` chose to turn ``card`` face up when ``at`` moves of the round had
    been played: every seat shows one card at each deal, and another when it plays the shown
    one. A seat's last card is turned up by the rule, not by a choice, so it is not listed."""

    seat: int
    card: Card
    at: int


@dataclass(frozen=True, slots=True)
class Leftover:
    """The cards left on the table at the end of a round and the seat that took them (R9)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class RoundLog:
    """One round so far: its dealer, deals, moves (the cards played), and once over its
    leftover, score sheets, each side's pile (every card it took, the leftover included;
    `piles`) and the match totals after it (`totals`). Under the open hand, `shows` lists the
    cards turned face up."""

    dealer: int
    deals: tuple[Deal, ...]
    moves: tuple[PlayedMove, ...] = ()
    leftover: Leftover | None = None
    score: tuple[RoundScore, ...] | None = None
    piles: tuple[tuple[Card, ...], ...] = ()
    shows: tuple[Shown, ...] = ()
    totals: tuple[int, ...] = ()  # the match totals after this round, once it is over


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


# What `apply` notes of a move, from which `MatchState.last` builds its `Outcome`: seat, move,
# sur, sur scored, the side whose sur it cancelled, the table (card ids) before the move and
# right after it (before a round end clears it), and what followed: "" (nothing), "show" (the
# seat's last card was turned face up), "deal", "round" (a new round was dealt) or
# "match_end". A plain tuple: a named one costs a move a tenth of its time.
_Told = tuple[int, Move, bool, bool, "int | None", tuple[int, ...], tuple[int, ...], str]


class MatchState:
    """A match between seats 0..players-1. Build one with `new_match`, `from_position` or
    `from_text`; `apply` returns the next state and never changes this one.

    The fields are private: card ids and masks, the engine's compact form, which the engine's
    own modules (observation, position text, computer players) read directly. Everyone else
    reads the properties, which give `Card`s. Two facts are built only when first read, since
    a search or a replay makes many states and reads neither: the last move's `Outcome` (`last`)
    and the round's `RoundLog` (`current`).
    """

    __slots__ = (
        "_rules",
        "_seed",
        "_round_no",
        "_deal_no",
        "_turn",
        "_hands",
        "_table",
        "_mask",
        "_counts",
        "_stock",
        "_captured",
        "_last_capturer",
        "_sur_stack",
        "_revealed",
        "_start_totals",
        "_totals",
        "_rounds",
        "_dealer",
        "_deals",
        "_moves",
        "_shows",
        "_winner",
        "_last",
        "_told",
        "_legal",
        "_log",
    )

    _rules: Rules
    _seed: int
    _round_no: int
    _deal_no: int
    _turn: int
    _hands: tuple[tuple[int, ...], ...]  # card ids per seat
    _table: tuple[int, ...]  # card ids in the order they came to the table
    _mask: int  # the table as a mask
    _counts: int  # the table's count vector (`engine.chaharbargh.captures`)
    _stock: tuple[int, ...]  # card ids in dealing order
    _captured: tuple[int, ...]  # per seat, the mask of the cards it took this round
    _last_capturer: int | None
    _sur_stack: tuple[int, ...]  # sides of this round's scoring surs not (yet) cancelled, oldest first
    _revealed: int  # open hand: mask of the face-up cards in hands
    _start_totals: tuple[int, ...]
    _totals: tuple[int, ...]
    _rounds: tuple[RoundLog, ...]  # finished rounds
    _dealer: int
    _deals: tuple[Deal, ...]  # of the round in play
    _moves: tuple[PlayedMove, ...]  # of the round in play
    _shows: tuple[Shown, ...]  # of the round in play (open hand)
    _winner: int | None
    _last: Outcome | None  # built from `_told` when first read
    _told: _Told | None
    _legal: list[int] | None  # `legal_keys`, worked out once
    _log: RoundLog | None  # `current`, built when first read

    # --- reading the position -------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def round_no(self) -> int:
        return self._round_no

    @property
    def deal_no(self) -> int:
        return self._deal_no

    @property
    def turn(self) -> int:
        """The seat to play (after the match, the seat that would have played next)."""
        return self._turn

    @property
    def players(self) -> int:
        return self._rules.players

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def winner(self) -> int | None:
        """The winning side once the match is over."""
        return self._winner

    @property
    def finished(self) -> bool:
        return self._winner is not None

    @property
    def ply(self) -> int:
        """Moves made in the whole match so far (cards played, and shown under the open hand); a
        move form carries it for compare-and-set."""
        done = sum(len(r.moves) + len(r.shows) for r in self._rounds)
        if self.finished:  # once over, the last round is in rounds
            return done
        return done + len(self._moves) + len(self._shows)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand: the whole truth, for tests and tools; a seat's screen gets `observation`."""
        return tuple(tuple(CARDS[c] for c in hand) for hand in self._hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self._hands[seat])

    @property
    def table(self) -> tuple[Card, ...]:
        """The cards on the table, in the order they came to it."""
        return tuple(CARDS[c] for c in self._table)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock in dealing order: hidden from every seat, for tests and tools."""
        return tuple(CARDS[c] for c in self._stock)

    @property
    def stock_count(self) -> int:
        return len(self._stock)

    @property
    def last_deal(self) -> bool:
        return self._deal_no == self._rules.deals_per_round - 1

    def captured_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` took this round (leftover included once the match is over)."""
        return tuple(CARDS[c] for c in ids_of(self._captured[seat]))

    @property
    def last_capturer(self) -> int | None:
        return self._last_capturer

    def surs(self) -> tuple[int, ...]:
        """Scoring surs per side in the round so far (after cancellations)."""
        return tuple(self._sur_stack.count(side) for side in range(self._rules.sides))

    @property
    def face_up(self) -> frozenset[Card]:
        """Open hand: the cards in hands that lie face up (one per seat that holds cards, once
        it has chosen); an empty set otherwise."""
        return _shown(self._revealed)

    @property
    def start_totals(self) -> tuple[int, ...]:
        """The match totals when the round in play began."""
        return self._start_totals

    @property
    def totals(self) -> tuple[int, ...]:
        return self._totals

    @property
    def rounds(self) -> tuple[RoundLog, ...]:
        """The finished rounds, scored."""
        return self._rounds

    @property
    def current(self) -> RoundLog:
        """The round in play so far; once the match is over, its last round, scored."""
        log = self._log
        if log is None:
            log = self._log = RoundLog(self._dealer, self._deals, self._moves, shows=self._shows)
        return log

    @property
    def last(self) -> Outcome | None:
        """What the move that led to this state did; None for a new match or a set position."""
        if self._last is None and self._told is not None:
            self._last = self._outcome(self._told)
        return self._last

    @property
    def opening(self) -> tuple[Event, ...]:
        """The events of the round in play's first deal, onto a board whose stock holds every card."""
        first = self._deals[0]
        return tuple(deal_round(self._dealer, first.hands, first.table))

    @property
    def must_show(self) -> bool:
        """Open hand: the seat to play holds cards but none face up, so it must first show one
        (at each deal, and after playing its shown card). Its legal moves are then shows."""
        hand = self._hands[self._turn]
        return self._rules.open_hand and bool(hand) and not any(self._revealed >> c & 1 for c in hand)

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to play (none once the match is over)."""
        known = MOVES
        return [known.get(key) or move_by_key(key) for key in self._legal_keys()]

    def _legal_keys(self) -> list[int]:
        """`legal_keys` of this position, worked out once: `legal_moves` and `apply` both need them."""
        legal = self._legal
        if legal is None:
            if self._winner is not None:
                legal = []
            elif self._rules.open_hand and self.must_show:
                legal = [SHOW | card for card in self._hands[self._turn]]
            else:
                legal = legal_keys(self._hands[self._turn], self._mask, self._counts, self._rules.forced_capture)
            self._legal = legal
        return legal

    def _facts(self) -> tuple[Any, ...]:
        """Every field but the caches: what two equal states share."""
        return tuple(getattr(self, name) for name in _FACTS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MatchState) and self._facts() == other._facts()

    def __hash__(self) -> int:
        return hash(self._facts())

    def __repr__(self) -> str:
        # the whole position is `engine.chaharbargh.position.to_text(state)`; a repr names where it is
        return f"<MatchState ply={len(self._moves)} round={self.round_no} turn={self.turn}>"

    # --- playing ---------------------------------------------------------------------------

    def apply(self, move: Move) -> MatchState:
        """The state after the seat to play makes ``move``; `IllegalMove` if it may not."""
        if self._winner is not None:
            raise IllegalMove("the match is over", Reason.MATCH_OVER)
        if not isinstance(move, Move):
            raise IllegalMove(f"not a move: {move!r}", Reason.NOT_A_MOVE)
        legal = self._legal_keys()
        key = move._key
        if key not in legal:
            raise self._refusal(move, legal)
        card, taken = key & 63, key >> 6
        seat, rules = self._turn, self._rules
        # The next state is built by changing a fresh copy, which nobody else holds yet.
        new = self._copy()
        if key & SHOW:
            new._show(seat, card)
            new._turn = (seat + 1) % rules.players
            new._told = (seat, move, False, False, None, self._table, self._table, "")
            return new
        hands = list(self._hands)
        held = hands[seat]
        at = held.index(card)
        hands[seat] = held[:at] + held[at + 1 :]
        new._hands = tuple(hands)
        new._turn = (seat + 1) % rules.players
        sur = scored = False
        cancelled = None
        if taken:
            mask = self._mask ^ taken
            new._table = tuple([c for c in self._table if mask >> c & 1])
            new._mask = mask
            new._counts = self._counts - _counts_of(taken)
            new._captured = _add(self._captured, seat, taken | 1 << card)
            new._last_capturer = seat
            sur = is_sur(RANK[card], mask, rules.jack_sur)
            if sur:
                side = rules.side_of(seat)
                scored = sur_scores(rules, self.last_deal, self._start_totals[side])
                if scored:
                    new._sur_stack, cancelled = count_sur(self._sur_stack, side, rules.surs_cancel)
        else:
            new._table = self._table + (card,)
            new._mask = self._mask | 1 << card
            new._counts = self._counts + UNIT[card]
        new._moves = self._moves + (PlayedMove(seat, move, sur, scored),)
        then, after = "" if held[1:] or any(hands) else "deal" if new._stock else "round", new._table
        if self._revealed >> card & 1:  # open hand: the shown card was played; show another
            new._revealed = self._revealed & ~(1 << card)
            left = hands[seat]
            if len(left) == 1:  # no choice, so no move: the last card is turned up at once
                new._revealed |= 1 << left[0]
                then = "show"
            elif left:
                new._turn = seat  # the same seat chooses which card to show next
        if then == "deal":
            new._deal()
        elif then == "round":
            new = new._end_round()
            then = "match_end" if new._winner is not None else "round"
        new._told = (seat, move, sur, scored, cancelled, self._table, after, then)  # for `last`, if read
        return new

    def _copy(self) -> MatchState:
        """A field-by-field copy, to be changed into the next state; the caches start empty."""
        new = object.__new__(MatchState)
        new._rules = self._rules
        new._seed = self._seed
        new._round_no = self._round_no
        new._deal_no = self._deal_no
        new._turn = self._turn
        new._hands = self._hands
        new._table = self._table
        new._mask = self._mask
        new._counts = self._counts
        new._stock = self._stock
        new._captured = self._captured
        new._last_capturer = self._last_capturer
        new._sur_stack = self._sur_stack
        new._revealed = self._revealed
        new._start_totals = self._start_totals
        new._totals = self._totals
        new._rounds = self._rounds
        new._dealer = self._dealer
        new._deals = self._deals
        new._moves = self._moves
        new._shows = self._shows
        new._winner = self._winner
        new._last = new._told = new._legal = new._log = None
        return new

    def _refusal(self, move: Move, legal: list[int]) -> IllegalMove:
        """Why ``move``, not among the ``legal`` keys, is refused."""
        if move.card.id not in self._hands[self._turn]:
            return IllegalMove(f"{move.card} is not in the hand of seat {self._turn}", Reason.NOT_IN_HAND)
        if legal and legal[0] & SHOW:
            return IllegalMove("open hand: first turn one of your cards face up", Reason.MUST_SHOW)
        if move.shows:
            return IllegalMove("a card is shown only at a deal or after playing the shown card", Reason.NO_SHOW)
        return _why_illegal(move, legal, self._table)

    def _outcome(self, told: _Told) -> Outcome:
        """The `Outcome` of the move ``told`` describes, the one that led to this state."""
        seat, move, sur, scored, cancelled, before, after, then = told
        if move.shows:
            events = [Event("show", seat, (move.card,))]
        else:
            events = [Event("play", seat, (move.card,), in_hand(seat), "table")]
        if move.takes:
            taken = move.takes_mask
            took = tuple(CARDS[c] for c in before if taken >> c & 1)
            kind = "sweep" if move.card.rank == JACK else "capture"
            events.append(Event(kind, seat, (move.card, *took), "table", pile(self._rules.side_of(seat))))
            if sur:
                events.append(Event("sur", seat))
        flags: dict[str, Any] = {}
        if then == "show":
            events.append(Event("show", seat, self.hand(seat)))
        elif then == "deal":
            events += deal_into_hands(self._dealer, self._deals[-1].hands)
            flags = {"dealt": True}
        elif then:  # "round" or "match_end"
            log = self._rounds[-1]
            if log.leftover is not None:
                to = pile(self._rules.side_of(log.leftover.seat))
                events.append(Event("leftover", log.leftover.seat, log.leftover.cards, "table", to))
            events.append(Event("round_end", None))
            if then == "match_end":
                events.append(Event("match_end", self._winner))
                flags = {"round_over": log, "match_over": True}
            else:
                events += self._gathered(log, after)
                events += self.opening
                flags = {"round_over": log, "dealt": True}
        table, face_up = tuple(CARDS[c] for c in after), _shown(self._revealed)
        return Outcome(seat, move, sur, scored, cancelled, events=tuple(events), table=table, face_up=face_up, **flags)

    def _gathered(self, log: RoundLog, table: tuple[int, ...]) -> list[Event]:
        """The dealer of this new round gathers the deck: every pile of the round ``log``
        tells, and the ``table`` too if nobody could take it."""
        piles = enumerate(log.piles)
        events = [Event("deal", self._dealer, cards, pile(side), "stock") for side, cards in piles if cards]
        if log.leftover is None and table:
            events.append(Event("deal", self._dealer, tuple(CARDS[c] for c in table), "table", "stock"))
        return events

    # --- dealing and round ends (on a fresh copy, before anyone else holds it) -------------

    def _deal(self) -> None:
        """Give four cards from the stock to each seat, starting left of the dealer."""
        n = self._rules.players
        first = (self._dealer + 1) % n
        hands: list[tuple[int, ...]] = [()] * n
        for i in range(n):
            hands[(first + i) % n] = self._stock[4 * i : 4 * i + 4]
        dealt = tuple(tuple(CARDS[c] for c in hand) for hand in hands)
        self._deal_no += 1
        self._hands = tuple(hands)
        self._stock = self._stock[4 * n :]
        self._deals = self._deals + (Deal(dealt, (), len(self._moves)),)  # open hand: each seat then shows a card

    def _end_round(self) -> MatchState:
        """Take the leftover, score the round, then deal the next one or end the match."""
        rules, table = self._rules, self._table
        captured, leftover = self._captured, None
        if table and self._last_capturer is not None:
            captured = _add(captured, self._last_capturer, self._mask)
            leftover = Leftover(self._last_capturer, self.table)
        piles = side_masks(rules, list(captured))
        score = score_round(rules, piles, list(self.surs()))
        pile_cards = tuple(tuple(CARDS[c] for c in ids_of(mask)) for mask in piles)
        totals = tuple(t + s.total for t, s in zip(self._totals, score, strict=True))
        log = RoundLog(self._dealer, self._deals, self._moves, leftover, score, pile_cards, self._shows, totals)
        rounds = self._rounds + (log,)
        best = max(totals)
        if best >= rules.target and totals.count(best) == 1:
            self._winner = totals.index(best)
            self._totals, self._rounds, self._log, self._captured = totals, rounds, log, captured
            self._table, self._mask, self._counts = (), 0, 0
            return self
        return _start_round(rules, self._seed, self._round_no + 1, totals, rounds)

    def _show(self, seat: int, card: int) -> None:
        """Open hand: ``seat`` turns ``card`` of its hand face up."""
        self._revealed |= 1 << card
        self._shows = self._shows + (Shown(seat, CARDS[card], len(self._moves)),)


_FACTS = tuple(name for name in MatchState.__slots__ if name not in ("_last", "_told", "_legal", "_log"))


def make_state(
    rules: Rules,
    *,
    seed: int,
    round_no: int,
    deal_no: int,
    turn: int,
    dealer: int,
    hands: tuple[tuple[int, ...], ...],
    table: tuple[int, ...],
    stock: tuple[int, ...],
    captured: tuple[int, ...],
    last_capturer: int | None,
    sur_stack: tuple[int, ...],
    revealed: int,
    start_totals: tuple[int, ...],
    totals: tuple[int, ...],
    rounds: tuple[RoundLog, ...] = (),
    winner: int | None = None,
) -> MatchState:
    """A state from its parts, as card ids and masks: the one constructor behind `new_match`,
    `from_position` and `from_text`. The round's first `Deal` is the hands and table given."""
    state = object.__new__(MatchState)
    state._rules = rules
    state._seed = seed
    state._round_no = round_no
    state._deal_no = deal_no
    state._turn = turn
    state._hands = hands
    state._table = table
    state._mask = mask_of(table)
    state._counts = counts_of(state._mask)
    state._stock = stock
    state._captured = captured
    state._last_capturer = last_capturer
    state._sur_stack = sur_stack
    state._revealed = revealed
    state._start_totals = start_totals
    state._totals = totals
    state._rounds = rounds
    state._dealer = dealer
    first = Deal(tuple(tuple(CARDS[c] for c in hand) for hand in hands), tuple(CARDS[c] for c in table))
    state._deals = (first,)
    state._moves = state._shows = ()
    state._winner = winner
    state._last = state._told = state._legal = state._log = None
    return state


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
    return make_state(
        rules,
        seed=seed,
        round_no=0,
        deal_no=rules.deals_per_round - 1 - deals_left,
        turn=turn,
        dealer=(turn - 1) % n,
        hands=tuple(hand_ids),
        table=table_ids,
        stock=stock_ids,
        captured=tuple(mask_of(p) for p in pile_ids),
        last_capturer=last_capturer,
        sur_stack=tuple(surs),
        revealed=0,
        start_totals=start,
        totals=start,
    )


def round_deck(seed: int, round_no: int) -> tuple[random.Random, list[int]]:
    """The shuffled deck of a round and the generator that keeps dealing it (R1)."""
    rng = random.Random(f"chaharbargh/{seed}/{round_no}")
    deck = list(range(52))
    shuffle(rng, deck)
    return rng, deck


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """Shuffle ``cards`` in place: CPython's `random.Random.shuffle` (Fisher-Yates, each index
    drawn by rejection from ``getrandbits``), written out here. Every record's decks depend on
    this exact sequence, so the engine owns it rather than trust a later Python to keep it; and
    drawing the bits directly makes a deck about twice as fast.

    >>> a, b = list(range(52)), list(range(52))
    >>> shuffle(random.Random("x"), a); random.Random("x").shuffle(b); a == b
    True
    """
    bits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        size = i + 1
        width = size.bit_length()
        j = bits(width)
        while j >= size:
            j = bits(width)
        cards[i], cards[j] = cards[j], cards[i]


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
            shuffle(rng, stock)
        else:
            table.append(card)
    return make_state(
        rules,
        seed=seed,
        round_no=round_no,
        deal_no=0,
        turn=first,
        dealer=dealer,
        hands=tuple(hands),
        table=tuple(table),
        stock=tuple(stock),
        captured=(0,) * n,
        last_capturer=None,
        sur_stack=(),
        revealed=0,  # open hand: each seat chooses a card to show at its first turn
        start_totals=totals,
        totals=totals,
        rounds=rounds,
    )


def _counts_of(mask: int) -> int:
    """The count vector of a few cards: `engine.chaharbargh.captures.counts_of`, one step per card.

    >>> _counts_of(0b1011) == counts_of(0b1011) == 3
    True
    """
    counts = 0
    while mask:
        low = mask & -mask
        counts += UNIT[low.bit_length() - 1]
        mask ^= low
    return counts


def _shown(revealed: int) -> frozenset[Card]:
    """The face-up cards of a `revealed` mask (open hand); none without it."""
    return frozenset(CARDS[c] for c in ids_of(revealed)) if revealed else frozenset()


def _add(masks: tuple[int, ...], seat: int, mask: int) -> tuple[int, ...]:
    return masks[:seat] + (masks[seat] | mask,) + masks[seat + 1 :]


def _why_illegal(move: Move, legal: list[int], table: tuple[int, ...]) -> IllegalMove:
    """The rule a move breaks, for a move not among the ``legal`` ones (`legal_keys`) on ``table``."""
    card = move.card
    options = [key >> 6 for key in legal if key & 63 == card.id]
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
