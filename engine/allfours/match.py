"""The flow of an All Fours match: the cut for the first deal, deal, turn up trump, stand or
beg, take one or run the cards, six (or more) tricks, scoring, and on to the next round until a
side reaches the target.

>>> state = new_match(2)
>>> state.cut.dealer, state.dealer, state.turn, state.phase, [str(m) for m in state.legal_moves()]
(0, 0, 1, 'beg', ['stand', 'beg'])
>>> [len(h) for h in state.hands], str(state.turned[-1]), state.trump, state.stock_count
([6, 6], '6C', 'C', 39)
>>> state.totals  # a six turned up: the dealer's side kicked 2
(2, 0)
>>> after = state.apply(Move.parse("stand"))
>>> after.phase, after.turn, state.phase  # the old state is unchanged
('play', 1, 'beg')

A state is immutable: `MatchState.apply` returns a new one, with ``last``, the `Outcome` of
the move (what it scored, the trick it finished, its events).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from engine.allfours import events as ev
from engine.allfours.moves import BEG, ONE, RUN, STAND, IllegalMove, Move, Reason, playable, refusal, trick_winner
from engine.allfours.rules import HAND_SIZE, KICK_POINTS, PACKET, RUN_SIZE, Rules, power
from engine.allfours.scoring import ScoreLine, game_counts, round_lines, score
from engine.cards import CARDS, Card
from engine.events import Event

PHASES = ("beg", "answer", "play", "over")
"""``beg``: the seat to the dealer's right stands or begs; ``answer``: the dealer says "take one"
or runs the cards; ``play``: tricks; ``over``: the match is over."""


class PlayedMove(NamedTuple):
    seat: int
    move: Move


class CutCard(NamedTuple):
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Cut:
    """The cut for round one's deal (A2): ``attempts[i]`` holds the cards cut the i-th time, one
    per seat still cutting, in seat order (a tie for the highest rank makes the tied seats cut
    again); ``dealer`` is the seat that cut highest, who deals round one. Public: every seat
    sees the cut."""

    attempts: tuple[tuple[CutCard, ...], ...]
    dealer: int


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: the seat that led, the cards in the order played (seat ``leader + i``
    played ``cards[i]``) and the seat that won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class RoundLog:
    """One round: its dealer, how many times the stock ran out and it was dealt again
    (``redeals``), the cards turned up in its last deal (the last is trump), what each seat was
    dealt in that deal, every move (decisions before a redeal included), the tricks, the score
    lines in order and what each side's tricks counted towards Game (``None`` when the match
    ended before the tricks were played)."""

    dealer: int
    redeals: int
    turned: tuple[Card, ...]
    dealt: tuple[tuple[Card, ...], ...]
    moves: tuple[PlayedMove, ...]
    tricks: tuple[Trick, ...]
    lines: tuple[ScoreLine, ...]
    game: tuple[int, ...] | None

    @property
    def trump(self) -> str:
        return self.turned[-1].suit

    def points(self) -> tuple[int, int]:
        """The points each side scored in this round (counted lines only)."""
        result = [0, 0]
        for line in self.lines:
            if line.counted:
                result[line.side] += line.points
        return result[0], result[1]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the last move did: who made it, the lines it scored (kicks of newly turned cards,
    take one, the round's lines), the trick it finished, whether new cards were dealt (a run, a
    redeal or the next round), the round it ended, whether it ended the match, and its events."""

    seat: int
    move: Move
    lines: tuple[ScoreLine, ...]
    trick: Trick | None
    dealt: bool
    redealt: bool
    round_over: RoundLog | None
    match_over: bool
    events: tuple[Event, ...]

    def events_for(self, seat: int) -> tuple[Event, ...]:
        """The events as ``seat`` may see them (`engine.allfours.events.seen_by`)."""
        return tuple(ev.seen_by(e, seat) for e in self.events)


