""" "Your turn" at a live table: pushed to a person none of whose pages of that seat is shown, as
the pages say (`POST …/seen`, app/visibility.py), and to nobody whose page is in front of them.
A page's word lasts `FRESH` seconds of the server's clock: one that stopped saying it is shown
counts as closed."""

from __future__ import annotations

import pytest

from app.i18n import t
from app.models import PushJob
from app.visibility import FRESH
from tests.app.app_helpers import Clock, clocked_app, play_first_legal
from tests.app.push_service import PushService
from tests.app.test_push import browser, count, new_table, secret, subscribe, take_seat


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(db_url: str, clock: Clock):
    return clocked_app(db_url, clock, push_worker=False, push_services=("http://127.0.0.1",))


@pytest.fixture
def push():
    with PushService() as service:
        yield service


def seen(client, url: str, page: str, shown: bool) -> None:
    assert client.post(url + "/seen", data={"page": page, "shown": "1" if shown else "0"}).status_code == 204


def test_your_turn_at_a_live_table_goes_only_to_a_seat_whose_pages_are_all_hidden_or_closed(app, push, clock):
    with browser(app) as host, browser(app) as guest:
        host_url = new_table(host, clock=60)
        guest_url = take_seat(host, guest, host_url)
        subscribe(host, push, "bahar", "en")
        subscribe(guest, push, "ana", "fa")
        service, sender = app.state.service, app.state.push
        match_id, addresses = host_url.split("/")[2], {0: host_url, 1: guest_url}
        clients, devices = {0: host, 1: guest}, {0: ("bahar", "en"), 1: ("ana", "fa")}

        def move_and_told() -> list[str]:
            """The person to play moves; the devices told, in turn, of the other's turn."""
            turn = service.load(match_id, secret(host_url)).turn
            play_first_legal(service, match_id, secret(addresses[turn]))
            sender.run_due()
            told = [r.device for r in push.received]
            for got in push.received:
                lang = devices[1 - turn][1]
                assert got.payload["body"] == t(lang, "push_turn") and got.payload["url"] == addresses[1 - turn]
            push.received.clear()
            return told

        for seat in (0, 1):  # both look at their tables in two tabs: nobody is told
            seen(clients[seat], addresses[seat], f"tab-one-{seat}", True)
            seen(clients[seat], addresses[seat], f"tab-two-{seat}", False)
        assert move_and_told() == [] and count(app, PushJob) == 0

        for seat in (0, 1):  # the shown tab is hidden too: every page of each seat is hidden
            seen(clients[seat], addresses[seat], f"tab-one-{seat}", False)
        to_play = service.load(match_id, secret(host_url)).turn
        assert move_and_told() == [devices[1 - to_play][0]]

        for seat in (0, 1):  # shown again, and then silent for longer than a page's word lasts
            seen(clients[seat], addresses[seat], f"tab-one-{seat}", True)
        clock.advance(FRESH.total_seconds() - 1)
        assert move_and_told() == []
        clock.advance(2)  # both pages count as closed now; the clock is a minute: the round owner waits
        to_play = service.load(match_id, secret(host_url)).turn
        assert move_and_told() == [devices[1 - to_play][0]]


def test_a_page_word_is_checked_and_a_watcher_tells_nothing(app, push):
    with browser(app) as host, browser(app) as guest:
        host_url = new_table(host, clock=60)
        take_seat(host, guest, host_url)
        for bad in ({"page": "x", "shown": "1"}, {"page": "a page name", "shown": "1"}, {"page": "tab-12345"}):
            assert host.post(host_url + "/seen", data=bad).status_code == 400, bad
        assert (
            host.post(host_url.rsplit("/", 1)[0] + "/nope/seen", data={"page": "tab-12345", "shown": "1"}).status_code
            == 404
        )
        crossed = host.post(
            host_url + "/seen", data={"page": "tab-12345", "shown": "1"}, headers={"sec-fetch-site": "cross-site"}
        )
        assert crossed.status_code == 403
        match_id = host_url.split("/")[2]
        assert not app.state.service.visibility.shown(match_id, 0)
