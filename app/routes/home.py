"""The home page, this browser's list of matches (the history page) and the health check.

The history is the list of match ids in the browser's signed session cookie (ids only, never
cards or seeds): `remember` adds one whenever a match is created or opened. The cookie also
keeps the settings of the last match started from the home page's form (`remember_options`),
which the form is pre-filled with, so that one tap starts the same kind of match again.
"""

from __future__ import annotations

from typing import Annotated, cast

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from ..forms import ForgetForm, MatchOptions
from ..games import titles, web_game
from ..history_view import history, history_stats, saved_matches
from ..home_form import new_match_form
from ..i18n import t
from ..puzzles import Puzzles
from ..puzzles_view import DailyView, daily_view
from ..seating import LEVELS
from ..sessions import known_person, person_of
from ..slow_games import slow_games
from ..web import Lang, Service, render

router = APIRouter()

MAX_SAVED = 30
MAX_PRACTICE = 3
LAST_OPTIONS = "options"  # the session's key for the last match's settings


def remember(request: Request, match_id: str, practice: bool = False, seat: int = 0, person: str | None = None) -> None:
    """Add a match to this browser's signed session cookie: its id, and for a seat other than
    the creator's, `id:seat` (the cookie is signed, so only a browser that opened that seat's
    own address can hold it; the lists link each match at its seat's address); and `person`,
    who took the seat (`sessions.person_to_be`), if the cookie names nobody yet.

    Practice rounds have a short list of their own, so they never push a match out of the list.
    """
    key, keep = ("practice", MAX_PRACTICE) if practice else ("matches", MAX_SAVED)
    entry = match_id if seat == 0 else f"{match_id}:{seat}"
    ids = [i for i in request.session.get(key, []) if i != entry]
    request.session[key] = [entry, *ids][:keep]
    if person is not None:
        person_of(request.session, keep=person)


def _entry(item: object) -> tuple[str, int] | None:
    """A cookie entry as (match id, seat); None for anything the server never wrote."""
    if not isinstance(item, str):
        return None
    match_id, joined, seat = item.partition(":")
    if not joined:
        return match_id, 0
    return (match_id, int(seat)) if seat.isdigit() else None


def forget(request: Request, match_id: str) -> bool:
    """Take a match out of this browser's cookie (the match itself stays stored); whether it was there."""
    found = False
    for key in ("matches", "practice"):
        entries = request.session.get(key, [])
        kept = [i for i in entries if (_entry(i) or ("", 0))[0] != match_id]
        if len(kept) != len(entries):
            request.session[key] = kept
            found = True
    return found


def remembered(request: Request) -> list[tuple[str, int]]:
    """The matches in this browser's cookie as (id, seat), matches then practice rounds (a
    forged entry is skipped)."""
    entries = (_entry(i) for key in ("matches", "practice") for i in request.session.get(key, []))
    return [e for e in entries if e is not None]


def remember_options(request: Request, options: MatchOptions) -> None:
    """Keep the settings of the match this browser just started (the form's fields as text: no
    secret, no seed), replacing the previous ones."""
    request.session[LAST_OPTIONS] = {k: str(v) for k, v in options.model_dump(exclude_none=True).items()}


def last_options(request: Request) -> dict[str, str]:
    """The settings of this browser's last match, as form fields; {} if none. Only the form's
    own fields with text values are read: the form checks the values as it does the address's."""
    stored = request.session.get(LAST_OPTIONS)
    if not isinstance(stored, dict):
        return {}
    return {k: v for k, v in stored.items() if k in MatchOptions.field_names() and isinstance(v, str)}


@router.get("/health")
def health() -> dict[str, str]:
    """For the container's healthcheck and load balancers."""
    return {"status": "ok"}


@router.get("/")
def home(request: Request, lang: Lang, service: Service) -> Response:
    """The start button begins a match with the settings of the last one (or the defaults);
    "more options" holds the whole form, opened when the address sets a field (a link of the
    rules page, or "fill in this preset's values" without JavaScript)."""
    query = dict(request.query_params)
    asked = any(name in MatchOptions.field_names() for name in query)
    return render(
        request,
        "home.html",
        lang,
        saved=saved_matches(service.listed(remembered(request)), lang, titles(lang)),
        slow=[g for g in slow_games(service, known_person(request.session), lang, titles(lang)) if g.mine],
        games=titles(lang),
        form=new_match_form(
            query if asked else last_options(request),
            lang,
            lambda name: web_game(name).option_links(),
            lambda options: web_game(options.game).summary(options, lang),
        ),
        more_open=asked,
        levels=[(lvl, t(lang, f"level_{lvl}")) for lvl in LEVELS],
        daily=_daily(request, service, lang),
    )


def _daily(request: Request, service: Service, lang: str) -> DailyView | None:
    """The day's puzzle (the day by the service's clock, in UTC) for the home page's link."""
    puzzles = cast(Puzzles, request.app.state.puzzles)
    puzzle = puzzles.daily(service.clock().date())
    if puzzle is None:
        return None
    return daily_view(puzzle, puzzles.rating(puzzle), titles(lang).get(puzzle.game, puzzle.game), lang)


@router.get("/quick-summary")
def quick_summary(request: Request, lang: Lang) -> Response:
    """The quick start's summary (the items above "Start") of the home form's values in the
    query: the home page's script asks for it whenever the form's values change, the browser's
    own restoring of the form on Back included, so the summary always names what Start begins."""
    form = new_match_form(
        dict(request.query_params),
        lang,
        lambda name: web_game(name).option_links(),
        lambda options: web_game(options.game).summary(options, lang),
    )
    return render(request, "_quick_summary.html", lang, items=form.summary)


@router.get("/history")
def show_history(request: Request, lang: Lang, service: Service) -> Response:
    """Every match and practice this browser remembers, newest first, each with a form that
    forgets it here (the match is never deleted: whoever has its address can still open it)."""
    removed = request.query_params.get("removed") == "1"
    items = service.listed(remembered(request))
    counted = [item for item in items if web_game(item.match.game).in_stats]
    entries, stats = history(items, lang, titles(lang)), history_stats(counted, lang)
    return render(request, "history.html", lang, current="history", entries=entries, stats=stats, removed=removed)


@router.post("/history/remove")
def remove_from_history(request: Request, form: Annotated[ForgetForm, Form()]) -> Response:
    """Forget one match in this browser; answered with the history page (303, so a reload does not post again)."""
    forget(request, form.match)
    return RedirectResponse("/history?removed=1", status_code=303)
