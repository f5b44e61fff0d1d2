"""Chaharbargh's side of practising a mistake: the position as the seat saw it (the replay's
view with every other hand face down again) and the answers in the table's own form."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import Card
from engine.chaharbargh.ai.review import VERDICTS
from engine.chaharbargh.moves import Move
from engine.errors import EngineError

from ...common_views import card_view
from ...i18n import card_name, t
from ...mistakes_view import Answer, as_seen
from ...table import Table
from .replay import replay_view

BANDS = VERDICTS
TEMPLATE = "chaharbargh/position.html"  # in the frame of _mistake.html or _puzzle.html


def seen(loaded: Table, state: Any, ply: int, total: int, lang: str) -> Any:
    """The replay's view of the position for the person's seat, other hands face down."""
    return as_seen(replay_view(loaded, state, ply, total, lang))


def answers(moves: list[str], lang: str) -> list[Answer]:
    """Each legal move as the table posts it: the `card` and each card it would `take`, under
    the table's own button («تأیید جمع‌کردن», «گذاشتن کارت روی میز»)."""
    out = []
    for text in moves:
        move = Move.parse(text)
        card = f"show:{move.card}" if move.shows else str(move.card)
        fields = [("card", card), *(("take", str(c)) for c in sorted(move.takes, key=str))]
        if move.shows:
            words = t(lang, "show_card", card=card_name(str(move.card), lang))
        else:
            words = t(lang, "confirm_capture" if move.takes else "place")
        cards = [card_view(move.card, lang), *(card_view(c, lang) for c in sorted(move.takes, key=str))]
        out.append(Answer(text, fields, words, cards))
    return out


def move_of(form: Mapping[str, list[str]]) -> str | None:
    """The move text the posted fields make, or None for fields that make no move."""
    card, takes = next(iter(form.get("card", [])), ""), form.get("take", [])[:13]
    try:
        if card.startswith("show:"):
            return str(Move.show(Card.parse(card.removeprefix("show:"))))
        return str(Move(Card.parse(card), frozenset(Card.parse(c) for c in takes)))
    except (EngineError, ValueError):
        return None
