"""A day-long move clock in chromium on a phone: the table says the time left in hours and
minutes, as the server words it, and static/clock.js counts it down a minute at a time, never
waking the page each second for a clock of days. The page's own time is Playwright's clock,
moved on by the test; the server's is the test's `Clock`."""

from __future__ import annotations

from tests.app.app_helpers import Clock, two_people

COUNTED = """() => {
  window.ticks = 0;
  new MutationObserver((changes) => { window.ticks += changes.length; })
    .observe(document.querySelector("#clock .clock-words"), {childList: true, characterData: true, subtree: true});
}"""


def test_a_day_long_clock_counts_down_in_hours_and_minutes_once_a_minute(new_page, live_server):
    clock = Clock()
    server = live_server(clock=clock, round_owner=False)
    match_id, secret = two_people(server.app.state.service, clock=86400)
    clock.advance(3600 + 30)  # 22 h 59 min 30 s left on the server
    page = new_page(server)
    page.clock.install()
    page.goto(f"/m/{match_id}/{secret[0]}?lang=en")
    assert page.inner_text("#clock") == "22 h 59 min left"
    page.evaluate(COUNTED)

    page.clock.run_for(29_000)
    assert page.inner_text("#clock") == "22 h 59 min left"
    page.clock.run_for(2_000)  # past the minute: the page counted it down alone
    assert page.inner_text("#clock") == "22 h 58 min left"
    page.clock.run_for(10 * 60_000)
    assert page.inner_text("#clock") == "22 h 48 min left"
    assert page.evaluate("window.ticks") <= 12  # a tick a minute, not 600 in ten minutes
