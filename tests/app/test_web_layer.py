"""The web layer's own promises: every refusal (a form that does not fit its model, a body that is
not a form, an engine refusal, no such lesson) is the page it concerns in the player's language
with its status, never FastAPI's JSON; and page modules import nothing private from another module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app.games.chaharbargh.tutorial import LESSONS
from app.i18n import t
from app.service import MatchService
from app.settings import ROOT
from engine import IllegalMove, Reason
from tests.app.app_helpers import HX, dom, game_state, one, state_of, text_of, url_of


def is_page(response) -> bool:
    return response.headers["content-type"].startswith("text/html") and not response.text.lstrip().startswith("{")


@pytest.fixture
def url(client) -> str:
    return url_of(client.app.state.service.create("easy", 31, "table", seed=5))


MALFORMED = {
    "a negative ply": {"ply": "-1", "card": "7C"},
    "a ply of seven digits": {"ply": "1000000", "card": "7C"},
    "too many cards taken": {
        "ply": "0",
        "card": "7C",
        "take": ["AC", "2C", "3C", "4C", "5C", "6C", "8C", "9C", "10C", "JC", "QC", "KC", "AD", "2D"],
    },
    "an undo count that is no number": {"ply": "0", "card": "7C", "undos": "many"},
}


@pytest.mark.parametrize("form", MALFORMED.values(), ids=MALFORMED.keys())
@pytest.mark.parametrize("lang", ["fa", "en"])
@pytest.mark.parametrize("headers", [{}, HX], ids=["page", "htmx"])
def test_a_malformed_move_form_is_the_table_with_the_message_in_the_players_language(client, url, form, lang, headers):
    response = client.post(f"{url}/move?lang={lang}", data=form, headers=headers)
    assert response.status_code == 400 and is_page(response)
    assert text_of(response.text, "#message") == t(lang, "msg_garbage")
    assert game_state(response.text) == ("your-turn", 0)
    assert response.headers["vary"].lower().startswith("hx-request")
    assert bool(dom(response.text).select("html")) == (headers != HX)  # a fragment to HTMX, else the page
    assert state_of(client, url).ply == 0


def test_a_body_that_is_not_a_form_the_app_takes_is_garbage_not_json(client, url):
    """A file upload (the form parser takes none) and a broken multipart body: FastAPI cannot
    read them, and the answer is the table with "garbage", as for any malformed form."""
    upload = client.post(url + "/move", data={"ply": "0", "card": "7C"}, files={"card": ("x.txt", b"7C")})
    broken = client.post(
        url + "/move", content=b"--x\r\nnonsense", headers={"content-type": "multipart/form-data; boundary=x"}
    )
    for response in (upload, broken):
        assert response.status_code == 400 and is_page(response)
        assert text_of(response.text, "#message") == t("fa", "msg_garbage")
    assert state_of(client, url).ply == 0


def test_malformed_options_are_the_error_page_saying_so(client):
    for path, form, message in (
        ("/matches", {"level": "easy", "target": "thirty-one", "preset": "table"}, "msg_bad_target"),
        ("/matches", {"target": "31"}, "msg_bad_level"),
        ("/practice", {}, "msg_bad_options"),
        ("/practice", {"level": "oracle"}, "msg_bad_options"),
    ):
        response = client.post(path + "?lang=en", data=form)
        assert response.status_code == 400 and is_page(response), (path, form)
        assert text_of(response.text, "#game .message") == t("en", message)
    assert "chaharbargh" not in client.cookies  # nothing was created, so nothing was remembered


def test_a_malformed_lesson_form_is_the_lesson_and_a_missing_lesson_is_404(client):
    first = LESSONS[0].key
    garbage = client.post(f"/learn/{first}", data={"card": "7C", "take": "nonsense"}, headers=HX)
    assert garbage.status_code == 400 and is_page(garbage)
    assert one(garbage.text, "#lesson")["data-lesson"] == first
    assert text_of(garbage.text, "#message") == t("fa", "msg_garbage")
    missing = client.post("/learn/no-such-lesson", data={})
    assert missing.status_code == 404 and is_page(missing)
    assert text_of(missing.text, "#game .message") == t("fa", "msg_no_lesson")
    locked = client.post(f"/learn/{LESSONS[3].key}", data={}, follow_redirects=False)
    assert locked.status_code == 303 and locked.headers["location"] == f"/learn/{first}"


def test_a_refusal_about_no_such_match_is_404_whatever_the_form(client, url):
    match_id = url.split("/")[2]
    for action, form in (("move", {"ply": "x"}), ("undo", {}), ("computer", {"ply": "0"})):
        response = client.post(f"/m/{match_id}/wrong/{action}", data=form)
        assert response.status_code == 404 and is_page(response), action
        assert text_of(response.text, "#game .message") == t("fa", "msg_not_found")


def test_an_engine_refusal_is_the_table_with_its_reason(client, url, monkeypatch):
    """`IllegalMove` carries the engine's `Reason`; should one reach the app it is answered like
    the service's refusals: 400, the table, the reason's message."""

    def refuse(self, *args, **kwargs):
        raise IllegalMove("7 + 9 is 16", Reason.WRONG_SUM, total=16)

    monkeypatch.setattr(MatchService, "play", refuse)
    response = client.post(url + "/move?lang=en", data={"ply": "0", "card": "7C", "take": ["9S"]}, headers=HX)
    assert response.status_code == 400 and is_page(response)
    assert text_of(response.text, "#message") == t("en", "msg_wrong_sum")
    assert game_state(response.text) == ("your-turn", 0)


PAGE_MODULES = [
    *sorted((ROOT / "app" / "routes").glob("*.py")),
    *sorted((ROOT / "app" / "games").rglob("*.py")),  # each game's views, pages and routes
    *(
        ROOT / "app" / name
        for name in (
            "web.py",
            "errors.py",
            "forms.py",
            "common_views.py",
            "shared_table.py",
            "home_form.py",
            "history_view.py",
            "main.py",
        )
    ),
]


@pytest.mark.parametrize("path", PAGE_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_page_modules_import_nothing_private_from_another_module(path: Path):
    tree = ast.parse(path.read_text())
    private = [
        f"{node.module}.{alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.name.startswith("_") and alias.name != "__future__" and node.module != "__future__"
    ]
    assert private == []
