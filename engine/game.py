"""What every game offers the rest of the code: one typed protocol, checked by mypy --strict.

A game is a package (`engine.chaharbargh`, `engine.allfours`) whose `game.py` holds one object
that satisfies `Game`; `engine.games` lists them. Everything outside the games (the command line,
the arena, the web table) works through this protocol, so a new game is its own package and
one line in the registry.

>>> from engine import games
>>> game = games.get("allfours")
>>> state = game.new_match(3, game.rules(players=2))
>>> move = game.parse_move("stand")
>>> move in game.legal_moves(state), game.apply(state, move).turn
(True, 0)
>>> view = game.observation(state, 1)  # what seat 1 may see: its own hand, not seat 0's
>>> text = game.to_text(state)
>>> game.to_text(game.from_text(text)) == text
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Generic, Protocol, Self, TypeVar, runtime_checkable

from engine.events import Event
from engine.options import Option
from engine.review import Bands, Decision

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
RulesT = TypeVar("RulesT")
ViewT = TypeVar("ViewT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
MoveT_co = TypeVar("MoveT_co", covariant=True)


@runtime_checkable
class Reviewer(Protocol):
    """A game whose pro can review a seat's decisions (both games' can: `engine.review`)."""

    bands: Bands  # its verdicts' bounds, which also say which decisions count in an accuracy

    def review(self, state: Any, moves: Sequence[Any], seat: int, seed: int) -> Iterator[Decision[Any]]:
        """The decisions of `seat` as `moves` are played from `state`, one at a time
        (`engine.review.review` with the game's judge)."""
        ...

    def decision_count(self, state: Any, moves: Sequence[Any], seat: int) -> int:
        """How many decisions `review` yields for the same moves, without valuing any."""
        ...


@runtime_checkable
class SurCounter(Protocol):
    """A game whose rounds score surs (Chaharbargh's): the history's statistics count them."""

    def surs(self, state: Any) -> tuple[int, ...]:
        """Each side's surs over the finished rounds, as each round's score sheet counts them
        (a sur that scores nothing, in the last deal or cancelled, is not counted)."""
        ...


class Player(Protocol[ViewT_contra, MoveT_co]):
    """A computer player of any game: a seat's view in, one of its legal moves out."""

    def choose(self, view: ViewT_contra) -> MoveT_co: ...


class Game(Protocol[StateT, MoveT, RulesT, ViewT]):
    """One game, as the rest of the code may use it. `StateT` is a whole match at one moment
    (every hidden card: never sent to a player), `ViewT` what one seat may see of it."""

    name: str  # the registry's key, stored with every match ("chaharbargh", "allfours")
    seat_counts: tuple[int, ...]  # the numbers of seats it is played at
    levels: tuple[str, ...]  # the computer levels offered to players, weakest first
    record_format: str  # the name and version of its game record ("chaharbargh-record/1")
    position_format: str  # the name and version of its position text
    presets: tuple[str, ...]  # its named rule sets, the default first
    options: tuple[Option, ...]  # the rule options a player may set (engine.options), in the order offered

    # --- rules -----------------------------------------------------------------------------
    def rules(self, players: int) -> RulesT:
        """The default rules at `players` seats; `ValueError` for a seat count it is not played at."""
        ...

    def preset(self, name: str, **changes: Any) -> RulesT:
        """The preset `name` (one of `presets`) with some options changed; `ValueError` for an
        unknown preset or option, or a value the game does not allow."""
        ...

    def rules_from_dict(self, data: Mapping[str, Any]) -> RulesT:
        """Rules as stored (the inverse of `rules_to_dict`); `ValueError` for malformed data."""
        ...

    def rules_to_dict(self, rules: RulesT) -> dict[str, Any]: ...

    def renewed(self, rules: RulesT) -> RulesT:
        """The rules a new match with these settings plays under (a rematch): the same, but an
        option kept only so that old matches replay as they were played takes today's value."""
        ...

    def seats_of(self, rules: RulesT) -> int:
        """How many seats play under `rules`."""
        ...

    def side_of(self, rules: RulesT, seat: int) -> int:
        """The side `seat` scores for (its own with no teams; seats 0 and 2 are side 0 with teams)."""
        ...

    def teams(self, rules: RulesT) -> bool:
        """Whether the seats play as two partnerships (seats 0 and 2 against 1 and 3)."""
        ...

    def target(self, rules: RulesT) -> int:
        """The points that win the match."""
        ...

    # --- playing ---------------------------------------------------------------------------
    def new_match(self, seed: int, rules: RulesT) -> StateT:
        """A new match, dealt from `seed` (the same seed and rules give the same match)."""
        ...

    def legal_moves(self, state: StateT) -> Sequence[MoveT]:
        """The moves the seat to play may make; none when the match is over."""
        ...

    def parse_move(self, text: str) -> MoveT:
        """A move from its text (`str(move)` is the inverse); `ValueError` if it names none."""
        ...

    def apply(self, state: StateT, move: MoveT) -> StateT:
        """The next state; an `engine.errors.IllegalMove` (its `reason` the rule that refuses it)
        if the move is not legal."""
        ...

    def events(self, state: StateT, seat: int) -> tuple[Event, ...]:
        """What the move that led to `state` did, as `seat` may see it (the deal at a match's start)."""
        ...

    def rules_of(self, state: StateT) -> RulesT:
        """The rules the match is played under."""
        ...

    def turn(self, state: StateT) -> int:
        """The seat to play."""
        ...

    def ply(self, state: StateT) -> int:
        """How many moves the match has had."""
        ...

    def winner(self, state: StateT) -> int | None:
        """The side that won the match, or None while it is being played."""
        ...

    def totals(self, state: StateT) -> tuple[int, ...]:
        """Each side's match points so far."""
        ...

    def rounds_played(self, state: StateT) -> int:
        """How many rounds are finished."""
        ...

    def observation(self, state: StateT, seat: int) -> ViewT:
        """What `seat` may see: its own hand and what is public, nothing else."""
        ...

    def spectator(self, state: StateT) -> ViewT:
        """What someone watching may see: only what is public (a seat's view without its hand or
        moves to choose; `events(state, NO_SEAT)` are the events they may see)."""
        ...

    def bot(self, level: str, seed: int | None = None, **settings: Any) -> Player[ViewT, MoveT]:
        """A computer player of `level` (one of `levels`, or a level kept for benchmarks) with its
        own seeded generator; `settings` pass to it (`budget_ms`); `ValueError` for no such level."""
        ...

    def arena(
        self,
        a: str,
        b: str,
        pairs: int,
        seed: int,
        rules: RulesT,
        processes: int,
        a_settings: dict[str, Any],
        b_settings: dict[str, Any],
    ) -> dict[str, Any]:
        """Duplicate matches between levels `a` and `b` until `pairs` deck pairs are played: the
        summary of `engine.tools.arena.summarise`."""
        ...

    # --- records and positions ---------------------------------------------------------------
    def record(self, state: StateT, seats: list[str] | None = None) -> dict[str, Any]:
        """The match as a JSON-ready game record in `record_format`."""
        ...

    def replay(self, data: Mapping[str, Any]) -> StateT:
        """The state a record describes, replayed move by move; `ValueError` for a bad record."""
        ...

    def to_text(self, state: StateT) -> str:
        """The whole position as one line of text in `position_format`."""
        ...

    def from_text(self, text: str) -> StateT:
        """The state a `to_text` line describes; `ValueError` if malformed."""
        ...


AnyGame = Game[Any, Any, Any, Any]
"""A game whose types the caller does not know: what the registry hands out."""


# --- the half of a `Game` that every game of the engine shares ------------------------------------
class Rulebook(Protocol):
    """What `StateGame` reads off a game's rules."""

    @property
    def players(self) -> int: ...
    @property
    def teams(self) -> bool: ...
    @property
    def target(self) -> int: ...
    def side_of(self, seat: int) -> int: ...
    def to_dict(self) -> dict[str, Any]: ...


RulesT_co = TypeVar("RulesT_co", bound=Rulebook, covariant=True)


class State(Protocol[MoveT, RulesT_co]):
    """A match that answers for itself: what `StateGame` reads off a game's state (both games'
    `MatchState` are one)."""

    @property
    def rules(self) -> RulesT_co: ...
    @property
    def turn(self) -> int: ...
    @property
    def ply(self) -> int: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def rounds(self) -> Sequence[object]: ...
    def legal_moves(self) -> Sequence[MoveT]: ...
    def apply(self, move: MoveT) -> Self: ...


S = TypeVar("S", bound=State[Any, Any])
R = TypeVar("R", bound=Rulebook)


class StateGame(Generic[S, MoveT, R]):
    """The members of `Game` that only read the state and the rules, written once: a game whose
    state is a `State` and whose rules are a `Rulebook` subclasses this and adds its own facts
    and functions (its name, seats, levels, dealing, views, computer players, records).

    >>> from engine.allfours.game import AllFours
    >>> game = AllFours()
    >>> state = game.new_match(5, game.rules(players=4))
    >>> game.ply(state), game.ply(game.apply(state, game.parse_move("stand"))), game.teams(game.rules_of(state))
    (0, 1, True)
    """

    def rules_to_dict(self, rules: R) -> dict[str, Any]:
        return rules.to_dict()

    def renewed(self, rules: R) -> R:
        return rules  # unless the game says otherwise, every option is still played as stored

    def seats_of(self, rules: R) -> int:
        return rules.players

    def side_of(self, rules: R, seat: int) -> int:
        return rules.side_of(seat)

    def teams(self, rules: R) -> bool:
        return rules.teams

    def target(self, rules: R) -> int:
        return rules.target

    def legal_moves(self, state: S) -> Sequence[MoveT]:
        return state.legal_moves()

    def apply(self, state: S, move: MoveT) -> S:
        return state.apply(move)

    def rules_of(self, state: S) -> R:
        rules: R = state.rules  # S's rules are R: the one thing its bound cannot say
        return rules

    def turn(self, state: S) -> int:
        return state.turn

    def ply(self, state: S) -> int:
        return state.ply

    def winner(self, state: S) -> int | None:
        return state.winner

    def totals(self, state: S) -> tuple[int, ...]:
        return state.totals

    def rounds_played(self, state: S) -> int:
        return len(state.rounds)
