"""View models of Chaharbargh's table: everything its template shows, computed here from the
human seat's observation. What every game's views share (a card as drawn, seat and side names,
addresses, who won) is app/common_views.py; the replay is `replay.py` beside this module.

Templates only print these values; the legal moves come from the engine, never from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import CAPTURE_SUM, Card, Move, Observation, PlayedMove, RoundScore, Rules, card_sum
from engine.chaharbargh.game import GAME
from engine.events import NO_SEAT

from ...common_views import (
    CardView,
    ComputerTurn,
    Seating,
    card_view,
    computer_turn,
    seat_levels,
    seating_of,
    urls,
    winner_words,
)
from ...i18n import addends, card_name, card_names, counted, digits, digits_in, joined, noun, t
from ...options import chips
from ...shared_table import SharedTable
from ...store import Refused
from ...table import Table


@dataclass
class MoveLine:
    """One move as shown in the log: who, the card, what it took."""

    who: str
    card: CardView
    takes: list[CardView]
    sur: str  # "" when the move was no sur; says so when a sur scores nothing
    text: str


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


@dataclass
class Action:
    kind: str  # "capture", "place" or "none"
    label: str
    enabled: bool


@dataclass
class HintView:
    """Practice help: the pro's move, and how to select it."""

    move: str  # spoken: "seven of clubs → four of diamonds"
    value: str  # "+2.5", or "" when there is nothing to weigh
    unit: str  # "points", or "the only legal move"
    select_url: str


@dataclass
class TableView:
    lang: str
    urls: dict[str, str]
    ply: int
    state: str  # "your-turn", "computer-turn", "their-turn", "waiting", "round-over", "match-over"
    level: str
    players: int
    seats: list[SeatView]
    turn_order: str
    you_deal: bool
    rules_summary: list[str]
    must_show: bool
    hand: list[CardView]
    table: list[CardView]
    stock_count: int
    sides: list[SideView]
    target: str
    round_no: str
    log: list[MoveLine]
    log_finished: bool  # the log shows the moves of the round that just ended
    log_start: int  # the number of the log's first line: its move's place in the round
    computer_last: MoveLine | None
    announce: str
    hint: str
    selected: str | None = None
    takes: list[str] = field(default_factory=list)
    sum_text: str = ""
    sum_over: bool = False
    sur_note: str = ""  # the chosen capture would be a sur, as the engine's outcome of it says
    action: Action | None = None
    message: str | None = None
    trigger_computer: bool = False
    computer: ComputerTurn = ComputerTurn("")  # how a practice page asks for the computer's move ("" at a match)
    sheet: Sheet | None = None
    winner: str | None = None
    final_totals: list[str] = field(default_factory=list)
    practice: bool = False
    undos: int = 0
    can_undo: bool = False
    hints: HintView | None = None
    hints_on: bool = False
    level_key: str = ""
    earlier_sheets: list[Sheet] = field(default_factory=list)  # match over: every round's sheet before the last
    motion: Motion = field(default_factory=lambda: Motion())  # what the last move did, for the cards and sounds
    shared: SharedTable = field(default_factory=SharedTable)  # the other people at it (app/shared_table.py)

    @property
    def names(self) -> list[str]:
        """The sides' names, the score sheet's columns."""
        return [side.name for side in self.sides]


@dataclass
class Selection:
    card: Card | None = None
    takes: frozenset[Card] = frozenset()
    message: str | None = None  # a message key, not an error


def _parse(code: str | None) -> Card | None:
    if not code:
        return None
    try:
        return Card.parse(code)
    except ValueError:
        raise Refused("garbage") from None


def _options(view: Observation, card: Card) -> list[Move]:
    return [m for m in view.legal_moves if m.card == card]


