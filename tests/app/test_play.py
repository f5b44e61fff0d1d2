"""Playing through HTTP: selection fragments, compare-and-set, refusals, round end, record, resume."""

from __future__ import annotations

import threading

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from alembic import command
from app.i18n import card_name, card_names, digits, t
from app.main import create_app
from app.service import MatchService
from engine import Card, MatchState, Move, Reason, Rules, new_match, observation, replay
from tests.app.app_helpers import (
    HX,
    action,
    chosen,
    codes,
    dom,
    first_move,
    game_state,
    hand,
    human_move,
    loaded,
    migrate,
    move_rows,
    one,
    play_due,
    state_of,
    takeable,
    text_of,
    texts,
    url_of,
)

BASE = 5_550_123_456_789_000


def seed_where(test, rules: Rules = Rules()) -> int:
    """The first seed from BASE whose first position (the human to play) passes `test`."""
    for seed in range(BASE, BASE + 5000):
        state = new_match(seed, rules)
        if state.turn == 0 and test(state):
            return seed
    raise AssertionError("no such deal")


def start(client: TestClient, seed: int, level: str = "easy", preset: str = "table", target: int = 31) -> str:
    return url_of(client.app.state.service.create(level, target, preset, seed=seed))


def forced(state: MatchState) -> bool:
    playable = {m.card for m in state.legal_moves()}
    return any(m.takes for m in state.legal_moves()) and any(c not in playable for c in state.hand(0))


def wrong_sets(state: MatchState) -> list[Move]:
    """Captures of one number card on the table by a capturing number card that do not make 11."""
    legal = state.legal_moves()
    return [
        Move(m.card, frozenset({c}))
        for m in legal
        if m.takes and m.card.is_number
        for c in state.table
        if c.is_number and Move(m.card, frozenset({c})) not in legal
    ]


def computer_last(state: MatchState) -> str:
    """The card of the computer's last move this round, from the engine's log."""
    return str(next(p.move.card for p in reversed(state.current.moves) if p.seat == 1))


# --- selecting -----------------------------------------------------------------------------


def test_under_forced_capture_cards_that_cannot_capture_are_dimmed(client):
    url = start(client, seed_where(forced))
    page = client.get(url).text
    state = state_of(client, url)
    capturing = {str(m.card) for m in state.legal_moves()}
    for code, can, dim in hand(page):
        assert can == (code in capturing)
        assert dim == (code not in capturing)
    dimmed = next(code for code, _, dim in hand(page) if dim)
    response = client.get(url, params={"select": dimmed}, headers=HX)
    assert response.status_code == 200 and text_of(response.text, "#message") == t("fa", "msg_disabled_card")
    assert dom(response.text).select('#hand [aria-pressed="true"]') == [], "a dimmed card is never selected"


def test_selecting_a_number_card_highlights_its_captures_and_sums_to_eleven(client):
    def test(state):
        return any(m.card.is_number and m.takes for m in state.legal_moves())

    url = start(client, seed_where(test))
    move = next(m for m in state_of(client, url).legal_moves() if m.card.is_number and m.takes)
    card = str(move.card)
    page = client.get(url, params={"select": card}, headers=HX).text
    selected = one(page, f'#hand [data-card="{card}"]')
    assert selected["aria-pressed"] == "true" and selected["data-can-capture"] == "true"
    options = {str(c) for m in state_of(client, url).legal_moves() if m.card == move.card for c in m.takes}
    assert set(takeable(page)) == options
    assert action(page) == ("capture", False)  # nothing chosen yet: never a guess
    params: list[tuple[str, str]] = [("card", card)]
    for code in sorted(codes(move.takes)):
        page = client.get(url, params=[*params, ("toggle", code)], headers=HX).text
        params.append(("take", code))
    assert action(page) == ("capture", True)
    assert set(chosen(page)) == codes(move.takes)
    assert text_of(page, "#hint").startswith(t("fa", "set_chosen")), "chosen whole: the hint says confirm"
    # the played card's value, then the taken ones' from low to high: they make eleven
    ranks = [move.card.rank, *sorted(c.rank for c in move.takes)]
    expr = " + ".join(digits(r, "fa") for r in ranks)
    assert text_of(page, "#sum") == f"{t('fa', 'sum')}: {expr} = {digits(11, 'fa')} / {digits(11, 'fa')}"
    # tapping a chosen card again takes it back out
    first = sorted(codes(move.takes))[0]
    page = client.get(url, params=[*params, ("toggle", first)], headers=HX).text
    assert first not in chosen(page)


