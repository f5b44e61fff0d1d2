"""The home page's one-tap start: what its start button begins (the settings of this browser's
last match, kept in the signed session cookie, or the defaults), what is kept and what is not,
settings in the cookie that do not fit, "more options", and each house rule's line and link."""

from __future__ import annotations

import base64
import json

import pytest
from itsdangerous import TimestampSigner

from app.i18n import t
from engine import Rules
from tests.app.app_helpers import dom, loaded, one, texts, words
from tests.app.test_home import form_of, session_of

HOUSE_RULES = ("open_hand", "forced_capture", "jack_sur", "sur_in_last_deal", "surs_cancel", "sur_points", "sur_cutoff")


def signed(session: dict) -> str:
    """A session cookie as the app signs it (the test app's key), holding `session`."""
    data = base64.b64encode(json.dumps(session).encode())
    return TimestampSigner("test-key").sign(data).decode()


def summary(html: str) -> list[str]:
    return texts(html, "#quick-summary li")


def tap_start(client, html: str):
    """What a tap on the start button does: post the form as the page pre-filled it."""
    response = client.post("/matches", data=form_of(html), follow_redirects=False)
    assert response.status_code == 303, response.text
    return loaded(client, response.headers["location"])


def is_open(html: str) -> bool:
    return one(html, "details#more-options").has_attr("open")


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_a_first_visit_starts_two_players_easy_to_62(client, lang):
    html = client.get(f"/?lang={lang}").text
    two, to_62 = ("۲", "۶۲") if lang == "fa" else ("2", "62")
    expected = [t(lang, "summary_players", n=two), t(lang, "level_easy"), t(lang, "summary_target", n=to_62)]
    assert summary(html) == expected
    assert not is_open(html)  # every other choice waits behind "more options"
    started = tap_start(client, html)
    assert started.match.game == "chaharbargh" and started.match.level == "easy"
    assert started.state.rules == Rules() and (started.state.rules.players, started.state.rules.target) == (2, 62)


def test_the_last_matchs_settings_are_kept_and_one_tap_starts_them_again(client):
    chosen = {"house": "1", "game": "chaharbargh", "players": "3", "level": "pro", "preset": "table", "target": "31",
              "forced_capture": "card", "jack_sur": "1", "sur_points": "7", "sur_cutoff": "", "card": "7C"}  # fmt: skip
    response = client.post("/matches", data=chosen, follow_redirects=False)
    first = loaded(client, response.headers["location"])
    # kept: the form's fields as it sent them (the empty cut-off is "none", read from house=1; no stray field)
    assert session_of(client)["options"] == {"house": "1", "game": "chaharbargh", "players": "3", "level": "pro",
                                             "preset": "table", "target": "31", "forced_capture": "card",
                                             "jack_sur": "1", "sur_points": "7"}  # fmt: skip
    html = client.get("/").text
    assert summary(html) == [t("fa", "summary_players", n="۳"), t("fa", "level_pro"), t("fa", "summary_target", n="۳۱"),
                             t("fa", "quick_house")]  # fmt: skip
    assert not is_open(html)
    sent = form_of(html)
    assert (sent["players"], sent["level"], sent["target"], sent["forced_capture"]) == ("3", "pro", "31", "card")
    assert (sent["jack_sur"], sent["sur_points"], sent["sur_cutoff"]) == ("1", "7", "") and "surs_cancel" not in sent
    again = tap_start(client, html)
    rules = again.state.rules
    assert again.match.level == "pro" and rules == first.state.rules
    assert (rules.players, rules.target, rules.forced_capture) == (3, 31, "card")
    assert (rules.sur_points, rules.sur_cutoff) == (7, None)
    assert rules.jack_sur and not rules.surs_cancel
    english = client.get("/?lang=en").text  # the language is not a setting of the form
    assert summary(english) == [t("en", "summary_players", n="3"), t("en", "level_pro"),
                                t("en", "summary_target", n="31"), t("en", "quick_house")]  # fmt: skip


def test_the_address_wins_over_the_last_settings_and_opens_more_options(client):
    client.post("/matches", data={"level": "pro", "players": "3", "target": "31"})
    linked = client.get("/?players=4&open_hand=1").text  # a link of the rules page
    assert is_open(linked)
    sent = form_of(linked)
    assert (sent["players"], sent["level"], sent["target"], sent["open_hand"]) == ("4", "easy", "124", "1")
    refilled = client.get("/?defaults=1&game=chaharbargh&preset=pagat&players=2&level=pro&target=40&house=1").text
    # "fill in this preset's values" without JavaScript: the form comes back open, at the preset's target
    assert is_open(refilled) and form_of(refilled)["target"] == str(Rules.preset("pagat").target) != "40"
    plain = client.get("/").text
    assert not is_open(plain) and form_of(plain)["players"] == "3"


