"""The replay of a finished match, move by move: refused while the match is in play (it shows
every hand), built by the engine from the stored moves once it is over."""

from __future__ import annotations

import pytest

from app.i18n import digits, t
from engine import Move, new_match
from tests.app.app_helpers import dom, one, text_of, url_of
from tests.app.test_history import finish

SEED = 5_550_123_456_789_000


def shown(html: str, selector: str) -> list[str]:
    return [e["data-card"] for e in dom(html).select(f"{selector} [data-card]")]


@pytest.fixture
def finished(client):
    service = client.app.state.service
    match = service.create("easy", 11, "table", seed=SEED)
    return match, finish(service, match)


def test_the_replay_is_refused_while_the_match_is_in_play(client):
    service = client.app.state.service
    match = service.create("easy", 31, "table", seed=SEED)
    url = url_of(match)
    for lang in ("fa", "en"):
        client.cookies.set("lang", lang)
        response = client.get(url + "/replay?ply=0")
        assert response.status_code == 409
        assert text_of(response.text, "#game .message") == t(lang, "msg_replay_unfinished")
        assert dom(response.text).select("[data-card]") == []
    assert dom(client.get(url).text).select("#replay-link") == []  # not offered at the table
    assert client.get(f"/m/{match.id}/wrong/replay").status_code == 404
    practice = service.create_practice("easy", seed=SEED)
    finish(service, practice)
    assert client.get(url_of(practice) + "/replay").status_code == 409  # one round with undos: not replayed


def test_the_first_positions_by_hand(client, finished):
    """The deal (seed SEED) and the first two moves, worked out with the engine here, move by move."""
    match, done = finished
    url = url_of(match)
    start = new_match(SEED, done.state.rules)
    page = client.get(url + "/replay").text  # no ply: the deal
    assert one(page, "#replay")["data-ply"] == "0" and text_of(page, "#replay-move") == t("fa", "replay_start")
    for seat in range(start.players):  # every hand, the computer's too: the match is over
        assert shown(page, f'.replay-seat[data-seat="{seat}"]') == [str(c) for c in start.hand(seat)]
    # drawn as the table: the person's hand in #hand, every other seat in #seats
    assert shown(page, "#hand") == [str(c) for c in start.hand(0)]
    for seat in range(1, start.players):
        assert shown(page, f'#seats [data-seat="{seat}"]') == [str(c) for c in start.hand(seat)]
    assert sorted(shown(page, "#table")) == sorted(str(c) for c in start.table)
    assert text_of(page, "#stock-count") == digits(52 - 4 - 4 * start.players, "fa")
    assert dom(page).select("#replay-previous, #replay-first") == []
    assert one(page, "#replay-next")["href"] == url + "/replay?ply=1"

    moves = client.app.state.service.stored_moves(done)
    first = Move.parse(moves[0])
    page = client.get(url + "/replay?ply=1").text
    mover = start.turn
    hand_after = [str(c) for c in start.hand(mover) if c != first.card]
    assert shown(page, f'.replay-seat[data-seat="{mover}"]') == hand_after  # the card left the hand
    table = {str(c) for c in start.table} - {str(c) for c in first.takes}
    if not first.takes:
        table.add(str(first.card))  # placed on the table
    assert set(shown(page, "#table")) == table  # or took what it captured with it
    taken = text_of(page, f'#piles li[data-side="{mover}"] .pile-count')
    assert taken == digits(len(first.takes) + 1 if first.takes else 0, "fa")
    assert one(page, "#replay-previous")["href"] == url + "/replay?ply=0"
    position = t("fa", "replay_position", n=digits(1, "fa"), total=digits(len(moves), "fa"))
    assert text_of(page, "#replay-position") == position


def test_every_position_is_the_engines_and_the_end_has_no_next(client, finished):
    match, done = finished
    url = url_of(match)
    moves = client.app.state.service.stored_moves(done)
    state = new_match(SEED, done.state.rules)
    client.cookies.set("lang", "en")
    for ply in range(len(moves) + 1):
        if ply % 9 == 0 or ply == len(moves):
            page = client.get(url + f"/replay?ply={ply}").text
            for seat in range(state.players):
                assert shown(page, f'.replay-seat[data-seat="{seat}"]') == [str(c) for c in state.hand(seat)]
            assert sorted(shown(page, "#table")) == sorted(str(c) for c in state.table)
            totals = [e.get_text(strip=True) for e in dom(page).select("#scores td.total")]
            assert totals == [str(x) for x in state.totals]
        if ply < len(moves):
            state = state.apply(Move.parse(moves[ply]))
    assert state == done.state
    end = client.get(url + f"/replay?ply={len(moves) + 50}").text  # past the end: the end
    assert one(end, "#replay")["data-ply"] == str(len(moves)) and dom(end).select("#replay-next") == []
    assert client.get(url + "/replay?ply=-3").status_code == 200
    assert client.get(url + "/replay?ply=x").status_code == 400
    over = client.get(url).text
    assert one(over, "#replay-link")["href"] == url + "/replay?ply=0"