def select(view: Observation, card: str | None, takes: list[str], pick: str | None, toggle: str | None) -> Selection:
    """The selection after tapping a hand card (`pick`) or a table card (`toggle`).

    `card` and `takes` are the selection so far. Codes that are not cards, a picked card not in
    the hand or a toggled card not on the table are refused; a dimmed card gives a message.
    """
    if len(takes) > 13:
        raise Refused("garbage")
    chosen, toggled, picked = _parse(card), _parse(toggle), _parse(pick)
    so_far = frozenset(c for c in (_parse(x) for x in takes) if c is not None)
    if not view.my_turn:
        return Selection()
    if picked is not None:
        if picked not in view.hand:
            raise Refused("not_in_hand")
        if picked == chosen:
            return Selection()  # tapping the selected card again puts it back
        if not _options(view, picked):
            return Selection(message="msg_disabled_card")
        chosen, so_far = picked, frozenset()
    if chosen is None:
        return Selection()
    if chosen not in view.hand:
        raise Refused("not_in_hand")
    options = _options(view, chosen)
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


PLACES = {2: {1: "top"}, 3: {1: "right", 2: "left"}, 4: {1: "right", 2: "top", 3: "left"}}


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


def _announce(played: PlayedMove, lang: str, seating: Seating) -> str:
    name = card_name(str(played.move.card), lang)
    text = t(lang, "computer_played", who=seating.name(played.seat, lang), card=name)
    if played.move.takes:
        text += " " + t(lang, "computer_took", cards=card_names(sorted(played.move.takes), lang))
    else:
        text += " " + t(lang, "computer_placed")
    sur = sur_words(played, lang)
    return text + (f" — {sur}" if sur else "")


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


def turn_order(players: int, lang: str, seating: Seating | None = None) -> str:
    """The seats in their order of play, joined by an arrow in the reading direction."""
    arrow = f" {t(lang, 'reading_arrow')} "
    seating = seating or Seating(players)
    return joined(arrow, (seating.name(s, lang) for s in range(players)))


def _round_winner(view: Observation, lang: str) -> str:
    """Practice: who won the round just played, the seat whose table it is or the others."""
    score = view.finished_rounds[-1].score or ()
    mine, theirs = score[view.seat].total, max(s.total for i, s in enumerate(score) if i != view.seat)
    return t(lang, "round_won" if mine > theirs else "round_lost" if mine < theirs else "round_tied")


def signed(value: float, lang: str) -> str:
    """A hint value: one decimal, always signed, "+۲٫۵" in Persian.

    >>> signed(-0.04, "en"), signed(2.46, "fa")
    ('+0.0', '+۲٫۵')
    """
    text = f"{round(value, 1) + 0.0:+.1f}".replace("-", "−")  # + 0.0 turns -0.0 into 0.0
    return digits(text, lang)


def move_words(move: Move, lang: str, placed: str = "placed") -> str:
    """A move in words: "seven of clubs → four of diamonds" (the arrow points from the card to
    what it takes in the language's reading direction), or the card and "placed it"."""
    name = card_name(str(move.card), lang)
    if not move.takes:
        return f"{name} ({t(lang, placed)})"
    return f"{name} {t(lang, 'reading_arrow')} {card_names(sorted(move.takes), lang)}"


def add_hints(tv: TableView, values: dict[Move, float], lang: str) -> None:
    """Mark each hand card with the pro's value of its best move, and name the pro's move.

    With a single legal move there is nothing to weigh: it is named as the only move, without values.
    """
    best = max(values.items(), key=lambda item: item[1])[0]
    only = len(values) == 1
    for card in tv.hand:
        mine = [v for m, v in values.items() if str(m.card) == card.code]
        card.hint = signed(max(mine), lang) if mine and not only else ""
        card.best = card.code == str(best.card)
    query = "&".join([f"card={best.card}", *(f"take={c}" for c in sorted(best.takes)), "hint=1"])
    value, unit = ("", t(lang, "hint_only")) if only else (signed(values[best], lang), t(lang, "points_unit"))
    tv.hints = HintView(move_words(best, lang, placed="hint_place"), value, unit, f"{tv.urls['page']}?{query}")
    tv.hints_on = True


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
    options = _options(view, sel.card) if sel.card else []
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


