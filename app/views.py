"""View models: everything a template shows, computed here from the human seat's observation.

Templates only print these values; the legal moves come from the engine, never from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import Card, Move, Observation, card_sum, observation

from .i18n import addends, card_name, card_names, counted, digits, noun, t
from .service import COMPUTER, HUMAN, Loaded, Refused

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


@dataclass
class MoveLine:
    """One move as shown in the log: who, the card, what it took."""

    who: str
    card: CardView
    takes: list[CardView]
    sur: str  # "" when the move was no sur; says so when a sur scores nothing
    text: str


@dataclass
class SideView:
    name: str
    clubs: str
    surs: str
    captured: str
    total: str


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


@dataclass
class Action:
    kind: str  # "capture", "place" or "none"
    label: str
    enabled: bool


@dataclass
class HintView:
    """Practice help: the pro's move, and how to select it."""

    move: str  # spoken: "seven of clubs ← four of diamonds"
    value: str  # "+2.5", or "" when there is nothing to weigh
    unit: str  # "points", or "the only legal move"
    select_url: str


@dataclass
class TableView:
    lang: str
    urls: dict[str, str]
    ply: int
    state: str  # "your-turn", "computer-turn", "round-over", "match-over"
    level: str
    opponent_count: int
    opponent_noun: str
    opponent_backs: list[int]
    hand: list[CardView]
    table: list[CardView]
    stock_count: int
    sides: list[SideView]
    target: str
    round_no: str
    log: list[MoveLine]
    log_finished: bool  # the log shows the moves of the round that just ended
    computer_last: MoveLine | None
    announce: str
    hint: str
    selected: str | None = None
    takes: list[str] = field(default_factory=list)
    sum_text: str = ""
    action: Action | None = None
    message: str | None = None
    trigger_computer: bool = False
    computer_trigger: str = "load delay:900ms"  # the hx-trigger of the computer's move
    sheet: Sheet | None = None
    winner: str | None = None
    final_totals: list[str] = field(default_factory=list)
    practice: bool = False
    undos: int = 0
    can_undo: bool = False
    hints: HintView | None = None
    hints_on: bool = False
    level_key: str = ""

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


def select(
    view: Observation, card: str | None, takes: list[str], pick: str | None, toggle: str | None
) -> Selection:
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


def _line(view_seat: int, played, lang: str) -> MoveLine:
    who = t(lang, "you") if view_seat == HUMAN else t(lang, "opponent")
    card = card_view(played.move.card, lang)
    takes = [card_view(c, lang) for c in sorted(played.move.takes)]
    text = f"{who}: {move_words(played.move, lang)}"
    sur = sur_words(played, lang)
    return MoveLine(who, card, takes, sur, text + (f" — {sur}" if sur else ""))


def sur_words(played, lang: str) -> str:
    """How the log names a move's sur: nothing, "sur!", or a sur that scores nothing (the
    last deal, a sur cutoff); the engine says which."""
    if not played.sur:
        return ""
    return t(lang, "sur" if played.scores else "sur_no_points")


def _announce(played, lang: str) -> str:
    name = card_name(str(played.move.card), lang)
    text = t(lang, "computer_played", card=name)
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


def sheet(view: Observation, lang: str) -> Sheet:
    """The score sheet of the last finished round, each line with the cards behind it: all read
    from the engine's score lines (`RoundScore.lines`)."""
    log = view.finished_rounds[-1]
    scores = log.score or ()
    d = lambda v: digits(v, lang)  # noqa: E731
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
    leftover = ""
    if log.leftover is not None and log.leftover.cards:
        who = t(lang, "seat_you") if log.leftover.seat == HUMAN else t(lang, "the_computer")
        leftover = t(lang, "leftover", who=who)
    return Sheet(
        title=t(lang, "round_over", n=d(len(view.finished_rounds))),
        lines=lines,
        totals=[d(s.total) for s in scores],
        running=[d(x) for x in view.totals],
        leftover=leftover,
    )


def _round_winner(view: Observation, lang: str) -> str:
    """Practice: who won the round just played."""
    score = view.finished_rounds[-1].score or ()
    mine, theirs = score[HUMAN].total, score[COMPUTER].total
    return t(lang, "round_won" if mine > theirs else "round_lost" if mine < theirs else "round_tied")


def signed(value: float, lang: str) -> str:
    """A hint value: one decimal, always signed, "+۲٫۵" in Persian.

    >>> signed(-0.04, "en"), signed(2.46, "fa")
    ('+0.0', '+۲٫۵')
    """
    text = f"{round(value, 1) + 0.0:+.1f}".replace("-", "−")  # + 0.0 turns -0.0 into 0.0
    return digits(text.replace(".", "٫"), lang) if lang == "fa" else text


def move_words(move: Move, lang: str, placed: str = "placed") -> str:
    """A move in words: "seven of clubs ← four of diamonds", or the card and "placed it"."""
    name = card_name(str(move.card), lang)
    if not move.takes:
        return f"{name} ({t(lang, placed)})"
    return f"{name} ← {card_names(sorted(move.takes), lang)}"


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
        "home": "/",
        "new": "/",
    }


@dataclass
class Board:
    """The cards in front of the player and what tapping them allows: shared by the table and the lessons."""

    hand: list[CardView]
    table: list[CardView]
    action: Action | None
    sum_text: str
    hint: str


