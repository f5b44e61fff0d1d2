"""Someone watching a table: each game's `spectator` view is a seat's view
with nothing private in it, and `events(state, NO_SEAT)` show no card of any hand that is not
face up or played."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine import games
from engine.events import NO_SEAT


@pytest.mark.parametrize(("game_name", "players"), [("chaharbargh", 2), ("chaharbargh", 4), ("allfours", 4)])
def test_a_spectator_sees_what_seat_zero_sees_but_its_hand_and_moves(game_name, players):
    game = games.get(game_name)
    state = game.new_match(31, game.rules(players))
    rng = random.Random(5)
    hidden_seen = 0
    for _ in range(60):
        if game.winner(state) is not None:
            break
        watched = game.spectator(state)
        assert watched.hand == () and watched.legal_moves == ()
        assert watched == replace(game.observation(state, 0), hand=(), legal_moves=())
        for event in game.events(state, NO_SEAT):
            into_or_out_of_hands = event.source.startswith("hand:") or event.target.startswith("hand:")
            if into_or_out_of_hands and event.kind not in ("play", "show"):
                # a card moving into or out of a hand is hidden from someone at no seat
                assert all(card is None for card in event.cards), event
                hidden_seen += len(event.cards)
        state = game.apply(state, rng.choice(list(game.legal_moves(state))))
    assert hidden_seen > 0  # the deals came by, and were hidden
