"""The home page's new-match form: its values pre-filled from the address or this browser's last
match, its choices, and the quick start's words."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from engine import Rules, games

from .forms import MatchOptions
from .i18n import digits_in, nt, rt, t
from .seats import CLOCK_DEFAULT, PERSON
from .service import LEVELS, PLAYERS, PRESETS, TARGET_RANGE, Refused, preset_rules, rules_for


@dataclass
class NewMatchForm:
    """The home page's new-match form: each field's value as it is pre-filled, and the choices."""

    game: str
    level: str
    players: int
    preset: str
    target: int
    forced_capture: str
    flags: dict[str, bool]  # jack_sur, sur_in_last_deal, surs_cancel, open_hand
    sur_points: int
    sur_cutoff: str  # "" for none
    levels: list[tuple[str, str, str]]  # value, name, how it plays
    seats: list[tuple[str, str, str]]  # each seat after yours: field name, label, the value chosen ("": the level)
    name: str  # the creator's name for the friends they invite
    seat_choices: list[tuple[str, str]]  # value, words: a computer at the chosen level, a friend, a level
    clock: int  # seconds a person has for a move at a table with friends (0: no clock)
    clock_choices: list[tuple[int, str]]  # value, words
    player_choices: list[tuple[int, str]]
    presets: list[tuple[str, str, str]]  # value, name, what it changes
    capture_modes: list[tuple[str, str]]
    flag_labels: dict[str, str]
    target_note: str
    defaults: str  # JSON: each preset's values for 2, 3 and 4 players (static/home.js fills them in)
    summary: list[str]  # what the one-tap start begins, one short item each ("2 players", "Easy", ...)
    rule_about: dict[str, str]  # each house rule in one sentence
    rule_links: dict[str, str]  # each house rule's example on the rules page


CLOCK_CHOICES = (0, 15, 30, 60, 120, 300)  # the move clocks the form lists (any the form accepts is kept)


def clock_words(seconds: int, lang: str) -> str:
    """A move clock as the form names it ("1 minute", "30 seconds", "No clock").

    >>> clock_words(120, "en"), clock_words(45, "en"), clock_words(0, "en")
    ('2 minutes a move', '45 seconds a move', 'No clock')
    >>> clock_words(60, "en"), clock_words(60, "fa")
    ('1 minute a move', '۱ دقیقه برای هر حرکت')
    """
    d = digits_in(lang)
    if not seconds:
        return t(lang, "clock_none")
    if seconds % 60 == 0:
        return nt(lang, "clock_minutes_one", "clock_minutes", seconds // 60, n=d(seconds // 60))
    return t(lang, "clock_seconds", n=d(seconds))


FORM_FLAGS = ("jack_sur", "sur_in_last_deal", "surs_cancel", "open_hand")
HOUSE_RULES = ("open_hand", "forced_capture", "jack_sur", "sur_in_last_deal", "surs_cancel", "sur_points", "sur_cutoff")


def _form_values(rules: Rules) -> dict[str, object]:
    return {
        "target": rules.target,
        "forced_capture": rules.forced_capture,
        **{name: getattr(rules, name) for name in FORM_FLAGS},
        "sur_points": rules.sur_points,
        "sur_cutoff": "" if rules.sur_cutoff is None else rules.sur_cutoff,
    }


def quick_summary(options: MatchOptions, lang: str) -> list[str]:
    """What a Chaharbargh match started with these options is, in a few short items, in the words
    of the table's `rules_summary` (the template sets them apart: a "·" beside Persian digits reads
    as a zero)."""
    d = digits_in(lang)
    rules = rules_for(options.preset, options.target, options.players, **options.house_rules())
    players = t(lang, "summary_teams") if rules.players == 4 else t(lang, "summary_players", n=d(rules.players))
    level = t(lang, f"level_{options.level}")
    items = [] if options.preset == "table" else [t(lang, f"preset_{options.preset}")]
    items += [players, level, t(lang, "summary_target", n=d(rules.target))]
    house = {k: v for k, v in _form_values(rules).items() if k != "target"}
    preset = {k: v for k, v in _form_values(preset_rules(options.preset, rules.players)).items() if k != "target"}
    if house != preset:
        items.append(t(lang, "quick_house"))
    return items


def friends_words(options: MatchOptions, lang: str) -> list[str]:
    """The quick start's word for the friends it invites, if any ("with 2 friends")."""
    friends = options.friends()
    return [t(lang, "summary_friends", n=digits_in(lang)(friends))] if friends else []


