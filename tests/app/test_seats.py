"""The table for three and four seats and the open hand, through HTTP: the other seats, the
partner, the dealer and the turn, sides in the score panel and the round sheet, the rules
summary, the computer seats moving one after another, showing a card, and old matches."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import text

from app.i18n import card_name, t
from engine import Rules, new_match, observation
from tests.app.app_helpers import HX, dom, game_state, one, play_due, state_of, text_of, texts, url_of

SEED = 4_411_000_000_000_000_000


def start(client, seed: int = SEED, **options) -> str:
    return url_of(client.app.state.service.create("easy", seed=seed, **options))


def seats(html: str) -> dict[int, dict]:
    found = {}
    for element in dom(html).select("#seats [data-seat]"):
        found[int(element["data-seat"])] = {
            "partner": element["data-partner"] == "true",
            "dealer": element.get("data-dealer") == "true",
            "to_play": element.get("data-to-play") == "true",
            "count": element.select_one(".hand-count").get_text(strip=True),
            "backs": len(element.select(".back-card")),
            "face_up": [c["data-card"] for c in element.select("[data-card]")],
            "name": element["aria-label"],
        }
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_other_seat_is_shown_with_what_may_be_seen_of_it(client, players):
    url = start(client, players=players, target=40)
    page = client.get(url + "?lang=en").text
    state = state_of(client, url)
    shown = seats(page)
    assert sorted(shown) == list(range(1, players))
    for seat, facts in shown.items():
        assert facts["partner"] is (Rules(players=players).partner_of(0) == seat)
        assert facts["dealer"] is (state.dealer == seat)  # round one: the last seat deals (rules-choices)
        assert facts["count"] == "4" and facts["backs"] == 4 and facts["face_up"] == []
        assert facts["name"] == t("en", f"seat_{players}_{seat}")
    assert shown[players - 1]["dealer"] and game_state(page) == ("your-turn", 0)
    order = text_of(page, "#turn-order")
    assert order.index(t("en", "you")) < order.index(t("en", f"seat_{players}_1"))
    # the score panel: one line per side, teams as one
    rows = texts(page, "#scores tbody th")
    expected = (
        [t("en", "team_0"), t("en", "team_1")]
        if players == 4
        else [t("en", "you")] + [t("en", f"seat_{players}_{s}") for s in range(1, players)]
    )
    assert rows == expected


def test_the_rules_summary_names_every_house_rule_chosen(client):
    url = start(client, players=3, target=45, preset="pagat", jack_sur=True, sur_points=8, open_hand=True)
    summary = texts(client.get(url + "?lang=en").text, "#rules-summary li")
    assert summary == [
        t("en", "summary_players", n=3),
        t("en", "summary_target", n=45),
        "Forced capture: per card",
        t("en", "summary_sur_points", n=8),
        "Jack sur",
        "Surs cancel",
        t("en", "summary_cutoff", n=50),
        "Open hand",
    ]


def test_the_computer_seats_move_one_after_another_each_named(client):
    url = start(client, players=4, target=30)
    state = state_of(client, url)
    move = state.legal_moves()[0]
    data = {"ply": 0, "card": str(move.card), "take": [str(c) for c in sorted(move.takes)]}
    response = client.post(url + "/move", data=data, headers=HX)
    for seat in (1, 2, 3):  # each computer seat by its own move (the round owner's, each after its pause)
        assert game_state(response.text) == ("computer-turn", seat)
        assert seats(response.text)[seat]["to_play"]
        assert client.app.state.owner.run_due() == 1  # due one at a time: the next is due once this is shown
        response = client.get(url, headers=HX)  # the table as the stream brings it
        played = state_of(client, url).last
        assert played.seat == seat
        who = t("fa", f"seat_4_{seat}")
        name = card_name(str(played.move.card), "fa")
        assert text_of(response.text, "#announce").startswith(t("fa", "computer_played", who=who, card=name))
        assert texts(response.text, "#log li")[-1].startswith(who + ":")
    assert game_state(response.text) == ("your-turn", 4)


def test_without_javascript_the_page_reloads_until_every_computer_seat_has_answered(client):
    url = start(client, players=3, target=30)
    move = state_of(client, url).legal_moves()[0]
    data = {"ply": 0, "card": str(move.card), "take": [str(c) for c in sorted(move.takes)]}
    response = client.post(url + "/move", data=data, follow_redirects=False)
    assert response.status_code == 303 and state_of(client, url).ply == 1
    assert one(client.get(url).text, 'noscript meta[http-equiv="refresh"]')["content"] == "1"
    assert play_due(client) == 2  # both computer seats, each in its own pass
    state = state_of(client, url)
    assert state.ply == 3 and state.turn == 0 and [p.seat for p in state.current.moves] == [0, 1, 2]
    assert not dom(client.get(url).text).select('meta[http-equiv="refresh"]')  # the person's turn


def test_the_open_hand_asks_the_person_to_show_a_card_and_shows_every_seats(client):
    url = start(client, players=4, target=30, open_hand=True)
    page = client.get(url + "?lang=en").text
    state = state_of(client, url)
    assert state.must_show and one(page, "#game")["data-must-show"] == "true"
    assert text_of(page, "#hint") == t("en", "must_show")
    buttons = dom(page).select("#hand button")
    assert [b["value"] for b in buttons] == [f"show:{c}" for c in state.hand(0)]
    assert dom(page).select("#action") == []
    # a show with a capture, or a card played when one must be shown, is refused and changes nothing
    code = str(state.hand(0)[0])
    refused = client.post(url + "/move", data={"ply": 0, "card": f"show:{code}", "take": "4D"}, headers=HX)
    assert refused.status_code == 400 and text_of(refused.text, "#message") == t("en", "msg_garbage")
    played = client.post(url + "/move", data={"ply": 0, "card": code}, headers=HX)
    assert played.status_code == 400 and text_of(played.text, "#message") == t("en", "msg_must_show")
    assert state_of(client, url).ply == 0
    response = client.post(url + "/move", data={"ply": 0, "card": f"show:{code}"}, headers=HX)
    assert game_state(response.text) == ("computer-turn", 1)
    assert one(response.text, f'#hand [data-card="{code}"]')["data-face-up"] == "true"
    for seat in (1, 2, 3):
        response = client.post(url + "/computer", data={"ply": seat}, headers=HX)
        shown = state_of(client, url).face_up
        face_up = seats(response.text)[seat]["face_up"]
        assert len(face_up) == 1 and face_up[0] in {str(c) for c in shown}
        assert seats(response.text)[seat]["backs"] == 3
        who = t("en", f"seat_4_{seat}")
        assert text_of(response.text, "#announce").startswith(
            t("en", "seat_showed", who=who, card=card_name(face_up[0], "en"))
        )
    state = state_of(client, url)
    assert state.turn == 0 and not state.must_show and game_state(response.text)[0] == "your-turn"
    rows = (
        client.app.state.service.engine.connect()
        .execute(text("SELECT move FROM move WHERE match_id = :m ORDER BY ply"), {"m": url.split("/")[2]})
        .scalars()
        .all()
    )
    assert rows[0] == f"show:{code}" and all(r.startswith("show:") for r in rows)


def test_a_match_stored_before_this_change_still_loads_and_plays(client):
    """Old rows hold the two-player `Rules.to_dict()` JSON of their day; nothing in the schema changed."""
    service = client.app.state.service
    match = service.create("medium", 31, "pagat", seed=SEED + 5)
    old_json = json.dumps(Rules.preset("pagat", target=31).to_dict(), sort_keys=True)
    with service.engine.begin() as conn:
        conn.execute(text("UPDATE match SET rules = :r WHERE id = :m"), {"r": old_json, "m": match.id})
    url = url_of(match)
    page = client.get(url).text
    assert game_state(page) == ("your-turn", 0) and sorted(seats(page)) == [1]
    assert one(page, "#opponent")["data-seat"] == "1"
    state = state_of(client, url)
    assert state.rules == Rules.preset("pagat", target=31) and state == new_match(SEED + 5, state.rules)
    move = state.legal_moves()[0]
    data = {"ply": 0, "card": str(move.card), "take": [str(c) for c in sorted(move.takes)]}
    assert game_state(client.post(url + "/move", data=data, headers=HX).text) == ("computer-turn", 1)
    assert game_state(client.post(url + "/computer", data={"ply": 1}, headers=HX).text) == ("your-turn", 2)


def test_the_round_sheet_shows_teams_as_one_side_with_both_partners_cards(client):
    service = client.app.state.service
    url = start(client, players=4, target=500)
    match_id, secret = url.split("/")[-2:]
    while not state_of(client, url).rounds:  # a whole round, every seat by the engine's first move
        state = state_of(client, url)
        if state.turn == 0:
            service.play(match_id, secret, state.ply, state.legal_moves()[0])
        else:
            service.computer(match_id, secret, state.ply)
    state = state_of(client, url)
    page = client.get(url + "?lang=en").text
    assert game_state(page)[0] == "round-over"
    heads = texts(page, "#sheet .sheet-table thead th")[1:]
    assert heads == [t("en", "team_0"), t("en", "team_1")]
    log = state.rounds[-1]
    aces = [
        row
        for row in dom(page).select("#sheet .sheet-table tbody tr")
        if row.th.get_text(strip=True) == t("en", "line_aces")
    ][0]
    for side, cell in enumerate(aces.select("td")):
        line = next(line for line in log.score[side].lines if line.item == "aces")
        names = {m["aria-label"] for m in cell.select(".mini")}
        assert names == {card_name(str(c), "en") for c in line.cards}
        assert cell.select_one(".points").get_text(strip=True) == str(line.points)
    # both partners' aces are behind their team's line: the team's pile is both seats' captures
    team = {c for seat in (0, 2) for p in log.moves if p.seat == seat for c in (p.move.card, *p.move.takes)}
    assert {c for c in log.piles[0] if c.rank == 1} <= team | set(log.leftover.cards if log.leftover else ())
    assert observation(state, 0).rules.seats_of(0) == (0, 2)
