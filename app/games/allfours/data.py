"""What the All Fours rules examples and tutorial share: reading their TOML data files (checked
at start-up, with an error naming the file, the entry and the field), and running a position's
moves through the engine.

A claim is what the data says the engine will do with an entry's moves; the page never prints
a claim, and the tests (tests/app/test_allfours_examples.py) check every one against `run`, so
the words and the game cannot drift apart. The claims an entry may make (every one optional):

  legal         the moves the engine allows at the position, before the first move
  refused       [move, reason] pairs the engine refuses at the position, with its reason
  trump         the trump suit after the moves
  lines         [kind, side, points] of the round's score lines after the moves: the lines of the
                round the moves ended, else the lines so far of the round in progress
  not_counted   the kinds of those lines scored after the match was already won
  game_counts   what each side's tricks counted towards Game in the round the moves ended
  trick_winner  the seat that won the last trick the moves finished
  totals        the match totals after the moves
  phase, turn   the phase and the seat to move after the moves
  hand_sizes    every seat's number of cards after the moves
  winner        the side that won the match

>>> r = run("allfours-position/1 rules=p2,t14 seed=0 round=0 redeal=0 dealer=1 phase=beg turn=0 "
...         "hands=2C/3C dealt=2C/3C stock=- turned=AH trick=- piles=-/- totals=0/1 winner=-", ["beg", "one"])
>>> r.end.phase, r.end.totals
('play', (1, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from engine.allfours import IllegalMove, MatchState, Move, Outcome, PositionError, Reason, RoundLog, from_text
from engine.allfours.match import PHASES
from engine.allfours.scoring import KINDS, ScoreLine

from ...datafile import DataError

LANGS = ("fa", "en")
SUITS = ("C", "D", "H", "S")
REASONS = tuple(r.value for r in Reason)


# --- reading (app/datafile.py: the file and its [[entries]]; here: each entry's fields) --------


class Fields:
    """One entry's fields, read with the entry named in every error."""

    def __init__(self, entry: dict[str, Any], where: str, allowed: set[str]) -> None:
        self.entry, self.where = entry, where
        unknown = set(entry) - allowed
        if unknown:
            self.fail(f"unknown field(s) {', '.join(sorted(unknown))}")

    def fail(self, message: str) -> NoReturn:
        raise DataError(f"{self.where}: {message}")

    def text(self, name: str) -> str:
        value = self.entry.get(name)
        if not isinstance(value, str) or not value.strip():
            self.fail(f"{name} must be a non-empty string")
        return value

    def texts(self, name: str) -> dict[str, str]:
        """A text in both languages: ``name.fa`` and ``name.en``."""
        value = self.entry.get(name)
        if not isinstance(value, dict) or set(value) != set(LANGS):
            self.fail(f"{name} must have exactly the languages {' and '.join(LANGS)} ({name}.fa, {name}.en)")
        for lang in LANGS:
            if not isinstance(value[lang], str) or not value[lang].strip():
                self.fail(f"{name}.{lang} must be a non-empty string")
        return dict(value)

    def moves(self, name: str, required: bool = False) -> tuple[str, ...]:
        value = self.entry.get(name, [])
        if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
            self.fail(f"{name} must be a list of move texts")
        if required and not value:
            self.fail(f"{name} must name at least one move")
        for text in value:
            try:
                Move.parse(text)
            except IllegalMove:
                self.fail(f"{name}: {text!r} is not a move (a card code, stand, beg, one or run)")
        return tuple(value)

    def position(self, name: str = "position") -> str:
        text = self.text(name)
        try:
            from_text(text)
        except PositionError as error:
            self.fail(f"{name}: {error}")
        return text

    def claims(self, name: str = "claim") -> dict[str, Any]:
        value = self.entry.get(name, {})
        if not isinstance(value, dict):
            self.fail(f"{name} must be a table")
        return check_claims(value, f"{self.where}: {name}")


