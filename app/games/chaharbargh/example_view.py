"""One example of the rules explorer as the page draws it: its rows of cards and its sentences,
turned from the engine's answer for it (`app.games.chaharbargh.examples.result(key)`). The page
around the examples is `rules_page.py`."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import Card, Move

from ...common_views import CardView, card_view
from ...i18n import addends, card_name, card_names, digits_in, rt, t
from .examples import BY_KEY, Result, result


@dataclass
class Row:
    label: str
    cards: list[CardView]
    mini: bool = False  # a pile drawn with the small card tags of the score sheet


@dataclass
class SheetView:
    sides: list[str]
    lines: list[tuple[str, list[str]]]
    totals: list[str]


@dataclass
class Line:
    """A sentence about an example, and the moves it lists (drawn as left-to-right chips)."""

    text: str
    moves: list[str] = field(default_factory=list)


@dataclass
class ExampleView:
    key: str
    caption: str
    rows: list[Row]
    results: list[Line]
    sheet: SheetView | None = None


def seat_name(seat: int, players: int, lang: str) -> str:
    return rt(lang, "seat_0") if seat == 0 else rt(lang, f"seat_{seat}_of_{players}")


def _short(card: Card) -> str:
    """ "7♣": the card's index and suit sign, as on the card itself."""
    view = card_view(card, "en")
    return view.index + view.symbol


def _move_text(move: Move) -> str:
    """ "6♥ + 2♠ + 3♦" (the template isolates it left to right inside a Persian sentence)."""
    return " + ".join(_short(c) for c in (move.card, *sorted(move.takes)))


def _card(card: Card, lang: str, status: str = "", **flags: bool) -> CardView:
    """A card picture whose spoken name says how it takes part (played, taken, dimmed), if it does."""
    view = card_view(card, lang, **flags)
    if status and any(flags.values()):
        view.label = f"{view.label} ({rt(lang, status)})"
    return view


def _sheet(r: Result, lang: str) -> SheetView:
    d = digits_in(lang)
    scores = r.score or ()
    names = [seat_name(s, r.rules.players, lang) for s in range(len(scores))]

    def clubs(n: int) -> str:
        return rt(lang, "sheet_clubs_count", n=d(n))

    return SheetView(
        sides=names,
        lines=[
            (t(lang, "line_clubs"), [d(s.clubs_points) + " " + clubs(s.clubs) for s in scores]),
            (t(lang, "line_ten"), [d(s.ten_of_diamonds) for s in scores]),
            (t(lang, "line_two"), [d(s.two_of_clubs) for s in scores]),
            (t(lang, "line_aces"), [d(s.aces) for s in scores]),
            (t(lang, "line_jacks"), [d(s.jacks) for s in scores]),
            (t(lang, "line_surs"), [d(s.sur_points) for s in scores]),
        ],
        totals=[d(s.total) for s in scores],
    )


