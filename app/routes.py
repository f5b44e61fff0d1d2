"""Routes: parse the request, call the service, render a page or an HTMX fragment.

A request with the `HX-Request` header gets the `game` block of the table page (plus the
live-region text out of band); any other request gets the whole page, and a successful POST
answers 303 to the table's address so the table works without JavaScript.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from fastapi import APIRouter, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from jinja2 import pass_context
from jinja2_fragments import render_block
from starlette.datastructures import FormData
from starlette.requests import ClientDisconnect

from engine import Move, Observation, observation, record

from .i18n import LANGS, TEXT, digits, t
from .security import TooLarge
from .service import HUMAN, LEVELS, PRESETS, TARGETS, Loaded, MatchService, NotFound, Refused, parse_move
from .settings import ROOT
from .views import Selection, add_hints, saved_matches, select, table_view, urls

router = APIRouter()
templates = Jinja2Templates(directory=ROOT / "templates")


@pass_context
def _digits(context, value: object) -> str:
    return digits(value, context.get("lang", "fa"))


templates.env.filters["digits"] = _digits

MAX_SAVED = 30
MAX_PRACTICE = 3


def service(request: Request) -> MatchService:
    return request.app.state.service


def lang_of(request: Request) -> str:
    """`?lang=` if given, else the `lang` cookie, else Persian."""
    wanted = request.query_params.get("lang") or request.cookies.get("lang")
    return wanted if wanted in LANGS else "fa"


def is_htmx(request: Request) -> bool:
    return request.headers.get("HX-Request") == "true"


def _finish(request: Request, response: Response, lang: str) -> Response:
    response.headers["Vary"] = "HX-Request, Cookie"
    response.headers["Cache-Control"] = "no-store"
    if request.query_params.get("lang") in LANGS:
        secure = request.app.state.settings.https_only
        response.set_cookie("lang", lang, max_age=365 * 24 * 3600, samesite="lax", secure=secure)
    return response


def _remember(request: Request, match_id: str, practice: bool = False) -> None:
    """Add a match id to this browser's signed session cookie (ids only, never cards or seeds).

    Practice rounds have a short list of their own, so they never push a match out of the list.
    """
    key, keep = ("practice", MAX_PRACTICE) if practice else ("matches", MAX_SAVED)
    ids = [i for i in request.session.get(key, []) if i != match_id]
    request.session[key] = [match_id, *ids][:keep]


def _context(lang: str, **values) -> dict:
    return {"lang": lang, "dir": "rtl" if lang == "fa" else "ltr", "T": TEXT[lang], **values}


def render_table(
    request: Request,
    loaded: Loaded,
    lang: str,
    sel: Selection | None = None,
    message: str | None = None,
    status: int = 200,
    hints: dict[Move, float] | None = None,
) -> Response:
    """The table: the `game` block for HTMX, else the whole page."""
    settings = request.app.state.settings
    delay = settings.practice_delay_ms if loaded.practice else settings.computer_delay_ms
    tv = table_view(loaded, lang, sel, message, delay)
    if hints:
        add_hints(tv, hints, lang)
    ctx = _context(lang, tv=tv, lang_url=tv.urls["page"] + "?lang=" + ("en" if lang == "fa" else "fa"))
    if is_htmx(request):
        html = render_block(templates.env, "match.html", "game", ctx) + render_block(
            templates.env, "match.html", "announce_oob", ctx
        )
        response: Response = HTMLResponse(html, status_code=status)
    else:
        response = templates.TemplateResponse(request, "match.html", ctx, status_code=status)
    return _finish(request, response, lang)


def other_lang(lang: str) -> str:
    return "en" if lang == "fa" else "fa"


def render_error(request: Request, lang: str, key: str, status: int, both: bool = False) -> Response:
    """The error page with the message `key`; `both` adds the message in the other language
    too, for answers that may reach a person whose language cookie was not sent (a refused
    cross-site request, an HTTP error outside the routes)."""
    other = other_lang(lang)
    ctx = _context(lang, message=t(lang, key), lang_url="/?lang=" + other)
    if both:
        ctx.update(other_lang=other, other_dir="rtl" if other == "fa" else "ltr", other_message=t(other, key))
    if is_htmx(request):
        response: Response = HTMLResponse(render_block(templates.env, "error.html", "content", ctx), status)
    else:
        response = templates.TemplateResponse(request, "error.html", ctx, status_code=status)
    return _finish(request, response, lang)


async def read_form(request: Request) -> FormData | None:
    """The posted form, or None when it cannot be parsed.

    A body over the limit is not garbage but too large: `TooLarge` goes through to `BodyLimit`,
    which answers 413. When the parser gives up first (a field over 4 KiB, too many fields), the
    rest of the body is read (at most up to the limit) to tell the two apart.
    """
    try:
        return await request.form(max_files=0, max_fields=40, max_part_size=4096)
    except TooLarge:
        raise
    except Exception:
        try:
            async for _ in request.stream():
                pass
        except (RuntimeError, ClientDisconnect):  # RuntimeError: the parser had read it all
            pass
        return None


def _number(form: FormData | None, name: str) -> int:
    value = form.get(name) if form is not None else None
    if not isinstance(value, str) or not (value.isascii() and value.isdigit()) or len(value) > 6:
        raise Refused("garbage")
    return int(value)


def _ply(form: FormData | None) -> int:
    return _number(form, "ply")


def _undos(form: FormData | None) -> int | None:
    """The practice's undo count the form was made at (practice forms only carry it)."""
    return _number(form, "undos") if form is not None and "undos" in form else None


