"""Every kind of page at a phone's width (390 px) with the text at 200 %, in Persian and English:
nothing scrolls sideways (`scrollWidth <= innerWidth`, WCAG 1.4.4 and 1.4.10) and no text is
cut off by its box; and in Persian no number the page shows is written with a Latin digit or a
Latin decimal point.

The text is made twice as large as a browser's text-size setting does it: the root element's
font size set to 200 % (`document.documentElement.style.fontSize`), so every size the style
sheets give in rem or em doubles. The pages walked: home, the Chaharbargh and All Fours tables in
play at 2 and 4 seats, a round's sheet, a match's end, its review and replay, the history, the
rules, the tutorial and a lesson, practice with the pro's hints, an invite, a shared table, the
watch page and the 404 page. One server and one browser serve the whole file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Page

from app.games.chaharbargh.tutorial import LESSONS
from tests.app.app_helpers import create_allfours, migrate
from tests.browser.browser_helpers import settle
from tests.browser.live_server import LiveServer, live_settings
from tests.browser.setups import drive, url_of

PHONE = {"width": 390, "height": 844}

# what is wider than the window (and so scrolls it sideways), and what text its own box cuts off
# (an element that hides its overflow, narrower than what it holds); what is there for screen
# readers only is not drawn, a box that scrolls by itself (the log's last move) is not cut, and
# a picture hidden from screen readers (the fan of a pile's last capture) is decoration
OVERFLOW = """() => {
    const width = window.innerWidth, wide = [], cut = [];
    const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
        (e.classList.length ? '.' + [...e.classList].join('.') : '');
    for (const e of document.body.querySelectorAll('*')) {
        if (e.closest('.sr-only, svg, template, [aria-hidden=true]') || !e.checkVisibility()) continue;
        const box = e.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const where = `${Math.round(box.left)}..${Math.round(box.right)}`;
        if (box.right > width + 1 || box.left < -1) wide.push(`${name(e)} ${where}`);
        const style = getComputedStyle(e);
        const hides = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
        if (hides && e.textContent.trim() && e.scrollWidth > e.clientWidth + 1)
            cut.push(`${name(e)} ${e.scrollWidth}>${e.clientWidth}: ${e.textContent.trim().slice(0, 30)}`);
    }
    return {scroll: document.documentElement.scrollWidth, width, wide: wide.slice(0, 8), cut};
}"""

# each piece of text the page shows (and each text field's value) that writes a number the Latin
# way; a card's own index is drawn as the cards print it (a picture of a card, or its small form
# in a sheet or the review: "10", "7♣"; a move of the rules' examples written as its cards'
# codes, left to right: "6♥ + 5♣"), and so is a deal's commitment, a SHA-256 in hex (letters and
# digits of one code, left to right, as every tool that checks it writes it), and a device
# link's address (typed or copied as it is)
LATIN_NUMBERS = """() => {
    const found = [];
    const latin = /[0-9]|[0-9\u06f0-\u06f9][.][0-9\u06f0-\u06f9]/;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const e = node.parentElement;
        const unseen = '.sr-only, script, style, template';
        const cards = 'svg.face, .mini, .ex-results .move[dir=ltr], code[dir=ltr]';
        if (e.closest(`${unseen}, ${cards}`) || !e.checkVisibility()) continue;
        if (latin.test(node.textContent)) found.push(node.textContent.trim().slice(0, 50));
    }
    for (const field of document.querySelectorAll('input[type="text"], input[type="number"], textarea')) {
        if (field.checkVisibility() && latin.test(field.value))
            found.push(`${field.name}=${field.value}`);
    }
    return found;
}"""


@pytest.fixture(scope="module")
def every_page_server(tmp_path_factory) -> Iterator[LiveServer]:
    url = f"sqlite:///{tmp_path_factory.mktemp('every_page') / 'pages.db'}"
    migrate(url)
    server = LiveServer(live_settings(url)).start()
    yield server
    server.stop()


class Walk:
    """Checks each page visited at 200 % text, and its numbers in Persian; keeps what it found."""

    def __init__(self, page: Page, lang: str):
        self.page, self.lang = page, lang
        self.seen: list[str] = []
        self.wide: dict[str, object] = {}
        self.cut: dict[str, list[str]] = {}
        self.latin: dict[str, list[str]] = {}

    def check(self, name: str) -> None:
        self.page.wait_for_load_state()
        assert self.page.locator("html").get_attribute("lang") == self.lang, name
        self.seen.append(name)
        if self.lang == "fa" and (latin := self.page.evaluate(LATIN_NUMBERS)):
            self.latin[name] = latin
        self.page.evaluate("document.documentElement.style.fontSize = '200%'")
        found = self.page.evaluate(OVERFLOW)
        if found["scroll"] > found["width"]:
            self.wide[name] = found
        if found["cut"]:
            self.cut[name] = found["cut"]
        self.page.evaluate("document.documentElement.style.fontSize = ''")


@pytest.fixture(scope="module")
def walks(browser, every_page_server) -> Callable[[str], Walk]:
    """`walks(lang)`: every page walked once in the language, at 390 px, and what it found."""
    done: dict[str, Walk] = {}

    def walked(lang: str) -> Walk:
        if lang not in done:
            done[lang] = walk_every_page(browser, every_page_server, lang)
        return done[lang]

    return walked


def walk_every_page(browser, server: LiveServer, lang: str) -> Walk:
    context = browser.new_context(base_url=server.url, viewport=PHONE)
    context.set_default_timeout(15_000)
    page = context.new_page()
    walk = Walk(page, lang)
    service = server.app.state.service
    try:
        page.goto(f"/?lang={lang}")  # the language is kept in a cookie from here on
        walk.check("home")
        page.click("#more-options > summary")
        walk.check("home, more options")

        page.click("#start")  # two seats, the home page's defaults: the history has it
        settle(page, ("", -1))
        walk.check("Chaharbargh table, 2 seats")
        four = service.create("easy", players=4, target=124)
        page.goto(url_of(service.load(four.id, four.secret)))
        settle(page, ("", -1))
        walk.check("Chaharbargh table, 4 seats")
        for players in (2, 4):
            match = create_allfours(service, "easy", players)
            page.goto(f"/m/{match.id}/{match.secret}")
            settle(page, ("", -1))
            walk.check(f"All Fours table, {players} seats")

        sheet = service.create("easy", target=62)
        page.goto(url_of(drive(service, sheet.id, sheet.secret, lambda loaded: loaded.sheet_pending)))
        page.wait_for_selector("#sheet #next-round")
        walk.check("a round's sheet")

        ended = service.create("easy", target=11, preset="pagat", seed=31)
        finished = drive(service, ended.id, ended.secret, lambda loaded: False)
        page.goto(url_of(finished))
        page.wait_for_selector("#sheet .winner")
        walk.check("a match's end")
        page.goto(f"{url_of(finished)}/review")
        server.app.state.reviews.work_once()  # made by hand here, as the worker thread would
        page.goto(f"{url_of(finished)}/review")
        page.wait_for_selector('#review[data-status="done"]')
        walk.check("its review")
        page.goto(f"{url_of(finished)}/replay?ply=5")
        page.wait_for_selector('#replay[data-ply="5"]')
        walk.check("its replay")
        page.goto("/history")
        page.wait_for_selector("#history li.history-entry")
        walk.check("history")
        page.goto("/me")
        page.click("#device-link-make")
        page.wait_for_selector("svg#device-qr")
        walk.check("my games, with a device link")
        page.goto(page.get_attribute("#device-link", "href"))
        walk.check("a device link's page")

        page.goto("/rules")
        walk.check("rules")
        page.goto("/rules/allfours")
        walk.check("All Fours rules")
        page.goto("/learn")
        walk.check("learn")
        page.goto(f"/learn/{LESSONS[0].key}")
        page.wait_for_selector("#lesson")
        walk.check("a lesson")

        page.goto("/")
        page.click("#start-practice")
        page.wait_for_selector("#practice-badge")
        page.click("#hint-button")
        page.wait_for_selector("#hints")
        walk.check("practice, with the pro's hints")

        shared = service.create("easy", players=2, seats=["person"])
        page.goto(f"/m/{shared.id}/{shared.secret}")
        page.wait_for_selector("#invites")
        walk.check("a shared table, waiting, with its invite")
        page.goto(page.locator('#invites a[data-invite-seat="1"]').get_attribute("href"))
        page.wait_for_selector("#take-seat")
        walk.check("an invite's page")
        page.fill("#name", "Maryam")
        page.click("#take-seat")
        page.wait_for_selector("#phrases")
        page.click("#phrases > summary")
        page.click("#watch > summary")
        walk.check("a shared table in play, phrases and watch link open")
        page.goto(page.locator("#watch-link").get_attribute("href"))
        page.wait_for_selector("#watching")
        walk.check("the watch page")

        assert page.goto("/no/such/page").status == 404
        walk.check("the 404 page")
    finally:
        context.close()
    return walk


LANGS = pytest.mark.parametrize("lang", ["fa", "en"])


@LANGS
def test_every_page_was_walked(walks, lang):
    assert len(walks(lang).seen) == 23, walks(lang).seen


@LANGS
def test_no_page_scrolls_sideways_at_200_percent_text(walks, lang):
    wide = walks(lang).wide
    assert wide == {}, "\n".join(f"{name}: {found}" for name, found in wide.items())


@LANGS
def test_no_text_is_cut_off_at_200_percent_text(walks, lang):
    cut = walks(lang).cut
    assert cut == {}, "\n".join(f"{name}: {found}" for name, found in cut.items())


def test_no_persian_page_writes_a_number_the_latin_way(walks):
    latin = walks("fa").latin
    assert latin == {}, "\n".join(f"{name}: {found}" for name, found in latin.items())
