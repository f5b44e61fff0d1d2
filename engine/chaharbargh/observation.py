"""What one seat may see: the only view templates and computer players are given.

>>> from engine.chaharbargh.match import new_match
>>> view = observation(new_match(3), 0)
>>> len(view.hand), view.hand_counts, view.stock_count
(4, (4, 4), 40)

It holds the seat's own hand, the table, every move of the round in play (so every card played
and who took what), the other hands' sizes and face-up cards, the stock's size and the scores.
It never holds another hand, the stock or the seed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.cards import CARDS, Card, ids_of
from engine.chaharbargh.match import MatchState, PlayedMove, RoundLog
from engine.chaharbargh.moves import Move
from engine.chaharbargh.rules import Rules
from engine.chaharbargh.scoring import RoundScore, clubs_in, score_round, side_masks


@dataclass(frozen=True, slots=True)
class Observation:
    seat: int
    rules: Rules
    round_no: int
    deal_no: int
    dealer: int
    turn: int
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    stock_count: int
    revealed: tuple[tuple[Card, ...], ...]  # face-up cards (open hand) per seat; own seat included
    first_table: tuple[Card, ...]  # the table as dealt at the start of the round
    moves: tuple[PlayedMove, ...]  # this round's moves, in order
    captured: tuple[tuple[Card, ...], ...]  # per seat, this round
    piles: tuple[tuple[Card, ...], ...]  # per side (a seat, or a team of four), this round
    clubs: tuple[int, ...]  # per side, the clubs in its pile: the race for the 7 points (R10)
    points: tuple[RoundScore, ...]  # per side, the points already won this round (with its lines)
    deal_start: int  # the index in ``moves`` of the first move of the deal in play
    last_capturer: int | None
    surs: tuple[int, ...]  # scoring surs per side this round
    totals: tuple[int, ...]
    finished_rounds: tuple[RoundLog, ...]  # fully public: every card of a finished round was shown
    winner: int | None
    legal_moves: tuple[Move, ...]  # empty unless it is this seat's turn

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and self.winner is None


def spectator(state: MatchState) -> Observation:
    """The view of someone watching: what is public, from seat 0's chair: no hand and no move
    to choose (every other field of a seat's view is public: counts, the table, piles, the open
    hand's face-up cards, the moves)."""
    return replace(observation(state, 0), hand=(), legal_moves=())


def observation(state: MatchState, seat: int) -> Observation:
    """The view of the match from ``seat``."""
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat} in a {state.players}-player match")
    # The state's private card ids and masks: the engine's own modules read them directly.
    captured, shown = state._captured, state._revealed
    piles = side_masks(state.rules, list(captured))
    revealed = tuple(tuple(CARDS[c] for c in hand if shown >> c & 1) for hand in state._hands)
    return Observation(
        seat=seat,
        rules=state.rules,
        round_no=state.round_no,
        deal_no=state.deal_no,
        dealer=state.dealer,
        turn=state.turn,
        hand=state.hand(seat),
        table=state.table,
        hand_counts=tuple(len(h) for h in state._hands),
        stock_count=state.stock_count,
        revealed=revealed,
        first_table=state.current.deals[0].table,
        moves=state.current.moves,
        captured=tuple(tuple(CARDS[c] for c in ids_of(mask)) for mask in captured),
        piles=tuple(tuple(CARDS[c] for c in ids_of(mask)) for mask in piles),
        clubs=tuple(clubs_in(mask) for mask in piles),
        points=score_round(state.rules, piles, list(state.surs()), final=state.finished),
        deal_start=state.current.deals[-1].at,
        last_capturer=state.last_capturer,
        surs=state.surs(),
        totals=state.totals,
        finished_rounds=state.rounds,
        winner=state.winner,
        legal_moves=tuple(state.legal_moves()) if state.turn == seat else (),
    )
