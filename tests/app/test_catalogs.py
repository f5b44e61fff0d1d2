"""The words' gettext catalogs (app/locale): every message in both languages, nothing missing.

The message ids are keys (`start`, `msg_not_your_turn`); `messages.pot` lists them, and the
Persian and English `.po` files must each give every one a text, with the same `{fields}`.
A key the code or a template names literally must be in the catalogs; keys built at run time
(`level_` + a level) are covered by the page tests, since a missing key fails the page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from app.i18n import LANGS, LOCALE_DIR, CatalogError, catalog, counted, nt, t

ROOT = Path(__file__).resolve().parents[2]
FIELD = re.compile(r"\{(\w*)\}")


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def po(lang: str) -> Catalog:
    return read(LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po")


def texts(message) -> list[str]:
    return list(message.string) if message.pluralizable else [message.string]


def ids(cat: Catalog) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in cat if m.id}


def test_both_languages_and_the_template_have_the_same_messages():
    template = read(LOCALE_DIR / "messages.pot")
    assert len(ids(template)) > 400  # the whole site's words, not an empty file that agrees with itself
    for lang in LANGS:
        assert ids(po(lang)) == ids(template), lang


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_has_its_text_and_no_guess(lang):
    cat = po(lang)
    assert not cat.fuzzy
    assert cat.locale.language == lang
    for message in cat:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        assert all(text.strip() for text in texts(message)), message.id


def test_both_languages_fill_the_same_fields():
    english = {m.id if isinstance(m.id, str) else m.id[0]: m for m in po("en") if m.id}
    for message in po("fa"):
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        fa_fields = {tuple(sorted(set(FIELD.findall(text)))) for text in texts(message)}
        en_fields = {tuple(sorted(set(FIELD.findall(text)))) for text in texts(english[key])}
        assert fa_fields == en_fields, key


def test_persian_texts_write_persian_digits():
    for message in po("fa"):
        for text in texts(message) if message.id else []:
            assert not re.search("[0-9]", FIELD.sub("", text)), message.id


def literal_keys() -> set[str]:
    """Every key named literally: `_("key")` in templates, `t(lang, "key")`, `rt(lang, "key")`
    and the tutorial's `message(lang, "key")` (`tut_key`) in app/."""
    keys: set[str] = set()
    for path in (ROOT / "templates").rglob("*.html"):
        keys |= set(re.findall(r'\b_\("(\w+)"\)', path.read_text()))
    for path in (ROOT / "app").rglob("*.py"):
        source = path.read_text()
        keys |= set(re.findall(r'\b(?:t|rt)\(\s*\w+,\s*"(\w+)"', source))
        keys |= {f"tut_{k}" for k in re.findall(r'\bmessage\(\s*\w+,\s*"(\w+)"', source)}
    return keys


def test_every_key_the_code_names_is_in_the_catalogs():
    keys = literal_keys()
    assert len(keys) > 250  # the scan finds the code's keys (277 when written)
    for lang in LANGS:
        missing = keys - ids(po(lang))
        assert not missing, (lang, sorted(missing))


def test_counted_words_follow_english_plurals_and_stay_one_form_in_persian():
    # hand-worked: English says "1 club" and "2 clubs", Persian "۱ خاج" and "۲ خاج"
    assert counted(1, "clubs", "en") == "1 club" and counted(2, "clubs", "en") == "2 clubs"
    assert counted(1, "clubs", "fa") == "۱ خاج" and counted(2, "clubs", "fa") == "۲ خاج"
    assert nt("en", "cards_in_hand_one", "cards_in_hand", 0) == t("en", "cards_in_hand")
    assert nt("en", "surs_one", "surs", 1) == "sur"


def test_a_missing_key_is_an_error_never_shown_as_the_key():
    with pytest.raises(CatalogError):
        t("en", "no_such_message")
    assert catalog("fa") is catalog("fa")  # read once per process