def new_match_form(
    query: dict[str, str], lang: str, rule_links: dict[str, str], summarise: Callable[[MatchOptions], list[str]]
) -> NewMatchForm:
    """The form pre-filled from `query`: the address (`/?players=4&open_hand=1`, as the rules page
    links, or the form itself sent back by "fill in this preset's values", `defaults=1`) or the
    settings of this browser's last match: the preset's values for the number of players, with
    the house rules `query` names. Values that do not fit are left at the preset's (a form that
    does not fit as a whole is the defaults). `rule_links`: each house rule's example on /rules;
    `summarise`: the quick start's words for the options, by the chosen game."""
    d = digits_in(lang)
    wanted = {k: v for k, v in query.items() if k in MatchOptions.model_fields}
    if "defaults" in query:  # keep the game, level, players and preset; the rules restart at the preset's
        wanted = {k: v for k, v in wanted.items() if k in ("game", "level", "players", "preset")}
    try:
        options = MatchOptions.model_validate({"level": LEVELS[0], **wanted})
        rules = rules_for(options.preset, options.target, options.players, **options.house_rules())
        if options.players not in games.get(options.game).seat_counts:
            raise Refused("bad_players")
    except (ValueError, LookupError):
        options, rules = MatchOptions(level=LEVELS[0]), preset_rules("table", 2)
    values = _form_values(rules)
    seats_chosen = enumerate(options.seat_choices(4), 1)
    defaults = {p: {n: _form_values(preset_rules(p, n)) for n in PLAYERS} for p in PRESETS}
    return NewMatchForm(
        game=options.game,
        level=options.level,
        players=rules.players,
        preset=options.preset,
        target=rules.target,
        forced_capture=rules.forced_capture,
        flags={name: bool(values[name]) for name in FORM_FLAGS},
        sur_points=rules.sur_points,
        sur_cutoff=str(values["sur_cutoff"]),
        levels=[(lvl, t(lang, f"level_{lvl}"), t(lang, f"level_{lvl}_about")) for lvl in LEVELS],
        name=options.name or "",
        seats=[(f"seat{n}", t(lang, "seat_choice_label", n=d(n + 1)), chosen or "") for n, chosen in seats_chosen],
        seat_choices=[("", t(lang, "seat_choice_level")), (PERSON, t(lang, "seat_choice_person"))]
        + [(lvl, t(lang, f"level_{lvl}")) for lvl in LEVELS],
        clock=CLOCK_DEFAULT if options.clock is None else options.clock,
        clock_choices=[(n, clock_words(n, lang)) for n in sorted({*CLOCK_CHOICES, options.clock or 0})],
        player_choices=[(n, t(lang, f"players_{n}")) for n in PLAYERS],
        presets=[(p, t(lang, f"preset_{p}"), t(lang, f"preset_{p}_about")) for p in PRESETS],
        capture_modes=[(m, rt(lang, f"val_{m}")) for m in ("hand", "card", "off")],
        flag_labels={name: rt(lang, f"opt_{name}") for name in FORM_FLAGS},
        target_note=t(
            lang,
            "target_range",
            low=d(TARGET_RANGE[0]),
            high=d(TARGET_RANGE[1]),
            table=d(preset_rules("table", 2).target),
            four=d(preset_rules("table", 4).target),
        ),
        defaults=json.dumps(defaults, sort_keys=True),
        summary=summarise(options) + friends_words(options, lang),
        rule_about={name: t(lang, f"{name}_about") for name in HOUSE_RULES},
        rule_links=rule_links,
    )
