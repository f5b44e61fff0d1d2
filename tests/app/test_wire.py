"""What goes over the wire (app/wire.py): compressed answers when the browser accepts them, static
files under content-hashed names cached for good, `Vary` saying each name once, and a font
subset that still draws every character the site shows."""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import re
import sys
import types
import unicodedata
from pathlib import Path

import brotli
import pytest

from app.settings import ROOT
from app.wire import IMMUTABLE, REVALIDATE, StaticAssets, encodings
from tests.app.app_helpers import HX, dom, url_of

sys.path.insert(0, str(ROOT / "scripts"))
import subset_font  # noqa: E402

pytestmark = pytest.mark.one_database  # what goes over the wire is the same whatever stores the matches

GZIP, BROTLI, NONE = {"Accept-Encoding": "gzip"}, {"Accept-Encoding": "br, gzip"}, {"Accept-Encoding": "identity"}


def vary(response) -> list[str]:
    return [name.strip().lower() for name in response.headers.get("vary", "").split(",") if name.strip()]


def static_links(html: str) -> list[str]:
    page = dom(html)
    return [e.get("href") or e.get("src") for e in page.select("link[href^='/static/'], script[src^='/static/']")]


@pytest.fixture
def table(client) -> str:
    return url_of(client.app.state.service.create("easy", 62, "table", seed=3))


# --- compression -----------------------------------------------------------------------------


@pytest.mark.parametrize(("accept", "encoding"), [(GZIP, "gzip"), (BROTLI, "br"), (NONE, None)])
def test_pages_are_compressed_as_the_browser_accepts_and_say_vary_once(client, table, accept, encoding):
    plain = client.get(table, headers=NONE)
    for path in ("/", table, "/rules", "/learn"):
        response = client.get(path, headers=accept)
        assert response.status_code == 200
        assert response.headers.get("content-encoding") == encoding, path
        assert vary(response) == ["hx-request", "cookie", "accept-encoding"], path
        if encoding:
            assert response.num_bytes_downloaded < len(response.content) / 2, path
        assert response.headers["content-security-policy"] and response.headers["cache-control"] == "no-store"
    assert client.get(table, headers=accept).text == plain.text  # the same page, decoded


def test_a_move_fragment_is_compressed_to_a_few_kilobytes(client, table):
    page = client.get(table, headers=NONE).text
    card = dom(page).select_one("#hand [data-card]")["data-card"]
    response = client.post(table + "/move", data={"ply": 0, "card": card}, headers={**HX, **BROTLI})
    assert response.headers["content-encoding"] == "br"
    # the first move's answer also brings the match's notes (its commitment: 64 random hex digits,
    # twice, and the watch link) out of band; later moves leave them out (tests/app/test_fairness.py)
    assert response.num_bytes_downloaded <= 3.5 * 1024 < len(response.content)


FASTEST = {"br": lambda body: brotli.compress(body, quality=1), "gzip": lambda body: gzip.compress(body, 1)}


@pytest.mark.parametrize(("accept", "fast"), [(BROTLI, FASTEST["br"]), (GZIP, FASTEST["gzip"])])
def test_a_long_page_is_compressed_harder_than_a_table(client, table, accept, fast):
    """A table (sent with every move) goes with the fastest setting, the long rules page (read
    once) with a better ratio: smaller than the fastest setting would make it."""
    for path, long in ((table, False), ("/rules", True)):
        plain = client.get(path, headers=NONE).content
        response = client.get(path, headers=accept)
        quick = len(fast(plain))
        if long:
            assert len(plain) > 32 * 1024 and response.num_bytes_downloaded < 0.9 * quick, path
        else:
            assert len(plain) < 32 * 1024 and abs(response.num_bytes_downloaded - quick) < 0.05 * quick, path


def test_accept_encoding_is_read_with_its_weights():
    assert encodings("gzip, deflate, br, zstd") == ["br", "gzip"]
    assert encodings("br;q=0.1, gzip;q=0.9") == ["gzip", "br"]
    assert encodings("gzip;q=0, br;q=0") == encodings("deflate") == []
    assert encodings("*") == ["br", "gzip"] and encodings("*, br;q=0") == ["gzip"]


def test_small_answers_and_errors_keep_their_headers(client):
    health = client.get("/health", headers=GZIP)
    assert "content-encoding" not in health.headers  # under 500 bytes: not worth it
    missing = client.get("/no-such-page", headers=GZIP)
    assert missing.status_code == 404 and missing.headers["content-encoding"] == "gzip"
    assert missing.headers["x-content-type-options"] == "nosniff"
    assert vary(missing).count("accept-encoding") == 1


