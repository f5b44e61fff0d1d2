"""Chaharbargh's moves in words: a line of the table's log (`move_line`), a move and its sur
(`move_words`, `sur_words`), and what the table announces of another seat's move."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine import Move, PlayedMove
from engine.events import NO_SEAT

from ...common_views import CardView, Seating, card_view
from ...i18n import card_name, card_names, joined, t
from ...table import Table


@dataclass(frozen=True)
class MoveLine:
    """One move as shown in the log: who, the card, what it took."""

    who: str
    card: CardView
    takes: list[CardView]
    sur: str  # "" when the move was no sur; says so when a sur scores nothing
    text: str


@lru_cache(maxsize=4096)  # a table's log shows its last moves again with every move: each line made once
def move_line(seat: int, played: PlayedMove, lang: str, players: int = 2, seating: Seating | None = None) -> MoveLine:
    seating = seating or Seating(players)
    who = seating.name(seat, lang)
    card = card_view(played.move.card, lang)
    takes = [card_view(c, lang) for c in sorted(played.move.takes)]
    words = move_words(played.move, lang, placed="placed_you" if seat == seating.viewer else "placed")
    text = joined(": ", [who, words])
    sur = sur_words(played, lang)
    return MoveLine(who, card, takes, sur, text + (f" — {sur}" if sur else ""))


def sur_words(played: PlayedMove, lang: str) -> str:
    """How the log names a move's sur: nothing, "sur!", or a sur that scores nothing (the
    last deal, a sur cutoff); the engine says which."""
    if not played.sur:
        return ""
    return t(lang, "sur" if played.scores else "sur_no_points")


def move_words(move: Move, lang: str, placed: str = "placed") -> str:
    """A move in words: "seven of clubs → four of diamonds" (the arrow points from the card to
    what it takes in the language's reading direction), or the card and "placed it"."""
    name = card_name(str(move.card), lang)
    if not move.takes:
        return f"{name} ({t(lang, placed)})"
    return f"{name} {t(lang, 'reading_arrow')} {card_names(sorted(move.takes), lang)}"


def announce_move(played: PlayedMove, lang: str, seating: Seating) -> str:
    name = card_name(str(played.move.card), lang)
    text = t(lang, "computer_played", who=seating.name(played.seat, lang), card=name)
    if played.move.takes:
        text += " " + t(lang, "computer_took", cards=card_names(sorted(played.move.takes), lang))
    else:
        text += " " + t(lang, "computer_placed")
    sur = sur_words(played, lang)
    return text + (f" — {sur}" if sur else "")


def announce_show(loaded: Table, lang: str, seating: Seating) -> str:
    """The last move, if it was another seat's show (open hand): its card is face up for all."""
    last = loaded.state.last
    if last is None:
        return ""
    for event in last.events_for(NO_SEAT if seating.viewer is None else seating.viewer):
        if event.kind == "show" and event.seat != seating.viewer and event.cards and event.cards[0] is not None:
            who = seating.name(event.seat, lang)
            return t(lang, "seat_showed", who=who, card=card_name(str(event.cards[0]), lang))
    return ""
