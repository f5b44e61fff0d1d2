"""Limits shared through Redis (app/limits.py with `rate_storage=redis://...`): two apps on one
Redis, as two processes or servers are, count one client's requests together; the stream counter
counts one client's streams across processes and forgets a dead process's; and when Redis goes
down the limits let everything through, saying so in the log once a minute.

Every test runs on a real `redis-server` (tests/redis_server.py). Where a window or the minute
between log lines has to pass, the clock is a fake one the test moves: none waits on real time.
"""

from __future__ import annotations

import logging
import types
from collections.abc import Iterator

import limits.storage.redis
import pytest
import redis
from fastapi.testclient import TestClient
from sqlalchemy import text

from app.limits import RateLimits
from app.main import create_app
from app.settings import Settings
from app.stream_counter import StreamCounter
from tests.app.app_helpers import HX, dom, url_of
from tests.app.test_limits import NEW_MATCH, SEED, FakeClock
from tests.conftest import FIXED_BOTS

pytestmark = pytest.mark.one_database  # the counts live in Redis; the database only stores the matches

CLIENT = "203.0.113.9"


@pytest.fixture
def clock(monkeypatch) -> FakeClock:
    """The library's Redis storage stamps its entries with `time.time()`; here with this clock."""
    fake = FakeClock()
    monkeypatch.setattr(limits.storage.redis, "time", types.SimpleNamespace(time=fake))
    return fake


def app_on(db_url: str, storage: str, **limits: str):
    settings = Settings(
        database_url=db_url,
        secret_key="test-key",
        computer_delay_ms=10,
        bot_settings=FIXED_BOTS,
        rate_storage=storage,
        review_worker=False,
        round_owner=False,
        **limits,
    )
    return create_app(settings)


@pytest.fixture
def two_apps(db_url: str, redis_url: str, clock: FakeClock) -> Iterator[tuple[TestClient, TestClient]]:
    """Two apps on one database and one Redis, two new matches a minute per client: two processes."""
    apps = [app_on(db_url, redis_url, rate_new="2/minute") for _ in range(2)]
    for app in apps:
        app.state.limits.clock = clock
    with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
        yield a, b


def post_new(client: TestClient):
    return client.post("/matches", data=NEW_MATCH, follow_redirects=False)


def stored_matches(client: TestClient) -> int:
    with client.app.state.service.engine.connect() as conn:
        return conn.execute(text("SELECT count(*) FROM match")).scalar_one()


def test_two_apps_on_one_redis_count_a_clients_new_matches_together(two_apps, clock):
    a, b = two_apps
    assert post_new(a).status_code == 303
    clock.now += 10
    assert post_new(b).status_code == 303
    clock.now += 10  # the client's two of the minute are spent, one on each app
    for app in (a, b):
        refused = post_new(app)
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "40"
    clock.now += 41  # the first (through A) has left the window: one more, through either app
    assert post_new(b).status_code == 303
    refused = post_new(a)
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "9"  # A's second, at +10, leaves at +70
    assert stored_matches(a) == 3


def test_in_memory_each_app_counts_alone(db_url):
    """The default, for contrast: each process keeps its own count, so two let a client have twice the limit."""
    apps = [app_on(db_url, "memory://", rate_new="2/minute") for _ in range(2)]
    with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
        assert [post_new(app).status_code for app in (a, b, a, b, a)] == [303, 303, 303, 303, 429]


def test_hints_are_counted_in_redis_too_and_its_keys_are_the_apps_own(redis_url, clock):
    a, b = (RateLimits("off", "1/minute", redis_url) for _ in range(2))
    for limits_ in (a, b):
        limits_.clock = clock
    assert a.charge("hint", CLIENT) is None
    clock.now += 15
    assert b.charge("hint", CLIENT) == 45, "the hint A counted counts on B"
    assert b.charge("hint", "198.51.100.7") is None, "another client has its own"
    assert b.charge("new", CLIENT) is None, "new matches are off here"
    with redis.Redis.from_url(redis_url) as client:
        keys = client.keys("*")
    assert keys and all(key.startswith(b"chaharbargh:") for key in keys), keys


# --- the stream counter ------------------------------------------------------------------------


