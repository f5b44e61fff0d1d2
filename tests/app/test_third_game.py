"""A third game, defined only in the tests (tests/highcard/), is served end to end by the same
HTTP routes as Chaharbargh and All Fours: created from the home form, played (the person's moves,
the computer's, the next round), left and resumed from another browser, replayed and exported.
Nothing outside its folder names it: it joins through `engine.games.register` and
`app.games.register`, as docs/web.md "Adding a game" says."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.i18n import t
from engine import games
from tests.app.app_helpers import HX, dom, game_state, loaded, one, text_of
from tests.highcard import serve, withdraw
from tests.highcard.game import GAME, RECORD_FORMAT

pytestmark = pytest.mark.one_database  # the routes are the subject; storage is the same for every game


@pytest.fixture
def highcard() -> Iterator[None]:
    serve()
    yield
    withdraw()


def test_the_game_is_offered_only_while_it_is_registered(client: TestClient) -> None:
    assert not dom(client.get("/?lang=en").text).select('input[name="game"][value="highcard"]')
    serve()
    try:
        home = dom(client.get("/?lang=en").text)
        assert home.select_one('input[name="game"][value="highcard"]').parent.get_text(strip=True) == "High card"
        assert [i["value"] for i in home.select('input[name="game"]')] == ["chaharbargh", "allfours", "highcard"]
    finally:
        withdraw()
    refused = client.post("/matches", data={"game": "highcard", "level": "easy"}, follow_redirects=False)
    assert refused.status_code == 400 and "highcard" not in games.names()


def test_a_match_is_created_played_left_resumed_replayed_and_exported(client: TestClient, highcard) -> None:
    form = {"game": "highcard", "level": "easy", "players": "2"}
    created = client.post("/matches", data=form, follow_redirects=False)
    assert created.status_code == 303
    url = created.headers["location"]
    page = client.get(url).text
    assert one(page, "#game")["data-game"] == "highcard" and game_state(page) == ("your-turn", 0)

    record = client.get(url + "/record.json")
    assert record.status_code == 409  # the record of a match in play would show the seed

    seen_states, pages = set(), 0
    state, ply = game_state(page)
    while state != "match-over":
        seen_states.add(state)
        match = loaded(client, url)
        # the person's page never shows the computer's hand
        computer_hand = {str(card) for card in match.state.hands[1]} - {str(c) for _, c in match.state.trick}
        assert not computer_hand & {b["data-card"] for b in dom(page).select("#hand [data-card]")}
        if state == "your-turn":
            card = dom(page).select_one("#hand button[data-card]")["data-card"]
            response = client.post(url + "/move", data={"ply": ply, "card": card}, headers=HX)
        elif state == "computer-turn":
            response = client.post(url + "/computer", data={"ply": ply}, headers=HX)
        else:
            assert state == "round-over"
            response = client.post(url + "/next", data={"ply": ply}, headers=HX)
        assert response.status_code == 200
        page, pages = response.text, pages + 1
        state, ply = game_state(page)
    assert seen_states == {"your-turn", "computer-turn", "round-over"}  # two rounds at least, with a sheet between

    final = loaded(client, url).state
    assert final.winner is not None and max(final.totals) == 2 and ply == final.ply == 6 * final.rounds

    # left and resumed: another browser at the same address sees the same table
    other = TestClient(client.app, base_url="http://localhost")
    assert game_state(other.get(url).text) == ("match-over", ply)
    # and this browser's home page lists it under its game's name
    saved = dom(client.get("/?lang=en").text).select_one(f'#saved a[href="{url}"]')
    assert saved is not None and "High card" in saved.parent.get_text()

    replay = client.get(url + "/replay?ply=2")
    assert replay.status_code == 200 and one(replay.text, "#replay")["data-ply"] == "2"
    assert one(replay.text, "#replay")["data-last-ply"] == str(ply)

    data = client.get(url + "/record.json")
    assert data.headers["content-disposition"] == f'attachment; filename="highcard-{url.split("/")[2]}.json"'
    record = data.json()
    assert record["format"] == RECORD_FORMAT and GAME.replay(record) == final


def test_a_forged_or_stale_move_changes_nothing(client: TestClient, highcard) -> None:
    created = client.post("/matches", data={"game": "highcard", "level": "easy"}, follow_redirects=False)
    url = created.headers["location"]
    match = loaded(client, url)
    not_mine = str(match.state.hands[1][0])
    forged = client.post(url + "/move", data={"ply": 0, "card": not_mine}, headers=HX)
    assert forged.status_code == 400 and text_of(forged.text, "#message") == t("fa", "msg_not_in_hand")
    card = str(match.state.hands[0][0])
    assert client.post(url + "/move", data={"ply": 0, "card": card}, headers=HX).status_code == 200
    again = client.post(url + "/move", data={"ply": 0, "card": str(match.state.hands[0][1])}, headers=HX)
    assert again.status_code == 200 and text_of(again.text, "#message") == t("fa", "msg_already")
    assert loaded(client, url).ply == 1


def test_its_rules_page_and_move_text_take_the_same_routes_as_every_game(client: TestClient, highcard) -> None:
    """/rules/{game} and the move as the game's text (`/m/{id}/{secret}/{game}`) ask the registry;
    a game without lessons has no tutorial, and an address naming no game is no page."""
    rules = client.get("/rules/highcard?lang=en")
    assert rules.status_code == 200 and text_of(rules.text, "h1") == "High card"
    assert client.get("/rules/nosuchgame").status_code == 404
    assert client.get("/learn/highcard").status_code == 404

    url = client.post("/matches", data={"game": "highcard", "level": "easy"}, follow_redirects=False).headers[
        "location"
    ]
    first = str(loaded(client, url).state.hands[0][0])
    assert client.post(url + "/allfours", data={"ply": 0, "move": first}, headers=HX).status_code == 400
    assert client.post(url + "/nosuchgame", data={"ply": 0, "move": first}, headers=HX).status_code == 404
    assert loaded(client, url).ply == 0  # a move form of another game, or of none, changes nothing
    played = client.post(url + "/highcard", data={"ply": 0, "move": first}, headers=HX)
    assert played.status_code == 200 and loaded(client, url).ply == 1
