"""Playing through HTTP: selection fragments, compare-and-set, refusals, round end, record, resume."""

from __future__ import annotations

import re
import threading

import pytest
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import text

from alembic import command
from app.i18n import t
from app.main import create_app
from app.service import MatchService
from app.settings import ROOT, Settings
from app.views import round_piles
from engine import Card, MatchState, Rules, new_match, replay
from tests.app.app_helpers import HX, action, chosen, game_state, hand, human_move, takeable, text_of

BASE = 5_550_123_456_789_000


def seed_where(test, rules: Rules = Rules()) -> int:
    """The first seed from BASE whose first position (the human to play) passes `test`."""
    for seed in range(BASE, BASE + 5000):
        state = new_match(seed, rules)
        if state.turn == 0 and test(state):
            return seed
    raise AssertionError("no such deal")


def start(client: TestClient, seed: int, level: str = "easy", preset: str = "table", target: int = 31) -> str:
    match = client.app.state.service.create(level, target, preset, seed=seed)
    return f"/m/{match.id}/{match.secret}"


def moves_at(client: TestClient, url: str, ply: int) -> int:
    match_id = url.split("/")[2]
    with client.app.state.service.engine.connect() as conn:
        query = text("SELECT count(*) FROM move WHERE match_id = :m AND ply = :p")
        return conn.execute(query, {"m": match_id, "p": ply}).scalar_one()


def state_of(client: TestClient, url: str) -> MatchState:
    return client.app.state.service.load(*url.split("/")[2:4]).state


def a_move(state: MatchState) -> tuple[str, list[str]]:
    move = state.legal_moves()[0]
    return str(move.card), [str(c) for c in sorted(move.takes)]


def forced(state: MatchState) -> bool:
    playable = {m.card for m in state.legal_moves()}
    return any(m.takes for m in state.legal_moves()) and any(c not in playable for c in state.hand(0))


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
    assert response.status_code == 200 and "الان بازی‌شدنی نیست" in response.text
    assert 'aria-pressed="true"' not in response.text


def test_selecting_a_number_card_highlights_its_captures_and_sums_to_eleven(client):
    def test(state):
        return any(m.card.is_number and m.takes for m in state.legal_moves())

    url = start(client, seed_where(test))
    move = next(m for m in state_of(client, url).legal_moves() if m.card.is_number and m.takes)
    card = str(move.card)
    page = client.get(url, params={"select": card}, headers=HX).text
    assert re.search(rf'data-card="{card}" data-can-capture="true"\s+aria-pressed="true"', page)
    options = {str(c) for m in state_of(client, url).legal_moves() if m.card == move.card for c in m.takes}
    assert set(takeable(page)) == options
    assert action(page) == ("capture", False)  # nothing chosen yet: never a guess
    params: list[tuple[str, str]] = [("card", card)]
    for code in sorted(str(c) for c in move.takes):
        page = client.get(url, params=[*params, ("toggle", code)], headers=HX).text
        params.append(("take", code))
    assert action(page) == ("capture", True)
    assert set(chosen(page)) == {str(c) for c in move.takes}
    assert re.search(r'id="sum"[^>]*>[^<]*= ۱۱ / ۱۱<', page)
    # tapping a chosen card again takes it back out
    first = sorted(str(c) for c in move.takes)[0]
    page = client.get(url, params=[*params, ("toggle", first)], headers=HX).text
    assert first not in chosen(page)


def test_a_card_that_captures_nothing_offers_place(client):
    url = start(client, seed_where(lambda s: all(m.places for m in s.legal_moves())))
    card = str(state_of(client, url).hand(0)[0])
    page = client.get(url, params={"select": card}, headers=HX).text
    assert action(page) == ("place", True)
    assert takeable(page) == []


def test_a_jack_comes_with_its_sweep_chosen(client):
    url = start(client, seed_where(lambda s: any(m.card.rank == 11 and m.takes for m in s.legal_moves())))
    move = next(m for m in state_of(client, url).legal_moves() if m.card.rank == 11)
    page = client.get(url, params={"select": str(move.card)}, headers=HX).text
    assert action(page) == ("capture", True)
    assert set(chosen(page)) == {str(c) for c in move.takes}
    assert "سرباز همهٔ برگ‌های عددی" in re.search(r'id="hint">([^<]*)', page).group(1), "no talk of kings"