def test_a_card_that_captures_nothing_offers_place(client):
    url = start(client, seed_where(lambda s: all(m.places for m in s.legal_moves())))
    card = str(state_of(client, url).hand(0)[0])
    page = client.get(url, params={"select": card}, headers=HX).text
    assert action(page) == ("place", True) and text_of(page, "#action") == t("fa", "place")
    # the seed site's guide gives the button's words beside «تأیید جمع‌کردن»: they are a contract
    assert t("fa", "place") == "گذاشتن کارت روی میز" and t("fa", "confirm_capture") == "تأیید جمع‌کردن"
    assert takeable(page) == []
    assert text_of(page, "#hint") == t("fa", "place_only"), "not 'pick a card': one is picked"


def test_a_jack_comes_with_its_sweep_chosen(client):
    url = start(client, seed_where(lambda s: any(m.card.rank == 11 and m.takes for m in s.legal_moves())))
    move = next(m for m in state_of(client, url).legal_moves() if m.card.rank == 11)
    page = client.get(url, params={"select": str(move.card)}, headers=HX).text
    assert action(page) == ("capture", True) and text_of(page, "#action") == t("fa", "confirm_capture")
    assert set(chosen(page)) == codes(move.takes)
    assert text_of(page, "#hint") == t("fa", "pick_jack"), "the jack's hint, no talk of kings or sums"


def test_a_king_facing_two_kings_asks_which_one(client):
    def two_kings(state):
        moves = state.legal_moves()
        return any(m.card.rank == 13 and sum(x.card == m.card for x in moves) == 2 for m in moves)

    url = start(client, seed_where(two_kings))
    move = next(m for m in state_of(client, url).legal_moves() if m.card.rank == 13)
    page = client.get(url, params={"select": str(move.card)}, headers=HX).text
    assert action(page) == ("capture", False) and text_of(page, "#action") == t("fa", "choose_same")
    assert text_of(page, "#hint") == t("fa", "pick_same")
    page = client.get(url, params={"card": str(move.card), "toggle": str(next(iter(move.takes)))}, headers=HX).text
    assert action(page) == ("capture", True)
    assert text_of(page, "#hint") == t("fa", "same_chosen"), "chosen: nothing is left to tap"


def test_a_king_facing_one_king_comes_with_it_chosen_and_says_so(client):
    def one_king(state):
        moves = state.legal_moves()
        return any(m.card.rank == 13 and m.takes and sum(x.card == m.card for x in moves) == 1 for m in moves)

    url = start(client, seed_where(one_king))
    move = next(m for m in state_of(client, url).legal_moves() if m.card.rank == 13 and m.takes)
    page = client.get(url, params={"select": str(move.card)}, headers=HX).text
    assert action(page) == ("capture", True) and set(chosen(page)) == codes(move.takes)
    assert text_of(page, "#hint") == t("fa", "same_chosen")


