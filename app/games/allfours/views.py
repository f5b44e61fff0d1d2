"""The All Fours table as the person's seat sees it: built from `engine.allfours.observation`
of seat 0 only, so no other hand (a partner's included), the stock or the seed can reach a page.

The view decides no rule: which cards may be played are the engine's legal moves, the round
sheet lists the round log's score lines (High, Low, Jack or hang jack, Game, kicks and "take
one") as the engine scored them, and the cut for the first deal is told as the engine cut it
(who cut what, each time, and who deals).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from engine.allfours import Cut, CutCard, Move, Observation, Trick, power
from engine.allfours.scoring import ScoreLine
from engine.cards import Card

from ...common_views import (
    PLACES,
    SYMBOLS,
    CardView,
    ComputerTurn,
    Seating,
    card_view,
    computer_turn,
    log_window,
    seat_levels,
    seating_of,
    table_state,
    urls,
    waiting_hint,
    winner_words,
)
from ...i18n import card_name, digits, digits_in, joined, t
from ...shared_table import SharedTable
from ...table import Table

# message keys (a key ending in "_one" is an English singular form in app/i18n.py, so "one" is spelled out)
DECISION_KEYS = {"stand": "af_stand", "beg": "af_beg", "one": "af_takeone", "run": "af_run"}
LINE_KEYS = {"one": "af_line_begged"}


@dataclass
class AfSeat:
    seat: int
    name: str
    dom_id: str
    place: str
    count: str
    partner: bool
    dealer: bool
    to_play: bool
    shown: list[CardView] | None = None  # the replay of a finished match: the whole hand, face up
    level: str = ""  # a computer's level or that a person sits there ("": the table's level)
    backs: list[int] = field(default_factory=list)  # in play: one back a card of its hand


@dataclass
class AfPlayed:
    who: str
    card: CardView
    wins: bool = False


@dataclass
class AfLine:
    label: str
    side: str
    points: str
    counted: bool


@dataclass
class AfSheet:
    title: str
    lines: list[AfLine]
    game_counts: str
    round_points: list[str]
    redeals: str
    decisions: list[str]  # who stood, begged, gave one or ran the cards, in order


@dataclass
class AfTable:
    urls: dict[str, str]
    ply: int
    state: str
    players: int
    level: str
    seats: list[AfSeat]
    hand: list[CardView]
    cards_playable: bool  # the hand's cards are buttons (the person is to play a card)
    decisions: list[tuple[str, str]]  # (move text, label)
    trick: list[AfPlayed]
    last_trick: list[AfPlayed]
    last_winner: str
    turnup: list[CardView]
    trump: str
    sides: list[tuple[str, str]]  # (name, total)
    target: str
    round_no: str
    dealer: str
    cut: str  # the cut for the first deal, told during round one ("" otherwise)
    this_round: list[AfLine]
    log: list[str]
    log_finished: bool
    log_start: int  # the number of the log's first line: its move's place in the round
    announce: str
    hint: str
    explain: str  # what begging does, under the stand and beg buttons
    ran: str  # the cards were run: how many more each, and the new trump ("" otherwise)
    message: str | None
    trigger_computer: bool
    computer: ComputerTurn  # how the page gets the computer's move
    sheet: AfSheet | None
    winner: str | None
    final_totals: list[str] = field(default_factory=list)
    shared: SharedTable = field(default_factory=SharedTable)  # the other people at it (app/shared_table.py)


def af_urls(match_id: str, secret: str) -> dict[str, str]:
    """The table's addresses: the shared ones of `views.urls`, and All Fours' own move form."""
    out = urls(match_id, secret)
    return {**out, "move": out["page"] + "/allfours", "rules": "/rules/allfours"}


def hand_order(cards: Iterable[Card], is_trump: Callable[[Card], bool] = lambda card: False) -> list[Card]:
    """A hand as the table draws it: by suit (trumps last, as the engine's `is_trump` tells
    them), then by the engine's `power` within the suit."""
    return sorted(cards, key=lambda c: (is_trump(c), "CDHS".index(c.suit), power(c)))


def suit_name(suit: str, lang: str) -> str:
    return f"{t(lang, f'suit_{suit}')} {SYMBOLS[suit]}"


def move_text(move: Move, lang: str) -> str:
    """A move as the log says it: a decision's words, or the card's name."""
    if move.card is not None:
        return card_name(str(move.card), lang)
    return t(lang, DECISION_KEYS[move.decision])


