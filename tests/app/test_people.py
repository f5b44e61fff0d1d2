"""The people a person played with, "invite again", the export and deleting oneself
(app/routes/people.py, app/invitations.py, app/your_data.py). Each `TestClient` is a browser of
its own: two people, two cookies."""

from __future__ import annotations

import itertools
import json
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlmodel import SQLModel

from app.i18n import t
from engine.fairness import verify
from tests.app.app_helpers import Clock, clocked_app, dom, game_state, human_move, leaks, session_person, text_of


@pytest.fixture
def app(db_url: str):
    bot_seeds = itertools.count(2**61 + 987_654_321)  # as long as real ones, so a leak would show
    return clocked_app(db_url, Clock(), new_bot_seed=lambda: next(bot_seeds))


@pytest.fixture
def ali(app):
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        yield client


@pytest.fixture
def sara(app):
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        yield client


def played(ali: TestClient, sara: TestClient) -> tuple[str, str]:
    """Ali makes a two-seat match with a person seat, Sara takes it by its invite, and the two
    play it to its end, each from their own seat's address (the first legal move each turn)."""
    made = ali.post(
        "/matches", data={"level": "easy", "players": "2", "seat1": "person", "target": "11", "name": "Ali"}
    )
    ali_url = str(made.url.path)
    invite = dom(ali.get(ali_url).text).select_one('#invites a[data-invite-seat="1"]')["href"]
    sara_url = sara.post(invite, data={"name": "Sara"}, follow_redirects=False).headers["location"]
    service = ali.app.state.service
    secrets = {0: ali_url.split("/")[3], 1: sara_url.split("/")[3]}
    match_id = ali_url.split("/")[2]
    loaded = service.load(match_id, secrets[0])
    while not loaded.over:
        if loaded.sheet_pending:
            loaded = service.next_round(match_id, secrets[0], loaded.ply)
            continue
        here = service.load(match_id, secrets[loaded.turn])
        loaded = service.play(match_id, secrets[loaded.turn], here.ply, here.game.legal_moves(here.state)[0])
    return ali_url, sara_url


def people(client: TestClient, lang: str = "en") -> list[tuple[str, str]]:
    page = dom(client.get(f"/me?lang={lang}").text)
    return [(text_of(str(li), ".person-name"), text_of(str(li), "[data-record]")) for li in page.select("#people li")]


def record(lang: str, won: int, lost: int, together: int = 1) -> str:
    words = t(lang, "people_record", won=won, lost=lost, drawn=0)
    return words + t(lang, "sep") + t(lang, "people_together_one" if together == 1 else "people_together", n=together)


def test_each_sees_the_other_with_the_record_of_their_own_side(ali, sara):
    ali_url, _ = played(ali, sara)
    winner = ali.app.state.service.load(*ali_url.split("/")[2:4]).match.winner
    assert winner in (0, 1)  # two seats, two sides: seat 0 plays side 0, seat 1 side 1
    ali_won = int(winner == 0)
    assert people(ali) == [("Sara", record("en", ali_won, 1 - ali_won))]
    assert people(sara) == [("Ali", record("en", 1 - ali_won, ali_won))]
    # nobody but the other person is listed: neither oneself nor the computer
    assert len(dom(ali.get("/me?lang=fa").text).select("#people li")) == 1


def test_invite_again_makes_a_table_with_the_same_people_who_take_their_seat_and_move(ali, sara):
    ali_url, _ = played(ali, sara)
    old = ali.app.state.service.load(*ali_url.split("/")[2:4]).match
    assert not dom(sara.get("/me").text).select("#invitations")
    form = dom(ali.get("/me").text).select_one("#people form.invite-again, #people form")
    match = form.select_one('input[name="match"]')["value"]
    assert match == old.id
    again = ali.post("/me/invite-again", data={"match": match}, follow_redirects=False)
    assert again.status_code == 303
    new_url = again.headers["location"]
    new_id = new_url.split("/")[2]
    new = ali.app.state.service.load(*new_url.split("/")[2:4])
    assert new_id != old.id and (new.match.game, new.match.rules, new.match.level) == (
        old.game,
        old.rules,
        old.level,
    )
    assert game_state(ali.get(new_url).text)[0] == "waiting"  # Sara's seat waits for her

    invitation = dom(sara.get("/me?lang=en").text).select_one(f'#invitations li[data-invitation="{new_id}"]')
    assert invitation is not None and "Ali" in invitation.get_text()
    taken = sara.post(invitation.select_one("a")["href"], data={"name": "Sara"}, follow_redirects=False)
    assert taken.status_code == 303
    sara_url = taken.headers["location"]
    assert not dom(sara.get("/me").text).select("#invitations")  # taken: no longer waiting
    # both can move: each plays when it is their turn, from their own address
    moved = set()
    for _ in range(4):
        for who, url in (("ali", new_url), ("sara", sara_url)):
            client = ali if who == "ali" else sara
            html = client.get(url).text
            state, ply = game_state(html)
            if state == "your-turn":
                assert human_move(client, url, html, ply).status_code == 200
                moved.add(who)
    assert moved == {"ali", "sara"}
    # the other person, Ali, may not use an invitation that is not for a match he sat at
    assert ali.post("/me/invite-again", data={"match": "nope"}).status_code == 404


