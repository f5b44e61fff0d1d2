"""The home page's new-match form: its values pre-filled from the address or this browser's last
match, its choices, and the quick start's words."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import games
from engine.game import AnyGame
from engine.options import Option, defaults

from .forms import MatchOptions
from .i18n import digits_in, t
from .refusals import Refused
from .seating import LEVELS, PLAYERS, rules_for
from .seats import CLOCK_DEFAULT, PERSON, SLOW_CLOCKS
from .slow_games import clock_words


@dataclass
class OptionField:
    """One declared option (`engine.options.Option`) as the home form shows it."""

    name: str  # the field's name (a contract: the rules page's links and the tests use it)
    kind: str  # bool, int or choice
    label: str
    value: object  # as pre-filled: True/False, a number ("" for none) or the choice's value
    choices: list[tuple[str, str]]  # a choice's values and words
    about: str  # the rule in one sentence ("" for none)
    link: str  # its example on the game's rules page ("" for none)
    note: str  # a note under the field ("" for none)
    required: bool  # a number that may not be left empty
    pattern: str  # what a number field accepts: digits, Latin or Persian


@dataclass
class GameOptions:
    """A game's part of the form: its presets and options, shown while it is the chosen game."""

    game: str
    shown: str  # the class that hides the part while another game is chosen (static/allfours.css)
    presets: list[tuple[str, str, str]]  # value, name, what it changes (none: the game has one preset)
    preset: str  # the one chosen: the form's, if it is one of the game's, else its first
    own: list[OptionField]  # its options with a fieldset each (Chaharbargh's target)
    house: list[OptionField]  # its house rules, together
    house_id: str  # the house rules' fieldset's id


@dataclass
class NewMatchForm:
    """The home page's new-match form: each field's value as it is pre-filled, and the choices."""

    game: str
    level: str
    players: int
    levels: list[tuple[str, str, str]]  # value, name, how it plays
    seats: list[tuple[str, str, str]]  # each seat after yours: field name, label, the value chosen ("": the level)
    name: str  # the creator's name for the friends they invite
    seat_choices: list[tuple[str, str]]  # value, words: a computer at the chosen level, a friend, a level
    clock: int  # seconds a person has for a move at a table with friends (0: no clock)
    clock_choices: list[tuple[int, str]]  # value, words
    casual: bool  # the match moves no rating
    player_choices: list[tuple[int, str]]
    games: list[GameOptions]  # each game's presets and options
    defaults: str  # JSON: each preset's values for each number of seats (static/home.js fills them in)
    summary: list[str]  # what the one-tap start begins, one short item each ("2 players", "Easy", ...)


CLOCK_CHOICES = (0, 15, 30, 60, 120, 300, *SLOW_CLOCKS)  # the clocks the form lists (any it accepts is kept)


def form_values(game: AnyGame, rules: Any) -> dict[str, object]:
    """The game's declared options' values in `rules`, as the form's fields hold them ("" for none)."""
    held = game.rules_to_dict(rules)
    return {o.name: "" if held[o.name] is None else held[o.name] for o in game.options}


def _field(option: Option, value: object, lang: str, links: dict[str, str], defaults: dict[str, object]) -> OptionField:
    d = digits_in(lang)
    fill = {"low": d(option.low), "high": d(option.high), **{k: d(v) for k, v in defaults.items()}}
    return OptionField(
        name=option.name,
        kind=option.kind,
        label=t(lang, option.label),
        value=value,
        choices=[(c, t(lang, option.words + c)) for c in option.choices],
        about=t(lang, option.about) if option.about else "",
        link=links.get(option.name, ""),
        note=t(lang, option.note, **fill) if option.note else "",
        required=option.kind == "int" and not option.optional,
        pattern=f"[0-9۰-۹]{{1,{len(str(option.high))}}}",
    )


def _game_options(name: str, rules: Any, preset: str | None, lang: str, links: dict[str, str]) -> GameOptions:
    """The form's part for the game `name`, pre-filled from `rules` (the chosen game's, else its
    first preset's)."""
    game = games.get(name)
    values = form_values(game, rules)
    first, seats = game.presets[0], game.seat_counts
    fewest, most = (defaults(game, game.options, first, n) for n in (min(seats), max(seats)))
    fields = [
        _field(o, values[o.name], lang, links, {"default": fewest[o.name], "most": most[o.name]}) for o in game.options
    ]
    several = game.presets if len(game.presets) > 1 else ()  # one preset is no choice
    presets = [(p, t(lang, f"preset_{p}"), t(lang, f"preset_{p}_about")) for p in several]
    return GameOptions(
        game=name,
        shown=f"{name}-only",
        presets=presets,
        preset=preset if preset in game.presets else first,
        own=[f for f, o in zip(fields, game.options, strict=True) if not o.house],
        house=[f for f, o in zip(fields, game.options, strict=True) if o.house],
        house_id="house-rules" if name == games.names()[0] else f"house-rules-{name}",
    )