def cut_words(cut: Cut, seating: Seating, lang: str) -> str:
    """The cut for the first deal in words: each seat's card, again for each tie, and who deals.
    The engine says who tied (another attempt) and who cut highest (``cut.dealer``)."""

    def one(c: CutCard) -> str:
        return t(lang, "af_said", who=seating.name(c.seat, lang), what=card_name(str(c.card), lang))

    said = [joined(t(lang, "list_separator"), [one(c) for c in attempt]) for attempt in cut.attempts]
    sentences = [t(lang, "af_cut", cuts=said[0])] + [t(lang, "af_cut_again", cuts=cuts) for cuts in said[1:]]
    if cut.dealer == seating.viewer:
        sentences.append(t(lang, "af_cut_you_deal"))
    else:
        sentences.append(t(lang, "af_cut_deals", who=seating.name(cut.dealer, lang)))
    return joined(" ", sentences)


def line_view(line: ScoreLine, view: Observation, lang: str, seating: Seating | None = None) -> AfLine:
    card = card_name(str(line.card), lang) if line.card is not None else ""
    seating = seating or Seating(view.rules.players)
    return AfLine(
        label=t(lang, LINE_KEYS.get(line.kind, f"af_line_{line.kind}"), card=card),
        side=seating.side(line.side, view.rules, lang),
        points=digits(line.points, lang),
        counted=line.counted,
    )


def sheet_view(view: Observation, lang: str, seating: Seating) -> AfSheet:
    """The last finished round's sheet: its score lines as the engine scored them."""
    log = view.finished_rounds[-1]
    d = digits_in(lang)
    counts = ""
    if log.game is not None:
        sides = [joined(" ", [seating.side(s, view.rules, lang), d(n)]) for s, n in enumerate(log.game)]
        counts = t(lang, "af_game_counts", counts=joined(" – ", sides))
        if not any(line.kind == "game" for line in log.lines):  # the engine scored no Game: a tie
            counts = joined(" ", [counts, t(lang, "af_game_tied")])
    return AfSheet(
        title=t(lang, "af_sheet_title", n=d(len(view.finished_rounds))),
        lines=[line_view(line, view, lang, seating) for line in log.lines],
        game_counts=counts,
        round_points=[d(p) for p in log.points()],
        redeals=t(lang, "af_redeals", n=d(log.redeals)) if log.redeals else "",
        decisions=[
            t(lang, "af_said", who=seating.name(p.seat, lang), what=move_text(p.move, lang))
            for p in log.moves
            if p.move.card is None
        ],
    )


def _played(
    cards: Sequence[Card], leader: int, seating: Seating, lang: str, winner: int | None = None
) -> list[AfPlayed]:
    out = []
    for i, card in enumerate(cards):
        seat = (leader + i) % seating.players
        out.append(AfPlayed(seating.name(seat, lang), card_view(card, lang), winner == seat))
    return out


def tricks_view(
    view: Observation, lang: str, seating: Seating | None = None
) -> tuple[list[AfPlayed], list[AfPlayed], str]:
    """The trick in progress, and the round's last trick taken and who took it: shown while the
    next trick is led too, so who won it is not only in the log."""
    seating = seating or Seating(view.rules.players)
    trick = _played(view.trick, view.leader, seating, lang)
    if not view.tricks:
        return trick, [], ""
    cards, taker = taken_trick(view.tricks[-1], seating, lang)
    return trick, cards, taker


def taken_trick(trick: Trick, seating: Seating, lang: str) -> tuple[list[AfPlayed], str]:
    """A trick taken: its cards, the winner's marked, and who took it."""
    taker = t(lang, "af_won_by", who=seating.name(trick.winner, lang))
    return _played(trick.cards, trick.leader, seating, lang, trick.winner), taker


def seat_views(view: Observation, lang: str, playing: bool, seating: Seating | None = None) -> list[AfSeat]:
    """Every seat but the person's, where it sits from theirs; `playing`: the match is on (a
    seat is to play)."""
    players = view.rules.players
    seating = seating or Seating(players)
    return [
        AfSeat(
            seat=s,
            name=seating.name(s, lang),
            dom_id=f"seat-{s}",
            place=PLACES[players][place],
            count=digits(view.hand_counts[s], lang),
            backs=list(range(view.hand_counts[s])),
            partner=view.rules.teams and place == 2,
            dealer=view.dealer == s,
            to_play=playing and view.turn == s,
        )
        for place, s in ((place, seating.seat_at(place)) for place in range(1, players))
    ]


