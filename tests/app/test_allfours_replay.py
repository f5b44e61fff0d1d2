"""The replay of a finished All Fours match, move by move: refused while the match is in play (it
shows every hand), and once it is over, every position the engine replays from the stored moves,
with every seat's hand, the turned cards, the trick and the score."""

from __future__ import annotations

import pytest

from app.common_views import seat_name
from app.i18n import card_name, digits, t
from engine import allfours
from tests.app.app_helpers import create_allfours, dom, one, text_of, url_of
from tests.app.test_history import finish

SEED = 4_242_000_017
DECISIONS = {"stand": "af_stand", "beg": "af_beg", "one": "af_takeone", "run": "af_run"}


def shown(html: str, selector: str) -> list[str]:
    return [e["data-card"] for e in dom(html).select(f"{selector} [data-card]")]


@pytest.fixture(params=[2, 4])
def finished(request, client):
    service = client.app.state.service
    match = create_allfours(service, "easy", request.param, seed=SEED)
    return match, finish(service, match)


def test_refused_while_the_match_is_in_play(client):
    service = client.app.state.service
    match = create_allfours(service, "easy", 2, seed=SEED)
    url = url_of(match)
    for lang in ("fa", "en"):
        client.cookies.set("lang", lang)
        response = client.get(url + "/replay?ply=0")
        assert response.status_code == 409
        assert text_of(response.text, "#game .message") == t(lang, "msg_replay_unfinished")
        assert dom(response.text).select("[data-card]") == []
    assert dom(client.get(url).text).select("#replay-link") == []  # not offered at the table


def test_every_position_of_a_finished_match(client, finished):
    match, done = finished
    url = url_of(match)
    moves = client.app.state.service.stored_moves(done)
    assert len(moves) == done.ply
    rules = done.state.rules
    # the match end offers the replay
    table = client.get(url).text
    assert one(table, "#replay-link")["href"] == url + "/replay?ply=0"

    state = allfours.new_match(SEED, rules)  # the deal, as the engine deals the match's seed
    page = client.get(url + "/replay").text
    assert one(page, "#replay")["data-ply"] == "0" and text_of(page, "#replay-move") == t("fa", "replay_start")
    assert dom(page).select("#replay-previous, #replay-first") == []
    assert one(page, "#replay-next")["href"] == url + "/replay?ply=1"
    assert shown(page, "#turnup") == [str(c) for c in state.turned]
    told = text_of(page, "#af-cut")  # the cut for the first deal, as the engine cut the seed
    assert all(card_name(str(c.card), "fa") in told for attempt in state.cut.attempts for c in attempt)
    assert seat_name(state.cut.dealer, rules.players, "fa") in told.split("؛")[-1]  # who deals, said last
    for ply in range(len(moves) + 1):
        if ply:
            state = state.apply(allfours.Move.parse(moves[ply - 1]))
        if ply % 11 and ply not in (1, len(moves)):
            continue  # every eleventh position, the first move and the end
        client.cookies.set("lang", "en")
        page = client.get(url + f"/replay?ply={ply}").text
        assert one(page, "#replay")["data-ply"] == str(ply)
        assert bool(dom(page).select("#af-cut")) == (not state.rounds)  # told during round one only
        for seat in range(rules.players):  # every hand, the computer's too: the match is over
            assert sorted(shown(page, f'.replay-seat[data-seat="{seat}"]')) == sorted(str(c) for c in state.hand(seat))
        # drawn as the table: the person's hand in #hand, every other seat in #seats
        assert sorted(shown(page, "#hand")) == sorted(str(c) for c in state.hand(0))
        for seat in range(1, rules.players):
            assert sorted(shown(page, f'#seats [data-seat="{seat}"]')) == sorted(str(c) for c in state.hand(seat))
        assert shown(page, "#turnup") == [str(c) for c in state.turned]
        totals = [e.get_text(strip=True) for e in dom(page).select("#scores td.total")]
        assert totals == [str(x) for x in state.totals]
        if state.trick:
            assert shown(page, "#trick") == [str(c) for c in state.trick]
        if ply:  # the last move in words: who made it, and the card or the decision
            move = allfours.Move.parse(moves[ply - 1])
            words = card_name(str(move.card), "en") if move.card else t("en", DECISIONS[move.decision])
            assert text_of(page, "#replay-move") == f"{seat_name(state.last.seat, rules.players, 'en')}: {words}"
            if ply > 1:
                assert one(page, "#replay-previous")["href"] == url + f"/replay?ply={ply - 1}"
    assert state == done.state  # the replay ends where the match ended
    end = client.get(url + f"/replay?ply={len(moves) + 40}").text  # past the end: the end
    assert one(end, "#replay")["data-ply"] == str(len(moves)) and dom(end).select("#replay-next") == []
    assert len(shown(end, ".replay-seat")) == sum(len(h) for h in done.state.hands)
    position = t("fa", "replay_position", n=digits(3, "fa"), total=digits(len(moves), "fa"))
    client.cookies.set("lang", "fa")
    assert text_of(client.get(url + "/replay?ply=3").text, "#replay-position") == position
    assert client.get(url + "/replay?ply=x").status_code == 400
