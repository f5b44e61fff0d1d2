"""View model of Chaharbargh's table: everything its template shows, put together here from the
asking seat's observation (`table_view`) out of the modules beside this one: the cards and what
tapping them allows (`board.py`), the scores and the round's sheet (`scores.py`), the log's moves
in words (`move_log.py`), the other seats (`seat_views.py`) and the last move's motion
(`motion.py`). What every game's views share (a card as drawn, seat and side names, what the
table is at, addresses, who won) is app/common_views.py; the replay is `replay.py`.

Templates only print these values; the legal moves come from the engine, never from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine import Move, Observation, Rules
from engine.chaharbargh.game import GAME

from ...common_views import (
    CardView,
    ComputerTurn,
    computer_turn,
    log_window,
    seat_levels,
    seating_of,
    table_state,
    urls,
    waiting_hint,
    winner_words,
)
from ...i18n import digits, digits_in, joined, t
from ...options import chips
from ...shared_table import SharedTable
from ...table import Table
from .board import Action, Selection, board
from .motion import Motion, motion
from .move_log import MoveLine, announce_move, announce_show, move_line, move_words
from .scores import Sheet, SideView, live_sides, sheet
from .seat_views import SeatView, seats_view, turn_order


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


def rules_summary(rules: Rules, lang: str, practice: bool = False) -> list[str]:
    """The match's rules in a few words, read from its `Rules`: players, then every declared
    option (`engine.chaharbargh.options`). A practice is one round: no target."""
    players = t(lang, "summary_teams") if rules.teams else t(lang, "summary_players", n=digits_in(lang)(rules.players))
    return [players, *chips(GAME, rules, lang, leave_out=("target",) if practice else ())]


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
    window = log_window(loaded, moves, max(6, 2 * players), standins)
    log = [move_line(p.seat, p, lang, players, seating) for p in window.shown]  # kept lines: changed by copy
    texts = window.lines([line.text for line in log], lang)
    log = [line if line.text == text else replace(line, text=text) for line, text in zip(log, texts, strict=True)]
    others_moves = [p for p in moves if p.seat != seating.viewer]
    computer_last = move_line(others_moves[-1].seat, others_moves[-1], lang, players, seating) if others_moves else None
    announce = ""
    if not message:
        announce = announce_show(loaded, lang, seating)
        if not announce and moves and moves[-1].seat != seating.viewer:
            announce = announce_move(moves[-1], lang, seating)
    if view.moves and all(n == 4 for n in view.hand_counts):  # every hand was empty: a new deal
        # said to a screen reader; the eye sees the cards come from the stock, and the hint keeps
        # its two lines for what to do (a steady table: app.css)
        announce = joined(" ", [announce, t(lang, "dealt")]).strip()

    state = table_state(loaded)
    hint = waiting_hint(loaded, state, seating, lang) or hint

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
        log_start=window.start,
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
