"""The summary on a match row (migration 0016): its `status`, each side's match score (`totals`),
the winning side (`winner`), when it finished (`finished_at`) and each side's surs (`surs`, for a
game whose rounds score them), so that the lists of matches (the history page and its
statistics, `/me`, the home page's saved matches) read rows and never replay a match.

`summarize` sets them from the engine's state in the same transaction as the move, sheet or undo
that changes it (app/store.py `_save`), and on a new match. Every figure is the engine's
(`winner`, `totals`, `engine.game.SurCounter`): the app sums no card and decides no score. A row
still without one (written by a server older than 0016 while a new one already ran, or of a game
the migration could not replay) is filled the first time a list reads it (`Store.listed`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, cast

from engine.game import AnyGame, SurCounter

from .models import Match
from .seats import Seats
from .table import State, finished, game_of

SUMMARY_COLUMNS = ("status", "totals", "winner", "finished_at", "surs")


def summarize(match: Match, state: State, at: datetime) -> dict[str, Any]:
    """Set the summary columns of `match` from its state (`at`: now, when it finishes now); the
    columns that changed, with their new values (a row written with a move writes only those).
    A practice is one round with no match score: its winner is the side that scored the most in
    it, None on a tie."""
    game = game_of(match)
    totals = game.totals(state)
    over = finished(match, state)
    winner = game.winner(state)
    if over and match.mode == "practice":
        best = max(totals)
        winner = totals.index(best) if totals.count(best) == 1 else None
    summary = {
        "status": "over" if over else "playing",
        "totals": json.dumps(list(totals)),
        "winner": winner if over else None,
        "finished_at": (match.finished_at or at) if over else None,
        "surs": json.dumps(list(cast(SurCounter, game).surs(state))) if counts_surs(type(game)) else None,
    }
    stored = match.__dict__  # the row's values (an attribute's descriptor costs more than the comparison)
    changed = {name: value for name, value in summary.items() if stored.get(name) != value}
    for name, value in changed.items():  # most moves change none: a model's setattr is dear
        setattr(match, name, value)
    return changed


@cache
def counts_surs(kind: type) -> bool:
    """Whether a game's rounds score surs (a protocol's isinstance looks at every member, each time)."""
    return issubclass(kind, SurCounter)


def summary_values(match: Match) -> dict[str, Any]:
    """The summary columns of `match`, as written to its row."""
    return {name: getattr(match, name) for name in SUMMARY_COLUMNS}


@dataclass(frozen=True)
class Listed:
    """A match as a list shows it to the person at `seat`: its row, summary included, and its
    seat rows, never its state (nothing is replayed to list a match)."""

    match: Match
    seats: Seats
    seat: int

    @property
    def key(self) -> str:
        """What the seat's table address has after the match's id (as `Table.key`)."""
        return self.seats.secret(self.seat) or self.seats.secret(0) or ""

    @property
    def practice(self) -> bool:
        return self.match.mode == "practice"

    @property
    def over(self) -> bool:
        return self.match.status == "over"

    @property
    def game(self) -> AnyGame:
        return game_of(self.match)

    @property
    def rules(self) -> Any:
        """The rules the match is played under, read from its row."""
        return self.game.rules_from_dict(json.loads(self.match.rules))

    @property
    def side(self) -> int:
        """The side the asking seat scores for (the engine's rules: a partner's side is theirs)."""
        return self.game.side_of(self.rules, self.seat)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(json.loads(self.match.totals)) if self.match.totals else ()

    @property
    def surs(self) -> tuple[int, ...]:
        """Each side's surs (none for a game whose rounds score none)."""
        return tuple(json.loads(self.match.surs)) if self.match.surs else ()

    @property
    def result(self) -> str:
        """Won, lost or tied, for the asking seat's side; "playing" while the match goes on."""
        if not self.over:
            return "playing"
        if self.match.winner is None:
            return "tied"  # only a practice's round ends level
        return "won" if self.match.winner == self.side else "lost"
