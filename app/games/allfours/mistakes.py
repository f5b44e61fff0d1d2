"""All Fours' side of practising a mistake: the position as the seat saw it (the replay's view
with every other hand face down again) and the answers in the table's own form (`move`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.allfours.moves import Move
from engine.allfours.review import VERDICTS
from engine.errors import EngineError

from ...common_views import card_view
from ...mistakes_view import Answer, as_seen
from ...table import Table
from .examples import move_words
from .replay import replay_view

BANDS = VERDICTS
TEMPLATE = "allfours/position.html"  # in the frame of _mistake.html or _puzzle.html


def seen(loaded: Table, state: Any, ply: int, total: int, lang: str) -> Any:
    """The replay's view of the position for the person's seat, other hands face down."""
    return as_seen(replay_view(loaded, state, ply, total, lang))


def answers(moves: list[str], lang: str) -> list[Answer]:
    """Each legal move as the table posts it: `move`, a card's code or a decision's name, under
    the table's words for it."""
    out = []
    for text in moves:
        move = Move.parse(text)
        cards = [card_view(move.card, lang)] if move.card is not None else []
        out.append(Answer(text, [("move", text)], move_words(move, lang), cards))
    return out


def move_of(form: Mapping[str, list[str]]) -> str | None:
    """The move text the posted `move` names, or None."""
    try:
        return str(Move.parse(next(iter(form.get("move", [])), "")[:16]))
    except (EngineError, ValueError):
        return None
