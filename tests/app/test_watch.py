"""The watch link: `/m/{id}/watch/{code}` shows a table as someone watching
may see it: no hand, no move, no way to act, and nothing to act with (no seat's secret or
invite). Every match in play offers it to its people; a wrong code or a practice round is 404.
The hidden-card scan of a whole watched match is in test_shared_table.py."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.i18n import t
from app.seats import watch_code
from app.streams import RETRY_AFTER, WATCH_POLL_MS
from tests.app.app_helpers import HX, dom, finish, game_state, one, text_of

pytestmark = pytest.mark.one_database  # what the pages show

ACTIONS = "#action, #next-round, #rematch, #record, #replay-link, #computer-turn, #fill-seats, #invites, #undo, #watch"


def test_someone_watching_sees_the_table_without_a_hand_and_with_no_way_to_act(client, app):
    service = app.state.service
    match = service.create("easy", players=4, seats=["easy", "person", "medium"], seed=77, creator="Sara")
    invite = service.load(match.id, match.secret).seats.invite(2)
    claimed, _ = service.claim(match.id, invite, "Leila")
    table = client.get(f"/m/{match.id}/{match.secret}?lang=en").text
    watch = one(table, "#watch-link")["href"]
    assert watch == f"/m/{match.id}/watch/{watch_code(match.secret)}"

    with TestClient(app) as spectator:
        page = spectator.get(watch + "?lang=en")
        assert page.status_code == 200 and text_of(page.text, "#watching") == t("en", "watching_note")
        html = page.text
        assert game_state(html)[0] == "their-turn"  # never "computer-turn": a spectator asks no move
        assert not dom(html).select("#hand [data-card]") and not dom(html).select(ACTIONS)
        names = [e.get_text(" ", strip=True) for e in dom(html).select("#seats .who b")]
        assert names == ["Computer 2", "Leila", "Computer 4"]  # nobody is "you"
        assert text_of(html, "#watched-seat") == "Sara holds 4 cards, hidden from spectators."
        for secret in (match.secret, service.secret_of(claimed, 2), invite):
            assert secret not in html and secret not in str(page.headers)
        assert one(html, "#live")["sse-connect"].startswith(watch + "/events?v=")
        fragment = spectator.get(watch, headers=HX).text
        assert fragment.lstrip().startswith("<form") and not dom(fragment).select("#hand [data-card]")

        # moves made meanwhile show; the computer is asked by the people's tables, never by this one
        loaded = service.load(match.id, match.secret)
        while not loaded.human_to_play:
            loaded = service.computer(match.id, match.secret, loaded.ply)
        move = loaded.game.legal_moves(loaded.state)[0]
        service.play(match.id, match.secret, loaded.ply, move)
        after = spectator.get(watch + "?lang=en").text
        assert game_state(after)[1] == loaded.ply + 1
        assert "Sara" in text_of(after, "#log")

        # nothing is played or refused from the watch address: there is no such action
        assert spectator.post(watch + "/computer", data={"ply": loaded.ply + 1}).status_code in (404, 405)


def test_a_wrong_code_a_practice_and_another_matchs_code_are_not_found(client, app):
    service = app.state.service
    match, other = service.create("easy"), service.create("easy")
    practice = service.create_practice("easy")
    assert client.get(f"/m/{match.id}/watch/{watch_code(match.secret)}").status_code == 200  # one person alone too
    assert client.get(f"/m/{match.id}/watch/{watch_code(other.secret)}").status_code == 404
    assert client.get(f"/m/{match.id}/watch/{match.secret}").status_code == 404  # the secret is no watch code
    assert client.get(f"/m/{practice.id}/watch/{watch_code(practice.secret)}").status_code == 404
    assert not dom(client.get(f"/m/{practice.id}/{practice.secret}").text).select("#watch")


def test_a_finished_match_offers_someone_watching_a_match_of_their_own(client, app):
    service = app.state.service
    match = service.create("easy", target=11, seed=5)
    finish(service, match)
    with TestClient(app) as spectator:
        ended = spectator.get(f"/m/{match.id}/watch/{watch_code(match.secret)}?lang=en").text
    assert game_state(ended)[0] == "match-over"
    assert text_of(ended, "#new-match") == t("en", "watch_own_match")
    assert not dom(ended).select("#rematch, #record, #replay-link, #watch")


def test_a_watch_page_past_its_matchs_spectator_streams_goes_without_one_and_asks_by_itself(client, app):
    """The spectators of one match hold at most `StreamCaps.watchers` streams: the next watch page
    has no stream and asks for the table every `WATCH_POLL_MS` instead; its stream is refused."""
    service = app.state.service
    match = service.create("easy", seed=77)
    watch = f"/m/{match.id}/watch/{watch_code(match.secret)}"
    budget = app.state.streams
    held = [budget.take(f"198.51.100.{i}", match.id, None) for i in range(budget.caps.watchers)]
    assert all(not isinstance(ticket, str) for ticket in held)

    page = client.get(watch + "?lang=en").text
    assert not dom(page).select("#live")
    assert one(page, "#others-wait")["hx-trigger"] == f"every {WATCH_POLL_MS}ms"
    refused = client.get(watch + "/events")
    assert refused.status_code == 429 and refused.headers["retry-after"] == str(RETRY_AFTER)
    assert refused.headers["connection"] == "close"

    held[0].release()  # one spectator left: the next watch page has its stream again
    assert one(client.get(watch).text, "#live")["sse-connect"].startswith(watch + "/events?v=")
