"""The home page's one-tap start in chromium, at 390x844 and 1280x800, in Persian and English:
the start button is on the first screen, one tap starts the defaults on a first visit and the
last match's settings after that, every other choice is behind "more options", each house rule
says what it does and links to its example on the rules page, and all of it works without
JavaScript. Also what the page costs: no text under 14 px on a phone, at most 100 KB on a first
visit and no static file fetched again on the next, and no serious axe violation with the form open.

One server serves the whole file (each test has its own browser context, so its own cookie).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from app.i18n import digits, t
from app.table import Table
from engine import Rules
from tests.app.app_helpers import migrate
from tests.browser.browser_helpers import more_options, small_text
from tests.browser.live_server import LiveServer, live_settings
from tests.browser.test_browser_axe import violations

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
EVERY_WAY = [("fa", "phone"), ("en", "phone"), ("fa", "desktop"), ("en", "desktop")]
HOUSE_RULES = ("open_hand", "forced_capture", "jack_sur", "sur_in_last_deal", "surs_cancel", "sur_points", "sur_cutoff")


@pytest.fixture(scope="module")
def home_server(tmp_path_factory) -> Iterator[LiveServer]:
    url = f"sqlite:///{tmp_path_factory.mktemp('home') / 'home.db'}"
    migrate(url)
    # every test here starts matches from one address: more than the 20 a minute a client may
    # (tests/app/test_limits.py tries that limit)
    server = LiveServer(live_settings(url, rate_new="off")).start()
    yield server
    server.stop()


def started(server: LiveServer, page: Page) -> Table:
    """The match the page is now the table of, as stored."""
    page.wait_for_selector("#game")
    match_id, secret = page.url.split("/m/")[1].split("/")[:2]
    return server.app.state.service.load(match_id, secret)


def summary(page: Page) -> list[str]:
    return [" ".join(item.split()) for item in page.locator("#quick-summary li").all_inner_texts()]


def first_screen(page: Page, size: str) -> None:
    """The start button is wholly on the first screen, and every other choice is folded away."""
    assert page.evaluate("window.scrollY") == 0
    box = page.locator("#start").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= VIEWPORTS[size]["height"], box
    assert page.get_attribute("#more-options", "open") is None
    assert page.locator('input[name="target"]').is_hidden() and page.locator("#house-rules").is_hidden()


@pytest.mark.parametrize(("lang", "size"), EVERY_WAY)
def test_one_tap_starts_the_defaults_then_the_last_settings(home_server, new_page, lang, size):
    page = new_page(home_server, viewport=VIEWPORTS[size])
    d = lambda n: digits(n, lang)  # noqa: E731
    page.goto(f"/?lang={lang}")
    first_screen(page, size)
    players, target = t(lang, "summary_players", n=d(2)), t(lang, "summary_target", n=d(62))
    assert summary(page) == [players, t(lang, "level_easy"), target]
    page.click("#start")
    first = started(home_server, page)
    assert first.match.level == "easy" and first.state.rules == Rules()  # two seats, the table rules, to 62
    assert page.locator("#seats [data-seat]").count() == 1

    page.goto("/")  # other settings, chosen under "more options"
    more_options(page)
    page.check('input[name="players"][value="3"]')
    page.check('input[name="level"][value="pro"]')
    page.fill('input[name="target"]', "31")
    page.click("#start-chosen")
    chosen = started(home_server, page)
    assert (chosen.match.level, chosen.state.rules.players, chosen.state.rules.target) == ("pro", 3, 31)

    page.goto("/")  # one tap again: those settings
    first_screen(page, size)
    players, target = t(lang, "summary_players", n=d(3)), t(lang, "summary_target", n=d(31))
    assert summary(page) == [players, t(lang, "level_pro"), target]
    page.click("#start")
    again = started(home_server, page)
    assert again.match.id != chosen.match.id
    assert again.match.level == "pro" and again.state.rules == chosen.state.rules == Rules(players=3, target=31)
    assert page.get_attribute("#game", "data-players") == "3" and page.locator("#seats [data-seat]").count() == 2
    assert t(lang, "summary_target", n=d(31)) in page.locator("#rules-summary li").all_inner_texts()


@pytest.mark.parametrize(("lang", "size"), [("fa", "phone"), ("en", "desktop")])
def test_each_house_rule_says_what_it_does_and_leads_to_its_example(home_server, new_page, lang, size):
    page = new_page(home_server, viewport=VIEWPORTS[size])
    page.goto(f"/?lang={lang}")
    for name in HOUSE_RULES:
        more_options(page)
        line = page.locator(f"#rule-about-{name}")
        assert line.is_visible() and line.inner_text().startswith(t(lang, f"{name}_about")), name
        href = page.get_attribute(f'.rule-link[data-rule="{name}"]', "href")
        page.click(f'.rule-link[data-rule="{name}"]')
        page.wait_for_url(f"**{href}")
        anchor = href.split("#")[1]
        assert page.locator(f"#{anchor}").count() == 1, name
        assert page.locator(f"#option-{name}").count() == 1  # on the rules page, in the rule's own block
        assert anchor == f"option-{name}" or page.locator(f"#option-{name} #{anchor}").count() == 1, name
        page.wait_for_function(  # the browser scrolled to it
            "(id) => { const r = document.getElementById(id).getBoundingClientRect(); "
            "return r.top >= -1 && r.top < innerHeight; }",
            arg=anchor,
        )
        page.goto("/")


@pytest.mark.parametrize(("lang", "size"), [("fa", "phone"), ("en", "desktop")])
def test_without_javascript(home_server, new_page, lang, size):
    page = new_page(home_server, viewport=VIEWPORTS[size], javascript=False)
    d = lambda n: digits(n, lang)  # noqa: E731
    page.goto(f"/?lang={lang}")
    first_screen(page, size)
    page.click("#start")
    assert started(home_server, page).state.rules == Rules()

    page.goto("/")
    more_options(page)  # a <details>: it opens without a script
    page.check('input[name="players"][value="4"]')
    page.click("#fill-defaults")  # the server fills in the values for four players, the form still open
    page.wait_for_selector("#more-options[open]")
    assert page.input_value('input[name="target"]') == d(124) and page.is_checked('input[name="players"][value="4"]')
    page.click("#start-chosen")
    four = started(home_server, page)
    assert four.state.rules == Rules(players=4) and four.state.rules.target == 124

    page.goto("/")
    first_screen(page, size)
    assert summary(page) == [t(lang, "summary_teams"), t(lang, "level_easy"), t(lang, "summary_target", n=d(124))]
    page.click("#start")
    assert started(home_server, page).state.rules == Rules(players=4)


class Traffic:
    """What the page fetches, read from chromium's network events: bytes on the wire per address,
    and which requests the browser's cache answered."""

    def __init__(self, page: Page):
        self.urls: dict[str, str] = {}
        self.sizes: dict[str, int] = {}
        self.cached: set[str] = set()
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.requestWillBeSent", lambda e: self.urls.__setitem__(e["requestId"], e["request"]["url"]))
        cdp.on("Network.requestServedFromCache", lambda e: self.cached.add(e["requestId"]))
        cdp.on("Network.responseReceived", self._response)
        cdp.on("Network.loadingFinished", lambda e: self.sizes.__setitem__(e["requestId"], e["encodedDataLength"]))

    def _response(self, event: dict) -> None:
        if event["response"].get("fromDiskCache"):
            self.cached.add(event["requestId"])

    def clear(self) -> None:
        self.urls.clear(), self.sizes.clear(), self.cached.clear()

    def fetched_static(self) -> list[str]:
        return [url for rid, url in self.urls.items() if "/static/" in url and rid not in self.cached]


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_text_size_weight_and_axe_of_the_home_page(home_server, new_page, lang):
    page = new_page(home_server)  # a phone, 390 px wide
    traffic = Traffic(page)
    page.goto(f"/?lang={lang}")
    page.wait_for_load_state("networkidle")
    assert 0 < sum(traffic.sizes.values()) <= 100_000, traffic.sizes
    assert small_text(page) == []
    more_options(page)
    assert small_text(page) == []
    assert violations(page) == []

    traffic.clear()
    page.goto("/")  # a repeat visit: the page, and no static file
    page.wait_for_load_state("networkidle")
    assert any(url.endswith("/") for url in traffic.urls.values()) and traffic.fetched_static() == []