def test_a_king_facing_two_kings_asks_which_one(client):
    def two_kings(state):
        moves = state.legal_moves()
        return any(m.card.rank == 13 and sum(x.card == m.card for x in moves) == 2 for m in moves)

    url = start(client, seed_where(two_kings))
    move = next(m for m in state_of(client, url).legal_moves() if m.card.rank == 13)
    page = client.get(url, params={"select": str(move.card)}, headers=HX).text
    assert action(page) == ("capture", False) and "برگی را که برمی‌دارید" in page
    assert "هم‌نام" in re.search(r'id="hint">([^<]*)', page).group(1)
    page = client.get(url, params={"card": str(move.card), "toggle": str(next(iter(move.takes)))}, headers=HX).text
    assert action(page) == ("capture", True)


def test_selecting_garbage_or_a_card_not_in_hand_is_refused(client):
    url = start(client, BASE)
    state = state_of(client, url)
    outside = next(str(c) for c in state.table_cards)
    assert client.get(url, params={"select": "ZZ"}).status_code == 400
    response = client.get(url, params={"select": outside})
    assert response.status_code == 400 and "این برگ در دست شما نیست" in response.text


# --- moving --------------------------------------------------------------------------------


def test_a_move_is_saved_and_the_computer_answers_after_a_pause(client):
    url = start(client, BASE)
    card, takes = a_move(state_of(client, url))
    response = client.post(url + "/move", data={"ply": 0, "card": card, "take": takes}, headers=HX)
    assert response.status_code == 200
    assert game_state(response.text) == ("computer-turn", 1)
    assert f'data-card="{card}"' not in re.search(r'<section id="hand".*?</section>', response.text, re.S).group(0)
    trigger = re.search(r'<div id="computer-turn"[^>]*>', response.text).group(0)
    assert f'hx-post="{url}/computer"' in trigger and 'hx-trigger="load delay:10ms"' in trigger
    assert 'value="1"' in response.text  # the ply the computer's move is asked at
    response = client.post(url + "/computer", data={"ply": 1}, headers=HX)
    assert game_state(response.text) == ("your-turn", 2)
    assert 'class="computer-last"' in response.text
    assert "رایانه" in re.search(r'<div id="announce"[^>]*>(.*?)</div>', response.text, re.S).group(1)
    assert moves_at(client, url, 0) == 1 and moves_at(client, url, 1) == 1


def test_the_page_asks_for_the_computers_move_again_on_resume(client):
    url = start(client, BASE)
    card, takes = a_move(state_of(client, url))
    client.post(url + "/move", data={"ply": 0, "card": card, "take": takes}, headers=HX)
    page = client.get(url).text  # a reload while the computer is to play
    assert game_state(page) == ("computer-turn", 1) and 'id="computer-turn"' in page


def test_a_replayed_move_changes_nothing_and_shows_the_current_table(client):
    url = start(client, BASE)
    card, takes = a_move(state_of(client, url))
    form = {"ply": 0, "card": card, "take": takes}
    first = client.post(url + "/move", data=form, headers=HX)
    second = client.post(url + "/move", data=form, headers=HX)
    assert second.status_code == 200 and game_state(second.text) == game_state(first.text) == ("computer-turn", 1)
    assert "قبلاً انجام شده" in second.text
    client.post(url + "/computer", data={"ply": 1}, headers=HX)
    again = client.post(url + "/computer", data={"ply": 1}, headers=HX)  # a second tab's late trigger
    assert game_state(again.text) == ("your-turn", 2)
    assert [moves_at(client, url, p) for p in range(3)] == [1, 1, 0]


