"""Whole matches played through HTTP, with 2, 3 and 4 seats and the open hand; no response ever
shows a card the human may not see: no other seat's hand (a partner's included) but its face-up
card, no stock, neither seed (the deal's, the computers') nor the salt of the match's commitment.
The history page and the (refused) replay are checked along the way."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.i18n import card_name
from engine import CARDS, MatchState, replay
from tests.app.app_helpers import HX, attribute_values, dom, game_state, human_move, in_view, leaks, state_of, url_of

pytestmark = pytest.mark.one_database  # what a page shows; tests/app/test_play.py stores and replays on both


def hidden_cards(state: MatchState) -> set[str]:
    """Every card of the round not in view of seat 0: the other hands but their face-up cards, and the stock."""
    captured = {c for seat in range(state.players) for c in state.captured_cards(seat)}
    seen = set(state.hand(0)) | set(state.table) | captured | set(state.face_up)
    hidden = {str(c) for c in CARDS if c not in seen}
    others = [c for seat in range(1, state.players) for c in state.hand(seat)]
    assert {str(c) for c in others if c not in state.face_up} <= hidden
    assert len(hidden) == len([c for c in others if c not in state.face_up]) + state.stock_count
    return hidden


def check(response, state: MatchState, match, table: bool = True) -> None:
    page = in_view(response.text)
    secret = hidden_cards(state)
    attributes = attribute_values(page)
    assert not set(attributes) & secret, "a hidden card's code is an attribute's value"
    assert not {f"show:{code}" for code in secret} & set(attributes)
    text = (page.get_text(" ") + " " + " ".join(attributes)).lower()
    for code in secret:
        for lang in ("fa", "en"):
            assert card_name(code, lang).lower() not in text, f"hidden {code} named in the page"
    for seat in range(1, state.players if table else 1):  # another seat's face-up cards are shown, and only those
        shown = {e["data-card"] for e in dom(response.text).select(f'#seats [data-seat="{seat}"] [data-card]')}
        if not page.select('[data-finished-round="true"]'):
            assert shown == {str(c) for c in state.hand(seat) if c in state.face_up}
    if not state.finished:  # neither seed nor the salt, in any form, before the end
        assert not leaks(response.text, match) and not leaks(str(response.headers), match)


def show_a_card(client: TestClient, url: str, html: str, ply: int):
    """Open hand: tap the first hand card to show it (the move `show:CODE`)."""
    button = dom(html).select_one('#hand button[name="card"]')
    assert button is not None and button["value"].startswith("show:"), html
    return client.post(url + "/move", data={"ply": ply, "card": button["value"]}, headers=HX)


def play_match(client: TestClient, level: str, lang: str, seed: int, **options) -> tuple[int, int, MatchState]:
    """Play a match to its end as a simple human, checking every response. Returns (moves, rounds, state)."""
    client.cookies.set("lang", lang)
    service = client.app.state.service
    service.new_bot_seed = lambda: seed ^ BOT_SEED_MASK  # as long as a real one, and not the deal's
    match = service.create(level, seed=seed, **options)
    assert match.salt and match.bot_seed > 2**60
    url = url_of(match)

    def state() -> MatchState:
        return state_of(client, url)

    response = client.get(url, headers=HX)
    moves = 0
    while True:
        now = state()
        check(response, now, match)
        status, ply = game_state(response.text)
        if status == "match-over":
            break
        if ply % 7 == 0:  # the pages beside the table that show this match: history, the refused replay and practice
            check(client.get("/history"), now, match, table=False)
            refused = client.get(url + f"/replay?ply={ply}")
            assert refused.status_code == 409 and not dom(refused.text).select("[data-card]")
            check(refused, now, match, table=False)
            practised = client.get(url + "/mistakes")  # a mistake is practised only from a finished review
            assert practised.status_code == 409 and not dom(practised.text).select("[data-card]")
            check(practised, now, match, table=False)
            check(client.get("/me/mistakes"), now, match, table=False)
        if status == "round-over":
            response = client.post(url + "/next", data={"ply": ply}, headers=HX)
            continue
        if status == "computer-turn":
            assert now.turn != 0
            response = client.post(url + "/computer", data={"ply": ply}, headers=HX)
            continue
        assert now.turn == 0
        if now.must_show:
            assert dom(response.text).select_one("#game")["data-must-show"] == "true"
            response = show_a_card(client, url, response.text, ply)
        else:
            response = human_move(client, url, response.text, ply, seen=lambda sel: check(sel, state(), match))
            moves += 1
        assert response.status_code == 200, response.text
        assert game_state(response.text)[1] == ply + 1, response.text
    final = state()
    record = client.get(url + "/record.json")
    assert record.status_code == 200 and record.json()["seed"] == seed  # the seed only once it is over
    assert record.json()["bot_seed"] == match.bot_seed and record.json()["salt"] == match.salt  # and the rest
    assert replay(record.json()) == final
    return moves, len(final.rounds), final


SEED = 7_318_262_044_101_553_901  # as long as the random seeds matches get, so a leak would show
BOT_SEED_MASK = 0x2A5F_3C19_77E0_B4D1


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
    moves, rounds, _ = play_match(client, level, lang, seed, target=target, preset=preset)
    assert moves == 24 * rounds  # the human makes half of the 48 moves of every round


@pytest.mark.parametrize(
    ("players", "open_hand", "lang", "seed"),
    [(3, False, "fa", SEED + 10), (4, False, "en", SEED + 11), (3, True, "en", SEED + 12), (4, True, "fa", SEED + 13)],
)
def test_three_and_four_seats_and_the_open_hand_never_show_a_hidden_card(client, players, open_hand, lang, seed):
    moves, rounds, final = play_match(
        client, "easy", lang, seed, target=15, players=players, open_hand=open_hand, jack_sur=True
    )
    assert final.rules.players == players and final.rules.open_hand is open_hand and final.rules.target == 15
    assert moves == 48 // players * rounds  # every seat plays a quarter (a third) of the 48 cards dealt to hands