def rules_summary(rules: Rules, lang: str, practice: bool = False) -> list[str]:
    """The match's rules in a few words, read from its `Rules`: players, then every declared
    option (`engine.chaharbargh.options`). A practice is one round: no target."""
    players = t(lang, "summary_teams") if rules.teams else t(lang, "summary_players", n=digits_in(lang)(rules.players))
    return [players, *chips(GAME, rules, lang, leave_out=("target",) if practice else ())]


def _shown_announce(loaded: Table, lang: str, seating: Seating) -> str:
    """The last move, if it was another seat's show (open hand): its card is face up for all."""
    last = loaded.state.last
    if last is None:
        return ""
    for event in last.events_for(NO_SEAT if seating.viewer is None else seating.viewer):
        if event.kind == "show" and event.seat != seating.viewer and event.cards and event.cards[0] is not None:
            who = seating.name(event.seat, lang)
            return t(lang, "seat_showed", who=who, card=card_name(str(event.cards[0]), lang))
    return ""


@dataclass
class Motion:
    """What the last move did, for the cards' movement (static/motion.css) and its sound
    (static/sound.js): read from the engine's events of that move as the person may see them
    (`Outcome.events_for(0)`), never worked out here."""

    ply: int = 0
    sound: str = ""  # "play", "capture", "sur", "round" (the move ended a round) or ""
    sur: bool = False  # a sur was made: the table celebrates it
    entering: dict[str, str] = field(default_factory=dict)  # another seat's played card: where it comes from
    late: frozenset[str] = frozenset()  # cards another seat took: they leave after its card arrived
    dealt: frozenset[str] = frozenset()  # cards dealt from the stock that the person sees: their hand, the table
    dealt_backs: dict[int, int] = field(default_factory=dict)  # per other seat, how many hidden cards it was dealt
    leftover: frozenset[str] = frozenset()  # the round's leftovers, going to the last capturer's pile
    leftover_side: int | None = None  # the side that takes them


def motion(loaded: Table) -> Motion:
    """The last move's events, told as the table moves them. A move that ended a round is told
    only by its sound: the round's sheet takes the table's place."""
    last = loaded.state.last
    if last is None:
        return Motion(ply=loaded.ply)
    me = NO_SEAT if loaded.watching else loaded.seat  # someone watching sees no hand's cards
    events = last.events_for(me)
    kinds = {e.kind for e in events}
    sound = next((name for kind, name in SOUNDS if kind in kinds), "")
    dealt: set[str] = set()
    backs: dict[int, int] = {}
    for e in events:  # the stock's cards as the person may see them: another hand's are None
        if e.kind == "deal" and e.source == "stock":
            dealt |= {str(c) for c in e.cards if c is not None}
            if e.target.startswith("hand:") and e.target != f"hand:{me}":
                seat = int(e.target.removeprefix("hand:"))
                backs[seat] = backs.get(seat, 0) + sum(c is None for c in e.cards)
    if "round_end" in kinds or "match_end" in kinds:
        left = next((e for e in events if e.kind == "leftover"), None)
        return Motion(
            ply=loaded.ply,
            sound=sound,
            dealt=frozenset(dealt),
            dealt_backs=backs,
            leftover=frozenset(str(c) for c in left.cards if c is not None) if left else frozenset(),
            leftover_side=int(left.target.removeprefix("pile:")) if left else None,
        )
    entering: dict[str, str] = {}
    late: set[str] = set()
    players = loaded.state.players
    places = PLACES[players]
    for e in events:
        if e.seat is None or e.seat == me:
            continue
        place = places.get((e.seat - loaded.seat) % players)  # none: the chair the table is drawn from
        if e.kind == "play" and e.cards and e.cards[0] is not None and place:
            entering[str(e.cards[0])] = place
        elif e.kind in ("capture", "sweep"):
            late |= {str(c) for c in e.cards if c is not None}
    return Motion(
        loaded.ply, sound, "sur" in kinds, entering, frozenset(late - entering.keys()), frozenset(dealt), backs
    )