def test_the_last_moves_are_numbered_by_their_place_in_the_round(client):
    """The log shows the round's last few moves; its numbers go on from the round's first move
    instead of starting again at 1 as older moves leave it."""
    url = start(client, BASE)
    response = client.get(url, headers=HX)
    for _ in range(12):
        status, ply = game_state(response.text)
        if status == "computer-turn":
            response = client.post(url + "/computer", data={"ply": ply}, headers=HX)
        else:
            response = human_move(client, url, response.text, ply)
    moves = len(state_of(client, url).current.moves)
    lines = texts(response.text, "#log li")
    assert moves == 12 and len(lines) == 6
    assert one(response.text, "#log")["start"] == str(moves - len(lines) + 1) == "7"


def test_selecting_garbage_or_a_card_not_in_hand_is_refused(client):
    url = start(client, BASE)
    state = state_of(client, url)
    outside = next(str(c) for c in state.table)
    response = client.get(url, params={"select": "ZZ"})
    assert response.status_code == 400 and text_of(response.text, "#message") == t("fa", "msg_garbage")
    response = client.get(url, params={"select": outside})
    assert response.status_code == 400 and text_of(response.text, "#message") == t("fa", "msg_not_in_hand")


# --- moving --------------------------------------------------------------------------------


def test_a_move_is_saved_and_the_computer_answers_after_a_pause(client):
    url = start(client, BASE)
    form = first_move(state_of(client, url))
    response = client.post(url + "/move", data={"ply": 0, **form}, headers=HX)
    assert response.status_code == 200
    assert game_state(response.text) == ("computer-turn", 1)
    assert form["card"] not in [code for code, _, _ in hand(response.text)]
    # the computer's move is the server's (its round owner plays it after the pause) and comes on
    # the table's stream: the page does not ask for it
    assert not dom(response.text).select("#computer-turn")
    assert one(client.get(url).text, "#live")["sse-connect"].startswith(f"{url}/events?v=")  # outside #game
    assert one(response.text, '#game > input[name="ply"]')["value"] == "1"
    # without JavaScript its button asks for it now, at the ply the table form's field carries
    response = client.post(url + "/computer", data={"ply": 1}, headers=HX)
    assert game_state(response.text) == ("your-turn", 2)
    state = state_of(client, url)
    played = state.last
    assert played.seat == 1 and not played.sur  # this deal's answer: checked so the words below are whole
    assert one(response.text, ".computer-last [data-played]")["data-played"] == str(played.move.card)
    name = card_name(str(played.move.card), "fa")
    rest = (
        t("fa", "computer_took", cards=card_names(sorted(played.move.takes), "fa"))
        if played.move.takes
        else t("fa", "computer_placed")
    )
    who = t("fa", "seat_2_1")
    assert text_of(response.text, "#announce") == f"{t('fa', 'computer_played', who=who, card=name)} {rest}"
    assert move_rows(client, url, 0) == 1 and move_rows(client, url, 1) == 1


def test_a_page_reloaded_while_the_computer_is_to_play_waits_for_its_move(client):
    url = start(client, BASE)
    client.post(url + "/move", data={"ply": 0, **first_move(state_of(client, url))}, headers=HX)
    page = client.get(url).text  # a reload while the computer is to play
    assert game_state(page) == ("computer-turn", 1)
    assert not dom(page).select("#computer-turn")  # the page never asks: the move comes to it
    assert one(page, "#live")["sse-connect"].startswith(f"{url}/events?v=")  # on its stream
    assert one(page, "#others-wait")["hx-get"] == url  # without it, by asking again every few seconds
    assert one(page, 'noscript meta[http-equiv="refresh"]')["content"] == "1"  # without JavaScript, by reloading


def test_a_replayed_move_changes_nothing_and_shows_the_current_table(client):
    url = start(client, BASE)
    form = {"ply": 0, **first_move(state_of(client, url))}
    first = client.post(url + "/move", data=form, headers=HX)
    second = client.post(url + "/move", data=form, headers=HX)
    assert second.status_code == 200 and game_state(second.text) == game_state(first.text) == ("computer-turn", 1)
    assert text_of(second.text, "#message") == t("fa", "msg_already")
    client.post(url + "/computer", data={"ply": 1}, headers=HX)
    again = client.post(url + "/computer", data={"ply": 1}, headers=HX)  # a second tab's late trigger
    assert game_state(again.text) == ("your-turn", 2)
    assert [move_rows(client, url, p) for p in range(3)] == [1, 1, 0]


