"""Whole matches played through HTTP; no response ever shows a card the human may not see."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.i18n import card_name
from engine import CARDS, MatchState
from tests.app.app_helpers import HX, attribute_values, game_state, human_move, in_view, state_of, url_of


def hidden_cards(state: MatchState) -> set[str]:
    """The opponent's hand and the stock: every card of the round not in view of seat 0."""
    seen = set(state.hand(0)) | set(state.table) | set(state.captured_cards(0)) | set(state.captured_cards(1))
    hidden = {str(c) for c in CARDS if c not in seen}
    assert {str(c) for c in state.hand(1)} <= hidden
    assert len(hidden) == len(state.hand(1)) + state.stock_count
    return hidden


def check(response, state: MatchState, seed: int) -> None:
    page = in_view(response.text)
    secret = hidden_cards(state)
    attributes = attribute_values(page)
    assert not set(attributes) & secret, "a hidden card's code is an attribute's value"
    text = (page.get_text(" ") + " " + " ".join(attributes)).lower()
    for code in secret:
        for lang in ("fa", "en"):
            assert card_name(code, lang).lower() not in text, f"hidden {code} named in the page"
    if not state.finished:
        assert str(seed) not in response.text
        assert str(seed) not in response.headers.get("set-cookie", "")


def play_match(client: TestClient, level: str, preset: str, target: int, lang: str, seed: int) -> tuple[int, int]:
    """Play a match to its end as a simple human, checking every response. Returns (moves, rounds)."""
    client.cookies.set("lang", lang)
    url = url_of(client.app.state.service.create(level, target, preset, seed=seed))

    def state() -> MatchState:
        return state_of(client, url)

    response = client.get(url, headers=HX)
    moves = 0
    while True:
        check(response, state(), seed)
        status, ply = game_state(response.text)
        if status == "match-over":
            break
        if status == "round-over":
            response = client.post(url + "/next", data={"ply": ply}, headers=HX)
            continue
        if status == "computer-turn":
            response = client.post(url + "/computer", data={"ply": ply}, headers=HX)
            continue
        response = human_move(client, url, response.text, ply, seen=lambda selected: check(selected, state(), seed))
        assert response.status_code == 200, response.text
        assert game_state(response.text)[1] == ply + 1, response.text
        moves += 1
    final = state()
    record = client.get(url + "/record.json")
    assert record.status_code == 200 and record.json()["seed"] == seed  # the seed only once it is over
    return moves, len(final.rounds)


SEED = 7_318_262_044_101_553_901  # as long as the random seeds matches get, so a leak would show


@pytest.mark.parametrize(
    ("level", "preset", "target", "lang", "seed"),
    [
        ("easy", "table", 31, "fa", SEED),
        ("medium", "pagat", 31, "en", SEED + 1),
        ("pro", "table", 31, "en", SEED + 2),
        ("easy", "pagat", 52, "fa", SEED + 3),
    ],
)
def test_a_whole_match_never_shows_a_hidden_card(client, level, preset, target, lang, seed):
    moves, rounds = play_match(client, level, preset, target, lang, seed)
    assert moves == 24 * rounds  # the human makes half of the 48 moves of every round