# --- static files ------------------------------------------------------------------------------


def test_pages_link_static_files_by_content_hash_and_they_are_cached_for_good(client):
    links = static_links(client.get("/").text)
    assert len(links) >= 3  # the icon, the CSS, htmx and the page's own script
    for link in links:
        name = re.fullmatch(r"/static/(.+)\.([0-9a-f]{10})(\.\w+)", link)
        assert name, link
        response = client.get(link, headers=NONE)
        assert response.status_code == 200 and response.headers["cache-control"] == IMMUTABLE
        assert hashlib.sha256(response.content).hexdigest()[:10] == name.group(2)
        assert "set-cookie" not in response.headers
        assert response.headers["x-content-type-options"] == "nosniff"


def test_the_css_names_the_font_by_its_hash_and_the_font_is_the_subset(client):
    css_link = next(link for link in static_links(client.get("/").text) if link.endswith(".css"))
    css = client.get(css_link).text
    fonts = re.findall(r'url\("(/static/fonts/[^"]+)"\)', css)
    assert fonts and all(re.search(r"\.[0-9a-f]{10}\.woff2$", f) for f in fonts)
    font = client.get(fonts[0], headers=BROTLI)
    assert font.headers["content-type"] == "font/woff2" and font.headers["cache-control"] == IMMUTABLE
    assert "content-encoding" not in font.headers and "vary" not in font.headers  # WOFF2 is compressed already
    assert font.content == subset_font.TARGET.read_bytes() and len(font.content) < 60_000


def test_static_files_are_sent_compressed_ahead_and_vary_on_accept_encoding(client):
    js = next(link for link in static_links(client.get("/").text) if link.endswith(".js"))
    plain = client.get(js, headers=NONE)
    for accept, encoding in ((BROTLI, "br"), (GZIP, "gzip")):
        response = client.get(js, headers=accept)
        assert response.headers["content-encoding"] == encoding
        assert response.content == plain.content and response.num_bytes_downloaded < len(plain.content) / 3
        assert vary(response) == ["accept-encoding"] and response.headers["etag"] != plain.headers["etag"]
    head = client.head(js, headers=BROTLI)
    assert head.status_code == 200 and head.content == b"" and head.headers["content-encoding"] == "br"


def test_plain_static_names_still_work_and_are_revalidated(client):
    response = client.get("/static/app.css", headers=GZIP)
    assert response.status_code == 200 and response.headers["cache-control"] == REVALIDATE
    again = client.get("/static/app.css", headers={**GZIP, "If-None-Match": response.headers["etag"]})
    assert again.status_code == 304 and again.content == b"" and again.headers["vary"] == "Accept-Encoding"
    assert "SIL OPEN FONT LICENSE" in client.get("/static/fonts/OFL.txt").text.upper()
    assert client.get("/static/app.0000000000.css").status_code == 404


def test_a_repeat_visit_asks_for_no_static_file(client, table):
    """What bench/web.py counts: a browser keeps what is `immutable` and asks nothing again (the
    font the CSS names and the card art included: `first_visit` is below)."""
    for path in ("/", table, "/rules", "/learn"):
        links = [url for url in first_visit(client, path) if url != path]
        assert links and all(client.get(link).headers["cache-control"] == IMMUTABLE for link in links)


# --- a first visit's bytes (docs/benchmarks.md "Web": bench/web.py counts them the same way) ---------

FIRST_VISIT = 100 * 1024  # bytes as transferred, font and card art included
BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}  # what chromium sends
LINKED = "link[href^='/static/'], script[src^='/static/'], use[href^='/static/'], img[src^='/static/']"


def first_visit(client, path: str) -> dict[str, int]:
    """The bytes a browser with an empty cache transfers for `path`, by address: the page, each
    static file it names (links, scripts, the cards' `<use href>`, the CSS's `url()`s), once."""
    page = client.get(path, headers=BROWSER)
    sizes = {path: page.num_bytes_downloaded}
    todo = [e.get("href") or e.get("src") for e in dom(page.text).select(LINKED)]
    while todo:
        url = todo.pop().partition("#")[0]  # a symbol of the card art is in the file the browser fetched
        if url in sizes:
            continue
        answer = client.get(url, headers=BROWSER)
        assert answer.status_code == 200, url
        sizes[url] = answer.num_bytes_downloaded
        if url.endswith(".css"):
            todo += [u for u in re.findall(r'url\("?([^")]+)"?\)', answer.text) if u.startswith("/static/")]
    return sizes


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_a_first_visit_of_the_home_page_or_a_table_moves_at_most_100_kb(client, table, lang):
    for path in ("/", table):
        sizes = first_visit(client, f"{path}?lang={lang}")
        assert any(url.endswith(".woff2") for url in sizes), sizes  # the font is counted
        if path == table:  # so is the card art, which every table names (its backs at least)
            assert any(re.fullmatch(r"/static/cards\.[0-9a-f]{10}\.svg", url) for url in sizes), sizes
        assert sum(sizes.values()) <= FIRST_VISIT, (path, sizes)


