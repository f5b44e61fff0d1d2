"""A seat's table address, `/m/{id}/{secret}`, and a seat's invite code, `/m/{id}/join/{code}`,
are never stored: the database keeps for each person seat a random nonce and the SHA-256 of the
secret and of the invite, and the server works both out again from its secret key.

The secret is 192 bits of HMAC-SHA-256, under a key drawn from the server's secret key
(`Settings.secret_key`), of the match's id, the seat and the seat's nonce; the invite is the same
with another label. So a copy of the database opens no seat (it holds hashes and nonces), and a
list of matches (the history, `/me` on another device, slow tables, invitations, a notification)
gives each seat its address without the secret having been kept anywhere.

A seat opens with either of two secrets, compared in constant time: the one derived now, and the
one whose hash is stored. For a seat made since, they are the same. A seat from before secrets
were hashed keeps the hash of its old random secret, so the links handed out then still open it,
while the lists give it the derived address. A new server key changes every derived address (the
lists then show new ones); the hashed ones handed out at a match's making still open their seats.

>>> keys = Addresses("server key")
>>> made = keys.keyed("m1", 1, SeatKey("n1"), invite=True)
>>> made.opens(made.secret or ""), made.admits(made.invite or ""), made.opens("guess")
(True, True, False)
>>> len(made.secret or ""), made.secret_hash == hashed(made.secret or ""), made.secret != keys.secret("m2", 1, "n1")
(32, True, True)
>>> old = keys.keyed("m1", 1, SeatKey("n2", secret_hash=hashed("an old secret")))
>>> rotated = Addresses("another key").keyed("m1", 1, old)
>>> old.opens("an old secret"), old.opens(old.secret or "")
(True, True)
>>> rotated.opens(old.secret or ""), rotated.opens("an old secret")
(False, True)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass, replace


def hashed(secret: str) -> str:
    """What a row keeps of a secret: its SHA-256, in hex (a secret has 192 random bits: no salt
    or slow hash is needed against guessing it back)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_nonce() -> str:
    """A seat's nonce: 96 random bits, so two matches never share an address even if an id repeats."""
    return secrets.token_urlsafe(12)


def _same(a: str | None, b: str | None) -> bool:
    """`a` equals `b`, both present, compared in constant time."""
    return a is not None and b is not None and hmac.compare_digest(a.encode(), b.encode())


@dataclass(frozen=True)
class SeatKey:
    """What a person seat's row keeps of its address and invite (`nonce`, `secret_hash`,
    `invite_hash`) and, once read with the server's key (`Addresses.keyed`), the secret and the
    invite code themselves, which are never written."""

    nonce: str
    secret_hash: str | None = None  # the SHA-256 of the address handed out (a new seat's: the derived one)
    invite_hash: str | None = None
    secret: str | None = None  # derived, never stored
    invite: str | None = None  # derived, never stored

    def opens(self, secret: str) -> bool:
        """`secret` is this seat's: the derived one or the one whose hash is stored."""
        derived = _same(self.secret, secret)
        stored = _same(self.secret_hash, hashed(secret))
        return derived | stored  # both compared, whichever holds

    def admits(self, code: str) -> bool:
        """`code` is this seat's invite: the derived one or the one whose hash is stored."""
        derived = _same(self.invite, code)
        stored = _same(self.invite_hash, hashed(code))
        return derived | stored


class Addresses:
    """Works out seats' secrets and invite codes from the server's secret key."""

    def __init__(self, server_key: str):
        # a key of its own, so that nothing else signed with the server's key (the session
        # cookie) can be mistaken for an address
        self._key = hmac.new(server_key.encode(), b"chaharbargh seat addresses", hashlib.sha256).digest()

    def _derive(self, label: str, match_id: str, seat: int, nonce: str) -> str:
        message = f"{label}\n{match_id}\n{seat}\n{nonce}".encode()
        digest = hmac.new(self._key, message, hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:24]).decode()  # 32 characters, as a random secret's

    def secret(self, match_id: str, seat: int, nonce: str) -> str:
        return self._derive("address", match_id, seat, nonce)

    def invite(self, match_id: str, seat: int, nonce: str) -> str:
        return self._derive("invite", match_id, seat, nonce)

    def keyed(self, match_id: str, seat: int, key: SeatKey, invite: bool = False) -> SeatKey:
        """`key` with its secret (and its invite code, for a seat another person is invited to)
        worked out; a hash not stored yet (a new seat) is the derived secret's."""
        secret = self.secret(match_id, seat, key.nonce)
        code = self.invite(match_id, seat, key.nonce) if invite else None
        return replace(
            key,
            secret=secret,
            invite=code,
            secret_hash=key.secret_hash or hashed(secret),
            invite_hash=key.invite_hash or (hashed(code) if code else None),
        )
