"""The table's words in Persian and English, card names, and Persian digits.

The words live in gettext catalogs, one per language: `app/locale/<lang>/LC_MESSAGES/messages.po`,
compiled to `.mo` by `python3 scripts/dev.py catalogs` (which `serve` and `test` run, and the
Dockerfile). A message's id is a stable key (`start`, `msg_not_your_turn`), not the text of one
language: Persian and English are both translations, so either can be reworded without touching
the code, and a test checks that every key has its text in both. Counted words are plural
entries (`clubs_one` / `clubs`), read with `nt`. Placeholders are `{name}` fields.

>>> t("en", "start"), t("fa", "level_pro")
('Start', 'حرفه‌ای')
>>> counted(1, "clubs", "en"), counted(3, "clubs", "en"), counted(3, "clubs", "fa")
('1 club', '3 clubs', '۳ خاج')
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterable
from datetime import datetime
from functools import cache, partial
from pathlib import Path

import jdatetime
from babel.dates import format_skeleton
from markupsafe import Markup, escape

from engine import Card, card_sum

LANGS = ("fa", "en")
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"


class CatalogError(RuntimeError):
    """A catalog is missing, stale or lacks a message."""


class _Missing(gettext.NullTranslations):
    """The last fallback of a catalog: a key it lacks is an error, never shown as the key."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def gettext(self, message: str) -> str:
        raise CatalogError(f"no message {message!r} in the {self.lang} catalog ({LOCALE_DIR})")

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        raise CatalogError(f"no plural message {msgid1!r} in the {self.lang} catalog ({LOCALE_DIR})")


@cache
def catalog(lang: str) -> gettext.GNUTranslations:
    """The compiled catalog of `lang`, read once per process; an error when it is missing or older
    than its `.po` file (the words were changed and not compiled)."""
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    mo = po.with_suffix(".mo")
    if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
        raise CatalogError(f"{mo} is missing or older than {po.name}: run `python3 scripts/dev.py catalogs`")
    with mo.open("rb") as file:
        translations = gettext.GNUTranslations(file)
    translations.add_fallback(_Missing(lang))
    return translations


def isolated(name: str) -> Markup:
    """A person's name as the pages draw it: inside `<bdi>`, so its own direction (a Persian
    name in an English sentence, a name ending in digits or punctuation) never reorders the
    words around it; the name itself is escaped.

    >>> isolated("Ali <i>")
    Markup('<bdi>Ali &lt;i&gt;</bdi>')
    """
    return Markup("<bdi>{}</bdi>").format(name)


def _filled(text: str, values: dict[str, object]) -> str:
    """`text` with its {name} fields filled in; HTML (`Markup`, the words escaped) when a value is
    HTML, such as an `isolated` name, so the page keeps that value's markup.

    >>> _filled("{who} won", {"who": isolated("Sara")}), _filled("{n} & more", {"n": 2})
    (Markup('<bdi>Sara</bdi> won'), '2 & more')
    """
    if not values:
        return text
    if any(isinstance(value, Markup) for value in values.values()):
        return escape(text).format(**values)
    return text.format(**values)


def t(lang: str, key: str, **values: object) -> str:
    """The message `key` in `lang`, with {name} fields filled in (see `_filled`)."""
    return _filled(catalog(lang).gettext(key), values)


def nt(lang: str, singular: str, plural: str, count: int, /, **values: object) -> str:
    """The plural entry `singular`/`plural` for `count`, with {name} fields filled in.

    >>> nt("en", "surs_one", "surs", 1), nt("en", "surs_one", "surs", 2)
    ('sur', 'surs')
    """
    return _filled(catalog(lang).ngettext(singular, plural, count), values)


def joined(separator: str, items: Iterable[str]) -> str:
    """`separator.join(items)`, as HTML when an item is (an `isolated` name), the rest escaped.

    >>> joined(" → ", ["You", isolated("Ali")]), joined(", ", ["a", "b"])
    (Markup('You → <bdi>Ali</bdi>'), 'a, b')
    """
    items = list(items)
    if any(isinstance(item, Markup) for item in items):
        return escape(separator).join(items)
    return separator.join(items)


def has_message(lang: str, key: str) -> bool:
    """Whether the catalog of `lang` has the message `key` (for texts that exist for some items only)."""
    return key in catalog(lang)._catalog  # type: ignore[attr-defined]  # noqa: SLF001 - GNUTranslations keeps no public lookup


