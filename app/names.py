"""A person's display name at a shared table: what it may hold, and the words it may not copy.

The creator's name (the home form) and a friend's (the invite) follow one rule. Spaces at the
ends are dropped; what is left must be 1 to `NAME_LENGTH` characters, and is refused (the
reason is a message key, `msg_` + it) when it holds

- a control or format character (Unicode categories Cc, Cf, Zl, Zp, and Cs): the C0 and C1
  controls, the direction marks and overrides (U+200E, U+200F, U+061C, U+202A-E, U+2066-9), the
  line and paragraph separators, U+200B, the tag characters (U+E0000-E007F): `name_hidden`;
- a zero-width non-joiner or joiner (U+200C, U+200D, both Cf) anywhere but between two letters:
  Persian writes a ZWNJ inside a word («محمد‌رضا»), so there it is kept, but alone, at an end,
  twice or beside a space, digit or symbol it draws nothing and is refused: `name_joiner`;
- no letter or digit that can be seen (categories L* and N*, less the letters that draw
  nothing, `BLANK`; U+2800, the blank braille pattern, is a symbol anyway): `name_blank`;
- what the table calls a seat or a side in either language ("You", «شما», "Computer 2",
  «رایانهٔ ۲», "Your partner", "Team 1"...), or one of the bare words of those labels
  (`reserved_words` in the catalogs): `name_reserved`. They are compared in `folded` form.

>>> [refusal(name) for name in ("Maryam", "محمد\\u200cرضا", "  Ali <i> ", "R2-D2")]
[None, None, None, None]
>>> [refusal(name) for name in ("", "A\\x85", "\\u200b", "\\u3164", "\\u0301", "\\u200cAli", "you", "رایانهٔ 2")]
['bad_name', 'name_hidden', 'name_hidden', 'name_blank', 'name_blank', 'name_joiner', 'name_reserved', 'name_reserved']
>>> tidy("  Sara\\u3000")
'Sara'
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from markupsafe import Markup

from .i18n import LANGS, isolated, t
from .seats import FORMER, NAME_LENGTH

HIDDEN = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})  # the categories of characters that draw nothing of their own
JOINERS = frozenset({"\u200c", "\u200d"})  # zero-width non-joiner and joiner: Cf, kept between two letters
BLANK = frozenset({"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"})  # Hangul fillers, braille blank: drawn empty
ARABIC_FORMS = str.maketrans({"\u064a": "\u06cc", "\u0649": "\u06cc", "\u0643": "\u06a9"})  # Arabic yeh, kaf: Persian's
RESERVED = (  # the catalog keys of what the table calls a seat or a side; `{n}` is any number
    "you",
    "seat_you",
    "seat_player",
    "seat_computer_n",
    "seat_2_1",
    "seat_3_1",
    "seat_3_2",
    "seat_4_1",
    "seat_4_2",
    "seat_4_3",
    "team_0",
    "team_1",
    "team_number",
    "join_host",
    "former_player",
)


def _letter(char: str) -> bool:
    return unicodedata.category(char).startswith("L") and char not in BLANK


def _seen(char: str) -> bool:
    """A letter or digit that draws something."""
    return _letter(char) or unicodedata.category(char).startswith("N") and char not in BLANK


def _space(char: str) -> bool:
    return unicodedata.category(char) == "Zs"


def tidy(name: str) -> str:
    """The name without the spaces at its ends (category Zs); a control there is kept, to be refused."""
    start, end = 0, len(name)
    while start < end and _space(name[start]):
        start += 1
    while end > start and _space(name[end - 1]):
        end -= 1
    return name[start:end]


def _joined_letters(name: str, at: int) -> bool:
    """Whether the joiner at `at` stands between two letters (marks on the first one allowed)."""
    before = at - 1
    while before >= 0 and unicodedata.category(name[before]).startswith("M"):
        before -= 1
    return before >= 0 and _letter(name[before]) and at + 1 < len(name) and _letter(name[at + 1])


def folded(text: str) -> str:
    """`text` as names are compared: NFKC and case folded, its marks, joiners and the Arabic forms of
    Persian letters set aside, every digit as its Latin one, runs of space as one space.

    >>> folded("  \\uff39\\uff2f\\uff35 "), folded("رايانهٔ   ۲"), folded("Pla\\u0301yer ٣")
    ('you', 'رایانه 2', 'player 3')
    """
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text).casefold())
    kept = []
    for char in text.translate(ARABIC_FORMS):
        if char in BLANK:
            kept.append(" ")
        elif not (unicodedata.category(char).startswith("M") or char in JOINERS):
            value = unicodedata.decimal(char, None)
            kept.append(char if value is None else str(value))
    return " ".join("".join(kept).split())


@cache
def _reserved() -> re.Pattern[str]:
    """One pattern for every reserved label in both languages, folded; `{n}` stands for any number."""
    labels = [t(lang, key) for lang in LANGS for key in RESERVED]
    words = [word for lang in LANGS for word in re.split("[,\u060c]", t(lang, "reserved_words"))]  # , or ،
    patterns = [re.escape(folded(label.replace("{n}", "#"))).replace(r"\#", r"\d+") for label in labels]
    patterns += [re.escape(folded(word)) for word in words if folded(word)]
    return re.compile("|".join(sorted(set(patterns))))


def refusal(name: str) -> str | None:
    """Why the name (as the form sent it) is refused, a message key without `msg_`; None if it is fine."""
    name = tidy(name)
    if not 0 < len(name) <= NAME_LENGTH:
        return "bad_name"
    if any(unicodedata.category(c) in HIDDEN and c not in JOINERS for c in name):
        return "name_hidden"
    if any(c in JOINERS and not _joined_letters(name, i) for i, c in enumerate(name)):
        return "name_joiner"
    if not any(_seen(c) for c in name):
        return "name_blank"
    if _reserved().fullmatch(folded(name)):
        return "name_reserved"
    return None


def shown_name(given: str, lang: str) -> str | Markup:
    """A seat's or person's name as a page shows it: isolated, or "a former player" in `lang`
    for one who deleted themselves (`FORMER`); "" for none given."""
    if given == FORMER:
        return t(lang, "former_player")
    return isolated(given) if given else ""
