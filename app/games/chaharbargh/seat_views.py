"""The other seats of a Chaharbargh table as the person sees them (`seats_view`: nothing of a hand
but its count and its face-up card) and the order they play in (`turn_order`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import Observation

from ...common_views import PLACES, CardView, Seating, card_view
from ...i18n import digits, joined, noun, t


@dataclass
class SeatView:
    """Another seat at the table, as the person sees it: nothing of its hand but the count and
    the face-up card (open hand)."""

    seat: int
    dom_id: str  # "opponent" with two players (the hook of old), else "seat-N"
    name: str
    level: str
    count: int
    count_noun: str
    backs: list[int]
    face_up: list[CardView]
    taken: str  # the cards this seat has captured this round
    partner: bool
    dealer: bool
    to_play: bool
    place: str  # "right", "top" or "left": where it sits, seen from the person's chair
    dealt: int = 0  # how many of the backs were just dealt from the stock (the last move's events)
    shown: list[CardView] | None = None  # the replay of a finished match: the whole hand, face up


def seats_view(
    view: Observation,
    lang: str,
    level: str,
    loaded_turn: int | None,
    seating: Seating | None = None,
    levels: Sequence[str] = (),
) -> list[SeatView]:
    """Every seat but the person's, in order of play from theirs, each with what the person may
    see of it; `levels`: each seat's words under its name (`level` for every seat not given)."""
    rules, players = view.rules, view.rules.players
    seating = seating or Seating(players)
    partner = rules.partner_of(seating.me)
    out = []
    for place in range(1, players):
        seat = seating.seat_at(place)
        count = view.hand_counts[seat]
        out.append(
            SeatView(
                seat=seat,
                dom_id="opponent" if players == 2 else f"seat-{seat}",
                name=seating.name(seat, lang),
                level=levels[seat] if seat < len(levels) else level,
                count=count,
                count_noun=noun("cards_in_hand", count, lang),
                backs=list(range(count - len(view.revealed[seat]))),
                face_up=[card_view(c, lang) for c in view.revealed[seat]],
                taken=digits(len(view.captured[seat]), lang),
                partner=seat == partner,
                dealer=seat == view.dealer,
                to_play=seat == loaded_turn,
                place=PLACES[players][place],
            )
        )
    return out


def turn_order(players: int, lang: str, seating: Seating | None = None) -> str:
    """The seats in their order of play, joined by an arrow in the reading direction."""
    arrow = f" {t(lang, 'reading_arrow')} "
    seating = seating or Seating(players)
    return joined(arrow, (seating.name(s, lang) for s in range(players)))
