"""axe-core over every kind of page, in Persian and in English: no violation of impact
"serious" or "critical" (contrast, names of buttons and images, labels, landmarks, ARIA).

axe-core is vendored for these tests only (tests/browser/vendor/, see its README) and run in
the page through Playwright's evaluate, which the page's Content-Security-Policy does not
govern; the site itself never loads it. Each page is checked in the state a player sees it:
the table at 2 and 4 seats (with a card chosen and its captures offered too), a round's sheet,
a match's end with every round's sheet, the history, /me with a reviewed match's progress, the
replay of that match, the rules, the tutorial's index, a lesson asked and solved, a practice
round with the pro's hints, the 404 page, the home page's install offer and the offline page
(with the matches it lists); and the puzzle pages.
Each page is checked at a phone's size and at a desktop's, the window turned between the two
(the flow that reaches the pages is the same at both sizes, so it is walked once).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from app.games.chaharbargh.tutorial import LESSONS
from engine import Move
from tests.app.app_helpers import create_allfours
from tests.app.test_mistakes import decision, decisions_of, store_review
from tests.browser.browser_helpers import prepare_move, settle
from tests.browser.setups import drive, url_of
from tests.browser.test_browser_learn import tap_move
from tests.browser.test_browser_seats import choose_game

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
BLOCKING = ("serious", "critical")
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def violations(page: Page) -> list[str]:
    """axe's serious and critical violations on the page as it is now, one line per element."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text())
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{rule['impact']} {rule['id']} ({rule['help']}): {node['target']} {' '.join(node['failureSummary'].split())}"
        for rule in result["violations"]
        if rule["impact"] in BLOCKING
        for node in rule["nodes"]
    ]


