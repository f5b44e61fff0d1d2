"""The cards in front of a Chaharbargh player and what tapping them allows: the selection after a
tap (`select`, checked against the engine's legal moves), and the hand, the table, the action
button and the sum line drawn from it (`board`), the same for the table and the lessons."""

from __future__ import annotations

from dataclasses import dataclass

from engine import CAPTURE_SUM, Card, Move, Observation, card_sum

from ...common_views import CardView, card_view
from ...i18n import addends, digits_in, t
from ...refusals import Refused


@dataclass
class Selection:
    card: Card | None = None
    takes: frozenset[Card] = frozenset()
    message: str | None = None  # a message key, not an error


def parse_card(code: str | None) -> Card | None:
    if not code:
        return None
    try:
        return Card.parse(code)
    except ValueError:
        raise Refused("garbage") from None


def options_of(view: Observation, card: Card) -> list[Move]:
    return [m for m in view.legal_moves if m.card == card]


def select(view: Observation, card: str | None, takes: list[str], pick: str | None, toggle: str | None) -> Selection:
    """The selection after tapping a hand card (`pick`) or a table card (`toggle`).

    `card` and `takes` are the selection so far. Codes that are not cards, a picked card not in
    the hand or a toggled card not on the table are refused; a dimmed card gives a message.
    """
    if len(takes) > 13:
        raise Refused("garbage")
    chosen, toggled, picked = parse_card(card), parse_card(toggle), parse_card(pick)
    so_far = frozenset(c for c in (parse_card(x) for x in takes) if c is not None)
    if not view.my_turn:
        return Selection()
    if picked is not None:
        if picked not in view.hand:
            raise Refused("not_in_hand")
        if picked == chosen:
            return Selection()  # tapping the selected card again puts it back
        if not options_of(view, picked):
            return Selection(message="msg_disabled_card")
        chosen, so_far = picked, frozenset()
    if chosen is None:
        return Selection()
    if chosen not in view.hand:
        raise Refused("not_in_hand")
    options = options_of(view, chosen)
    if not options:
        return Selection(message="msg_disabled_card")
    captures = [m.takes for m in options if m.takes]
    takeable = frozenset().union(*captures)
    so_far &= takeable
    if toggled is not None:
        if toggled not in view.table:
            raise Refused("garbage")
        if toggled in takeable:
            so_far = so_far ^ {toggled} if chosen.is_number else frozenset({toggled})
    if not chosen.is_number and len(captures) == 1:
        so_far = captures[0]  # a jack's sweep, or the only king or queen: nothing to choose
    return Selection(chosen, so_far)


@dataclass
class Action:
    kind: str  # "capture", "place" or "none"
    label: str
    enabled: bool


@dataclass
class Board:
    """The cards in front of the player and what tapping them allows: shared by the table and the lessons."""

    hand: list[CardView]
    table: list[CardView]
    action: Action | None
    sum_text: str
    hint: str
    sum_over: bool = False  # the sum line's total (the engine's `card_sum`) is past 11


def board(view: Observation, sel: Selection, lang: str, my_turn: bool) -> Board:
    """Hand and table cards (dimmed, capturing, selected, takeable), the action button and the sum line."""
    d = digits_in(lang)
    options = options_of(view, sel.card) if sel.card else []
    takeable = frozenset().union(*(m.takes for m in options))
    capturing = {m.card for m in view.legal_moves if m.takes}
    playable = {m.card for m in view.legal_moves}
    showing = my_turn and any(m.shows for m in view.legal_moves)  # open hand: choose the card to show
    face_up = set(view.revealed[view.seat]) if view.revealed else set()
    hand = [
        card_view(
            c,
            lang,
            can_capture=my_turn and c in capturing,
            disabled=my_turn and c not in playable,
            selected=c == sel.card,
            face_up=c in face_up,
            shows=showing and c in playable,
        )
        for c in view.hand
    ]
    for card in hand:
        if card.shows:
            card.note = t(lang, "show_card", card=card.label)
        elif card.face_up:
            card.note = t(lang, "your_shown")
    table = [card_view(c, lang, takeable=c in takeable, selected=c in sel.takes) for c in view.table]

    action, sum_text, hint = None, "", t(lang, "your_turn") if my_turn else ""
    if showing:
        again = bool(view.moves) and view.moves[-1].seat == view.seat and len(view.moves) > view.deal_start
        return Board(hand, table, None, "", t(lang, "must_show_again" if again else "must_show"))
    if my_turn and sel.card is None:
        action = Action("none", t(lang, "choose_card"), False)
    elif my_turn and sel.card is not None:
        captures = {m.takes for m in options if m.takes}
        if sel.takes and sel.takes in captures:
            action = Action("capture", t(lang, "confirm_capture"), True)
        elif not sel.takes and any(m.places for m in options):
            action = Action("place", t(lang, "place"), True)
        else:
            action = Action("capture", t(lang, "choose_set" if sel.card.is_number else "choose_same"), False)
        if not captures:
            hint = t(lang, "place_only")
        elif sel.takes in captures and not sel.card.is_jack:  # chosen whole: nothing is left to tap
            hint = t(lang, "set_chosen" if sel.card.is_number else "same_chosen")
        else:
            hint = t(lang, "pick_takes" if sel.card.is_number else "pick_jack" if sel.card.is_jack else "pick_same")
        if sel.card.is_number and captures:
            parts = [sel.card, *sorted(sel.takes, key=lambda c: c.id)]
            total = card_sum(parts)
            # one card alone is its value so far ("۱ / ۱۱"), not a sum ("۱ = ۱")
            expr = " + ".join(addends(parts, lang)) + " = " if sel.takes else ""
            sum_text = f"{expr}{d(total)} / {d(CAPTURE_SUM)}"
            return Board(hand, table, action, sum_text, hint, sum_over=total > CAPTURE_SUM)
    return Board(hand, table, action, sum_text, hint)
