"""The templates are compiled without the white space HTML does not show (app/web.py `Dedented`):
every page is built and reads the same as from the files as written, only smaller."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from bs4 import NavigableString, Tag
from jinja2 import DictLoader, Environment, FileSystemLoader

from app.web import ENVIRONMENT, LOADER, Dedented
from tests.app.app_helpers import HX, dom, human_move, url_of

INLINE = {
    "a",
    "abbr",
    "b",
    "bdi",
    "button",
    "code",
    "em",
    "i",
    "img",
    "input",
    "kbd",
    "label",
    "small",
    "span",
    "strong",
}


def shape(html: str) -> list[object]:
    """The page's elements in order, each with its attributes, and the text between them, every
    run of white space made one space but kept where it shows: within a text, and alone between
    two inline elements or texts (a word run into the next element, or two buttons run together,
    show here; white space between blocks draws nothing)."""
    out: list[object] = []
    for node in dom(html).descendants:
        if isinstance(node, Tag):
            attrs = {k: " ".join(v) if isinstance(v, list) else re.sub(r"\s+", " ", v) for k, v in node.attrs.items()}
            out.append((node.name, sorted(attrs.items())))
        elif isinstance(node, NavigableString):
            text = re.sub(r"\s+", " ", str(node))
            if text.strip() or (inline(node.previous_sibling) and inline(node.next_sibling)):
                out.append(text)
    return out


def inline(node: object) -> bool:
    return isinstance(node, NavigableString) or (isinstance(node, Tag) and node.name in INLINE)


@contextmanager
def as_written() -> Iterator[None]:
    """Templates compiled from the files as written, for the time being."""
    ENVIRONMENT.loader = FileSystemLoader(list(LOADER.searchpath))
    ENVIRONMENT.cache.clear()
    try:
        yield
    finally:
        ENVIRONMENT.loader = LOADER
        ENVIRONMENT.cache.clear()


def test_every_page_is_the_same_page_as_the_files_as_written_make_only_smaller(client):
    service = client.app.state.service
    table = url_of(service.create("easy", 31, "table", seed=5))
    page = client.get(table).text
    moved = human_move(client, table, page, 0)  # a move's fragment: the computer to play
    assert moved.status_code == 200
    four = url_of(service.create("easy", 31, "table", seed=9, players=4))
    addresses = [
        "/",
        "/?lang=en",
        table,
        f"{table}?lang=en",
        four,
        "/rules",
        "/rules?lang=en",
        "/learn",
        "/me",
        "/history",
        "/no-such-page",
    ]
    for address in addresses:
        ours = client.get(address)
        with as_written():
            theirs = client.get(address)
        assert ours.status_code == theirs.status_code, address
        assert shape(ours.text) == shape(theirs.text), address
        assert len(ours.text) < len(theirs.text), address
    ours = client.get(table, headers=HX)  # the table's own fragment
    with as_written():
        theirs = client.get(table, headers=HX)
    assert shape(ours.text) == shape(theirs.text) and len(ours.text) < len(theirs.text)


def test_only_indentation_and_the_line_break_after_a_line_of_silent_tags_go():
    source = (
        "<p>word\n"
        "  {% if a %}\n"
        "    <b>bold</b>\n"
        "  {% endif %}\n"
        "next {% if a %}<i>x</i>{% endif %}\n"
        "after\n"
        "{% include 'part' %}\n"
        "tail</p>\n"
    )
    assert Dedented.dedent(source) == (
        "<p>word\n{% if a %}<b>bold</b>\n{% endif %}"
        "next {% if a %}<i>x</i>{% endif %}\nafter\n{% include 'part' %}\ntail</p>\n"
    )
    environment = Environment(loader=DictLoader({"part": "included"}), autoescape=True)
    drawn = environment.from_string(Dedented.dedent(source)).render(a=True)
    assert drawn == "<p>word\n<b>bold</b>\nnext <i>x</i>\nafter\nincluded\ntail</p>"  # every word apart as before
