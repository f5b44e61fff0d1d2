"""Two people play a whole match to its end in chromium, each in their own browser context:
alone at a two-seat table, and as partners at a four-seat team table (seats 0 and 2, opposite)
with two computers between them.

Every move comes on each person's event stream: the other person's, and the
computers', which the server plays after its pause (none here, item 8). So no page ever asks
for a computer's move (no request to `…/computer`), a person's move is one request, no page is
reloaded, and neither page ever holds a card of the other person's hand (a partner's
included)."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.browser_helpers import cards_in, game, more_options, prepare_move

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


def test_two_partners_and_two_computers_play_a_team_match_to_the_end(new_page, live_server):
    play_to_the_end(new_page, live_server, players=4, friend=2)


def play_to_the_end(new_page, live_server, players: int, friend: int) -> None:
    """Two people at a table of `players` seats (the friend at seat `friend`) play the whole
    match; shared with test_browser_two_friends.py (a file of its own, so the two matches run
    on two workers)."""
    server = live_server(computer_delay_ms=0)
    service = server.app.state.service
    creator = new_page(server)  # a phone
    creator.goto("/?lang=en")
    more_options(creator)
    creator.check(f'input[name="players"][value="{players}"]')
    creator.select_option(f"#seat{friend}", "person")  # at four seats the partner's chair, opposite
    creator.fill("#target", "11")
    creator.click("#start")
    creator.wait_for_selector('#game[data-state="waiting"]')
    link = creator.locator(f'#invites a[data-invite-seat="{friend}"]').evaluate("a => a.href")
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
    people = {0: creator, friend: partner}
    moves = sheets = 0
    state = table_after(creator, None)
    while state[0] != "match-over":
        loaded = service.load(match_id, secret)
        assert state[1] == loaded.ply and (state[0] == "your-turn") == (loaded.turn == 0 and not loaded.sheet_pending)
        mirrored = {"your-turn": "their-turn", "their-turn": "your-turn"}.get(state[0], state[0])
        shows(partner, mirrored, loaded.ply)  # brought by the partner's own stream
        for seat, page in people.items():
            hidden = {str(c) for c in loaded.state.hand(friend - seat)}  # the other person's hand
            assert not hidden & cards_in(page), "a page holds the other person's cards"
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
    assert finished.over
    shows(partner, "match-over", finished.ply)  # the last move may come on the partner's stream after the creator's
    assert moves >= 24  # a round is twelve moves for each person at least (at four seats; 24 at two)
    assert posts.count("move") == moves and posts.count("next") == sheets
    assert "computer" not in posts  # every computer move came on the streams
    assert creator.evaluate("() => window.__samePage") and partner.evaluate("() => window.__samePage")
