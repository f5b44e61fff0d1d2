"""The rules explorer's view model (drawn by pages.py, served by app/routes/rules.py): every rule
with its examples (`example_view.py` draws each from the engine's answer), the house rules, the
FAQ and tips; templates/rules.html only prints them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine import Rules
from engine.chaharbargh.game import GAME
from engine.options import named

from ...i18n import digits, digits_in, has_message, rt
from .example_view import ExampleView, example_view
from .examples import BY_KEY, result


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
