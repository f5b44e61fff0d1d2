"""Chaharbargh's scores as the table shows them: each side's line of the score panel and its last
capture (`side_views`, `live_sides`), and a finished round's sheet (`sheet`), all read from the
engine's score lines."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import Card, Observation, RoundScore

from ...common_views import CardView, Seating, card_view
from ...i18n import counted, digits_in, t


@dataclass
class SideView:
    name: str
    clubs: str
    surs: str
    captured: str
    total: str
    round_points: str = ""  # the points already won this round (the engine's `Observation.points`)
    last_capture: list[CardView] = field(default_factory=list)  # the side's last capture this round, on its pile
    round_items: str = ""  # which: "aces 2, ten of diamonds 3", from the engine's score lines


@dataclass
class SheetLine:
    label: str
    points: list[str]  # per side
    cards: list[list[CardView]]  # per side, the cards behind the line
    note: list[str]  # per side, e.g. "8 clubs"


@dataclass
class Sheet:
    title: str
    lines: list[SheetLine]
    totals: list[str]
    running: list[str]
    leftover: str
    leftover_cards: list[CardView] = field(default_factory=list)  # the cards the leftover line names
    leftover_side: int | None = None  # the round just ended by the last move: the side whose pile they go to


LINES = {  # each scoring item of the engine's score lines: its label, and the noun its count takes
    "clubs": ("line_clubs", "clubs"),
    "ten_of_diamonds": ("line_ten", None),
    "two_of_clubs": ("line_two", None),
    "aces": ("line_aces", None),
    "jacks": ("line_jacks", None),
    "surs": ("line_surs", "surs"),
}


def sheet(view: Observation, lang: str, index: int = -1, seating: Seating | None = None) -> Sheet:
    """The score sheet of a finished round (default: the last), each line with the cards behind
    it: all read from the engine's score lines (`RoundScore.lines`). Its running total is the
    match's total after that round (`RoundLog.totals`)."""
    rounds = view.finished_rounds
    index = index % len(rounds)
    log = rounds[index]
    scores = log.score or ()
    d = digits_in(lang)
    lines = []
    for item, (label, counted_as) in LINES.items():
        per_side = [next(line for line in score.lines if line.item == item) for score in scores]
        lines.append(
            SheetLine(
                t(lang, label),
                [d(line.points) for line in per_side],
                [[card_view(c, lang) for c in line.cards] for line in per_side],
                [counted(line.count, counted_as, lang) for line in per_side] if counted_as else [],
            )
        )
    leftover, leftover_cards = "", []
    if log.leftover is not None and log.leftover.cards:
        seat = log.leftover.seat
        seating = seating or Seating(view.rules.players)
        who = t(lang, "seat_you") if seat == seating.viewer else seating.name(seat, lang)
        leftover = t(lang, "leftover", who=who)
        leftover_cards = [card_view(c, lang) for c in log.leftover.cards]
    return Sheet(
        title=t(lang, "round_over", n=d(index + 1)),
        lines=lines,
        totals=[d(s.total) for s in scores],
        running=[d(x) for x in log.totals],
        leftover=leftover,
        leftover_cards=leftover_cards,
    )


def side_views(view: Observation, lang: str, seating: Seating | None = None) -> list[SideView]:
    """Each side's line of the score panel: clubs, surs, cards taken and match total."""
    d = digits_in(lang)
    seating = seating or Seating(view.rules.players)
    return [
        SideView(
            name=seating.side(s, view.rules, lang),
            clubs=d(view.clubs[s]),
            surs=d(view.surs[s]),
            captured=d(len(view.piles[s])),
            total=d(view.totals[s]),
        )
        for s in range(view.rules.sides)
    ]


def live_sides(
    view: Observation, lang: str, points: Sequence[RoundScore], seating: Seating | None = None
) -> list[SideView]:
    """The score panel's and the piles' sides: `side_views`, with the round's points so far and
    the items already won (`points`: the engine's round scores), and each side's last capture."""
    d = digits_in(lang)
    sides = side_views(view, lang, seating)
    for side, score in zip(sides, points, strict=True):
        side.round_points = d(score.total)
        won = [line for line in score.lines if line.points and line.item in LINES]
        side.round_items = t(lang, "sep").join(f"{t(lang, LINES[line.item][0])} {d(line.points)}" for line in won)
    for side, cards in zip(sides, last_captures(view), strict=True):
        side.last_capture = [card_view(c, lang) for c in cards]
    return sides


def last_captures(view: Observation) -> list[list[Card]]:
    """Per side, the cards of its last capture this round (the card played and what it took),
    as the round's public moves say: they lie on top of the side's pile."""
    out: list[list[Card]] = [[] for _ in range(view.rules.sides)]
    for played in reversed(view.moves):
        side = view.rules.side_of(played.seat)
        if played.move.takes and not out[side]:
            out[side] = [played.move.card, *sorted(played.move.takes)]
    return out
