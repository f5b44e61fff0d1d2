"""The summary on a match row (migration 0016): its `status`, each side's match score (`totals`),
the winning side (`winner`), when it finished (`finished_at`) and each side's surs (`surs`, for a
game whose rounds score them), so that the lists of matches (the history page and its
statistics, `/me`, the home page's saved matches) can read rows rather than replay a match.

`summarize` sets them from the engine's state in the same transaction as the move, sheet or undo
that changes it (app/store.py `_save`), and on a new match. Every figure is the engine's
(`winner`, `totals`, `engine.game.SurCounter`): the app sums no card and decides no score.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from engine.game import SurCounter

from .models import Match
from .table import State, finished, game_of

SUMMARY_COLUMNS = ("status", "totals", "winner", "finished_at", "surs")


def summarize(match: Match, state: State, at: datetime) -> None:
    """Set the summary columns of `match` from its state (`at`: now, when it finishes now). A
    practice is one round with no match score: its winner is the side that scored the most in
    it, None on a tie."""
    game = game_of(match)
    totals = game.totals(state)
    over = finished(match, state)
    winner = game.winner(state)
    if over and match.mode == "practice":
        best = max(totals)
        winner = totals.index(best) if totals.count(best) == 1 else None
    match.status = "over" if over else "playing"
    match.totals = json.dumps(list(totals))
    match.winner = winner if over else None
    match.finished_at = (match.finished_at or at) if over else None
    match.surs = json.dumps(list(game.surs(state))) if isinstance(game, SurCounter) else None


def summary_values(match: Match) -> dict[str, Any]:
    """The summary columns of `match`, as written to its row."""
    return {name: getattr(match, name) for name in SUMMARY_COLUMNS}