def table_view(
    loaded: Table,
    lang: str,
    message: str | None = None,
    standins: frozenset[int] = frozenset(),
) -> AfTable:
    """The All Fours table as the asking person's seat sees it, from `observation(state, seat)` only
    (someone watching: from `spectator(state)`); `standins`: the plies the computer played for
    a person whose move clock ran out (`MatchService.standins`), marked in the log."""
    view: Observation = loaded.view
    match = loaded.match
    rules, players = view.rules, view.rules.players
    seating = seating_of(loaded)
    d = digits_in(lang)
    my_turn = loaded.human_to_play
    playing = not loaded.over and not loaded.sheet_pending

    legal = view.legal_moves if my_turn else ()
    playable = {m.card for m in legal if m.card is not None}
    cards_playable = my_turn and view.phase == "play"
    hand = []
    for card in hand_order(view.hand, view.is_trump):
        cv = card_view(card, lang, trump=view.is_trump(card))  # the engine says what is a trump
        notes = [t(lang, "af_trump_card")] if cv.trump else []
        if cards_playable and card not in playable:
            cv.disabled = True
            notes.append(t(lang, "af_cannot_play"))
        cv.note = joined(t(lang, "list_separator"), notes)
        hand.append(cv)
    decisions = [(str(m), t(lang, DECISION_KEYS[m.decision])) for m in legal if m.card is None]

    trick, last_trick, taker = tricks_view(view, lang, seating)
    turnup = [card_view(c, lang, selected=i == len(view.turned) - 1) for i, c in enumerate(view.turned)]

    seats = seat_views(view, lang, playing, seating)
    levels = seat_levels(loaded, lang)
    for seat in seats:
        seat.level = levels[seat.seat]

    moves, log_finished = view.moves, False
    if loaded.sheet_pending or (loaded.over and view.finished_rounds):
        moves, log_finished = view.finished_rounds[-1].moves, True
    window = log_window(loaded, moves, 2 * players + 2, standins)
    said = (t(lang, "af_said", who=seating.name(p.seat, lang), what=move_text(p.move, lang)) for p in window.shown)
    log = window.lines(said, lang)
    announce = ""
    if not message and moves and moves[-1].seat != seating.viewer:
        announce = log[-1]

    state = table_state(loaded)  # never "practice-over": All Fours has no practice

    trump = suit_name(view.trump, lang)
    ran = ""  # the cards were run: said until the first trick is taken
    if playing and view.run_cards and not view.tricks:
        turned = card_name(str(view.turned[-1]), lang)
        ran = t(lang, "af_ran", who=seating.name(view.dealer, lang), n=d(view.run_cards), card=turned, suit=trump)
    explain = ""  # what a decision does, under its buttons
    hint = waiting_hint(loaded, state, seating, lang)
    if my_turn and view.phase == "beg":
        hint = t(lang, "af_decide_beg", suit=trump)
        explain = t(lang, "af_beg_explain")
    elif my_turn and view.phase == "answer":
        hint = t(lang, "af_decide_answer", who=seating.name(view.leader, lang))
    elif my_turn:
        hint = t(lang, "af_lead") if not view.trick else t(lang, "af_your_play")

    winner = winner_words(view, lang, seating) if view.winner is not None else None
    sheet_up = (loaded.sheet_pending or loaded.over) and view.finished_rounds
    sheet = sheet_view(view, lang, seating) if sheet_up else None
    return AfTable(
        urls=af_urls(match.id, loaded.key),
        ply=loaded.ply,
        state=state,
        players=players,
        level=t(lang, f"level_{match.level}"),
        seats=seats,
        hand=hand,
        cards_playable=cards_playable,
        decisions=decisions,
        trick=trick,
        last_trick=last_trick,
        last_winner=taker,
        turnup=turnup,
        trump=trump,
        sides=[(seating.side(s, rules, lang), d(view.totals[s])) for s in range(rules.sides)],
        target=d(rules.target),
        # while a round's sheet is up the engine has dealt the next round: the sheet's round is named
        round_no=d(len(view.finished_rounds) if sheet is not None else view.round_no + 1),
        dealer=seating.name(view.dealer, lang),
        cut=cut_words(view.cut, seating, lang) if view.cut is not None and playing and view.round_no == 0 else "",
        this_round=[line_view(line, view, lang, seating) for line in view.lines] if playing else [],
        log=log,
        log_finished=log_finished,
        log_start=window.start,
        announce=announce,
        hint=hint,
        explain=explain,
        ran=ran,
        message=t(lang, message) if message else None,
        trigger_computer=loaded.computer_to_play,
        computer=computer_turn(loaded, None),  # no practice: the round owner plays
        sheet=sheet,
        winner=winner,
        final_totals=[d(x) for x in view.totals],
    )
