"""A person at the table: whole match by clicking, resume after restart, double click, dimmed cards, no JS.

Debian's chromium is driven by Playwright against a real uvicorn server in a thread (the
fixtures are in tests/conftest.py).
"""

from __future__ import annotations

from sqlalchemy import text

from app.i18n import card_name, t
from engine import new_match
from tests.app.app_helpers import game_state
from tests.browser.browser_helpers import game, more_options, play_one_move, prepare_move, settle
from tests.browser.live_server import LiveServer


def start_match(page, target: str = "31", level: str = "easy") -> str:
    page.goto("/")
    more_options(page)
    page.check(f'input[name="level"][value="{level}"]')
    page.fill('input[name="target"]', target)
    page.click("#start")
    page.wait_for_selector("#game")
    return page.url


def match_id(url: str) -> str:
    return url.split("/m/")[1].split("/")[0]


def rows_at(server: LiveServer, url: str, ply: int) -> int:
    with server.app.state.service.engine.connect() as conn:
        query = text("SELECT count(*) FROM move WHERE match_id = :m AND ply = :p")
        return conn.execute(query, {"m": match_id(url), "p": ply}).scalar_one()


def test_a_whole_match_played_by_clicking(page):
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    url = start_match(page, target="21")  # two rounds from the first deal: a sheet, then the end
    assert page.locator("html").get_attribute("lang") == "fa"
    state = settle(page, ("", -1))
    sheets = 0
    while state[0] != "match-over":
        if state[0] == "round-over":
            sheets += 1
            assert page.locator("#sheet").is_visible()
            page.click("#next-round")
            state = settle(page, state)
        else:
            state = play_one_move(page)
    assert sheets >= 1  # a round's sheet came and was closed before the end
    assert page.locator("#sheet .winner").is_visible()  # the end shows the winner over the last sheet
    assert page.locator("#sheet .sheet-table tr.sum").count() == 2
    with page.expect_download() as download:
        page.click("#record")
    assert download.value.suggested_filename == f"chaharbargh-{match_id(url)}.json"
    assert errors == []  # among others: nothing refused by the Content-Security-Policy


def test_resume_after_a_server_restart_with_the_computer_to_play(live_server, new_page):
    waiting = live_server(round_owner=False)  # no round owner: the computer's move waits
    page = new_page(waiting, viewport={"width": 1280, "height": 800})
    url = start_match(page)
    before = game(page)
    hand_before = page.locator("#hand [data-card]").count()
    prepare_move(page)
    page.click("#action")
    page.wait_for_selector(f'#game[data-state="computer-turn"][data-ply="{before[1] + 1}"]')
    waiting.stop()

    restarted = live_server(port=waiting.port)  # the same database; its round owner plays the move due
    page.goto(url)  # the table, and its stream, show the computer's move
    state = settle(page, ("computer-turn", before[1] + 1))
    assert state == ("your-turn", before[1] + 2)
    assert page.locator("#hand [data-card]").count() == hand_before - 1
    assert page.locator(".computer-last").is_visible()
    # the live region speaks the computer's move, naming the card the table shows it played
    played = page.get_attribute(".computer-last [data-played]", "data-played")
    who = t("fa", "seat_2_1")
    assert page.inner_text("#announce").startswith(t("fa", "computer_played", who=who, card=card_name(played, "fa")))
    page.goto("/")  # the home page lists it with "continue"
    page.click(f'#saved a[href="{url.removeprefix(restarted.url)}"]')
    assert game(page) == state
    assert play_one_move(page)[1] == state[1] + 2  # the person's move and the computer's answer


def test_a_double_click_applies_exactly_one_move(page, server):
    url = start_match(page)
    state = settle(page, ("", -1))
    ply = state[1]
    prepare_move(page)
    card = page.get_attribute('input[name="card"]', "value")
    takes = [e.get_attribute("value") for e in page.locator('input[name="take"]').all()]
    page.dblclick("#action")
    after = settle(page, state)
    assert after == ("your-turn", ply + 2)
    assert rows_at(server, url, ply) == 1 and rows_at(server, url, ply + 1) == 1
    # the same move sent again (a replayed request) changes nothing and shows the table as it is
    body = "&".join([f"ply={ply}", f"card={card}", *(f"take={t}" for t in takes)])
    response = page.request.post(
        url + "/move", data=body, headers={"content-type": "application/x-www-form-urlencoded"}
    )
    assert response.status == 200 and game_state(response.text()) == ("your-turn", ply + 2)
    assert rows_at(server, url, ply) == 1 and rows_at(server, url, ply + 2) == 0
    page.reload()
    assert game(page) == after


def test_cards_that_cannot_capture_are_dimmed_but_keep_focus(page, server):
    from tests.app.test_play import forced, seed_where

    seed = seed_where(forced)
    match = server.app.state.service.create("easy", 31, "table", seed=seed)
    state = new_match(seed)
    playable = {str(m.card) for m in state.legal_moves()}  # under forced capture: the capturing cards (R7)
    page.goto(f"/m/{match.id}/{match.secret}")
    dimmed = page.locator('#hand [aria-disabled="true"]')
    capturing = page.locator('#hand [data-can-capture="true"]')
    codes = lambda cards: {e.get_attribute("data-card") for e in cards.all()}  # noqa: E731
    assert codes(capturing) == playable
    assert codes(dimmed) == {str(c) for c in state.hand(0)} - playable
    dimmed.first.focus()
    assert page.evaluate("document.activeElement.getAttribute('aria-disabled')") == "true"
    page.keyboard.press("Enter")  # a dimmed card stays focusable; pressing it explains why it cannot be played
    page.wait_for_selector("#message")
    assert page.inner_text("#message") == t("fa", "msg_disabled_card")
    assert page.locator('#hand [aria-pressed="true"]').count() == 0
    # keyboard: focus a capturing card and press Enter to select it
    code = capturing.first.get_attribute("data-card")
    capturing.first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f'#hand [data-card="{code}"][aria-pressed="true"]')
    takeable = {str(c) for m in state.legal_moves() if str(m.card) == code for c in m.takes}
    assert codes(page.locator('#table [data-takeable="true"]')) == takeable


def test_without_javascript_the_table_still_plays(new_page, server):
    page = new_page(server, javascript=False)
    url = start_match(page)
    assert game(page) == ("your-turn", 0)
    prepare_move(page)  # each tap is a plain GET of the whole page here
    page.click("#action")
    page.wait_for_selector('#game[data-ply="2"]')  # after the redirect the computer has answered
    assert page.url.endswith(url.split(server.url)[-1].split("?")[0])
    assert game(page) == ("your-turn", 2)