@pytest.mark.parametrize(("lang", "size"), EVERY_WAY)
def test_after_a_rules_example_and_back_the_summary_names_the_form_the_browser_restored(
    home_server, new_page, lang, size
):
    """Four players to 200 chosen, a house rule's example opened, then Back: the browser puts the
    chosen values back into the form, and the summary above Start names them, as Start begins them."""
    page = new_page(home_server, viewport=VIEWPORTS[size])
    d = lambda n: digits(n, lang)  # noqa: E731
    page.goto(f"/?lang={lang}")
    more_options(page)
    page.check('input[name="players"][value="4"]')
    page.fill('input[name="target"]', "200")
    chosen = [t(lang, "summary_teams"), t(lang, "level_easy"), t(lang, "summary_target", n=d(200))]
    page.wait_for_function("(n) => document.querySelectorAll('#quick-summary li').length === n", arg=3)
    page.wait_for_function("(w) => document.getElementById('quick-summary').innerText.includes(w)", arg=chosen[2])
    assert summary(page) == chosen  # it follows the form as it is changed, too
    page.click('.rule-link[data-rule="open_hand"]')
    page.wait_for_url("**/rules**")
    page.go_back()
    page.wait_for_selector("#start")
    assert page.locator('input[name="players"][value="4"]').is_checked()  # the browser restored the form
    assert page.input_value('input[name="target"]') == "200"
    page.wait_for_function("(w) => document.getElementById('quick-summary').innerText.includes(w)", arg=chosen[2])
    assert summary(page) == chosen
    page.click("#start")
    page.wait_for_url("**/m/**")  # the new match's table, not the home page still being left
    begun = started(home_server, page)
    assert (begun.state.rules.players, begun.state.rules.target) == (4, 200)


def test_a_target_typed_in_persian_digits_starts_that_match(home_server, new_page):
    """A Persian keyboard types «۳۰»: the field shows it and the match is to 30 (a type="number"
    field would have taken nothing and shown its value in Latin digits)."""
    page = new_page(home_server, viewport=VIEWPORTS["phone"])
    page.goto("/?lang=fa")
    more_options(page)
    assert page.input_value('input[name="target"]') == "۶۲"
    page.locator('input[name="target"]').fill("")
    page.locator('input[name="target"]').press_sequentially("۳۰")
    assert page.input_value('input[name="target"]') == "۳۰"
    page.click("#start-chosen")
    assert started(home_server, page).state.rules.target == 30
