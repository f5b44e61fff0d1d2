"""A shared table's event stream against a real uvicorn, on SQLite (news within the process) and
PostgreSQL (news through LISTEN/NOTIFY): a move by one person reaches the other's open stream as
that seat's own table, with nothing of the mover's hand; a stream that reconnects with the last
event id it had gets the table at once if it moved on meanwhile."""

from __future__ import annotations

import httpx
import pytest

from app.seats import watch_code
from tests.app.app_helpers import HX, Clock, dom, game_state, listen, next_event, one, text_of


def test_a_move_reaches_the_other_persons_open_stream_as_their_own_table(live_server):
    server = live_server()
    service = server.app.state.service
    match = service.create("easy", players=2, seats=["person"], seed=1000)
    invite = service.load(match.id, match.secret).seats.invite(1)
    claimed, _ = service.claim(match.id, invite, "Ana")
    secret_of = {0: match.secret, 1: service.secret_of(claimed, 1)}
    loaded = service.load(match.id, match.secret)
    mover = loaded.turn
    watcher = 1 - mover
    watched = service.load(match.id, secret_of[watcher])

    base = f"{server.url}/m/{match.id}"
    lines, client = listen(f"{base}/{secret_of[watcher]}/events?v={watched.version}")
    try:
        assert lines.get(timeout=30) == "status 200 text/event-stream; charset=utf-8"
        assert lines.get(timeout=30) == "retry: 2000"
        move = loaded.game.legal_moves(loaded.state)[0]
        hand_before = {str(c) for c in loaded.state.hand(mover)}
        data = {"ply": 0, "card": str(move.card), "take": [str(c) for c in move.takes]}
        answer = httpx.post(f"{base}/{secret_of[mover]}/move", data=data, headers={**HX, "Origin": server.url})
        assert answer.status_code == 200, answer.text

        event_id, name, html = next_event(lines)
        assert name == "table" and event_id == service.load(match.id, secret_of[watcher]).version
        assert game_state(html) == ("your-turn", 1)
        shown = {e["data-card"] for e in dom(html).select("[data-card]")}
        mover_left = hand_before - {str(move.card)}
        assert not shown & mover_left  # the mover's cards still in hand never reach the watcher
        assert {e["data-card"] for e in dom(html).select("#hand [data-card]")} == {
            str(c) for c in service.load(match.id, secret_of[watcher]).state.hand(watcher)
        }
    finally:
        client.close()

    # a browser that connects again says which table it had: one that moved on comes at once
    lines, client = listen(f"{base}/{secret_of[watcher]}/events", headers={"Last-Event-ID": watched.version})
    try:
        _, name, html = next_event(lines)
        assert name == "table" and game_state(html) == ("your-turn", 1)
    finally:
        client.close()


def test_a_stream_is_only_for_a_seats_own_address(live_server):
    server = live_server()
    service = server.app.state.service
    match = service.create("easy", players=2, seats=["person"])
    answer = httpx.get(f"{server.url}/m/{match.id}/not-{match.secret}/events")
    assert answer.status_code == 404 and "text/event-stream" not in answer.headers.get("content-type", "")


@pytest.mark.postgres_only  # a SQLite file is served by one process: there is no other server to hear from
def test_on_postgresql_a_move_made_through_one_server_reaches_a_stream_held_by_another(live_server):
    """Two app servers on one database, each with its own pool, streams and listening connection:
    a person whose stream is on server A sees a move made through server B (NOTIFY crosses them)."""
    a, b = live_server(), live_server()
    service = a.app.state.service
    match = service.create("easy", players=2, seats=["person"], seed=1001)
    invite = service.load(match.id, match.secret).seats.invite(1)
    claimed, _ = service.claim(match.id, invite, "Ana")
    secret_of = {0: match.secret, 1: service.secret_of(claimed, 1)}
    loaded = service.load(match.id, match.secret)
    mover, watcher = loaded.turn, 1 - loaded.turn
    watched = service.load(match.id, secret_of[watcher])
    lines, client = listen(f"{a.url}/m/{match.id}/{secret_of[watcher]}/events?v={watched.version}")
    try:
        assert lines.get(timeout=30).startswith("status 200") and lines.get(timeout=30) == "retry: 2000"
        move = loaded.game.legal_moves(loaded.state)[0]
        data = {"ply": 0, "card": str(move.card), "take": [str(c) for c in move.takes]}
        url = f"{b.url}/m/{match.id}/{secret_of[mover]}/move"
        assert httpx.post(url, data=data, headers={**HX, "Origin": b.url}).status_code == 200
        _, name, html = next_event(lines)
        assert name == "table" and game_state(html) == ("your-turn", 1)
    finally:
        client.close()


