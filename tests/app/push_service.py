"""A Web Push service for the tests, on 127.0.0.1: a real HTTP server holding a browser's
subscription keys (a P-256 key pair and a 16-byte auth secret), which decrypts every message it
is sent (RFC 8291, aes128gcm) and checks its VAPID JWT (RFC 8292) before it answers."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Received:
    """One message as the push service took it."""

    device: str  # the subscription's name (the endpoint's last part)
    payload: dict[str, Any]  # decrypted
    headers: dict[str, str]
    claims: dict[str, Any]  # the VAPID JWT's, its ES256 signature checked
    vapid_key: str  # the public key the JWT names (`k=`)


@dataclass
class PushService:
    """The server and the subscriptions it holds keys for, by name; `answers`: the statuses to
    answer next, in order (201 once they run out)."""

    keys: dict[str, tuple[ec.EllipticCurvePrivateKey, bytes]] = field(default_factory=dict)
    received: list[Received] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)
    server: ThreadingHTTPServer | None = None

    @property
    def origin(self) -> str:
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def subscription(self, name: str) -> dict[str, str]:
        """A new device `name`'s subscription, as static/pwa.js posts it."""
        key, auth = ec.generate_private_key(ec.SECP256R1()), os.urandom(16)
        self.keys[name] = (key, auth)
        point = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": f"{self.origin}/push/{name}", "p256dh": b64(point), "auth": b64(auth)}

    def take(self, path: str, headers: dict[str, str], body: bytes) -> int:
        name = path.rsplit("/", 1)[-1]
        key, auth = self.keys[name]
        payload = json.loads(http_ece.decrypt(body, private_key=key, auth_secret=auth, version="aes128gcm"))
        scheme, _, params = headers["authorization"].partition(" ")
        assert scheme == "vapid"
        parts = dict(part.split("=", 1) for part in params.split(","))
        token, vapid_key = parts["t"], parts["k"]
        head, claims_text, signature = token.split(".")
        assert json.loads(unb64(head)) == {"typ": "JWT", "alg": "ES256"}
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(vapid_key))
        raw = unb64(signature)
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        public.verify(der, f"{head}.{claims_text}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
        claims = json.loads(unb64(claims_text))
        self.received.append(Received(name, payload, headers, claims, vapid_key))
        return self.answers.pop(0) if self.answers else 201

    def __enter__(self) -> PushService:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                try:
                    status = service.take(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                except Exception as error:  # a message the test must see refused
                    status = 400
                    service.received.append(Received("refused", {"error": repr(error)}, {}, {}, ""))
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        assert self.server is not None
        self.server.shutdown()
        self.server.server_close()


def fresh(claims: dict[str, Any]) -> bool:
    """A JWT good now and for at most a day (RFC 8292)."""
    return time.time() < claims["exp"] <= time.time() + 24 * 3600