@router.get("/health")
def health() -> dict[str, str]:
    """For the container's healthcheck and load balancers."""
    return {"status": "ok"}


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> Response:
    lang = lang_of(request)
    ids = [i for key in ("matches", "practice") for i in request.session.get(key, []) if isinstance(i, str)]
    saved = saved_matches(service(request).listed(ids), lang)
    ctx = _context(
        lang,
        saved=saved,
        levels=[(lvl, t(lang, f"level_{lvl}")) for lvl in LEVELS],
        targets=[(n, digits(n, lang)) for n in TARGETS],
        presets=[(p, t(lang, f"preset_{p}")) for p in PRESETS],
        lang_url="/?lang=" + ("en" if lang == "fa" else "fa"),
    )
    return _finish(request, templates.TemplateResponse(request, "home.html", ctx), lang)


@router.get("/learn/restart", include_in_schema=False)
def restart_tutorial_address() -> Response:
    """Starting the tutorial again is a form (POST, in app/tutorial_page.py). Without this route a
    GET would be taken for a lesson named "restart" and answer 404; it is 405, saying what is allowed."""
    raise HTTPException(405, headers={"Allow": "POST"})


@router.post("/matches")
async def create_match(request: Request) -> Response:
    lang = lang_of(request)
    form = await read_form(request)
    try:
        if form is None:
            raise Refused("garbage")
        target = str(form.get("target", ""))
        match = await run_in_threadpool(
            service(request).create,
            str(form.get("level", "")),
            int(target) if target.isascii() and target.isdigit() and len(target) < 4 else 0,
            str(form.get("preset", "table")),
        )
    except Refused as refused:
        return render_error(request, lang, f"msg_{refused.reason}", refused.status)
    _remember(request, match.id)
    return RedirectResponse(urls(match.id, match.secret)["page"], status_code=303)


@router.post("/practice")
async def create_practice(request: Request) -> Response:
    """A free-practice round. From the table's "another round" button (HTMX) the browser is sent
    to the new round's page with `HX-Redirect`, so its address is the new round's."""
    lang = lang_of(request)
    form = await read_form(request)
    try:
        if form is None:
            raise Refused("garbage")
        match = await run_in_threadpool(service(request).create_practice, str(form.get("level", "")))
    except Refused as refused:
        return render_error(request, lang, f"msg_{refused.reason}", refused.status)
    _remember(request, match.id, practice=True)
    page = urls(match.id, match.secret)["page"]
    if is_htmx(request):
        return Response(status_code=204, headers={"HX-Redirect": page})
    return RedirectResponse(page, status_code=303)


@router.get("/m/{match_id}/{secret}")
def show_match(request: Request, match_id: str, secret: str) -> Response:
    lang = lang_of(request)
    try:
        loaded = service(request).load(match_id, secret)
    except NotFound:
        return render_error(request, lang, "msg_not_found", 404)
    _remember(request, match_id, practice=loaded.practice)
    q = request.query_params
    try:
        sel = select(
            observation_of(loaded),
            q.get("card"),
            q.getlist("take"),
            q.get("select"),
            q.get("toggle"),
        ) if loaded.human_to_play else Selection()
    except Refused as refused:
        return render_table(request, loaded, lang, message=f"msg_{refused.reason}", status=refused.status)
    hints = None
    if q.get("hint") == "1" and loaded.practice and loaded.human_to_play:
        hints = service(request).hints(loaded)
    return render_table(request, loaded, lang, sel, hints=hints)


def observation_of(loaded: Loaded) -> Observation:
    return observation(loaded.state, HUMAN)


