"""The FastAPI app: settings, the service, middleware, error handlers, static files and routers.

Run it with `uvicorn --factory app.main:create_app` after `alembic upgrade head`.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI
from starlette.middleware.trustedhost import TrustedHostMiddleware

from . import errors, limits
from .db import make_engine
from .heartbeat import Heartbeat
from .invitations import Invitations
from .live import news_for
from .passkeys import Passkeys
from .people import People
from .push import Subscriptions, public_key
from .push_send import PushSender
from .puzzles import Puzzles, shipped
from .reviews import Reviews
from .round_owner import RoundOwner
from .routes import ROUTERS
from .security import BodyLimit, CrossSiteGuard, SecurityHeaders, redact_access_log
from .service import MatchService
from .sessions import SessionCookie
from .settings import ROOT, Settings, new_vapid_key
from .streams import StreamBudget
from .table import Pauses
from .web import compile_templates
from .wire import Compression, ServeStatic, assets_for

# The form parser refuses files; its own size limits stay above the body limit (BodyLimit), so
# a body too large is always answered 413, never taken for a form it could not parse (400).
FORM_LIMITS = {"max_files": 0}


@contextlib.asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """At start, before serving: the move clocks given back the time no server was up, and this
    process's heartbeat (app/heartbeat.py), then its round owner (app/round_owner.py) and its
    review worker and push sender (threads); at shutdown, stop them (the heartbeat with a last beat) and stop
    listening for news (PostgreSQL's thread). Every template is compiled first (`compile_templates`),
    so the first people to play do not wait for it."""
    compile_templates()
    app.state.heartbeat.start()
    if app.state.settings.round_owner:
        app.state.owner.start()
    if app.state.settings.review_worker:
        app.state.reviews.start()
    if app.state.settings.push_worker:
        app.state.push.start()
    yield
    if app.state.settings.push_worker:
        app.state.push.stop()
    app.state.reviews.stop()
    if app.state.settings.round_owner:
        app.state.owner.stop()
    app.state.heartbeat.stop()
    app.state.news.close()


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app for `settings` (default: read from the environment)."""
    settings = settings or Settings.from_env()
    redact_access_log()
    app = FastAPI(
        title="Chaharbargh",
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        form_limits=FORM_LIMITS,
        lifespan=lifespan,
    )
    app.state.settings = settings
    engine = make_engine(settings.database_url)
    app.state.news = news_for(engine)
    app.state.service = MatchService(
        engine,
        settings.bot_settings,
        settings.new_seed,
        settings.new_bot_seed,
        news=app.state.news,
        clock=settings.clock,
        pauses=Pauses(settings.computer_delay_ms),
        server_key=settings.secret_key,
    )
    app.state.owner = RoundOwner(app.state.service)
    app.state.people = People(engine, settings.clock)
    app.state.passkeys = Passkeys(engine, settings.clock)
    app.state.invitations = Invitations(engine, settings.clock, app.state.service.addresses)
    app.state.reviews = Reviews(
        app.state.service,
        clock=settings.clock,
        per_person=settings.reviews_per_person,
        per_address=settings.reviews_per_address,
    )
    app.state.puzzles = Puzzles(engine, shipped())
    app.state.heartbeat = Heartbeat(app.state.service)
    app.state.vapid_key = settings.vapid_private_key or new_vapid_key()  # tests: a key of their own
    app.state.vapid_public = public_key(app.state.vapid_key)
    app.state.subscriptions = Subscriptions(engine)
    app.state.push = PushSender(
        engine, app.state.vapid_key, settings.public_url, settings.clock, app.state.service.addresses
    )
    app.state.service.push_queued = app.state.invitations.push_queued = app.state.push.nudge
    errors.install(app)

    # The last added is the outermost: headers on every answer, compression, then the Host
    # check, the static files (outside the session: they set no cookie), then cross-site
    # refusal and the body limit before the session cookie is read or written.
    app.add_middleware(
        SessionCookie,
        secret_key=settings.secret_key,
        session_cookie="chaharbargh",
        max_age=365 * 24 * 3600,
        same_site="lax",
        https_only=settings.https_only,
    )
    limits.install(app, settings)  # per-client limits on new matches and hints, just outside the session
    app.state.streams = StreamBudget(settings.stream_caps, app.state.limits.streams(settings.stream_caps.client))
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes, refuse=errors.refusal)
    app.add_middleware(CrossSiteGuard, refuse=errors.refusal, allowed_origins=settings.allowed_origins)
    app.state.assets = assets_for(ROOT / "static")
    app.add_middleware(ServeStatic, assets=app.state.assets)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(settings.allowed_hosts), www_redirect=False)
    app.add_middleware(Compression)
    app.add_middleware(SecurityHeaders, hsts=settings.https_only)
    for router in ROUTERS:
        app.include_router(router)
    return app