class Audit:
    """Runs axe on each page visited and keeps what it found under the page's name."""

    def __init__(self, page: Page, lang: str):
        self.page, self.lang, self.found = page, lang, {}
        self.seen: list[str] = []

    def check(self, name: str) -> None:
        self.page.wait_for_load_state()
        assert self.page.locator("html").get_attribute("lang") == self.lang, name
        self.seen.append(name)
        before = self.page.viewport_size
        for size, viewport in VIEWPORTS.items():
            self.page.set_viewport_size(viewport)
            if found := violations(self.page):
                self.found[f"{name} ({size})"] = found
        self.page.set_viewport_size(before)


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_no_serious_or_critical_violation_on_any_page(new_page, server, lang):
    page = new_page(server, viewport=VIEWPORTS["phone"])
    audit = Audit(page, lang)
    service = server.app.state.service
    page.goto(f"/?lang={lang}")  # the language is kept in a cookie from here on
    audit.check("home")
    page.evaluate("() => { document.querySelector('#install-offer').hidden = false; }")  # as where a browser offers it
    audit.check("home, with the install offer")

    page.click("#start")  # two seats, the home page's defaults
    state = settle(page, ("", -1))
    audit.check("table, 2 seats")
    prepare_move(page)
    audit.check("table, 2 seats, a card chosen")
    page.click("#action")
    settle(page, state)
    audit.check("table, 2 seats, after the computer's move")

    choose_game(page, 4, 124)
    settle(page, ("", -1))
    audit.check("table, 4 seats")

    sheet = service.create("easy", target=62)
    page.goto(url_of(drive(service, sheet.id, sheet.secret, lambda loaded: loaded.sheet_pending)))
    page.wait_for_selector("#sheet #next-round")
    audit.check("round's sheet")

    ended = service.create("easy", target=11, preset="pagat")
    finished = drive(service, ended.id, ended.secret, lambda loaded: False)
    page.goto(url_of(finished))
    page.wait_for_selector("#sheet .winner")
    audit.check("match's end")

    page.goto("/history")
    page.wait_for_selector("#history li.history-entry")
    audit.check("history")

    page.goto(f"{url_of(finished)}/review")  # asked by this browser's person: /me shows their progress
    ply, legal, played = decisions_of(service, finished)[0]
    best = next(m for m in legal if m != played)
    values = {m: 0.0 for m in legal} | {best: 2.0}
    store_review(service, finished.match.id, [decision(ply, played, best, values, "mistake")])
    page.goto("/me")
    page.wait_for_selector('#notify-kinds input[value="invite"]', state="attached")  # the kinds, the new ones too
    page.wait_for_selector("#progress-chart circle")
    page.click("#progress summary")  # the chart's table opened too
    audit.check("my games, with progress")
    page.click("#device-link-make")
    page.wait_for_selector("svg#device-qr")
    audit.check("my games, with a device link")
    link = page.get_attribute("#device-link", "href")
    audit.page = other = new_page(server, viewport=VIEWPORTS["phone"])  # another browser, with a match of its own
    other.goto(f"/?lang={lang}")
    other.click("#start")
    settle(other, ("", -1))
    other.goto(link)
    other.wait_for_selector("#link-bring")
    audit.check("a device link's page, asking")
    audit.page = page
    page.goto("/me/delete")
    page.wait_for_selector("form[action='/me/delete']")
    audit.check("delete me, asked first")

    page.goto(f"{url_of(finished)}/replay?ply=5")
    page.wait_for_selector('#replay[data-ply="5"]')
    audit.check("replay")

    page.goto(f"{url_of(finished)}/fairness")
    page.wait_for_selector('#fair-result[data-proved="true"]')
    page.locator(".fair-moves summary").first.click()
    audit.check("check of the deal")

    page.goto("/rules")
    audit.check("rules")
    page.goto("/learn")
    audit.check("learn")
    first = LESSONS[0]
    page.goto(f"/learn/{first.key}")
    page.wait_for_selector(f'#lesson[data-lesson="{first.key}"][data-state="asking"]')
    audit.check("a lesson")
    tap_move(page, Move.parse(first.answers[0]))
    page.wait_for_selector(f'#lesson[data-lesson="{first.key}"][data-state="solved"]')
    audit.check("a lesson, solved")

    page.goto("/")
    page.click("#start-practice")
    page.wait_for_selector("#practice-badge")
    audit.check("practice")
    page.click("#hint-button")
    page.wait_for_selector("#hints")
    audit.check("practice, with the pro's hints")

    shared = service.create("easy", players=2, seats=["person"])
    page.goto(f"/m/{shared.id}/{shared.secret}")
    page.wait_for_selector("#invites")
    audit.check("a shared table, waiting, with its invite")
    page.goto(page.locator('#invites a[data-invite-seat="1"]').get_attribute("href"))
    page.wait_for_selector("#take-seat")
    audit.check("an invite's page")
    page.fill("#name", "Maryam")
    page.click("#take-seat")  # the friend takes the seat: the table is in play, with its clock and phrases
    page.wait_for_selector("#phrases")
    page.click("#phrases > summary")
    page.click("#watch > summary")
    page.click("#fairness > summary")
    audit.check("a shared table in play, its phrases, watch link and commitment open")
    page.goto(page.locator("#watch-link").get_attribute("href"))
    page.wait_for_selector("#watching")
    audit.check("the watch link's page")

    assert page.goto("/no/such/page").status == 404
    audit.check("the 404 page")
    page.goto("/offline")  # what the service worker shows when the server cannot be reached
    page.wait_for_selector("#offline #saved")
    audit.check("the offline page, with this browser's matches")

    assert len(audit.seen) == 27
    assert audit.found == {}, "\n".join(f"{name}:\n  " + "\n  ".join(lines) for name, lines in audit.found.items())


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_all_fours_table_in_play_and_at_its_end(new_page, server, lang):
    """The All Fours table (its hand buttons named by their pictures, as Chaharbargh's) while a
    match is played at a phone's size, and a finished four-player match's end."""
    from tests.app.test_history import finish
    from tests.browser.test_browser_allfours import choose_allfours

    page = new_page(server, viewport=VIEWPORTS["phone"])
    audit = Audit(page, lang)
    page.goto(f"/?lang={lang}")
    choose_allfours(page, 2)
    settle(page, ("", -1))
    audit.check("All Fours table, 2 seats")
    service = server.app.state.service
    match = create_allfours(service, "easy", 4, seed=770_016)
    finish(service, match)
    page.goto(f"/m/{match.id}/{match.secret}")
    page.wait_for_selector("#sheet .winner")
    audit.check("All Fours match's end, 4 seats")
    page.goto(f"/m/{match.id}/{match.secret}/fairness")
    page.wait_for_selector('#fair-result[data-proved="true"]')
    audit.check("All Fours check of the deal, 4 seats")
    assert audit.found == {}


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_puzzle_pages(new_page, server, lang):
    """The home page's daily puzzle, a puzzle of each game asked, refused, solved and given up on
    (its answer shown), and /me with the puzzles solved and the puzzle rating."""
    from app.puzzles import shipped

    page = new_page(server, viewport=VIEWPORTS["phone"])
    audit = Audit(page, lang)
    page.goto(f"/?lang={lang}")
    page.wait_for_selector("#daily-puzzle")
    audit.check("home, with the daily puzzle")
    for game in ("chaharbargh", "allfours"):
        first, second = [p for p in shipped().values() if p.game == game][:2]
        page.goto(f"/puzzles/{first.id}")
        page.wait_for_selector(f'#puzzle[data-puzzle="{first.id}"][data-outcome=""]')
        audit.check(f"{game} puzzle")
        page.click(f'#puzzle-answers form[data-move="{first.values[-1][0]}"] button')
        page.wait_for_selector('#puzzle[data-outcome="refused"]')
        audit.check(f"{game} puzzle, refused")
        page.click(f'#puzzle-answers form[data-move="{first.best}"] button')
        page.wait_for_selector('#puzzle[data-outcome="passed"]')
        audit.check(f"{game} puzzle, solved")
        page.goto(f"/puzzles/{second.id}")
        page.click("#puzzle-show")
        page.wait_for_selector('#puzzle[data-outcome="shown"]')
        audit.check(f"{game} puzzle, its answer shown")
    page.goto("/me")
    page.wait_for_selector("#puzzle-rating-me")
    audit.check("my games, with puzzles")
    assert len(audit.seen) == 10
    assert audit.found == {}, "\n".join(f"{name}:\n  " + "\n  ".join(lines) for name, lines in audit.found.items())