@dataclass(frozen=True, slots=True)
class MatchState:
    """A whole All Fours match at one moment: every hand and the stock included. Never send one
    to a player; send `engine.allfours.observation.observation` of it."""

    rules: Rules
    seed: int
    round_no: int
    redeals: int
    dealer: int
    phase: str
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    dealt: tuple[tuple[Card, ...], ...]  # every card each seat was dealt in this deal: its original holder
    stock: tuple[Card, ...]  # in dealing order
    turned: tuple[Card, ...]  # the cards turned up this deal; the last shows trump
    trick: tuple[Card, ...]  # the trick in progress, in the order played
    leader: int  # the seat that led (or is to lead) the trick in progress
    piles: tuple[tuple[Card, ...], ...]  # per side, the cards won in tricks this round
    totals: tuple[int, ...]
    winner: int | None
    tricks: tuple[Trick, ...] = ()
    lines: tuple[ScoreLine, ...] = ()
    moves: tuple[PlayedMove, ...] = ()
    rounds: tuple[RoundLog, ...] = ()
    ply: int = 0
    last: Outcome | None = field(default=None, compare=False)
    opening: tuple[Event, ...] = field(default=(), compare=False)
    cut: Cut | None = None  # the cut for round one's deal; None when nobody cut (``first_dealer="last"``)

    # --- reading ---------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def trump(self) -> str:
        return self.turned[-1].suit

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    @property
    def led(self) -> str | None:
        """The suit led to the trick in progress, or ``None`` before its first card."""
        return self.trick[0].suit if self.trick else None

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.hands[seat]

    @property
    def current(self) -> RoundLog:
        """The round in play as a log (``lines`` so far, ``game`` ``None``); once the match is
        over, the last round."""
        if self.finished and self.rounds:
            return self.rounds[-1]
        return RoundLog(self.dealer, self.redeals, self.turned, self.dealt, self.moves, self.tricks, self.lines, None)

    def legal_moves(self) -> list[Move]:
        if self.phase == "beg":
            return [STAND, BEG]
        if self.phase == "answer":
            return [ONE, RUN]
        if self.phase == "play":
            return [Move(card=c) for c in playable(self.hands[self.turn], self.led, self.trump)]
        return []

    # --- moving ----------------------------------------------------------------------------

    def apply(self, move: Move) -> MatchState:
        """The state after the seat to play makes ``move``; raises `IllegalMove` if it may not."""
        if self.finished:
            raise IllegalMove("the match is over", Reason.MATCH_OVER)
        if not isinstance(move, Move):
            raise IllegalMove(f"not a move: {move!r}", Reason.NOT_A_MOVE)
        draft = _Draft(self)
        seat = self.turn
        draft.moves.append(PlayedMove(seat, move))
        if move.card is None:
            if move not in self.legal_moves():
                raise IllegalMove(f"{move} is not a choice now ({self.phase})", Reason.NOT_YOUR_DECISION)
            draft.decide(move)
        else:
            if self.phase != "play":
                raise IllegalMove(f"{move} is a card; now is the time to decide", Reason.NOT_YOUR_DECISION)
            problem = refusal(move.card, self.hands[seat], self.led, self.trump)
            if problem is not None:
                raise problem
            draft.play(move.card)
        return draft.freeze(seat, move)


def round_deck(seed: int, round_no: int, redeal: int) -> list[Card]:
    """The shuffled deck of a round's deal: from ``random.Random(f"allfours/{seed}/{round}/{redeal}")``."""
    deck = list(CARDS)
    random.Random(f"allfours/{seed}/{round_no}/{redeal}").shuffle(deck)
    return deck


def cut_for_deal(seed: int, players: int) -> Cut:
    """Who deals round one: every seat cuts a card, and the highest rank deals (aces high,
    `power`; suits do not rank). Seats tied for the highest cut again, as often as needed. Cut
    ``i`` is from a pack shuffled by ``random.Random(f"allfours/{seed}/cut/{i}")``: the seats
    still cutting take its cards from the top, in seat order, so no two cut the same card.

    >>> cut = cut_for_deal(2, 2)  # two fives: both cut again, and the king deals
    >>> [[(c.seat, str(c.card)) for c in attempt] for attempt in cut.attempts], cut.dealer
    ([[(0, '5S'), (1, '5H')], [(0, 'KS'), (1, '2H')]], 0)
    """
    cutting = tuple(range(players))
    attempts: list[tuple[CutCard, ...]] = []
    while True:
        pack = list(CARDS)
        random.Random(f"allfours/{seed}/cut/{len(attempts)}").shuffle(pack)
        attempt = tuple(CutCard(seat, card) for seat, card in zip(cutting, pack, strict=False))
        attempts.append(attempt)
        highest = max(power(c.card) for c in attempt)
        cutting = tuple(c.seat for c in attempt if power(c.card) == highest)
        if len(cutting) == 1:
            return Cut(tuple(attempts), cutting[0])


