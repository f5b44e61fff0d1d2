"""Passkeys: a person (app/people.py) adds one on `/me`, and another device that signs in with
it is that person, with every match, seat and review of theirs. No name, e-mail or password.

The ceremonies are WebAuthn's, checked by Duo Labs' `webauthn` (py_webauthn): it builds the
options, and verifies the answers (client data, the authenticator data's RP ID hash and flags,
the attestation, the assertion's signature, the sign count) by the W3C spec. This module
keeps what it cannot know:

- the challenges: 32 random bytes each, held in this browser's signed session (bound to it)
  and in a `passkey_challenge` row until used or `CHALLENGE_TIME` (five minutes of the server's
  clock) has passed. Using one deletes its row, refused or not, so it works once even for a
  copy of an old session cookie, which a signed cookie alone could not prevent;
- the relying party (`relying_party`): the site's host as its RP ID and its origin, from
  `CHAHARBARGH_PUBLIC_URL` or else the request's own host when it is one of the allowed hosts
  by name (an IP address cannot be an RP ID);
- what is stored of a passkey: its credential id, public key and sign count (`Passkey`).

A refusal is a `Refused` with a reason the person can read (a wrong origin, a used challenge, a
sign count that went back), and changes nothing but using up its challenge.
"""

from __future__ import annotations

import hashlib
import ipaddress
import secrets
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import Engine, and_, update
from sqlalchemy import select as sa_select
from webauthn import (
    base64url_to_bytes,
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    bytes_to_base64url,
    parse_authentication_credential_json,
    parse_authenticator_data,
    parse_client_data_json,
    parse_registration_credential_json,
)
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from .db import read_session, utc, write_transaction
from .models import Passkey, PasskeyChallenge
from .people import PERSON, ensure_person
from .refusals import Refused

PASSKEY, CHALLENGE = Passkey.__table__, PasskeyChallenge.__table__  # type: ignore[attr-defined]
CHALLENGE_TIME = timedelta(minutes=5)  # how long a ceremony's options are good for
SESSION_KEY = "passkey"  # the ceremony under way in this browser: {"kind": ..., "challenge": ...}
RP_NAME = "Chaharbargh"
# A sign-in needs no name typed: the passkey is discoverable (kept on the authenticator).
SELECTION = AuthenticatorSelectionCriteria(
    resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.PREFERRED
)


@dataclass(frozen=True)
class RelyingParty:
    """Whom passkeys are made for: the RP ID (a host name) and the one origin that may use them."""

    id: str
    origin: str


def relying_party(public_url: str, allowed_hosts: tuple[str, ...], https_only: bool, url: Any) -> RelyingParty:
    """The relying party for a request to `url` (Starlette's URL): the public URL's host and
    origin when one is set, else the request's own host if it is an allowed host by name, not
    an IP address (`Refused` "passkey_unavailable" when there is none to use).

    >>> from starlette.datastructures import URL
    >>> relying_party("https://cards.example/", (), True, URL("http://10.0.0.2/me"))
    RelyingParty(id='cards.example', origin='https://cards.example')
    >>> relying_party("", ("localhost",), False, URL("http://localhost:8123/me"))
    RelyingParty(id='localhost', origin='http://localhost:8123')
    >>> relying_party("", ("127.0.0.1",), False, URL("http://127.0.0.1:8000/me"))
    Traceback (most recent call last):
    app.refusals.Refused: passkey_unavailable
    """
    if public_url:
        parts = urlsplit(public_url)
        if parts.scheme in ("http", "https") and parts.hostname:
            return RelyingParty(parts.hostname, f"{parts.scheme}://{parts.netloc}".lower())
    host = (url.hostname or "").lower()
    if host and host in allowed_hosts and not _is_address(host):
        scheme = "https" if https_only else url.scheme
        return RelyingParty(host, f"{scheme}://{url.netloc}".lower())
    raise Refused("passkey_unavailable", 409)


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Held:
    """One of a person's passkeys as `/me` lists it."""

    id: str
    label: str
    created_at: datetime
    last_used_at: datetime | None


