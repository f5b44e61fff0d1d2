"""Free practice through HTTP: one round, no match score, the pro's hints, and undo."""

from __future__ import annotations

import random
import re

from fastapi.testclient import TestClient

from app.games.chaharbargh.hints import hints
from app.games.chaharbargh.views import signed
from app.i18n import digits, t
from app.main import create_app
from app.table import Table
from engine import bot, games, observation
from engine.chaharbargh.match import from_position
from tests.app.app_helpers import (
    HX,
    action,
    chosen,
    codes,
    dom,
    finish,
    first_move,
    game_state,
    human_move,
    loaded,
    one,
    text_of,
    texts,
    url_of,
)
from tests.app.app_helpers import move_rows as rows

SEED = 4_402_118_907_335_120_771
PLAIN = str.maketrans(digits("0123456789", "fa"), "0123456789")


def start(client: TestClient, level: str = "medium", seed: int = SEED) -> str:
    return url_of(client.app.state.service.create_practice(level, seed=seed))


def waits_for(client: TestClient) -> str:
    """The computer's trigger in practice: a pause of the app's `practice_delay_ms`, to take a move back."""
    return f"load delay:{client.app.state.settings.practice_delay_ms}ms"


def test_the_home_page_starts_a_practice_round(client):
    home = client.get("/").text
    assert one(home, "form.new-practice")["action"] == "/practice"
    assert text_of(home, "#start-practice") == t("fa", "start_practice")
    response = client.post("/practice", data={"level": "pro"}, follow_redirects=False)
    assert response.status_code == 303
    page = client.get(response.headers["location"]).text
    assert game_state(page) == ("your-turn", 0)
    assert text_of(page, "#practice-badge") == t("fa", "practice_round")
    assert text_of(page, "#hint-button") == t("fa", "hint_button")
    assert dom(page).select("#scores .total") == [], "no match score in practice"
    listed = texts(client.get("/").text, "#saved li span")
    practice = t("fa", "sep").join([t("fa", "saved_practice"), t("fa", "level_pro"), t("fa", "result_playing")])
    assert listed == [practice], "the home page lists it as a practice"
    assert client.post("/practice", data={"level": "oracle"}).status_code == 400


def test_a_hint_depends_only_on_what_the_player_can_see(client):
    """The same view with the hidden cards dealt differently gets exactly the same hint."""
    here = loaded(client, start(client))
    state = here.state
    hidden = [*state.hand(1), *state.stock]
    random.Random(7).shuffle(hidden)
    elsewhere = from_position(
        [state.hand(0), hidden[:4]], state.table, state.rules, stock=hidden[4:], turn=0, seed=state.seed
    )
    assert observation(elsewhere, 0) == observation(state, 0) and elsewhere.hand(1) != state.hand(1)
    # a second app on the same database: its hint cache is empty, so both are computed
    other = create_app(client.app.state.settings).state.service
    assert hints(client.app.state.service, here) == hints(other, Table(here.match, elsewhere, here.seats))


def test_from_the_table_another_practice_round_goes_to_its_own_address(client):
    response = client.post("/practice", data={"level": "easy"}, headers=HX)
    assert response.status_code == 204 and response.headers["HX-Redirect"].startswith("/m/")


