"""Friends at the table: the invite link of a person seat, taking the seat, the creator giving
the seats nobody took to computers, and the quick phrases (app/seats.py says who sits where).

Opening an invite (`GET /m/{id}/join/{code}`) changes nothing: it shows whose table it is and
asks for a display name. Only the page's button (a POST) takes the seat, so a messenger's link
preview, which fetches the address, takes nobody's seat. The first person to take it is sent
(303) to the seat's own address and keeps the match in their browser's list; anyone opening the
invite later is told the seat is taken (the browser that took it is sent to its table). A
display name is plain text, 1 to 24 characters that can be seen and copy no seat's label
(app/names.py), remembered in the browser's signed cookie for the next invite, and escaped and
bidi-isolated wherever it is shown.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from ..common_views import seating_of, urls
from ..forms import DisplayName, FormModel
from ..games import web_game
from ..i18n import digits, t
from ..names import shown_name
from ..refusals import NotFound
from ..seats import CREATOR, NAME_LENGTH, PHRASES
from ..sessions import person_to_be
from ..table import Table, commitment_of
from ..web import Lang, Service, error_page, get_service, render
from .home import remember, remembered
from .table import answer

router = APIRouter()
NAME_KEY = "name"  # the session's display name, offered again at the next invite


class JoinForm(FormModel):
    """Taking a seat: the display name (spaces at its ends dropped; refused with the reason
    app/names.py gives, shown on the invite's page)."""

    refusal: ClassVar[str] = "bad_name"
    name: DisplayName


def _held(request: Request, match_id: str, seat: int) -> bool:
    """Whether this browser already took that seat (its signed cookie lists it)."""
    return (match_id, seat) in remembered(request)


def _join_page(
    request: Request,
    lang: str,
    loaded: Table,
    seat: int,
    status: int = 200,
    taken: bool = False,
    message: str | None = None,
) -> Response:
    seating = seating_of(loaded)
    given = loaded.seats.name(0)
    host = shown_name(given, lang) or t(lang, "join_host")
    game, rules = loaded.game, loaded.game.rules_of(loaded.state)
    if game.side_of(rules, seat) == game.side_of(rules, 0):  # the engine says who plays with whom
        where = t(lang, "join_as_partner", host=host)
    else:
        where = t(lang, "join_as_opponent_team" if game.teams(rules) else "join_as_opponent", host=host)
    return render(
        request,
        "join.html",
        lang,
        status=status,
        lead=t(
            lang,
            "join_lead",
            host=host,
            game=web_game(loaded.match.game).title(lang),
            n=digits(seating.players, lang),
        ),
        where=where,
        taken=taken,
        message=t(lang, message) if message else "",
        name=request.session.get(NAME_KEY, ""),
        name_length=NAME_LENGTH,
        commitment=commitment_of(loaded.match) or "",
    )


def refused_join(request: Request, match_id: str, code: str, lang: str, key: str, status: int) -> Response:
    """A refused invite form (a blank name, say): the invite's page again, with the reason, so
    the person can try again; the error page if the invite names no seat."""
    service = get_service(request)
    try:
        match, seat = service.invited(match_id, code)
    except NotFound:
        return error_page(request, lang, "msg_not_found", 404)
    loaded = service.load(match_id, service.secret_of(match, CREATOR))
    return _join_page(request, lang, loaded, seat, status=status, message=key)


@router.get("/m/{match_id}/join/{code}")
def show_invite(request: Request, match_id: str, code: str, lang: Lang, service: Service) -> Response:
    match, seat = service.invited(match_id, code)
    loaded = service.load(match_id, service.secret_of(match, CREATOR))
    if _held(request, match_id, seat):  # this browser took it: its table
        return RedirectResponse(urls(match_id, service.secret_of(match, seat))["page"], status_code=303)
    taken = loaded.seats.claimed(seat)
    return _join_page(request, lang, loaded, seat, status=409 if taken else 200, taken=taken)


@router.post("/m/{match_id}/join/{code}")
def take_seat(
    request: Request, match_id: str, code: str, form: Annotated[JoinForm, Form()], lang: Lang, service: Service
) -> Response:
    match, seat = service.invited(match_id, code)
    if not _held(request, match_id, seat):
        person = person_to_be(request.session)
        match, seat = service.claim(match_id, code, form.name, person)
        remember(request, match_id, seat=seat, person=person)
        request.session[NAME_KEY] = form.name
    return RedirectResponse(urls(match_id, service.secret_of(match, seat))["page"], status_code=303)


@router.post("/m/{match_id}/{secret}/fill")
def fill_seats(request: Request, match_id: str, secret: str, service: Service, lang: Lang) -> Response:
    """The creator starts without the people not come yet: computers take their seats."""
    loaded = service.fill(match_id, secret)
    return answer(request, service, loaded, lang)


class PhraseForm(FormModel):
    """A quick phrase to the others at the table: one of a fixed list, never free text."""

    phrase: Literal[PHRASES]  # type: ignore[valid-type]


@router.post("/m/{match_id}/{secret}/say")
def say(
    request: Request, match_id: str, secret: str, form: Annotated[PhraseForm, Form()], service: Service, lang: Lang
) -> Response:
    """A quick phrase, shown beside the sayer's seat on every table for a few seconds."""
    return answer(request, service, service.say(match_id, secret, form.phrase), lang)
