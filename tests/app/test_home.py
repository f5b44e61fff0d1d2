"""Home page, language, the saved-matches cookie, health and headers."""

from __future__ import annotations

import base64
import json

import pytest
from sqlalchemy import text

from app.i18n import digits, latin_digits, t
from engine import Rules
from tests.app.app_helpers import dom, loaded, one, text_of


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

    def choices(name: str) -> list[str]:
        return [i["value"] for i in form.select(f'input[name="{name}"]')]

    assert choices("level") == ["easy", "medium", "pro"]
    assert choices("players") == ["2", "3", "4"]
    assert choices("preset") == ["table", "pagat"]
    assert choices("forced_capture") == ["hand", "card", "off"]
    for name in ("jack_sur", "sur_in_last_deal", "surs_cancel", "open_hand"):
        assert form.select_one(f'input[name="{name}"]')["type"] == "checkbox"
    labels = {i["value"]: " ".join(i.parent.get_text(" ").split()) for i in form.select('input[name="preset"]')}
    assert labels["pagat"].startswith(t("fa", "preset_pagat")) and t("fa", "preset_pagat") == "سوربه‌سور"
    assert form.select_one('input[name="target"]')["value"] == "۶۲"  # the page's own digits
    assert one(html, 'script[src^="/static/htmx-2.0.11.min."][src$=".js"]')  # its name carries its hash


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


def session_of(client) -> dict:
    cookie = client.cookies["chaharbargh"]
    return json.loads(base64.b64decode(cookie.split(".")[0] + "=="))


def test_a_new_match_is_listed_on_home_with_continue_and_the_cookie_holds_ids_and_settings_only(client):
    data = {"level": "medium", "target": "52", "preset": "pagat"}
    response = client.post("/matches", data=data, follow_redirects=False)
    assert response.status_code == 303
    url = response.headers["location"]
    match_id, secret = url.split("/")[2:4]
    assert len(secret) >= 32  # token_urlsafe(24): 192 bits
    home = client.get("/").text
    assert text_of(home, f'#saved a[href="{url}"]') == t("fa", "continue")

    # the ids, the settings as the form sent them (with the fields it left out at their
    # defaults), and who this browser is: the person at seat 0
    settings = {"game": "chaharbargh", "level": "medium", "players": "2", "target": "52", "preset": "pagat"}
    person = session_of(client)["person"]
    assert session_of(client) == {"matches": [match_id], "options": settings, "person": person}
    cookie = client.cookies["chaharbargh"]
    loaded = client.app.state.service.load(match_id, secret)
    assert str(loaded.match.seed) not in cookie and secret not in cookie
    assert loaded.seats.person_of(0) == person and loaded.seats.person_of(1) is None  # seat 1: the computer


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


def match_count(client) -> int:
    with client.app.state.service.engine.connect() as conn:
        return conn.execute(text("SELECT count(*) FROM match")).scalar_one()


GOOD = {"level": "easy", "players": "2", "target": "31", "preset": "table"}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"level": "oracle"}, "msg_bad_level"),
        ({"level": ""}, "msg_bad_level"),
        ({"players": "5"}, "msg_bad_players"),
        ({"players": "1"}, "msg_bad_players"),
        ({"players": "two"}, "msg_bad_players"),
        ({"target": "10"}, "msg_bad_target"),
        ({"target": "501"}, "msg_bad_target"),
        ({"target": "0"}, "msg_bad_target"),
        ({"target": "-31"}, "msg_bad_target"),
        ({"target": "31.5"}, "msg_bad_target"),
        ({"target": "9" * 50}, "msg_bad_target"),
        ({"target": "³¹"}, "msg_bad_target"),
        ({"preset": "house"}, "msg_bad_preset"),
        ({"preset": "PAGAT"}, "msg_bad_preset"),
        ({"forced_capture": "maybe"}, "msg_bad_forced_capture"),
        ({"jack_sur": "yes"}, "msg_bad_flag"),
        ({"sur_in_last_deal": "2"}, "msg_bad_flag"),
        ({"surs_cancel": "true"}, "msg_bad_flag"),
        ({"open_hand": "on"}, "msg_bad_flag"),
        ({"sur_points": "0"}, "msg_bad_sur_points"),
        ({"sur_points": "101"}, "msg_bad_sur_points"),
        ({"sur_points": "five"}, "msg_bad_sur_points"),
        ({"sur_cutoff": "0"}, "msg_bad_sur_cutoff"),
        ({"sur_cutoff": "501"}, "msg_bad_sur_cutoff"),
        ({"sur_cutoff": "none"}, "msg_bad_sur_cutoff"),
    ],
)
def test_each_field_refuses_what_is_not_offered_and_nothing_is_created(client, changes, message):
    for lang in ("fa", "en"):
        response = client.post(f"/matches?lang={lang}", data={**GOOD, **changes}, follow_redirects=False)
        assert response.status_code == 400
        assert text_of(response.text, "#game .message") == t(lang, message)
    assert match_count(client) == 0
    assert "chaharbargh" not in client.cookies  # nothing was created, so nothing was remembered