# The first of these event kinds that the last move has names its sound.
SOUNDS = (
    ("round_end", "round"),
    ("match_end", "round"),
    ("sur", "sur"),
    ("capture", "capture"),
    ("sweep", "capture"),
    ("play", "play"),
)


def last_captures(view: Observation) -> list[list[Card]]:
    """Per side, the cards of its last capture this round (the card played and what it took),
    as the round's public moves say: they lie on top of the side's pile."""
    out: list[list[Card]] = [[] for _ in range(view.rules.sides)]
    for played in reversed(view.moves):
        side = view.rules.side_of(played.seat)
        if played.move.takes and not out[side]:
            out[side] = [played.move.card, *sorted(played.move.takes)]
    return out


def _sur_note(loaded: Table, sel: Selection, action: Action | None, lang: str) -> str:
    """Before the player confirms a capture: whether it would be a sur, and whether that sur
    would score, as the engine's own outcome of the move says (applied to a copy; the state
    stored is untouched and nothing of the outcome but these two facts, both public, is shown)."""
    if action is None or action.kind != "capture" or not action.enabled or sel.card is None:
        return ""
    outcome = loaded.state.apply(Move(sel.card, sel.takes)).last
    if outcome is None or not outcome.sur:
        return ""
    return t(lang, "will_be_sur" if outcome.sur_scored else "will_be_sur_no_points")