def test_a_hint_shows_the_pros_move_and_a_value_for_each_card(client):
    url = start(client)
    first = client.get(url, params={"hint": "1"}, headers=HX).text
    again = client.get(url, params={"hint": "1"}, headers=HX).text
    state = loaded(client, url)
    values = hints(client.app.state.service, state)
    assert set(values) == set(state.state.legal_moves()), "a value for every legal move, no other"
    best = max(values.items(), key=lambda item: item[1])[0]
    shown = {e["data-hint"]: e.get_text() for e in dom(first).select("#hand .hint-value")}
    for card in state.state.hand(0):  # each playable card shows the value of its best move
        mine = [v for m, v in values.items() if m.card == card]
        assert shown.get(str(card)) == (signed(max(mine), "fa") if mine else None)
    assert [e["data-hint"] for e in dom(first).select("#hand .hint-value.best")] == [str(best.card)]
    # the page's own figures: signed, one Persian decimal; the best card shows the largest, and the
    # cards' values are ordered as the service's are
    figure = re.compile(r"^[+−][۰-۹]+٫[۰-۹]$")
    assert figure.match(text_of(first, f'#hand .hint-value[data-hint="{best.card}"]'))
    as_number = {code: float(text.translate(PLAIN).replace("٫", ".").replace("−", "-")) for code, text in shown.items()}
    assert as_number[str(best.card)] == max(as_number.values())
    by_card = {str(m.card): max(v for n, v in values.items() if n.card == m.card) for m in values}
    assert as_number.keys() == by_card.keys()
    for a in by_card:
        for b in by_card:
            if by_card[a] > by_card[b]:
                assert as_number[a] >= as_number[b], (a, b)
    assert first == again, "the same position gives the same hint"
    link = one(first, "#hint-select")["href"]
    selected = client.get(link, headers=HX).text
    assert one(selected, '#game > input[name="card"]')["value"] == str(best.card)
    assert chosen(selected) == sorted(str(c) for c in best.takes)
    assert action(selected) == ("capture" if best.takes else "place", True)
    assert one(selected, 'input[name="hint"]')["value"] == "1", "hints stay on while choosing"


def test_a_hint_value_is_written_signed_with_one_decimal():
    """The figures the hints show, worked by hand: rounded to one decimal, always signed, the
    Persian minus and decimal separator and digits in Persian."""
    assert signed(2.46, "fa") == "+۲٫۵" and signed(2.46, "en") == "+2.5"
    assert signed(-0.04, "en") == "+0.0" and signed(-1.26, "en") == "−1.3"
    assert signed(-13.06, "fa") == "−۱۳٫۱"


def test_hints_are_for_practice_on_the_players_turn_only(client):
    match = client.app.state.service.create("easy", 31, "table", seed=SEED)
    page = client.get(f"/m/{match.id}/{match.secret}", params={"hint": "1"}, headers=HX).text
    assert dom(page).select("#hints, #hint-button") == []
    url = start(client)
    client.post(url + "/move", data={"ply": 0, **first_move(loaded(client, url).state)}, headers=HX)
    assert dom(client.get(url, params={"hint": "1"}, headers=HX).text).select("#hints") == []


def test_undo_takes_back_the_move_before_the_computer_answers(client):
    url = start(client)
    before = loaded(client, url).state
    response = client.post(url + "/move", data={"ply": 0, **first_move(before)}, headers=HX)
    assert game_state(response.text) == ("computer-turn", 1) and text_of(response.text, "#undo") == t("fa", "undo")
    assert one(response.text, "#computer-turn")["hx-trigger"] == waits_for(client), "time to take a move back"
    response = client.post(url + "/undo", data={"ply": 1}, headers=HX)
    assert response.status_code == 200 and game_state(response.text) == ("your-turn", 0)
    assert text_of(response.text, "#message") == t("fa", "msg_undone")
    assert loaded(client, url).state == before and rows(client, url) == 0
    replayed = client.post(url + "/undo", data={"ply": 1}, headers=HX)  # a double click
    assert game_state(replayed.text) == ("your-turn", 0) and rows(client, url) == 0
    nothing = client.post(url + "/undo", data={"ply": 0}, headers=HX)
    assert nothing.status_code == 409 and rows(client, url) == 0
    assert text_of(nothing.text, "#message") == t("fa", "msg_undo_nothing")


