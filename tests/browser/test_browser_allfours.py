"""All Fours in chromium as a person plays it: chosen on the home page, played to the end by
tapping (stand or beg, take one or run, the cards), left and resumed from the home page's list,
and the finished match's record replays with the engine. Two players on a phone, four in two
partnerships on a desktop (after a server restart). The rules page's examples, a tutorial lesson,
and the replay of a finished match."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from app.games.allfours.examples import EXAMPLES
from app.games.allfours.tutorial import LESSONS
from app.i18n import t
from engine import allfours
from tests.app.app_helpers import create_allfours
from tests.app.test_history import finish
from tests.browser.browser_helpers import game, more_options, settle
from tests.browser.test_browser_axe import violations
from tests.browser.test_browser_phone_table import on_screen

DESKTOP = {"width": 1280, "height": 800}


def choose_allfours(page: Page, players: int) -> str:
    page.goto("/")
    more_options(page)
    assert page.is_checked('input[name="game"][value="chaharbargh"]')
    page.check('input[name="game"][value="allfours"]')
    assert page.locator("#house-rules").is_hidden()  # All Fours reads only players and level
    assert page.locator("#allfours-note").is_visible()
    page.check(f'input[name="players"][value="{players}"]')
    page.check('input[name="level"][value="easy"]')
    page.click("#start")
    page.wait_for_selector('#game[data-game="allfours"]')
    return page.url


def tap(page: Page) -> tuple[str, int]:
    """One move as a person: the first decision offered, or the first card that may be played."""
    before = game(page)
    assert before[0] == "your-turn"
    decisions = page.locator("#decisions [data-move]")
    if decisions.count():
        decisions.first.click()
    else:
        cards = page.locator("#hand button[data-card]")
        playable = page.locator('#hand button[data-card]:not([aria-disabled="true"])')
        assert playable.count() >= 1 and cards.count() >= playable.count()
        playable.first.click()
    return settle(page, before)


def play(page: Page, state: tuple[str, int], until_ply: int | None = None) -> tuple[str, int]:
    while state[0] != "match-over" and (until_ply is None or state[1] < until_ply):
        if state[0] == "round-over":
            assert page.locator("#sheet").is_visible()
            page.click("#next-round")
            state = settle(page, state)
        else:
            state = tap(page)
    return state


def resume_from_home(page: Page, url: str, state: tuple[str, int], server_url: str) -> None:
    page.goto("/")
    page.click(f'#saved a[href="{url.removeprefix(server_url)}"]')
    page.wait_for_selector('#game[data-game="allfours"]')
    assert game(page) == state


def finish_and_replay(page: Page, url: str, players: int) -> allfours.MatchState:
    assert page.locator("#sheet .winner").is_visible()
    assert page.locator("#record").is_visible()
    record = page.request.get(url + "/record.json")
    assert record.status == 200
    final = allfours.replay(record.json())
    assert final.finished and final.players == players and max(final.totals) >= 14
    return final


def test_a_two_player_all_fours_match_on_a_phone(new_page, server):
    errors: list[str] = []
    page = new_page(server)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    url = choose_allfours(page, 2)
    assert page.locator("#seats [data-seat]").count() == 1
    assert page.locator("#hand [data-card]").count() == 6
    assert page.locator("#turnup [data-trump]").count() == 1
    state = settle(page, ("", -1))
    state = play(page, state, until_ply=12)
    resume_from_home(page, url, state, server.url)
    play(page, state)
    finish_and_replay(page, url, 2)
    assert page.locator("#sheet-lines").count() + page.locator("#sheet").count() >= 1
    page.click("#rematch")  # a new deal of the same game
    page.wait_for_url(lambda address: address != url)
    page.wait_for_selector('#game[data-game="allfours"]')
    assert page.locator("#hand [data-card]").count() == 6
    assert errors == []


def test_a_four_player_all_fours_match_on_a_desktop(new_page, server):
    page = new_page(server, viewport=DESKTOP)
    url = choose_allfours(page, 4)
    assert page.locator("#seats [data-seat]").count() == 3
    assert page.get_attribute('#seats [data-partner="true"]', "data-seat") == "2"
    assert page.locator("#scores tbody tr").count() == 2  # two partnerships
    state = play(page, settle(page, ("", -1)), until_ply=20)
    server.stop()  # resume after a restart too: the same database
    restarted = type(server)(server.settings, server.port).start()
    try:
        resume_from_home(page, url, state, restarted.url)
        play(page, state)
        finish_and_replay(page, url, 4)
    finally:
        restarted.stop()


def test_the_all_fours_rules_page(new_page, server):
    page = new_page(server)
    page.goto("/rules/allfours?lang=en")
    assert "cannot be exposed" in page.inner_text("#exposed-card")
    assert page.locator("figure.example").count() == len(EXAMPLES)  # every example, drawn
    assert page.locator("#ex-hang-jack .ex-results").inner_text().count("Hang jack") == 1
    page.click("#af-tutorial")
    page.wait_for_selector("#af-lessons")


def test_an_all_fours_lesson_solved_after_a_wrong_tap(page):
    """From /learn to the All Fours tutorial; the first lesson: a dimmed card (the engine's
    reason), a legal wrong card (the lesson's explanation), then the right one and its praise."""
    first, second = LESSONS[0], LESSONS[1]
    page.goto("/learn")
    page.click("#af-tutorial")
    page.click("#af-resume")
    page.wait_for_selector(f'#lesson[data-lesson="{first.key}"][data-state="asking"]')
    assert page.inner_text("#task") == first.text["task"]["fa"]
    playable = page.locator('#hand button[data-card]:not([aria-disabled="true"])')
    assert sorted(playable.evaluate_all("els => els.map(e => e.dataset.card)")) == sorted(first.claim["legal"])
    page.click('#hand [data-card="AC"]', force=True)  # dimmed: the engine says why
    page.wait_for_selector("#message")
    assert page.inner_text("#message") == t("fa", "msg_must_follow")
    mistake = first.mistakes[0]
    page.click(f'#hand [data-card="{mistake.move}"]')
    page.wait_for_function(
        "text => document.querySelector('#message') && document.querySelector('#message').innerText === text",
        arg=mistake.text["fa"],
    )
    assert page.get_attribute("#lesson", "data-state") == "asking"
    page.click(f'#hand [data-card="{first.answers[0]}"]')
    page.wait_for_selector(f'#lesson[data-lesson="{first.key}"][data-state="solved"]')
    assert page.inner_text("#praise p") == first.text["praise"]["fa"]
    assert page.locator("#facts li").count() >= 2
    page.click("#next-lesson")
    page.wait_for_selector(f'#lesson[data-lesson="{second.key}"][data-state="asking"]')
    page.goto("/learn/allfours")
    assert page.get_attribute("#af-resume", "href") == f"/learn/allfours/{second.key}"  # progress kept


def test_replaying_a_finished_all_fours_match(new_page, server):
    """A match finished through the service; at its end the person opens the replay and steps
    through it: every hand shown, as the engine replays the stored moves."""
    service = server.app.state.service
    match = create_allfours(service, "easy", 2, seed=770_015)
    done = finish(service, match)
    moves = service.stored_moves(done)
    page = new_page(server, viewport=DESKTOP)
    page.goto(f"/m/{match.id}/{match.secret}?lang=en")
    page.wait_for_selector('#game[data-state="match-over"]')
    page.click("#replay-link")
    page.wait_for_selector('#replay[data-ply="0"]')
    state = allfours.new_match(770_015, done.state.rules)
    for seat in range(2):
        cards = page.locator(f'.replay-seat[data-seat="{seat}"] [data-card]')
        assert sorted(cards.evaluate_all("els => els.map(e => e.dataset.card)")) == sorted(
            str(c) for c in state.hand(seat)
        )
    for ply in (1, 2):
        page.click("#replay-next")
        page.wait_for_selector(f'#replay[data-ply="{ply}"]')
        state = state.apply(allfours.Move.parse(moves[ply - 1]))
        hand = page.locator(f'.replay-seat[data-seat="{state.last.seat}"] [data-card]')
        assert sorted(hand.evaluate_all("els => els.map(e => e.dataset.card)")) == sorted(
            str(c) for c in state.hand(state.last.seat)
        )
    page.click("#replay-previous")
    page.wait_for_selector('#replay[data-ply="1"]')
    page.click("#replay-end")
    page.wait_for_selector(f'#replay[data-ply="{len(moves)}"]')
    assert page.locator("#replay-next").count() == 0
    totals = page.locator("#scores td.total").all_inner_texts()
    assert totals == [str(x) for x in done.state.totals] and max(done.state.totals) >= 14
    page.click("#replay-back")
    page.wait_for_selector('#game[data-state="match-over"]')


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_all_fours_pages_pass_axe(new_page, server, lang):
    """axe-core (tests/browser/test_browser_axe.py) over the rules page with its examples, the
    tutorial's index, a lesson asked, refused and solved, and a finished match's replay."""
    service = server.app.state.service
    match = create_allfours(service, "easy", 4, seed=770_016)
    finish(service, match)
    page = new_page(server)
    found = {}
    first = LESSONS[0]

    def check(name: str) -> None:
        page.wait_for_load_state()
        if problems := violations(page):
            found[name] = problems

    page.goto(f"/rules/allfours?lang={lang}")
    check("rules")
    page.goto("/learn/allfours")
    check("tutorial index")
    page.goto(f"/learn/allfours/{first.key}")
    check("lesson asked")
    page.click('#hand [data-card="AC"]', force=True)
    page.wait_for_selector("#message")
    check("lesson refused")
    page.click(f'#hand [data-card="{first.answers[0]}"]')
    page.wait_for_selector('#lesson[data-state="solved"]')
    check("lesson solved")
    page.goto("/learn/allfours/run")
    check("decision lesson")
    page.goto(f"/m/{match.id}/{match.secret}/replay?ply=9")
    check("replay")
    assert found == {}


def test_the_cut_for_the_first_deal_on_a_phone_in_persian(new_page, server):
    """Round one tells the cut, the longest case: four players, seed 13, where two queens tie
    and the left opponent's four of hearts beats your three of clubs. On a 390x844 phone in
    Persian it is in the score panel, right to left, nothing scrolls sideways, and your hand and
    your decision are on the screen as the page opens (the score panel follows them on a phone,
    as at Chaharbargh's table; the dealer's tag on the seats is in sight)."""
    service = server.app.state.service
    match = create_allfours(service, "easy", 4, seed=13)
    page = new_page(server)
    page.goto(f"/m/{match.id}/{match.secret}?lang=fa")
    page.wait_for_selector('#game[data-state="your-turn"]')
    cut = page.locator("#af-cut")
    assert cut.is_visible() and page.get_attribute("html", "dir") == "rtl"
    text = cut.inner_text()
    assert text.startswith(t("fa", "af_cut", cuts="")[:-1]) and "حریف چپ پخش می‌کند" in text
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")  # no sideways scroll
    codes = [e.get_attribute("data-card") for e in page.locator("#hand [data-card]").all()]
    for selector in ["#seats .dealer-tag", "#decisions", *(f'#hand [data-card="{code}"]' for code in codes)]:
        assert on_screen(page, selector), selector
    page.screenshot(path="/tmp/allfours-cut-fa-390x844.png")
