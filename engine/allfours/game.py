"""All Fours as the rest of the code sees every game: `GAME`, its `engine.game.Game`.

>>> from engine.allfours.game import GAME
>>> state = GAME.new_match(5, GAME.rules(players=4))
>>> GAME.seats_of(state.rules), [str(m) for m in GAME.legal_moves(state)]
(4, ['stand', 'beg'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.allfours import arena, events, position, records
from engine.allfours.ai import LEVELS, bot
from engine.allfours.match import MatchState, new_match
from engine.allfours.moves import Move
from engine.allfours.observation import Observation, observation, spectator
from engine.allfours.review import VERDICTS, decision_count, review
from engine.allfours.rules import PRESETS, Rules
from engine.events import Event
from engine.game import Game, Reviewer, StateGame
from engine.options import Option


class AllFours(StateGame[MatchState, Move, Rules]):
    """Trinidad's All Fours (docs/all-fours.md): 2 seats, or 4 as two partnerships."""

    name = "allfours"
    seat_counts: tuple[int, ...] = (2, 4)
    # "random" is a level for tests and benchmarks, never offered
    levels: tuple[str, ...] = tuple(level for level in LEVELS if level != "random")
    record_format = records.RECORD_FORMAT
    position_format = position.POSITION_FORMAT
    presets: tuple[str, ...] = PRESETS
    options: tuple[Option, ...] = ()  # the Trinidad rules are the only ones: nothing to set

    # the game's own functions are the protocol's methods as they are
    new_match = staticmethod(new_match)
    parse_move = staticmethod(Move.parse)
    preset = staticmethod(Rules.preset)
    observation = staticmethod(observation)
    spectator = staticmethod(spectator)
    bot = staticmethod(bot)
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

    def renewed(self, rules: Rules) -> Rules:
        return replace(rules, first_dealer=Rules().first_dealer)  # matches from before the cut cut now

    def replay(self, data: Mapping[str, Any]) -> MatchState:
        return records.replay(dict(data))

    def events(self, state: MatchState, seat: int) -> tuple[Event, ...]:
        if state.last is not None:
            return state.last.events_for(seat)
        return tuple(events.seen_by(event, seat) for event in state.opening)


GAME: Game[MatchState, Move, Rules, Observation] = AllFours()
REVIEWER: Reviewer = AllFours()  # mypy checks that its review is a `Reviewer`'s
