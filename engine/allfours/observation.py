"""What one seat of an All Fours match may see: the only view pages and computer players get.

>>> from engine.allfours.match import new_match
>>> view = observation(new_match(7), 0)
>>> len(view.hand), view.hand_counts, view.stock_count, view.trump, view.phase
(6, (6, 6), 39, 'S', 'beg')

It holds the seat's own hand, the cards turned up, the trick in progress and every trick and
decision of the round so far, the other hands' sizes, the stock's size, the scores and the cut
for the first deal (cut from a pack of its own: it tells nothing of any hand). It never holds
another hand (a partner's included), the stock, what another seat was dealt, or the seed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.allfours.match import Cut, MatchState, PlayedMove, RoundLog, Trick
from engine.allfours.moves import Move
from engine.allfours.rules import RUN_SIZE, Rules
from engine.allfours.scoring import ScoreLine
from engine.cards import Card


@dataclass(frozen=True, slots=True)
class Observation:
    seat: int
    rules: Rules
    round_no: int
    dealer: int
    phase: str
    turn: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    stock_count: int
    turned: tuple[Card, ...]  # face up; the last shows trump
    trick: tuple[Card, ...]  # the trick in progress, in the order played
    leader: int  # who led it (seat ``leader + i`` played ``trick[i]``)
    tricks: tuple[Trick, ...]  # this round's finished tricks
    piles: tuple[tuple[Card, ...], ...]  # per side, the cards won in tricks this round
    moves: tuple[PlayedMove, ...]  # this round's decisions and plays, in order
    lines: tuple[ScoreLine, ...]  # this round's score lines so far
    totals: tuple[int, ...]
    finished_rounds: tuple[RoundLog, ...]  # without what each seat was dealt (``dealt`` is empty)
    winner: int | None
    cut: Cut | None  # the cut for round one's deal, public (None: nobody cut, the last seat dealt)
    legal_moves: tuple[Move, ...]  # empty unless it is this seat's turn

    @property
    def trump(self) -> str:
        return self.turned[-1].suit

    def is_trump(self, card: Card) -> bool:
        """Whether `card` is a trump this round: of the suit the last turned card shows."""
        return card.suit == self.trump

    @property
    def run_cards(self) -> int:
        """The cards each seat was given more in this deal as the cards were run: three for each
        card turned up after the first (0: they were not run)."""
        return RUN_SIZE * (len(self.turned) - 1)

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and self.winner is None

    @property
    def side(self) -> int:
        return self.rules.side_of(self.seat)


def spectator(state: MatchState) -> Observation:
    """The view of someone watching: what is public, from seat 0's chair: no hand and no move
    to choose (every other field of a seat's view is public: counts, the turned cards, tricks,
    piles, decisions and score lines)."""
    return replace(observation(state, 0), hand=(), legal_moves=())


def observation(state: MatchState, seat: int) -> Observation:
    """The view of the match from ``seat``."""
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat} in a {state.players}-player match")
    return Observation(
        seat=seat,
        rules=state.rules,
        round_no=state.round_no,
        dealer=state.dealer,
        phase=state.phase,
        turn=state.turn,
        hand=state.hand(seat),
        hand_counts=tuple(len(h) for h in state.hands),
        stock_count=state.stock_count,
        turned=state.turned,
        trick=state.trick,
        leader=state.leader,
        tricks=state.tricks,
        piles=state.piles,
        moves=state.moves,
        lines=state.lines,
        totals=state.totals,
        finished_rounds=tuple(replace(log, dealt=()) for log in state.rounds),
        winner=state.winner,
        cut=state.cut,
        legal_moves=tuple(state.legal_moves()) if state.turn == seat else (),
    )
