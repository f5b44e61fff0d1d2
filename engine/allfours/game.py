"""All Fours as the rest of the code sees every game: `GAME`, its `engine.game.Game`.

>>> from engine.allfours.game import GAME
>>> state = GAME.new_match(5, GAME.rules(players=4))
>>> GAME.seats_of(state.rules), [str(m) for m in GAME.legal_moves(state)]
(4, ['stand', 'beg'])
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.allfours import events, position, records
from engine.allfours.ai import LEVELS, Player, bot
from engine.allfours.arena import run_arena
from engine.allfours.match import MatchState, new_match
from engine.allfours.moves import Move
from engine.allfours.observation import Observation, observation, spectator
from engine.allfours.review import Decision, decision_count, review
from engine.allfours.rules import PRESETS, Rules
from engine.events import Event
from engine.game import Game, Reviewer
from engine.options import Option


class AllFours:
    """Trinidad's All Fours (docs/all-fours.md): 2 seats, or 4 as two partnerships."""

    name = "allfours"
    seat_counts: tuple[int, ...] = (2, 4)
    # "random" is a level for tests and benchmarks, never offered
    levels: tuple[str, ...] = tuple(level for level in LEVELS if level != "random")
    record_format = records.RECORD_FORMAT
    position_format = position.POSITION_FORMAT
    presets: tuple[str, ...] = PRESETS
    options: tuple[Option, ...] = ()  # the Trinidad rules are the only ones: nothing to set

    def rules(self, players: int) -> Rules:
        return Rules(players=players)

    def preset(self, name: str, **changes: Any) -> Rules:
        return Rules.preset(name, **changes)

    def rules_from_dict(self, data: Mapping[str, Any]) -> Rules:
        return Rules.from_dict(dict(data))

    def rules_to_dict(self, rules: Rules) -> dict[str, Any]:
        return rules.to_dict()

    def renewed(self, rules: Rules) -> Rules:
        return replace(rules, first_dealer=Rules().first_dealer)  # matches from before the cut cut now

    def seats_of(self, rules: Rules) -> int:
        return rules.players

    def side_of(self, rules: Rules, seat: int) -> int:
        return rules.side_of(seat)

    def teams(self, rules: Rules) -> bool:
        return rules.teams

    def target(self, rules: Rules) -> int:
        return rules.target

    def new_match(self, seed: int, rules: Rules) -> MatchState:
        return new_match(seed, rules)

    def legal_moves(self, state: MatchState) -> Sequence[Move]:
        return state.legal_moves()

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def apply(self, state: MatchState, move: Move) -> MatchState:
        return state.apply(move)

    def events(self, state: MatchState, seat: int) -> tuple[Event, ...]:
        if state.last is not None:
            return state.last.events_for(seat)
        return tuple(events.seen_by(event, seat) for event in state.opening)

    def rules_of(self, state: MatchState) -> Rules:
        return state.rules

    def turn(self, state: MatchState) -> int:
        return state.turn

    def ply(self, state: MatchState) -> int:
        return state.ply

    def winner(self, state: MatchState) -> int | None:
        return state.winner

    def totals(self, state: MatchState) -> tuple[int, ...]:
        return state.totals

    def rounds_played(self, state: MatchState) -> int:
        return len(state.rounds)

    def observation(self, state: MatchState, seat: int) -> Observation:
        return observation(state, seat)

    def spectator(self, state: MatchState) -> Observation:
        return spectator(state)

    def bot(self, level: str, seed: int | None = None, **settings: Any) -> Player:
        return bot(level, seed, **settings)

    def arena(
        self,
        a: str,
        b: str,
        pairs: int,
        seed: int,
        rules: Rules,
        processes: int,
        a_settings: dict[str, Any],
        b_settings: dict[str, Any],
    ) -> dict[str, Any]:
        return run_arena(a, b, pairs, seed, rules, processes, a_settings, b_settings)

    def review(self, state: MatchState, moves: Sequence[Move], seat: int, seed: int) -> Iterator[Decision[Move]]:
        return review(state, moves, seat, seed)

    def decision_count(self, state: MatchState, moves: Sequence[Move], seat: int) -> int:
        return decision_count(state, moves, seat)

    def record(self, state: MatchState, seats: list[str] | None = None) -> dict[str, Any]:
        return records.record(state, seats)

    def replay(self, data: Mapping[str, Any]) -> MatchState:
        return records.replay(dict(data))

    def to_text(self, state: MatchState) -> str:
        return position.to_text(state)

    def from_text(self, text: str) -> MatchState:
        return position.from_text(text)


GAME: Game[MatchState, Move, Rules, Observation] = AllFours()
REVIEWER: Reviewer = AllFours()  # mypy checks that its review is a `Reviewer`'s
