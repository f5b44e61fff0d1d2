"""Chaharbargh's replay of a finished match: the table at a chosen move, every hand shown, drawn
by the live table's own pieces (templates/_table.html)."""

from __future__ import annotations

from dataclasses import dataclass

from engine import MatchState, observation

from ...common_views import CardView, ReplaySteps, card_view, replay_steps, seat_levels, seating_of, urls
from ...i18n import digits_in, t
from ...table import Table
from .move_log import MoveLine, move_line
from .scores import SideView, live_sides
from .seat_views import SeatView, seats_view, turn_order
from .views import rules_summary


@dataclass
class ReplayView:
    """One position of a finished match's replay, drawn as the table (templates/_table.html):
    the seats with every hand, the table, the piles and the score panel, the move that led
    here, and the addresses of the positions before and after."""

    ply: int
    last_ply: int
    position: str  # "move 12 of 140"
    round_no: str
    players: int
    seats: list[SeatView]  # every other seat, its hand `shown`
    turn_order: str
    you_deal: bool
    hand: list[CardView]  # the person's hand
    table: list[CardView]
    stock_count: int
    sides: list[SideView]
    rules_summary: list[str]
    last_move: MoveLine | None
    round_ended: bool  # the move shown ended a round (the table shows the next round's deal)
    urls: dict[str, str]
    steps: ReplaySteps  # the four step buttons' addresses


def replay_view(loaded: Table, state: MatchState, ply: int, last_ply: int, lang: str) -> ReplayView:
    """The replay at `ply`: `state` is the match replayed by the engine up to `ply` moves.

    Every seat's hand is shown, read from the state itself, not from a seat's observation: the
    route serves this only for a finished match, when the game record (with its seed, hence every
    card of every deal) is already the player's, and every card dealt in a round was played in it.
    Everything else comes from the asking person's seat's observation, as at the table.
    """
    view = observation(state, loaded.seat)
    players = view.rules.players
    seating = seating_of(loaded)
    d = digits_in(lang)
    page = urls(loaded.match.id, loaded.key)
    level, turn = t(lang, f"level_{loaded.match.level}"), view.turn if view.winner is None else None
    seats = seats_view(view, lang, level, turn, seating, seat_levels(loaded, lang))
    for seat in seats:
        seat.shown = [card_view(c, lang) for c in state.hand(seat.seat)]
    played, round_ended = None, False
    if view.moves:
        played = view.moves[-1]
    elif ply > 0 and view.finished_rounds:
        played, round_ended = view.finished_rounds[-1].moves[-1], True
    return ReplayView(
        ply=ply,
        last_ply=last_ply,
        position=t(lang, "replay_position", n=d(ply), total=d(last_ply)),
        round_no=d(len(view.finished_rounds) + (0 if view.winner is not None else 1)),
        players=players,
        seats=seats,
        turn_order=turn_order(players, lang, seating),
        you_deal=view.dealer == loaded.seat,
        hand=[card_view(c, lang) for c in state.hand(loaded.seat)],
        table=[card_view(c, lang) for c in view.table],
        stock_count=view.stock_count,
        sides=live_sides(view, lang, view.points, seating),
        rules_summary=rules_summary(view.rules, lang),
        last_move=move_line(played.seat, played, lang, players, seating) if played else None,
        round_ended=round_ended,
        urls=page,
        steps=replay_steps(page["replay"], ply, last_ply),
    )
