"""Practising one's mistakes (app/mistakes.py): `GET /m/{id}/{secret}/mistakes?ply=N` shows a
mistake of the match's finished review from the position before it, as the seat saw it, with
every legal move as the table's own form; `POST /m/{id}/{secret}/mistakes/{ply}` judges an
answer by the review's stored values (passed: solved for this browser's person); `&show=1`
shows the pro's move. `GET /me/mistakes` lists the person's unsolved mistakes of every
reviewed match. All of it works without JavaScript: plain links and forms.
"""

from __future__ import annotations

from typing import cast

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ..games import practice_of, titles, web_game
from ..i18n import t
from ..mistakes import Judged, Mistake, judge, mistakes_in, queue, solve, solved
from ..mistakes_view import practice_view, queue_view
from ..people import People
from ..reviews import Reviews, reviewable
from ..sessions import known_person, person_of
from ..table import Table
from ..web import Lang, LoadedMatch, Service, error_page, render
from .learn import Fields

router = APIRouter()


def _mistakes(request: Request, loaded: Table) -> list[Mistake] | None:
    """The mistakes of the seat's finished review, or None when it has none done."""
    if not reviewable(loaded):
        return None
    review = cast(Reviews, request.app.state.reviews).find(loaded.match.id, loaded.seat)
    return None if review is None or review.status != "done" else mistakes_in(review)


def _page(
    request: Request,
    loaded: Table,
    service: Service,
    lang: str,
    ply: int | None,
    judged: Judged | None = None,
    shown: bool = False,
    status: int = 200,
    message: str = "",
) -> Response:
    practice = practice_of(loaded.match.game)
    found = _mistakes(request, loaded)
    if practice is None or found is None:
        return error_page(request, lang, "msg_mistakes_unavailable", 409)
    page = f"/m/{loaded.match.id}/{loaded.key}"
    done = solved(service.engine, person_of(request.session), [loaded.match.id])
    unsolved = [m for m in found if (m.match_id, m.seat, m.ply) not in done]
    chosen = next((m for m in found if m.ply == ply), None) if ply is not None else None
    chosen = chosen or next(iter(unsolved), None)
    if chosen is None:  # nothing (left) to practise in this match
        values = {"pv": None, "review_url": page + "/review", "had": bool(found)}
        return render(request, "mistakes_done.html", lang, status=status, address=page + "/mistakes", **values)
    state, at, total = service.state_at(loaded, chosen.ply)
    web = web_game(loaded.match.game)
    answers = practice.answers(list(chosen.values), lang)
    pv = practice_view(page, chosen, unsolved, answers, lang, web.move_words, judged, shown)
    if message:  # a form that names no move legal there: the position again, with why
        pv.outcome, pv.outcome_words = "invalid", t(lang, message)
    rv = practice.seen(loaded, state, at, total, lang)
    address = f"{page}/mistakes?ply={chosen.ply}"
    return render(request, practice.TEMPLATE, lang, status=status, address=address, frame="_mistake.html", pv=pv, rv=rv)


@router.get("/m/{match_id}/{secret}/mistakes")
def practise(
    request: Request, loaded: LoadedMatch, lang: Lang, service: Service, ply: int | None = None, show: bool = False
) -> Response:
    return _page(request, loaded, service, lang, ply, shown=show)


@router.post("/m/{match_id}/{secret}/mistakes/{ply}")
def answer(request: Request, loaded: LoadedMatch, lang: Lang, service: Service, ply: int, form: Fields) -> Response:
    """An answer to the mistake at `ply`: passed (and solved) within the good band of the pro's
    values, else refused with what it gives away; 400 for a form that names no legal move."""
    practice = practice_of(loaded.match.game)
    found = _mistakes(request, loaded)
    mistake = next((m for m in found or [] if m.ply == ply), None)
    if practice is None or mistake is None:
        return error_page(request, lang, "msg_mistakes_unavailable", 409 if found is None else 404)
    move = practice.move_of(form)
    judged = judge(mistake, move, practice.BANDS) if move is not None else None
    if judged is None:
        return _page(request, loaded, service, lang, ply, status=400, message="msg_garbage")
    if judged.passed:
        solve(service.engine, person_of(request.session), mistake, service.clock())
    return _page(request, loaded, service, lang, ply, judged=judged)


@router.get("/me/mistakes")
def my_mistakes(request: Request, lang: Lang, service: Service) -> Response:
    person = known_person(request.session)
    rows = []
    if person is not None:
        seats = cast(People, request.app.state.people).seats(person)
        for match, mistake in queue(service.engine, person, [(m, s) for m, s, _ in seats]):
            rows.append((match, mistake, f"/m/{match.id}/{service.secret_of(match, mistake.seat)}"))
    view = queue_view(rows, titles(lang), lang)
    return render(request, "me_mistakes.html", lang, address="/me/mistakes", current="me", qv=view)
