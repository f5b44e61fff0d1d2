"""Make the screenshots of docs/screenshots/ from the app itself, so they follow the code.

    .venv/bin/python scripts/screenshots.py              # write docs/screenshots/*.png
    .venv/bin/python scripts/screenshots.py --out DIR    # somewhere else

The app is started as the browser tests start it (`tests/browser/live_server.py`): a real
uvicorn in a thread, on a temporary SQLite database made by the Alembic migrations, dealing
its matches from the tests' fixed seeds, so every run shows the same cards. The tables are set
up as the layout tests set them up (`tests/browser/setups.py`: `drive` plays a stored match on
through the service) and opened in Debian's chromium (`/usr/bin/chromium`, or
`CHAHARBARGH_CHROMIUM`), which Playwright drives; it never downloads a browser. Each picture is
stored as an 8-bit PNG (Pillow's 256-colour quantisation), about a third of the size of chromium's.
`tests/browser/test_browser_screenshots.py` runs `shoot` against a live server, so this script
cannot rot unseen.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
from pathlib import Path

from PIL import Image
from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the tests' set-ups are not an installed package

from tests.app.app_helpers import migrate  # noqa: E402
from tests.browser.browser_helpers import prepare_move  # noqa: E402
from tests.browser.live_server import LiveServer, live_settings  # noqa: E402
from tests.browser.setups import drive, url_of  # noqa: E402
from tests.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
DESKTOP = {"width": 1280, "height": 800}


def save(png: bytes, path: Path) -> Path:
    """Store chromium's screenshot as an 8-bit PNG: a page's flat colours and its text's edges fit 256."""
    image = Image.open(io.BytesIO(png)).convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    image.save(path, optimize=True)
    return path


def table(server: LiveServer, players: int, moves: int) -> str:
    """The address of a new medium-level match played on `moves` moves, the person to play."""
    service = server.app.state.service
    match = service.create("medium", None, "table", players=players)
    loaded = drive(service, match.id, match.secret, lambda m: m.ply >= moves and m.human_to_play)
    return url_of(loaded)


def shoot(server: LiveServer, browser: Browser, out: Path) -> list[Path]:
    """Write the three pictures into `out`: the home page and a two-seat table on a phone in
    Persian (a card chosen, its capture shown), a four-seat table on a desktop in English."""
    out.mkdir(parents=True, exist_ok=True)
    shots = [
        ("home-phone-fa.png", "/?lang=fa", PHONE, None),
        ("table-phone-fa.png", table(server, 2, 8) + "?lang=fa", PHONE, "#game"),
        ("table-desktop-en.png", table(server, 4, 32) + "?lang=en", DESKTOP, "#game"),
    ]
    written = []
    for name, address, viewport, ready in shots:
        context = browser.new_context(base_url=server.url, viewport=viewport, reduced_motion="reduce")
        try:
            page = context.new_page()
            page.goto(address)
            if ready:
                page.wait_for_selector(ready)
                prepare_move(page)  # a card chosen: the table shows what it takes
            page.evaluate("document.fonts.ready")
            written.append(save(page.screenshot(), out / name))
        finally:
            context.close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"the folder to write into (default {OUT})")
    args = parser.parse_args()
    if not CHROMIUM.exists():
        sys.exit(f"no chromium at {CHROMIUM}: `sudo apt-get install chromium`, or set CHAHARBARGH_CHROMIUM")
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'screenshots.db'}"
        migrate(url)
        server = LiveServer(live_settings(url)).start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                for path in shoot(server, browser, args.out):
                    print(f"{path}: {path.stat().st_size:,} bytes")
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