def test_two_simultaneous_posts_of_one_move_apply_it_once(app):
    with TestClient(app) as client:
        url = start(client, BASE)
        card, takes = a_move(state_of(client, url))
        barrier, codes = threading.Barrier(4), []

        def post():
            with TestClient(app) as own:
                barrier.wait()
                form = {"ply": 0, "card": card, "take": takes}
                codes.append(own.post(url + "/move", data=form, follow_redirects=False).status_code)

        threads = [threading.Thread(target=post) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(codes) == [200, 200, 200, 303]  # one applied (and redirected), three shown the table
        assert moves_at(client, url, 0) == 1
        assert state_of(client, url).ply == 2  # one move, then the computer's (no JavaScript: at once)


def test_two_simultaneous_computer_requests_write_its_move_once(app):
    """The computer thinks outside the write lock; the write is still compare-and-set."""
    with TestClient(app) as client:
        url = start(client, BASE + 3, level="pro")
        card, takes = a_move(state_of(client, url))
        client.post(url + "/move", data={"ply": 0, "card": card, "take": takes}, headers=HX)
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
        assert [moves_at(client, url, p) for p in range(3)] == [1, 1, 0]
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
    assert response.status_code == 400


def test_refusals_name_the_problem_and_change_nothing(client):
    url = start(client, seed_where(forced))
    state = state_of(client, url)
    outside = str(next(c for c in state.table_cards))
    dimmed = str(next(c for c in state.hand(0) if c not in {m.card for m in state.legal_moves()}))
    capture = next(m for m in state.legal_moves() if m.takes)
    cases = [
        ({"card": outside}, "این برگ در دست شما نیست"),
        ({"card": dimmed}, "باید با آن بردارید"),
        ({"card": str(capture.card)}, "نمی‌شود آن را روی زمین گذاشت"),
    ]
    wrong = [c for c in state.table_cards if c not in capture.takes]
    if capture.card.is_number and wrong:
        cases.append(({"card": str(capture.card), "take": [str(wrong[0])]}, "۱۱ نمی‌شوند"))
    for form, words in cases:
        response = client.post(url + "/move", data={"ply": "0", **form}, headers=HX)
        assert response.status_code == 400, form
        assert words in response.text and 'role="alert"' in response.text
        assert game_state(response.text) == ("your-turn", 0)
    assert state_of(client, url).ply == 0 and moves_at(client, url, 0) == 0


def test_a_move_out_of_turn_is_refused(client):
    url = start(client, BASE)
    card, takes = a_move(state_of(client, url))
    client.post(url + "/move", data={"ply": 0, "card": card, "take": takes}, headers=HX)
    other = str(state_of(client, url).hand(0)[0])
    response = client.post(url + "/move", data={"ply": 1, "card": other}, headers=HX)
    assert response.status_code == 409 and "نوبت شما نیست" in response.text
    assert state_of(client, url).ply == 1


def test_unknown_match_and_wrong_secret_are_404(client):
    url = start(client, BASE)
    match_id, secret = url.split("/")[2:4]
    wrong = secret[:-1] + ("y" if secret.endswith("x") else "x")  # one character off
    for bad in (f"/m/nope/{secret}", f"/m/{match_id}/{wrong}", f"/m/{match_id}/x"):
        assert client.get(bad).status_code == 404
        response = client.post(bad + "/move", data={"ply": 0, "card": "7C"})
        assert response.status_code == 404 and "پیدا نشد" in response.text
        assert client.post(bad + "/computer", data={"ply": 0}).status_code == 404
        assert client.post(bad + "/next").status_code == 404
        assert client.get(bad + "/record.json").status_code == 404
    assert state_of(client, url).ply == 0


def test_a_too_large_body_is_refused(client):
    url = start(client, BASE)
    response = client.post(url + "/move", content=b"ply=0&card=" + b"7C" * 20000,
                           headers={"content-type": "application/x-www-form-urlencoded"})
    assert response.status_code == 413
    assert state_of(client, url).ply == 0


def test_without_javascript_a_move_redirects_and_the_computer_has_answered(client):
    url = start(client, BASE)
    card, takes = a_move(state_of(client, url))
    response = client.post(url + "/move", data={"ply": 0, "card": card, "take": takes}, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == url
    page = client.get(url).text
    assert game_state(page) == ("your-turn", 2) and 'class="computer-last"' in page
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
            assert client.post(url + "/move", data={"ply": ply, "card": "7C"}, headers=HX).status_code in (400, 409)
            stale = client.post(url + "/next", data={"ply": ply - 1}, headers=HX)
            assert game_state(stale.text) == ("round-over", ply), "an older sheet's click changes nothing"
            response = client.post(url + "/next", data={"ply": ply}, headers=HX)
            assert game_state(response.text)[0] in ("your-turn", "computer-turn")
            continue
        if status == "computer-turn":
            response = client.post(url + "/computer", data={"ply": ply}, headers=HX)
            continue
        response = human_move(client, url, response.text, ply)


def test_round_sheets_match_the_engine_and_the_record_comes_only_at_the_end(client):
    url = start(client, BASE + 7, level="medium")
    assert client.get(url + "/record.json").status_code == 409
    sheets = play_to_the_end(client, url)
    state = state_of(client, url)
    assert state.finished and len(sheets) == len(state.rounds)
    for log, page in zip(state.rounds, sheets, strict=True):
        piles = round_piles(log)
        for side in (0, 1):
            score = log.score[side]
            assert sum(c.suit == "C" for c in piles[side]) == score.clubs
            assert sum(c.rank == 1 for c in piles[side]) == score.aces
            assert sum(c.rank == 11 for c in piles[side]) == score.jacks
            assert (Card.parse("10D") in piles[side]) == (score.ten_of_diamonds == 3)
        assert 'id="sheet"' in page
    final = sheets[-1]
    assert 'id="new-match"' in final and 'id="record"' in final and 'class="winner"' in final
    record = client.get(url + "/record.json")
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    assert replay(record.json()).totals == state.totals
    ply = game_state(final)[1]
    response = client.post(url + "/move", data={"ply": str(ply), "card": "7C"}, headers=HX)
    assert response.status_code == 409 and "تمام شده" in response.text


# --- storage -------------------------------------------------------------------------------


def test_a_restarted_server_shows_the_same_table(db_url, client):
    url = start(client, BASE)
    card, takes = a_move(state_of(client, url))
    client.post(url + "/move", data={"ply": 0, "card": card, "take": takes})
    before = client.get(url).text
    fresh = create_app(Settings(database_url=db_url, secret_key="test-key", computer_delay_ms=10))
    with TestClient(fresh) as again:
        after = again.get(url).text
    assert game_state(after) == game_state(before) == ("your-turn", 2)
    assert hand(after) == hand(before)


def test_cached_states_equal_a_fresh_replay(client, db_url):
    url = start(client, BASE)
    play_to_the_end(client, url)
    cold = MatchService(client.app.state.service.engine)
    assert cold.load(*url.split("/")[2:4]).state == state_of(client, url)


def test_the_database_uses_wal_and_migrations_match_the_models(db_url, client):
    with client.app.state.service.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 5000
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("sqlalchemy.url", db_url)
    config.attributes["configure_logger"] = False
    command.check(config)  # raises if the models and the migrations disagree


def test_the_move_table_refuses_a_second_row_for_a_ply(client):
    from sqlalchemy.exc import IntegrityError

    url = start(client, BASE)
    match_id = url.split("/")[2]
    with client.app.state.service.engine.begin() as conn, pytest.raises(IntegrityError):
        for _ in range(2):
            conn.execute(text(
                "INSERT INTO move (match_id, ply, seat, move, created_at) VALUES (:m, 0, 0, '7C', '2026-01-01')"
            ), {"m": match_id})


# --- language and access -------------------------------------------------------------------


def test_cards_are_buttons_with_spoken_names_in_the_pages_language(client):
    from app.i18n import TEXT, card_name

    assert TEXT["fa"].keys() == {k for k in TEXT["en"] if not k.endswith("_one")}  # Persian has no singular forms
    assert card_name("7C", "fa") == "هفت خاج" and card_name("7C", "en") == "seven of clubs"
    url = start(client, BASE)
    state = state_of(client, url)
    fa = client.get(url).text
    en = client.get(url + "?lang=en").text
    for card in state.hand(0):
        code = str(card)
        assert f'aria-label="{card_name(code, "fa")}"' in fa
        assert f'aria-label="{card_name(code, "en")}"' in en
    assert '<html lang="en" dir="ltr">' in en and 'hx-history="false"' in en
    assert 'aria-live="polite"' in fa


def test_the_opponent_region_shows_backs_and_a_count_only(client):
    url = start(client, BASE)
    page = client.get(url).text
    region = re.search(r'<section id="opponent".*?</section>', page, re.S).group(0)
    assert "data-card" not in region and "aria-label=\"" in region
    assert region.count('class="card back-card"') == 4 and '<b id="opponent-count">۴</b>' in region


def test_when_both_hands_are_empty_four_new_cards_are_dealt_and_announced(client):
    url = start(client, BASE)
    for ply in (0, 2, 4, 6):
        card, takes = a_move(state_of(client, url))
        client.post(url + "/move", data={"ply": ply, "card": card, "take": takes})
    page = client.get(url).text
    assert game_state(page) == ("your-turn", 8) and len(hand(page)) == 4
    assert "چهار برگ تازه پخش شد" in page
    assert '<b id="stock-count">۳۲</b>' in page


def test_the_log_says_when_a_sur_scores_nothing():
    from app.views import sur_words
    from engine import Move, from_position

    def sur_by_2h(stock):
        state = from_position([["2H", "KD"], ["QS", "QH"]], ["4D", "5C"], stock=stock)
        return state.apply(Move.parse("2H+4D+5C")).current.moves[-1]

    earlier, last_deal = sur_by_2h([f"{r}{s}" for r in "6789" for s in "SD"]), sur_by_2h([])
    assert earlier.sur and last_deal.sur
    assert sur_words(earlier, "en") == "sur!" and sur_words(earlier, "fa") == "سور!"
    assert sur_words(last_deal, "en") == "sur, but it scores nothing"
    assert sur_words(last_deal, "fa") == "سور، بی‌امتیاز"
    placed = from_position([["2H", "KD"], ["QS", "QH"]], ["4D"]).apply(Move.parse("KD")).current.moves[-1]
    assert sur_words(placed, "en") == ""