def friends_words(options: MatchOptions, lang: str) -> list[str]:
    """The quick start's word for the friends it invites, if any ("with 2 friends")."""
    friends = options.friends()
    return [t(lang, "summary_friends", n=digits_in(lang)(friends))] if friends else []


def _rules_of(name: str, options: MatchOptions) -> Any:
    """The rules the form's values make for the game `name` (each game's part of the form is
    pre-filled from its own): its preset if the form chose one of its, at the form's number of
    players if the game is played at it (else its fewest); `Refused` if they do not fit."""
    game = games.get(name)
    preset = options.preset if options.preset in game.presets else None
    players = options.players if options.players in game.seat_counts else min(game.seat_counts)
    return rules_for(name, preset, players, **options.values_of(name))


def casual_words(options: MatchOptions, lang: str) -> list[str]:
    """The quick start's item for a casual match (it moves no rating); none otherwise."""
    return [t(lang, "casual")] if options.casual == "1" else []


def new_match_form(
    query: dict[str, str],
    lang: str,
    rule_links: Callable[[str], dict[str, str]],
    summarise: Callable[[MatchOptions], list[str]],
) -> NewMatchForm:
    """The form pre-filled from `query`: the address (`/?players=4`, any option's field, as the
    rules page links them, or the form itself sent back by "fill in this preset's values",
    `defaults=1`) or the settings of this browser's last match: the preset's values for the
    number of players, with the options `query` names. Values that do not fit are left at the
    preset's (a form that does not fit as a whole is the defaults). `rule_links`: each option's
    example on a game's rules page, by the game's name; `summarise`: the quick start's words for
    the options, by the chosen game."""
    d = digits_in(lang)
    wanted = {k: v for k, v in query.items() if k in MatchOptions.field_names()}
    if "defaults" in query:  # keep the game, level, players and preset; the rules restart at the preset's
        wanted = {k: v for k, v in wanted.items() if k in ("game", "level", "players", "preset")}
    try:
        options = MatchOptions.model_validate({"level": LEVELS[0], **wanted})
        every_rules = {n: _rules_of(n, options) for n in games.names()}
        if options.players not in games.get(options.game).seat_counts:
            raise Refused("bad_players")
    except (ValueError, LookupError):
        options = MatchOptions(level=LEVELS[0])
        every_rules = {n: _rules_of(n, options) for n in games.names()}
    seats_chosen = enumerate(options.seat_choices(4), 1)
    parts = [_game_options(n, every_rules[n], options.preset, lang, rule_links(n)) for n in games.names()]
    every = {}
    for n in games.names():  # a preset's values by its name and the number of seats (presets are each game's own)
        g = games.get(n)
        for p in g.presets if g.options else ():
            every[p] = {k: form_values(g, g.preset(p, players=k)) for k in g.seat_counts}
    return NewMatchForm(
        game=options.game,
        level=options.level,
        players=options.players,
        levels=[(lvl, t(lang, f"level_{lvl}"), t(lang, f"level_{lvl}_about")) for lvl in LEVELS],
        name=options.name or "",
        seats=[(f"seat{n}", t(lang, "seat_choice_label", n=d(n + 1)), chosen or "") for n, chosen in seats_chosen],
        seat_choices=[("", t(lang, "seat_choice_level")), (PERSON, t(lang, "seat_choice_person"))]
        + [(lvl, t(lang, f"level_{lvl}")) for lvl in LEVELS],
        clock=CLOCK_DEFAULT if options.clock is None else options.clock,
        clock_choices=[(n, clock_words(n, lang)) for n in sorted({*CLOCK_CHOICES, options.clock or 0})],
        casual=options.casual == "1",
        player_choices=[(n, t(lang, f"players_{n}")) for n in PLAYERS],
        games=parts,
        defaults=json.dumps(every, sort_keys=True),
        summary=summarise(options) + friends_words(options, lang) + casual_words(options, lang),
    )
