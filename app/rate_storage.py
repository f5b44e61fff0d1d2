"""Where the rate limits and the stream counts are kept, this process's memory (`memory://`) or a
Redis every process and server shares (`redis://host:6379`, `Settings.rate_storage`), and what
happens when a shared one cannot be reached: the limits fail open, and `Outage` says so in the
log at most once a minute (not once per request)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from limits.errors import StorageError
from redis.backoff import NoBackoff
from redis.retry import Retry

LOG = logging.getLogger("chaharbargh.limits")  # one logger for the limits and the streams alike
REDIS_SCHEMES = ("redis://", "rediss://", "redis+unix://")
REDIS_TIMEOUT = 0.5  # seconds to connect or answer: a Redis beside the app answers in about a millisecond


def storage_options(uri: str) -> dict[str, Any]:
    """What the app asks of the storage at `uri` beyond the library's defaults. Every storage
    raises `StorageError` when it fails (so the limits can fail open); a Redis also gets short
    timeouts and one retry at once (on a fresh connection, after Redis restarted) instead of
    redis-py's three retries backing off for seconds, which a request would spend waiting.
    Options in the URL's query (`?socket_timeout=2`) win over these.

    >>> storage_options("memory://")
    {'wrap_exceptions': True}
    >>> sorted(storage_options("redis://redis.internal:6379"))
    ['key_prefix', 'retry', 'socket_connect_timeout', 'socket_timeout', 'wrap_exceptions']
    """
    if not uri.startswith(REDIS_SCHEMES):
        return {"wrap_exceptions": True}
    return {
        "wrap_exceptions": True,
        "key_prefix": "chaharbargh:limits",
        "socket_connect_timeout": REDIS_TIMEOUT,
        "socket_timeout": REDIS_TIMEOUT,
        "retry": Retry(NoBackoff(), 1),
    }


class Outage:
    """Says in the log that the shared storage failed and the limits let requests through, at
    most once every `every` seconds of `clock` (a minute), however many requests meet the failure.
    Thread-safe: requests meet it on the event loop and in worker threads alike."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, every: float = 60.0):
        self.clock, self.every = clock, every
        self.said: float | None = None
        self.lock = threading.Lock()

    def __call__(self, error: Exception) -> None:
        now = self.clock()
        with self.lock:
            if self.said is not None and now - self.said < self.every:
                return
            self.said = now
        cause = error.storage_error if isinstance(error, StorageError) else error
        # The error names the host and port at most, never the URL's password.
        LOG.warning(
            "rate storage unreachable, limits fail open (said at most once a minute): %s: %s",
            type(cause).__name__,
            cause,
        )