def test_two_simultaneous_posts_of_one_move_apply_it_once(app):
    with TestClient(app) as client:
        url = start(client, BASE)
        form = {"ply": 0, **first_move(state_of(client, url))}
        barrier, statuses = threading.Barrier(4), []

        def post():
            with TestClient(app) as own:
                barrier.wait()
                statuses.append(own.post(url + "/move", data=form, follow_redirects=False).status_code)

        threads = [threading.Thread(target=post) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(statuses) == [200, 200, 200, 303]  # one applied (and redirected), three shown the table
        assert move_rows(client, url, 0) == 1
        assert play_due(client) == 1 and state_of(client, url).ply == 2  # one move, then the computer's


def test_two_simultaneous_computer_requests_write_its_move_once(app):
    """The computer thinks outside the write lock; the write is still compare-and-set."""
    with TestClient(app) as client:
        url = start(client, BASE + 3, level="pro")
        client.post(url + "/move", data={"ply": 0, **first_move(state_of(client, url))}, headers=HX)
        barrier, states = threading.Barrier(3), []

        def ask():
            with TestClient(app) as own:
                barrier.wait()
                states.append(game_state(own.post(url + "/computer", data={"ply": 1}, headers=HX).text))

        threads = [threading.Thread(target=ask) for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert [move_rows(client, url, p) for p in range(3)] == [1, 1, 0]
        assert states == [("your-turn", 2)] * 3


@pytest.mark.parametrize(
    ("form", "computer"),
    [
        ({"card": "ZZ", "ply": "0"}, 303),
        ({"card": "7C"}, 400),
        ({"card": "7C", "ply": "x"}, 400),
        ({"card": "7C", "ply": "²"}, 400),  # a digit to isdigit(), not to int()
        ({"card": "7C", "ply": "0", "take": ["ZZ"]}, 303),
    ],
)
def test_garbage_forms_are_refused_and_change_nothing(client, form, computer):
    url = start(client, BASE)
    response = client.post(url + "/move", data=form)
    assert response.status_code == 400 and text_of(response.text, "#message") == t("fa", "msg_garbage")
    assert state_of(client, url).ply == 0
    # Asking the computer to move with the same ply: a malformed ply is refused the same way; a
    # well-formed one while it is the person's turn sends the browser back to the table (no JS).
    answer = client.post(url + "/computer", data={"ply": form.get("ply", "")}, follow_redirects=False)
    assert answer.status_code == computer
    assert answer.headers.get("location") == (url if computer == 303 else None)
    assert state_of(client, url).ply == 0


def test_a_non_ascii_target_is_refused_not_a_crash(client):
    response = client.post("/matches", data={"level": "easy", "target": "³¹", "preset": "table"})
    assert response.status_code == 400 and text_of(response.text, "#game .message") == t("fa", "msg_bad_target")


def test_refusals_name_the_problem_and_change_nothing(client):
    url = start(client, seed_where(lambda s: forced(s) and wrong_sets(s)))
    state = state_of(client, url)
    outside = str(next(c for c in state.table))
    dimmed = str(next(c for c in state.hand(0) if c not in {m.card for m in state.legal_moves()}))
    capture = next(m for m in state.legal_moves() if m.takes)
    wrong = wrong_sets(state)[0]
    cases = [
        ({"card": outside}, "msg_not_in_hand"),
        ({"card": dimmed}, "msg_must_capture"),
        ({"card": str(capture.card)}, "msg_card_must_capture"),
        ({"card": str(wrong.card), "take": sorted(codes(wrong.takes))}, "msg_wrong_sum"),
    ]
    for form, key in cases:
        response = client.post(url + "/move", data={"ply": "0", **form}, headers=HX)
        assert response.status_code == 400, form
        assert text_of(response.text, '#message[role="alert"]') == t("fa", key), form
        assert game_state(response.text) == ("your-turn", 0)
    assert state_of(client, url).ply == 0 and move_rows(client, url, 0) == 0


def test_a_move_out_of_turn_is_refused(client):
    url = start(client, BASE)
    client.post(url + "/move", data={"ply": 0, **first_move(state_of(client, url))}, headers=HX)
    other = str(state_of(client, url).hand(0)[0])
    response = client.post(url + "/move", data={"ply": 1, "card": other}, headers=HX)
    assert response.status_code == 409 and text_of(response.text, "#message") == t("fa", "msg_not_your_turn")
    assert state_of(client, url).ply == 1


def test_unknown_match_and_wrong_secret_are_404(client):
    url = start(client, BASE)
    match_id, secret = url.split("/")[2:4]
    wrong = secret[:-1] + ("y" if secret.endswith("x") else "x")  # one character off
    for bad in (f"/m/nope/{secret}", f"/m/{match_id}/{wrong}", f"/m/{match_id}/x"):
        assert client.get(bad).status_code == 404
        response = client.post(bad + "/move", data={"ply": 0, "card": "7C"})
        assert response.status_code == 404 and text_of(response.text, "#game .message") == t("fa", "msg_not_found")
        assert client.post(bad + "/computer", data={"ply": 0}).status_code == 404
        assert client.post(bad + "/next").status_code == 404
        assert client.get(bad + "/record.json").status_code == 404
    assert state_of(client, url).ply == 0


def test_a_too_large_body_is_refused(client):
    url = start(client, BASE)
    response = client.post(
        url + "/move",
        content=b"ply=0&card=" + b"7C" * 20000,
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 413
    assert state_of(client, url).ply == 0


def test_without_javascript_a_move_redirects_and_the_computer_has_answered(client):
    url = start(client, BASE)
    form = {"ply": 0, **first_move(state_of(client, url))}
    response = client.post(url + "/move", data=form, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == url
    assert one(client.get(url).text, 'noscript meta[http-equiv="refresh"]')["content"] == "1"
    assert play_due(client) == 1  # the round owner plays once the pause is over; the page reloads
    page = client.get(url).text
    assert game_state(page) == ("your-turn", 2)
    assert one(page, ".computer-last [data-played]")["data-played"] == computer_last(state_of(client, url))
    assert page.startswith("<!doctype html>")


# --- a whole match -------------------------------------------------------------------------


def play_to_the_end(client: TestClient, url: str) -> list[str]:
    """Play as a simple human through HTTP, returning every round-over fragment seen."""
    sheets = []
    response = client.get(url, headers=HX)
    while True:
        status, ply = game_state(response.text)
        if status == "match-over":
            sheets.append(response.text)
            return sheets
        if status == "round-over":
            sheets.append(response.text)
            # the engine has dealt the next round already; the panel names the round on the sheet
            assert text_of(response.text, ".score-head b") == digits(len(sheets), "fa")
            refused = client.post(url + "/move", data={"ply": ply, "card": "7C"}, headers=HX)
            assert refused.status_code == 409 and text_of(refused.text, "#message") == t("fa", "msg_round_sheet")
            stale = client.post(url + "/next", data={"ply": ply - 1}, headers=HX)
            assert game_state(stale.text) == ("round-over", ply), "an older sheet's click changes nothing"
            response = client.post(url + "/next", data={"ply": ply}, headers=HX)
            # the deal moves on one seat a round (R2) and the seat after the dealer leads: the
            # human leads round one, so after k finished rounds the human leads when k is even
            finished = len(sheets)
            assert game_state(response.text)[0] == ("your-turn" if finished % 2 == 0 else "computer-turn")
            continue
        if status == "computer-turn":
            response = client.post(url + "/computer", data={"ply": ply}, headers=HX)
            continue
        response = human_move(client, url, response.text, ply)


def sheet_rows(html: str) -> dict[str, list]:
    """The round sheet's rows by their label: the points shown per side and the cards behind them."""
    rows = {}
    for row in dom(html).select("#sheet .sheet-table tbody tr:not(.sum)"):
        cells = row.select("td")
        rows[" ".join(row.th.get_text(" ").split())] = [
            (cell.select_one("b.points").get_text(strip=True), len(cell.select(".behind [role=img]"))) for cell in cells
        ]
    return rows


def test_round_sheets_match_the_engine_and_the_record_comes_only_at_the_end(client):
    url = start(client, BASE + 7, level="medium")
    assert client.get(url + "/record.json").status_code == 409
    sheets = play_to_the_end(client, url)
    state = state_of(client, url)
    assert state.finished and len(sheets) == len(state.rounds) > 1
    running = [0, 0]
    for log, page in zip(state.rounds, sheets, strict=True):
        piles = log.piles  # each side's pile, from the engine
        for side in (0, 1):
            score = log.score[side]
            assert sum(c.suit == "C" for c in piles[side]) == score.clubs
            assert sum(c.rank == 1 for c in piles[side]) == score.aces
            assert sum(c.rank == 11 for c in piles[side]) == score.jacks
            assert (Card.parse("10D") in piles[side]) == (score.ten_of_diamonds == 3)
            running[side] += score.total
        # the page's figures: the round's totals, then the match's, and each line with the cards behind it
        sums = [[b.get_text(strip=True) for b in row.select("td b")] for row in dom(page).select("#sheet tr.sum")]
        assert sums == [[digits(s.total, "fa") for s in log.score], [digits(x, "fa") for x in running]]
        rows = sheet_rows(page)
        d = lambda v: digits(v, "fa")  # noqa: E731
        assert rows[t("fa", "line_clubs")] == [(d(s.clubs_points), s.clubs) for s in log.score]
        assert rows[t("fa", "line_aces")] == [(d(s.aces), s.aces) for s in log.score]  # an ace is a point
        assert rows[t("fa", "line_jacks")] == [(d(s.jacks), s.jacks) for s in log.score]  # so is a jack
        assert rows[t("fa", "line_ten")] == [(d(s.ten_of_diamonds), s.ten_of_diamonds // 3) for s in log.score]
        assert rows[t("fa", "line_two")] == [(d(s.two_of_clubs), s.two_of_clubs // 2) for s in log.score]
        assert rows[t("fa", "line_surs")] == [(d(s.sur_points), 0) for s in log.score]
    assert tuple(running) == state.totals
    final = sheets[-1]
    winner = t("fa", "you_won" if state.winner == 0 else "computer_won")
    assert text_of(final, "#sheet h2.winner") == f"{t('fa', 'match_over')}: {winner}"
    assert one(final, "#new-match")["href"] == "/" and one(final, "#record")["href"] == url + "/record.json"
    record = client.get(url + "/record.json")
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    assert replay(record.json()).totals == state.totals
    ply = game_state(final)[1]
    response = client.post(url + "/move", data={"ply": str(ply), "card": "7C"}, headers=HX)
    assert response.status_code == 409 and text_of(response.text, "#message") == t("fa", "msg_match_over")


# --- storage -------------------------------------------------------------------------------


def test_a_restarted_server_shows_the_same_table(client):
    url = start(client, BASE)
    client.post(url + "/move", data={"ply": 0, **first_move(state_of(client, url))})
    play_due(client)
    before = client.get(url).text
    with TestClient(create_app(client.app.state.settings)) as again:  # a new app on the same database
        after = again.get(url).text
    assert game_state(after) == game_state(before) == ("your-turn", 2)
    assert hand(after) == hand(before)


def test_cached_states_equal_a_fresh_replay(client):
    url = start(client, BASE)
    play_to_the_end(client, url)
    cold = MatchService(client.app.state.service.engine)
    assert cold.load(*url.split("/")[2:4]).state == state_of(client, url)


def test_the_database_uses_wal_and_migrations_match_the_models(db_url, client):
    with client.app.state.service.engine.connect() as conn:
        if conn.dialect.name == "sqlite":
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 5000
        else:
            assert conn.dialect.name == "postgresql"
    command.check(migrate(db_url))  # raises if the models and the migrations disagree


def test_a_62_bit_seed_is_stored_and_read_back(client):
    """Seeds are 62 random bits: PostgreSQL's 32-bit integer refused them before migration 0003."""
    seed = 2**62 - 7
    url = start(client, seed)
    assert loaded(client, url).match.seed == seed
    assert state_of(client, url) == new_match(seed, Rules.preset("table", target=31))


def test_a_move_written_while_a_table_is_read_leaves_the_read_whole(client):
    """Another worker commits a move between the read of the match row and the read of its
    moves: the read still sees one moment (on PostgreSQL READ COMMITTED it saw 2 moves of a
    match at ply 1, and failed)."""
    from sqlalchemy import event

    url = start(client, BASE)
    writer = client.app.state.service
    cold = MatchService(writer.engine)  # no cached state: it replays the moves from the database
    written: list[int] = []

    def write_first(conn, cursor, statement, parameters, context, executemany):
        if statement.lstrip().upper().startswith("SELECT") and " move." in statement and not written:
            written.append(1)
            state = state_of(client, url)  # read before the write, by the writer's own cache
            writer.play(*url.split("/")[2:4], state.ply, state.legal_moves()[0])

    event.listen(writer.engine, "before_cursor_execute", write_first)
    try:
        seen = cold.load(*url.split("/")[2:4])
    finally:
        event.remove(writer.engine, "before_cursor_execute", write_first)
    assert written and seen.ply == 0 and seen.state == new_match(BASE, Rules.preset("table", target=31))
    assert state_of(client, url).ply == 1  # the move was stored meanwhile


def test_the_move_table_refuses_a_second_row_for_a_ply(client):
    from sqlalchemy.exc import IntegrityError

    url = start(client, BASE)
    match_id = url.split("/")[2]
    with client.app.state.service.engine.begin() as conn, pytest.raises(IntegrityError):
        for _ in range(2):
            conn.execute(
                text("INSERT INTO move (match_id, ply, seat, move, created_at) VALUES (:m, 0, 0, '7C', '2026-01-01')"),
                {"m": match_id},
            )


# --- language and access -------------------------------------------------------------------


def test_cards_are_buttons_with_spoken_names_in_the_pages_language(client):
    assert card_name("7C", "fa") == "هفت خاج" and card_name("7C", "en") == "seven of clubs"  # hand-worked
    url = start(client, BASE)
    state = state_of(client, url)
    fa = client.get(url).text
    en = client.get(url + "?lang=en").text
    for card in state.hand(0):
        code = str(card)
        for lang, page in (("fa", fa), ("en", en)):
            button = one(page, f'#hand [data-card="{code}"]')
            assert button.name == "button" and not button.has_attr("aria-label")  # named by its picture
            assert button.select_one('svg[role="img"]')["aria-label"] == card_name(code, lang)
    assert (one(en, "html")["lang"], one(en, "html")["dir"]) == ("en", "ltr")
    assert (one(fa, "html")["lang"], one(fa, "html")["dir"]) == ("fa", "rtl")
    assert one(en, "main")["hx-history"] == "false"
    assert one(fa, "#announce")["aria-live"] == "polite"


def test_the_opponent_region_shows_backs_and_a_count_only(client):
    url = start(client, BASE)
    page = client.get(url).text
    region = one(page, "#opponent")
    assert region.select("[data-card]") == [] and region["aria-label"] == t("fa", "opponent")
    # R1: four cards to each player
    assert len(region.select(".card.back-card")) == 4 and text_of(page, "#opponent-count") == digits(4, "fa")


def test_when_both_hands_are_empty_four_new_cards_are_dealt_and_announced(client):
    url = start(client, BASE)
    for ply in (0, 2, 4, 6):
        client.post(url + "/move", data={"ply": ply, **first_move(state_of(client, url))})
        play_due(client)
    page = client.get(url).text
    assert game_state(page) == ("your-turn", 8) and len(hand(page)) == 4
    assert text_of(page, "#hint") == t("fa", "your_turn"), "the hint keeps its lines for what to do"
    assert text_of(page, "#announce").endswith(t("fa", "dealt")), "a screen reader is told"
    # 52 cards, less 4 + 4 in hands and 4 on the table, less the second deal of 4 + 4
    assert text_of(page, "#stock-count") == digits(52 - 8 - 4 - 8, "fa")


def test_the_log_says_when_a_sur_scores_nothing():
    from app.games.chaharbargh.move_log import sur_words
    from engine import from_position

    def sur_by_2h(stock):
        state = from_position([["2H", "KD"], ["QS", "QH"]], ["4D", "5C"], stock=stock)
        return state.apply(Move.parse("2H+4D+5C")).current.moves[-1]

    earlier, last_deal = sur_by_2h([f"{r}{s}" for r in "6789" for s in "SD"]), sur_by_2h([])
    assert earlier.sur and earlier.scores and last_deal.sur and not last_deal.scores
    for lang in ("en", "fa"):
        assert sur_words(earlier, lang) == t(lang, "sur")
        assert sur_words(last_deal, lang) == t(lang, "sur_no_points")
    placed = from_position([["2H", "KD"], ["QS", "QH"]], ["4D"]).apply(Move.parse("KD")).current.moves[-1]
    assert sur_words(placed, "en") == ""


def test_every_reason_the_engine_gives_has_a_message_in_both_languages():
    """The table explains a refusal by `msg_<reason>`: a reason without words would be a crash."""
    for reason in Reason:
        for lang in ("fa", "en"):
            assert t(lang, f"msg_{reason}"), (reason, lang)


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_score_panel_at_a_rounds_end_counts_the_clubs_and_surs_of_the_round_played(client, lang):
    """While a round's sheet is up the engine has dealt the next round, whose clubs and surs are
    still none: the panel shows the round played, counted here from its moves (the cards each
    capture took, the leftovers to their side, the surs that score)."""
    service = client.app.state.service
    match = service.create("easy", 62, "table", seed=4_242)
    loaded = service.load(match.id, match.secret)
    while not loaded.sheet_pending:
        if loaded.human_to_play:
            loaded = service.play(match.id, match.secret, loaded.ply, loaded.state.legal_moves()[0])
        else:
            loaded = service.computer(match.id, match.secret, loaded.ply)
    played = observation(loaded.state, 0).finished_rounds[-1]
    clubs, surs = [0, 0], [0, 0]
    for p in played.moves:
        if p.move.takes:
            clubs[p.seat] += sum(c.suit == "C" for c in (p.move.card, *p.move.takes))
        surs[p.seat] += bool(p.sur and p.scores)
    if played.leftover is not None:
        clubs[played.leftover.seat] += sum(c.suit == "C" for c in played.leftover.cards)
    assert sum(clubs) == 13 and max(clubs) > 0  # every club of the deck was taken by a side
    page = client.get(url_of(match) + f"?lang={lang}").text
    for side in (0, 1):
        row = one(page, f'#scores tr[data-side="{side}"]')
        assert row.select_one("td.clubs").get_text(strip=True) == digits(clubs[side], lang)
        assert row.select("td")[-1].get_text(strip=True) == digits(surs[side], lang)