def has_plural(lang: str, key: str) -> bool:
    """Whether `key` has a counted form (a plural entry `key_one`/`key`)."""
    return (f"{key}_one", 0) in catalog(lang)._catalog  # type: ignore[attr-defined]  # noqa: SLF001 - GNUTranslations keeps no public lookup


FA_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
DECIMAL_POINT = re.compile(r"(?<=[0-9])\.(?=[0-9])")
FA_DECIMAL = "\u066b"  # ARABIC DECIMAL SEPARATOR, the one Persian writes: ۲٫۵
LATIN_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")


def digits(value: object, lang: str) -> str:
    """`value` as text, with Persian digits and decimal separator when the language is Persian.

    >>> digits(2.5, "fa"), digits("-0.4", "en"), digits("v1.2 · 3", "fa")
    ('۲٫۵', '-0.4', 'v۱٫۲ · ۳')
    """
    text = str(value)
    if lang != "fa":
        return text
    return (DECIMAL_POINT.sub(FA_DECIMAL, text) if "." in text else text).translate(FA_DIGITS)


def latin_digits(text: str) -> str:
    """`text` with Persian (and Arabic-Indic) digits as Latin ones: what a number field typed in
    Persian sends.

    >>> latin_digits("۳۰"), latin_digits("١٢"), latin_digits("62")
    ('30', '12', '62')
    """
    return text.translate(LATIN_DIGITS)


def day(when: datetime, lang: str) -> str:
    """The day `when` falls on, as the language writes a date: in Persian the Solar Hijri
    calendar's (jdatetime), in English the Gregorian (Babel).

    >>> day(datetime(2026, 12, 3), "fa"), day(datetime(2026, 12, 3), "en")
    ('۱۲ آذر ۱۴۰۵', 'Dec 3, 2026')
    """
    if lang == "fa":
        solar = jdatetime.date.fromgregorian(date=when.date())
        return digits(f"{solar.day} {solar.j_months_fa[solar.month - 1]} {solar.year}", lang)
    return format_skeleton("yMMMd", when, locale=lang)


def digits_in(lang: str) -> Callable[[object], str]:
    """`digits` for one language, for a view that writes many numbers.

    >>> digits_in("fa")(62)
    '۶۲'
    """
    return partial(_digits_for, lang)


def _digits_for(lang: str, value: object) -> str:
    return digits(value, lang)


@cache  # 52 codes in two languages, named many times a table; the catalogs are read once too
def card_name(code: str, lang: str) -> str:
    """The spoken name of a card code: "هفت خاج", "seven of clubs"."""
    card = Card.parse(code)  # the engine reads a card code; its rank and suit name the words
    rank_name, suit_name = t(lang, f"rank_{card.rank}"), t(lang, f"suit_{card.suit}")
    return f"{rank_name} {suit_name}" if lang == "fa" else f"{rank_name} of {suit_name}"


def addends(cards: Iterable[Card], lang: str) -> list[str]:
    """Each number card's value in a sum of eleven (the engine's `card_sum`), in the language's digits."""
    return [digits(card_sum([card]), lang) for card in cards]


def card_names(cards: Iterable[object], lang: str) -> str:
    """Cards (or codes) named in a sentence: "four of diamonds and two of hearts"."""
    return join([card_name(str(c), lang) for c in cards], lang)


def noun(key: str, n: int, lang: str) -> str:
    """The table's word `key` for a count of n: "card in hand" or "cards in hand"."""
    return nt(lang, f"{key}_one", key, n)


def counted(n: int, key: str, lang: str) -> str:
    """A number and its noun: "1 club", "3 clubs", "۳ خاج"."""
    return f"{digits(n, lang)} {noun(key, n, lang)}"


def join(items: list[str], lang: str) -> str:
    """A list of names for a sentence: "a, b و c" / "a, b and c"."""
    if len(items) <= 1:
        return joined("", items)
    sep, last = t(lang, "list_separator"), t(lang, "list_and")
    return joined(last, [joined(sep, items[:-1]), items[-1]])


def rt(lang: str, key: str, **values: object) -> str:
    """A text of the rules page in `lang`, with {name} fields filled in (the counted form when
    the key has one and `n` is given)."""
    n = values.get("n")
    if n is not None and has_plural(lang, key):
        return nt(lang, f"{key}_one", key, 1 if n in (1, "1") else 2, **values)
    return t(lang, key, **values)
