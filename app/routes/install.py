"""The site as an app on the home screen: the web app manifest, the service worker and the
offline page it shows.

- `/manifest.webmanifest?lang=fa|en`: the manifest in that language (each page links its own),
  starting at the home page in that language; both share one `id`, so they are one app.
- `/sw.js`: the service worker, at the root so that its scope is the whole site. Its text names
  every static file by its content-hashed address, so a release that changes a file changes the
  worker too, and the browser installs the new one (which drops the old cache).
- `/offline`: what the worker shows when a page cannot be reached. It is this browser's list of
  matches (from its session cookie, as the home page's) in the cookie's language; the worker
  keeps a fresh copy after each page it loads, so offline it lists the matches of the last visit.
"""

from __future__ import annotations

import hashlib
import json

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ..games import titles
from ..history_view import saved_matches
from ..i18n import LANGS, t
from ..web import Lang, Service, render, templates
from ..wire import StaticAssets
from .home import remembered

router = APIRouter()

THEME = "#0a4330"  # static/app.css's --felt-dark, the header's colour
BACKGROUND = "#f3efe6"  # the page's, as the app opens
ICONS = (  # under static/, drawn by scripts/icons.py
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/icon-maskable-512.png", "512x512", "maskable"),
)
WORKER = "sw.js"  # the worker's template, in templates/
OFFLINE = "/offline"


def manifest(lang: str, assets: StaticAssets) -> dict[str, object]:
    """The web app manifest in `lang`."""
    return {
        "id": "/",
        "name": t(lang, "app_name"),
        "short_name": t(lang, "title"),
        "description": t(lang, "tagline"),
        "lang": lang,
        "dir": "rtl" if lang == "fa" else "ltr",
        "start_url": f"/?lang={lang}",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": [
            {"src": assets.url(name), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for name, sizes, purpose in ICONS
        ],
    }


def worker_text(assets: StaticAssets) -> str:
    """The service worker's text for these static files: their hashed addresses, and a version
    from them and the worker's own template (a new version, a new cache)."""
    template = templates.env.get_template(WORKER)
    values = {
        "assets": json.dumps(sorted(assets.url_of(a) for a in assets.by_name.values())),
        "offline": json.dumps(OFFLINE),
    }
    version = hashlib.sha256(template.render(version="", **values).encode()).hexdigest()[:12]
    return template.render(version=version, **values)


@router.get("/manifest.webmanifest")
def show_manifest(request: Request) -> Response:
    """The manifest in `?lang=` (Persian by default): no cookie is read, since browsers fetch
    manifests without one."""
    lang = request.query_params.get("lang", "fa")
    body = manifest(lang if lang in LANGS else "fa", request.app.state.assets)
    return Response(
        json.dumps(body, ensure_ascii=False),
        media_type="application/manifest+json",
        headers={"Cache-Control": "no-cache"},
    )


@router.get("/sw.js")
def show_worker(request: Request) -> Response:
    """The worker, asked again by the browser at each visit (`no-cache`) to see if it changed."""
    return Response(
        worker_text(request.app.state.assets), media_type="text/javascript", headers={"Cache-Control": "no-cache"}
    )


@router.get(OFFLINE)
def offline(request: Request, lang: Lang, service: Service) -> Response:
    """The page the worker shows when the server cannot be reached, with this browser's matches."""
    saved = saved_matches(service.listed(remembered(request)), lang, titles(lang))
    return render(request, "offline.html", lang, address="/", saved=saved)