def test_the_export_holds_the_finished_records_and_nothing_secret_of_a_match_in_play(ali, sara):
    ali_url, _ = played(ali, sara)
    again = ali.post("/me/invite-again", data={"match": ali_url.split("/")[2]}, follow_redirects=False)
    in_play = ali.app.state.service.load(*again.headers["location"].split("/")[2:4]).match
    exported = ali.get("/me/export")
    assert exported.status_code == 200 and exported.headers["cache-control"] == "no-store"
    assert exported.headers["content-disposition"].startswith("attachment")
    data = exported.json()
    assert data["person"]["id"] == session_person(ali) and set(data) >= {"passkeys", "rating", "reviews"}
    matches = {m["id"]: m for m in data["matches"]}
    finished = matches[ali_url.split("/")[2]]
    assert finished["record"] == ali.get(ali_url + "/record.json").json()  # the record the table serves
    # and it round-trips: the sealed record replays to the end the match row says
    proved = verify(json.loads(json.dumps(finished["record"])))
    assert list(proved.game.totals(proved.state)) == finished["totals"]
    won = proved.game.winner(proved.state) == finished["side"]
    assert finished["result"] == ("won" if won else "lost")
    assert "record" not in matches[in_play.id] and matches[in_play.id]["status"] == "playing"
    assert not leaks(exported.text, in_play)  # neither seed nor the salt of the match in play
    for address in (ali_url, again.headers["location"]):  # nor a seat's secret: the file opens no table
        assert address.split("/")[3] not in exported.text
    assert not leaks(ali.get("/me").text, in_play) and not leaks(sara.get("/me").text, in_play)
    [rating] = data["rating"]
    assert (rating["game"], rating["seats"], rating["games"]) == ("chaharbargh", 2, 1)
    assert [h["match_id"] for h in data["history"]] == [finished["id"]]
    assert data["history"][0]["against"] == ["name:Sara"]


def rows(app, table: str, **where: object) -> list[dict]:
    engine = app.state.service.engine
    condition = " and ".join(f"{k} = :{k}" for k in where) or "1 = 1"
    with engine.connect() as connection:
        return [
            dict(r) for r in connection.execute(sa.text(f"select * from {table} where {condition}"), where).mappings()
        ]


