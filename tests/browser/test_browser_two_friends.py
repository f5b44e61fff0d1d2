"""Two people play a whole two-seat match to its end in chromium, each seeing the other's moves
arrive on their event stream without a reload; the flow is
test_browser_whole_match_together.py's, in a file of its own so the two matches run on two
workers."""

from __future__ import annotations

from tests.browser.test_browser_whole_match_together import play_to_the_end


def test_two_people_play_a_two_seat_match_to_the_end(new_page, live_server):
    play_to_the_end(new_page, live_server, players=2, friend=1)
