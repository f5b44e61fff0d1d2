"""All Fours at the web table, through HTTP: creating a match from the home page's form, refusals
that create nothing, whole matches at 2 and 4 seats driven through the table's own forms (and no
response showing another seat's hand, the stock or the seed), compare-and-set on a stale ply, and
the finished match's record replaying; matches stored before the cut for the deal."""

from __future__ import annotations

import json
from itertools import count
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert, text

from app.i18n import card_name, digits, t
from app.models import MoveRow, now
from engine import allfours
from engine.cards import CARDS
from tests.app.app_helpers import (
    HX,
    attribute_values,
    create_allfours,
    dom,
    finish,
    game_state,
    in_view,
    loaded,
    one,
    play_due,
    state_of,
    text_of,
    url_of,
)

OLD_RECORDS = Path(__file__).resolve().parents[1] / "allfours" / "records"  # written before the cut


def matches(client: TestClient) -> int:
    with client.app.state.service.engine.connect() as conn:
        return conn.execute(text("SELECT count(*) FROM match")).scalar_one()


def create(client: TestClient, **fields: str) -> str:
    form = {"game": "allfours", "level": "easy", "players": "2", **fields}
    response = client.post("/matches", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    return response.headers["location"]


def create_dealt_by(client: TestClient, dealer: int, players: int = 2) -> str:
    """A match whose cut makes `dealer` deal first: the first seed the engine cuts that way."""
    rules = allfours.Rules(players=players)
    seed = next(s for s in count() if allfours.new_match(s, rules).dealer == dealer)
    return url_of(create_allfours(client.app.state.service, "easy", players, seed=seed))


def hidden(state: allfours.MatchState) -> set[str]:
    """The cards seat 0 may not see: every other hand (a partner's too) and the stock."""
    return {str(c) for seat in range(1, state.players) for c in state.hand(seat)} | {str(c) for c in state.stock}


def check_hidden(html: str, state: allfours.MatchState) -> None:
    page = in_view(html)
    secret = hidden(state)
    attributes = attribute_values(page)
    assert not set(attributes) & secret, "a hidden card's code is an attribute's value"
    words = (page.get_text(" ") + " " + " ".join(attributes)).lower()
    # A kick's line names the card turned up for it, a public card; after a redeal (the stock ran
    # out while running the cards) that card is shuffled back and may now be in a hidden hand:
    # the line names a past, public event and says nothing of where the card is now.
    kicked = {str(line.card) for line in state.lines if line.kind == "kick" and line.card is not None}
    # The cut for the first deal names the cards cut from a pack of its own, shuffled again for
    # the deal: a public event too, which says nothing of any hand.
    cut = {str(c.card) for attempt in state.cut.attempts for c in attempt} if state.cut else set()
    for code in secret - kicked - cut:
        for lang in ("fa", "en"):
            assert card_name(code, lang).lower() not in words, f"hidden {code} named in the page"
    if not state.finished:
        assert str(state.seed) not in html


def play_through(client: TestClient, url: str, lang: str = "en", limit: int = 3000) -> allfours.MatchState:
    """Play the match to its end through the table's forms: the person takes the first move
    offered (a decision's button or the first card not aria-disabled), the computer seats move
    by their own POST, and each round's sheet is closed with "next round"."""
    client.cookies.set("lang", lang)
    html = client.get(url, headers=HX).text
    for _ in range(limit):
        state = state_of(client, url)
        check_hidden(html, state)
        status, ply = game_state(html)
        assert ply == loaded(client, url).ply
        if status == "match-over":
            return state
        if status == "round-over":
            assert dom(html).select("#sheet")
            # the engine has dealt the next round already; the panel names the round on the sheet
            assert one(html, "#round-no").get_text() == digits(len(state.rounds), lang)
            html = client.post(url + "/next", data={"ply": ply}, headers=HX).text
        elif status == "computer-turn":
            html = client.post(url + "/computer", data={"ply": ply}, headers=HX).text
        else:
            assert status == "your-turn"
            page = dom(html)
            decisions = page.select("#decisions [data-move]")
            cards = page.select("#hand button[data-card]")
            legal = {str(m) for m in state.legal_moves()}
            if decisions:
                assert {b["data-move"] for b in decisions} == legal
                move = decisions[0]["data-move"]
            else:
                allowed = {b["data-card"] for b in cards if b.get("aria-disabled") != "true"}
                assert allowed == legal  # aria-disabled is exactly the follow-suit rule
                assert {b["data-card"] for b in cards} == {str(c) for c in state.hand(0)}
                move = next(b["data-card"] for b in cards if b.get("aria-disabled") != "true")
            html = client.post(url + "/allfours", data={"ply": ply, "move": move}, headers=HX).text
            assert game_state(html)[1] == ply + 1
    raise AssertionError("the match did not end")


def test_home_offers_the_game(client: TestClient) -> None:
    page = client.get("/?lang=en").text
    values = {i["value"] for i in dom(page).select('#new-match-form input[name="game"]')}
    assert values == {"chaharbargh", "allfours"}
    assert one(page, '#new-match-form input[name="game"][checked]')["value"] == "chaharbargh"


def test_create_two_and_four(client: TestClient) -> None:
    for players in (2, 4):
        url = create(client, players=str(players), level="medium", target="62", preset="pagat")
        match = loaded(client, url).match
        assert (match.game, match.level, match.mode) == ("allfours", "medium", "match")
        state = state_of(client, url)
        assert isinstance(state, allfours.MatchState)
        assert state.rules == allfours.Rules(players=players)  # Chaharbargh's target and preset are not read
        page = client.get(url).text
        assert one(page, "#game")["data-game"] == "allfours"
        assert len(dom(page).select("#hand [data-card]")) == 6
        assert len(dom(page).select("#turnup [data-card]")) == 1
        assert len(dom(page).select("#seats .seat")) == players - 1
        partner = dom(page).select('#seats [data-partner="true"]')
        assert [p["data-seat"] for p in partner] == (["2"] if players == 4 else [])
    default = client.post("/matches", data={"level": "easy"}, follow_redirects=False).headers["location"]
    assert loaded(client, default).match.game == "chaharbargh"  # the default game


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"game": "whist"}, "msg_bad_game"),
        ({"players": "3"}, "msg_af_bad_players"),
        ({"players": "5"}, "msg_bad_players"),
        ({"level": "grandmaster"}, "msg_bad_level"),
    ],
)
def test_refusals_create_nothing(client: TestClient, fields: dict, message: str) -> None:
    before = matches(client)
    form = {"game": "allfours", "level": "easy", "players": "2", **fields}
    response = client.post("/matches?lang=en", data=form, follow_redirects=False)
    assert response.status_code == 400
    assert t("en", message) in response.text
    assert matches(client) == before


