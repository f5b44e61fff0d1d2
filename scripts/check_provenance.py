"""Does our English text copy sentences from an outside rule book? A manual check, not a test.

    .venv/bin/python scripts/check_provenance.py ../shared/RULES.md

The project writes its rule book (docs/rules.md) and the rules page in its own words. This
lists every sentence of more than 45 characters of the outside book found word for word in
either, and exits 1 if there is one. It lives outside the test suite because the outside book
is not part of the repository.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from fastapi.testclient import TestClient

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.main import create_app  # noqa: E402
from app.settings import Settings  # noqa: E402
from tests.app.app_helpers import dom, migrate  # noqa: E402


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[*`|#]", "", text))


def main() -> int:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    book = flat(Path(sys.argv[1]).read_text())
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/check.db"
        migrate(url)
        with TestClient(create_app(Settings(database_url=url, secret_key="check"))) as client:
            page = flat(dom(client.get("/rules?lang=en").text).get_text(" "))
    ours = {"the rules page": page, "docs/rules.md": flat((ROOT / "docs" / "rules.md").read_text())}
    sentences = [s.strip() for s in re.split(r"(?<=[.:;])\s", book) if len(s.strip()) > 45]
    copied = [(where, s) for s in sentences for where, text in ours.items() if s in text]
    for where, sentence in copied:
        print(f"{where}: {sentence}")
    print(f"{len(copied)} of {len(sentences)} sentences of the outside book copied")
    return 1 if copied else 0


if __name__ == "__main__":
    sys.exit(main())
