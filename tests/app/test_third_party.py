"""docs/third-party.md cannot fall behind the folders that hold other projects' files: every file
under static/, fonts/ and tests/browser/vendor/ is named there (as a third-party file, the card
art, or one of the project's own), everything it names exists, and each sha256 it gives is the
file's. The project's licence is the AGPL's text, and pyproject.toml says so."""

from __future__ import annotations

import hashlib
import re
import tomllib

from app.settings import ROOT

DOC = ROOT / "docs" / "third-party.md"
FOLDERS = ("static", "fonts", "tests/browser/vendor")
PATH = re.compile(r"`((?:static|fonts|tests/browser/vendor)/[^`\s]+)`")


def files_in_folders() -> set[str]:
    found = {p.relative_to(ROOT) for folder in FOLDERS for p in (ROOT / folder).rglob("*") if p.is_file()}
    return {p.as_posix() for p in found if not any(part.startswith(".") for part in p.parts)}  # as wire.py skips


def table_rows(text: str) -> dict[str, str]:
    """The rows of the page's tables whose first cell is a file: file -> the whole row."""
    return {m.group(1): line for line in text.splitlines() if (m := re.match(r"\| `([^`]+)` \|", line))}


def test_every_file_of_the_vendored_folders_is_named_in_docs_third_party():
    text = DOC.read_text()
    named = set(PATH.findall(text))
    unnamed = sorted(files_in_folders() - named)
    assert not unnamed, f"say in docs/third-party.md where these come from (or that they are ours): {unnamed}"
    missing = sorted(p for p in named if not (ROOT / p).is_file())
    assert not missing, f"docs/third-party.md names files that are not there: {missing}"


def test_each_sum_in_docs_third_party_is_the_files():
    rows = table_rows(DOC.read_text())
    summed = {path: re.findall(r"`([0-9a-f]{64})`", row) for path, row in rows.items()}
    assert len([p for p, sums in summed.items() if sums]) >= 7  # the copies kept unchanged
    for path, sums in summed.items():
        for digest in sums:
            assert hashlib.sha256((ROOT / path).read_bytes()).hexdigest() == digest, path


def test_the_licence_is_the_agpl_and_pyproject_says_so():
    licence = (ROOT / "LICENSE").read_bytes()
    assert licence.split(b"\n")[0].strip() == b"GNU AFFERO GENERAL PUBLIC LICENSE"
    # The FSF's agpl-3.0.txt byte for byte (34,523 bytes), as published: not a copy retyped or reflowed.
    assert hashlib.sha256(licence).hexdigest() == "0d96a4ff68ad6d4b6f1f30f713b18d5184912ba8dd389f86aa7710db079abcb0"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "AGPL-3.0-or-later"
    assert "static/cards.svg" in table_rows(DOC.read_text())  # the card art is on the list too