@pytest.mark.parametrize("players", [2, 4])
def test_whole_match_at_easy(client: TestClient, players: int) -> None:
    url = create(client, players=str(players))
    state = play_through(client, url, lang="fa" if players == 4 else "en")
    assert state.finished and max(state.totals) >= 14
    page = client.get(url + "?lang=en").text
    assert one(page, "#game")["data-state"] == "match-over"
    assert dom(page).select("#sheet-lines") or dom(page).select("#sheet")
    won = state.winner == 0  # seat 0's side, a seat or a team
    said = ("team_won" if won else "team_lost") if players == 4 else ("you_won" if won else "computer_won")
    assert text_of(page, "#sheet-h") == f"{t('en', 'match_over')}: {t('en', said)}", "who won, said as a sentence"
    moves, lines = len(state.rounds[-1].moves), dom(page).select("#log li")
    if lines:  # (a match can end on the kick of a round with no move yet)
        assert one(page, "#log")["start"] == str(moves - len(lines) + 1), "numbered by their place in the round"
    assert one(page, "#record")["href"] == url + "/record.json"
    data = client.get(url + "/record.json").json()
    assert data["format"] == "allfours-record/2"
    assert allfours.replay(data) == state
    # the whole match's moves as stored are the record's moves, round by round
    moves = [m["move"] for r in data["rounds"] for m in r["moves"]]
    assert len(moves) == loaded(client, url).ply
    # the match end's rematch: the same game and seats, a new deal
    again = client.post(url + "/rematch", follow_redirects=False)
    assert again.status_code == 303
    fresh = loaded(client, again.headers["location"])
    assert fresh.match.game == "allfours" and fresh.state.rules == state.rules and fresh.ply == 0


