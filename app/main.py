"""The FastAPI app: settings, database, middleware, static files and routes.

Run it with `uvicorn --factory app.main:create_app` after `alembic upgrade head`.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.middleware.sessions import SessionMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.responses import Response

from .db import make_engine
from .routes import lang_of, render_error
from .routes import router as routes
from .rules_page import router as rules_router
from .security import BodyLimit, CrossSiteGuard, SecurityHeaders, redact_access_log
from .service import MatchService
from .settings import ROOT, Settings
from .tutorial_page import router as tutorial_router

HTTP_ERRORS = {404: "msg_no_page", 405: "msg_method"}  # other HTTP errors say "garbage"


def refusal(request: Request, key: str, status: int) -> Response:
    """The error page for an answer made outside the routes (403 cross-site, 413): in the
    player's language and the other one, and without setting any cookie."""
    response = render_error(request, lang_of(request), key, status, both=True)
    del response.headers["set-cookie"]
    return response


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app for `settings` (default: read from the environment)."""
    settings = settings or Settings.from_env()
    redact_access_log()
    app = FastAPI(title="Chaharbargh", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.settings = settings
    app.state.service = MatchService(make_engine(settings.database_url), settings.bot_settings, settings.new_seed)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        """404, 405 and the like as the error page, never FastAPI's JSON."""
        response = refusal(request, HTTP_ERRORS.get(error.status_code, "msg_garbage"), error.status_code)
        response.headers.update(error.headers or {})
        return response

    # The last added is the outermost: headers on every answer, then the Host check, then
    # cross-site refusal and the body limit before the session cookie is read or written.
    app.add_middleware(
        SessionMiddleware,
        secret_key=settings.secret_key,
        session_cookie="chaharbargh",
        max_age=365 * 24 * 3600,
        same_site="lax",
        https_only=settings.https_only,
    )
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes, refuse=refusal)
    app.add_middleware(CrossSiteGuard, refuse=refusal, allowed_origins=settings.allowed_origins)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(settings.allowed_hosts), www_redirect=False)
    app.add_middleware(SecurityHeaders, hsts=settings.https_only)
    app.mount("/static", StaticFiles(directory=ROOT / "static"), name="static")
    app.include_router(routes)  # first: its GET /learn/restart (405) comes before /learn/{key}
    app.include_router(rules_router)
    app.include_router(tutorial_router)
    return app
