"""A four-seat team match in chromium, played to the end: two people sit opposite each other as
partners (seats 0 and 2, each in their own browser context), two computers sit between them.

The computers' moves come on each person's event stream (issue 26, item 8): the server plays
each after its pause (none here) and sends every open table its own view. So no page ever asks
for a computer's move (no request to `…/computer`), a person's move is one request, and each
person sees every other seat's move arrive without reloading. Neither page ever holds a card
of the partner's hand."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.browser_helpers import game, more_options, prepare_move

DESKTOP = {"width": 1280, "height": 800}


def table_after(page: Page, before: tuple[str, int] | None) -> tuple[str, int]:
    """Wait until the page shows a table other than `before` with no computer to play: its
    stream brings the computers' moves (nothing here asks for them), and a person's or a
    round's end then holds the table still."""
    page.wait_for_function(
        """(before) => {
            const g = document.querySelector('#game');
            if (!g || g.dataset.state === 'computer-turn' || g.dataset.state === 'waiting') return false;
            return !before || g.dataset.state !== before[0] || +g.dataset.ply !== before[1];
        }""",
        arg=None if before is None else list(before),
        polling=50,
    )
    return game(page)


def shows(page: Page, state: str, ply: int) -> None:
    page.wait_for_selector(f'#game[data-state="{state}"][data-ply="{ply}"]')


def cards_in(page: Page, selector: str = "[data-card]") -> set[str]:
    return set(page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.card)"))


def test_two_partners_and_two_computers_play_a_team_match_to_the_end(new_page, live_server):
    server = live_server(computer_delay_ms=0)
    service = server.app.state.service
    creator = new_page(server)  # a phone
    creator.goto("/?lang=en")
    more_options(creator)
    creator.check('input[name="players"][value="4"]')
    creator.select_option("#seat2", "person")  # the partner's chair, opposite
    creator.fill("#target", "11")
    creator.click("#start")
    creator.wait_for_selector('#game[data-state="waiting"]')
    link = creator.locator('#invites a[data-invite-seat="2"]').evaluate("a => a.href")
    partner = new_page(server, viewport=DESKTOP)
    partner.goto(link + "?lang=en")
    partner.fill("#name", "Maryam")
    partner.click("#take-seat")
    partner.wait_for_selector("#game")

    posts: list[str] = []
    for page in (creator, partner):
        page.on("request", lambda r: posts.append(r.url.split("/")[-1]) if r.method == "POST" else None)
        page.evaluate("() => { window.__samePage = true; }")  # gone if the page were loaded again
    match_id, secret = creator.url.split("?")[0].split("/")[4:6]
    people = {0: creator, 2: partner}
    moves = sheets = 0
    state = table_after(creator, None)
    while state[0] != "match-over":
        loaded = service.load(match_id, secret)
        assert state[1] == loaded.ply and (state[0] == "your-turn") == (loaded.turn == 0 and not loaded.sheet_pending)
        mirrored = {"your-turn": "their-turn", "their-turn": "your-turn"}.get(state[0], state[0])
        shows(partner, mirrored, loaded.ply)  # brought by the partner's own stream
        for seat, page in people.items():
            hidden = {str(c) for c in loaded.state.hand(2 - seat)}  # the partner's hand
            assert not hidden & cards_in(page), "a page holds its partner's cards"
        if state[0] == "round-over":
            creator.click("#next-round")
            sheets += 1
        else:
            mover = people[loaded.turn]
            prepare_move(mover)
            mover.click("#action")
            moves += 1
        state = table_after(creator, state)

    finished = service.load(match_id, secret)
    assert finished.over and game(partner) == ("match-over", finished.ply)
    assert moves >= 24  # a round of four seats is twelve moves for each person at least
    assert posts.count("move") == moves and posts.count("next") == sheets
    assert "computer" not in posts  # every computer move came on the streams
    assert creator.evaluate("() => window.__samePage") and partner.evaluate("() => window.__samePage")
