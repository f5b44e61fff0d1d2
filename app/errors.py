"""Every refusal answered in one place, in the player's language and never as JSON.

`install(app)` registers the handlers. A refused request is answered with the page it was
about, with the reason as its message:

- a refusal by the service or the selection (`Refused`, with its reason and status: 400, 409,
  404, 429 with `Retry-After`), a move any game's engine refuses (`engine.errors.IllegalMove`:
  its reason, 400), a form or query that does not fit its model (`RequestValidationError`: the
  model's `refusal`, 400) or a body that cannot be parsed as a form (400, "garbage");
- on a match's address the table as it is (404 if there is no such match), on a lesson's the
  lesson, on a passkey's form `/me`, elsewhere the error page;
- no such match or secret (`NotFound`): the error page, 404;
- any other HTTP error (404 no such page, 405): the error page in both languages, as the
  answers of the security middleware (403 cross-site, 413) are (`refusal`).

The handlers are plain functions: Starlette runs them in its threadpool, so loading the match
for its table never blocks the event loop.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException
from starlette.responses import Response

from engine.errors import IllegalMove

from .forms import refusal_of
from .refusals import NotFound, Refused
from .routes.learn import refused_lesson
from .routes.me import refused_me
from .routes.seats import refused_join
from .routes.table import refused_table
from .security import TooLarge
from .web import error_page, lang_of

HTTP_ERRORS = {404: "msg_no_page", 405: "msg_method"}  # other HTTP errors say "garbage"


def refusal(request: Request, key: str, status: int) -> Response:
    """The error page for an answer made outside the routes (403 cross-site, 413, 404, 405): in
    the player's language and the other one, and without setting any cookie."""
    response = error_page(request, lang_of(request), key, status, both=True)
    del response.headers["set-cookie"]
    return response


def refused_page(request: Request, key: str, status: int) -> Response:
    """The page a refused request is answered with: the table of the match in its address, the
    lesson in its address, else the error page; `key` is the message."""
    lang, params = lang_of(request), request.path_params
    if "match_id" in params and "secret" in params:
        return refused_table(request, params["match_id"], params["secret"], lang, key, status)
    if "key" in params and request.url.path.startswith("/learn/"):
        return refused_lesson(request, lang, key, status)
    if "code" in params and "/join/" in request.url.path:
        return refused_join(request, params["match_id"], params["code"], lang, key, status)
    if request.url.path.startswith(("/me/passkeys", "/signin")):
        return refused_me(request, lang, key, status)
    return error_page(request, lang, key, status)


def refused(request: Request, error: Exception) -> Response:
    """A refusal by the service, the engine or a form model, on the page it is about."""
    if isinstance(error, Refused):
        response = refused_page(request, f"msg_{error.reason}", error.status)
        if error.retry_after is not None:
            response.headers["Retry-After"] = str(error.retry_after)
        return response
    if isinstance(error, IllegalMove):
        return refused_page(request, f"msg_{error.reason!s}", 400)
    if isinstance(error, RequestValidationError):
        return refused_page(request, f"msg_{refusal_of(list(error.errors()))}", 400)
    raise error


def not_found(request: Request, error: Exception) -> Response:
    return error_page(request, lang_of(request), "msg_not_found", 404)


def http_error(request: Request, error: Exception) -> Response:
    """404, 405 and the like as the error page. A 400 is FastAPI failing to read a form."""
    assert isinstance(error, HTTPException)
    if isinstance(error.__cause__, TooLarge):
        raise error.__cause__  # the body grew past the limit while the form was read: BodyLimit answers 413
    if error.status_code == 400:
        return refused_page(request, "msg_garbage", 400)
    response = refusal(request, HTTP_ERRORS.get(error.status_code, "msg_garbage"), error.status_code)
    response.headers.update(error.headers or {})
    return response


def install(app: FastAPI) -> None:
    for kind in (Refused, IllegalMove, RequestValidationError):
        app.add_exception_handler(kind, refused)
    app.add_exception_handler(NotFound, not_found)
    app.add_exception_handler(HTTPException, http_error)
