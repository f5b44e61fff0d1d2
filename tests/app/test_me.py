"""`/me` and the device link (app/routes/me.py, app/people.py): a person's matches at every seat,
read from the seat rows, and a one-time link that brings another device to them: good for ten
minutes of the server's clock and once, asked before it is used, refused with the reason after.
Each `TestClient` is a browser of its own (its own cookie)."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from app.i18n import t
from tests.app.app_helpers import HX, Clock, clocked_app, dom, game_state, human_move, session_person, text_of


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(db_url: str, clock: Clock):
    return clocked_app(db_url, clock)


def browser(app) -> TestClient:
    return TestClient(app, base_url="http://127.0.0.1:8000")


def start(client: TestClient) -> str:
    """A new match of this browser: its table's address."""
    made = client.post("/matches", data={"level": "easy", "players": "2"}, follow_redirects=False)
    assert made.status_code == 303
    return made.headers["location"]


def listed(client: TestClient) -> dict[str, str]:
    """The matches `/me` lists: id -> the address its button opens."""
    page = dom(client.get("/me?lang=en").text)
    return {li["data-match"]: li.select_one(".history-actions a")["href"] for li in page.select("#me-matches li")}


def new_link(client: TestClient) -> str:
    answer = client.post("/me/device-link?lang=en")
    assert answer.status_code == 200
    page = dom(answer.text)
    assert page.select_one("svg#device-qr") is not None  # the QR code, drawn on the server
    link = page.select_one("a#device-link")["href"]
    assert link.startswith("http://127.0.0.1:8000/link/")
    return link.removeprefix("http://127.0.0.1:8000")


def test_a_link_brings_a_phone_every_match_and_the_phone_plays_on(app, db_url):
    with browser(app) as laptop, browser(app) as phone:
        table = start(laptop)
        match_id = table.split("/")[2]
        assert listed(laptop) == {match_id: table}
        assert listed(phone) == {} and text_of(phone.get("/me?lang=en").text, "#me-empty")

        link = new_link(laptop)
        code = link.removeprefix("/link/")
        with sa.create_engine(db_url).connect() as connection:
            stored = [str(v) for row in connection.execute(sa.text("SELECT * FROM device_link")) for v in row]
        assert code not in stored  # only its hash

        asked = phone.get(link + "?lang=en")  # the link's page asks first: opening it uses nothing
        assert asked.status_code == 200 and dom(asked.text).select("#link-accept")
        assert not dom(asked.text).select("#link-own")  # nothing of its own to bring
        assert phone.get(link).status_code == 200
        used = phone.post(link, follow_redirects=False)
        assert (used.status_code, used.headers["location"]) == (303, "/me?linked=1")
        assert session_person(phone) == session_person(laptop)
        assert listed(phone) == {match_id: table}
        assert text_of(phone.get("/me?linked=1&lang=en").text, "#message") == t("en", "me_linked")
        assert dom(phone.get("/?lang=en").text).select(f'#saved a[href="{table}"]')  # the home page lists it too

        html = phone.get(table, headers=HX).text
        _, ply = game_state(html)
        assert human_move(phone, table, html, ply).status_code == 200  # the phone plays on at the seat
        assert game_state(laptop.get(table, headers=HX).text)[1] > ply


def test_a_link_works_once_and_for_ten_minutes_and_an_unknown_one_not_at_all(app, clock):
    with browser(app) as laptop, browser(app) as phone, browser(app) as stranger:
        start(laptop)
        link = new_link(laptop)
        assert phone.post(link, follow_redirects=False).status_code == 303
        for lang in ("en", "fa"):
            again = stranger.post(f"{link}?lang={lang}")
            assert again.status_code == 410 and text_of(again.text, "#game .message") == t(lang, "msg_link_used")
        assert stranger.get(link + "?lang=en").status_code == 410
        assert "chaharbargh" not in stranger.cookies and listed(stranger) == {}  # nothing changed for it

        late = new_link(laptop)
        clock.advance(10 * 60)
        refused = stranger.post(late + "?lang=en")
        assert refused.status_code == 410 and text_of(refused.text, "#game .message") == t("en", "msg_link_stale")

        unknown = stranger.get("/link/not-a-code?lang=en")
        assert unknown.status_code == 404 and text_of(unknown.text, "#game .message") == t("en", "msg_link_unknown")


def test_a_browser_with_matches_of_its_own_is_asked_whether_they_come_along(app):
    with browser(app) as laptop, browser(app) as tablet, browser(app) as other:
        mine = start(laptop).split("/")[2]
        brought = start(tablet).split("/")[2]
        asked = dom(tablet.get(new_link(laptop) + "?lang=en").text)
        assert text_of(str(asked), "#link-own") == t("en", "link_own", n="1")
        assert asked.select_one("#link-bring")["name"] == "bring"
        tablet.post(asked.select_one("#link-form")["action"], data={"bring": "true"})
        assert set(listed(laptop)) == {mine, brought}  # the tablet's match is the person's now

        kept = start(other).split("/")[2]
        other.post(new_link(laptop), data={})  # left unticked
        assert set(listed(laptop)) == {mine, brought}
        assert set(listed(other)) == {mine, brought}  # the person's matches, at the seats' rows
        assert dom(other.get("/history").text).select(f'#history li[data-match="{kept}"]')  # its own stays listed here