def _move_results(r: Result, lang: str) -> tuple[list[str], list[str]]:
    """What the engine made of the move, in words."""
    move, outcome, players = r.move, r.outcome, r.rules.players
    assert move is not None and outcome is not None
    d = digits_in(lang)
    name = card_name(str(move.card), lang)
    out = []
    if move.places:
        out.append(rt(lang, "res_placed", card=name))
    else:
        line = rt(lang, "res_takes", card=name, cards=card_names(sorted(move.takes), lang))
        if move.card.is_number:
            expr = "\u00a0+\u00a0".join(addends((move.card, *sorted(move.takes)), lang))  # never wrapped
            line += " " + rt(lang, "res_sum", expr=expr)
        out.append(line)
    options = [_move_text(m) for m in r.options] if len(r.options) > 1 else []
    if options:
        out.append(rt(lang, "res_options"))
    if r.playable != frozenset(r.hand):
        out.append(rt(lang, "res_playable", cards=card_names([c for c in r.hand if c in r.playable], lang)))
    if r.leftover is not None:
        who = seat_name(r.leftover.seat, players, lang)
        out.append(rt(lang, "res_leftover", cards=card_names(r.leftover.cards, lang), who=who))
    elif r.round_over and r.after:
        out.append(rt(lang, "res_unclaimed", cards=card_names(r.after, lang)))
    elif not r.after:
        out.append(rt(lang, "res_after_empty"))
    else:
        out.append(rt(lang, "res_after", cards=card_names(r.after, lang)))
    if outcome.sur_cancelled is not None:
        out.append(rt(lang, "res_sur_cancels", who=seat_name(outcome.sur_cancelled, players, lang)))
    elif outcome.sur and outcome.sur_scored:
        key = "res_sur_team" if r.rules.teams else "res_sur"
        out.append(rt(lang, key, points=d(r.rules.sur_points)))
    elif outcome.sur:
        out.append(rt(lang, "res_sur_unscored"))
    elif move.takes and not r.after and not r.round_over:
        out.append(rt(lang, "res_jack_empty"))
    if r.round_over and r.rules.target <= max(r.totals):
        totals = " – ".join(d(x) for x in r.totals)
        if r.winner is not None:
            out.append(rt(lang, "res_winner", totals=totals, who=seat_name(r.winner, players, lang)))
        else:
            out.append(rt(lang, "res_tie", totals=totals))
    return out, options


def example_view(key: str, lang: str) -> ExampleView:
    ex, r = BY_KEY[key], result(key)
    move, players = r.move, r.rules.players
    assert move is not None
    d = digits_in(lang)
    rows, results = [], []
    if r.revealed:
        who = seat_name(1, players, lang)
        rows.append(Row(rt(lang, "row_revealed", who=who), [_card(c, lang) for c in r.revealed]))
    shown = bool(ex.move)  # a seeded deal without a move only shows the cards dealt
    rows.append(
        Row(
            rt(lang, "row_table"),
            [_card(c, lang, "st_taken", takeable=shown and c in move.takes) for c in r.table],
        )
    )
    hand = []
    dims = shown and r.playable != frozenset(r.hand)
    for c in r.hand:
        if shown and c == move.card:
            hand.append(_card(c, lang, "st_played", selected=True))
        elif dims and c not in r.playable:
            hand.append(_card(c, lang, "st_dim", disabled=True))
        else:
            hand.append(_card(c, lang))
    label = rt(lang, "row_hand") if r.seat == 0 else rt(lang, "row_hand_seat", who=seat_name(r.seat, players, lang))
    rows.append(Row(label, hand))
    if shown:
        rows.append(Row(rt(lang, "row_after"), [_card(c, lang) for c in r.after]))
    for seat, pile in enumerate(r.piles):
        if pile:
            who = seat_name(seat, players, lang)
            rows.append(Row(rt(lang, "row_pile", who=who), [_card(c, lang) for c in pile], mini=True))
    if ex.new_deal:
        results.append(rt(lang, "res_deal", hand=d(len(r.hand)), table=d(len(r.table)), stock=d(r.stock)))
        if r.revealed:
            names = card_names(r.revealed, lang)
            results.append(rt(lang, "res_revealed", who=seat_name(1, players, lang), card=names))
        if ex.move:
            assert r.dealer is not None and r.first_turn is not None and r.next_turn is not None
            assert r.next_dealer is not None
            results.append(
                rt(
                    lang,
                    "res_turns",
                    dealer=seat_name(r.dealer, players, lang),
                    first=seat_name(r.first_turn, players, lang),
                    next=seat_name(r.next_turn, players, lang),
                    next_dealer=seat_name(r.next_dealer, players, lang),
                )
            )
    options: list[str] = []
    if ex.move:
        lines, options = _move_results(r, lang)
        results += lines
    if lang == "en":
        results = [line[:1].upper() + line[1:] for line in results]
        for row in rows:
            row.label = row.label[:1].upper() + row.label[1:]
    options_line = rt(lang, "res_options")
    return ExampleView(
        key=key,
        caption=rt(lang, f"ex_{key}"),
        rows=rows,
        results=[Line(x, options if x == options_line else []) for x in results],
        sheet=_sheet(r, lang) if r.score else None,
    )