def test_a_memory_counter_counts_in_this_process_alone(redis_url):
    assert RateLimits("off", "off").streams(cap=1).local
    assert not RateLimits("off", "off", redis_url).streams(cap=1).local
    one, other = StreamCounter(cap=1), StreamCounter(cap=1)
    assert one.acquire(CLIENT) and other.acquire(CLIENT), "two memory counters know nothing of each other"
    one.release(CLIENT)
    one.release(CLIENT)  # a second release of the one stream gives back nothing more
    assert one.acquire(CLIENT) and not one.acquire(CLIENT)


def test_two_processes_share_a_clients_stream_count(redis_url):
    a, b = (RateLimits("off", "off", redis_url).streams(cap=3) for _ in range(2))
    assert [a.acquire(CLIENT), a.acquire(CLIENT), b.acquire(CLIENT)] == [True, True, True]
    assert not b.acquire(CLIENT) and not a.acquire(CLIENT), "three held, on two processes"
    assert b.acquire("198.51.100.7"), "another client's count is its own"
    a.release(CLIENT)
    assert b.acquire(CLIENT) and not a.acquire(CLIENT), "the one A gave back is B's to take"
    with redis.Redis.from_url(redis_url) as client:
        for key in client.keys("chaharbargh:streams:*"):
            assert 0 < client.ttl(key) <= 60, (key, "every count expires unless refreshed")
        for counter, held in ((a, 1), (b, 2)):
            for _ in range(held):
                counter.release(CLIENT)
        b.release("198.51.100.7")
        assert client.keys("*") == [], "nothing is left behind once every stream is given back"


def test_a_dead_processs_streams_stop_counting_when_its_key_expires(redis_url):
    """A holds the client's two streams and dies without giving them back; B refreshes a stream of
    the same client all along, which keeps B's count alive but not A's. Redis drops A's key when
    its expiry runs out: here the test does that to it (`DEL`), instead of waiting the minute."""
    a, b, c = (RateLimits("off", "off", redis_url).streams(cap=3) for _ in range(3))
    assert a.acquire(CLIENT) and a.acquire(CLIENT) and b.acquire(CLIENT)
    assert not c.acquire(CLIENT)
    with redis.Redis.from_url(redis_url) as client:
        a_key, b_key = a.keys(CLIENT)[1], b.keys(CLIENT)[1]
        client.expire(a_key, 5)
        client.expire(b_key, 5)
        b.refresh(CLIENT)  # B's keep-alive
        assert client.ttl(b_key) == 60, "a refresh gives B's count the whole expiry again"
        assert client.ttl(a_key) <= 5, "and leaves A's alone"
        assert client.get(a_key) == b"2" and client.get(b_key) == b"1"
        client.delete(a_key)  # A's expiry runs out
    assert [c.acquire(CLIENT), c.acquire(CLIENT), c.acquire(CLIENT)] == [True, True, False]


def test_a_refresh_writes_again_a_count_that_redis_lost(redis_url):
    a, b = (RateLimits("off", "off", redis_url).streams(cap=2) for _ in range(2))
    assert a.acquire(CLIENT) and a.acquire(CLIENT) and not b.acquire(CLIENT)
    with redis.Redis.from_url(redis_url) as client:
        client.flushall()  # a Redis restarted without its data
    a.refresh(CLIENT)
    assert not b.acquire(CLIENT), "A's two streams count again"


# --- Redis down: the limits fail open ----------------------------------------------------------


def limit_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "chaharbargh.limits"]


