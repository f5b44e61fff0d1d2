"""The browser's session cookie (`request.session`): which matches, practice rounds and lessons
this browser has, and its person id (`person_of`), signed so that it cannot be forged.

`SessionCookie` is Starlette's `SessionMiddleware` (the same cookie: JSON, base64, signed with
`itsdangerous.TimestampSigner`, `HttpOnly`, `SameSite`, `Secure` when HTTPS-only, `Max-Age`), made
cheap for the requests that never use it, which are most of them (a move, the computer's reply):

- the cookie is read and its signature checked only when a route first looks at
  `request.session`, not on every request;
- it is signed and sent back only when the session's contents changed, or when its signature
  is older than `REFRESH` (a day), so that a browser in use never sees it expire. Starlette's
  sends it again whenever a route assigned to it, even the same list (every look at a table).

A session emptied by the route is deleted in the browser, as Starlette's is.
"""

from __future__ import annotations

import json
import secrets
import time
from base64 import b64decode, b64encode
from collections.abc import Callable, MutableMapping
from typing import Any, Literal

import itsdangerous
from itsdangerous.exc import BadSignature
from starlette.datastructures import MutableHeaders
from starlette.middleware.sessions import Session
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

REFRESH = 24 * 3600  # seconds: a cookie signed longer ago than this is signed and sent again
PERSON_KEY = "person"


def person_of(session: MutableMapping[str, Any], keep: str | None = None) -> str:
    """Who this browser is, as far as the app tells people apart: a random id kept in its
    session, made (and so sent to the browser) the first time it is asked for. A browser that
    drops its cookie becomes a new person: what is bounded per person is bounded per client
    address too (the reviews waiting, app/reviews.py).

    >>> session = {}
    >>> person_of(session) == person_of(session) == session["person"] and len(session["person"])
    16

    `keep`: the id to hold when it holds none yet (`person_to_be`).
    """
    person = known_person(session)
    if person is None:
        person = session[PERSON_KEY] = keep or secrets.token_urlsafe(12)
    return person


def become(session: MutableMapping[str, Any], person: str) -> None:
    """This browser is `person` from now on (a device link used): the cookie is signed and sent
    again with the new id, so whatever the old cookie said no longer names anyone here."""
    session[PERSON_KEY] = person


def known_person(session: MutableMapping[str, Any]) -> str | None:
    """The person id this browser's session already holds, if any (nothing is written)."""
    person = session.get(PERSON_KEY)
    return person if isinstance(person, str) and 0 < len(person) <= 32 else None


def person_to_be(session: MutableMapping[str, Any]) -> str:
    """The person this browser is, or will be once it takes a seat: its own id if it has one,
    else a new one, written into the session only by `person_of` (`keep`) after the seat is
    taken, so a refused form leaves no cookie behind.

    >>> session = {}
    >>> person = person_to_be(session)
    >>> session
    {}
    >>> person_of(session, keep=person) == person == session["person"]
    True
    """
    return known_person(session) or secrets.token_urlsafe(12)


class LazySession(Session):
    """A `Session` that reads the cookie the first time it is looked at (`load` gives its dict)."""

    def __init__(self, load: Callable[[], dict[str, Any]]):
        super().__init__()
        self._load: Callable[[], dict[str, Any]] | None = load

    def loaded(self) -> bool:
        return self._load is None

    def _ensure(self) -> None:
        if self._load is not None:
            load, self._load = self._load, None
            dict.update(self, load())


def _loading(name: str) -> Any:
    method = getattr(Session, name)

    def loading(self: LazySession, *args: Any, **kwargs: Any) -> Any:
        self._ensure()
        return method(self, *args, **kwargs)

    loading.__name__ = name
    return loading


for _name in (
    "__getitem__", "__contains__", "__iter__", "__len__", "__repr__", "__eq__", "__ne__", "__or__", "__ior__",
    "__reversed__", "get", "keys", "values", "items", "copy", "__setitem__", "__delitem__", "pop", "popitem",
    "setdefault", "update", "clear",
):  # fmt: skip
    setattr(LazySession, _name, _loading(_name))
LazySession.__hash__ = None  # type: ignore[assignment]  # a dict: unhashable


def cookie_value(scope: Scope, name: str) -> str | None:
    """The value of cookie `name` in the request, read the way Starlette reads cookies."""
    for key, value in scope["headers"]:
        if key == b"cookie":
            found = cookie_parser(value.decode("latin-1")).get(name)
            if found is not None:
                return found
    return None


class SessionCookie:
    """The signed session cookie, read when used and sent when changed (see the module's text)."""

    def __init__(
        self,
        app: ASGIApp,
        secret_key: str,
        session_cookie: str = "session",
        max_age: int = 14 * 24 * 3600,
        same_site: Literal["lax", "strict", "none"] = "lax",
        https_only: bool = False,
    ):
        self.app = app
        self.signer = itsdangerous.TimestampSigner(secret_key)
        self.name = session_cookie
        self.max_age = max_age
        self.flags = "httponly; samesite=" + same_site + ("; secure" if https_only else "")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        read: dict[str, Any] = {"data": None, "signed": 0}  # the cookie as it came: payload and its age

        def load() -> dict[str, Any]:
            value = cookie_value(scope, self.name)
            if value is None:
                return {}
            try:
                data, signed = self.signer.unsign(value.encode("utf-8"), max_age=self.max_age, return_timestamp=True)
                session = json.loads(b64decode(data))
            except (BadSignature, ValueError):
                return {}
            if not isinstance(session, dict):
                return {}
            read.update(data=data, signed=signed.timestamp())
            return session

        session = scope["session"] = LazySession(load)

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start" and session.accessed:
                headers = MutableHeaders(scope=message)
                headers.add_vary_header("Cookie")
                cookie = self._cookie(session, read) if session.modified else None
                if cookie is not None:
                    headers.append("Set-Cookie", cookie)
            await send(message)

        await self.app(scope, receive, send_with_cookie)

    def _cookie(self, session: LazySession, read: dict[str, Any]) -> str | None:
        """The Set-Cookie value for a session a route changed; None when the browser's is still right."""
        if not session:
            if read["data"] is None:
                return None  # nothing stored, nothing to delete
            return f"{self.name}=null; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; {self.flags}"
        data = b64encode(json.dumps(session).encode("utf-8"))
        if data == read["data"] and time.time() - read["signed"] < REFRESH:
            return None
        signed = self.signer.sign(data).decode("utf-8")
        return f"{self.name}={signed}; path=/; Max-Age={self.max_age}; {self.flags}"
