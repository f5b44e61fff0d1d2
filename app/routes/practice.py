"""Free practice: starting a round, and taking a move back before the computer answers.

A practice is a match row with `mode = "practice"`, so its table, moves and hints are served by
app/routes/play.py like a match's (`?hint=1` there).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from ..common_views import urls
from ..forms import PlyForm, PracticeOptions
from ..sessions import person_to_be
from ..web import Lang, Service, is_htmx
from .home import remember
from .table import answer

router = APIRouter()


@router.post("/practice")
def create_practice(request: Request, options: Annotated[PracticeOptions, Form()], service: Service) -> Response:
    """A free-practice round. From the table's "another round" button (HTMX) the browser is sent
    to the new round's page with `HX-Redirect`, so its address is the new round's."""
    person = person_to_be(request.session)
    match = service.create_practice(options.level, person=person)
    remember(request, match.id, practice=True, person=person)
    page = urls(match.id, match.secret)["page"]
    if is_htmx(request):
        return Response(status_code=204, headers={"HX-Redirect": page})
    return RedirectResponse(page, status_code=303)


@router.post("/m/{match_id}/{secret}/undo")
def undo_move(
    request: Request, match_id: str, secret: str, form: Annotated[PlyForm, Form()], service: Service, lang: Lang
) -> Response:
    """Take back the last move before the computer answers (a replayed undo says the same: it is done)."""
    loaded = service.undo(match_id, secret, form.ply, form.undos)
    return answer(request, service, loaded, lang, message="msg_undone")
