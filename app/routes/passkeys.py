"""Passkeys on `/me` (app/passkeys.py does the ceremonies):

- `POST /me/passkeys/options`: a new challenge and the options for `navigator.credentials.create`
  (JSON), for this browser's person (a browser that has sat nowhere yet becomes one);
- `POST /me/passkeys` (form field `credential`: the authenticator's answer as JSON): the passkey
  is verified and kept, then `/me?done=added`;
- `POST /signin/options`: the options for `navigator.credentials.get` (JSON);
- `POST /signin` (`credential`): this browser becomes the passkey's person, in a new session
  cookie, with every match of theirs in its lists, then `/me?done=signed-in`;
- `POST /me/passkeys/{id}/delete`: one of the person's passkeys removed, then `/me?done=removed`.

static/passkeys.js asks the browser for the answer and posts the form. A refusal answers `/me`
with the reason (app/errors.py) and changes nothing. The options routes count as new matches in
the rate limits (they store a challenge); a sign-in is counted per client address here, and per
person by `Passkeys.sign_in` once the passkey names one.
"""

from __future__ import annotations

import secrets
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from ..forms import FormModel
from ..i18n import t
from ..limits import RateLimited, client_of, limits_of
from ..passkeys import RelyingParty, relying_party
from ..sessions import become, known_person, person_of
from ..web import Lang, get_settings
from .home import remember
from .me import passkeys_of, people_of

router = APIRouter()
OWN_KEYS = ("matches", "practice")  # what this browser's cookie keeps across a sign-in: its lists


def party(request: Request) -> RelyingParty:
    settings = get_settings(request)
    return relying_party(settings.public_url, settings.allowed_hosts, settings.https_only, request.url)


def options(json: str) -> Response:
    return Response(json, media_type="application/json", headers={"Cache-Control": "no-store"})


class CredentialForm(FormModel):
    """A ceremony's form: the authenticator's answer, as static/passkeys.js writes it (JSON)."""

    refusal = "passkey_invalid"
    credential: str


@router.post("/me/passkeys/options")
def add_options(request: Request, lang: Lang) -> Response:
    person = person_of(request.session)
    keys = passkeys_of(request)
    name = keys.name_of(person) or t(lang, "passkey_user")
    return options(keys.options_to_add(request.session, person, name, party(request)))


@router.post("/me/passkeys")
def add_passkey(request: Request, form: Annotated[CredentialForm, Form()]) -> Response:
    rp = party(request)
    # a browser that asked for no options holds no challenge: refused, and given no person id either
    passkeys_of(request).add(request.session, known_person(request.session) or "", form.credential, rp)
    return RedirectResponse("/me?done=added", status_code=303)


@router.post("/me/passkeys/{key_id}/delete")
def remove_passkey(request: Request, key_id: str) -> Response:
    passkeys_of(request).remove(known_person(request.session) or "", key_id)  # nobody's: refused as not theirs
    return RedirectResponse("/me?done=removed", status_code=303)


@router.post("/signin/options")
def signin_options(request: Request) -> Response:
    return options(passkeys_of(request).options_to_sign_in(request.session, party(request)))


def _charge(request: Request, who: str) -> None:
    """Count one sign-in attempt against `who` ("client:…" or "person:…"); `RateLimited` past the limit."""
    wait = limits_of(request).charge("signin", who)
    if wait is not None:
        raise RateLimited("signin", wait)


@router.post("/signin")
def sign_in(request: Request, form: Annotated[CredentialForm, Form()]) -> Response:
    _charge(request, "client:" + client_of(request.scope))
    rp = party(request)
    person = passkeys_of(request).sign_in(
        request.session, form.credential, rp, charge=lambda person: _charge(request, "person:" + person)
    )
    # A new session (no fixation): nothing the cookie held before names anyone now, and a fresh
    # random mark makes its value new even for the person it already was. This browser's own
    # lists stay, so a seat's address it opened still comes up in them.
    kept = {key: request.session[key] for key in OWN_KEYS if key in request.session}
    request.session.clear()
    request.session.update(kept, signed_in=secrets.token_urlsafe(8))
    become(request.session, person)
    for match_id, seat, practice in reversed(people_of(request).seats(person)):  # the newest last: first in lists
        remember(request, match_id, practice=practice, seat=seat)
    return RedirectResponse("/me?done=signed-in", status_code=303)