def test_round_sheet_lists_the_engines_lines(client: TestClient) -> None:
    url = create(client)
    client.cookies.set("lang", "en")
    html = client.get(url, headers=HX).text
    for _ in range(400):
        status, ply = game_state(html)
        if status == "round-over":
            break
        if status == "computer-turn":
            html = client.post(url + "/computer", data={"ply": ply}, headers=HX).text
        else:
            move = str(state_of(client, url).legal_moves()[0])
            html = client.post(url + "/allfours", data={"ply": ply, "move": move}, headers=HX).text
    log = state_of(client, url).rounds[0]
    rows = dom(html).select("#sheet-lines tbody tr:not(.sum)")
    assert len(rows) == len(log.lines)
    kinds = {
        "high": "High",
        "low": "Low",
        "jack": "Jack",
        "hang_jack": "Hang jack",
        "game": "Game",
        "kick": "Kick",
        "one": "take one",
    }
    for row, line in zip(rows, log.lines, strict=True):
        assert kinds[line.kind] in row.get_text(" ")
    decisions = [p.move.decision for p in log.moves if p.move.card is None]
    words = {"stand": "Stand", "beg": "Beg", "one": "Take one", "run": "Run the cards"}
    said = one(html, "#sheet-decisions").get_text(" ")
    assert all(words[d] in said for d in decisions) and said.count(":") == len(decisions) + 1
    # the next round is already dealt, but its cards are not on the sheet's page
    check_hidden(html, state_of(client, url))


def test_stale_ply_changes_nothing(client: TestClient) -> None:
    url = create(client)
    client.cookies.set("lang", "en")
    state = state_of(client, url)
    while state.turn != 0:  # the computer seat deals first: wait for the person's turn
        client.post(url + "/computer", data={"ply": loaded(client, url).ply})
        state = state_of(client, url)
    ply = loaded(client, url).ply
    move = str(state.legal_moves()[0])
    first = client.post(url + "/allfours", data={"ply": ply, "move": move}, headers=HX)
    assert game_state(first.text)[1] == ply + 1
    again = client.post(url + "/allfours", data={"ply": ply, "move": move}, headers=HX)
    assert again.status_code == 200 and t("en", "msg_already") in again.text
    assert loaded(client, url).ply == ply + 1


def test_refused_moves(client: TestClient) -> None:
    url = create_dealt_by(client, dealer=1)
    client.cookies.set("lang", "en")
    state = state_of(client, url)
    ply = loaded(client, url).ply
    assert state.turn == 0 and state.phase == "beg"  # seat 1 deals first, seat 0 decides
    for move, status in (("run", 400), ("7X", 400), (str(state.hand(0)[0]), 400), ("", 400)):
        response = client.post(url + "/allfours", data={"ply": ply, "move": move}, headers=HX)
        assert response.status_code == status, move
        assert loaded(client, url).ply == ply
    # a Chaharbargh move form at an All Fours table changes nothing
    response = client.post(url + "/move", data={"ply": ply, "card": str(state.hand(0)[0])}, headers=HX)
    assert response.status_code == 400 and loaded(client, url).ply == ply


def test_record_only_when_over(client: TestClient) -> None:
    url = create(client)
    assert client.get(url + "/record.json").status_code == 409


def test_resume_from_home(client: TestClient) -> None:
    url = create(client, players="4")
    home = client.get("/?lang=en").text
    assert url in [a["href"] for a in dom(home).select("#saved a")]
    page = client.get(url).text
    assert one(page, "#game")["data-players"] == "4"


def test_rules_page(client: TestClient) -> None:
    for lang in ("fa", "en"):
        page = client.get(f"/rules/allfours?lang={lang}")
        assert page.status_code == 200
        assert one(page.text, "#exposed-card")
        assert one(page.text, "#afr-deal ~ #afr-cut")  # the cut for the first deal, in the deal's section
    english = text_of(client.get("/rules/allfours?lang=en").text, "#afr-cut")
    assert "highest card deals first" in english and "cut again" in english


