"""Security defects a review of the app found, each with what the app must answer.

Cross-site forms are refused (403, nothing changed), the access log of a real uvicorn started
by the README's serve command holds no match secret, no redirect follows an untrusted Host, a
stale or late "next round" changes nothing, and the small ones: headers on a 413, 413 for a
chunked body, one `Vary` per name, 405 for GET /learn/restart, HSTS and Secure cookies.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from app.games.chaharbargh.tutorial import LESSONS
from app.i18n import t
from app.main import create_app
from app.security import CSP, HSTS, REDACTED
from app.service import MatchService
from app.settings import ROOT, Settings
from app.table import Table
from engine import Move
from tests.app.app_helpers import HX, game_state, loaded, one, text_of, url_of

NEW_MATCH = {"level": "easy", "target": "31", "preset": "table"}
SECURITY_HEADERS = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def assert_security_headers(response: httpx.Response) -> None:
    for name, value in SECURITY_HEADERS.items():
        assert response.headers.get(name) == value, f"{name} on a {response.status_code}"


def matches_stored(client: TestClient) -> int:
    with client.app.state.service.engine.connect() as conn:
        return conn.execute(text("SELECT count(*) FROM match")).scalar_one()


def session_cookie(client: TestClient) -> str | None:
    return client.cookies.get("chaharbargh")


# --- 1. cross-site requests --------------------------------------------------------------------

CROSS_SITE = {
    "another site (Fetch Metadata)": {"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"},
    "another port or subdomain (same-site)": {"Sec-Fetch-Site": "same-site", "Origin": "http://testserver:8001"},
    "an older browser: another Origin only": {"Origin": "https://evil.example"},
    "an older browser: another scheme": {"Origin": "https://testserver"},
    "an opaque origin (a data: or sandboxed page)": {"Origin": "null"},
}


@pytest.fixture
def player(client) -> Iterator[tuple[TestClient, str]]:
    """A browser with a saved match and a solved lesson in its session cookie: what an attack would wipe."""
    response = client.post("/matches", data=NEW_MATCH, follow_redirects=False)
    assert response.status_code == 303
    lesson = LESSONS[0]
    answer = Move.parse(lesson.answers[0])
    form = {"card": str(answer.card), "take": [str(c) for c in answer.takes]}
    solved = client.post(f"/learn/{lesson.key}", data=form)
    assert one(solved.text, "#lesson")["data-state"] == "solved"
    yield client, response.headers["location"]


def unsafe_requests(url: str) -> dict[str, tuple[str, dict]]:
    return {
        "/matches": ("/matches", NEW_MATCH),
        "/practice": ("/practice", {"level": "easy"}),
        "/learn/restart": ("/learn/restart", {}),
        "a move": (url + "/move", {"ply": "0", "card": "7C"}),
        "the computer's move": (url + "/computer", {"ply": "0"}),
    }


@pytest.mark.parametrize("origin", CROSS_SITE.values(), ids=CROSS_SITE.keys())
def test_a_cross_site_form_post_is_refused_and_changes_nothing(player, origin):
    client, url = player
    cookie, stored, before = session_cookie(client), matches_stored(client), loaded(client, url)
    for what, (path, form) in unsafe_requests(url).items():
        response = client.post(path, data=form, headers=origin, follow_redirects=False)
        assert response.status_code == 403, what
        assert "set-cookie" not in response.headers, what
        assert_security_headers(response)
        assert response.headers["content-type"].startswith("text/html")
        # the player's language (no cookie reaches a cross-site POST: Persian), then English
        assert text_of(response.text, "#game .message") == t("fa", "msg_cross_site")
        assert text_of(response.text, "#other-language") == t("en", "msg_cross_site")
        assert one(response.text, "#other-language")["lang"] == "en"
    assert session_cookie(client) == cookie
    assert matches_stored(client) == stored
    after = loaded(client, url)
    assert (after.ply, after.match.rounds_seen) == (before.ply, before.match.rounds_seen)


def test_the_refusal_speaks_the_language_asked_for(player):
    client, _ = player
    response = client.post("/matches?lang=en", data=NEW_MATCH, headers=CROSS_SITE["another site (Fetch Metadata)"])
    assert response.status_code == 403 and "set-cookie" not in response.headers  # not even the lang cookie
    assert one(response.text, "html")["lang"] == "en"
    assert text_of(response.text, "#game .message") == t("en", "msg_cross_site")
    assert text_of(response.text, "#other-language") == t("fa", "msg_cross_site")


SAME_SITE = {
    "this site's own page (Fetch Metadata)": {"Sec-Fetch-Site": "same-origin", "Origin": "http://testserver"},
    "typed or bookmarked (none)": {"Sec-Fetch-Site": "none"},
    "an older browser on this site": {"Origin": "http://testserver"},
    "no browser at all (curl, scripts)": {},
}


@pytest.mark.parametrize("origin", SAME_SITE.values(), ids=SAME_SITE.keys())
def test_a_form_from_this_site_or_from_no_browser_is_accepted(client, origin):
    response = client.post("/matches", data=NEW_MATCH, headers=origin, follow_redirects=False)
    assert response.status_code == 303 and "chaharbargh=" in response.headers["set-cookie"]


def test_a_configured_origin_may_post(db_url):
    settings = Settings(
        database_url=db_url, round_owner=False, secret_key="k", allowed_origins=("https://friend.example",)
    )
    with TestClient(create_app(settings)) as client:
        friend = {"Sec-Fetch-Site": "cross-site", "Origin": "https://friend.example"}
        assert client.post("/matches", data=NEW_MATCH, headers=friend, follow_redirects=False).status_code == 303
        other = {"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}
        assert client.post("/matches", data=NEW_MATCH, headers=other, follow_redirects=False).status_code == 403


def test_reading_pages_from_another_site_still_works(player):
    """Links from other sites are how people arrive: a GET is never refused."""
    client, url = player
    for path in ("/", "/rules", "/learn", url):
        assert client.get(path, headers=CROSS_SITE["another site (Fetch Metadata)"]).status_code == 200


# --- 2. no secret in the access log -----------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Callable[[], str]]:
    """`python3 scripts/dev.py serve` (the README's command: migrate, then uvicorn) on a fresh
    database and a free port, its output collected; calling the fixture's value stops it and
    returns everything it printed."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'served.db'}",
        "CHAHARBARGH_DATA": str(tmp_path),
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "PYTHONUNBUFFERED": "1",
    }
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "dev.py"), "serve"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # uvicorn is dev.py's child: stop the whole group
    )
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line)
            if "Application startup complete" in line:
                ready.set()
        ready.set()  # the output ended: the server is gone

    reader = threading.Thread(target=read, daemon=True)
    reader.start()

    def stop() -> str:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=60)
        reader.join(timeout=10)
        return "".join(lines)

    try:
        assert ready.wait(timeout=120), "the server did not start: " + "".join(lines)
        assert process.poll() is None, "the server stopped: " + "".join(lines)
        stop.url = f"http://127.0.0.1:{port}"  # type: ignore[attr-defined]
        yield stop
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def test_the_served_apps_access_log_never_holds_a_match_secret(served):
    with httpx.Client(base_url=served.url, timeout=30) as http:
        created = http.post("/matches", data=NEW_MATCH)
        assert created.status_code == 303
        url = created.headers["location"]
        match_id, secret = url.split("/")[2:4]
        assert http.get(url).status_code == 200
        selection = http.get(url + "?select=7C", headers=HX)
        selected = f"{selection.status_code} {selection.reason_phrase}"
        move = http.post(url + "/move", data={"ply": "99", "card": "7C"})  # a stale form: the table
        moved = f"{move.status_code} {move.reason_phrase}"
        assert http.get(url + "/record.json").status_code == 409
        assert http.get(f"/m/{match_id}/not-{secret}").status_code == 404
    for path in (f"/M/{match_id}/{secret}", f"/m/./{match_id}/{secret}", f"/m/{match_id}/{secret}/../{secret}"):
        with socket.create_connection(("127.0.0.1", int(served.url.rsplit(":", 1)[1]))) as sock:  # as sent
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
            assert sock.recv(100).startswith(b"HTTP/1.1 404")  # malformed, but logged all the same
    log = served()
    assert secret not in log
    assert "Traceback" not in log and "Logging error" not in log
    # the requests are logged all the same, in uvicorn's own format, with the secret's place marked
    access = [line.split(" - ", 1)[1] for line in log.splitlines() if line.startswith("INFO:") and " - " in line]
    assert access == [
        '"POST /matches HTTP/1.1" 303 See Other',
        f'"GET /m/{match_id}/{REDACTED} HTTP/1.1" 200 OK',
        f'"GET /m/{match_id}/{REDACTED}?select=7C HTTP/1.1" {selected}',
        f'"POST /m/{match_id}/{REDACTED}/move HTTP/1.1" {moved}',
        f'"GET /m/{match_id}/{REDACTED}/record.json HTTP/1.1" 409 Conflict',
        f'"GET /m/{match_id}/{REDACTED} HTTP/1.1" 404 Not Found',
        f'"GET /M/{match_id}/{REDACTED} HTTP/1.1" 404 Not Found',
        f'"GET /m/./{REDACTED}/{REDACTED} HTTP/1.1" 404 Not Found',
        f'"GET /m/{match_id}/{REDACTED}/../{REDACTED} HTTP/1.1" 404 Not Found',
    ]