def test_a_rematch_asked_for_by_one_person_reaches_the_others_finished_table(live_server):
    """The stream stays open after the match ends: when one person asks for a rematch, the others'
    tables get their own seats in it (`#join-rematch`) without a reload."""
    server = live_server()
    service = server.app.state.service
    match = service.create("easy", players=2, seats=["person"], seed=1002, target=11)
    claimed, _ = service.claim(match.id, service.load(match.id, match.secret).seats.invite(1), "Ana")
    friend_secret = service.secret_of(claimed, 1)
    secrets = {0: match.secret, 1: friend_secret}
    ended = service.load(match.id, match.secret)
    while not ended.over:  # both people play their first legal move in turn
        if ended.sheet_pending:
            ended = service.next_round(match.id, match.secret, ended.ply)
        else:
            move = ended.game.legal_moves(ended.state)[0]
            service.play(match.id, secrets[ended.turn], ended.ply, move)
            ended = service.load(match.id, match.secret)
    lines, client = listen(f"{server.url}/m/{match.id}/{match.secret}/events?v={ended.version}")
    try:
        assert lines.get(timeout=30).startswith("status 200") and lines.get(timeout=30) == "retry: 2000"
        made = httpx.post(
            f"{server.url}/m/{match.id}/{friend_secret}/rematch", headers={"Origin": server.url}, follow_redirects=False
        )
        assert made.status_code == 303
        _, name, html = next_event(lines)
        _, _, new_id, new_friend_secret = made.headers["location"].split("/")
        new_own = service.secret_of(service.load(new_id, new_friend_secret).match, 0)
        assert name == "table" and one(html, "#join-rematch")["href"] == f"/m/{new_id}/{new_own}"
    finally:
        client.close()


@pytest.mark.one_database  # the stream's timer and the clock; news across servers is the test above's
def test_when_a_persons_clock_runs_out_the_others_stream_plays_for_them_and_shows_them_away(live_server):
    """Nobody asks for it: the waiting person's stream wakes when the other's clock runs out (the
    server's clock, here moved by hand and the stream woken, as its timer would) and the server
    plays medium's move for them; the waiting person's table arrives with the move made and the
    other person shown as away."""
    clock = Clock()
    server = live_server(clock=clock)
    service = server.app.state.service
    match = service.create("easy", players=2, seats=["person"], seed=1003, creator="Bahar", clock=30)
    claimed, _ = service.claim(match.id, service.load(match.id, match.secret).seats.invite(1), "Ana")
    secret_of = {0: match.secret, 1: service.secret_of(claimed, 1)}
    loaded = service.load(match.id, match.secret)
    absent, waiting = loaded.turn, 1 - loaded.turn
    shown = service.load(match.id, secret_of[waiting]).version
    lines, client = listen(f"{server.url}/m/{match.id}/{secret_of[waiting]}/events?v={shown}")
    try:
        assert lines.get(timeout=30).startswith("status 200") and lines.get(timeout=30) == "retry: 2000"
        clock.advance(29)
        server.app.state.news.publish(match.id)  # woken early: time is left, so nothing is played
        clock.advance(1)
        server.app.state.news.publish(match.id)
        _, name, html = next_event(lines)
        assert name == "table" and game_state(html) == ("your-turn", 1)
        assert ("Ana" if absent else "Bahar") in text_of(html, "#away")
        assert service.load(match.id, secret_of[absent]).seats.away == (absent,)
    finally:
        client.close()


