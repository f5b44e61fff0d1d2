"""Per-client rate limits (app/limits.py): new matches and practice rounds, and hints the pro works
out; the 429 page; and the hint cache that an undo does not empty.

Every test uses tiny limits (one or two a minute) and, where a window has to pass, a fake clock
given to the library's memory storage and to the app's limits alike: no test waits on real time.
"""

from __future__ import annotations

import types
from collections.abc import Iterator

import limits.storage.memory
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from app.games.chaharbargh.hints import hint_cached, hints
from app.i18n import digits, t
from app.main import create_app
from app.settings import Settings
from app.table import Table
from tests.app.app_helpers import HX, dom, finish, first_move, loaded, one, text_of, url_of
from tests.conftest import FIXED_BOTS

NEW_MATCH = {"level": "easy", "target": "31", "preset": "table"}
SEED = 4_402_118_907_335_120_771  # a practice deal whose first position has two legal moves to weigh


class FakeClock:
    """Seconds that move only when the test says so."""

    def __init__(self, now: float = 1_800_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> FakeClock:
    """The library's memory storage reads `time.time()`; here it reads this clock instead."""
    fake = FakeClock()
    monkeypatch.setattr(limits.storage.memory, "time", types.SimpleNamespace(time=fake))
    return fake


@pytest.fixture
def limited(db_url: str, clock: FakeClock) -> Iterator[TestClient]:
    """The app with two new matches and one computed hint a minute per client, on the fake clock."""
    app = create_app(
        Settings(
            database_url=db_url,
            secret_key="test-key",
            computer_delay_ms=10,
            bot_settings=FIXED_BOTS,
            rate_new="2/minute",
            rate_hints="1/minute",
            round_owner=False,
        )
    )
    app.state.limits.clock = clock
    with TestClient(app) as client:
        yield client


def stored_matches(client: TestClient) -> int:
    with client.app.state.service.engine.connect() as conn:
        return conn.execute(text("SELECT count(*) FROM match")).scalar_one()


def test_new_matches_over_the_limit_get_a_429_page_and_nothing_is_stored(limited, clock):
    assert limited.post("/matches", data=NEW_MATCH, follow_redirects=False).status_code == 303
    clock.now += 10
    assert limited.post("/matches", data=NEW_MATCH, follow_redirects=False).status_code == 303
    cookie = limited.cookies.get("chaharbargh")
    clock.now += 10  # 40 s of the minute are left for the first of the two
    refused = limited.post("/matches", data=NEW_MATCH, follow_redirects=False)
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == "40"
    assert "set-cookie" not in refused.headers and limited.cookies.get("chaharbargh") == cookie
    assert stored_matches(limited) == 2
    # the app's own error page, Persian first with the same words in English below
    assert text_of(refused.text, "#game .message") == t("fa", "msg_rate_new", seconds=digits(40, "fa"))
    assert text_of(refused.text, "#other-language") == t("en", "msg_rate_new", seconds="40")
    assert one(refused.text, "html")["lang"] == "fa"
    assert refused.headers["content-security-policy"], "the security headers are on the 429 too"
    # a practice round counts as a new match too
    assert limited.post("/practice", data={"level": "easy"}, follow_redirects=False).status_code == 429
    clock.now += 41  # the first one has left the window: one more is let through
    assert limited.post("/practice", data={"level": "easy"}, follow_redirects=False).status_code == 303
    assert limited.post("/matches", data=NEW_MATCH, follow_redirects=False).status_code == 429
    assert stored_matches(limited) == 3


def test_a_rematch_is_a_new_match_for_the_limit(limited):
    """After `POST /matches` answers 429, rematches of a finished match (each would store one)
    are refused too, 61 of them, and store nothing."""
    service = limited.app.state.service
    over = service.create("easy", 11, "table", seed=SEED)
    finish(service, over)  # played through the service: not counted by the limit
    for status in (303, 303, 429):
        assert limited.post("/matches", data=NEW_MATCH, follow_redirects=False).status_code == status
    stored = stored_matches(limited)
    refused = [limited.post(url_of(over) + "/rematch", follow_redirects=False).status_code for _ in range(61)]
    assert refused == [429] * 61
    assert stored_matches(limited) == stored


def test_the_429_page_speaks_the_players_language_and_to_htmx(limited):
    limited.cookies.set("lang", "en")
    for _ in range(2):
        limited.post("/matches", data=NEW_MATCH, follow_redirects=False)
    refused = limited.post("/practice", data={"level": "easy"}, headers=HX)
    assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
    seconds = refused.headers["Retry-After"]
    assert text_of(refused.text, "#game .message") == t("en", "msg_rate_new", seconds=seconds)
    assert text_of(refused.text, "#other-language") == t("fa", "msg_rate_new", seconds=digits(seconds, "fa"))
    assert dom(refused.text).select("html") == [], "HTMX gets the error fragment, not a whole page"


def test_each_client_address_has_its_own_count(limited):
    for _ in range(2):
        limited.post("/matches", data=NEW_MATCH, follow_redirects=False)
    assert limited.post("/matches", data=NEW_MATCH, follow_redirects=False).status_code == 429
    with TestClient(limited.app, client=("198.51.100.7", 40000)) as other:
        assert other.post("/matches", data=NEW_MATCH, follow_redirects=False).status_code == 303
    # IPv6: one count per /64, the block one subscriber usually has
    for host, status in (("2001:db8:1:2::1", 303), ("2001:db8:1:2::99", 303), ("2001:db8:1:2:ff::7", 429)):
        with TestClient(limited.app, client=(host, 40000)) as six:
            assert six.post("/matches", data=NEW_MATCH, follow_redirects=False).status_code == status


def test_a_computed_hint_counts_a_cached_one_does_not(limited, clock):
    url = url_of(limited.app.state.service.create_practice("medium", seed=SEED))
    first = limited.get(url, params={"hint": "1"}, headers=HX)
    assert first.status_code == 200 and dom(first.text).select("#hints")
    # tapping cards with hints on: the same hint, from the cache, not counted
    card = next(e["data-card"] for e in dom(first.text).select("#hand [data-card]"))
    for params in ({"hint": "1"}, {"hint": "1", "select": card}):
        assert limited.get(url, params=params, headers=HX).status_code == 200
    # a new position needs a new hint: over the limit of one a minute
    state = loaded(limited, url).state
    limited.post(url + "/move", data={"ply": 0, **first_move(state)}, headers=HX)
    limited.post(url + "/computer", data={"ply": 1}, headers=HX)
    refused = limited.get(url, params={"hint": "1"}, headers=HX)
    assert refused.status_code == 429
    wait = int(refused.headers["Retry-After"])
    assert 1 <= wait <= 60
    assert text_of(refused.text, "#game .message") == t("fa", "msg_rate_hints", seconds=digits(wait, "fa"))
    assert limited.get(url, headers=HX).status_code == 200, "the table without hints is never limited"
    assert limited.post("/matches", data=NEW_MATCH, follow_redirects=False).status_code == 303, "separate counts"
    clock.now += 61
    assert dom(limited.get(url, params={"hint": "1"}, headers=HX).text).select("#hints")


def test_an_undo_finds_its_hint_in_the_cache(limited):
    """The hint is kept by position: after a move and its undo the same position is back (at a new
    undo count), and its hint is not worked out again, nor counted against the limit."""
    service = limited.app.state.service
    url = url_of(service.create_practice("medium", seed=SEED))
    assert dom(limited.get(url, params={"hint": "1"}, headers=HX).text).select("#hints")
    before = loaded(limited, url)
    values = hints(service, before)
    limited.post(url + "/move", data={"ply": 0, **first_move(before.state)}, headers=HX)
    limited.post(url + "/undo", data={"ply": 1}, headers=HX)
    after = loaded(limited, url)
    assert (after.ply, after.match.undos, after.state) == (0, 1, before.state)
    assert hint_cached(service, after) and hints(service, after) is values
    again = limited.get(url, params={"hint": "1"}, headers=HX)
    assert again.status_code == 200 and dom(again.text).select("#hints"), "not counted: the limit is one"


def test_hints_are_kept_apart_by_position_not_only_by_ply(limited):
    """After an undo the same ply can hold another position: the cache never serves it the hint
    of the position the ply held before."""
    service = limited.app.state.service
    url = url_of(service.create_practice("medium", seed=SEED))
    start = loaded(limited, url).state
    taken_back, played = start.legal_moves()[:2]
    for move, then in ((taken_back, "/undo"), (played, "/computer")):
        form = {"ply": 0, "card": str(move.card), "take": [str(c) for c in move.takes]}
        assert limited.post(url + "/move", data=form, headers=HX).status_code == 200
        assert limited.post(url + then, data={"ply": 1}, headers=HX).status_code == 200
    now = loaded(limited, url)
    assert now.ply == 2 and now.human_to_play
    hints(service, now)
    after_first = start.apply(taken_back)
    elsewhere = Table(now.match, after_first.apply(after_first.legal_moves()[0]), now.seats)
    assert elsewhere.ply == now.ply and elsewhere.state != now.state
    assert hint_cached(service, now) and not hint_cached(service, elsewhere)


def test_limits_can_be_turned_off(db_url):
    settings = Settings(database_url=db_url, round_owner=False, secret_key="k", rate_new="off", rate_hints="off")
    with TestClient(create_app(settings)) as client:
        for _ in range(5):
            assert client.post("/matches", data=NEW_MATCH, follow_redirects=False).status_code == 303


def test_several_windows_at_once(db_url, clock):
    settings = Settings(database_url=db_url, round_owner=False, secret_key="k", rate_new="1/second;2/hour")
    app = create_app(settings)
    app.state.limits.clock = clock
    with TestClient(app) as client:
        assert client.post("/matches", data=NEW_MATCH, follow_redirects=False).status_code == 303
        assert client.post("/matches", data=NEW_MATCH, follow_redirects=False).headers["Retry-After"] == "1"
        clock.now += 1.5
        assert client.post("/matches", data=NEW_MATCH, follow_redirects=False).status_code == 303
        clock.now += 1  # the second-long window lets one through, the hour-long one has had its two
        refused = client.post("/matches", data=NEW_MATCH, follow_redirects=False)
        assert refused.status_code == 429 and refused.headers["Retry-After"] == str(3600 - 2)  # 3597.5, rounded up


def test_a_seats_table_actions_over_its_limit_get_a_429_and_change_nothing(db_url, clock):
    """`rate_moves` counts every POST to a seat's address (a move, a replayed move, the
    computer's turn): past it the move is refused with 429, `Retry-After` and the words in the
    player's language, and the match is as it was; another seat has its own count; a second
    later the move goes through."""
    settings = Settings(
        database_url=db_url, round_owner=False, secret_key="k", computer_delay_ms=10, rate_moves="3/second"
    )
    app = create_app(settings)
    app.state.limits.clock = clock
    service = app.state.service
    mine, other = service.create("easy", seed=SEED), service.create("easy", seed=SEED)
    with TestClient(app) as client:
        client.cookies.set("lang", "en")
        state = loaded(client, url_of(mine)).state
        for _ in range(3):  # replays of a move at an old ply: answered, and counted
            stale = client.post(url_of(mine) + "/move", data={"ply": 99, **first_move(state)}, headers=HX)
            assert stale.status_code == 200
        move = {"ply": 0, **first_move(state)}
        refused = client.post(url_of(mine) + "/move", data=move, headers=HX)
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "1"
        assert text_of(refused.text, "#game .message") == t("en", "msg_rate_moves", seconds="1")
        assert loaded(client, url_of(mine)).ply == 0
        assert client.post(url_of(other) + "/move", data=move, headers=HX).status_code == 200
        clock.now += 1.5  # the library's window ends just after its second, not on it
        assert client.post(url_of(mine) + "/move", data=move, headers=HX).status_code == 200
        assert loaded(client, url_of(mine)).ply == 1