# --- 3. no redirect to an untrusted Host -------------------------------------------------------


def test_a_redirect_never_points_at_an_untrusted_host(server):
    match = server.app.state.service.create("easy", 31, "table", seed=1)
    with httpx.Client(base_url=server.url, timeout=30) as http:
        for path in ("/rules/", f"{url_of(match)}/"):
            evil = http.get(path, headers={"Host": "evil.example"})
            assert evil.status_code == 400 and "location" not in evil.headers
            assert "evil.example" not in evil.text and match.secret not in evil.text
            assert_security_headers(evil)
            own = http.get(path)  # the address the server was reached at
            assert own.status_code == 307
            assert own.headers["location"] == server.url + path.rstrip("/")
        assert http.get("/", headers={"Host": f"localhost:{server.port}"}).status_code == 200


def test_the_allowed_hosts_are_a_setting(live_server):
    server = live_server(allowed_hosts=("chaharbargh.example",))
    with httpx.Client(base_url=server.url, timeout=30) as http:
        response = http.get("/rules/", headers={"Host": "chaharbargh.example"})
        assert response.status_code == 307 and response.headers["location"] == "http://chaharbargh.example/rules"
        assert http.get("/rules/").status_code == 400  # 127.0.0.1 is no longer one of them


# --- 6. a stale "next round" ------------------------------------------------------------------


