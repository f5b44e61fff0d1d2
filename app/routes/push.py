"""Web Push opt-in (app/push.py): a device's subscription kept or dropped, as static/pwa.js
sends it after the browser's `pushManager.subscribe`, `/me`'s form of the kinds turned off, and
a table page's word that it is shown or hidden (app/visibility.py)."""

from __future__ import annotations

from typing import Annotated, cast

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import Field

from ..db import write_transaction
from ..forms import FormModel
from ..i18n import LANGS
from ..people import ensure_person
from ..push import KINDS, PUSH_SERVICES, Subscriptions, allowed_endpoint
from ..refusals import Refused
from ..sessions import known_person, person_of
from ..web import Service, get_settings

router = APIRouter()


def subscriptions_of(request: Request) -> Subscriptions:
    return cast(Subscriptions, request.app.state.subscriptions)


class SubscriptionForm(FormModel):
    """A browser's `PushSubscription`: its endpoint and keys (base64url), and the page's language."""

    endpoint: str = Field(max_length=2000, pattern=r"^https?://[^\s]+$")
    p256dh: str = Field(min_length=80, max_length=128, pattern=r"^[A-Za-z0-9_-]+=*$")
    auth: str = Field(min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_-]+=*$")
    lang: str = "fa"


@router.post("/push/subscribe")
def subscribe(request: Request, form: Annotated[SubscriptionForm, Form()]) -> Response:
    """Keep this device's subscription for this browser's person (made now if it sat nowhere yet),
    if its endpoint is on a known push service (nothing else is ever POSTed to)."""
    settings = get_settings(request)
    if not allowed_endpoint(form.endpoint, settings.push_services or PUSH_SERVICES):
        raise Refused("garbage")
    person = person_of(request.session)
    subscriptions, at = subscriptions_of(request), settings.clock()
    with write_transaction(subscriptions.engine) as connection:
        ensure_person(connection, person, at)
    lang = form.lang if form.lang in LANGS else LANGS[0]
    subscriptions.subscribe(person, form.endpoint, form.p256dh, form.auth, lang, at)
    return Response(status_code=204)


class EndpointForm(FormModel):
    endpoint: str = Field(max_length=2000)


@router.post("/push/unsubscribe")
def unsubscribe(request: Request, form: Annotated[EndpointForm, Form()]) -> Response:
    """Forget this device's subscription (the browser has dropped it)."""
    person = known_person(request.session)
    if person is not None:
        subscriptions_of(request).unsubscribe(person, form.endpoint)
    return Response(status_code=204)


@router.post("/me/notifications")
async def notification_kinds(request: Request) -> Response:
    """/me's form: the kinds ticked are sent, the others are turned off on every device."""
    person = known_person(request.session)
    if person is not None:
        ticked = set((await request.form()).getlist("kind"))
        subscriptions_of(request).turn_off(person, [kind for kind in KINDS if kind not in ticked])
    return RedirectResponse("/me?done=notifications", status_code=303)


class SeenForm(FormModel):
    """A table page's word: its own name (made by the page) and whether it is shown."""

    page: str = Field(min_length=8, max_length=40, pattern=r"^[A-Za-z0-9-]+$")
    shown: bool


@router.post("/m/{match_id}/{secret}/seen")
def seen(match_id: str, secret: str, form: Annotated[SeenForm, Form()], service: Service) -> Response:
    """Keep whether this page of the seat is shown: a live table pushes "your turn" only to a
    seat none of whose pages is. A watcher's page has no seat to tell."""
    loaded = service.load(match_id, secret)
    if not loaded.watching and not loaded.over:
        service.visibility.report(match_id, loaded.seat, form.page, form.shown)
    return Response(status_code=204)
