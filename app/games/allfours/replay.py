"""The replay of a finished All Fours match, move by move (`GET /m/{id}/{secret}/replay?ply=N`).

The route (app/routes/play.py, then `allfours.replay_response`) serves it only once the match is
over, when its record (with the seed, hence every card of every deal) is already the player's:
so every seat's hand is shown, read from the state the engine replayed. The rest is the person's
observation, drawn by the live table's pieces (templates/allfours/_table.html); what was scored
comes from the engine's score lines, as on the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.allfours import MatchState, observation

from ...common_views import CardView, ReplaySteps, card_view, replay_steps, seating_of, urls
from ...i18n import digits_in, t
from ...table import Table
from .examples import move_words
from .views import (
    AfLine,
    AfPlayed,
    AfSeat,
    cut_words,
    hand_order,
    line_view,
    seat_views,
    suit_name,
    taken_trick,
    tricks_view,
)


@dataclass
class AfReplayView:
    """One position of a finished All Fours match's replay, drawn as the table."""

    ply: int
    last_ply: int
    position: str
    round_no: str
    cut: str  # the cut for the first deal, told during round one ("" otherwise)
    last_move: str | None
    round_ended: bool
    players: int
    level: str
    seats: list[AfSeat]  # every other seat, its hand `shown`
    hand: list[CardView]  # the person's hand
    turnup: list[CardView]
    trump: str
    trick: list[AfPlayed]  # the trick in progress
    last_trick: list[AfPlayed]  # else the last one taken (at a round's end, the round's last)
    last_winner: str
    sides: list[tuple[str, str]]  # (name, total)
    target: str
    dealer: str
    this_round: list[AfLine]  # this round's score lines so far, or the round the last move ended
    urls: dict[str, str]
    steps: ReplaySteps  # the four step buttons' addresses


def replay_view(loaded: Table, state: MatchState, ply: int, last_ply: int, lang: str) -> AfReplayView:
    """The replay at `ply`: `state` is the match replayed by the engine up to `ply` moves."""
    view = observation(state, loaded.seat)
    rules, players = state.rules, state.players
    seating = seating_of(loaded)
    d = digits_in(lang)
    page = urls(loaded.match.id, loaded.key)
    outcome = state.last
    ended = outcome.round_over if outcome is not None else None
    last_move = None
    if outcome is not None:
        last_move = t(lang, "af_said", who=seating.name(outcome.seat, lang), what=move_words(outcome.move, lang))
    trick, last_trick, taker = tricks_view(view, lang, seating)
    if not trick and not last_trick and outcome is not None and outcome.trick is not None:
        last_trick, taker = taken_trick(outcome.trick, seating, lang)  # the round's last, shown with the next deal
    seats = seat_views(view, lang, playing=not state.finished, seating=seating)
    for seat in seats:
        seat.shown = [card_view(c, lang) for c in hand_order(state.hand(seat.seat), view.is_trump)]
    return AfReplayView(
        ply=ply,
        last_ply=last_ply,
        position=t(lang, "replay_position", n=d(ply), total=d(last_ply)),
        round_no=d(len(state.rounds) + (0 if state.finished else 1)),
        cut=cut_words(state.cut, seating, lang) if state.cut is not None and not state.rounds else "",
        last_move=last_move,
        round_ended=ended is not None,
        players=players,
        level=t(lang, f"level_{loaded.match.level}"),
        seats=seats,
        hand=[card_view(c, lang) for c in hand_order(state.hand(loaded.seat), view.is_trump)],
        turnup=[card_view(c, lang, selected=i == len(state.turned) - 1) for i, c in enumerate(state.turned)],
        trump=suit_name(state.trump, lang),
        trick=trick,
        last_trick=last_trick,
        last_winner=taker,
        sides=[(seating.side(s, rules, lang), d(state.totals[s])) for s in range(rules.sides)],
        target=d(rules.target),
        dealer=seating.name(state.dealer, lang),
        this_round=[line_view(line, view, lang, seating) for line in (state.lines if ended is None else ended.lines)],
        urls=page,
        steps=replay_steps(page["replay"], ply, last_ply),
    )
