"""What goes over the wire: compressed answers and static files with content-hashed names.

- `Compression` compresses HTML, CSS, JS, JSON and SVG answers with brotli or gzip, whichever
  the request's `Accept-Encoding` prefers (brotli when both are, at equal weight). It is
  Starlette's `GZipMiddleware` with a brotli responder beside its gzip one: answers under
  500 bytes, answers already encoded and fonts and images stay as they are, and every
  compressible answer says `Vary: Accept-Encoding`, compressed or not.
- `StaticAssets` reads `static/` once, when the app is built: each file gets a name with the
  first 10 hex digits of its SHA-256 (`app.css` -> `app.3f2a9c1b0d.css`), CSS `url()`s are
  rewritten to the hashed names of the files they name (so a new font makes a new CSS name),
  and the bodies are kept in memory, compressed ahead with brotli (quality 11) and gzip (9).
  `url(name)` is the address pages link (`static_url('app.css')` in templates).
- `ServeStatic`, a middleware outside the session, answers `/static/...`: a hashed name with
  `Cache-Control: public, max-age=31536000, immutable` (its content can never change under
  that name, so a browser never asks again), the plain name too (old pages, the tests) with
  `no-cache` (asked again each time, 304 while the ETag still fits). Anything else under
  `/static/` goes on to the routes, which answer 404. Static answers carry no session cookie.

Compression and secrets: a page that holds a match's secret (in its links) reflects nothing a
third party chooses beside it (the selection in the query string is read as card codes and
written back as such), so compressing it gives no BREACH-style oracle on the secret.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Any

from starlette.datastructures import Headers
from starlette.middleware.gzip import DEFAULT_EXCLUDED_CONTENT_TYPES, GZipResponder, IdentityResponder
from starlette.types import ASGIApp, Receive, Scope, Send

try:  # brotli is in the lock files; without it, gzip alone is offered
    import brotli  # type: ignore[import-untyped]  # ships no type hints
except ImportError:  # pragma: no cover
    brotli = None

MINIMUM_SIZE = 500  # bytes: smaller answers are not worth a compressor (headers cost more)
# Dynamic answers, by size. A table fragment (about 11 KB, two with every move) gets the fastest
# settings: brotli 1 costs a fifth of quality 5's time (0.055 ms against 0.26 ms) for 2.4 KB
# instead of 1.9 KB. A long page (the rules, 160 KB, read once) is worth a better ratio: brotli
# 5 (gzip 6, nearly level 9's size at a fraction of its time) makes it 11 KB instead of 16.
LONG_ANSWER = 32 * 1024  # bytes of the first body chunk
BROTLI_QUALITY = {False: 1, True: 5}  # by whether the answer is long
GZIP_LEVEL = {False: 1, True: 6}
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
HASH_DIGITS = 10
COMPRESSIBLE_TYPES = ("text/", "application/javascript", "application/json", "image/svg+xml")


def encodings(accept_encoding: str) -> list[str]:
    """The encodings a request accepts that we offer (`br`, `gzip`), the preferred first.

    `q=0` refuses one; `*` stands for any not named. At equal weight brotli comes first.

    >>> encodings("gzip, deflate, br"), encodings("gzip;q=1.0, br;q=0.5"), encodings("br;q=0, *")
    (['br', 'gzip'], ['gzip', 'br'], ['gzip'])
    >>> encodings(""), encodings("identity")
    ([], [])
    """
    weights: dict[str, float] = {}
    for item in accept_encoding.lower().split(","):
        name, _, params = item.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name.strip():
            weights[name.strip()] = q
    offered = ["br", "gzip"] if brotli is not None else ["gzip"]
    found = [(weights.get(e, weights.get("*", 0.0)), -i, e) for i, e in enumerate(offered)]
    return [e for q, _, e in sorted(found, reverse=True) if q > 0]


# --- compressing answers ---------------------------------------------------------------------


class BrotliResponder(IdentityResponder):
    """Starlette's responder with brotli in place of gzip (one stream per answer), its quality
    chosen by the size of the answer's first chunk (`BROTLI_QUALITY`)."""

    content_encoding = "br"

    def __init__(self, app: ASGIApp, minimum_size: int, exclude_content_types: tuple[str, ...]):
        super().__init__(app, minimum_size, exclude_content_types=exclude_content_types)
        self.compressor: Any = None  # a brotli.Compressor, made for the first chunk

    async def apply_compression(self, body: bytes, *, more_body: bool) -> bytes:
        if self.compressor is None:
            self.compressor = brotli.Compressor(quality=BROTLI_QUALITY[len(body) >= LONG_ANSWER])
        data = self.compressor.process(body)
        tail: bytes = self.compressor.flush() if more_body else self.compressor.finish()
        return bytes(data) + tail


