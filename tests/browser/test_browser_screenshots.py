"""scripts/screenshots.py, which makes the pictures of docs/screenshots/, run against a live server
into a temporary folder (never docs/), so a change that breaks it fails here."""

from __future__ import annotations

import sys

from PIL import Image

from app.settings import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
import screenshots  # noqa: E402

SHOTS = {"home-phone-fa.png": (390, 844), "table-phone-fa.png": (390, 844), "table-desktop-en.png": (1280, 800)}


def test_the_screenshot_script_makes_its_pictures(server, browser, tmp_path):
    written = screenshots.shoot(server, browser, tmp_path)
    assert {path.name: path.parent for path in written} == dict.fromkeys(SHOTS, tmp_path)
    for path in written:
        with Image.open(path) as image:
            assert image.format == "PNG" and image.size == SHOTS[path.name]
            assert image.mode == "P" and len(image.getcolors(256) or ()) > 16  # 8-bit, and a picture, not a blank
        assert path.stat().st_size < 150_000, path.name
    committed = ROOT / "docs" / "screenshots"  # what the README shows is what the script makes
    assert sorted(p.name for p in committed.glob("*.png")) == sorted(SHOTS)