def new_match(seed: int, rules: Rules = Rules()) -> MatchState:
    """Round one of a match, dealt from ``seed``: the same seed and rules always cut for the
    deal and deal the same cards. The cut is ``state.cut``, and its ``cut`` events open
    ``state.opening``; with ``Rules(first_dealer="last")`` nobody cuts and the last seat deals.

    >>> state = new_match(3)
    >>> [(e.kind, e.seat, str(e.cards[0])) for e in state.opening[:2]], state.dealer
    ([('cut', 0, '5S'), ('cut', 1, 'QC')], 1)
    >>> new_match(3, Rules(first_dealer="last")).cut is None
    True
    """
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"a seed is a whole number >= 0, not {seed!r}")
    n = rules.players
    cut = cut_for_deal(seed, n) if rules.first_dealer == "cut" else None
    dealer = n - 1 if cut is None else cut.dealer  # "last": how every match was dealt before the cut
    empty = tuple(() for _ in range(n))
    base = MatchState(rules, seed, 0, 0, dealer, "beg", 0, empty, empty, (), (), (), 0, ((), ()), (0, 0), None, cut=cut)
    draft = _Draft(base)
    if cut is not None:
        draft.events += [Event("cut", c.seat, (c.card,)) for attempt in cut.attempts for c in attempt]
    draft.start_deal(0, 0, dealer)
    draft.close()
    state = draft.build()
    return replace(state, opening=tuple(draft.events))


