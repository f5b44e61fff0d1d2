"""Passkeys over HTTP (app/passkeys.py, app/routes/passkeys.py), with a small software
authenticator built here from the spec rather than from the library under test: an ES256 key
from `cryptography`, clientDataJSON, authenticator data (the RP ID's SHA-256, the flags, the
sign count, for a new passkey its id and COSE public key) and attestation "none".

A person plays on a laptop and adds a passkey; a phone (another `TestClient`, another cookie)
signs in with it and is that person, with the match. A replayed challenge, an answer made on
another origin, a lower sign count, a challenge past its five minutes (the server's clock,
moved by hand) and a removed passkey are refused with their own message and change nothing.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os

import cbor2
import pytest
import sqlalchemy as sa
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from fastapi.testclient import TestClient

from app.i18n import t
from tests.app.app_helpers import HX, Clock, clocked_app, dom, game_state, human_move, session_person, text_of

ORIGIN = "http://localhost:8000"
UP, UV, AT = 0x01, 0x04, 0x40  # authenticator data flags: user present, user verified, attested data


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class SoftAuthenticator:
    """One passkey, kept as a platform authenticator keeps it: a P-256 key and a sign count."""

    def __init__(self, rp_id: str = "localhost"):
        self.rp_id = rp_id
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.id = os.urandom(16)
        self.count = 0
        self.user_handle = b""

    def cose_key(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        x, y = numbers.x.to_bytes(32, "big"), numbers.y.to_bytes(32, "big")
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: x, -3: y})  # kty EC2, alg ES256, crv P-256

    def auth_data(self, flags: int, count: int, attested: bool = False) -> bytes:
        data = hashlib.sha256(self.rp_id.encode()).digest() + bytes([flags]) + count.to_bytes(4, "big")
        if attested:  # no AAGUID (zeros), the credential id's length and id, the public key
            data += bytes(16) + len(self.id).to_bytes(2, "big") + self.id + self.cose_key()
        return data

    def create(self, options: dict, origin: str = ORIGIN) -> str:
        """What `navigator.credentials.create` would answer, as the JSON static/passkeys.js posts."""
        self.user_handle = unb64(options["user"]["id"])
        client_data = json.dumps({"type": "webauthn.create", "challenge": options["challenge"], "origin": origin})
        attestation = {"fmt": "none", "attStmt": {}, "authData": self.auth_data(UP | UV | AT, self.count, True)}
        response = {
            "clientDataJSON": b64(client_data.encode()),
            "attestationObject": b64(cbor2.dumps(attestation)),
            "transports": ["internal"],
        }
        return json.dumps({"id": b64(self.id), "rawId": b64(self.id), "type": "public-key", "response": response})

    def get(self, options: dict, origin: str = ORIGIN, count: int | None = None) -> str:
        """What `navigator.credentials.get` would answer: the sign count goes up by one unless
        `count` says what it claims."""
        if count is None:
            self.count += 1
        client_data = json.dumps({"type": "webauthn.get", "challenge": options["challenge"], "origin": origin}).encode()
        data = self.auth_data(UP | UV, self.count if count is None else count)
        signature = self.key.sign(data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        response = {
            "clientDataJSON": b64(client_data),
            "authenticatorData": b64(data),
            "signature": b64(signature),
            "userHandle": b64(self.user_handle),
        }
        return json.dumps({"id": b64(self.id), "rawId": b64(self.id), "type": "public-key", "response": response})


@pytest.fixture
def clock() -> Clock:
    return Clock()


def make_app(db_url: str, clock: Clock, **settings):
    return clocked_app(db_url, clock, **{"rate_signin": "off", **settings})


@pytest.fixture
def app(db_url: str, clock: Clock):
    return make_app(db_url, clock)


def browser(app, address: str = "testclient", lang: str = "en") -> TestClient:
    """A browser of its own, whose language cookie says `lang` (so the pages after a redirect are in it)."""
    client = TestClient(app, base_url=ORIGIN, client=(address, 50000))
    client.cookies.set("lang", lang, domain="localhost.local")
    return client


def start(client: TestClient) -> str:
    made = client.post("/matches", data={"level": "easy", "players": "2"}, follow_redirects=False)
    assert made.status_code == 303
    return made.headers["location"]


def add_passkey(client: TestClient, authenticator: SoftAuthenticator) -> None:
    options = client.post("/me/passkeys/options")
    assert options.status_code == 200 and options.headers["content-type"] == "application/json"
    answer = {"credential": authenticator.create(options.json())}
    added = client.post("/me/passkeys", data=answer, follow_redirects=False)
    assert (added.status_code, added.headers["location"]) == (303, "/me?done=added")


def sign_in(client: TestClient, authenticator: SoftAuthenticator, **answer):
    options = client.post("/signin/options?lang=en")
    assert options.status_code == 200
    return client.post("/signin?lang=en", data={"credential": authenticator.get(options.json(), **answer)})


def stored(db_url: str, table: str) -> list[dict]:
    with sa.create_engine(db_url).connect() as connection:
        return [dict(row) for row in connection.execute(sa.text(f"SELECT * FROM {table}")).mappings()]


def listed(client: TestClient) -> set[str]:
    return {li["data-match"] for li in dom(client.get("/me?lang=en").text).select("#me-matches li[data-match]")}


def refused(answer, key: str, status: int = 400) -> None:
    assert answer.status_code == status
    assert text_of(answer.text, "#message") == t("en", key)


def test_a_passkey_brings_the_person_and_every_match_to_another_browser(app, db_url):
    with browser(app) as laptop, browser(app) as phone:
        table = start(laptop)
        match_id = table.split("/")[2]
        authenticator = SoftAuthenticator()
        add_passkey(laptop, authenticator)
        page = laptop.get("/me?done=added&lang=en").text
        assert text_of(page, "#message") == t("en", "passkey_added")
        assert text_of(page, "#passkey-add") == "Keep my games on my other devices"
        forms = dom(page).select("form[data-passkey-ceremony]")  # shown by static/passkeys.js where WebAuthn is
        assert [f["action"] for f in forms] == ["/me/passkeys", "/signin"] and all(f.has_attr("hidden") for f in forms)
        assert text_of(page, "#passkey-unsupported") == t("en", "passkey_unsupported")  # without it, says why
        assert [li["data-passkey"] for li in dom(page).select("#passkey-list li")] == [b64(authenticator.id)]

        [row] = stored(db_url, "passkey")  # the public key and count, nothing secret
        assert (row["id"], row["person_id"], bytes(row["public_key"])) == (
            b64(authenticator.id),
            session_person(laptop),
            authenticator.cose_key(),
        )
        assert (row["sign_count"], row["last_used_at"]) == (0, None)
        assert stored(db_url, "passkey_challenge") == []  # used up

        phone.get("/")
        start(phone)  # the phone was someone else until it signs in
        before = phone.cookies["chaharbargh"]
        assert session_person(phone) != session_person(laptop)
        signed = sign_in(phone, authenticator)
        assert signed.status_code == 200 and text_of(signed.text, "#message") == t("en", "passkey_signed_in")
        assert session_person(phone) == session_person(laptop)
        assert phone.cookies["chaharbargh"] != before
        assert match_id in listed(phone)
        assert stored(db_url, "passkey")[0]["sign_count"] == 1

        html = phone.get(table, headers=HX).text  # the phone plays on at the laptop's seat
        _, ply = game_state(html)
        assert human_move(phone, table, html, ply).status_code == 200
        assert game_state(laptop.get(table, headers=HX).text)[1] > ply


def test_a_replayed_challenge_another_origin_and_a_lower_count_are_refused_and_change_nothing(app, db_url):
    with browser(app) as laptop, browser(app) as phone:
        start(laptop)
        authenticator = SoftAuthenticator()
        add_passkey(laptop, authenticator)
        phone.get("/")
        start(phone)
        own = session_person(phone)

        options = phone.post("/signin/options").json()
        cookie = phone.cookies["chaharbargh"]  # the cookie holding this challenge, kept by an attacker
        assert phone.post("/signin", data={"credential": (answer := authenticator.get(options))}).status_code == 200
        person = session_person(phone)

        phone.cookies.set("chaharbargh", cookie, domain="localhost.local")  # the same request again, old cookie and all
        refused(phone.post("/signin?lang=en", data={"credential": answer}), "msg_passkey_challenge")
        assert phone.post("/signin/options").status_code == 200  # a fresh challenge, an old answer
        refused(phone.post("/signin?lang=en", data={"credential": answer}), "msg_passkey_challenge")

        with browser(app) as stranger:
            start(stranger)
            stranger_person = session_person(stranger)
            refused(sign_in(stranger, authenticator, origin="https://evil.example"), "msg_passkey_origin")
            refused(sign_in(stranger, authenticator, count=1), "msg_passkey_count")  # 1 was used already
            refused(sign_in(stranger, authenticator, count=0), "msg_passkey_count")
            assert session_person(stranger) == stranger_person != person
        [row] = stored(db_url, "passkey")
        assert (row["sign_count"], own != person) == (1, True)  # only the one good sign-in counted
        assert sign_in(phone, authenticator).status_code == 200  # and the passkey still works: 2 > 1


def test_a_challenge_is_good_for_five_minutes_of_the_servers_clock(app, clock):
    with browser(app) as laptop, browser(app) as phone:
        start(laptop)
        authenticator = SoftAuthenticator()
        add_passkey(laptop, authenticator)
        options = phone.post("/signin/options").json()
        clock.advance(5 * 60)
        refused(phone.post("/signin?lang=en", data={"credential": authenticator.get(options)}), "msg_passkey_stale")
        assert "person" not in phone.cookies.get("chaharbargh", "")

        options = phone.post("/signin/options").json()
        clock.advance(5 * 60 - 1)
        assert phone.post("/signin", data={"credential": authenticator.get(options)}).status_code == 200

        late = laptop.post("/me/passkeys/options").json()  # adding has the same five minutes
        clock.advance(5 * 60)
        answer = SoftAuthenticator().create(late)
        refused(laptop.post("/me/passkeys?lang=en", data={"credential": answer}), "msg_passkey_stale")


def test_a_person_holds_several_passkeys_and_removes_one(app, db_url):
    with browser(app) as laptop, browser(app) as phone:
        start(laptop)
        first, second = SoftAuthenticator(), SoftAuthenticator()
        add_passkey(laptop, first)
        add_passkey(laptop, second)
        page = dom(laptop.get("/me?lang=en").text)
        assert [li["data-passkey"] for li in page.select("#passkey-list li")] == [b64(first.id), b64(second.id)]
        assert [li.select_one(".passkey-name").text for li in page.select("#passkey-list li")] == [
            "Passkey 1",
            "Passkey 2",
        ]
        options = laptop.post("/me/passkeys/options").json()
        assert {c["id"] for c in options["excludeCredentials"]} == {b64(first.id), b64(second.id)}
        again = laptop.post("/me/passkeys?lang=en", data={"credential": first.create(options)})
        refused(again, "msg_passkey_known", 409)

        refused(phone.post(f"/me/passkeys/{b64(first.id)}/delete?lang=en"), "msg_passkey_gone", 404)  # not phone's
        removed = laptop.post(f"/me/passkeys/{b64(first.id)}/delete", follow_redirects=False)
        assert (removed.status_code, removed.headers["location"]) == (303, "/me?done=removed")
        assert [row["id"] for row in stored(db_url, "passkey")] == [b64(second.id)]
        refused(sign_in(phone, first), "msg_passkey_unknown")
        assert sign_in(phone, second).status_code == 200
        assert session_person(phone) == session_person(laptop)


def test_sign_ins_are_limited_per_client_and_per_person(db_url, clock):
    app = make_app(db_url, clock, rate_signin="2/minute")
    with browser(app, "203.0.113.1") as laptop, browser(app, "203.0.113.2") as one, browser(app, "203.0.113.3") as two:
        start(laptop)
        authenticator = SoftAuthenticator()
        add_passkey(laptop, authenticator)
        for _ in range(2):  # a guesser with an unknown passkey: refused, then over the client's limit
            refused(sign_in(one, SoftAuthenticator()), "msg_passkey_unknown")
        over = sign_in(one, authenticator)
        assert over.status_code == 429 and int(over.headers["Retry-After"]) > 0
        assert "chaharbargh" not in over.headers.get("set-cookie", "")

        for _ in range(2):  # two attempts at the person's passkey from elsewhere use up the person's
            refused(sign_in(two, authenticator, origin="https://evil.example"), "msg_passkey_origin")
        with browser(app, "203.0.113.4") as three:
            assert sign_in(three, authenticator).status_code == 429
            assert "chaharbargh" not in three.cookies or session_person(three) != session_person(laptop)


def test_passkeys_need_a_host_name_and_use_the_public_url_when_set(db_url, clock):
    with TestClient(make_app(db_url, clock), base_url="http://127.0.0.1:8000") as by_address:
        refused(by_address.post("/me/passkeys/options?lang=en"), "msg_passkey_unavailable", 409)
    public = make_app(db_url, clock, public_url="https://cards.example")
    with browser(public) as laptop:
        options = laptop.post("/me/passkeys/options").json()
        assert options["rp"] == {"id": "cards.example", "name": "Chaharbargh"}
        answer = SoftAuthenticator("cards.example").create(options)  # made at http://localhost:8000
        refused(laptop.post("/me/passkeys?lang=en", data={"credential": answer}), "msg_passkey_origin")
        assert stored(db_url, "passkey") == []


def test_an_answer_that_is_not_one_is_refused_in_persian_by_default(app):
    with TestClient(app, base_url=ORIGIN) as laptop:
        laptop.post("/signin/options")
        answer = laptop.post("/signin", data={"credential": "{not json"})
        assert answer.status_code == 400 and text_of(answer.text, "#message") == t("fa", "msg_passkey_invalid")
        refused(laptop.post("/me/passkeys?lang=en", data={}), "msg_passkey_invalid")
