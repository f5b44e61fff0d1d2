"""What every game's views share: a card as the templates draw it, the names of seats and sides,
a match's addresses, and who won the match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from engine import Card

from .i18n import card_name, t
from .service import HUMAN

SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

@dataclass
class CardView:
    code: str
    label: str  # spoken name in the page's language
    index: str  # A, 2-10, J, Q, K
    symbol: str
    color: str  # "red" or "black"
    face: bool  # jack, queen or king
    can_capture: bool = False
    disabled: bool = False
    selected: bool = False
    takeable: bool = False
    hint: str = ""  # practice: the pro's value of this card's best move
    best: bool = False  # practice: the card of the pro's move
    face_up: bool = False  # open hand: this card of the hand lies face up for everyone
    shows: bool = False  # open hand: tapping this hand card shows it (the move `show:CODE`)
    note: str = ""  # said after the card's name: "your face-up card", "show the seven of clubs"
    motion: str = ""  # the table: how the card comes in (static/motion.css), e.g. "vt-enter-top"

class TableRules(Protocol):
    """What the table's words need of either game's rules: how many play and who plays with whom."""

    @property
    def players(self) -> int: ...

    @property
    def teams(self) -> bool: ...

    def side_of(self, seat: int) -> int: ...


class Ending(Protocol):
    """A finished match's view, of either game: its rules and the winning side."""

    @property
    def rules(self) -> TableRules: ...

    @property
    def winner(self) -> int | None: ...


def card_view(card: Card, lang: str, **flags: Any) -> CardView:
    code = str(card)
    return CardView(
        code=code,
        label=card_name(code, lang),
        index=code[:-1],  # the code's rank part: A, 2 … 10, J, Q, K
        symbol=SYMBOLS[card.suit],
        color="red" if card.suit in "DH" else "black",
        face=not card.is_number,
        **flags,
    )

def seat_name(seat: int, players: int, lang: str) -> str:
    """How the table names a seat: "you", or the computer by where it sits (and the partner)."""
    return t(lang, "you") if seat == HUMAN else t(lang, f"seat_{players}_{seat}")

def side_name(side: int, rules: TableRules, lang: str) -> str:
    """A score's owner: a seat, or with four players a team."""
    return t(lang, f"team_{side}") if rules.teams else seat_name(side, rules.players, lang)

def urls(match_id: str, secret: str) -> dict[str, str]:
    page = f"/m/{match_id}/{secret}"
    return {
        "page": page,
        "move": page + "/move",
        "computer": page + "/computer",
        "next": page + "/next",
        "undo": page + "/undo",
        "practice": "/practice",
        "record": page + "/record.json",
        "rematch": page + "/rematch",
        "replay": page + "/replay",
        "home": "/",
        "new": "/",
    }

@dataclass(frozen=True)
class ReplaySteps:
    """The replay's four steps' addresses; None where a step goes nowhere (templates/_replay_steps.html)."""

    first: str | None
    previous: str | None
    next: str | None
    end: str | None


def replay_steps(replay_url: str, ply: int, last_ply: int) -> ReplaySteps:
    """The steps from `ply` of a replay `last_ply` moves long, for either game.

    >>> replay_steps("/m/a/b/replay", 0, 9)
    ReplaySteps(first=None, previous=None, next='/m/a/b/replay?ply=1', end='/m/a/b/replay?ply=9')
    """
    at = f"{replay_url}?ply={{}}".format
    return ReplaySteps(
        first=at(0) if ply > 0 else None,
        previous=at(ply - 1) if ply > 0 else None,
        next=at(ply + 1) if ply < last_ply else None,
        end=at(last_ply) if ply < last_ply else None,
    )


def winner_words(view: Ending, lang: str) -> str:
    """Who won the match, as the match end says it ("You won!", "Your team lost."): either game's view."""
    rules, side = view.rules, view.winner
    assert side is not None, "only a finished match has a winner to name"
    if rules.teams:
        return t(lang, "team_won" if side == rules.side_of(HUMAN) else "team_lost")
    if side == HUMAN:
        return t(lang, "you_won")
    if rules.players == 2:
        return t(lang, "computer_won")
    return t(lang, "seat_won", who=seat_name(side, rules.players, lang))