def _answer(
    request: Request,
    match_id: str,
    secret: str,
    lang: str,
    act: Callable[[], Loaded],
    message: str | None = None,
    unchanged: str | None = None,
    computer_after: bool = False,
) -> Response:
    """Run one table action and answer it the same way for every form.

    An unknown match is 404 and a refusal shows the table with its reason; `unchanged` is the
    message for a request that changed nothing (a replay). HTMX gets the table (with `message`);
    without JavaScript the answer is a 303 to the table, after the computer's move when
    `computer_after` (in practice a button asks for it, so the move can still be taken back).
    """
    try:
        loaded = act()
    except NotFound:
        return render_error(request, lang, "msg_not_found", 404)
    except Refused as refused:
        return _refused(request, match_id, secret, lang, refused)
    if unchanged and not loaded.changed:
        return render_table(request, loaded, lang, message=unchanged)
    if is_htmx(request):
        return render_table(request, loaded, lang, message=message)
    if computer_after and loaded.computer_to_play and not loaded.practice:
        service(request).computer(match_id, secret, loaded.ply)
    return RedirectResponse(urls(match_id, secret)["page"], status_code=303)


def _move(request: Request, match_id: str, secret: str, form: FormData | None, lang: str) -> Response:
    def act() -> Loaded:
        ply = _ply(form)
        card = form.get("card") if form is not None else None
        takes = [str(x) for x in form.getlist("take")] if form is not None else []
        if not isinstance(card, str):
            raise Refused("garbage")
        return service(request).play(match_id, secret, ply, parse_move(card, takes), _undos(form))

    return _answer(request, match_id, secret, lang, act, unchanged="msg_already", computer_after=True)


def _refused(request: Request, match_id: str, secret: str, lang: str, refused: Refused) -> Response:
    try:
        loaded = service(request).load(match_id, secret)
    except NotFound:
        return render_error(request, lang, "msg_not_found", 404)
    return render_table(request, loaded, lang, message=f"msg_{refused.reason}", status=refused.status)


@router.post("/m/{match_id}/{secret}/move")
async def play_move(request: Request, match_id: str, secret: str) -> Response:
    form = await read_form(request)
    return await run_in_threadpool(_move, request, match_id, secret, form, lang_of(request))


def _computer(request: Request, match_id: str, secret: str, form: FormData | None, lang: str) -> Response:
    return _answer(request, match_id, secret, lang, lambda: service(request).computer(match_id, secret, _ply(form)))


@router.post("/m/{match_id}/{secret}/computer")
async def computer_move(request: Request, match_id: str, secret: str) -> Response:
    form = await read_form(request)
    return await run_in_threadpool(_computer, request, match_id, secret, form, lang_of(request))


def _next(request: Request, match_id: str, secret: str, form: FormData | None, lang: str) -> Response:
    """A stale "next round" (another sheet's ply, or a sheet already closed) changes nothing and
    shows the table as it is; above all it never lets the computer move."""
    act = lambda: service(request).next_round(match_id, secret, _ply(form))  # noqa: E731
    return _answer(request, match_id, secret, lang, act, unchanged="msg_sheet_closed", computer_after=True)


@router.post("/m/{match_id}/{secret}/next")
async def next_round(request: Request, match_id: str, secret: str) -> Response:
    form = await read_form(request)
    return await run_in_threadpool(_next, request, match_id, secret, form, lang_of(request))


def _undo(request: Request, match_id: str, secret: str, form: FormData | None, lang: str) -> Response:
    act = lambda: service(request).undo(match_id, secret, _ply(form), _undos(form))  # noqa: E731
    return _answer(request, match_id, secret, lang, act, message="msg_undone")  # done now, or by the first click


@router.post("/m/{match_id}/{secret}/undo")
async def undo_move(request: Request, match_id: str, secret: str) -> Response:
    """Practice: take back the last move before the computer answers."""
    form = await read_form(request)
    return await run_in_threadpool(_undo, request, match_id, secret, form, lang_of(request))


@router.get("/m/{match_id}/{secret}/record.json")
def download_record(request: Request, match_id: str, secret: str) -> Response:
    """The game record, only once the match is over (an unfinished record reveals the seed)."""
    lang = lang_of(request)
    try:
        loaded = service(request).load(match_id, secret)
    except NotFound:
        return render_error(request, lang, "msg_not_found", 404)
    if not loaded.state.finished:
        return render_error(request, lang, "msg_record_unfinished", 409)
    seats = [t("en", "seat_you"), t("en", "seat_computer", level=loaded.match.level)]
    data = record(loaded.state, seats=seats)
    return JSONResponse(
        json.loads(json.dumps(data)),
        headers={"Content-Disposition": f'attachment; filename="chaharbargh-{match_id}.json"'},
    )
