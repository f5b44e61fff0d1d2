"""A game's declared options (`engine.options`) in words: a match's summary names them from its
rules, the way the table, the invitation and the history show them."""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache
from typing import Any

from engine import games
from engine.game import AnyGame

from .i18n import digits_in, t


def chips(game: AnyGame, rules: Any, lang: str, leave_out: Collection[str] = ()) -> list[str]:
    """Each declared option of `game` set in `rules` in a few words, in their summary order: a
    number with its count, a choice with its value's words, a box only when ticked (an optional
    number only when set). `leave_out`: options the summary does not name."""
    return list(_chips(game.name, rules, lang, tuple(leave_out)))


@lru_cache(maxsize=512)
def _chips(name: str, rules: Any, lang: str, leave_out: tuple[str, ...]) -> tuple[str, ...]:
    """`chips`, worked out once per game, rules and language: every table a match shows names them."""
    game = games.get(name)
    d, held = digits_in(lang), game.rules_to_dict(rules)
    items: list[tuple[int, str]] = []
    for option in game.options:
        value = held[option.name]
        if option.name in leave_out or value is None or value is False:
            continue
        words = t(lang, option.chip or option.label)
        if option.kind == "int":
            words = t(lang, option.chip, n=d(value))
        elif option.kind == "choice":
            words = f"{words}: {t(lang, option.words + value)}"
        items.append((option.chip_rank, words))
    return tuple(words for _, words in sorted(items, key=lambda item: item[0]))
