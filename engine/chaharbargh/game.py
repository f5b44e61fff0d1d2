"""Chaharbargh as the rest of the code sees every game: `GAME`, its `engine.game.Game`.

>>> from engine.chaharbargh.game import GAME
>>> state = GAME.new_match(5, GAME.rules(players=3))
>>> GAME.seats_of(state.rules), GAME.turn(state), len(GAME.legal_moves(state)) > 0
(3, 0, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.chaharbargh import arena, position, records
from engine.chaharbargh.ai import players
from engine.chaharbargh.ai.review import VERDICTS, decision_count, review
from engine.chaharbargh.match import MatchState, new_match
from engine.chaharbargh.moves import Move
from engine.chaharbargh.observation import Observation, observation, spectator
from engine.chaharbargh.options import OPTIONS
from engine.chaharbargh.rules import PRESETS, Rules
from engine.events import Event
from engine.game import Game, Reviewer, StateGame, SurCounter
from engine.options import Option


class Chaharbargh(StateGame[MatchState, Move, Rules]):
    """The Persian fishing game (docs/rules.md): 2, 3 or 4 seats, four as two partnerships."""

    name = "chaharbargh"
    seat_counts: tuple[int, ...] = (2, 3, 4)
    # "random" is a level for tests and benchmarks, never offered
    levels: tuple[str, ...] = tuple(level for level in players.LEVELS if level != "random")
    record_format = records.RECORD_FORMAT
    position_format = position.POSITION_FORMAT
    presets: tuple[str, ...] = tuple(PRESETS)
    options: tuple[Option, ...] = OPTIONS

    # the game's own functions are the protocol's methods as they are
    new_match = staticmethod(new_match)
    parse_move = staticmethod(Move.parse)
    preset = staticmethod(Rules.preset)
    observation = staticmethod(observation)
    spectator = staticmethod(spectator)
    bot = staticmethod(players.bot)
    arena = staticmethod(arena.run_arena)
    review = staticmethod(review)
    bands = VERDICTS
    decision_count = staticmethod(decision_count)
    record = staticmethod(records.record)
    to_text = staticmethod(position.to_text)
    from_text = staticmethod(position.from_text)

    def rules(self, players: int) -> Rules:
        return Rules(players=players)

    def rules_from_dict(self, data: Mapping[str, Any]) -> Rules:
        return Rules.from_dict(dict(data))

    def replay(self, data: Mapping[str, Any]) -> MatchState:
        return records.replay(dict(data))

    def surs(self, state: MatchState) -> tuple[int, ...]:
        sheets = [r.score for r in state.rounds if r.score]
        return tuple(sum(sheet[side].surs for sheet in sheets) for side in range(len(state.totals)))

    def events(self, state: MatchState, seat: int) -> tuple[Event, ...]:
        if state.last is not None:
            return state.last.events_for(seat)
        return tuple(event.seen_by(seat, state.face_up) for event in state.opening)


GAME: Game[MatchState, Move, Rules, Observation] = Chaharbargh()
REVIEWER: Reviewer = Chaharbargh()  # mypy checks that its review is a `Reviewer`'s
SUR_COUNTER: SurCounter = Chaharbargh()  # and that it counts surs as a `SurCounter` does
