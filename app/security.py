"""What stands between the open internet and the routes: headers, cross-site refusal, body limit, log redaction.

Each piece is a plain ASGI middleware (or a logging filter), so it also covers the answers that
never reach a route (a 413, a 403, a refused host). `app.main.create_app` stacks them:

    SecurityHeaders -> TrustedHostMiddleware -> CrossSiteGuard -> BodyLimit -> (rate limits) -> sessions -> routes

Answers for people (the 403 and the 413) are rendered by a function the app passes in, so
they are the app's own error page in the player's language, not text or JSON.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; manifest-src 'self'; worker-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
HSTS = "max-age=63072000"  # two years; sent only when the site is configured as HTTPS-only

Render = Callable[[Request, str, int], Response]  # (request, message key, status) -> the error page


class SecurityHeaders:
    """Add the security headers to every answer, and say each `Vary` name once.

    The outermost layer, so answers made by other middleware (413, 403, a refused host) get the
    headers too. `Vary` is written by the routes (`HX-Request, Cookie`) and again by the session
    middleware (`Cookie`): the names are kept once each, in order.
    """

    def __init__(self, app: ASGIApp, hsts: bool = False):
        self.app = app
        self.headers = [
            (b"content-security-policy", CSP.encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
        ]
        if hsts:
            self.headers.append((b"strict-transport-security", HSTS.encode()))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = with_security_headers(list(message.get("headers", [])), self.headers)
            await send(message)

        await self.app(scope, receive, send_with_headers)


def with_security_headers(
    headers: list[tuple[bytes, bytes]], wanted: Iterable[tuple[bytes, bytes]]
) -> list[tuple[bytes, bytes]]:
    """`headers` with each of `wanted` added unless already set, and one `Vary` with each name once.

    >>> with_security_headers([(b"vary", b"HX-Request, Cookie"), (b"Vary", b"cookie")], [(b"x-a", b"1")])
    [(b'x-a', b'1'), (b'vary', b'HX-Request, Cookie')]
    """
    present = {name.lower() for name, _ in headers}
    out = [(name, value) for name, value in wanted if name not in present]
    names: list[str] = []
    for name, value in headers:
        if name.lower() != b"vary":
            out.append((name, value))
            continue
        for token in value.decode("latin-1").split(","):
            token = token.strip()
            if token and token.lower() not in {n.lower() for n in names}:
                names.append(token)
    if names:
        out.append((b"vary", ", ".join(names).encode("latin-1")))
    return out


SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def origin_of(url: str) -> str | None:
    """`scheme://host[:port]` of an origin or URL, lower-cased; None when it is not one (`null`).

    >>> origin_of("HTTPS://Example.org:8443/x"), origin_of("null")
    ('https://example.org:8443', None)
    """
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}".lower()


def cross_site(method: str, headers: Headers, own_origin: str, allowed: frozenset[str]) -> bool:
    """Whether an unsafe request came from a page of another origin, by Fetch Metadata, else `Origin`.

    - Safe methods (GET, HEAD, OPTIONS) always pass: they change nothing here.
    - `Sec-Fetch-Site` (every current browser sends it): `same-origin` and `none` (typed by the
      person, a bookmark) pass; `cross-site` and `same-site` are refused. Same-site is refused
      too: another port or a sibling subdomain is a different origin, and since cookies are
      shared across a site, its forms would even carry this site's session cookie.
    - Without it (older browsers), `Origin` must be this request's own scheme and host.
    - With neither (curl, scripts, tests) nothing says a browser was tricked: it passes.
    - An origin in `allowed` (configured) passes whatever the headers say.

    >>> h = lambda **kv: Headers({k.replace("_", "-"): v for k, v in kv.items()})
    >>> own, none = "http://127.0.0.1:8000", frozenset()
    >>> cross_site("POST", h(sec_fetch_site="cross-site", origin="https://evil.example"), own, none)
    True
    >>> cross_site("POST", h(sec_fetch_site="same-origin", origin=own), own, none)
    False
    >>> cross_site("POST", h(origin="http://127.0.0.1:9000"), own, none), cross_site("POST", h(origin=own), own, none)
    (True, False)
    >>> cross_site("POST", h(), own, none), cross_site("GET", h(sec_fetch_site="cross-site"), own, none)
    (False, False)
    """
    if method.upper() in SAFE_METHODS:
        return False
    origin = headers.get("origin")
    if origin is not None and origin_of(origin) in allowed:
        return False
    site = headers.get("sec-fetch-site")
    if site is not None:
        return site.strip().lower() not in ("same-origin", "none")
    if origin is None:
        return False
    return origin_of(origin) != own_origin


class CrossSiteGuard:
    """Refuse unsafe requests sent by another site's page with 403, before anything reads them.

    It runs before the session middleware and the routes, so a refused request changes nothing,
    not even the session cookie. `refuse` renders the answer (the app's error page).
    Token-free, as in Go's `net/http.CrossOriginProtection`: no form needs a hidden field.
    """

    def __init__(self, app: ASGIApp, refuse: Render, allowed_origins: Iterable[str] = ()):
        self.app = app
        self.refuse = refuse
        self.allowed = frozenset(o for o in (origin_of(x) for x in allowed_origins) if o)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:  # nothing to read for these
            return await self.app(scope, receive, send)
        headers = Headers(scope=scope)
        own = f"{scope.get('scheme', 'http')}://{headers.get('host', '')}".lower()
        if cross_site(scope["method"], headers, own, self.allowed):
            response = self.refuse(Request(scope, receive), "msg_cross_site", 403)
            return await response(scope, receive, send)
        await self.app(scope, receive, send)


class TooLarge(Exception):
    """A request body grew past the limit while it was being read (routes must let it through)."""


class BodyLimit:
    """Refuse request bodies over `limit` bytes with 413, whether or not Content-Length is sent.

    A request whose Content-Length is within the limit, or that has no body (neither
    Content-Length nor Transfer-Encoding), goes on as it is: the HTTP server delivers no more
    than Content-Length says (its parser reads what follows as the next request). Only a
    chunked body is counted as it arrives.
    """

    def __init__(self, app: ASGIApp, limit: int, refuse: Render):
        self.app, self.limit, self.refuse = app, limit, refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        length = chunked = None
        for name, value in scope["headers"]:
            if name == b"content-length":
                length = value
            elif name == b"transfer-encoding":
                chunked = value
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            return await self._too_large(scope, receive, send)
        if chunked is None:  # a body of Content-Length bytes at most, or none
            return await self.app(scope, receive, send)
        seen = 0
        started = False

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise TooLarge
            return message

        async def tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited, tracked)
        except TooLarge:
            if started:
                raise
            await self._too_large(scope, receive, send)

    async def _too_large(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = self.refuse(Request(scope, receive), "msg_too_large", 413)
        response.headers["Connection"] = "close"  # the rest of the body is never read
        await response(scope, receive, send)


# --- the access log --------------------------------------------------------------------------

SECRET_IN_PATH = re.compile(r"(/m/[^/\s?#\"]+/)[^/\s?#\"]+", re.IGNORECASE)
# A seat's secret and an invite code are 24 bytes in URL-safe base64 (app/addresses.py; older
# ones were `secrets.token_urlsafe(24)`, the same): 32 characters. Any such run is taken out
# too, wherever it stands: a malformed address (`/M/...`, `/m/./id/...`, `.../../<secret>`) is
# answered 404 without reaching a match, but it is logged all the same. Match ids (12) and the
# static files' hashes are shorter.
SECRET_LIKE = re.compile(r"[A-Za-z0-9_-]{32,}")
REDACTED = "[secret]"


def redact(text: str) -> str:
    """`text` with each match secret in a `/m/<id>/<secret>` path replaced, and any other run
    that looks like one (32 or more URL-safe characters).

    >>> redact('127.0.0.1:5 - "POST /m/abc/S3cr-t_x/move?ply=2 HTTP/1.1" 303')
    '127.0.0.1:5 - "POST /m/abc/[secret]/move?ply=2 HTTP/1.1" 303'
    >>> secret = "Zx9_" * 8
    >>> redact(f"GET /M/abc/{secret}/rematch"), redact(f"GET /m/./abc/{secret}/../{secret}")
    ('GET /M/abc/[secret]/rematch', 'GET /m/./[secret]/[secret]/../[secret]')
    >>> redact(f"GET /m/abc/watch/{secret}/events")  # a watch link's code too (32 characters)
    'GET /m/abc/[secret]/[secret]/events'
    >>> redact(f"POST /link/{secret} HTTP/1.1")  # and a device link's (app/people.py)
    'POST /link/[secret] HTTP/1.1'
    """
    return SECRET_LIKE.sub(REDACTED, SECRET_IN_PATH.sub(r"\1" + REDACTED, text))


class RedactSecrets(logging.Filter):
    """A logging filter that takes match secrets out of a record (it never drops one).

    The secret is replaced in the message and in each string argument, and the arguments keep
    their shape: uvicorn's access formatter unpacks them (client, method, path, version, status).

    >>> record = logging.LogRecord("uvicorn.access", 20, "", 0, '%s - "%s %s"', ("c", "GET", "/m/a/b/move"), None)
    >>> RedactSecrets().filter(record), record.getMessage()
    (True, 'c - "GET /m/a/[secret]/move"')
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: redact(v) if isinstance(v, str) else v for k, v in record.args.items()}
        return True


_REDACT = RedactSecrets()
ACCESS_LOGGERS = ("uvicorn.access", "gunicorn.access")


def redact_access_log() -> None:
    """Put the filter on uvicorn's (and gunicorn's) access loggers; calling it again adds nothing.

    `create_app` calls it, so every way of serving the app (`scripts/dev.py serve`, the
    Dockerfile, a plain `uvicorn --factory app.main:create_app`, with any `--log-config`, which
    uvicorn applies before it builds the app) logs `/m/<id>/[secret]/...` and never a secret.
    """
    for name in ACCESS_LOGGERS:
        logging.getLogger(name).addFilter(_REDACT)
