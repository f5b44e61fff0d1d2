"""Numbers and dates as a Persian reader writes them: the home form's number fields show Persian
digits and read them typed (a type="number" field can do neither), every decimal of the review
and the hints uses the Persian decimal separator «٫», and the history's dates are in the Solar
Hijri calendar in Persian, the Gregorian in English."""

from __future__ import annotations

import re
from datetime import datetime

from sqlalchemy import text

from app.i18n import t
from tests.app.app_helpers import dom, finish, one, url_of

DIGIT_DOT_DIGIT = re.compile(r"[0-9\u06f0-\u06f9]\.[0-9\u06f0-\u06f9]")


def created(client, **data: str):
    response = client.post("/matches", data={"level": "easy", "preset": "table", **data}, follow_redirects=False)
    assert response.status_code == 303, response.text
    match_id, secret = response.headers["location"].split("/")[2:4]
    return client.app.state.service.load(match_id, secret)


def test_number_fields_typed_in_persian_digits_are_read_as_numbers(client):
    typed = created(client, target="۳۰", house="1", sur_points="۷", sur_cutoff="۱۲۰", players="۳")
    rules = typed.state.rules
    assert (rules.target, rules.sur_points, rules.sur_cutoff, rules.players) == (30, 7, 120, 3)
    assert created(client, target="٤٥").state.rules.target == 45  # the Arabic-Indic digits too
    assert created(client, target="52").state.rules.target == 52
    refused = client.post("/matches?lang=en", data={"level": "easy", "target": "۳۰x"})
    assert refused.status_code == 400 and t("en", "msg_bad_target") in refused.text


def test_the_number_fields_show_the_pages_digits_and_take_persian_ones(client):
    for lang, target, points in (("fa", "۶۲", "۵"), ("en", "62", "5")):
        page = client.get(f"/?lang={lang}").text
        field = one(page, 'input[name="target"]')
        assert field["value"] == target and field["type"] == "text" and field["inputmode"] == "numeric"
        assert re.fullmatch(field["pattern"], "۱۲۴", re.ASCII) and re.fullmatch(field["pattern"], "124")
        assert one(page, 'input[name="sur_points"]')["value"] == points
        assert dom(page).select('input[type="number"]') == []


def test_the_history_dates_a_match_in_the_solar_hijri_calendar_in_persian(client, app):
    service = app.state.service
    match = service.create("easy", target=11, seed=3)
    client.get(url_of(match))  # opened in this browser: remembered
    with service.engine.begin() as connection:
        # 3 December 2026: Farvardin 1, 1405 was 21 March 2026, and 6 months of 31 days and 2 of 30
        # later Azar 1 was 22 November, so the 3rd is Azar 12
        connection.execute(text("UPDATE match SET created_at = :when"), {"when": datetime(2026, 12, 3, 21, 30)})
    assert one(client.get("/history?lang=fa").text, "time").get_text(strip=True) == "۱۲ آذر ۱۴۰۵"
    assert one(client.get("/history?lang=en").text, "time").get_text(strip=True) == "Dec 3, 2026"


def test_a_reviews_decimals_use_the_persian_decimal_separator(client, app):
    service = app.state.service
    match = service.create("easy", target=11, seed=31)
    finish(service, match)
    client.get(url_of(match) + "/review")
    assert app.state.reviews.work_once()
    page = dom(client.get(url_of(match) + "/review?lang=fa").text)
    shown = page.select_one("#review").get_text(" ")
    assert "٫" in shown and not DIGIT_DOT_DIGIT.search(shown), DIGIT_DOT_DIGIT.findall(shown)