def test_hashed_names_follow_the_content(tmp_path: Path):
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "f.woff2").write_bytes(b"font one")
    (tmp_path / "a.css").write_text('@font-face { src: url("fonts/f.woff2") } b { background: url(data:x) }')
    first = StaticAssets(tmp_path)
    (tmp_path / "fonts" / "f.woff2").write_bytes(b"font two")
    second = StaticAssets(tmp_path)
    assert first.url("fonts/f.woff2") != second.url("fonts/f.woff2")
    assert first.url("a.css") != second.url("a.css")  # the CSS names the font by its hash, so it changes too
    css = second.by_name["a.css"].bodies["identity"].decode()
    assert f'url("{second.url("fonts/f.woff2")}")' in css and "url(data:x)" in css
    with pytest.raises(LookupError):
        second.url("missing.js")


# --- the font subset -----------------------------------------------------------------------------


def strings_in(value: object, seen: set[int]) -> list[str]:
    """Every string inside `value` (dicts, sequences, dataclasses), each object visited once."""
    if isinstance(value, str):
        return [value]
    if id(value) in seen or isinstance(value, (types.ModuleType, type)) or callable(value):
        return []
    seen.add(id(value))
    if isinstance(value, dict):
        return [s for k, v in value.items() for x in (k, v) for s in strings_in(x, seen)]
    if isinstance(value, (list, tuple, set, frozenset)):
        return [s for x in value for s in strings_in(x, seen)]
    if dataclasses.is_dataclass(value):
        return [s for f in dataclasses.fields(value) for s in strings_in(getattr(value, f.name), seen)]
    return []


def site_characters(client, table: str) -> set[str]:
    """The characters of the message catalogs, the lessons and the examples, and of the pages
    rendered in both languages (the rules page holds every rule's text)."""
    from app import common_views, i18n
    from app.games.allfours import examples as allfours_examples
    from app.games.allfours import tutorial as allfours_tutorial
    from app.games.chaharbargh import board, examples, motion, move_log, scores, seat_views, tutorial, views

    seen: set[int] = set()
    chaharbargh_views = (views, board, scores, move_log, seat_views, motion)
    modules = (i18n, common_views, tutorial, examples, *chaharbargh_views, allfours_tutorial, allfours_examples)
    text = "".join(s for module in modules for s in strings_in(vars(module), seen))
    for lang in ("fa", "en"):
        for path in ("/", table, "/rules", "/learn", "/learn/sum-eleven"):
            text += dom(client.get(f"{path}?lang={lang}").text).get_text()
    for template in (ROOT / "templates").rglob("*.html"):
        text += template.read_text()
    return {c for c in text if c.isprintable()}


def test_the_font_subset_draws_every_character_the_full_font_draws_for_the_site(client, table):
    from fontTools.ttLib import TTFont

    full = TTFont(subset_font.SOURCE).getBestCmap()
    cut = TTFont(subset_font.TARGET).getBestCmap()
    used = site_characters(client, table) | subset_font.used_characters()
    missing = sorted(c for c in used if ord(c) in full and ord(c) not in cut)
    assert not missing, f"run scripts/subset_font.py: the subset lacks {missing}"
    # What the font has never had is drawn by a system font: only symbols (card suits, arrows,
    # the check mark), never a letter, a digit or a punctuation mark.
    fallback = {c: unicodedata.category(c) for c in used if ord(c) not in full and not c.isspace()}
    assert all(category.startswith("S") for category in fallback.values()), fallback
    assert len(cut) < len(full) / 2


def test_the_font_subset_keeps_its_copyright_and_licence():
    from fontTools.ttLib import TTFont

    names = TTFont(subset_font.TARGET)["name"]
    assert "Vazirmatn" in str(names.getDebugName(0)) and "Vazirmatn" in str(names.getDebugName(1))
    assert "Open Font License" in str(names.getDebugName(13))
    assert (ROOT / "static" / "fonts" / "OFL.txt").read_text() == (ROOT / "fonts" / "OFL.txt").read_text()
