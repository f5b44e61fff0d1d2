"""The review of a finished match by the pro (issue 27): `GET /m/{id}/{secret}/review`.

The first visit asks for the review (a job in the database, app/reviews.py); while it is made
the page shows a `<progress>` that htmx asks again every second (`#review`, selected from the
page), and once it is done, the review. Only a finished match is reviewed (the review of a match
in play would tell the worth of hidden cards): otherwise 409.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ..games import web_game
from ..review_view import review_view
from ..reviews import Reviews, reviewable
from ..web import Lang, LoadedMatch, error_page, render

router = APIRouter()


@router.get("/m/{match_id}/{secret}/review")
def review_page(request: Request, loaded: LoadedMatch, lang: Lang) -> Response:
    if not reviewable(loaded):
        return error_page(request, lang, "msg_review_unavailable", 409)
    reviews: Reviews = request.app.state.reviews
    web = web_game(loaded.match.game)
    view = review_view(loaded, reviews.ask(loaded), lang, web.move_words, web.title(lang), web.lays)
    return render(request, "review.html", lang, rv=view)