class SizedGZipResponder(GZipResponder):
    """Starlette's gzip responder with its level chosen like brotli's quality (`GZIP_LEVEL`)."""

    async def apply_compression(self, body: bytes, *, more_body: bool) -> bytes:
        if self._compressor is None:
            self.compresslevel = GZIP_LEVEL[len(body) >= LONG_ANSWER]
        return await super().apply_compression(body, more_body=more_body)


class Compression:
    """Compress answers with brotli or gzip, as the request prefers (see the module's text)."""

    def __init__(self, app: ASGIApp, minimum_size: int = MINIMUM_SIZE):
        self.app = app
        self.minimum_size = minimum_size
        self.excluded = DEFAULT_EXCLUDED_CONTENT_TYPES

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        wanted = encodings(Headers(scope=scope).get("accept-encoding", ""))
        responder: IdentityResponder
        if wanted and wanted[0] == "br":
            responder = BrotliResponder(self.app, self.minimum_size, self.excluded)
        elif wanted:
            responder = SizedGZipResponder(self.app, self.minimum_size, exclude_content_types=self.excluded)
        else:
            responder = IdentityResponder(self.app, self.minimum_size, exclude_content_types=self.excluded)
        await responder(scope, receive, send)


# --- static files ----------------------------------------------------------------------------

CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")\s]+)\1\s*\)""")


@dataclass(frozen=True)
class Asset:
    """One static file: its bodies by encoding (`identity`, and `br`, `gzip` when they are smaller)."""

    name: str  # the path under static/, e.g. "fonts/OFL.txt"
    hashed: str  # the same with the content hash before the suffix
    media_type: str
    digest: str
    bodies: dict[str, bytes] = field(repr=False)

    @property
    def compressible(self) -> bool:
        return self.media_type.startswith(COMPRESSIBLE_TYPES)

    def etag(self, encoding: str) -> str:
        return f'"{self.digest}"' if encoding == "identity" else f'"{self.digest}-{encoding}"'


def hashed_name(name: str, digest: str) -> str:
    """`name` with the digest before its last suffix.

    >>> hashed_name("htmx-2.0.11.min.js", "0123456789"), hashed_name("fonts/x.woff2", "ab")
    ('htmx-2.0.11.min.0123456789.js', 'fonts/x.ab.woff2')
    >>> hashed_name("LICENSE", "ab")
    'LICENSE.ab'
    """
    path = PurePosixPath(name)
    if not path.suffix:
        return f"{name}.{digest}"
    return str(path.with_name(f"{path.stem}.{digest}{path.suffix}"))


def media_type_of(name: str) -> str:
    kind = {".js": "text/javascript", ".woff2": "font/woff2", ".svg": "image/svg+xml"}.get(PurePosixPath(name).suffix)
    kind = kind or mimetypes.guess_type(name)[0] or "application/octet-stream"
    return f"{kind}; charset=utf-8" if kind.startswith("text/") else kind


