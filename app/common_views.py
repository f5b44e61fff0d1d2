"""What every game's views share: a card as the templates draw it, the names of seats and sides,
a match's addresses, and who won the match."""

from __future__ import annotations

from dataclasses import dataclass

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

def card_view(card: Card, lang: str, **flags: bool) -> CardView:
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

def side_name(side: int, rules, lang: str) -> str:
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

def winner_words(view, lang: str) -> str:
    """Who won the match, as the match end says it ("You won!", "Your team lost."): either game's view."""
    rules, side = view.rules, view.winner
    if rules.teams:
        return t(lang, "team_won" if side == rules.side_of(HUMAN) else "team_lost")
    if side == HUMAN:
        return t(lang, "you_won")
    if rules.players == 2:
        return t(lang, "computer_won")
    return t(lang, "seat_won", who=seat_name(side, rules.players, lang))
