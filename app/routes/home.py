"""The home page, this browser's list of matches (the history) and the health check.

The history is the list of match ids in the browser's signed session cookie (ids only, never
cards or seeds): `remember` adds one whenever a match is created or opened.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ..i18n import t
from ..service import LEVELS
from ..views import new_match_form, saved_matches
from ..web import Lang, Service, render

router = APIRouter()

MAX_SAVED = 30
MAX_PRACTICE = 3


def remember(request: Request, match_id: str, practice: bool = False) -> None:
    """Add a match id to this browser's signed session cookie.

    Practice rounds have a short list of their own, so they never push a match out of the list.
    """
    key, keep = ("practice", MAX_PRACTICE) if practice else ("matches", MAX_SAVED)
    ids = [i for i in request.session.get(key, []) if i != match_id]
    request.session[key] = [match_id, *ids][:keep]


def remembered(request: Request) -> list[str]:
    """The ids in this browser's cookie, matches then practice rounds (a forged entry is skipped)."""
    return [i for key in ("matches", "practice") for i in request.session.get(key, []) if isinstance(i, str)]


@router.get("/health")
def health() -> dict[str, str]:
    """For the container's healthcheck and load balancers."""
    return {"status": "ok"}


@router.get("/")
def home(request: Request, lang: Lang, service: Service) -> Response:
    return render(
        request,
        "home.html",
        lang,
        saved=saved_matches(service.listed(remembered(request)), lang),
        form=new_match_form(dict(request.query_params), lang),
        levels=[(lvl, t(lang, f"level_{lvl}")) for lvl in LEVELS],
    )