def test_delete_asks_first_then_removes_the_person_and_leaves_a_former_player(ali, sara):
    ali_url, sara_url = played(ali, sara)
    app = ali.app
    ali_id, sara_id = session_person(ali), session_person(sara)
    alone = ali.post("/matches", data={"level": "easy", "players": "2"}, follow_redirects=False)
    alone_id = alone.headers["location"].split("/")[2]
    ali.post("/me/device-link")
    again = ali.post("/me/invite-again", data={"match": ali_url.split("/")[2]}, follow_redirects=False)
    invited_id = again.headers["location"].split("/")[2]
    with app.state.service.engine.begin() as connection:  # a device of Ali's subscribed, a notification waiting
        device = {
            "person_id": ali_id,
            "endpoint": "https://push.example/ali",
            "p256dh": "k",
            "auth": "a",
            "at": datetime.now(UTC),
        }
        connection.execute(
            sa.text(
                "insert into push_subscription (person_id, endpoint, p256dh, auth, lang, off, created_at)"
                " values (:person_id, :endpoint, :p256dh, :auth, 'fa', '', :at)"
            ),
            device,
        )
        [(sub_id,)] = connection.execute(
            sa.text("select id from push_subscription where person_id = :p"), {"p": ali_id}
        )
        connection.execute(
            sa.text(
                "insert into push_job (subscription_id, kind, match_id, seat, name, tries, due_at, created_at)"
                " values (:s, 'turn', 'x', 0, '', 0, :at, :at)"
            ),
            {"s": sub_id, "at": device["at"]},
        )
        connection.execute(  # and a mistake of a review he has practised
            sa.text("insert into solved_mistake (person_id, match_id, seat, ply, at) values (:p, :m, 0, 3, :at)"),
            {"p": ali_id, "m": ali_url.split("/")[2], "at": device["at"]},
        )
    # Sara's rows as they are: only her seen names may change
    sara_before = {table: rows(app, table, person_id=sara_id) for table in ("rating", "invitation")}

    page = ali.get("/me/delete?lang=en")
    assert page.status_code == 200 and one_required(page.text)
    unconfirmed = ali.post("/me/delete?lang=en", follow_redirects=False)
    assert unconfirmed.status_code == 400 and text_of(unconfirmed.text, "#message") == t("en", "delete_unconfirmed")
    evil = {"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}
    assert ali.post("/me/delete", data={"confirm": "true"}, headers=evil).status_code == 403
    assert rows(app, "person", id=ali_id)  # nothing deleted yet

    done = ali.post("/me/delete", data={"confirm": "true"}, follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"] == "/me?done=deleted"
    assert not ali.cookies.get("chaharbargh")  # the cookie emptied: it names nobody
    assert not dom(ali.get("/me").text).select("#me-matches li")
    for table in SQLModel.metadata.sorted_tables:  # every table that names a person names Ali no more
        if "person_id" in table.c:
            assert rows(app, table.name, person_id=ali_id) == [], table.name
    assert rows(app, "push_job", subscription_id=sub_id) == []
    assert rows(app, "person", id=ali_id) == [] and rows(app, "seat", person_id=ali_id) == []
    assert rows(app, "match", id=alone_id) == [] and rows(app, "seat", match_id=alone_id) == []
    for table in ("rating", "invitation"):
        assert rows(app, table, person_id=sara_id) == sara_before[table]
    # the shared matches stay, their seat now a former player's
    [seat0] = rows(app, "seat", match_id=ali_url.split("/")[2], seat=0)
    assert seat0["person_id"] is None
    assert rows(app, "match", id=invited_id)
    [history] = rows(app, "rating_history", person_id=sara_id)
    assert json.loads(history["against"]) == ["name:\u2060former_player"]
    for lang in ("en", "fa"):
        former = t(lang, "former_player")
        assert [name for name, _ in people(sara, lang)] == []  # nobody named to play with again
        table = sara.get(f"{sara_url}?lang={lang}").text
        assert former in dom(table).get_text() and "former_player" not in dom(table).get_text()
        assert former in dom(sara.get(f"/me?lang={lang}").text).get_text()  # her rating's results
    assert sara.get(sara_url + "/record.json").status_code == 200  # her history still reads


def one_required(html: str) -> bool:
    box = dom(html).select_one('#delete-form input[type="checkbox"][name="confirm"]')
    return box is not None and box.has_attr("required")


def test_a_table_moves_on_with_the_former_player_once_the_other_person_deleted_themselves(ali, sara):
    """This process keeps a table's seats between moves (at the match's version): a seat made a
    former player's by a deletion is drawn so at the very next move, not as it was kept."""
    made = ali.post(
        "/matches", data={"level": "easy", "players": "2", "seat1": "person", "target": "11", "name": "Ali"}
    )
    ali_url = str(made.url.path)
    invite = dom(ali.get(ali_url).text).select_one('#invites a[data-invite-seat="1"]')["href"]
    sara_url = sara.post(invite, data={"name": "Sara"}, follow_redirects=False).headers["location"]
    service, match_id = ali.app.state.service, ali_url.split("/")[2]
    secrets = {0: ali_url.split("/")[3], 1: sara_url.split("/")[3]}
    loaded = service.load(match_id, secrets[0])
    while loaded.turn != 1:  # moves made, so the seats as they were are kept beside the table
        loaded = service.play(match_id, secrets[0], loaded.ply, loaded.game.legal_moves(loaded.state)[0])
    before = sara.get(f"{sara_url}?lang=en").text
    assert "Ali" in text_of(before, "#scores")

    assert ali.post("/me/delete", data={"confirm": "true"}, follow_redirects=False).status_code == 303
    answer = human_move(sara, sara_url, before, loaded.ply)
    assert answer.status_code == 200 and game_state(answer.text)[1] == loaded.ply + 1
    assert "Ali" not in text_of(answer.text, "#scores")
    assert t("en", "former_player") in text_of(answer.text, "#scores")


def test_bringing_a_device_s_seats_to_another_person_moves_their_matches_on(ali, sara, app):
    """Moving seats to another person changes who sits there: the matches' versions move on, as
    for any change of a seat, so no process draws the table with the seats it kept before."""
    sara.post("/matches", data={"level": "easy", "players": "2"})
    ali.post("/matches", data={"level": "easy", "players": "2"})
    sara_id, ali_id = session_person(sara), session_person(ali)
    [sara_match] = rows(app, "seat", person_id=sara_id)
    version = {m["id"]: m["version"] for m in rows(app, "match")}
    people = app.state.people
    assert people.use_link(people.new_link(ali_id), sara_id, bring=True) == ali_id
    after = {m["id"]: m["version"] for m in rows(app, "match")}
    moved = sara_match["match_id"]
    assert after[moved] == version[moved] + 1  # Sara's table: its seat is Ali's now
    assert all(after[m] == version[m] for m in version if m != moved)  # Ali's own: no seat changed
    assert [r["person_id"] for r in rows(app, "seat", match_id=moved, seat=0)] == [ali_id]