def test_undo_after_the_computer_answered_takes_back_both_moves_until_the_round_ends(client):
    """The undo stays offered after the computer's answer: it takes back the person's last move
    and the answer, one pair per undo, from the table the player saw (a form from before the
    answer takes back the same pair); once the round is over there is nothing to take back."""
    url = start(client)
    service = client.app.state.service
    states = [loaded(client, url).state]
    for ply in range(6):  # three moves each
        if ply % 2 == 0:
            client.post(url + "/move", data={"ply": ply, **first_move(states[-1])}, headers=HX)
        else:
            client.post(url + "/computer", data={"ply": ply}, headers=HX)
        states.append(loaded(client, url).state)
    page = client.get(url, headers=HX).text
    assert game_state(page) == ("your-turn", 6) and text_of(page, "#undo") == t("fa", "undo")
    response = client.post(url + "/undo", data={"ply": 6, "undos": 0}, headers=HX)
    assert response.status_code == 200 and game_state(response.text) == ("your-turn", 4)
    assert loaded(client, url).state == states[4] and rows(client, url) == 4
    stale = client.post(url + "/undo", data={"ply": 3, "undos": 1}, headers=HX)  # seen before the answer at ply 3
    assert game_state(stale.text) == ("your-turn", 2) and loaded(client, url).state == states[2]
    assert rows(client, url) == 2 and loaded(client, url).match.undos == 2
    over = finish(service, service.load(*url.split("/")[2:4]).match, url.split("/")[3])
    assert dom(client.get(url, headers=HX).text).select("#undo") == []
    refused = client.post(url + "/undo", data={"ply": over.ply, "undos": 2}, headers=HX)
    assert refused.status_code == 409 and text_of(refused.text, "#message") == t("fa", "msg_practice_over")
    assert rows(client, url) == over.ply == 48


def test_undo_is_refused_in_a_match(client):
    url = url_of(client.app.state.service.create("easy", 31, "table", seed=SEED))
    client.post(url + "/move", data={"ply": 0, **first_move(loaded(client, url).state)}, headers=HX)
    page = client.get(url, headers=HX).text
    assert dom(page).select("#undo") == []
    refused = client.post(url + "/undo", data={"ply": 1}, headers=HX)
    assert refused.status_code == 409 and text_of(refused.text, "#message") == t("fa", "msg_no_undo")
    assert rows(client, url) == 1


def test_a_computer_answer_thought_out_before_an_undo_is_not_written(client, monkeypatch):
    """The computer thinks outside the lock: an undo and another move can land meanwhile."""
    url = start(client)
    service = client.app.state.service
    match_id, secret = url.split("/")[2:4]
    state = loaded(client, url).state
    moves = state.legal_moves()
    assert len(moves) > 1
    service.play(match_id, secret, 0, moves[0])
    real_bot = bot

    class Interrupted:
        def choose(self, view):
            chosen_move = real_bot("easy", seed=1).choose(view)
            service.undo(match_id, secret, 1)
            service.play(match_id, secret, 0, moves[1])  # ply 1 again, another position
            return chosen_move

    monkeypatch.setattr(games.get("chaharbargh"), "bot", lambda level, seed=None, **kw: Interrupted())
    result = service.computer(match_id, secret, 1)
    assert not result.changed and result.ply == 1
    assert loaded(client, url).state == state.apply(moves[1]), "the stale answer was not written"


def test_a_practice_is_one_round_and_shows_only_that_round(client):
    url = start(client, level="easy")
    response = client.get(url, headers=HX)
    moves = 0
    while True:
        status, ply = game_state(response.text)
        if status == "practice-over":
            break
        assert status in ("your-turn", "computer-turn")
        if status == "computer-turn":
            response = client.post(url + "/computer", data={"ply": ply}, headers=HX)
            continue
        response = human_move(client, url, response.text, ply)
        moves += 1
    assert moves == 24
    final = response.text
    over = loaded(client, url)
    assert over.over and over.match.status == "over" and len(over.state.rounds) == 1
    mine, theirs = (s.total for s in over.state.rounds[0].score)
    result = t("fa", "round_won" if mine > theirs else "round_lost" if mine < theirs else "round_tied")
    assert text_of(final, "#sheet h2.winner") == f"{t('fa', 'practice_over')}: {result}"
    assert text_of(final, "#new-practice") == t("fa", "another_practice")
    assert dom(final).select("#hand, #table") == [], "the next round's cards are never shown"
    assert dom(final).select("#record") == []
    cells = [[td.get_text(strip=True) for td in row.select("td")] for row in dom(final).select("#scores tbody tr")]
    expected = [[digits(x, "fa") for x in (s.total, s.clubs, s.surs)] for s in over.state.rounds[0].score]
    assert cells == expected, "the panel shows the round played, not the next one the engine dealt"
    refused = client.post(url + "/move", data={"ply": ply, **first_move(over.state)}, headers=HX)
    assert refused.status_code == 409 and text_of(refused.text, "#message") == t("fa", "msg_practice_over")
    assert game_state(client.post(url + "/computer", data={"ply": ply}, headers=HX).text) == ("practice-over", ply)
    assert rows(client, url) == 48