class _Draft:
    """A mutable copy of a state that one move changes; `freeze` makes the next state."""

    def __init__(self, state: MatchState) -> None:
        self.state = state
        self.rules = state.rules
        self.n = state.rules.players
        self.round_no, self.redeals, self.dealer = state.round_no, state.redeals, state.dealer
        self.phase, self.turn = state.phase, state.turn
        self.hands = [list(h) for h in state.hands]
        self.dealt = [list(h) for h in state.dealt]
        self.stock = list(state.stock)
        self.turned = list(state.turned)
        self.trick = list(state.trick)
        self.leader = state.leader
        self.piles = [list(p) for p in state.piles]
        self.totals = state.totals
        self.winner = state.winner
        self.tricks = list(state.tricks)
        self.lines = list(state.lines)
        self.moves = list(state.moves)
        self.rounds = list(state.rounds)
        self.events: list[Event] = []
        self.scored: list[ScoreLine] = []
        self.finished_trick: Trick | None = None
        self.dealt_cards = False
        self.redealt = False
        self.round_over: RoundLog | None = None
        self.scored_by_tricks = False  # the match was won by the lines after the last trick

    # --- scoring ---

    def add_lines(self, lines: Sequence[ScoreLine]) -> None:
        self.totals, marked, winner = score(self.totals, lines, self.rules.target)
        self.lines += marked
        self.scored += marked
        if winner is not None and self.winner is None:
            self.winner = winner

    # --- dealing ---

    def collect(self) -> None:
        """Every card back into the stock, zone by zone."""
        zones = [(ev.hand(s), self.hands[s]) for s in range(self.n)]
        zones += [(ev.TURNUP, self.turned), (ev.TABLE, self.trick)]
        zones += [(ev.pile(side), self.piles[side]) for side in range(2)]
        for zone, cards in zones:
            if cards:
                self.events.append(Event("collect", self.dealer, tuple(cards), zone, ev.STOCK))

    def give(self, count: int) -> None:
        """``count`` cards to each seat from the dealer's right, a packet of three at a time."""
        for _ in range(count // PACKET):
            for i in range(1, self.n + 1):
                seat = (self.dealer + i) % self.n
                packet, self.stock = self.stock[:PACKET], self.stock[PACKET:]
                self.hands[seat] += packet
                self.dealt[seat] += packet
                self.events.append(Event("deal", self.dealer, tuple(packet), ev.STOCK, ev.hand(seat)))
        self.dealt_cards = True

    def turn_up(self, kicks: bool) -> Card:
        card = self.stock.pop(0)
        self.turned.append(card)
        self.events.append(Event("turn_up", self.dealer, (card,), ev.STOCK, ev.TURNUP))
        points = KICK_POINTS.get(card.rank, 0)
        if kicks and points:
            self.events.append(Event("kick", self.dealer, (card,)))
            self.add_lines([ScoreLine("kick", self.rules.side_of(self.dealer), points, card)])
        return card

    def start_deal(self, round_no: int, redeals: int, dealer: int) -> None:
        """Deal six cards each from a fresh deck and turn up trump (kicking for it)."""
        self.round_no, self.redeals, self.dealer = round_no, redeals, dealer
        self.stock = round_deck(self.state.seed, round_no, redeals)
        self.hands = [[] for _ in range(self.n)]
        self.dealt = [[] for _ in range(self.n)]
        self.turned, self.trick, self.piles, self.tricks = [], [], [[], []], []
        self.give(HAND_SIZE)
        self.turn_up(kicks=True)
        self.leader = (dealer + 1) % self.n
        self.phase, self.turn = "beg", self.leader

    # --- moves ---

    def decide(self, move: Move) -> None:
        seat = self.turn
        self.events.append(Event(move.decision, seat))
        if move == STAND:
            self.phase = "play"
        elif move == BEG:
            self.phase, self.turn = "answer", self.dealer
        elif move == ONE:
            self.add_lines([ScoreLine("one", self.rules.side_of(self.leader), 1)])
            self.phase, self.turn = "play", self.leader
        else:
            self.run()

    def run(self) -> None:
        """Run the cards: three more each and a new turn-up, until its suit differs from the
        suit begged away; when the stock cannot give another three each and a turn-up, the same
        dealer deals again from a fresh deck."""
        refused = self.turned[0].suit
        while len(self.stock) >= RUN_SIZE * self.n + 1:
            self.give(RUN_SIZE)
            card = self.turn_up(kicks=False)
            if card.suit != refused:
                points = KICK_POINTS.get(card.rank, 0)
                if points:
                    self.events.append(Event("kick", self.dealer, (card,)))
                    self.add_lines([ScoreLine("kick", self.rules.side_of(self.dealer), points, card)])
                self.phase, self.turn = "play", self.leader
                return
        self.collect()
        self.redealt = True
        self.start_deal(self.round_no, self.redeals + 1, self.dealer)

    def play(self, card: Card) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.events.append(Event("play", seat, (card,), ev.hand(seat), ev.TABLE))
        if len(self.trick) < self.n:
            self.turn = (seat + 1) % self.n
            return
        trump = self.turned[-1].suit
        winner = (self.leader + trick_winner(self.trick, trump)) % self.n
        side = self.rules.side_of(winner)
        self.piles[side] += self.trick
        self.events.append(Event("trick", winner, tuple(self.trick), ev.TABLE, ev.pile(side)))
        self.finished_trick = Trick(self.leader, tuple(self.trick), winner)
        self.tricks.append(self.finished_trick)
        self.trick = []
        self.leader = self.turn = winner
        if not any(self.hands):
            self.end_round()

    def end_round(self) -> None:
        trump = self.turned[-1].suit
        self.add_lines(round_lines(trump, self.dealt, self.piles, self.rules))
        self.events.append(Event("round_end", None))
        self.round_over = self.log(game_counts(self.piles))
        self.rounds.append(self.round_over)
        self.scored_by_tricks = self.winner is not None
        if self.winner is None:
            self.collect()
            self.moves, self.lines = [], []
            self.start_deal(self.round_no + 1, 0, (self.dealer + 1) % self.n)

    def log(self, game: tuple[int, ...] | None) -> RoundLog:
        return RoundLog(
            self.dealer,
            self.redeals,
            tuple(self.turned),
            tuple(tuple(h) for h in self.dealt),
            tuple(self.moves),
            tuple(self.tricks),
            tuple(self.lines),
            game,
        )

    # --- freezing ---

    def close(self) -> None:
        """If the match was just won, say so; when a kick or a take one won it before the
        round's tricks were played out, that round ends here and its log joins ``rounds``."""
        if self.winner is None:
            return
        if not self.scored_by_tricks:
            log = self.log(None)
            self.rounds.append(log)
            self.round_over = self.round_over or log
        self.phase = "over"
        self.events.append(Event("match_end", self.winner))

    def build(self) -> MatchState:
        return MatchState(
            self.rules,
            self.state.seed,
            self.round_no,
            self.redeals,
            self.dealer,
            "over" if self.winner is not None else self.phase,
            self.turn,
            tuple(tuple(h) for h in self.hands),
            tuple(tuple(h) for h in self.dealt),
            tuple(self.stock),
            tuple(self.turned),
            tuple(self.trick),
            self.leader,
            tuple(tuple(p) for p in self.piles),
            self.totals,
            self.winner,
            tuple(self.tricks),
            tuple(self.lines),
            tuple(self.moves),
            tuple(self.rounds),
            self.state.ply,
            None,
            self.state.opening,
            self.state.cut,
        )

    def freeze(self, seat: int, move: Move) -> MatchState:
        """The next state after ``seat`` made ``move`` (already carried out on the draft)."""
        self.close()
        state = self.build()
        outcome = Outcome(
            seat,
            move,
            tuple(self.scored),
            self.finished_trick,
            self.dealt_cards,
            self.redealt,
            self.round_over,
            self.winner is not None,
            tuple(self.events),
        )
        return replace(state, ply=self.state.ply + 1, last=outcome)