@pytest.mark.one_database  # what the spectator's stream shows; news across servers is tested above
def test_someone_watching_gets_each_move_on_their_stream_without_any_hand(live_server):
    """The watch link's stream: a person alone with the computer moves, and the spectator's
    table arrives with it, showing no card of anyone's hand (the computer's answer waits for
    the test: no round owner runs)."""
    server = live_server(round_owner=False)
    service = server.app.state.service
    match = service.create("easy", players=2, seed=1004)
    loaded = service.load(match.id, match.secret)
    watch = f"{server.url}/m/{match.id}/watch/{watch_code(match.secret)}"
    lines, client = listen(f"{watch}/events?v={loaded.version}")
    try:
        assert lines.get(timeout=30).startswith("status 200") and lines.get(timeout=30) == "retry: 2000"
        while not loaded.human_to_play:
            loaded = service.computer(match.id, match.secret, loaded.ply)
            next_event(lines)
        move = loaded.game.legal_moves(loaded.state)[0]
        data = {"ply": loaded.ply, "card": str(move.card), "take": [str(c) for c in move.takes]}
        answer = httpx.post(
            f"{server.url}/m/{match.id}/{match.secret}/move", data=data, headers={**HX, "Origin": server.url}
        )
        assert answer.status_code == 200
        _, name, html = next_event(lines)
        after = service.load(match.id, match.secret)
        assert name == "table" and game_state(html) == ("their-turn", after.ply)
        hands = {str(c) for seat in (0, 1) for c in after.state.hand(seat)}
        assert not {e["data-card"] for e in dom(html).select("[data-card]")} & hands
    finally:
        client.close()


def test_a_person_alone_with_computers_makes_one_request_and_their_moves_come_on_the_stream(live_server):
    """At a four-seat table of one person and three computers, the person's move is one
    request; the round owner plays each computer seat in turn, each after its pause (the
    server's clock, moved by the test, which runs the owner), and each of their moves arrives on
    the person's stream as a table of its own, in order. The person's own move is not sent
    again: the answer brought it."""
    clock = Clock()
    server = live_server(computer_delay_ms=900, clock=clock, round_owner=False)
    service, owner = server.app.state.service, server.app.state.owner

    def pause_over() -> None:
        clock.advance(0.9)
        assert owner.run_due() == 1

    match = service.create("easy", players=4, seed=1005)
    owner.run_due()  # a new match is looked at
    loaded = service.load(match.id, match.secret)
    lines, client = listen(f"{server.url}/m/{match.id}/{match.secret}/events?v={loaded.version}")
    try:
        assert lines.get(timeout=30).startswith("status 200") and lines.get(timeout=30) == "retry: 2000"
        while not loaded.human_to_play:  # the seats before the person's
            pause_over()
            _, _, html = next_event(lines)
            loaded = service.load(match.id, match.secret)
            assert game_state(html)[1] == loaded.ply
        before = loaded.ply
        move = loaded.game.legal_moves(loaded.state)[0]
        data = {"ply": before, "card": str(move.card), "take": [str(c) for c in move.takes]}
        answer = httpx.post(
            f"{server.url}/m/{match.id}/{match.secret}/move", data=data, headers={**HX, "Origin": server.url}
        )
        assert answer.status_code == 200 and game_state(answer.text) == ("computer-turn", before + 1)
        shown = []
        for _ in range(3):
            pause_over()
            shown.append(game_state(next_event(lines)[2]))
        assert shown == [("computer-turn", before + 2), ("computer-turn", before + 3), ("your-turn", before + 4)]
        after = service.load(match.id, match.secret)
        assert after.ply == before + 4 and after.human_to_play
    finally:
        client.close()
