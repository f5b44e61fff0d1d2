"""The card art: the court figures and the back are symbols of one static file,
static/cards.svg, that every card names by its hashed address (`<use href="...#K">`). It is
served for good under that name, holds every symbol a page names, and carries no style or
script (the pages' CSP allows neither inline); fragments name the art, never carry it."""

from __future__ import annotations

import hashlib
import re
import xml.etree.ElementTree as ET

from app.i18n import card_name
from app.settings import ROOT
from app.wire import IMMUTABLE
from tests.app.app_helpers import HX, create_allfours, dom, url_of
from tests.browser.setups import deal_position, position

SVG = "{http://www.w3.org/2000/svg}"
ART = re.compile(r"/static/cards\.([0-9a-f]{10})\.svg")
HAND = "KH,QC,JS,5D"
COURTS = position([HAND, "4H,6S,7C,8D"], "QH,KD,5C,9S", "AS,2H,10C,AH,2S,8C,6D,4C", deal=4)


def art_symbols(client, url: str) -> set[str]:
    """The ids of the art file's symbols, read as the browser gets it (and checked on the way)."""
    response = client.get(url)
    assert response.status_code == 200 and response.headers["content-type"] == "image/svg+xml"
    assert response.headers["cache-control"] == IMMUTABLE and "set-cookie" not in response.headers
    assert hashlib.sha256(response.content).hexdigest()[:10] == ART.fullmatch(url).group(1)
    assert response.content == (ROOT / "static" / "cards.svg").read_bytes()
    text = response.text
    assert "<style" not in text and "style=" not in text and "<script" not in text and "<foreignObject" not in text
    return {e.get("id") for e in ET.fromstring(text).iter(f"{SVG}symbol")}


def uses(html: str) -> list[tuple[str, str]]:
    """Every `<use href>` of a page: (the file, the symbol)."""
    return [tuple(u["href"].split("#")) for u in dom(html).select("use[href]")]


def test_court_cards_and_backs_are_symbols_of_one_file_served_for_good(client, monkeypatch):
    deal_position(monkeypatch, COURTS)
    table = url_of(client.app.state.service.create("easy", 62, "table"))
    for lang in ("fa", "en"):
        page = dom(client.get(f"{table}?lang={lang}").text)
        for code in [*HAND.split(","), "QH", "KD", "5C", "9S"]:
            card = page.select_one(f'#hand [data-card="{code}"], #table [data-card="{code}"]')
            art = card.select("svg use.art")
            if code[0] in "JQK":  # the figure of its rank, coloured by its suit's class
                assert len(art) == 1 and ART.fullmatch(art[0]["href"].split("#")[0]), code
                assert art[0]["href"].endswith(f"#{code[0]}") and f"suit-{code[-1]}" in card.svg["class"]
            else:  # a number card keeps its pip
                assert not art and card.select_one("svg text.pip"), code
            named = card.svg.get("aria-label") or card.get("aria-label")
            assert named == card_name(code, lang), code  # the spoken name stays
        backs = page.select(".back-card svg.back")
        assert len(backs) >= 4 + 2 + 1  # the other hand, the two piles, the stock
        assert all([u["href"].split("#")[1] for u in b.select("use")] == ["back"] for b in backs)
    files = {f for f, _ in uses(client.get(table).text)}
    assert len(files) == 1  # one file, one request, whatever the table shows
    assert {"J", "Q", "K", "back"} <= art_symbols(client, files.pop())


def test_every_page_with_cards_names_symbols_the_art_file_has(client):
    service = client.app.state.service
    pages = [url_of(service.create("easy", 62, "table", seed=5)), url_of(create_allfours(service, "easy", 4, seed=5))]
    pages += ["/rules", "/rules/allfours", "/learn/sum-eleven"]
    named = [(path, *u) for path in pages for u in uses(client.get(path).text)]
    assert {symbol for *_, symbol in named} == {"J", "Q", "K", "back"}  # the rules show every court card
    for file in {f for _, f, _ in named}:
        have = art_symbols(client, file)
        assert all(symbol in have for _, f, symbol in named if f == file)


def test_a_move_fragment_names_the_art_and_carries_no_drawing(client, monkeypatch):
    """The figures and the back are in the cached file: a fragment (sent with every move) holds
    a few bytes per card, not a drawing."""
    deal_position(monkeypatch, COURTS)
    table = url_of(client.app.state.service.create("easy", 62, "table"))
    fragment = client.post(table + "/move", data={"ply": 0, "card": "5D"}, headers=HX).text
    assert uses(fragment) and "<path" not in fragment and "<symbol" not in fragment and "<circle" not in fragment
