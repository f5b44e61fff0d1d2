"""Another site's page posts a form to the table: chromium sends it, the app refuses it, nothing changes.

A second tiny HTTP server, on another port, plays the attacker: its pages auto-submit a form to
`/matches` or `/learn/restart` on the app, as a page anywhere on the web could. Reached as
`localhost` it is another site (`Sec-Fetch-Site: cross-site`, no cookie sent); reached as
`127.0.0.1` on its own port it is the same site on another origin (`same-site`, and the
session cookie IS sent). Both are refused with the 403 page, and the player's cookie, saved
match and tutorial progress are exactly as before.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from sqlalchemy import text

from app.games.chaharbargh.tutorial import LESSONS
from app.i18n import digits, t
from engine import Move
from tests.browser.browser_helpers import more_options
from tests.browser.live_server import LiveServer

FORMS = {
    "/matches": {"level": "easy", "target": "31", "preset": "table"},
    "/learn/restart": {},
}


def attack_page(action: str, fields: dict[str, str]) -> bytes:
    inputs = "".join(f'<input type="hidden" name="{k}" value="{html.escape(v)}">' for k, v in fields.items())
    return (
        '<!doctype html><html><head><meta charset="utf-8"><title>You won!</title></head><body>'
        f'<form id="f" method="post" action="{html.escape(action)}">{inputs}</form>'
        "<script>document.getElementById('f').submit()</script></body></html>"
    ).encode()


class Attacker:
    """Serves `/<name>` pages that post a form to the app at `target` as soon as they load."""

    def __init__(self, target: str):
        pages = {path: attack_page(target + path, fields) for path, fields in FORMS.items()}

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                body = pages.get(self.path)
                self.send_response(200 if body else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body or b"")))
                self.end_headers()
                self.wfile.write(body or b"")

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)


@pytest.fixture
def attacker(server: LiveServer) -> Iterator[Attacker]:
    evil = Attacker(server.url)
    yield evil
    evil.stop()


def solve(page, answer: Move) -> None:
    """Tap the answer's card and the table cards it takes, then confirm."""
    page.click(f"#h-{answer.card}")
    page.wait_for_selector(f'#hand [data-card="{answer.card}"][aria-pressed="true"]')
    for take in sorted(str(c) for c in answer.takes):
        if page.get_attribute(f'#table [data-card="{take}"]', "aria-pressed") != "true":
            page.click(f"#t-{take}")
            page.wait_for_selector(f'#table [data-card="{take}"][aria-pressed="true"]')
    page.click("#action")


def matches_stored(server: LiveServer) -> int:
    with server.app.state.service.engine.connect() as conn:
        return conn.execute(text("SELECT count(*) FROM match")).scalar_one()


def session_cookie(page) -> dict:
    return next(c for c in page.context.cookies() if c["name"] == "chaharbargh")


@pytest.mark.parametrize(
    ("host", "fetch_site"),
    [("localhost", "cross-site"), ("127.0.0.1", "same-site")],
    ids=["another site", "same site, another port"],
)
def test_a_form_posted_by_another_origins_page_changes_nothing(server, attacker, new_page, host, fetch_site):
    page = new_page(server)
    # the player: one saved match and the first lesson solved
    page.goto("/")
    more_options(page)
    page.check('input[name="level"][value="easy"]')
    page.fill('input[name="target"]', "31")
    page.click("#start")
    page.wait_for_selector("#game")
    match_path = page.url.removeprefix(server.url)
    lesson = LESSONS[0]
    page.goto(f"/learn/{lesson.key}")
    solve(page, Move.parse(lesson.answers[0]))
    page.wait_for_selector(f'#lesson[data-lesson="{lesson.key}"][data-state="solved"]')
    cookie, stored = session_cookie(page), matches_stored(server)

    for path in FORMS:
        with page.expect_response(lambda r, path=path: r.url == server.url + path) as answer:
            page.goto(f"http://{host}:{attacker.port}{path}", wait_until="commit")
        posted = answer.value
        assert posted.request.method == "POST"
        assert posted.request.all_headers()["sec-fetch-site"] == fetch_site
        assert posted.status == 403
        page.wait_for_url(server.url + path)
        assert page.inner_text("#game .message") == t("fa", "msg_cross_site")
        assert page.inner_text("#other-language") == t("en", "msg_cross_site")

    assert session_cookie(page) == cookie
    assert matches_stored(server) == stored
    page.goto("/")
    assert page.locator(f'#saved a[href="{match_path}"]').count() == 1
    page.goto("/learn")
    progress = t("fa", "tutorial_progress", done=digits(1, "fa"), total=digits(len(LESSONS), "fa"))
    assert page.inner_text("#progress").startswith(progress)


def test_the_same_forms_from_the_apps_own_pages_still_work(server, new_page):
    """The refusal is about the origin, not the forms: the app's own buttons go through."""
    page = new_page(server)
    page.goto("/")
    page.click("#start")
    page.wait_for_selector("#game")
    assert page.url.startswith(server.url + "/m/")
    page.goto("/learn")
    page.click("#restart")
    page.wait_for_url(server.url + "/learn")
    assert page.locator("#resume").count() == 1