def test_with_redis_down_the_limits_let_everything_through_and_say_so_once_a_minute(db_url, stoppable_redis, caplog):
    caplog.set_level(logging.WARNING, logger="chaharbargh.limits")
    app = app_on(db_url, stoppable_redis.url, rate_new="2/minute", rate_hints="1/minute")
    minutes = FakeClock()
    app.state.limits.outage.clock = minutes
    with TestClient(app) as client:
        assert [post_new(client).status_code for _ in range(3)] == [303, 303, 429]
        practice = url_of(app.state.service.create_practice("medium", seed=SEED))
        assert app.state.limits.charge("hint", "testclient") is None  # the minute's one hint
        assert client.get(practice, params={"hint": "1"}, headers=HX).status_code == 429

        stoppable_redis.halt()
        assert [post_new(client).status_code for _ in range(25)] == [303] * 25, "limited, but Redis is down"
        hinted = client.get(practice, params={"hint": "1"}, headers=HX)
        assert hinted.status_code == 200 and dom(hinted.text).select("#hints")
        lines = limit_lines(caplog)
        assert len(lines) == 1, lines
        assert "fail open" in lines[0] and "ConnectionError" in lines[0]
        assert stoppable_redis.password not in caplog.text, "the storage URL's password is never logged"

        minutes.now += 59
        assert post_new(client).status_code == 303
        assert len(limit_lines(caplog)) == 1, "not again within the minute"
        minutes.now += 2
        assert post_new(client).status_code == 303
        assert len(limit_lines(caplog)) == 2, "a minute on, once more"
        # an app started while Redis is down starts and lets requests through too
        with TestClient(app_on(db_url, stoppable_redis.url, rate_new="1/minute")) as late:
            assert [post_new(late).status_code for _ in range(3)] == [303] * 3

        stoppable_redis.start()  # back, on the same port, with nothing counted
        assert [post_new(client).status_code for _ in range(3)] == [303, 303, 429]
    assert stored_matches(client) == 2 + 1 + 25 + 2 + 3 + 2  # the practice round is one


def test_with_redis_down_the_stream_counter_lets_streams_through(stoppable_redis, caplog):
    caplog.set_level(logging.WARNING, logger="chaharbargh.limits")
    limits_ = RateLimits("off", "off", stoppable_redis.url)
    limits_.outage.clock = FakeClock()
    streams = limits_.streams(cap=1)
    assert streams.acquire(CLIENT) and not streams.acquire(CLIENT)
    stoppable_redis.halt()
    assert [streams.acquire(CLIENT) for _ in range(3)] == [True] * 3
    streams.refresh(CLIENT)
    streams.release(CLIENT)
    assert len(limit_lines(caplog)) == 1, "one line for the limits and the streams together"
    stoppable_redis.start()  # empty: the refresh writes the three this process still holds
    streams.refresh(CLIENT)
    other = RateLimits("off", "off", stoppable_redis.url).streams(cap=4)
    assert other.acquire(CLIENT) and not other.acquire(CLIENT)


def test_a_refresh_writes_what_the_process_holds_where_redis_counts_fewer(redis_url):
    """Redis kept its data but missed two of A's acquires (let through while a connection was
    down, here made so by writing A's count back to 1): A's refresh writes the three it holds."""
    a, b = (RateLimits("off", "off", redis_url).streams(cap=4) for _ in range(2))
    assert a.acquire(CLIENT) and a.acquire(CLIENT) and a.acquire(CLIENT)
    with redis.Redis.from_url(redis_url) as client:
        client.set(a.keys(CLIENT)[1], 1, ex=60)
    assert [b.acquire(CLIENT) for _ in range(4)] == [True, True, True, False], "Redis counted 1 of A's 3"
    a.refresh(CLIENT)
    b.release(CLIENT)
    assert not b.acquire(CLIENT), "A's 3 and B's 2 now: over the 4"
    for _ in range(2):
        b.release(CLIENT)
    assert b.acquire(CLIENT) and not b.acquire(CLIENT)


def test_the_stream_budget_counts_a_clients_streams_in_redis_for_every_process(db_url: str, redis_url: str):
    """With the rate storage in Redis, the streams a client address holds are counted there: two
    apps (two processes) let one client hold `StreamCaps.client` streams between them, not each;
    a stream ended in one lets the other take one more. The per-process counts stay local."""
    apps = [app_on(db_url, redis_url) for _ in range(2)]
    budgets = [app.state.streams for app in apps]
    assert not budgets[0].local  # `take` is a round trip: the route calls it off the event loop
    cap = budgets[0].caps.client
    tickets = [budgets[i % 2].take(CLIENT, f"m{i}", None) for i in range(cap)]
    assert all(not isinstance(ticket, str) for ticket in tickets)
    assert budgets[0].take(CLIENT, "m-next", None) == "client" == budgets[1].take(CLIENT, "m-next", None)
    assert not isinstance(budgets[1].take("198.51.100.7", "m-next", None), str)  # another client: its own count
    tickets[0].release()
    assert not isinstance(budgets[1].take(CLIENT, "m-next", None), str)
    assert budgets[0].held() + budgets[1].held() == cap - 1 + 1 + 1  # one ended; the other client's; the new one
