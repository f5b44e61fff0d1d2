"""The rules explorer's view models (drawn by pages.py, served by app/routes/rules.py): every
rule with examples the engine works out, the FAQ and tips.

The view models here turn `app.games.chaharbargh.examples.result(key)` (the engine's answer for each
example) into rows of cards and sentences; templates/rules.html only prints them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine import Card, Move, Rules
from engine.chaharbargh.game import GAME
from engine.options import named

from ...common_views import CardView, card_view
from ...i18n import addends, card_name, card_names, digits, digits_in, has_message, rt, t
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


@dataclass
class OptionView:
    name: str
    text: str
    examples: list[ExampleView]
    start_url: str = ""  # the home page with the new-match form set up for this option
    start_label: str = ""
    key: str = ""


@dataclass
class SectionView:
    id: str
    badge: str
    title: str
    paragraphs: list[str]
    examples: list[ExampleView] = field(default_factory=list)
    after: list[str] = field(default_factory=list)  # paragraphs after the score table
    score_table: list[tuple[str, str]] = field(default_factory=list)
    options: list[OptionView] = field(default_factory=list)
    presets: list[tuple[str, list[str]]] = field(default_factory=list)
    preset_heads: list[str] = field(default_factory=list)
    presets_title: str = ""
    presets_text: str = ""


@dataclass
class RulesPage:
    title: str
    intro: str
    sections: list[SectionView]
    faq: list[tuple[str, str]]
    tips: list[str]
    example_count: int


# --- one example ---------------------------------------------------------------------------


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


# --- the page -------------------------------------------------------------------------------

RULE_EXAMPLES = {
    1: ["deal"],
    2: ["turns"],
    3: ["sum-one", "sum-many", "sum-choice", "sum-ace"],
    4: ["jack-sweep", "jack-faces"],
    5: ["king", "queens"],
    6: ["place"],
    7: ["forced"],
    8: ["sur", "sur-king", "jack-no-sur", "sur-last-deal"],
    9: ["leftover-mine", "leftover-theirs"],
    10: ["score", "clubs-tie"],
    11: ["match-win", "match-tie"],
}
OPTIONS = {  # each declared option (engine/chaharbargh/options.py) as this page orders them -> its examples
    "forced_capture": ["forced-card"],
    "jack_sur": ["jack-sur"],
    "sur_points": [],  # the four-player sur below shows the other value
    "sur_in_last_deal": ["last-deal-sur"],
    "surs_cancel": ["surs-cancel"],
    "sur_cutoff": ["sur-cutoff"],
    "target": [],  # rule 11's examples
    "open_hand": ["open-hand"],
}
PLAYER_EXAMPLES = {"three": ["three-clubs"], "four": ["four-sur"]}
RANGES = {"": "target", "sur_": "sur_points", "cut_": "sur_cutoff"}  # the texts' {low}, {sur_low}...: ranges of
ENDS = ("low", "high")


def option_link(option: str) -> str:
    """Where on this page a house rule is shown: its first example, else its own block."""
    examples = OPTIONS[option]
    return f"/rules#ex-{examples[0]}" if examples else f"/rules#option-{option}"


def point_values() -> dict[str, int]:
    """The scoring table, read from the engine's score of the `score` example and the rules."""
    r = result("score")
    assert r.score is not None
    yours = {line.item: line for line in r.score[0].lines}  # the engine's lines, with their counts
    return {
        "clubs": max(s.clubs_points for s in r.score),
        "ten": max(s.ten_of_diamonds for s in r.score),
        "two": max(s.two_of_clubs for s in r.score),
        "ace": yours["aces"].points // yours["aces"].count,
        "jack": yours["jacks"].points // yours["jacks"].count,
        "sur": Rules().sur_points,
        "sur_four": Rules(players=4).sur_points,
    }


def _value(value: object, lang: str) -> str:
    if isinstance(value, bool):
        return rt(lang, "val_on" if value else "val_off")
    if value is None:
        return rt(lang, "val_none")
    if isinstance(value, str):
        return rt(lang, f"val_{value}")
    return digits(value, lang)


def rules_page(lang: str) -> RulesPage:
    d = digits_in(lang)
    two, three, four = Rules(), Rules(players=3), Rules(players=4)
    fill = {
        "deals": d(two.deals_per_round),
        "sur": d(two.sur_points),
        "four": d(four.sur_points),
        "target": d(two.target),
        "target_four": d(four.target),
        **{f"{key}{end}": d(getattr(named(GAME.options, name), end)) for key, name in RANGES.items() for end in ENDS},
    }

    def ex(keys: Iterable[str]) -> list[ExampleView]:
        return [example_view(k, lang) for k in keys]

    sections = []
    for n, keys in RULE_EXAMPLES.items():
        paragraphs = [rt(lang, f"r{n}_p{i}", **fill) for i in (1, 2) if has_message(lang, f"r{n}_p{i}")]
        section = SectionView(f"r{n}", rt(lang, "rule_n", n=d(n)), rt(lang, f"r{n}_title"), paragraphs, ex(keys))
        if n == 10:
            v = point_values()
            section.paragraphs = paragraphs[:1]
            section.after = paragraphs[1:]
            section.score_table = [
                (rt(lang, "score_clubs"), d(v["clubs"])),
                (rt(lang, "score_ten"), d(v["ten"])),
                (rt(lang, "score_two"), d(v["two"])),
                (rt(lang, "score_ace"), d(v["ace"])),
                (rt(lang, "score_jack"), d(v["jack"])),
                (rt(lang, "score_sur"), rt(lang, "score_sur_four", points=d(v["sur"]), four=d(v["sur_four"]))),
            ]
        sections.append(section)

    presets = {name: Rules.preset(name).to_dict() for name in ("table", "pagat")}
    house = SectionView(
        "house",
        "",
        rt(lang, "house_title"),
        [rt(lang, "house_p1")],
        options=[
            OptionView(
                rt(lang, f"opt_{o}"),
                rt(lang, f"opt_{o}_text", **fill),
                ex(keys),
                named(GAME.options, o).link,
                rt(lang, "start_option"),
                o,
            )
            for o, keys in OPTIONS.items()
        ],
        preset_heads=[rt(lang, "preset_col_option"), rt(lang, "preset_name_table"), rt(lang, "preset_name_pagat")],
        presets=[(rt(lang, f"opt_{o}"), [_value(presets[p][o], lang) for p in presets]) for o in OPTIONS],
    )
    house.presets_title, house.presets_text = rt(lang, "presets_title"), rt(lang, "presets_p1")
    sections.append(house)
    sections.append(
        SectionView(
            "players",
            "",
            rt(lang, "players_title"),
            [],
            options=[
                OptionView(
                    "",
                    rt(lang, "three_p1", deals=d(three.deals_per_round)),
                    ex(PLAYER_EXAMPLES["three"]),
                    "/?players=3",
                    rt(lang, "start_three"),
                    "three",
                ),
                OptionView(
                    "",
                    rt(lang, "four_p1", deals=d(four.deals_per_round), sur=d(four.sur_points), target=d(four.target)),
                    ex(PLAYER_EXAMPLES["four"]),
                    "/?players=4",
                    rt(lang, "start_four"),
                    "four",
                ),
            ],
        )
    )
    return RulesPage(
        title=rt(lang, "page_title"),
        intro=rt(lang, "intro"),
        sections=sections,
        faq=[(rt(lang, f"faq_q{i}"), rt(lang, f"faq_a{i}")) for i in range(1, 5)],
        tips=[rt(lang, f"tip{i}") for i in range(1, 6)],
        example_count=len(BY_KEY),
    )