def test_a_state_kept_late_from_before_an_undo_is_never_served(client):
    """Caching is by ply, and an undo lets one ply hold another move: the undo count tells them apart."""
    url = start(client)
    service = client.app.state.service
    match_id, secret = url.split("/")[2:4]
    start_state = loaded(client, url).state
    first, second = start_state.legal_moves()[:2]
    after_first = service.play(match_id, secret, 0, first)
    service.undo(match_id, secret, 1)
    service.play(match_id, secret, 0, second)
    service._keep(after_first.match, after_first.state)  # a slow request's late write to the cache
    assert service.load(match_id, secret).state == start_state.apply(second)


def test_a_form_from_before_an_undo_changes_nothing(client):
    url = start(client)
    state = loaded(client, url).state
    first, second = state.legal_moves()[:2]
    move = lambda m: {"card": str(m.card), "take": sorted(codes(m.takes))}  # noqa: E731
    client.post(url + "/move", data={"ply": 0, "undos": 0, **move(first)}, headers=HX)
    client.post(url + "/undo", data={"ply": 1, "undos": 0}, headers=HX)
    late = client.post(url + "/move", data={"ply": 0, "undos": 0, **move(first)}, headers=HX)  # the double click
    assert game_state(late.text) == ("your-turn", 0) and rows(client, url) == 0
    assert one(late.text, 'input[name="undos"]')["value"] == "1"
    client.post(url + "/move", data={"ply": 0, "undos": 1, **move(second)}, headers=HX)
    again = client.post(url + "/undo", data={"ply": 1, "undos": 0}, headers=HX)  # the undo's double click
    assert game_state(again.text) == ("computer-turn", 1) and rows(client, url) == 1
    assert loaded(client, url).state == state.apply(second)


def test_without_javascript_a_practice_move_waits_for_the_button_so_it_can_be_taken_back(client):
    url = start(client)
    form = {"ply": 0, **first_move(loaded(client, url).state)}
    assert client.post(url + "/move", data=form, follow_redirects=False).status_code == 303
    page = client.get(url).text
    assert game_state(page) == ("computer-turn", 1)
    assert text_of(page, "#computer-go") == t("fa", "computer_go") and text_of(page, "#undo") == t("fa", "undo")
    assert client.post(url + "/undo", data={"ply": 1}, follow_redirects=False).status_code == 303
    assert game_state(client.get(url).text) == ("your-turn", 0)


def test_practice_rounds_keep_a_short_list_of_their_own(client):
    match = client.post("/matches", data={"level": "easy", "target": "31", "preset": "table"}, follow_redirects=False)
    for _ in range(5):
        client.post("/practice", data={"level": "easy"})
    home = client.get("/").text
    items = texts(home, "#saved li span")
    practices = [item for item in items if item.startswith(t("fa", "saved_practice") + t("fa", "sep").rstrip())]
    assert len(items) == 4 and len(practices) == 3
    assert match.headers["location"] in [a["href"] for a in dom(home).select("#saved li a")]
    assert not any("–" in item for item in practices), "a practice shows no match score"
