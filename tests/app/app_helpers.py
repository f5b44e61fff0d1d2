"""Reading the table's HTML in tests, and a simple human who plays through HTTP."""

from __future__ import annotations

from html.parser import HTMLParser
from itertools import combinations

from alembic.config import Config
from bs4 import BeautifulSoup, Tag

from alembic import command
from app.settings import ROOT
from engine import CARDS

HX = {"HX-Request": "true"}
VOID = {"input", "meta", "link", "br", "img", "hr", "rect", "path"}


class Page(HTMLParser):
    """Attributes and text of a page or fragment, leaving out what shows a finished round."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.attrs: list[dict[str, str]] = []
        self.text: list[str] = []
        self._skip = 0
        self._stack: list[bool] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        values = {k: v or "" for k, v in attrs}
        finished = values.get("data-finished-round") == "true"
        if tag not in VOID:
            self._stack.append(finished)
            self._skip += finished
        if not self._skip:
            self.attrs.append(values)

    def handle_startendtag(self, tag, attrs):
        if not self._skip:
            self.attrs.append({k: v or "" for k, v in attrs})

    def handle_endtag(self, tag):
        if tag not in VOID and self._stack:
            self._skip -= self._stack.pop()

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)

    @property
    def all_text(self) -> str:
        return " ".join(self.text) + " " + " ".join(v for a in self.attrs for v in a.values())

    def cards(self, attr: str = "data-card") -> set[str]:
        return {a[attr] for a in self.attrs if attr in a}


def dom(html: str) -> BeautifulSoup:
    """The page or fragment as a DOM, to read through CSS selectors on its hooks."""
    return BeautifulSoup(html, "html.parser")


def one(html: str, selector: str) -> Tag:
    """The single element `selector` finds; fails showing the start of the page if there is none."""
    found = dom(html).select(selector)
    assert len(found) == 1, f"{len(found)} elements match {selector!r} in: {html[:2000]}"
    return found[0]


def text_of(html: str, selector: str) -> str:
    """The visible text of the one element `selector` finds, with runs of white space made one."""
    return " ".join(one(html, selector).get_text(" ").split())


def game_state(html: str) -> tuple[str, int]:
    """The `data-state` and `data-ply` of the table (`#game`) in a page or fragment."""
    game = one(html, "#game")
    return game["data-state"], int(game["data-ply"])


def hand(html: str) -> list[tuple[str, bool, bool]]:
    """(code, can capture, dimmed) for each card of `#hand`."""
    return [
        (card["data-card"], card.get("data-can-capture") == "true", card.get("aria-disabled") == "true")
        for card in one(html, "#hand").select("[data-card]")
    ]


def takeable(html: str) -> list[str]:
    """The table cards the selected card may take (`#table [data-takeable]`)."""
    return [card["data-card"] for card in dom(html).select('#table [data-card][data-takeable="true"]')]


def action(html: str) -> tuple[str, bool] | None:
    """`#action`'s `data-action` and whether it is enabled; None when there is no action button."""
    found = dom(html).select("#action")
    if not found:
        return None
    return found[0]["data-action"], not found[0].has_attr("disabled")


def chosen(html: str) -> list[str]:
    """The table cards chosen so far (hidden inputs of the move form)."""
    return [field["value"] for field in dom(html).select('input[name="take"]')]


def value(code: str) -> int:
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(code[:-1]) or int(code[:-1])


def choose_takes(card: str, options: list[str]) -> list[str]:
    """A set of takeable table cards that is a capture for `card` (a test may know the rules)."""
    if value(card) > 10:
        return options[:1]
    for size in range(1, len(options) + 1):
        for combo in combinations(options, size):
            if value(card) + sum(value(c) for c in combo) == 11:
                return list(combo)
    raise AssertionError(f"no capture for {card} among {options}")


ALL_CODES = [str(c) for c in CARDS]


def human_move(client, url: str, html: str, ply: int, seen=lambda response: None):
    """As a simple human on the table in `html`: tap the first playable card, choose a set if the
    card needs one, confirm. `seen` gets the selection's response. Returns the move's response."""
    card = next(code for code, _, dim in hand(html) if not dim)
    selected = client.get(url, params={"select": card}, headers=HX)
    seen(selected)
    _, ready = action(selected.text)
    takes = chosen(selected.text) if ready else choose_takes(card, takeable(selected.text))
    return client.post(url + "/move", data={"ply": ply, "card": card, "take": takes}, headers=HX)


def migrate(url: str) -> Config:
    """Run `alembic upgrade head` on `url` and return the Alembic config used."""
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("sqlalchemy.url", url)
    config.attributes["configure_logger"] = False
    command.upgrade(config, "head")
    return config
