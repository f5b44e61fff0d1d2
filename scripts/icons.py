"""Draw the app's icons (static/icons/*.png) from the favicon's picture: a card on the felt.

    .venv/bin/python scripts/icons.py   # Pillow, already in requirements-dev.txt

The favicon (static/favicon.svg) is a card with a club drawn as a font's character, which a
machine without that font would draw differently; here the club is drawn from circles and a
triangle, so the PNGs are the same on every machine. Each picture is drawn at four times its
size and scaled down (smooth edges). "any" icons fill most of the square; the maskable one keeps
the card within the middle 80 % circle, which every launcher's mask leaves visible. Run it again
after changing the drawing, and commit the PNGs (the manifest and pages name them).
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "icons"
FELT, FELT_DARK, PAPER, INK = "#0f5a3c", "#0a4330", "#fffdf7", "#1d1d1f"  # static/app.css's palette
SCALE = 4
ICONS = {  # file: (size in px, the card's height as a share of the square)
    "icon-192.png": (192, 0.8),
    "icon-512.png": (512, 0.8),
    "icon-maskable-512.png": (512, 0.56),
    "apple-touch-icon.png": (180, 0.74),  # iOS rounds the corners itself
}


def draw(size: int, card_share: float) -> Image.Image:
    big = size * SCALE
    image = Image.new("RGB", (big, big), FELT)
    pen = ImageDraw.Draw(image)
    h = big * card_share
    w = h * 44 / 56  # the favicon's card
    x0, y0 = (big - w) / 2, (big - h) / 2
    pen.rounded_rectangle(
        (x0, y0, x0 + w, y0 + h), radius=h * 6 / 56, fill=PAPER, outline=FELT_DARK, width=round(h * 3 / 56)
    )
    # the club: three leaves and a stem, centred on the card
    r = w * 0.15
    cx, cy = big / 2, big / 2 - h * 0.02
    for dx, dy in ((0, -1.05 * r), (-1.05 * r, 0.65 * r), (1.05 * r, 0.65 * r)):
        pen.ellipse((cx + dx - r, cy + dy - r, cx + dx + r, cy + dy + r), fill=INK)
    pen.ellipse((cx - 0.6 * r, cy - 0.6 * r, cx + 0.6 * r, cy + 0.6 * r), fill=INK)  # no gap between the leaves
    pen.polygon([(cx, cy), (cx - 0.9 * r, cy + 2.6 * r), (cx + 0.9 * r, cy + 2.6 * r)], fill=INK)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, (size, share) in ICONS.items():
        draw(size, share).save(OUT / name, optimize=True)
        print(OUT / name)


if __name__ == "__main__":
    main()
