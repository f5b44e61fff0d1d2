"""`StreamCounter`: how many event streams each client holds at once, at most a cap, in this
process's memory or in the Redis the rate limits use (`RateLimits.streams`)."""

from __future__ import annotations

import threading
import uuid
from collections import Counter

from redis import Redis, RedisError

from .rate_storage import Outage

STREAM_TTL = 60  # seconds a process's count of a client's streams lives in Redis unless refreshed


# KEYS[1]: the set of the client's per-process count keys; KEYS[2]: this process's count.
# ARGV: the cap, the expiry. Counts whose key has expired (a process gone) are dropped.
ACQUIRE = """
local held = 0
for _, key in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local count = redis.call('GET', key)
  if count then held = held + tonumber(count) else redis.call('SREM', KEYS[1], key) end
end
if held >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], ARGV[2])
redis.call('SADD', KEYS[1], KEYS[2])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1
"""
# ARGV: the expiry.
RELEASE = """
if tonumber(redis.call('GET', KEYS[2]) or '0') <= 1 then
  redis.call('DEL', KEYS[2])
  redis.call('SREM', KEYS[1], KEYS[2])
else
  redis.call('DECR', KEYS[2])
  redis.call('EXPIRE', KEYS[2], ARGV[1])
end
"""
# ARGV: the expiry, what this process holds: written as the count, so one Redis lost (a restart)
# or missed (streams let through while it was unreachable) is right again.
REFRESH = """
redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[1])
redis.call('SADD', KEYS[1], KEYS[2])
redis.call('EXPIRE', KEYS[1], ARGV[1])
"""


class StreamCounter:
    """How many streams each client holds at once, at most `cap`: `acquire(client)` takes one
    (False when the client already holds `cap`), `release(client)` gives one back, and while a
    stream is held `refresh(client)` must come at least every `ttl` seconds (a stream's keep-alive
    is the place: app/routes/live.py sends one every 15 s).

    In this process's memory by default:

    >>> streams = StreamCounter(cap=2)
    >>> [streams.acquire("203.0.113.9") for _ in range(3)], streams.acquire("198.51.100.7")
    ([True, True, False], True)
    >>> streams.release("203.0.113.9")
    >>> streams.acquire("203.0.113.9"), streams.acquire("203.0.113.9")
    (True, False)

    With `redis` (as `RateLimits.streams` makes it when the rate storage is Redis) every process
    and server shares the count: each process keeps its own count of a client's streams in a key
    of its own (INCR on acquire, DECR on release), which expires `ttl` seconds after it was last
    touched, and `acquire` adds up the keys still there. So the streams of a process that died
    without releasing them stop counting at most `ttl` seconds later (a minute by default),
    whatever the client's streams on other processes do; a refresh writes the process's count
    as it knows it (so a count Redis lost in a restart is back). When Redis fails, `acquire`
    lets the stream through (`outage` logs it once a minute) and the refreshes count it once
    Redis is back. Make one counter per app (`app.state`), since a counter's keys are its
    process's. With Redis each call is a network round trip: call it from a thread, not the
    event loop (`local` is True when it is not).
    """

    def __init__(self, cap: int, redis: Redis | None = None, ttl: int = STREAM_TTL, outage: Outage | None = None):
        self.cap, self.redis, self.ttl = cap, redis, ttl
        self.outage = outage or Outage()
        self.local = redis is None
        self.held: Counter[str] = Counter()  # the streams this process holds, per client
        self.lock = threading.Lock()
        self.process = uuid.uuid4().hex[:16]  # names this process's keys in Redis
        if redis is not None:
            self.scripts = {name: redis.register_script(code) for name, code in _SCRIPTS.items()}

    def keys(self, client: str) -> list[str]:
        """The client's set of count keys and this process's count key (one hash slot: `{client}`)."""
        every = f"chaharbargh:streams:{{{client}}}"
        return [every, f"{every}:{self.process}"]

    def acquire(self, client: str) -> bool:
        """Take one stream for `client`; False (and nothing taken) when it holds `cap` already."""
        if self.redis is None:
            with self.lock:
                if self.held[client] >= self.cap:
                    return False
                self.held[client] += 1
                return True
        try:
            taken = bool(self.scripts["acquire"](self.keys(client), [self.cap, self.ttl]))
        except RedisError as error:
            self.outage(error)
            taken = True
        if taken:
            with self.lock:
                self.held[client] += 1
        return taken

    def release(self, client: str) -> None:
        """Give back a stream `acquire` gave `client` (once per stream taken)."""
        with self.lock:
            if self.held[client] <= 0:
                return
            self.held[client] -= 1
            if not self.held[client]:
                del self.held[client]
        if self.redis is not None:
            self._call("release", client, self.ttl)

    def refresh(self, client: str) -> None:
        """Keep this process's count of `client`'s streams from expiring for another `ttl` seconds
        (nothing to do in memory). A refresh racing an acquire of the same client in another
        thread may write one stream too few; the next refresh writes it right."""
        with self.lock:
            held = self.held[client]
        if self.redis is not None and held:
            self._call("refresh", client, self.ttl, held)

    def _call(self, script: str, client: str, *args: int) -> None:
        try:
            self.scripts[script](self.keys(client), list(args))
        except RedisError as error:
            self.outage(error)


_SCRIPTS = {"acquire": ACQUIRE, "release": RELEASE, "refresh": REFRESH}