def drive(service: MatchService, url: str, until: Callable[[Table], bool]) -> Table:
    """Play the match at `url` through the service (the human's first legal move, the computer's
    own) until `until` holds."""
    match_id, secret = url.split("/")[2:4]
    while True:
        now = service.load(match_id, secret)
        if until(now):
            return now
        if now.sheet_pending:
            service.next_round(match_id, secret, now.ply)
        elif now.human_to_play:
            service.play(match_id, secret, now.ply, now.state.legal_moves()[0])
        elif now.computer_to_play:
            service.computer(match_id, secret, now.ply)
        else:
            raise AssertionError(f"nothing to do at ply {now.ply}")


@pytest.fixture
def sheet_closed(client) -> tuple[str, Table]:
    """A match whose first round's sheet the player has just closed; the computer leads round two."""
    url = url_of(client.app.state.service.create("easy", 31, "table", seed=5))
    at_sheet = drive(client.app.state.service, url, lambda x: x.sheet_pending)
    response = client.post(url + "/next", data={"ply": at_sheet.ply}, headers=HX)
    assert game_state(response.text) == ("computer-turn", at_sheet.ply)
    return url, loaded(client, url)


@pytest.mark.parametrize("ply", ["older", "same", "zero"])
def test_a_stale_next_round_without_javascript_changes_nothing_and_the_computer_waits(client, sheet_closed, ply):
    url, before = sheet_closed
    form_ply = {"older": before.ply - 1, "same": before.ply, "zero": 0}[ply]
    response = client.post(url + "/next", data={"ply": form_ply}, follow_redirects=False)
    assert response.status_code == 200  # the table as it is, as for any replayed form
    assert game_state(response.text) == ("computer-turn", before.ply)
    assert text_of(response.text, "#message") == t("fa", "msg_sheet_closed")
    after = loaded(client, url)
    assert (after.ply, after.match.rounds_seen) == (before.ply, before.match.rounds_seen)


def test_a_next_round_on_a_finished_match_or_practice_is_refused(client):
    service = client.app.state.service
    for url, reason in (
        (url_of(service.create("easy", 31, "table", seed=5)), "msg_match_over"),
        (url_of(service.create_practice("easy", seed=5)), "msg_practice_over"),
    ):
        over = drive(service, url, lambda x: x.over)
        assert over.match.rounds_seen == len(over.state.rounds) - 1  # the last sheet was never "closed"
        for headers in ({}, HX):
            response = client.post(url + "/next", data={"ply": over.ply}, headers=headers, follow_redirects=False)
            assert response.status_code == 409
            assert text_of(response.text, "#message") == t("fa", reason)
        after = loaded(client, url)
        assert (after.ply, after.match.rounds_seen, after.match.updated_at) == (
            over.ply,
            over.match.rounds_seen,
            over.match.updated_at,
        )


# --- 7. the small ones ------------------------------------------------------------------------