def table_view(
    loaded: Table,
    lang: str,
    sel: Selection | None = None,
    message: str | None = None,
    practice_ms: int | None = 3000,
    standins: frozenset[int] = frozenset(),
) -> TableView:
    """The table as the asking person's seat sees it, from `observation(state, seat)` only
    (someone watching: from `spectator(state)`); `standins`: the plies the computer played for
    a person whose move clock ran out (`MatchService.standins`), marked in the log."""
    view: Observation = loaded.view
    match = loaded.match
    rules, players = view.rules, view.rules.players
    seating = seating_of(loaded)
    sel = sel or Selection()
    d = digits_in(lang)

    my_turn = loaded.human_to_play
    b = board(view, sel, lang, my_turn)
    hand, table, action, sum_text, hint = b.hand, b.table, b.action, b.sum_text, b.hint
    moved = motion(loaded)
    for card in table:  # a card another seat placed comes in from that seat; a new round's from the stock
        if card.code in moved.entering:
            card.motion = f"vt-enter-{moved.entering[card.code]}"
        elif card.code in moved.dealt:
            card.motion = "vt-deal-table"
    for card in hand:  # the person's new cards at a deal come from the stock
        if card.code in moved.dealt:
            card.motion = "vt-deal-hand"
    must_show = my_turn and any(m.shows for m in view.legal_moves)

    points = view.points  # the engine's score of the round so far: the view never decides what scores
    played = view.finished_rounds[-1].score if view.finished_rounds else None
    ended = (loaded.sheet_pending or loaded.over) and played is not None
    if ended and played is not None:
        points = played  # the round just played, as its sheet says, not the next one's zeros
    sides = live_sides(view, lang, points, seating)
    for side in sides:
        for card in side.last_capture:
            place = moved.entering.get(card.code)
            card.motion = f"vt-enter-{place}" if place else "vt-late" if card.code in moved.late else ""
    if ended:  # the engine has dealt the next round: its clubs and surs are zeros, the sheet's are the round's
        for side, score in zip(sides, points, strict=True):
            side.clubs, side.surs = d(score.clubs), d(score.surs)

    moves, log_finished = view.moves, False
    if not moves and view.finished_rounds and (loaded.sheet_pending or loaded.over):
        moves, log_finished = view.finished_rounds[-1].moves, True
    shown = moves[-max(6, 2 * players) :]
    log = [move_line(p.seat, p, lang, players, seating) for p in shown]
    first = loaded.ply - len(shown)  # the log ends with the match's last move, at ply - 1
    for i, line in enumerate(log):
        if first + i in standins:
            line.text = t(lang, "log_standin", line=line.text)
    others_moves = [p for p in moves if p.seat != seating.viewer]
    computer_last = move_line(others_moves[-1].seat, others_moves[-1], lang, players, seating) if others_moves else None
    announce = ""
    if not message:
        announce = _shown_announce(loaded, lang, seating)
        if not announce and moves and moves[-1].seat != seating.viewer:
            announce = _announce(moves[-1], lang, seating)
    if view.moves and all(n == 4 for n in view.hand_counts):  # every hand was empty: a new deal
        # said to a screen reader; the eye sees the cards come from the stock, and the hint keeps
        # its two lines for what to do (a steady table: app.css)
        announce = joined(" ", [announce, t(lang, "dealt")]).strip()

    if loaded.over:
        state = "practice-over" if loaded.practice else "match-over"
    elif loaded.sheet_pending:
        state = "round-over"
    elif loaded.waiting:
        state = "waiting"
        hint = t(lang, "waiting_for_players")
    elif my_turn:
        state = "your-turn"
    elif loaded.others_turn:
        state = "their-turn"
        hint = t(lang, "person_to_play", who=seating.name(loaded.turn, lang))
    else:
        state = "computer-turn"
        hint = t(lang, "computer_thinking", who=seating.name(loaded.turn, lang))

    winner = winner_words(view, lang, seating) if view.winner is not None else None
    if loaded.practice and loaded.over:
        winner = _round_winner(view, lang)

    playing = not loaded.over and not loaded.sheet_pending
    seats = seats_view(
        view, lang, t(lang, f"level_{match.level}"), view.turn if playing else None, seating, seat_levels(loaded, lang)
    )
    for seat in seats:  # the backs another seat was just dealt come from the stock
        seat.dealt = min(moved.dealt_backs.get(seat.seat, 0), len(seat.backs))
    sheet_up = (loaded.sheet_pending or loaded.over) and view.finished_rounds
    the_sheet = sheet(view, lang, seating=seating) if sheet_up else None
    if the_sheet is not None and moved.leftover_side is not None:  # the leftovers go to the last capturer
        the_sheet.leftover_side = moved.leftover_side
        for card in the_sheet.leftover_cards:
            if card.code in moved.leftover:
                card.motion = "vt-leftover"
    return TableView(
        lang=lang,
        urls=urls(match.id, loaded.key),
        ply=loaded.ply,
        state=state,
        level=t(lang, f"level_{match.level}"),
        players=players,
        seats=seats,
        turn_order=turn_order(players, lang, seating),
        you_deal=view.dealer == seating.viewer,
        rules_summary=rules_summary(rules, lang, practice=loaded.practice),
        must_show=must_show,
        hand=hand,
        table=table,
        stock_count=view.stock_count,
        sides=sides,
        target=d(view.rules.target),
        # while a round's sheet is up the engine has dealt the next round: the sheet's round is named
        round_no=d(len(view.finished_rounds) if the_sheet is not None else view.round_no + 1),
        log=log,
        log_finished=log_finished,
        log_start=len(moves) - len(shown) + 1,
        computer_last=computer_last,
        announce=announce,
        hint=hint,
        selected=str(sel.card) if sel.card else None,
        takes=[str(c) for c in sorted(sel.takes)],
        sum_text=sum_text,
        sum_over=b.sum_over,
        sur_note=_sur_note(loaded, sel, action, lang),
        action=action,
        message=t(lang, message) if message else (t(lang, sel.message) if sel.message else None),
        trigger_computer=loaded.computer_to_play,
        computer=computer_turn(loaded, practice_ms),
        sheet=the_sheet,
        winner=winner,
        final_totals=[d(x) for x in view.totals],
        practice=loaded.practice,
        undos=match.undos,
        can_undo=loaded.can_undo,
        level_key=match.level,
        earlier_sheets=[sheet(view, lang, i, seating) for i in range(len(view.finished_rounds) - 1)]
        if view.winner is not None
        else [],
        motion=moved,
    )
