"""The history page (this browser's matches, and forgetting one), the match-end page's every
round's sheet and its rematch."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

from fastapi.testclient import TestClient
from sqlalchemy import text

from app.i18n import digits, t
from engine import Rules
from tests.app.app_helpers import HX, create_allfours, dom, finish, game_state, one, text_of, texts, url_of

SEED = 5_550_123_456_789_000


def created(client: TestClient, **data: str) -> str:
    form = {"level": "easy", "target": "31", "preset": "table", **data}
    response = client.post("/matches", data=form, follow_redirects=False)
    assert response.status_code == 303
    return response.headers["location"]


def ids(html: str) -> list[str]:
    return [li["data-match"] for li in dom(html).select("#history li.history-entry")]


def test_history_lists_this_browsers_matches_with_their_settings_and_state(client, app):
    service = client.app.state.service
    first = created(client, level="pro", players="3")
    client.post("/practice", data={"level": "medium"})
    over = service.create("easy", 11, "table", seed=SEED)
    client.get(url_of(over))  # opened in this browser: remembered
    done = finish(service, over)
    html = client.get("/history").text
    listed = ids(html)
    assert len(listed) == 3 and listed[0] == over.id  # newest first (by last change)
    entry = one(html, f'li[data-match="{first.split("/")[2]}"]')
    assert entry["data-result"] == "playing" and entry["data-kind"] == "match"
    assert text_of(str(entry), ".h-level") == t("fa", "level_pro")
    assert text_of(str(entry), ".h-seats") == t("fa", "history_seats", n=digits(3, "fa"))
    assert one(str(entry), f'a[href="{first}"]').get_text(strip=True) == t("fa", "continue")
    assert text_of(str(entry), ".h-score") == "۰ – ۰ – ۰"
    finished = one(html, f'li[data-match="{over.id}"]')
    side = done.state.rules.side_of(0)
    assert finished["data-result"] == ("won" if done.state.winner == side else "lost")
    assert text_of(str(finished), ".h-score") == " – ".join(digits(x, "fa") for x in done.state.totals)
    assert one(str(finished), "a.button:not([data-review])").get_text(strip=True) == t("fa", "view")
    # a finished match offers its review by the pro
    assert one(str(finished), "a[data-review]")["href"].endswith("/review")
    assert one(str(finished), "time")["datetime"].startswith(str(done.match.created_at.year))
    practice = dom(html).select('li[data-kind="practice"]')
    assert len(practice) == 1 and practice[0]["data-result"] == "playing"
    assert one(client.get("/").text, "#history-link")["href"] == "/history"
    # another browser sees none of them
    with TestClient(app) as other:
        page = other.get("/history?lang=en").text
        assert ids(page) == [] and text_of(page, "#history-empty") == t("en", "history_empty")


def test_removing_a_match_forgets_it_in_this_browser_only_and_never_deletes_it(client):
    first, second = created(client), created(client, level="medium")
    first_id = first.split("/")[2]
    removed = client.post("/history/remove", data={"match": first_id}, follow_redirects=False)
    assert removed.status_code == 303 and removed.headers["location"] == "/history?removed=1"
    page = client.get(removed.headers["location"]).text
    assert ids(page) == [second.split("/")[2]] and text_of(page, "#message") == t("fa", "history_removed")
    assert dom(client.get("/").text).select(f'#saved a[href="{first}"]') == []
    # forgetting a match this browser never knew changes nothing; a malformed form is refused
    assert client.post("/history/remove", data={"match": "someone-else"}).status_code == 200
    assert ids(client.get("/history").text) == [second.split("/")[2]]
    assert client.post("/history/remove", data={"match": "x" * 40}).status_code == 400
    # the match is still there for whoever has its address, and opening it remembers it again
    assert client.get(first).status_code == 200
    assert sorted(ids(client.get("/history").text)) == sorted([first_id, second.split("/")[2]])


def test_the_match_end_page_shows_every_rounds_sheet_and_a_rematch_with_the_same_settings(client):
    service = client.app.state.service
    match = service.create("medium", 31, "pagat", seed=SEED, players=3, open_hand=True)
    url = url_of(match)
    client.get(url)
    early = client.post(url + "/rematch", follow_redirects=False)
    assert early.status_code == 409 and text_of(early.text, "#message") == t("fa", "msg_rematch_early")
    done = finish(service, match)
    html = client.get(url).text
    assert game_state(html)[0] == "match-over"
    rounds = len(done.state.rounds)
    titles = texts(html, "#all-rounds .round-sheet-title")
    assert titles == [t("fa", "round_over", n=digits(n, "fa")) for n in range(rounds - 1, 0, -1)]
    assert text_of(html, "#sheet h3") == t("fa", "round_over", n=digits(rounds, "fa"))
    assert rounds > 1
    first = dom(html).select("#all-rounds .sheet-table")[-1]  # the first round's sheet comes last
    sums = [b.get_text(strip=True) for b in first.select("tr.sum td b")]
    assert sums == [digits(s.total, "fa") for s in done.state.rounds[0].score] * 2  # its totals, the match's after it
    assert text_of(html, "#rematch") == t("fa", "rematch")

    again = client.post(url + "/rematch", follow_redirects=False)
    assert again.status_code == 303
    new_url = again.headers["location"]
    new = service.load(*new_url.split("/")[2:4])
    assert new.match.id != match.id and new.match.seed != match.seed and new.ply == 0
    assert json.loads(new.match.rules) == json.loads(match.rules) and new.match.level == "medium"
    assert new.state.rules == Rules.from_dict(json.loads(match.rules)) and new.state.players == 3
    assert ids(client.get("/history").text)[0] == new.match.id
    # from HTMX the browser is sent to the new table: the same one, the rematch is made once
    hx = client.post(url + "/rematch", headers=HX, follow_redirects=False)
    assert hx.status_code == 204 and hx.headers["HX-Redirect"] == new_url


def stored_matches(service) -> int:
    with service.engine.connect() as connection:
        return connection.execute(text("SELECT count(*) FROM match")).scalar_one()


def test_a_rematch_asked_again_or_at_once_from_many_places_leads_to_one_match(client):
    """A double click, a retried request or a second tab: every rematch of one match after the
    first leads to the match the first made. Eight at once (threads, each its own transaction)
    store one between them, on SQLite and PostgreSQL alike; the new match's own rematch is a
    new match again."""
    service = client.app.state.service
    match = service.create("easy", 11, "table", seed=SEED)
    finish(service, match)
    before = stored_matches(service)
    with ThreadPoolExecutor(8) as pool:
        made = set(pool.map(lambda _: service.rematch(match.id, match.secret).id, range(8)))
    assert len(made) == 1 and stored_matches(service) == before + 1
    clicks = [client.post(url_of(match) + "/rematch", follow_redirects=False) for _ in range(2)]
    assert [c.headers["location"].split("/")[2] for c in clicks] == [made.pop()] * 2
    assert stored_matches(service) == before + 1
    again_id, again_secret = clicks[0].headers["location"].split("/")[2:4]
    finish(service, service.load(again_id, again_secret).match, again_secret)
    assert service.rematch(again_id, again_secret).id not in (match.id, again_id)
    assert stored_matches(service) == before + 2


def test_an_all_fours_match_is_listed_and_its_rematch_keeps_the_game(client):
    service = client.app.state.service
    match = create_allfours(service, "easy", 4, seed=SEED)
    url = url_of(match)
    client.get(url)
    html = client.get("/history").text
    entry = one(html, f'li[data-match="{match.id}"]')
    assert text_of(str(entry), ".h-game") == t("fa", "game_allfours") and entry["data-result"] == "playing"
    assert text_of(str(entry), ".h-seats") == t("fa", "history_seats", n=digits(4, "fa"))
    assert client.get(url + "/replay").status_code == 409
    copy = service.rematch(match.id, match.secret)
    assert copy.game == "allfours" and copy.rules == match.rules and copy.seed != match.seed
