"""The site as an installable app, over HTTP: the manifest in each language (every member, its
icons fetchable at their sizes), the links every page carries, the service worker's address and
headers, and the offline page with this browser's matches."""

from __future__ import annotations

import json
import re
import struct

import pytest

from app.i18n import t
from app.routes.install import BACKGROUND, THEME
from app.settings import ROOT
from tests.app.app_helpers import one, text_of

PNG = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (its IHDR chunk comes first)."""
    assert data[:8] == PNG and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_manifest_in_each_language_with_its_icons(client, lang):
    response = client.get(f"/manifest.webmanifest?lang={lang}")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/manifest+json"
    assert response.headers["cache-control"] == "no-cache"
    found = response.json()
    assert found["id"] == "/" and found["scope"] == "/"  # one app, whichever language installed it
    assert found["name"] == t(lang, "app_name") and found["short_name"] == t(lang, "title")
    assert found["lang"] == lang and found["dir"] == ("rtl" if lang == "fa" else "ltr")
    assert found["start_url"] == f"/?lang={lang}"
    assert found["display"] == "standalone"
    assert (found["theme_color"], found["background_color"]) == (THEME, BACKGROUND)
    palette = (ROOT / "static" / "app.css").read_text()
    assert f"--felt-dark: {THEME};" in palette and f"background: {BACKGROUND};" in palette
    icons = {(icon["sizes"], icon["purpose"]): icon for icon in found["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for (sizes, _), icon in icons.items():
        assert icon["type"] == "image/png" and re.fullmatch(r"/static/icons/[\w-]+\.[0-9a-f]{10}\.png", icon["src"])
        fetched = client.get(icon["src"])
        assert fetched.status_code == 200 and fetched.headers["content-type"] == "image/png"
        assert "x".join(map(str, png_size(fetched.content))) == sizes


def test_an_unknown_language_gets_the_persian_manifest(client):
    assert client.get("/manifest.webmanifest?lang=xx").json()["lang"] == "fa"
    assert client.get("/manifest.webmanifest").json()["start_url"] == "/?lang=fa"


@pytest.mark.parametrize("path", ["/", "/rules", "/me", "/history", "/offline", "/no/such/page"])
def test_every_page_links_its_languages_manifest_and_icons(client, path):
    for lang in ("fa", "en"):
        html = client.get(f"{path}?lang={lang}").text
        assert one(html, 'link[rel="manifest"]')["href"] == f"/manifest.webmanifest?lang={lang}"
        assert one(html, 'meta[name="theme-color"]')["content"] == THEME
        touch = one(html, 'link[rel="apple-touch-icon"]')["href"]
        assert png_size(client.get(touch).content) == (180, 180)
        assert one(html, 'script[src^="/static/pwa."]')  # registers the worker: a static file, no inline script


def test_the_service_worker_is_served_from_the_root_and_asked_again_each_visit(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/javascript")
    assert response.headers["cache-control"] == "no-cache"
    assert "service-worker-allowed" not in response.headers  # at the root, its scope is the site already
    assert "manifest-src 'self'" in response.headers["content-security-policy"]
    text = response.text
    assets = json.loads(re.search(r"const ASSETS = (\[.*?\]);", text).group(1))
    app_css = client.get("/").text
    assert one(app_css, 'link[rel="stylesheet"][href^="/static/app."]')["href"] in assets
    assert all(re.fullmatch(r"/static/[\w./-]+\.[0-9a-f]{10}(\.\w+)?", url) for url in assets)
    assert re.search(r'const VERSION = "[0-9a-f]{12}";', text)
    assert client.get("/sw.js").text == text  # the same release, the same worker


def test_a_new_release_of_a_static_file_is_a_new_worker(client, app):
    assets = app.state.assets
    before = client.get("/sw.js").text
    old = assets.url("pwa.js")
    replaced = assets.replace("pwa.js", assets.by_name["pwa.js"].bodies["identity"] + b"\n// a release\n")
    try:
        after = client.get("/sw.js").text
        assert after != before and assets.url_of(replaced) in after and old not in after
        assert client.get(old).status_code == 404  # the old address is gone with its release
    finally:
        assets.replace("pwa.js", (ROOT / "static" / "pwa.js").read_bytes())
    assert client.get("/sw.js").text == before


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_offline_page_lists_this_browsers_matches_in_its_language(client, lang):
    client.get(f"/?lang={lang}")  # the language cookie, as the worker's request carries it
    empty = client.get("/offline")
    assert empty.status_code == 200 and empty.headers["cache-control"] == "no-store"
    assert text_of(empty.text, "h1") == t(lang, "offline_title")
    assert one(empty.text, "#offline-retry")["href"] == ""  # the page that could not be reached, again
    created = client.post("/matches", data={"level": "easy"}, follow_redirects=False)
    url = created.headers["location"]
    answer = client.get("/offline")
    assert "set-cookie" not in answer.headers  # the worker fetches it beside the pages: it must never write the session
    html = answer.text
    assert one(html, "html")["lang"] == lang
    assert one(html, f'#saved a[href="{url}"]')
    assert one(html, "#lang-switch")["href"] == f"/?lang={'en' if lang == 'fa' else 'fa'}"  # not the offline page
