"""The session cookie (app/sessions.py): read when used, sent back only when it changed or grows old."""

from __future__ import annotations

import base64
import json

import pytest

from app import sessions
from app.sessions import LazySession
from tests.app.app_helpers import HX, loaded


def set_cookies(response) -> dict[str, str]:
    return {line.split("=", 1)[0]: line for line in response.headers.get_list("set-cookie")}


def new_match(client) -> str:
    response = client.post(
        "/matches", data={"level": "easy", "target": "62", "preset": "table"}, follow_redirects=False
    )
    assert response.status_code == 303 and "chaharbargh" in set_cookies(response)
    return response.headers["location"]


def test_the_cookie_is_sent_once_and_not_again_while_it_says_the_same(client):
    url = new_match(client)
    cookie = client.cookies["chaharbargh"]
    page = client.get(url)  # the table remembers the match again: the same list
    assert page.status_code == 200 and "chaharbargh" not in set_cookies(page)
    assert "Cookie" in page.headers["vary"]
    state = loaded(client, url).state
    move = state.legal_moves()[0]
    answer = client.post(
        url + "/move", data={"ply": 0, "card": str(move.card), "take": [str(c) for c in move.takes]}, headers=HX
    )
    assert answer.status_code == 200 and "set-cookie" not in answer.headers
    second = new_match(client)  # a change: sent, with both matches, newest first
    payload = json.loads(base64.b64decode(client.cookies["chaharbargh"].split(".")[0] + "=="))
    assert payload["matches"] == [second.split("/")[2], url.split("/")[2]]
    settings = {"game": "chaharbargh", "level": "easy", "players": "2", "target": "62", "preset": "table"}
    assert payload["options"] == settings  # the last new match's settings (app/routes/home.py)
    assert client.cookies["chaharbargh"] != cookie


def test_the_cookie_keeps_its_flags_and_is_signed_again_when_old(client, monkeypatch):
    url = new_match(client)
    line = set_cookies(client.get("/?lang=en")).get("chaharbargh")
    assert line is None  # unchanged, and young
    monkeypatch.setattr(sessions, "REFRESH", -1)  # every signature counts as old
    line = set_cookies(client.get(url))["chaharbargh"]
    assert line.lower().endswith("; path=/; max-age=31536000; httponly; samesite=lax")


def test_a_forged_or_garbled_cookie_is_an_empty_session(client):
    for value in ("e30=.forged.sig", "not a cookie at all", base64.b64encode(b"[1]").decode() + ".x.y"):
        client.cookies.set("chaharbargh", value)
        home = client.get("/")
        assert home.status_code == 200 and "set-cookie" not in home.headers


@pytest.mark.parametrize("contents", [{}, {"matches": ["a", "b"], "practice": []}])
def test_a_lazy_session_is_a_dict_once_looked_at(contents):
    reads = []
    session = LazySession(lambda: reads.append(1) or dict(contents))
    assert not session.loaded() and reads == []
    assert dict(session) == contents and session.loaded() and reads == [1]
    assert len(session) == len(contents) and list(session) == list(contents) and session == contents
    session["lessons"] = ["x"]
    assert session.modified and json.loads(json.dumps(session)) == {**contents, "lessons": ["x"]}
    assert reads == [1]
