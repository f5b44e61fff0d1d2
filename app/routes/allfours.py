"""All Fours at the web table: its move form, its table and record, and its rules page.

An All Fours match shares the Chaharbargh table's address space (`/m/{id}/{secret}`): the page,
`/computer`, `/next` and `/record.json` are the same routes (app/routes/play.py), which hand an
All Fours match to `render_table` and `record_response` here. Only the move has its own form,
`POST /m/{id}/{secret}/allfours` with `ply` and `move` (the engine's move text: `stand`, `beg`,
`one`, `run` or a card code), because a Chaharbargh move is a card with the cards it takes.
"""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import JSONResponse, Response
from pydantic import Field

from engine.allfours import Move, record

from ..allfours_views import table_view
from ..forms import PlyForm
from ..i18n import t
from ..service import Loaded, Refused
from ..web import Lang, Service, get_settings, render

router = APIRouter()


class AllFoursMoveForm(PlyForm):
    """A move at the All Fours table: a decision's name or a card code (the engine parses it)."""

    move: Annotated[str, Field(min_length=1, max_length=8)]

    @property
    def parsed(self) -> Move:
        try:
            return Move.parse(self.move)
        except ValueError:
            raise Refused("garbage") from None


def render_table(
    request: Request, loaded: Loaded, lang: str, message: str | None = None, status: int = 200
) -> Response:
    """The All Fours table as the person's seat sees it, with `message` (a message key) if any."""
    tv = table_view(loaded, lang, message, get_settings(request).computer_delay_ms)
    return render(request, "allfours_match.html", lang, status=status, address=tv.urls["page"], tv=tv)


def record_response(loaded: Loaded) -> Response:
    """The finished match's record (`allfours-record/1`), as a download."""
    computer = t("en", "seat_computer", level=loaded.match.level)
    seats = [t("en", "seat_you")] + [computer] * (loaded.state.players - 1)
    data = record(loaded.state, seats=seats)
    return JSONResponse(
        json.loads(json.dumps(data)),
        headers={"Content-Disposition": f'attachment; filename="allfours-{loaded.match.id}.json"'},
    )


@router.post("/m/{match_id}/{secret}/allfours")
def play_move(
    request: Request,
    match_id: str,
    secret: str,
    form: Annotated[AllFoursMoveForm, Form()],
    service: Service,
    lang: Lang,
) -> Response:
    from .play import answer  # play.py imports this module for its table

    loaded = service.play(match_id, secret, form.ply, form.parsed)
    return answer(request, service, loaded, lang, unchanged="msg_already", computer_after=True)


@router.get("/rules/allfours")
def show_rules(request: Request, lang: Lang) -> Response:
    return render(request, "allfours_rules.html", lang, current="rules")
