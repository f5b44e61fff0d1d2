"""Notifications in chromium: a table with two people offers the opt-in button with the site's
VAPID key (shown by static/pwa.js, which asks nothing by itself), and a hidden tab's title says
it is the person's turn, in their language, and goes back when the page is seen again; the page
tells the server each time whether it is shown (app/visibility.py)."""

from __future__ import annotations

import pytest

from app.i18n import t
from tests.app.app_helpers import two_people


def seen_answer(answer) -> bool:
    return answer.url.endswith("/seen") and answer.status == 204


HIDE = """(hidden) => {
  Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_hidden_tab_says_your_turn_and_the_table_offers_notifications(new_page, live_server, lang):
    server = live_server(round_owner=False)
    service = server.app.state.service
    match_id, secrets = two_people(service, clock=86400)
    turn = service.load(match_id, secrets[0]).turn
    page = new_page(server)
    told = service.visibility.shown
    with page.expect_response(seen_answer):  # the page says it is shown as it loads
        page.goto(f"/m/{match_id}/{secrets[turn]}?lang={lang}")
    assert told(match_id, turn) and not told(match_id, 1 - turn)
    page.wait_for_selector("#notify:not([hidden])")
    assert page.get_attribute("#notify", "data-vapid-key") == server.app.state.vapid_public
    assert page.evaluate("Notification.permission") == "default"  # nothing was asked
    title = page.title()
    with page.expect_response(seen_answer):
        page.evaluate(HIDE, True)
    assert page.title() == t(lang, "tab_your_turn") + " · " + title
    assert not told(match_id, turn)  # hidden: a live table would push this seat its turn
    with page.expect_response(seen_answer):
        page.evaluate(HIDE, False)
    assert page.title() == title and told(match_id, turn)

    page.goto(f"/m/{match_id}/{secrets[1 - turn]}?lang={lang}")  # the other seat: not their turn
    title = page.title()
    page.evaluate(HIDE, True)
    assert page.title() == title
