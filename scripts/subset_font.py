"""Make the web font the pages load: Vazirmatn cut down to the characters the site shows.

    .venv/bin/python scripts/subset_font.py            # write static/fonts/Vazirmatn-wght-subset.woff2
    .venv/bin/python scripts/subset_font.py --check    # exit 1 if that file is not what this makes

The whole variable font (`fonts/Vazirmatn-wght.woff2`, from npm `vazirmatn`, with its licence
`fonts/OFL.txt`) covers Arabic, Persian, Urdu and Latin in 1,333 glyphs (111 KB). The pages
need far fewer: every character of the message catalogs, the tutorial, the rules examples and
the templates (read from their source text, so any new word is in), printable ASCII, the
whole Persian alphabet and its digits, Arabic-Indic digits and the Persian punctuation, so a
new word in either language is covered too. fontTools' subsetter keeps every glyph the
shaping of those characters reaches (the initial, medial and final forms of the Persian
letters, ligatures, marks) and the variable weight axis whole; the name table keeps the
copyright and licence entries. Run it again after adding a character the font should draw
(`tests/app/test_wire.py` fails until then); the output is the same for the same inputs.

Card suits, arrows and the check mark are not in Vazirmatn at all: the browser draws them
with a system font, as before. The SIL Open Font License lets a subset keep the font's name
(Vazirmatn declares no Reserved Font Name); `static/fonts/OFL.txt` ships beside it.
"""

from __future__ import annotations

import argparse
import io
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "fonts" / "Vazirmatn-wght.woff2"
TARGET = ROOT / "static" / "fonts" / "Vazirmatn-wght-subset.woff2"

PERSIAN_LETTERS = "ءآأؤإئابةتثجحخدذرزسشصضطظعغفقکگلمنوهیيكپچژ"
EXTRA = (
    "".join(chr(c) for c in range(0x20, 0x7F))  # printable ASCII: Latin letters, digits, punctuation
    + PERSIAN_LETTERS
    + "۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩"  # Persian and Arabic-Indic digits
    + "،؛؟٫٬ـ«»\u200c\u200d"  # Persian punctuation, tatweel, ZWNJ and ZWJ
    + "\u064b\u064c\u064d\u064e\u064f\u0650\u0651\u0652\u0670"  # harakat, shadda, sukun
    + "\u00a0–—‘’“”…·×−"  # no-break space, dashes, quotes, ellipsis, middle dot, times, minus
)
NAME_IDS = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # copyright, names, version, PostScript name, licence, licence URL


def source_texts() -> list[tuple[str, str]]:
    """(path, text) of what the pages show: string literals of the app's modules, and the templates."""
    found = []
    for path in sorted((ROOT / "app").rglob("*.py")):
        strings = []
        with path.open("rb") as source:
            for token in tokenize.tokenize(source.readline):
                if token.type == tokenize.STRING or token.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
                    strings.append(token.string)
        found.append((str(path.relative_to(ROOT)), "\n".join(strings)))
    for path in sorted((ROOT / "templates").rglob("*.html")):
        found.append((str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")))
    return found


def used_characters() -> set[str]:
    """Every character the site may show (control characters and line breaks left out)."""
    text = "".join(t for _, t in source_texts()) + EXTRA
    return {c for c in text if c.isprintable() or c in "\u200c\u200d"}


def subset(source: Path = SOURCE) -> bytes:
    """The WOFF2 subset of `source` for `used_characters()`."""
    from fontTools import subset as ft_subset
    from fontTools.ttLib import TTFont

    options = ft_subset.Options()
    options.flavor = "woff2"
    options.name_IDs = NAME_IDS
    options.name_languages = ["*"]
    options.notdef_outline = True
    font = TTFont(source, recalcTimestamp=False)  # the same inputs make the same bytes
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(used_characters())))
    subsetter.subset(font)
    out = io.BytesIO()
    font.flavor = "woff2"
    font.save(out, reorderTables=False)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the subset on disk is stale")
    args = parser.parse_args()
    data = subset()
    if args.check:
        same = TARGET.exists() and TARGET.read_bytes() == data
        print(f"{TARGET.relative_to(ROOT)}: {'up to date' if same else 'stale: run scripts/subset_font.py'}")
        sys.exit(0 if same else 1)
    TARGET.write_bytes(data)
    size, characters = SOURCE.stat().st_size, len(used_characters())
    print(f"{TARGET.relative_to(ROOT)}: {len(data):,} bytes from {size:,} ({characters} characters)")


if __name__ == "__main__":
    main()
