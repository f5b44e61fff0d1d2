"""Per-client rate limits on the requests that cost the server real work: new matches and practice
rounds (`POST /matches`, `POST /practice`, `POST /me/invite-again`, and a finished match's
`POST /m/{id}/{secret}/rematch`),
and hints the pro has to work out (`?hint=1` on a
practice table, about 100 ms of CPU each when not cached); and passkey sign-ins, which a guesser
would repeat (`signin`: charged by app/routes/passkeys.py per client and per person).

The counting is the `limits` library's (the one under Flask-Limiter and SlowAPI): a moving window
per client address, exact (no burst of twice the limit at a window's edge), kept in this process
(`memory://`) or in a Redis shared by every process and server (`redis://host:6379`), named by
`Settings.rate_storage`. The limits themselves are settings in the library's notation
(`20/minute`, several joined by `;`, or `off`).

- New matches are counted by `NewMatchLimit`, an ASGI middleware between the body limit and the
  session, so a refused request reads no cookie, writes none and stores nothing.
- Hints are counted by the `hint_budget` dependency of the table's route, and only when the pro
  would have to think: a hint already in the service's cache (tapping cards with hints on, or the
  same position after an undo) costs nothing and is not counted.

A refused request gets 429 with `Retry-After` (whole seconds until the window lets one more
through) and the error page in the player's language, the other language below it.

What a client holds at once rather than per window (its event streams) is counted by
app/stream_counter.py, in the same storage (`RateLimits.streams`). When a shared storage cannot
be reached the limits fail open (app/rate_storage.py): the request is let through uncounted.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable
from typing import cast

import anyio.to_thread
from fastapi import Depends, FastAPI, Request
from fastapi.responses import Response
from limits import RateLimitItem, parse_many
from limits.errors import StorageError
from limits.storage import MemoryStorage, RedisStorage, storage_from_string
from limits.strategies import MovingWindowRateLimiter
from starlette.types import ASGIApp, Receive, Scope, Send

from .games.chaharbargh.hints import hint_cached
from .i18n import digits, t
from .rate_storage import Outage, storage_options
from .settings import Settings
from .stream_counter import STREAM_TTL, StreamCounter
from .web import LoadedMatch, Service, lang_of, other_lang, render

# and more (`creates`); a passkey ceremony's options store a challenge, so they count as new too
CREATING = frozenset(
    {"/matches", "/practice", "/me/invite-again", "/me/device-link", "/me/passkeys/options", "/signin/options"}
)
MESSAGES = {"new": "msg_rate_new", "hint": "msg_rate_hints", "move": "msg_rate_moves", "signin": "msg_rate_signin"}


def client_of(scope: Scope) -> str:
    """Whom a request is counted against: its IPv4 address, or the /64 network of an IPv6 one
    (one subscriber usually has a whole /64). Behind a proxy uvicorn's `--proxy-headers` puts
    the address the proxy saw here.

    >>> client_of({"client": ("203.0.113.9", 5000)}), client_of({"client": ("2001:db8:1:2:3:4:5:6", 1)})
    ('203.0.113.9', '2001:db8:1:2::/64')
    >>> client_of({"client": ("testclient", 50000)}), client_of({})
    ('testclient', 'unknown')
    """
    host = (scope.get("client") or ("unknown", 0))[0]
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def creates(scope: Scope) -> bool:
    """Whether a request would store a new match: a POST to start one or to rematch a finished one;
    taking a seat by an invite counts as one too (so joining is rate-limited like creating), and
    so do making a device link and using one (a guessed link costs as much as a new match).

    >>> [creates({"method": "POST", "path": p}) for p in ("/matches", "/m/a1/s2/rematch", "/m/a1/s2/move")]
    [True, True, False]
    >>> [creates({"method": "POST", "path": p}) for p in ("/me/device-link", "/link/c0de", "/me")]
    [True, True, False]
    >>> creates({"method": "GET", "path": "/matches"})
    False
    """
    path = scope["path"]
    at_match = path.startswith("/m/")
    return scope["method"] == "POST" and (
        path in CREATING or path.startswith("/link/") or (at_match and (path.endswith("/rematch") or "/join/" in path))
    )


def parse(limit: str) -> list[RateLimitItem]:
    """A limit setting as the library's items; `off` (or nothing) is none.

    >>> [str(x) for x in parse("20/minute; 200/hour")], parse("off")
    (['20 per 1 minute', '200 per 1 hour'], [])
    """
    return [] if limit.strip().lower() in ("", "off") else parse_many(limit)


class RateLimits:
    """The limits of one app: `charge(kind, client)` counts one request and says how long to wait
    when it is over a limit. `clock` must be the storage's own (tests replace both); `outage`
    has a clock of its own, for the once-a-minute log line."""

    def __init__(
        self,
        new: str,
        hints: str,
        storage: str = "memory://",
        clock: Callable[[], float] = time.time,
        moves: str = "off",
        signin: str = "off",
    ):
        self.items = {"new": parse(new), "hint": parse(hints), "move": parse(moves), "signin": parse(signin)}
        self.storage = storage_from_string(storage, **storage_options(storage))
        self.limiter = MovingWindowRateLimiter(self.storage)
        self.clock = clock
        self.outage = Outage()
        self.local = isinstance(self.storage, MemoryStorage)  # no I/O: safe to call on the event loop

    @classmethod
    def from_settings(cls, settings: Settings) -> RateLimits:
        kinds = {"moves": settings.rate_moves, "signin": settings.rate_signin}
        return cls(settings.rate_new, settings.rate_hints, settings.rate_storage, **kinds)

    def streams(self, cap: int, ttl: int = STREAM_TTL) -> StreamCounter:
        """A `StreamCounter` of at most `cap` streams per client, in the same Redis when the rate
        storage is one (sharing this app's connections and its `outage`), else in this process."""
        redis = self.storage.get_connection() if isinstance(self.storage, RedisStorage) else None
        return StreamCounter(cap, redis=redis, ttl=ttl, outage=self.outage)

    def charge(self, kind: str, client: str) -> int | None:
        """Count one request of `kind` from `client`: None if every limit lets it through, else
        the whole seconds until one more would be let through (a refused request is not counted).
        None too when the storage fails: the limits fail open (`outage`)."""
        items = self.items[kind]
        try:
            # All windows are tested before any is counted, so a request refused by one window is
            # counted in none (two requests racing at a window's edge may both pass: a soft bound).
            tested = all(self.limiter.test(item, kind, client) for item in items)
            if tested and all(self.limiter.hit(item, kind, client) for item in items):
                return None
            now = self.clock()
            stats = [self.limiter.get_window_stats(item, kind, client) for item in items]
        except StorageError as error:
            self.outage(error)
            return None
        full = [s.reset_time for s in stats if s.remaining == 0]
        return max(1, math.ceil(max(full, default=now) - now))


def too_many(request: Request, kind: str, wait: int) -> Response:
    """429: the error page in the player's language with the other language below, `Retry-After`,
    and no cookie set."""
    lang = lang_of(request)
    other = other_lang(lang)
    response = render(
        request,
        "error.html",
        lang,
        status=429,
        address="/",
        message=t(lang, MESSAGES[kind], seconds=digits(wait, lang)),
        other_lang=other,
        other_dir="rtl" if other == "fa" else "ltr",
        other_message=t(other, MESSAGES[kind], seconds=digits(wait, other)),
    )
    response.headers["Retry-After"] = str(wait)
    del response.headers["set-cookie"]
    return response


def seat_of(scope: Scope) -> str | None:
    """The seat a table action is counted against: a POST to a seat's address (`/m/{id}/{key}/…`:
    a move, the computer's turn, the next round, an undo, a phrase) names it by the match and the
    key; None for anything else (a new match or a rematch is counted by `creates`).

    >>> seat_of({"method": "POST", "path": "/m/a1/s2/move"}), seat_of({"method": "POST", "path": "/m/a1/s2/say"})
    ('a1/s2', 'a1/s2')
    >>> seat_of({"method": "GET", "path": "/m/a1/s2"}), seat_of({"method": "POST", "path": "/m/a1/s2/rematch"})
    (None, None)
    """
    parts = scope["path"].split("/")
    if scope["method"] != "POST" or len(parts) != 5 or parts[1] != "m" or creates(scope):
        return None
    return f"{parts[2]}/{parts[3]}"


class NewMatchLimit:
    """Refuse with 429 the requests that store a new match (`creates`) over the client's limit,
    and the table actions over their seat's (`seat_of`)."""

    def __init__(self, app: ASGIApp, limits: RateLimits):
        self.app, self.limits = app, limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            counted = None
            if self.limits.items["new"] and creates(scope):
                counted = "new", client_of(scope)
            elif self.limits.items["move"] and (seat := seat_of(scope)) is not None:
                counted = "move", seat
            if counted is not None:
                if self.limits.local:
                    wait = self.limits.charge(*counted)
                else:  # a shared storage is a network round trip: not on the event loop
                    wait = await anyio.to_thread.run_sync(self.limits.charge, *counted)
                if wait is not None:
                    return await too_many(Request(scope, receive), counted[0], wait)(scope, receive, send)
        await self.app(scope, receive, send)


class RateLimited(Exception):
    """Raised by a dependency: the client is over the limit of `kind`; `wait` seconds to go."""

    def __init__(self, kind: str, wait: int):
        super().__init__(kind, wait)
        self.kind, self.wait = kind, wait


def rate_limited(request: Request, error: Exception) -> Response:
    assert isinstance(error, RateLimited)
    return too_many(request, error.kind, error.wait)


def limits_of(request: Request) -> RateLimits:
    return cast(RateLimits, request.app.state.limits)


def hint_budget(request: Request, loaded: LoadedMatch, service: Service) -> None:
    """Count a hint the pro has to work out for this table (`?hint=1` on the player's turn in a
    practice, not in the service's cache); `RateLimited` when the client is over its limit.
    A plain `def`: with a shared storage the count is a network call, kept off the event loop."""
    if request.query_params.get("hint") != "1" or not (loaded.practice and loaded.human_to_play):
        return
    if hint_cached(service, loaded):
        return
    wait = limits_of(request).charge("hint", client_of(request.scope))
    if wait is not None:
        raise RateLimited("hint", wait)


HINT_BUDGET = Depends(hint_budget)  # in the table route's `dependencies`


def install(app: FastAPI, settings: Settings) -> None:
    """The app's limits, the middleware for new matches and the 429 for hints. Call it right
    after the session middleware is added, so the limit runs just outside the session."""
    app.state.limits = RateLimits.from_settings(settings)
    app.add_middleware(NewMatchLimit, limits=app.state.limits)
    app.add_exception_handler(RateLimited, rate_limited)
