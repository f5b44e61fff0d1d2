"""The FastAPI app: settings, database, middleware, static files and routes.

Run it with `uvicorn --factory app.main:create_app` after `alembic upgrade head`.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.staticfiles import StaticFiles
from starlette.middleware.sessions import SessionMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .db import make_engine
from .routes import router
from .rules_page import router as rules_router
from .service import MatchService
from .settings import ROOT, Settings
from .tutorial_page import router as tutorial_router

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)


class BodyLimit:
    """Refuse request bodies over `limit` bytes with 413, whether or not Content-Length is sent."""

    def __init__(self, app: ASGIApp, limit: int):
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            return await _too_large(send)
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except TooLarge:
            await _too_large(send)


class TooLarge(Exception):
    pass


async def _too_large(send: Send) -> None:
    body = "درخواست بیش از اندازه بزرگ بود. / Request too large.".encode()
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app for `settings` (default: read from the environment)."""
    settings = settings or Settings.from_env()
    app = FastAPI(title="Chaharbargh", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.settings = settings
    app.state.service = MatchService(make_engine(settings.database_url), settings.bot_settings, settings.new_seed)

    @app.middleware("http")
    async def security_headers(request: Request, call_next):
        response = await call_next(request)
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        return response

    app.add_middleware(
        SessionMiddleware,
        secret_key=settings.secret_key,
        session_cookie="chaharbargh",
        max_age=365 * 24 * 3600,
        same_site="lax",
        https_only=settings.https_only,
    )
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.mount("/static", StaticFiles(directory=ROOT / "static"), name="static")
    app.include_router(router)
    app.include_router(rules_router)
    app.include_router(tutorial_router)
    return app