def board(view: Observation, sel: Selection, lang: str, my_turn: bool) -> Board:
    """Hand and table cards (dimmed, capturing, selected, takeable), the action button and the sum line."""
    d = lambda v: digits(v, lang)  # noqa: E731
    options = _options(view, sel.card) if sel.card else []
    takeable = frozenset().union(*(m.takes for m in options))
    capturing = {m.card for m in view.legal_moves if m.takes}
    playable = {m.card for m in view.legal_moves}
    hand = [
        card_view(
            c,
            lang,
            can_capture=my_turn and c in capturing,
            disabled=my_turn and c not in playable,
            selected=c == sel.card,
        )
        for c in view.hand
    ]
    table = [card_view(c, lang, takeable=c in takeable, selected=c in sel.takes) for c in view.table]

    action, sum_text, hint = None, "", t(lang, "your_turn") if my_turn else ""
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
        if captures:
            hint = t(lang, "pick_takes" if sel.card.is_number else "pick_jack" if sel.card.is_jack else "pick_same")
        if sel.card.is_number and captures:
            parts = [sel.card, *sorted(sel.takes, key=lambda c: c.id)]
            sum_text = " + ".join(addends(parts, lang)) + f" = {d(card_sum(parts))} / {d(11)}"
    return Board(hand, table, action, sum_text, hint)


def table_view(
    loaded: Loaded, lang: str, sel: Selection | None = None, message: str | None = None, delay_ms: int | None = 900
) -> TableView:
    """The table as the human seat sees it, from `observation(state, 0)` only."""
    view = observation(loaded.state, HUMAN)
    match = loaded.match
    sel = sel or Selection()
    d = lambda v: digits(v, lang)  # noqa: E731

    my_turn = loaded.human_to_play
    b = board(view, sel, lang, my_turn)
    hand, table, action, sum_text, hint = b.hand, b.table, b.action, b.sum_text, b.hint

    names = [t(lang, "you"), t(lang, "opponent")]
    sides = [
        SideView(
            name=names[s],
            clubs=d(view.clubs[s]),
            surs=d(view.surs[s]),
            captured=d(len(view.captured[s])),
            total=d(view.totals[s]),
        )
        for s in range(2)
    ]
    if loaded.practice and loaded.over:  # the engine has dealt a next round: show the one played
        scores = view.finished_rounds[-1].score or ()
        for side, score in zip(sides, scores, strict=True):
            side.clubs, side.surs = d(score.clubs), d(score.surs)

    moves, log_finished = view.moves, False
    if not moves and view.finished_rounds and (loaded.sheet_pending or loaded.over):
        moves, log_finished = view.finished_rounds[-1].moves, True
    log = [_line(p.seat, p, lang) for p in moves[-6:]]
    computer_moves = [p for p in moves if p.seat == COMPUTER]
    computer_last = _line(COMPUTER, computer_moves[-1], lang) if computer_moves else None
    announce = _announce(moves[-1], lang) if moves and moves[-1].seat == COMPUTER and not message else ""
    if view.moves and all(n == 4 for n in view.hand_counts):  # both hands were empty: a new deal
        announce = f"{announce} {t(lang, 'dealt')}".strip()
        hint = f"{t(lang, 'dealt')} {hint}".strip()

    if loaded.over:
        state = "practice-over" if loaded.practice else "match-over"
    elif loaded.sheet_pending:
        state = "round-over"
    elif my_turn:
        state = "your-turn"
    else:
        state = "computer-turn"
        hint = t(lang, "computer_thinking")

    winner = None
    if view.winner is not None:
        winner = t(lang, "you_won") if view.winner == HUMAN else t(lang, "computer_won")
    if loaded.practice and loaded.over:
        winner = _round_winner(view, lang)

    return TableView(
        lang=lang,
        urls=urls(match.id, match.secret),
        ply=loaded.ply,
        state=state,
        level=t(lang, f"level_{match.level}"),
        opponent_count=view.hand_counts[COMPUTER],
        opponent_noun=noun("cards_in_hand", view.hand_counts[COMPUTER], lang),
        opponent_backs=list(range(view.hand_counts[COMPUTER])),
        hand=hand,
        table=table,
        stock_count=view.stock_count,
        sides=sides,
        target=d(view.rules.target),
        round_no=d(view.round_no + 1),
        log=log,
        log_finished=log_finished,
        computer_last=computer_last,
        announce=announce,
        hint=hint,
        selected=str(sel.card) if sel.card else None,
        takes=[str(c) for c in sorted(sel.takes)],
        sum_text=sum_text,
        action=action,
        message=t(lang, message) if message else (t(lang, sel.message) if sel.message else None),
        trigger_computer=loaded.computer_to_play,
        computer_trigger="computer-may-move" if delay_ms is None else f"load delay:{delay_ms}ms",
        sheet=sheet(view, lang) if (loaded.sheet_pending or loaded.over) and view.finished_rounds else None,
        winner=winner,
        final_totals=[d(x) for x in view.totals],
        practice=loaded.practice,
        undos=match.undos,
        can_undo=loaded.can_undo,
        level_key=match.level,
    )


@dataclass
class SavedMatch:
    url: str
    level: str
    target: str
    status: str
    totals: str
    finished: bool
    practice: bool = False


def saved_matches(items: list[Loaded], lang: str) -> list[SavedMatch]:
    """The home page's list of this browser's matches."""
    out = []
    for item in items:
        totals = item.state.totals
        out.append(
            SavedMatch(
                url=urls(item.match.id, item.match.secret)["page"],
                level=t(lang, f"level_{item.match.level}"),
                target=digits(item.state.rules.target, lang),
                status=t(lang, "status_over" if item.over else "status_playing"),
                totals="" if item.practice else f"{digits(totals[HUMAN], lang)} – {digits(totals[COMPUTER], lang)}",
                finished=item.over,
                practice=item.practice,
            )
        )
    return out
