"""Three seats, four seats in two teams, and the open hand, in chromium as a person plays them:
chosen on the home page with house rules and a target of their own, played to the end by
tapping, resumed from the home page's list, and their records replay.

The targets are small (a round or two) and the level easy, so a whole match takes seconds.
"""

from __future__ import annotations

from playwright.sync_api import Page

from app.i18n import digits
from engine import replay
from tests.browser.browser_helpers import game, more_options, play_one_move, settle

DESKTOP = {"width": 1280, "height": 800}


def choose_game(page: Page, players: int, target: int, preset: str = "table", **house: object) -> str:
    """Fill the home page's form as a person would and start; returns the table's address."""
    page.goto("/")
    more_options(page)
    page.check(f'input[name="preset"][value="{preset}"]')
    page.check(f'input[name="players"][value="{players}"]')
    if players == 4:  # the script fills in the preset's values for four: the doubled target
        lang = page.get_attribute("html", "lang")  # the fields show the page's digits
        assert page.input_value('input[name="target"]') == digits(124, lang)
        assert page.input_value('input[name="sur_points"]') == digits(10, lang)
    page.check('input[name="level"][value="easy"]')
    page.fill('input[name="target"]', str(target))
    for name, value in house.items():
        if isinstance(value, bool):
            page.set_checked(f'input[name="{name}"]', value)
        elif name == "forced_capture":
            page.check(f'input[name="forced_capture"][value="{value}"]')
        else:
            page.fill(f'input[name="{name}"]', str(value))
    page.click("#start")
    page.wait_for_selector("#game")
    return page.url


def show_a_card(page: Page) -> tuple[str, int]:
    """Open hand: the prompt is up; tap the first card of the hand to show it to everyone."""
    before = game(page)
    assert page.locator("#hint").inner_text().strip()
    code = page.locator('#hand button[data-shows="true"]').first.get_attribute("data-card")
    page.click(f'#hand button[data-shows="true"][data-card="{code}"]')
    after = settle(page, before)
    if after[0] != "round-over" and page.locator(f'#hand [data-card="{code}"]').count():
        assert page.get_attribute(f'#hand [data-card="{code}"]', "data-face-up") == "true"
    return after


def play(page: Page, state: tuple[str, int], until_ply: int | None = None) -> tuple[str, int]:
    """Play on by tapping (the next round after each sheet) until the match is over or `until_ply`."""
    while state[0] != "match-over" and (until_ply is None or state[1] < until_ply):
        if state[0] == "round-over":
            assert page.locator("#sheet").is_visible()
            page.click("#next-round")
            state = settle(page, state)
        elif page.get_attribute("#game", "data-must-show") == "true":
            state = show_a_card(page)
        else:
            state = play_one_move(page)
    return state


def resume_from_home(page: Page, url: str, state: tuple[str, int], server_url: str) -> None:
    page.goto("/")
    page.click(f'#saved a[href="{url.removeprefix(server_url)}"]')
    assert game(page) == state


def finish_and_replay(page: Page, url: str, players: int):
    assert page.locator("#sheet .winner").is_visible()
    record = page.request.get(url + "/record.json")
    assert record.status == 200
    final = replay(record.json())
    assert final.finished and final.players == players
    return final


def test_a_three_player_match_with_house_rules(new_page, server):
    errors = []
    page = new_page(server)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    url = choose_game(page, 3, 15, forced_capture="off", jack_sur=True, sur_points=7)
    assert page.locator("#seats [data-seat]").count() == 2
    assert page.locator('#seats [data-partner="true"]').count() == 0
    summary = page.inner_text("#rules-summary")
    assert "۱۵" in summary and "۷" in summary
    state = play(page, settle(page, ("", -1)), until_ply=12)
    resume_from_home(page, url, state, server.url)
    play(page, state)
    final = finish_and_replay(page, url, 3)
    assert final.rules.target == 15 and final.rules.forced_capture == "off" and final.rules.jack_sur
    assert final.rules.sur_points == 7 and max(final.totals) >= 15
    assert errors == []


def test_a_four_player_team_match_with_house_rules_on_a_desktop(new_page, server):
    page = new_page(server, viewport=DESKTOP)
    url = choose_game(page, 4, 20, preset="pagat", sur_in_last_deal=True, sur_cutoff="")
    assert page.locator("#seats [data-seat]").count() == 3
    assert page.get_attribute('#seats [data-partner="true"]', "data-seat") == "2"
    assert page.get_attribute("#seats [data-dealer]", "data-seat") == "3"
    assert page.locator("#scores tbody tr").count() == 2  # two teams
    state = play(page, settle(page, ("", -1)), until_ply=20)
    server.stop()  # resume after a restart too: the same database
    restarted = type(server)(server.settings, server.port).start()
    try:
        resume_from_home(page, url, state, restarted.url)
        play(page, state)
        final = finish_and_replay(page, url, 4)
    finally:
        restarted.stop()
    rules = final.rules
    assert (rules.target, rules.sur_in_last_deal, rules.sur_cutoff, rules.surs_cancel) == (20, True, None, True)
    assert rules.forced_capture == "card" and rules.sur_points == 10
    assert page.locator("#sheet .sheet-table thead th").count() == 3  # the item and two teams


def test_an_open_hand_match_with_house_rules(new_page, server):
    page = new_page(server)
    url = choose_game(page, 2, 11, open_hand=True, surs_cancel=True, sur_cutoff=30)
    assert page.get_attribute("#game", "data-must-show") == "true"
    state = show_a_card(page)  # the computer shows its card after ours: one card of its hand is face up
    assert page.locator('#seats [data-seat="1"] [data-face-up="true"]').count() == 1
    state = play(page, state, until_ply=10)
    resume_from_home(page, url, state, server.url)
    play(page, state)
    final = finish_and_replay(page, url, 2)
    assert final.rules.open_hand and final.rules.surs_cancel and final.rules.sur_cutoff == 30
    assert final.rules.target == 11
    assert any(r.shows for r in final.rounds)