def _ints(value: Any, count: int | None = None) -> bool:
    return (
        isinstance(value, list)
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        and (count is None or len(value) == count)
    )


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _line(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 3 and value[0] in KINDS and value[1] in (0, 1) and _int(value[2])


def _moves(value: Any) -> bool:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return False
    try:
        [Move.parse(v) for v in value]
    except IllegalMove:
        return False
    return True


CLAIMS = {
    "legal": (_moves, "a list of move texts"),
    "refused": (
        lambda v: (
            isinstance(v, list)
            and all(isinstance(p, list) and len(p) == 2 and _moves([p[0]]) and p[1] in REASONS for p in v)
        ),
        f"a list of [move, reason] pairs, the reason one of {', '.join(REASONS)}",
    ),
    "trump": (lambda v: v in SUITS, "one of C, D, H, S"),
    "lines": (lambda v: isinstance(v, list) and all(_line(x) for x in v), "a list of [kind, side, points]"),
    "not_counted": (lambda v: isinstance(v, list) and all(k in KINDS for k in v), f"a list of {', '.join(KINDS)}"),
    "game_counts": (lambda v: _ints(v, 2), "two whole numbers"),
    "trick_winner": (_int, "a seat"),
    "totals": (lambda v: _ints(v, 2), "two whole numbers"),
    "phase": (lambda v: v in PHASES, f"one of {', '.join(PHASES)}"),
    "turn": (_int, "a seat"),
    "hand_sizes": (lambda v: _ints(v), "a list of whole numbers"),
    "winner": (lambda v: v in (0, 1), "a side, 0 or 1"),
}


def check_claims(claim: dict[str, Any], where: str) -> dict[str, Any]:
    for key, value in claim.items():
        if key not in CLAIMS:
            raise DataError(f"{where}: unknown claim {key!r} (one of {', '.join(CLAIMS)})")
        ok, expected = CLAIMS[key]
        if not ok(value):
            raise DataError(f"{where}: claim {key} = {value!r} must be {expected}")
    return claim


# --- running ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    seat: int
    move: Move
    before: MatchState
    after: MatchState

    @property
    def outcome(self) -> Outcome:
        assert self.after.last is not None
        return self.after.last


@dataclass(frozen=True)
class Run:
    """A position and what the engine did with its moves, one `Step` per move."""

    start: MatchState
    steps: tuple[Step, ...]

    @property
    def end(self) -> MatchState:
        return self.steps[-1].after if self.steps else self.start

    @property
    def legal(self) -> tuple[Move, ...]:
        return tuple(self.start.legal_moves())

    def refusal(self, text: str) -> Reason | None:
        """Why the engine refuses the move `text` at the position, or None if it allows it."""
        try:
            self.start.apply(Move.parse(text))
        except IllegalMove as error:
            return error.reason
        return None

    @property
    def ended(self) -> RoundLog | None:  # the round the moves ended, if they did
        for step in self.steps:
            if step.outcome.round_over is not None:
                return step.outcome.round_over
        return None

    @property
    def lines(self) -> tuple[ScoreLine, ...]:
        ended = self.ended
        return ended.lines if ended is not None else self.end.lines

    @property
    def last_trick_winner(self) -> int | None:
        won = [s.outcome.trick.winner for s in self.steps if s.outcome.trick is not None]
        return won[-1] if won else None


def run(position: str, moves: Sequence[str]) -> Run:
    """Read `position` and make `moves` in turn with `MatchState.apply` (which refuses an illegal one)."""
    state = from_text(position)
    start, steps = state, []
    for text in moves:
        after = state.apply(Move.parse(text))
        steps.append(Step(state.turn, Move.parse(text), state, after))
        state = after
    return Run(start, tuple(steps))


def check_moves(fields: Fields, position: str, moves: Sequence[str], name: str) -> Run:
    """`run`, with a move the engine refuses reported as a data error."""
    try:
        return run(position, moves)
    except IllegalMove as error:
        fields.fail(f"{name}: the engine refuses a move: {error}")
        raise  # not reached
