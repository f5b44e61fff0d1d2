"""Ratings (app/ratings.py, app/rating_view.py): Glicko-2 at two seats checked against Glickman's
worked example, OpenSkill at four with team semantics; a finished match moves each person's
rating once (reloading, a second application or two processes racing for the last move don't
apply it again); casual matches and practice rounds move nothing; `/me` shows the ratings."""

from __future__ import annotations

import json
import threading

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from app import ratings
from app.ratings import LEVEL_DEVIATION, START, glicko2_update, rate_match, skill_update
from app.table import game_of
from tests.app.app_helpers import Clock, clocked_app, dom, finish, session_person

EASY = 1500.0  # Chaharbargh's easy level, the anchor (app/games/chaharbargh: level_ratings)


def make_app(db_url: str, clock: Clock):
    return clocked_app(db_url, clock)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(db_url: str, clock: Clock):
    return make_app(db_url, clock)


@pytest.fixture
def service(app):
    with TestClient(app):
        yield app.state.service


def rows(service, table: str, person: str | None = None) -> list[dict]:
    query = f"SELECT * FROM {table}" + (" WHERE person_id = :p" if person else "")
    with service.engine.connect() as connection:
        return [dict(r) for r in connection.execute(sa.text(query), {"p": person}).mappings()]


def test_glicko2_is_glickmans_worked_example():
    """Glickman, "Example of the Glicko-2 system" (2013): a 1500/200 player (volatility 0.06,
    tau 0.5) beats a 1400/30 player and loses to 1550/100 and 1700/300 in one rating period:
    1464.06, 151.52, volatility 0.05999."""
    rating, deviation, volatility = glicko2_update(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert rating == pytest.approx(1464.06, abs=0.01)
    assert deviation == pytest.approx(151.52, abs=0.01)
    assert volatility == pytest.approx(0.05999, abs=0.00001)


def test_glicko2_depends_on_rating_differences_only():
    """Every step of Glicko-2 reads the ratings as differences (E, v and Delta), so the example
    moved 300 points up ends 300 points up with the same deviation and volatility (a step 5 that
    read the rating itself, as the `glicko2` package's does, would not)."""
    moved = glicko2_update(1800, 200, 0.06, [(1700, 30, 1), (1850, 100, 0), (2000, 300, 0)])
    paper = glicko2_update(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert moved[0] - 300 == pytest.approx(paper[0], abs=1e-6)
    assert moved[1:] == pytest.approx(paper[1:], abs=1e-9)


def test_two_equal_players_move_apart_by_the_same_amount():
    """By symmetry: two new players, one wins: +x and -x, with the same deviation."""
    won = glicko2_update(*START, [(START[0], START[1], 1)])
    lost = glicko2_update(*START, [(START[0], START[1], 0)])
    assert won[0] - 1500 == pytest.approx(1500 - lost[0]) and won[0] > 1500
    assert won[1] == pytest.approx(lost[1]) and won[1] < START[1]


def person_match(service, person: str, **options):
    """A two-seat match of `person` against the easy computer, target 11, played to its end."""
    match = service.create("easy", target=11, seed=1234, person=person, **options)
    return match, finish(service, match)


def test_a_match_against_the_computer_moves_the_persons_rating_once(service):
    match, loaded = person_match(service, "p1")
    won = loaded.match.winner == 0
    expected = glicko2_update(*START, [(EASY, LEVEL_DEVIATION, 1.0 if won else 0.0)])
    [rating] = rows(service, "rating", "p1")
    assert (rating["game"], rating["seats"], rating["games"]) == ("chaharbargh", 2, 1)
    assert (rating["rating"], rating["deviation"], rating["volatility"]) == pytest.approx(expected)
    assert (rating["rating"] > 1500) == won

    [history] = rows(service, "rating_history", "p1")
    assert (history["match_id"], history["before"], bool(history["won"])) == (match.id, 1500.0, won)
    assert json.loads(history["against"]) == ["level:easy"]

    # reloading, listing, a stale move and applying the finished match again change nothing
    service.load(match.id, match.secret)
    service.listed([(match.id, 0)])
    again = service.play(match.id, match.secret, loaded.ply - 1, "7C")
    assert not again.changed
    with service.engine.begin() as connection:
        game = game_of(loaded.match)
        rules = game.rules_from_dict(json.loads(loaded.match.rules))
        rate_match(connection, loaded.match, rules, game, service.clock())
    assert rows(service, "rating", "p1") == [rating] and len(rows(service, "rating_history")) == 1


def test_a_two_person_match_moves_both_ratings_as_glicko2_computes(service):
    """Two new people: each is rated against the other's rating before the match, so the winner
    gains what the loser gives up, with the same deviation."""
    match = service.create("easy", players=2, seats=["person"], target=11, seed=99, person="p1")
    claimed, _ = service.claim(match.id, service.load(match.id, match.secret).seats.invite(1), "Ana", person="p2")
    secrets = {0: match.secret, 1: service.secret_of(claimed, 1)}
    loaded = service.load(match.id, match.secret)
    while not loaded.over:
        if loaded.sheet_pending:
            loaded = service.next_round(match.id, match.secret, loaded.ply)
            continue
        here = service.load(match.id, secrets[loaded.turn])
        loaded = service.play(match.id, secrets[loaded.turn], here.ply, here.game.legal_moves(here.state)[0])
    winner = "p1" if service.load(match.id, match.secret).match.winner == 0 else "p2"
    for person in ("p1", "p2"):
        expected = glicko2_update(*START, [(START[0], START[1], 1.0 if person == winner else 0.0)])
        [rating] = rows(service, "rating", person)
        assert (rating["rating"], rating["deviation"], rating["volatility"]) == pytest.approx(expected)
    [history] = rows(service, "rating_history", "p1")
    assert json.loads(history["against"]) == ["name:Ana"]


def test_a_casual_match_and_a_practice_move_nothing(service):
    match, loaded = person_match(service, "p1", casual=True)
    assert loaded.over and loaded.match.casual
    practice = service.create_practice("pro", seed=5, person="p1")
    assert finish(service, practice).over
    assert rows(service, "rating") == [] and rows(service, "rating_history") == []


def test_a_rematch_of_a_casual_match_is_casual(service):
    match, loaded = person_match(service, "p1", casual=True)
    assert service.rematch(match.id, match.secret).casual


def play_four(service, match, secrets: dict[int, str]):
    """A four-seat table played to its end: each person seat its first legal move, the computer its own."""
    loaded = service.load(match.id, match.secret)
    while not loaded.over:
        if loaded.sheet_pending:
            loaded = service.next_round(match.id, match.secret, loaded.ply)
        elif loaded.turn in secrets:
            secret = secrets[loaded.turn]
            here = service.load(match.id, secret)
            loaded = service.play(match.id, secret, here.ply, here.game.legal_moves(here.state)[0])
        else:
            loaded = service.computer(match.id, match.secret, loaded.ply)
    return service.load(match.id, match.secret)


def test_a_four_seat_match_rates_the_two_sides_as_teams(service):
    """Two people partners (seats 0 and 2) against two computers at medium: OpenSkill's
    Plackett-Luce moves both by the same amount, in the direction of their side's result."""
    match = service.create("easy", players=4, seats=["medium", "person", "medium"], target=11, seed=77, person="p1")
    invite = service.load(match.id, match.secret).seats.invite(2)
    claimed, seat = service.claim(match.id, invite, "Sara", person="p2")
    assert seat == 2
    loaded = play_four(service, match, {0: match.secret, 2: service.secret_of(claimed, 2)})
    won = loaded.match.winner == 0
    medium = 1709.0
    teams = skill_update([[START[:2], START[:2]], [(medium, LEVEL_DEVIATION)] * 2], [0, 1] if won else [1, 0])
    for person in ("p1", "p2"):
        [rating] = rows(service, "rating", person)
        assert (rating["game"], rating["seats"], rating["games"]) == ("chaharbargh", 4, 1)
        assert (rating["rating"], rating["deviation"]) == pytest.approx(teams[0][0])
        assert (rating["rating"] > 1500) == won and rating["volatility"] is None
        [history] = rows(service, "rating_history", person)
        assert json.loads(history["against"]) == ["level:medium", "level:medium"]  # the other side, not a partner
    assert teams[1][0] != (medium, LEVEL_DEVIATION)  # the library would move the computers: we keep them


def test_two_processes_racing_for_every_move_rate_the_match_once(db_url, clock):
    """Two processes on one database ask for each move of a match at once, the one that finishes
    it included: the compare-and-set lets one write it, and the rating goes with that write."""
    apps = [make_app(db_url, clock), make_app(db_url, clock)]
    with TestClient(apps[0]), TestClient(apps[1]):
        services = [a.state.service for a in apps]
        match = services[0].create("easy", target=11, seed=4321, person="p1")
        loaded = services[0].load(match.id, match.secret)
        while not loaded.over:
            gate = threading.Barrier(2)

            def act(service, ply=loaded.ply, here=loaded, gate=gate):
                gate.wait()
                if here.sheet_pending:
                    return service.next_round(match.id, match.secret, ply)
                if here.human_to_play:
                    return service.play(match.id, match.secret, ply, here.state.legal_moves()[0])
                return service.computer(match.id, match.secret, ply)

            threads = [threading.Thread(target=act, args=(s,)) for s in services]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            loaded = services[0].load(match.id, match.secret)
        [rating] = rows(services[0], "rating", "p1")
        assert rating["games"] == 1 and len(rows(services[0], "rating_history")) == 1


def test_me_shows_each_rating_its_chart_and_results(app, service):
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        made = client.post("/matches", data={"level": "easy", "players": "2", "target": "11"}, follow_redirects=False)
        _, _, match_id, secret = made.headers["location"].split("/")[:4]
        person = session_person(client)
        loaded = finish(service, service.load(match_id, secret).match, secret)
        won = loaded.match.winner == 0
        for lang, result in (("en", "won" if won else "lost"), ("fa", "برد" if won else "باخت")):
            page = dom(client.get(f"/me?lang={lang}").text)
            [item] = page.select("#ratings [data-game][data-seats][data-rating]")
            assert (item["data-game"], item["data-seats"], item["data-rating"]) == ("chaharbargh", "2", "?")
            assert page.select_one("svg#rating-chart polyline")["points"].count(",") == 2  # before and after
            [row] = page.select("#rating-results tbody tr")
            assert result in row.text
        assert "کامپیوتر (آسان)" in row.text

        # a sure rating shows its number, in Persian digits on the Persian page
        with service.engine.begin() as connection:
            connection.execute(
                sa.text("UPDATE rating SET rating = 1623.4, deviation = 60 WHERE person_id = :p"), {"p": person}
            )
        item = dom(client.get("/me?lang=fa").text).select_one("#ratings li")
        assert item["data-rating"] == "1623" and item.select_one(".rating-value").text == "۱۶۲۳"


def test_the_home_forms_casual_box_reaches_the_match_row(app, service):
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        box = dom(client.get("/?lang=en").text).select_one("input#casual")
        assert box["name"] == "casual" and not box.has_attr("checked")
        for sent, casual in (({}, False), ({"casual": "1"}, True)):
            data = {"level": "easy", "players": "2", "house": "1", **sent}
            made = client.post("/matches", data=data, follow_redirects=False)
            match_id = made.headers["location"].split("/")[2]
            with service.engine.connect() as connection:
                stored = connection.execute(sa.text("SELECT casual FROM match WHERE id = :m"), {"m": match_id}).scalar()
            assert bool(stored) is casual
        home = dom(client.get("/?lang=en").text)  # the last match's settings: casual, and it says so
        assert home.select_one("input#casual").has_attr("checked")
        assert "Casual (unrated)" in [li.text.strip() for li in home.select("#quick-summary li")]


def test_three_seats_rank_the_winner_first_and_the_others_by_their_scores():
    """Three each for themselves: the winner first, then the others by their match scores (two
    equal scores share a rank); the computers' fixed ratings never move."""
    person = ratings.Player(*START[:2], None, 1, False)
    level = (
        ratings.Player(1709.0, LEVEL_DEVIATION, None, 0, True),
        ratings.Player(1709.0, LEVEL_DEVIATION, None, 2, True),
    )
    after = ratings._more_seats([level[0], person, level[1]], winner=0, totals=[62, 40, 51])
    expected = skill_update([[(1709.0, LEVEL_DEVIATION)], [START[:2]], [(1709.0, LEVEL_DEVIATION)]], [0, 2, 1])
    assert after[1][:2] == pytest.approx(expected[1][0]) and after[1][0] < 1500  # last of three
    assert after[0] == (1709.0, LEVEL_DEVIATION, None) and after[2] == (1709.0, LEVEL_DEVIATION, None)
    tied = ratings._more_seats([level[0], person, level[1]], winner=0, totals=[62, 51, 51])
    shared = skill_update([[(1709.0, LEVEL_DEVIATION)], [START[:2]], [(1709.0, LEVEL_DEVIATION)]], [0, 1, 1])
    assert tied[1][:2] == pytest.approx(shared[1][0])
