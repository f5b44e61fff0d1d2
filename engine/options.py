"""A game's rule options as data: each game declares them once (`Game.options`), and the home
form, its parsing, the summaries, the rules page's links and the command line's flags are made
from that one declaration. The engine knows no words: `label`, `about`, `note` and `chip` are
message keys the web table looks up.

>>> points = Option("points", "int", label="points_label", low=1, high=9, example=3)
>>> points.parse("4"), points.flag, points.link
(4, '--points', '/?points=3')
>>> points.parse("12")
Traceback (most recent call last):
...
ValueError: points must be a whole number from 1 to 9, not '12'
>>> Option("fast", "bool", label="fast_label").parse("1")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

Kind = Literal["bool", "int", "choice"]


@dataclass(frozen=True)
class Option:
    """One rule option: a field of the game's rules (`name`, as its `rules_to_dict` holds it)
    and of the home form. Its value for each preset and number of seats is the preset's own
    (`defaults`): the rules say it once."""

    name: str
    kind: Kind
    label: str  # message key: the field's label
    about: str = ""  # message key: the rule in one sentence ("" for none)
    note: str = ""  # message key: a note under the field, filled with {low}, {high}, {default}, {most}
    chip: str = ""  # message key: how a match's summary names it ("" for a bool: its label; an int: {n})
    chip_rank: int = 0  # where it stands in the summary (equal ranks keep the declared order)
    refusal: str = "bad_options"  # message key: why a form whose value does not fit is refused
    choices: tuple[str, ...] = ()  # a choice's values
    words: str = "val_"  # a choice's value `v` is named by the message key `words + v`
    low: int = 0  # an int's range, both ends included
    high: int = 0
    optional: bool = False  # an int that may be none (an empty field)
    house: bool = True  # a house rule (shown with the others) rather than one of the game's own fields
    example: Any = None  # a value worth trying: the rules page's link starts a form with it

    @property
    def flag(self) -> str:
        """Its command-line flag (``--sur-points``)."""
        return "--" + self.name.replace("_", "-")

    @property
    def link(self) -> str:
        """The home form's address with this option set to its example (``/?open_hand=1``)."""
        value = "1" if self.example is True else self.example
        return f"/?{self.name}={value}"

    def parse(self, text: str) -> Any:
        """The value of a form field's or a flag's text (Latin digits); `ValueError` if it does
        not fit. An optional int's empty text is None."""
        if self.kind == "bool":
            if text not in ("1", "0"):
                raise ValueError(f"{self.name} is 1 or 0, not {text!r}")
            return text == "1"
        if self.kind == "choice":
            if text not in self.choices:
                raise ValueError(f"{self.name} is one of {', '.join(self.choices)}, not {text!r}")
            return text
        text = text.strip()
        if self.optional and text == "":
            return None
        if not (text.isascii() and text.isdigit() and len(text) <= 6) or not self.low <= int(text) <= self.high:
            raise ValueError(f"{self.name} must be a whole number from {self.low} to {self.high}, not {text!r}")
        return int(text)

    def fits(self, value: Any) -> bool:
        """Whether a value (already parsed) is one the option offers.

        >>> o = Option("cut", "int", label="cut", low=1, high=5, optional=True)
        >>> o.fits(None), o.fits(5), o.fits(6), o.fits(True)
        (True, True, False, False)
        """
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "choice":
            return value in self.choices
        if value is None:
            return self.optional
        return isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high


def defaults(game: Any, options: Sequence[Option], preset: str, players: int) -> dict[str, Any]:
    """Each option's value in `game`'s preset at `players` seats (an `engine.game.Game`)."""
    rules = game.rules_to_dict(game.preset(preset, players=players))
    return {option.name: rules[option.name] for option in options}


def named(options: Sequence[Option], name: str) -> Option:
    """The option called `name`; `LookupError` if there is none."""
    for option in options:
        if option.name == name:
            return option
    raise LookupError(f"no option {name!r}")


def rules_with(game: Any, preset: str, players: int, values: dict[str, Any]) -> Any:
    """`game`'s preset at `players` seats with `values` of its declared options changed;
    `ValueError` for a name it does not declare, a value its option does not offer, or rules
    the game refuses.

    >>> from engine.chaharbargh.game import GAME
    >>> rules_with(GAME, "pagat", 4, {"jack_sur": True}).sur_points
    10
    >>> rules_with(GAME, "table", 2, {"sur_points": 0})
    Traceback (most recent call last):
    ...
    ValueError: chaharbargh's sur_points does not offer 0
    """
    declared = {option.name: option for option in game.options}
    for name, value in values.items():
        if name not in declared:
            raise ValueError(f"{game.name} has no option {name!r}")
        if not declared[name].fits(value):
            raise ValueError(f"{game.name}'s {name} does not offer {value!r}")
    return game.preset(preset, players=players, **values)
