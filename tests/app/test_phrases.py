"""Quick phrases at a shared table: a person taps one of a fixed list, and
every other table shows it beside their seat for a few seconds; no free text, one every few
seconds, and saying something leaves the move clock alone."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.i18n import t
from app.seats import PHRASE_GAP, PHRASE_SECONDS
from tests.app.app_helpers import HX, Clock, dom, one, text_of

pytestmark = pytest.mark.one_database  # what the pages show


def test_a_phrase_shows_beside_the_sayers_seat_on_the_others_table_for_a_few_seconds(client, app):
    clock = Clock()
    service = app.state.service
    service.clock = clock
    match = service.create("easy", players=2, seats=["person"], seed=9, creator="Sara")
    claimed, _ = service.claim(match.id, service.load(match.id, match.secret).seats.invite(1), "Ana")
    mine, theirs = f"/m/{match.id}/{match.secret}", f"/m/{match.id}/{service.secret_of(claimed, 1)}"
    before = service.load(match.id, match.secret)
    left = before.seconds_left(clock())

    with TestClient(app) as friend:
        said = client.post(mine + "/say?lang=en", data={"phrase": "bravo", "ply": "0"}, headers=HX)
        assert said.status_code == 200 and text_of(said.text, "#me-said") == f"{t('en', 'you_said')}: Bravo!"
        # the sayer's buttons wait out the gap (the page enables them then), the other's do not
        waiting = dom(said.text).select("#phrases button[name=phrase]")
        assert waiting and all(b.has_attr("disabled") and b["data-enable-after"] == str(PHRASE_GAP) for b in waiting)
        assert not dom(friend.get(theirs).text).select("#phrases button[disabled]")
        after = service.load(match.id, match.secret)
        assert after.version != before.version  # news for the open streams
        assert after.seconds_left(clock()) == left  # the move clock did not start again
        seen = friend.get(theirs + "?lang=fa").text
        assert text_of(seen, '#seats .said[data-said-seat="0"]') == "آفرین!"
        clock.advance(2.5)  # a table drawn later shows it for the seconds it has left
        assert one(friend.get(theirs).text, ".said")["data-hide-after"] == str(PHRASE_SECONDS - 2)

        again = client.post(mine + "/say?lang=en", data={"phrase": "thanks"}, headers=HX)  # too soon
        assert again.status_code == 429 and text_of(again.text, "#message") == t("en", "msg_phrase_too_soon")
        assert one(client.get(mine).text, "#phrases button[data-phrase=thanks]")["data-enable-after"] == "1"
        clock.advance(PHRASE_GAP - 2.5)
        assert not dom(client.get(mine).text).select("#phrases button[disabled]")
        assert client.post(mine + "/say", data={"phrase": "thanks"}, headers=HX).status_code == 200
        clock.advance(PHRASE_SECONDS)
        assert not dom(friend.get(theirs).text).select(".said")  # gone after a few seconds

        forged = friend.post(theirs + "/say?lang=en", data={"phrase": "<b>hello</b>"}, headers=HX)
        assert forged.status_code == 400 and "hello" not in text_of(forged.text, "#game")
        assert service.load(match.id, match.secret).seats.last_said(1) is None
        buttons = [b["value"] for b in dom(friend.get(theirs).text).select("#phrases button[name=phrase]")]
        assert buttons == ["bravo", "well_played", "hurry", "good_luck", "oops", "thanks"]

    waiting = service.create("easy", players=2, seats=["person"])  # nobody to talk to yet
    assert not dom(client.get(f"/m/{waiting.id}/{waiting.secret}").text).select("#phrases, #watch")
    alone = service.create("easy", players=2)
    page = client.get(f"/m/{alone.id}/{alone.secret}").text
    assert not dom(page).select("#phrases")
    refused = client.post(f"/m/{alone.id}/{alone.secret}/say?lang=en", data={"phrase": "bravo"}, headers=HX)
    assert refused.status_code == 409 and text_of(refused.text, "#message") == t("en", "msg_no_phrases")
    watch = one(client.get(mine).text, "#watch-link")["href"]
    assert not dom(client.get(watch).text).select("#phrases")
    assert client.post(watch + "/say", data={"phrase": "bravo"}).status_code in (404, 405)


def two_people(service, **options):
    """A two-seat table whose friend has taken their seat: the creator's and the friend's addresses."""
    match = service.create("easy", players=2, seats=["person"], seed=9, creator="Sara", **options)
    claimed, _ = service.claim(match.id, service.load(match.id, match.secret).seats.invite(1), "Ana")
    return f"/m/{match.id}/{match.secret}", f"/m/{match.id}/{service.secret_of(claimed, 1)}"


def test_a_table_still_waiting_for_its_people_refuses_a_phrase_and_changes_nothing(client, app):
    service = app.state.service
    match = service.create("easy", players=3, seats=["person", "person"], seed=9, creator="Sara")
    service.claim(match.id, service.load(match.id, match.secret).seats.invite(1), "Ana")  # seat 2 still empty
    before = service.load(match.id, match.secret)
    mine = f"/m/{match.id}/{match.secret}"
    for lang in ("fa", "en"):
        refused = client.post(f"{mine}/say?lang={lang}", data={"phrase": "bravo"}, headers=HX)
        assert refused.status_code == 409
        assert text_of(refused.text, "#message") == t(lang, "msg_waiting_players")
    after = service.load(match.id, match.secret)
    assert after.seats == before.seats and after.version == before.version
    assert after.seats.last_said(0) is None and after.seats.said == ()


def test_a_phrase_too_soon_says_in_retry_after_the_whole_seconds_until_the_next(client, app):
    """The gap is 3 s: asked 0.4 s after a phrase, the next is allowed in 2.6 s, so 3; at 2.5 s, in 0.5 s, so 1."""
    clock = Clock()
    service = app.state.service
    service.clock = clock
    mine, _ = two_people(service)
    assert client.post(mine + "/say", data={"phrase": "bravo"}, headers=HX).status_code == 200
    for after, expected in ((0.4, "3"), (2.1, "1")):  # 0.4 s, then 2.5 s after the phrase
        clock.advance(after)
        refused = client.post(mine + "/say?lang=en", data={"phrase": "thanks"}, headers=HX)
        assert refused.status_code == 429 and refused.headers["retry-after"] == expected
        assert text_of(refused.text, "#message") == t("en", "msg_phrase_too_soon")
    clock.advance(0.5)  # exactly the gap: allowed, and no Retry-After on a success
    allowed = client.post(mine + "/say", data={"phrase": "thanks"}, headers=HX)
    assert allowed.status_code == 200 and "retry-after" not in allowed.headers