def test_a_too_large_body_gets_413_with_the_security_headers_and_the_error_page(client):
    url = url_of(client.app.state.service.create("easy", 31, "table", seed=5))
    body = b"ply=0&card=" + b"7C" * 20000
    response = client.post(url + "/move", content=body, headers={"content-type": "application/x-www-form-urlencoded"})
    assert response.status_code == 413
    assert_security_headers(response)
    assert text_of(response.text, "#game .message") == t("fa", "msg_too_large")
    assert loaded(client, url).ply == 0


CHUNKED = {
    "one field over the parser's 4 KiB": [b"ply=0&card=7C&take=", *[b"x" * 1024] * 40],
    "small fields": [b"ply=0&card=7C", *[b"&take=" + b"x" * 4000] * 10],
}


@pytest.mark.parametrize("parts", CHUNKED.values(), ids=CHUNKED.keys())
def test_a_chunked_body_over_the_limit_gets_413_not_400(server, parts):
    """No Content-Length: the limit is found while the route reads the form."""
    match = server.app.state.service.create("easy", 31, "table", seed=5)

    def chunks() -> Iterator[bytes]:
        yield from parts

    with httpx.Client(base_url=server.url, timeout=30) as http:
        response = http.post(
            url_of(match) + "/move", content=chunks(), headers={"content-type": "application/x-www-form-urlencoded"}
        )
    assert response.status_code == 413
    assert_security_headers(response)
    assert server.app.state.service.load(match.id, match.secret).ply == 0


def test_a_small_body_the_form_parser_refuses_is_still_garbage(server):
    """Reading the rest of the body to tell 413 from 400 leaves a small bad body a plain 400."""
    match = server.app.state.service.create("easy", 31, "table", seed=5)
    with httpx.Client(base_url=server.url, timeout=30) as http:
        response = http.post(
            url_of(match) + "/move",
            content=iter([b"ply=0&card=7C&take=", b"x" * 5000]),
            headers={"content-type": "application/x-www-form-urlencoded"},
        )
    assert response.status_code == 400
    assert text_of(response.text, "#message") == t("fa", "msg_garbage")


def test_vary_names_each_header_once(player):
    client, url = player
    for path in ("/", url, "/learn"):
        response = client.get(path)
        names = [name.strip().lower() for name in response.headers["vary"].split(",")]
        assert names == ["hx-request", "cookie", "accept-encoding"], path


def test_get_learn_restart_is_405_and_the_form_still_works(client):
    response = client.get("/learn/restart")
    assert response.status_code == 405 and response.headers["allow"] == "POST"
    assert response.headers["content-type"].startswith("text/html")
    assert text_of(response.text, "#game .message") == t("fa", "msg_method")
    assert_security_headers(response)
    restarted = client.post("/learn/restart", follow_redirects=False)
    assert restarted.status_code == 303 and restarted.headers["location"] == "/learn"


def test_http_errors_are_pages_not_json(client):
    for method, path, status, key in (
        ("GET", "/no-such-page", 404, "msg_no_page"),
        ("GET", "/matches", 405, "msg_method"),
        ("GET", "/static/none.css", 404, "msg_no_page"),
    ):
        response = client.request(method, path)
        assert response.status_code == status and response.headers["content-type"].startswith("text/html"), path
        assert text_of(response.text, "#game .message") == t("fa", key)
        assert_security_headers(response)


def set_cookies(response: httpx.Response) -> dict[str, str]:
    """Each cookie set by `response`, by name, with its attributes as written."""
    return {line.split("=", 1)[0]: line for line in response.headers.get_list("set-cookie")}


def test_plain_http_by_default_sends_no_hsts_and_no_secure_cookie(client):
    created = client.post("/matches", data=NEW_MATCH, follow_redirects=False)
    english = client.get("/?lang=en")
    for response in (created, english):
        assert "strict-transport-security" not in response.headers
    assert "secure" not in set_cookies(created)["chaharbargh"].lower()
    assert "secure" not in set_cookies(english)["lang"].lower()


def test_https_only_sends_hsts_everywhere_and_secure_cookies(db_url):
    settings = Settings(database_url=db_url, round_owner=False, secret_key="k", https_only=True)
    with TestClient(create_app(settings), base_url="https://testserver") as client:
        created = client.post("/matches", data=NEW_MATCH, follow_redirects=False)
        english = client.get("/?lang=en")
        assert "; secure" in set_cookies(created)["chaharbargh"].lower()
        assert "; secure" in set_cookies(english)["lang"].lower()
        refused = client.post("/matches", data=NEW_MATCH, headers=CROSS_SITE["another site (Fetch Metadata)"])
        too_large = client.post("/matches", content=b"x" * 20000)
        for response in (created, english, client.get("/no-such-page"), refused, too_large):
            assert response.headers["strict-transport-security"] == HSTS, response.status_code
