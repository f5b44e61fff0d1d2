"""A person's games on a second device, in chromium: a laptop plays a move, makes a device link
on `/me`, and a phone (a context of its own, another cookie) opens the link, says yes, finds
the match on its `/me`, resumes it and plays the next move; the link, opened again, is refused."""

from __future__ import annotations

from tests.browser.browser_helpers import game, play_one_move, prepare_move, settle
from tests.browser.test_browser_seats import choose_game
from tests.conftest import PHONE

DESKTOP = {"width": 1280, "height": 800}


def test_a_phone_brought_by_a_link_finds_the_match_and_plays_on(new_page, server):
    laptop = new_page(server, viewport=DESKTOP)
    url = choose_game(laptop, 2, 11, preset="pagat")
    state = settle(laptop, ("", -1))
    if state[0] != "your-turn":
        state = settle(laptop, state)
    state = play_one_move(laptop)  # the table read before the tap: the computer's answer may come at once
    match_id = url.split("/m/")[1].split("/")[0]

    laptop.goto("/me?lang=en")
    assert laptop.locator(f'#me-matches li[data-match="{match_id}"]').count() == 1
    laptop.click("#device-link-make")
    laptop.wait_for_selector("svg#device-qr")
    link = laptop.get_attribute("#device-link", "href")

    phone = new_page(server, viewport=PHONE)
    phone.goto(link)
    assert phone.locator("#link-own").count() == 0  # a new browser: nothing of its own
    phone.click("#link-accept")
    phone.wait_for_selector(f'#me-matches li[data-match="{match_id}"]')
    phone.click(f'#me-matches li[data-match="{match_id}"] .history-actions a')
    phone.wait_for_selector(f'#game[data-ply="{state[1]}"]')
    assert game(phone) == state  # the same table, where the laptop left it
    prepare_move(phone)  # it is the person's turn again: the computer has answered
    phone.click("#action")
    settle(phone, state)
    laptop.goto(url)
    assert game(laptop)[1] > state[1]  # the phone's move is the laptop's too

    again = phone.request.post(link)
    assert again.status == 410  # used once: refused, and the phone stays the person