class Passkeys:
    """The ceremonies and the stored passkeys; `clock` is the server's (`Settings.clock`)."""

    def __init__(self, engine: Engine, clock: Callable[[], datetime]):
        self.engine, self.clock = engine, clock

    def options_to_add(self, session: MutableMapping[str, Any], person: str, name: str, rp: RelyingParty) -> str:
        """The options (JSON) for `navigator.credentials.create`, with a new challenge for
        `person`; their passkeys are excluded, so one authenticator holds one of theirs."""
        challenge = self._issue(session, "add", person)
        excluded = [PublicKeyCredentialDescriptor(id=base64url_to_bytes(held.id)) for held in self.of(person)]
        options = generate_registration_options(
            rp_id=rp.id,
            rp_name=RP_NAME,
            user_id=user_handle(person),
            user_name=name,
            user_display_name=name,
            challenge=challenge,
            timeout=int(CHALLENGE_TIME.total_seconds() * 1000),
            authenticator_selection=SELECTION,
            exclude_credentials=excluded,
        )
        return options_to_json(options)

    def add(self, session: MutableMapping[str, Any], person: str, credential: str, rp: RelyingParty) -> None:
        """Verify the answer of `navigator.credentials.create` (JSON) and keep the new passkey."""
        challenge = self._use(session, "add", person)
        try:
            parsed = parse_registration_credential_json(credential)
            _check_client_data(parsed.response.client_data_json, challenge, rp)
            verified = verify_registration_response(
                credential=parsed, expected_challenge=challenge, expected_rp_id=rp.id, expected_origin=rp.origin
            )
        except WebAuthnException as error:
            raise Refused("passkey_invalid") from error
        at = self.clock()
        with write_transaction(self.engine) as connection:
            key_id = bytes_to_base64url(verified.credential_id)
            if connection.execute(sa_select(PASSKEY.c.id).where(PASSKEY.c.id == key_id)).first() is not None:
                raise Refused("passkey_known", 409)
            ensure_person(connection, person, at)
            labels = connection.execute(sa_select(PASSKEY.c.label).where(PASSKEY.c.person_id == person)).scalars()
            number = max((int(label) for label in labels if label.isdigit()), default=0) + 1
            connection.execute(
                PASSKEY.insert().values(
                    id=key_id,
                    person_id=person,
                    public_key=verified.credential_public_key,
                    sign_count=verified.sign_count,
                    label=str(number),
                    created_at=at,
                )
            )

    def options_to_sign_in(self, session: MutableMapping[str, Any], rp: RelyingParty) -> str:
        """The options (JSON) for `navigator.credentials.get`, with a new challenge: no
        credentials named, the authenticator offers the passkeys it holds for this site."""
        challenge = self._issue(session, "signin", None)
        timeout = int(CHALLENGE_TIME.total_seconds() * 1000)
        options = generate_authentication_options(
            rp_id=rp.id, challenge=challenge, timeout=timeout, user_verification=UserVerificationRequirement.PREFERRED
        )
        return options_to_json(options)

    def sign_in(
        self, session: MutableMapping[str, Any], credential: str, rp: RelyingParty, charge: Callable[[str], None]
    ) -> str:
        """Verify the answer of `navigator.credentials.get` (JSON): the passkey's person, whose
        sign count and last use are updated. `charge(person)` counts the attempt against the
        person the passkey names (it raises when they are over their limit) before any check."""
        challenge = self._use(session, "signin", None)
        try:
            parsed = parse_authentication_credential_json(credential)
        except WebAuthnException as error:
            raise Refused("passkey_invalid") from error
        with read_session(self.engine) as db:
            row = db.connection().execute(sa_select(PASSKEY).where(PASSKEY.c.id == parsed.id)).mappings().first()
        if row is None:
            raise Refused("passkey_unknown", 400)
        charge(row["person_id"])
        try:
            _check_client_data(parsed.response.client_data_json, challenge, rp)
            count = parse_authenticator_data(parsed.response.authenticator_data).sign_count
            # The library refuses this too; said here first, so the person reads why.
            if (count or row["sign_count"]) and count <= row["sign_count"]:
                raise Refused("passkey_count")
            verified = verify_authentication_response(
                credential=parsed,
                expected_challenge=challenge,
                expected_rp_id=rp.id,
                expected_origin=rp.origin,
                credential_public_key=row["public_key"],
                credential_current_sign_count=row["sign_count"],
            )
        except WebAuthnException as error:
            raise Refused("passkey_invalid") from error
        with write_transaction(self.engine) as connection:
            # Only from the count just checked: two sign-ins racing with one assertion, one wins.
            same = and_(PASSKEY.c.id == row["id"], PASSKEY.c.sign_count == row["sign_count"])
            used = {"sign_count": verified.new_sign_count, "last_used_at": self.clock()}
            if connection.execute(update(PASSKEY).where(same).values(used)).rowcount != 1:
                raise Refused("passkey_count")
        return str(row["person_id"])

    def of(self, person: str) -> list[Held]:
        """The person's passkeys, the first added first."""
        query = sa_select(PASSKEY).where(PASSKEY.c.person_id == person)
        with read_session(self.engine) as session:
            rows = session.connection().execute(query).mappings().all()
        rows = sorted(rows, key=lambda r: (utc(r["created_at"]), int(r["label"]) if r["label"].isdigit() else 0))
        return [
            Held(r["id"], r["label"], utc(r["created_at"]), r["last_used_at"] and utc(r["last_used_at"])) for r in rows
        ]

    def remove(self, person: str, key_id: str) -> None:
        """Remove one of the person's passkeys (`Refused` 404 when they hold none of that id)."""
        with write_transaction(self.engine) as connection:
            gone = connection.execute(PASSKEY.delete().where(PASSKEY.c.id == key_id, PASSKEY.c.person_id == person))
            if gone.rowcount != 1:
                raise Refused("passkey_gone", 404)

    def name_of(self, person: str) -> str:
        """The display name the person gave at an invite, if any ("" if none)."""
        with read_session(self.engine) as session:
            name = session.connection().execute(sa_select(PERSON.c.display_name).where(PERSON.c.id == person))
            return str(name.scalar() or "")

    def _issue(self, session: MutableMapping[str, Any], kind: str, person: str | None) -> bytes:
        """A new challenge for a ceremony of `kind`, in this session and stored until used or
        stale (the stale ones of everyone are dropped on the way: the table stays small)."""
        challenge, at = secrets.token_bytes(32), self.clock()
        text = bytes_to_base64url(challenge)
        with write_transaction(self.engine) as connection:
            connection.execute(CHALLENGE.delete().where(CHALLENGE.c.expires_at <= at))
            if person is not None:
                ensure_person(connection, person, at)
            values = {"challenge": text, "kind": kind, "person_id": person, "expires_at": at + CHALLENGE_TIME}
            connection.execute(CHALLENGE.insert().values(values))
        session[SESSION_KEY] = {"kind": kind, "challenge": text}
        return challenge

    def _use(self, session: MutableMapping[str, Any], kind: str, person: str | None) -> bytes:
        """Use up this session's challenge for `kind`, in a transaction of its own, so it is gone
        whatever the ceremony's answer turns out to be: `Refused` "passkey_challenge" when the
        session holds none or it was used, "passkey_stale" when its time is up."""
        held = session.pop(SESSION_KEY, None)
        if not isinstance(held, dict) or held.get("kind") != kind or not isinstance(held.get("challenge"), str):
            raise Refused("passkey_challenge")
        text = held["challenge"]
        with write_transaction(self.engine) as connection:
            gone = connection.execute(
                CHALLENGE.delete()
                .where(CHALLENGE.c.challenge == text, CHALLENGE.c.kind == kind, _same_person(person))
                .returning(CHALLENGE.c.expires_at)
            ).first()
        if gone is None:
            raise Refused("passkey_challenge")
        if utc(gone[0]) <= self.clock():
            raise Refused("passkey_stale")
        return base64url_to_bytes(text)


def _same_person(person: str | None) -> Any:
    column = CHALLENGE.c.person_id
    return column.is_(None) if person is None else column == person


def _check_client_data(client_data_json: bytes, challenge: bytes, rp: RelyingParty) -> None:
    """Refuse an answer to another challenge (an old answer replayed) or made on another origin.
    The library refuses both too, in words for developers; these are the person's."""
    client_data = parse_client_data_json(client_data_json)
    if client_data.challenge != challenge:
        raise Refused("passkey_challenge")
    if client_data.origin.lower() != rp.origin:
        raise Refused("passkey_origin")


def user_handle(person: str) -> bytes:
    """The WebAuthn user handle for `person`: a hash of the id, not the id, since the
    authenticator hands it to whoever signs in with it.

    >>> len(user_handle("p1")), user_handle("p1") == user_handle("p1") != user_handle("p2")
    (32, True)
    """
    return hashlib.sha256(b"chaharbargh passkey user:" + person.encode()).digest()
