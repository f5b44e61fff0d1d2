"""Home page, language, the saved-matches cookie, health and headers."""

from __future__ import annotations

import base64
import json

from app.i18n import digits, t
from tests.app.app_helpers import dom, one, text_of


def lang_dir(html: str) -> tuple[str, str]:
    root = one(html, "html")
    return root["lang"], root["dir"]


def test_health_route_answers_ok(client):
    response = client.get("/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_home_page_is_persian_first_with_the_match_options(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.text
    assert lang_dir(html) == ("fa", "rtl")
    assert text_of(html, "h1") == t("fa", "title")
    form = one(html, 'form[action="/matches"]')

    def choices(name: str) -> list[tuple[str, str]]:
        return [(i["value"], " ".join(i.parent.get_text(" ").split())) for i in form.select(f'input[name="{name}"]')]

    assert choices("level") == [(level, t("fa", f"level_{level}")) for level in ("easy", "medium", "pro")]
    assert choices("target") == [(str(n), digits(n, "fa")) for n in (31, 52, 62, 64)]
    assert choices("preset") == [(p, t("fa", f"preset_{p}")) for p in ("table", "pagat")]
    assert form.select_one('input[name="target"][checked]')["value"] == "62"
    assert one(html, 'script[src="/static/htmx-2.0.11.min.js"]')


def test_persian_digits():
    assert digits(1234567890, "fa") == "۱۲۳۴۵۶۷۸۹۰"
    assert digits(31, "en") == "31"


def test_english_by_the_switch_and_then_by_cookie(client):
    response = client.get("/?lang=en")
    assert lang_dir(response.text) == ("en", "ltr") and text_of(response.text, "#start") == t("en", "start")
    assert "lang=en" in response.headers["set-cookie"]
    assert lang_dir(client.get("/").text) == ("en", "ltr")
    fa = client.get("/?lang=fa").text
    assert lang_dir(fa) == ("fa", "rtl") and text_of(fa, "#start") == t("fa", "start")


def test_a_new_match_is_listed_on_home_with_continue_and_the_cookie_holds_ids_only(client):
    data = {"level": "medium", "target": "52", "preset": "pagat"}
    response = client.post("/matches", data=data, follow_redirects=False)
    assert response.status_code == 303
    url = response.headers["location"]
    match_id, secret = url.split("/")[2:4]
    assert len(secret) >= 32  # token_urlsafe(24): 192 bits
    home = client.get("/").text
    assert text_of(home, f'#saved a[href="{url}"]') == t("fa", "continue")

    cookie = client.cookies["chaharbargh"]
    payload = json.loads(base64.b64decode(cookie.split(".")[0] + "=="))
    assert payload == {"matches": [match_id]}
    seed = client.app.state.service.load(match_id, secret).match.seed
    assert str(seed) not in cookie and secret not in cookie


def test_another_browser_does_not_see_the_match_on_its_home(client, app):
    from fastapi.testclient import TestClient

    client.post("/matches", data={"level": "easy", "target": "31", "preset": "table"})
    with TestClient(app) as other:
        home = other.get("/").text
        assert dom(home).select("#saved") == [] and text_of(home, "#saved-h + p") == t("fa", "no_saved")


def test_a_forged_cookie_is_ignored(client):
    forged = base64.b64encode(json.dumps({"matches": ["x"]}).encode()).decode() + ".forged.sig"
    client.cookies.set("chaharbargh", forged)
    response = client.get("/")
    assert response.status_code == 200 and dom(response.text).select("#saved") == []


def test_options_not_offered_are_refused(client):
    for data in (
        {"level": "oracle", "target": "31", "preset": "table"},
        {"level": "easy", "target": "30", "preset": "table"},
        {"level": "easy", "target": "31", "preset": "house"},
        {"level": "easy", "target": "9" * 50, "preset": "table"},
    ):
        response = client.post("/matches", data=data)
        assert response.status_code == 400
        assert text_of(response.text, "#game .message") == t("fa", "msg_bad_options")


def test_pages_carry_csp_vary_and_no_store(client):
    url = client.post("/matches", data={"level": "easy", "target": "31", "preset": "table"}).url.path
    response = client.get(url)
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert "unsafe" not in response.headers["content-security-policy"]
    assert "HX-Request" in response.headers["vary"]
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["referrer-policy"] == "no-referrer"
    assert json.loads(one(response.text, 'meta[name="htmx-config"]')["content"])["allowEval"] is False


def test_vendored_files_are_served(client):
    assert client.get("/static/htmx-2.0.11.min.js").status_code == 200
    assert client.get("/static/fonts/Vazirmatn-wght.woff2").status_code == 200
    assert "SIL OPEN FONT LICENSE" in client.get("/static/fonts/OFL.txt").text.upper()
