"""Home page, language, the saved-matches cookie, health and headers."""

from __future__ import annotations

import base64
import json
import re

from app.i18n import digits


def test_health_route_answers_ok(client):
    response = client.get("/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_home_page_is_persian_first_with_the_match_options(client):
    response = client.get("/")
    assert response.status_code == 200
    assert '<html lang="fa" dir="rtl">' in response.text
    assert "چهاربرگ" in response.text
    for level in ("easy", "medium", "pro"):
        assert f'name="level" value="{level}"' in response.text
    for target in (31, 52, 62, 64):
        assert f'name="target" value="{target}"' in response.text
        assert digits(target, "fa") in response.text
    assert 'name="preset" value="table"' in response.text and 'name="preset" value="pagat"' in response.text
    assert '/static/htmx-2.0.11.min.js' in response.text


def test_persian_digits():
    assert digits(1234567890, "fa") == "۱۲۳۴۵۶۷۸۹۰"
    assert digits(31, "en") == "31"


def test_english_by_the_switch_and_then_by_cookie(client):
    response = client.get("/?lang=en")
    assert '<html lang="en" dir="ltr">' in response.text and "Start" in response.text
    assert "lang=en" in response.headers["set-cookie"]
    assert '<html lang="en" dir="ltr">' in client.get("/").text
    assert '<html lang="fa" dir="rtl">' in client.get("/?lang=fa").text


def test_a_new_match_is_listed_on_home_with_continue_and_the_cookie_holds_ids_only(client):
    data = {"level": "medium", "target": "52", "preset": "pagat"}
    response = client.post("/matches", data=data, follow_redirects=False)
    assert response.status_code == 303
    url = response.headers["location"]
    match_id, secret = url.split("/")[2:4]
    assert len(secret) >= 32  # token_urlsafe(24): 192 bits
    home = client.get("/").text
    assert f'href="{url}"' in home and "ادامه" in home

    cookie = client.cookies["chaharbargh"]
    payload = json.loads(base64.b64decode(cookie.split(".")[0] + "=="))
    assert payload == {"matches": [match_id]}
    seed = client.app.state.service.load(match_id, secret).match.seed
    assert str(seed) not in cookie and secret not in cookie


def test_another_browser_does_not_see_the_match_on_its_home(client, app):
    from fastapi.testclient import TestClient

    client.post("/matches", data={"level": "easy", "target": "31", "preset": "table"})
    with TestClient(app) as other:
        assert 'id="saved"' not in other.get("/").text


def test_a_forged_cookie_is_ignored(client):
    forged = base64.b64encode(json.dumps({"matches": ["x"]}).encode()).decode() + ".forged.sig"
    client.cookies.set("chaharbargh", forged)
    response = client.get("/")
    assert response.status_code == 200 and 'id="saved"' not in response.text


def test_options_not_offered_are_refused(client):
    for data in (
        {"level": "oracle", "target": "31", "preset": "table"},
        {"level": "easy", "target": "30", "preset": "table"},
        {"level": "easy", "target": "31", "preset": "house"},
        {"level": "easy", "target": "9" * 50, "preset": "table"},
    ):
        response = client.post("/matches", data=data)
        assert response.status_code == 400
        assert "این تنظیمات بازی پذیرفته نیست" in response.text


def test_pages_carry_csp_vary_and_no_store(client):
    url = client.post("/matches", data={"level": "easy", "target": "31", "preset": "table"}).url.path
    response = client.get(url)
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert "unsafe" not in response.headers["content-security-policy"]
    assert "HX-Request" in response.headers["vary"]
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["referrer-policy"] == "no-referrer"
    assert re.search(r'<meta name="htmx-config" content=\'[^\']*"allowEval": false', response.text)


def test_vendored_files_are_served(client):
    assert client.get("/static/htmx-2.0.11.min.js").status_code == 200
    assert client.get("/static/fonts/Vazirmatn-wght.woff2").status_code == 200
    assert "SIL OPEN FONT LICENSE" in client.get("/static/fonts/OFL.txt").text.upper()
