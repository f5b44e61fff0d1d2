"""Each side's pile and the round's points so far at the table, read from the engine's
observation (`piles`, `points`, `clubs`) at every ply of a round: the view never decides what scores."""

from __future__ import annotations

from app.i18n import digits
from engine import observation
from tests.app.app_helpers import dom, one, url_of

SEED = 5_550_123_456_789_000


def test_piles_and_points_follow_the_engine_move_by_move(client):
    service = client.app.state.service
    match = service.create("easy", 31, "table", seed=SEED)
    url = url_of(match)
    loaded, seen_points = service.load(match.id, match.secret), False
    while not loaded.sheet_pending:
        view = observation(loaded.state, loaded.seat)
        page = client.get(url).text
        for side in range(2):
            pile = one(page, f'#piles li[data-side="{side}"]')
            assert pile["data-count"] == digits(len(view.piles[side]), "fa")
            row = one(page, f'#scores tr[data-side="{side}"]')
            assert row.select_one("td.round-points").get_text(strip=True) == digits(view.points[side].total, "fa")
            assert row.select_one("td.clubs").get_text(strip=True) == digits(view.clubs[side], "fa")
            seen_points |= view.points[side].total > 0
        if loaded.human_to_play:
            loaded = service.play(match.id, match.secret, loaded.ply, loaded.state.legal_moves()[0])
        else:
            loaded = service.computer(match.id, match.secret, loaded.ply)
    assert seen_points
    # the round's sheet is up: the panel shows the round just played, as its sheet does, not the next one's zeros
    page = client.get(url).text
    score = loaded.state.rounds[-1].score
    cells = [td.get_text(strip=True) for td in dom(page).select("#scores td.round-points")]
    assert cells == [digits(s.total, "fa") for s in score]
