"""The people a person played with and their own data, from `/me`: "invite again" (a new table
with the same people, app/invitations.py), the export of everything about them
(`GET /me/export`) and deleting them (`GET /me/delete` asks, `POST /me/delete` does it;
app/your_data.py says what is deleted and what anonymised)."""

from __future__ import annotations

import json
from typing import Annotated, Any, cast

from fastapi import APIRouter, Form, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from ..forms import FormModel
from ..i18n import t
from ..invitations import Invitations, invite_again
from ..refusals import NotFound
from ..sessions import known_person
from ..summary import Listed
from ..web import Lang, Service, render
from ..your_data import forget, rows_of
from .home import remember
from .me import people_of
from .play import finished_record

router = APIRouter()
EXPORT_FORMAT = "chaharbargh-person"  # what the export's first key says it is


def invitations_of(request: Request) -> Invitations:
    return cast(Invitations, request.app.state.invitations)


class AgainForm(FormModel):
    """ "Invite again": the match whose people are invited (one the asker sat at)."""

    match: str


@router.post("/me/invite-again")
def again(request: Request, form: Annotated[AgainForm, Form()], service: Service) -> Response:
    """A new table like that match's with its people invited; the asker is sent to it."""
    person = known_person(request.session)
    seat = None
    if person is not None:
        seat = next((s for m, s, _ in people_of(request).seats(person) if m == form.match), None)
    if person is None or seat is None:
        raise NotFound(form.match)
    [item] = service.listed([(form.match, seat)])
    made = invite_again(service, invitations_of(request), item, person)
    remember(request, made.id, person=person)
    return RedirectResponse(f"/m/{made.id}/{made.secret}", status_code=303)


def _match(service: Any, item: Listed) -> dict[str, Any]:
    """One match as the export gives it: its row's summary, and the record of a finished one
    (the one `/m/{id}/{secret}/record.json` serves). A match in play gives only its summary:
    its record would show the seeds and every hidden card. No address: a file kept or passed on
    must not open a seat (the lists on `/me` give them)."""
    match = item.match
    entry: dict[str, Any] = {
        "id": match.id,
        "game": match.game,
        "mode": match.mode,
        "seat": item.seat,
        "side": item.side,
        "status": match.status,
        "result": item.result,
        "totals": list(item.totals),
        "rules": json.loads(match.rules),
        "level": match.level,
        "casual": match.casual,
        "created_at": match.created_at.isoformat(),
        "finished_at": match.finished_at.isoformat() if match.finished_at else None,
    }
    if item.over:
        loaded = service.load(match.id, item.key)
        if loaded.game.winner(loaded.state) is not None:  # as the record's own route asks
            entry["record"] = finished_record(loaded)
    return entry


@router.get("/me/export")
def export(request: Request, service: Service) -> Response:
    """Everything about this browser's person, as a JSON download never kept by a cache."""
    person = known_person(request.session)
    seats = [] if person is None else [(m, s) for m, s, _ in people_of(request).seats(person)]
    data: dict[str, Any] = {"format": EXPORT_FORMAT, "version": 1, "exported_at": service.clock().isoformat()}
    if person is not None:
        data |= rows_of(service.engine, person, seats)
        data["matches"] = [_match(service, item) for item in service.listed(seats)]
    return JSONResponse(
        data,
        headers={"Content-Disposition": 'attachment; filename="chaharbargh-me.json"', "Cache-Control": "no-store"},
    )


class DeleteForm(FormModel):
    """Deleting oneself: only with the box ticked that says what it does."""

    confirm: bool = False


def _delete_page(request: Request, lang: str, status: int = 200, message: str = "") -> Response:
    return render(request, "delete_me.html", lang, status=status, address="/me/delete", message=message)


@router.get("/me/delete")
def ask_delete(request: Request, lang: Lang) -> Response:
    """What deleting oneself does, and the form that does it."""
    return _delete_page(request, lang)


@router.post("/me/delete")
def delete_me(request: Request, form: Annotated[DeleteForm, Form()], lang: Lang, service: Service) -> Response:
    """Delete this browser's person (unless the box is unticked: the page again, with why), then
    empty the browser's cookie: it names nobody and lists nothing."""
    if not form.confirm:
        return _delete_page(request, lang, status=400, message=t(lang, "delete_unconfirmed"))
    person = known_person(request.session)
    if person is not None:
        forget(service.engine, person)
    request.session.clear()
    return RedirectResponse("/me?done=deleted", status_code=303)
