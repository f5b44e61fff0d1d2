"""The review of a finished match by the pro: `GET /m/{id}/{secret}/review`.

The first visit asks for the review (a job in the database, app/reviews.py) on behalf of this
browser's person and client address; while it waits the page says how many reviews are before
it, while it is made it shows a `<progress>`, and htmx asks for the page again every second
(`#review`, selected from the page); once it is done, the review. A person or an address with
too many reviews waiting is told to come back when one is done (429, nothing stored). Only a
finished match is reviewed (the review of a match in play would tell the worth of hidden
cards): otherwise 409.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ..games import web_game
from ..limits import client_of
from ..review_view import busy_view, review_view
from ..reviews import Reviews, TooManyReviews, reviewable
from ..sessions import person_of
from ..web import Lang, LoadedMatch, error_page, render

router = APIRouter()
RETRY_AFTER = 60  # seconds: about a review's length, when one of the person's may be done


@router.get("/m/{match_id}/{secret}/review")
def review_page(request: Request, loaded: LoadedMatch, lang: Lang) -> Response:
    if not reviewable(loaded):
        return error_page(request, lang, "msg_review_unavailable", 409)
    reviews: Reviews = request.app.state.reviews
    web = web_game(loaded.match.game)
    try:
        review = reviews.ask(loaded, person=person_of(request.session), address=client_of(request.scope))
    except TooManyReviews as busy:
        response = render(request, "review.html", lang, status=429, rv=busy_view(loaded, busy, lang, web.title(lang)))
        response.headers["Retry-After"] = str(RETRY_AFTER)
        return response
    ahead = reviews.ahead(review) if review.status == "waiting" else None
    view = review_view(loaded, review, lang, web.move_words, web.title(lang), web.lays, ahead=ahead)
    return render(request, "review.html", lang, rv=view)
