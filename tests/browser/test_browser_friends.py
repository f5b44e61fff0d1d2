"""Two people at one table in chromium, each in their own browser context (their own cookies):
the creator (a phone) asks for a friend's seat on the home form and gets an invite link; the
friend (a desktop) opens it, gives a name and takes the seat; then each sees the other's moves
arrive on their table without reloading, and neither page ever holds the other's cards.

The moves arrive on each table's event stream (server-sent events, htmx's SSE extension): the
test only waits for them; nothing asks the server again. Then a third browser watches through
the watch link and never sees a hand; the friend closes their browser and comes back in a fresh
one by their address; a quick phrase reaches the other table; and a move clock runs out for a
person who does not move (the server's clock, moved on by the test), who takes the seat back by
playing."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.app.app_helpers import Clock
from tests.browser.browser_helpers import cards_in, game, more_options, play_one_move

DESKTOP = {"width": 1280, "height": 800}


def refreshed(page: Page, states: tuple[str, ...]) -> tuple[str, int]:
    """Wait until the table, brought by its event stream, is in one of `states`."""
    page.wait_for_function(
        "(states) => { const g = document.querySelector('#game'); return g && states.includes(g.dataset.state); }",
        arg=list(states),
        polling=100,
    )
    return game(page)


def test_two_friends_play_at_one_table_each_seeing_the_others_moves_arrive(new_page, live_server):
    clock = Clock()  # the server's time: the test moves it on to run a move clock out
    server = live_server(clock=clock)
    creator = new_page(server)
    creator.goto("/?lang=en")
    more_options(creator)
    creator.check('input[name="players"][value="2"]')
    creator.select_option("#seat1", "person")
    creator.click("#start")
    creator.wait_for_selector('#game[data-state="waiting"]')
    table_address = creator.url
    invite = creator.locator('#invites a[data-invite-seat="1"]')
    assert invite.is_visible() and creator.locator("#invites [data-copy-invite]").is_visible()
    link = invite.evaluate("a => a.href")  # the whole address, as "copy" takes it

    friend = new_page(server, viewport=DESKTOP)
    friend.goto(link + "?lang=en")
    friend.fill("#name", "Maryam")
    friend.click("#take-seat")
    friend.wait_for_selector("#game")
    assert friend.url != table_address and "/join/" not in friend.url

    state = refreshed(creator, ("your-turn", "their-turn"))
    assert creator.locator("#invites").count() == 0  # every seat is taken
    assert creator.inner_text("#opponent .who b") == "Maryam"
    assert friend.inner_text("#opponent .who b") == "Player 1"  # the creator gave no name

    spectator = new_page(server)  # someone given the watch link: a third browser
    spectator.goto(creator.eval_on_selector("#watch-link", "a => a.href") + "?lang=en")
    assert spectator.locator("#watching").is_visible()
    for page in (creator, friend, spectator):
        page.evaluate("() => { window.__samePage = true; }")  # gone if the page were loaded again
    pages = {"creator": creator, "friend": friend}
    for _ in range(6):  # three moves each
        mover_name = "creator" if game(creator)[0] == "your-turn" else "friend"
        mover, watcher = pages[mover_name], pages["friend" if mover_name == "creator" else "creator"]
        ply = game(mover)[1]
        state = play_one_move(mover)
        assert state == ("their-turn", ply + 1)
        watched = refreshed(watcher, ("your-turn",))
        assert watched[1] == ply + 1 and watcher.url.startswith(server.url)
        # the move arrived as the table shows another seat's move; no page holds the other's hand
        assert watcher.locator(".computer-last .played-card").count() == 1
        assert not cards_in(creator, "#hand [data-card]") & cards_in(friend, "[data-card]")
        assert not cards_in(friend, "#hand [data-card]") & cards_in(creator, "[data-card]")
    assert creator.evaluate("() => window.__samePage") and friend.evaluate("() => window.__samePage")
    # the spectator saw the same moves arrive, and never a card of anyone's hand
    spectator.wait_for_function(f"() => document.querySelector('#game').dataset.ply === '{game(creator)[1]}'")
    assert spectator.evaluate("() => window.__samePage") and game(spectator)[0] == "their-turn"
    assert spectator.locator("#hand [data-card]").count() == 0 and spectator.locator("#action").count() == 0
    assert not (cards_in(creator, "#hand [data-card]") | cards_in(friend, "#hand [data-card]")) & cards_in(
        spectator, "[data-card]"
    )

    # the friend leaves (their browser closed) and comes back in a fresh one by their address
    address, hand = friend.url.split("?")[0], cards_in(friend, "#hand [data-card]")
    friend.context.close()
    friend = new_page(server, viewport=DESKTOP)
    friend.goto(address + "?lang=en")
    assert cards_in(friend, "#hand [data-card]") == hand and friend.inner_text("#opponent .who b") == "Player 1"
    pages["friend"] = friend

    # a quick phrase: tapped on one table, it arrives beside that seat on the other
    creator.click("#phrases > summary")
    creator.click('#phrases button[data-phrase="bravo"]')
    assert creator.inner_text("#me-said").endswith("Bravo!")
    friend.wait_for_selector('#seats .said[data-said-seat="0"]')
    assert friend.inner_text('#seats .said[data-said-seat="0"]') == "Bravo!"

    # the clock plays for a person who does not move: a minute by the form's default
    absent, waiting = (creator, friend) if game(creator)[0] == "your-turn" else (friend, creator)
    assert absent.locator("#clock.mine").is_visible() and waiting.locator("#clock:not(.mine)").is_visible()
    ply = game(absent)[1]
    clock.advance(60)
    server.app.state.news.publish(table_address.split("/")[4])  # what the waiting stream's timer does
    assert refreshed(waiting, ("your-turn",))[1] == ply + 1
    assert waiting.locator(".computer-last .played-card").count() == 1
    assert waiting.inner_text("#away").endswith(waiting.inner_text("#opponent .who b"))
    absent.wait_for_selector("#away-me")
    assert game(absent) == ("their-turn", ply + 1)
    play_one_move(waiting)
    refreshed(absent, ("your-turn",))
    play_one_move(absent)  # back: the seat is theirs again
    assert absent.locator("#away-me").count() == 0
    waiting.wait_for_function("() => !document.querySelector('#away')", polling=100)