def test_no_deck_card_is_unaccounted() -> None:
    """The test's own notion of hidden cards: with the hand, the turned cards and the table, every card."""
    state = allfours.new_match(5, allfours.Rules(players=4))
    seen = {str(c) for c in state.hand(0)} | {str(c) for c in state.turned}
    assert seen | hidden(state) == {str(c) for c in CARDS}


def test_history_lists_an_all_fours_match(client: TestClient) -> None:
    url = create(client, players="4")
    page = client.get("/history?lang=en")
    assert page.status_code == 200 and url in page.text


def test_without_javascript_a_move_redirects_and_the_page_reloads_until_the_computers_answered(
    client: TestClient,
) -> None:
    """A plain form post (no HTMX) answers 303 to the table, which reloads while the computer
    seats' moves are due; the round owner plays them."""
    url = create_dealt_by(client, dealer=3, players=4)
    ply = loaded(client, url).ply
    state = state_of(client, url)
    assert state.turn == 0  # seat 3 deals, seat 0 decides first
    response = client.post(url + "/allfours", data={"ply": ply, "move": "stand"}, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == url
    assert loaded(client, url).ply == ply + 1  # the person stood and leads the first trick
    card = str(state_of(client, url).legal_moves()[0])
    response = client.post(url + "/allfours", data={"ply": ply + 1, "move": card}, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == url
    assert one(client.get(url).text, 'noscript meta[http-equiv="refresh"]')["content"] == "1"
    play_due(client)
    after = loaded(client, url)
    assert after.ply >= ply + 5 and not after.computer_to_play  # the computer seats played up to the person
    page = client.get(url).text
    assert one(page, "#game")["data-state"] in ("your-turn", "round-over", "match-over")


@pytest.mark.parametrize("players", [2, 4])
def test_a_match_stored_before_the_cut_plays_on_as_it_was_dealt(client: TestClient, players: int) -> None:
    """A match stored before the cut for the deal: its rules JSON has no first_dealer and its
    moves were played with the last seat dealing first. It loads as it was played, plays on to
    its end, and its rematch cuts like any new match."""
    name = {2: "two", 4: "four"}[players]
    data = json.loads((OLD_RECORDS / f"allfours-record-1-{name}-players.json").read_text())
    moves = data["rounds"][0]["moves"][:-2]  # round one, in play: its last trick not finished
    service = client.app.state.service
    match = create_allfours(service, "easy", players, seed=data["seed"])
    with service.engine.begin() as connection:  # the row and moves as the site stored them then
        old_rules = json.dumps({"players": players, "target": 14})
        connection.execute(
            text("UPDATE match SET rules = :rules, ply = :ply WHERE id = :id"),
            {"rules": old_rules, "ply": len(moves), "id": match.id},
        )
        rows = [{"match_id": match.id, "ply": i, "created_at": now(), **m} for i, m in enumerate(moves)]
        connection.execute(insert(MoveRow.__table__), rows)
    url = url_of(match)
    state = state_of(client, url)
    assert state.rules.first_dealer == "last" and state.cut is None and state.ply == len(moves)
    assert state.current.dealer == players - 1 and state.round_no == 0
    assert [{"seat": p.seat, "move": str(p.move)} for p in state.moves] == moves
    page = client.get(url + "?lang=en").text
    assert one(page, "#game")["data-ply"] == str(len(moves)) and not dom(page).select("#af-cut")  # nobody cut
    done = finish(service, match)
    assert done.over and done.state.rounds[0].dealer == players - 1
    assert allfours.replay(client.get(url + "/record.json").json()) == done.state
    again = client.post(url + "/rematch", follow_redirects=False).headers["location"]
    fresh = loaded(client, again)
    assert json.loads(fresh.match.rules)["first_dealer"] == "cut"
    assert fresh.state.rules == allfours.Rules(players=players) and fresh.state.cut is not None


def test_the_table_tells_the_cut_for_the_first_deal_during_round_one(client: TestClient) -> None:
    """Seed 2 (the rule book's tie): both cut a five, then your king beats the computer's two,
    so you deal and the computer stands or begs. Seed 13 with four: two queens tie, and of the
    two, the left opponent's four of hearts beats your three of clubs."""
    service = client.app.state.service
    two = create_allfours(service, "easy", 2, seed=2)
    url = url_of(two)
    page = client.get(url + "?lang=en").text
    assert text_of(page, "#af-cut") == (
        "Cut for the deal: You: five of spades, Computer: five of hearts. "
        "A tie, so they cut again: You: king of spades, Computer: two of hearts. "
        "You cut the highest card and deal first."
    )
    assert text_of(page, "#dealer") == "You" and one(page, "#game")["data-state"] == "computer-turn"
    page = client.get(url + "?lang=fa").text
    assert one(page, "html")["dir"] == "rtl"
    assert text_of(page, "#af-cut") == (
        "برای تعیین پخش‌کننده برگ کشیدند: شما: پنج پیک، رایانه: پنج دل. "
        "مساوی شد و دوباره کشیدند: شما: شاه پیک، رایانه: دو دل. "
        "برگ شما از همه بالاتر بود؛ اول شما پخش می‌کنید."
    )
    four = url_of(create_allfours(service, "easy", 4, seed=13))
    page = client.get(four + "?lang=en").text
    assert text_of(page, "#af-cut") == (
        "Cut for the deal: You: queen of clubs, Right opponent: jack of clubs, Your partner: three of diamonds, "
        "Left opponent: queen of hearts. A tie, so they cut again: You: three of clubs, Left opponent: four of "
        "hearts. Left opponent cut the highest card and deals first."
    )
    assert text_of(page, "#dealer") == "Left opponent" and one(page, "#game")["data-state"] == "your-turn"
    # once round one is over the cut is history: the next rounds' tables do not tell it
    loaded_ = service.load(two.id, two.secret)
    while loaded_.state.round_no == 0 and not loaded_.over:
        if loaded_.human_to_play:
            loaded_ = service.play(two.id, two.secret, loaded_.ply, loaded_.state.legal_moves()[0])
        else:
            loaded_ = service.computer(two.id, two.secret, loaded_.ply)
    assert dom(client.get(url + "?lang=en").text).select("#af-cut") == []  # the round sheet
    if not loaded_.over:
        service.next_round(two.id, two.secret, loaded_.ply)
        page = client.get(url + "?lang=en").text
        assert one(page, "#round-no").get_text() == "2" and dom(page).select("#af-cut") == []


def test_the_table_names_its_game_explains_begging_and_keeps_the_trick_just_won(client: TestClient) -> None:
    """The header says All Fours, not Chaharbargh; the stand-or-beg question
    says what begging does; when the computer wins a trick and leads the next, the trick it won
    stays in sight beside the new one, with who won it; Persian says «دست» for a trick, as
    Persian trick-game players do."""
    service = client.app.state.service
    url = create_dealt_by(client, dealer=1)  # seat 0, to the dealer's right, stands or begs
    for lang in ("fa", "en"):
        page = client.get(f"{url}?lang={lang}").text
        assert text_of(page, ".brand") == t(lang, "af_title")
        assert [b["data-move"] for b in dom(page).select("#decisions [data-move]")] == ["stand", "beg"]
        assert text_of(page, "#af-explain") == t(lang, "af_beg_explain")
    assert "دست" in t("fa", "af_trick") and "دست" in t("fa", "af_last_trick")
    match_id, secret = url.split("/")[2:4]
    loaded_match = service.load(match_id, secret)
    while True:  # on until the computer has won a trick and led the next one
        view = allfours.observation(loaded_match.state, 0)
        if view.tricks and view.tricks[-1].winner != 0 and len(view.trick) == 1 and view.turn == 0:
            break
        assert not loaded_match.over and not loaded_match.sheet_pending, "no such moment in the first round"
        if loaded_match.human_to_play:
            move = loaded_match.state.legal_moves()[0]
            loaded_match = service.play(match_id, secret, loaded_match.ply, move)
        else:
            loaded_match = service.computer(match_id, secret, loaded_match.ply)
    page = client.get(f"{url}?lang=en").text
    won = view.tricks[-1]
    assert [f["data-card"] for f in dom(page).select("#last-trick [data-card]")] == [str(c) for c in won.cards]
    winner = t("en", "af_won_by", who=t("en", f"seat_2_{won.winner}"))
    assert text_of(page, ".af-last-box .af-label") == f"{t('en', 'af_last_trick')} ({winner})"
    assert [f["data-card"] for f in dom(page).select("#trick [data-card]")] == [str(view.trick[0])]
    assert one(page, "#last-trick .af-wins")["data-card"] == str(won.cards[(won.winner - won.leader) % 2])


def two_people_allfours(client: TestClient, seed: int) -> tuple[str, dict[int, str]]:
    """An All Fours table of two people (no move clock): its id and each seat's secret."""
    service = client.app.state.service
    match = service.create_game("allfours", "easy", allfours.Rules(players=2), seed, seats=["person"], clock=0)
    claimed, _ = service.claim(match.id, service.load(match.id, match.secret).seats.invite(1), "Ana")
    return match.id, {0: match.secret, 1: service.secret_of(claimed, 1)}


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_after_the_cards_are_run_the_table_says_so_and_marks_the_trumps_in_the_hand(client, lang) -> None:
    """Seat 0 leads and begs, the dealer at seat 1 runs the cards: until the first trick is
    taken the table says how many more cards each seat got and what is trump now; the trumps
    in the hand are marked, in words too; the other seat's hand is drawn as backs."""
    seed = next(s for s in count() if allfours.new_match(s, allfours.Rules(players=2)).dealer == 1)
    match_id, secret = two_people_allfours(client, seed)
    service = client.app.state.service
    before = service.load(match_id, secret[0]).state.turned[-1]
    service.play(match_id, secret[0], 0, "beg")
    service.play(match_id, secret[1], 1, "run")
    state = service.load(match_id, secret[0]).state
    assert len(state.turned) > 1  # for this seed the run turns up a new trump (no redeal from a fresh deck)
    url = f"/m/{match_id}/{secret[0]}?lang={lang}"
    page = client.get(url).text
    hand = state.hand(0)
    more, trump = len(hand) - 6, state.turned[-1]  # six dealt, then three more each per card turned after
    assert more in (3, 6, 9) and trump.suit != before.suit
    said = text_of(page, "#af-ran")
    assert digits(more, lang) in said and card_name(str(trump), lang) in said and t(lang, f"suit_{trump.suit}") in said
    marked = {b["data-card"] for b in dom(page).select("#hand [data-trump]")}
    assert marked == {str(c) for c in hand if c.suit == trump.suit} and marked
    for card in dom(page).select("#hand .card[data-card]"):
        words = card.get("aria-label") or card.select_one("svg[aria-label]")["aria-label"]
        assert (t(lang, "af_trump_card") in words) == (card["data-card"] in marked)
    assert len(dom(page).select("#seat-1 .backs .back-card")) == len(state.hand(1)) > 0
    lead = next(m for m in state.legal_moves() if m.card is not None)
    service.play(match_id, secret[0], 2, lead)
    assert dom(client.get(url).text).select("#af-ran")  # the first trick is not taken yet
    loaded_ = service.load(match_id, secret[1])
    service.play(match_id, secret[1], 3, loaded_.game.legal_moves(loaded_.state)[0])
    assert not dom(client.get(url).text).select("#af-ran")  # a trick taken: the table has moved on


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_a_tied_count_for_game_says_that_nobody_scores_it(client, lang) -> None:
    """Both seats play their first legal move through a round; for this seed the count for Game
    comes out even (each side's tens, aces, kings, queens and jacks, counted here from its
    tricks), so no side scores Game and the sheet says so."""
    seed, values = 27, {1: 4, 13: 3, 12: 2, 11: 1, 10: 10}  # ace 4, king 3, queen 2, jack 1, ten 10
    match_id, secret = two_people_allfours(client, seed)
    service = client.app.state.service
    loaded_ = service.load(match_id, secret[0])
    while not loaded_.sheet_pending:
        loaded_ = service.play(match_id, secret[loaded_.turn], loaded_.ply, loaded_.game.legal_moves(loaded_.state)[0])
    log = loaded_.state.rounds[0]
    counts = [0, 0]
    for trick in log.tricks:
        counts[trick.winner % 2] += sum(values.get(c.rank, 0) for c in trick.cards)
    assert counts[0] == counts[1]
    page = client.get(f"/m/{match_id}/{secret[0]}?lang={lang}").text
    words = text_of(page, "#game-counts")
    assert words.endswith(t(lang, "af_game_tied")) and digits(counts[0], lang) in words
    assert "game" not in [line.kind for line in log.lines]