class StaticAssets:
    """The files of a folder, hashed and compressed once (see the module's text)."""

    PREFIX = "/static/"

    def __init__(self, directory: Path):
        self.directory = directory
        self.by_name: dict[str, Asset] = {}
        files = sorted(
            p.relative_to(directory).as_posix()
            for p in directory.rglob("*")
            if p.is_file() and not any(part.startswith(".") for part in p.relative_to(directory).parts)
        )
        # CSS last: its url()s name the other files by their hashed names.
        for name in sorted(files, key=lambda n: n.endswith(".css")):
            data = (directory / name).read_bytes()
            if name.endswith(".css"):
                data = self._rewrite_css(name, data.decode()).encode()
            self.by_name[name] = self._asset(name, data)
        # What a request may name: the hashed names (immutable), and the plain ones.
        self.served: dict[str, tuple[Asset, str]] = {}
        for asset in self.by_name.values():
            self.served[asset.name] = (asset, REVALIDATE)
            self.served[asset.hashed] = (asset, IMMUTABLE)

    @staticmethod
    def _asset(name: str, data: bytes) -> Asset:
        digest = hashlib.sha256(data).hexdigest()[:HASH_DIGITS]
        media_type = media_type_of(name)
        bodies = {"identity": data}
        if media_type.startswith(COMPRESSIBLE_TYPES) and len(data) >= MINIMUM_SIZE:
            candidates = {"gzip": gzip.compress(data, 9, mtime=0)}
            if brotli is not None:
                candidates["br"] = brotli.compress(data, quality=11)
            bodies.update({k: v for k, v in candidates.items() if len(v) < len(data)})
        return Asset(name, hashed_name(name, digest), media_type, digest, bodies)

    def _rewrite_css(self, name: str, css: str) -> str:
        """`css` with each url() that names one of our files pointing at its hashed name."""
        base = PurePosixPath(self.PREFIX + name).parent

        def replace(found: re.Match[str]) -> str:
            target = found.group(2)
            if target.startswith(("data:", "http:", "https:", "//")):
                return found.group(0)
            path = target if target.startswith("/") else str(base / target)
            key = str(PurePosixPath(path)).removeprefix(self.PREFIX)
            asset = self.by_name.get(key)
            return f'url("{self.url_of(asset)}")' if asset else found.group(0)

        return CSS_URL.sub(replace, css)

    def replace(self, name: str, data: bytes) -> Asset:
        """Serve `data` as file `name` from now on, under its new hashed name only, as a release
        would (the tests of the service worker's updates); a CSS file's url()s are not rewritten."""
        old = self.by_name[name]
        new = self.by_name[name] = self._asset(name, data)
        del self.served[old.hashed]
        self.served[name] = (new, REVALIDATE)
        self.served[new.hashed] = (new, IMMUTABLE)
        return new

    def url_of(self, asset: Asset) -> str:
        return self.PREFIX + asset.hashed

    def url(self, name: str) -> str:
        """The address of static file `name` (a path under static/), with its content hash."""
        try:
            return self.url_of(self.by_name[name])
        except KeyError:
            raise LookupError(f"no static file {name!r} in {self.directory}") from None

    def lookup(self, path: str) -> tuple[Asset, str] | None:
        """The asset a request path names, and the Cache-Control it is served with."""
        if not path.startswith(self.PREFIX):
            return None
        return self.served.get(path.removeprefix(self.PREFIX))

    async def answer(self, scope: Scope, asset: Asset, cache_control: str, send: Send) -> None:
        headers = Headers(scope=scope)
        encoding = next((e for e in encodings(headers.get("accept-encoding", "")) if e in asset.bodies), "identity")
        body = asset.bodies[encoding]
        etag = asset.etag(encoding)
        out = [(b"cache-control", cache_control.encode()), (b"etag", etag.encode())]
        if asset.compressible:
            out.append((b"vary", b"Accept-Encoding"))
        tags = {t.strip().removeprefix("W/") for t in headers.get("if-none-match", "").split(",")}
        if etag in tags or "*" in tags:
            await send({"type": "http.response.start", "status": 304, "headers": out})
            await send({"type": "http.response.body", "body": b""})
            return
        out += [(b"content-type", asset.media_type.encode()), (b"content-length", str(len(body)).encode())]
        if encoding != "identity":
            out.append((b"content-encoding", encoding.encode()))
        await send({"type": "http.response.start", "status": 200, "headers": out})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})


@lru_cache(maxsize=4)
def assets_for(directory: Path) -> StaticAssets:
    """The static files of `directory`, read once per process (every app built here shares them)."""
    return StaticAssets(directory)


class ServeStatic:
    """Answer GET and HEAD of a known static file from memory; pass everything else on."""

    def __init__(self, app: ASGIApp, assets: StaticAssets):
        self.app = app
        self.assets = assets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            found = self.assets.lookup(scope["path"])
            if found is not None:
                return await self.assets.answer(scope, *found, send)
        await self.app(scope, receive, send)