def test_all_fours_is_kept_with_its_own_summary(client):
    client.post("/matches", data={"game": "allfours", "level": "medium", "players": "4"})
    html = client.get("/?lang=en").text
    assert summary(html) == [t("en", "game_allfours"), t("en", "summary_teams"), t("en", "level_medium"),
                             t("en", "summary_target", n="14")]  # fmt: skip
    assert one(html, 'input[name="game"][checked]')["value"] == "allfours"
    started = tap_start(client, html)
    assert started.match.game == "allfours" and started.match.level == "medium" and started.state.rules.players == 4


def test_only_a_match_started_is_kept(client):
    client.post("/matches", data={"level": "pro", "players": "3", "target": "31"})
    kept = session_of(client)["options"]
    assert client.post("/matches", data={"level": "easy", "target": "9"}).status_code == 400
    assert client.post("/matches", data={"game": "allfours", "level": "easy", "players": "3"}).status_code == 400
    assert client.post("/practice", data={"level": "easy"}).status_code == 200  # after its redirect
    assert session_of(client)["options"] == kept


@pytest.mark.parametrize(
    "stored",
    [
        "3 players",
        ["players", "3"],
        3,
        None,
        {"players": 3},
        {"players": "9", "level": "oracle"},
        {"target": "31abc"},
        {"target": "10"},
        {"game": "allfours", "players": "3"},
        {"game": "poker"},
    ],  # fmt: skip
)
def test_settings_that_do_not_fit_are_the_defaults(client, stored):
    defaults = form_of(client.get("/").text)
    client.cookies.set("chaharbargh", signed({"options": stored}))
    response = client.get("/")
    assert response.status_code == 200
    assert form_of(response.text) == defaults and not is_open(response.text)
    assert tap_start(client, response.text).state.rules == Rules()


def test_unknown_fields_are_ignored_and_a_forged_signature_is_no_session(client):
    client.cookies.set("chaharbargh", signed({"options": {"level": "pro", "<b>x</b>": "<script>alert(1)</script>"}}))
    html = client.get("/").text
    assert form_of(html)["level"] == "pro" and "alert(1)" not in html and "<b>x" not in html
    forged = base64.b64encode(json.dumps({"options": {"level": "pro"}}).encode()).decode() + ".forged.sig"
    client.cookies.set("chaharbargh", forged)
    assert form_of(client.get("/").text)["level"] == "easy"


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_each_house_rule_says_what_it_does_and_links_to_its_example(client, lang):
    html = client.get(f"/?lang={lang}").text
    rules_page = dom(client.get(f"/rules?lang={lang}").text)
    for name in HOUSE_RULES:
        line = one(html, f"#rule-about-{name}")
        assert words(line).startswith(t(lang, f"{name}_about")), name
        link = one(html, f'#rule-about-{name} a.rule-link[data-rule="{name}"]')
        path, anchor = link["href"].split("#")
        assert path == "/rules"
        target = rules_page.select_one(f"#{anchor}")
        assert target is not None, (name, anchor)
        # the rule's own block on the rules page, or its example inside that block
        assert anchor == f"option-{name}" or target.find_parent(id=f"option-{name}") is not None, (name, anchor)
        control = one(html, f'#new-match-form [aria-describedby~="rule-about-{name}"]')
        assert control.get("name") in (name, None)  # the field itself, or the fieldset of its choices


@pytest.mark.one_database
@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_summary_of_the_forms_current_values_is_asked_for_by_the_home_pages_script(client, lang):
    """/quick-summary words the form's values as the home page's summary does; values the form
    cannot take leave it at the defaults, as the home page's own address does."""
    four = dom(client.get(f"/quick-summary?lang={lang}&players=4&target=200&level=pro&preset=table").text)
    assert [li.get_text(strip=True) for li in four.select("li")] == [
        t(lang, "summary_teams"),
        t(lang, "level_pro"),
        t(lang, "summary_target", n="۲۰۰" if lang == "fa" else "200"),
    ]
    bad = dom(client.get(f"/quick-summary?lang={lang}&players=9&target=x").text)
    home = summary(client.get(f"/?lang={lang}").text)
    assert [li.get_text(strip=True) for li in bad.select("li")] == home