def test_every_combination_of_the_form_is_a_match_with_those_rules(client):
    """A sample of the combinations the engine accepts, each made through the form and read back."""
    combos = [
        {"players": "3", "preset": "pagat", "target": "11", "forced_capture": "off", "jack_sur": "1"},
        {"players": "4", "preset": "table", "target": "500", "sur_in_last_deal": "1", "sur_points": "1"},
        {"players": "2", "preset": "table", "target": "77", "surs_cancel": "1", "sur_cutoff": "40", "open_hand": "1"},
        {
            "players": "4",
            "preset": "pagat",
            "target": "90",
            "forced_capture": "hand",
            "open_hand": "1",
            "sur_points": "100",
            "sur_cutoff": "500",
            "jack_sur": "1",
            "sur_in_last_deal": "1",
            "surs_cancel": "1",
        },
    ]
    for combo in combos:
        response = client.post("/matches", data={"level": "pro", "house": "1", **combo}, follow_redirects=False)
        assert response.status_code == 303, response.text
        rules = loaded(client, response.headers["location"]).state.rules
        assert rules.players == int(combo["players"]) and rules.target == int(combo["target"])
        assert rules.forced_capture == combo.get("forced_capture", rules.forced_capture)
        for flag in ("jack_sur", "sur_in_last_deal", "surs_cancel", "open_hand"):  # house=1: unticked is off
            assert getattr(rules, flag) is (flag in combo), (combo, flag)
        assert rules.sur_cutoff == (int(combo["sur_cutoff"]) if "sur_cutoff" in combo else None)
        expected_points = int(combo.get("sur_points", 10 if rules.players == 4 else 5))
        assert rules.sur_points == expected_points
    assert match_count(client) == len(combos)


def test_fields_left_out_take_the_presets_values_doubled_with_four_players(client):
    for data, expected in (
        ({"preset": "pagat"}, Rules.preset("pagat")),
        ({"preset": "pagat", "players": "4"}, Rules.preset("pagat", players=4)),
        ({"players": "4", "target": "100"}, Rules(players=4, target=100)),
        (
            {"preset": "pagat", "sur_cutoff": "", "house": "1", "surs_cancel": "1", "forced_capture": "card"},
            Rules.preset("pagat", sur_cutoff=None),
        ),
    ):
        response = client.post("/matches", data={"level": "easy", **data}, follow_redirects=False)
        assert response.status_code == 303
        assert loaded(client, response.headers["location"]).state.rules == expected
    assert Rules.preset("pagat", players=4).target == 124 and Rules(players=4).sur_points == 10


def form_of(html: str) -> dict[str, str]:
    """What the home page's form sends as it is pre-filled (a tap on its start button): the
    inputs with their values, radios and boxes only when checked; the number fields show the
    page's digits (Persian in Persian), read here as the numbers they are."""
    values = {}
    for field in dom(html).select("#new-match-form input"):
        kind, name = field.get("type"), field["name"]
        if kind in ("radio", "checkbox"):
            if field.has_attr("checked"):
                values[name] = field["value"]
        else:
            values[name] = latin_digits(field.get("value", ""))
    return values


def test_the_home_form_starts_at_the_presets_values_and_reads_the_address(client):
    def form(url: str):
        return form_of(client.get(url).text)

    plain = form("/")
    assert plain == {
        "house": "1",
        "game": "chaharbargh",
        "players": "2",
        "level": "easy",
        "preset": "table",
        "target": "62",
        "forced_capture": "hand",
        "sur_points": "5",
        "sur_cutoff": "",
        "name": "",
    }  # the creator's name, for the friends they invite
    four = form("/?players=4&open_hand=1")
    assert four["target"] == "124" and four["sur_points"] == "10" and four["open_hand"] == "1"
    pagat = form("/?preset=pagat&players=3&target=40&jack_sur=1")
    assert (pagat["forced_capture"], pagat["surs_cancel"], pagat["sur_cutoff"]) == ("card", "1", "50")
    assert pagat["target"] == "40" and pagat["jack_sur"] == "1" and pagat["players"] == "3"
    # "fill in this preset's values" (the no-JavaScript way): the game stays, the rules restart
    refill = form("/?defaults=1&preset=pagat&players=4&level=pro&target=40&jack_sur=1&house=1")
    assert refill["target"] == "124" and "jack_sur" not in refill and refill["level"] == "pro"
    assert form("/?players=9&target=x") == plain  # an address that does not fit: the defaults
    page = client.get("/").text
    for level in ("easy", "medium", "pro"):  # each level says how it plays
        assert text_of(page, f"#about-{level}") == t("fa", f"level_{level}_about")
    assert one(page, 'script[src^="/static/home."][src$=".js"]') and client.get("/static/home.js").status_code == 200


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
    assert client.get("/static/fonts/Vazirmatn-wght-subset.woff2").status_code == 200
    assert "SIL OPEN FONT LICENSE" in client.get("/static/fonts/OFL.txt").text.upper()


@pytest.mark.one_database
def test_a_computer_seat_at_the_form_s_level_says_the_level_chosen_above(client):
    """A seat's first choice is a computer at the level chosen in the form above it: «سطح بالا»
    on its own reads as "a high level", so the words say the level was chosen."""
    for lang, chosen in (("fa", "انتخاب"), ("en", "chosen")):
        option = one(client.get(f"/?lang={lang}").text, 'select#seat1 option[value=""]').get_text(strip=True)
        assert chosen in option and "سطح بالا" not in option
