"""What every page shares: the templates, `render()` (a fragment to HTMX, else the whole page),
the player's language, and the dependencies routes declare (the service, the loaded match).

A request with `HX-Request: true` gets the template's fragment blocks (`FRAGMENTS`); any other
gets the whole page. Every page answers `Vary: HX-Request, Cookie` and `Cache-Control:
no-store`, and its header links to the same page in the other language (`?lang=`), which
also sets the `lang` cookie.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace
from typing import Annotated, Any, cast

from fastapi import Depends, Request
from fastapi.responses import Response
from jinja2 import Environment, FileSystemLoader, Template, pass_context, select_autoescape
from jinja2.environment import TemplateModule
from jinja2.runtime import Context
from jinja2_fragments.fastapi import Jinja2Blocks
from markupsafe import Markup

from .i18n import LANGS, catalog, digits, t
from .service import MatchService
from .settings import ROOT, Settings
from .table import Table
from .wire import assets_for


class ImportedOnce(Template):
    """A template whose `{% from … import … %}` costs a subset test in C. Jinja checks on each
    import whether the importing page has globals the macro file lacks, as `set - ChainMap.keys()`:
    Python then asks the ChainMap for every global, one by one (a table's render imports half a
    dozen files: a few percent of a move's CPU). The file's global names are kept instead."""

    def _get_default_module(self, ctx: Context | None = None) -> TemplateModule:
        if ctx is not None:
            names = self.__dict__.get("global_names")
            if names is None:  # the file's globals, once (one added later only takes the slow way)
                names = self.__dict__["global_names"] = frozenset(self.globals)
            if ctx.globals_keys <= names:
                ctx = None  # no global of the page's that the file lacks: its module built once
        return super()._get_default_module(ctx)


class Dedented(FileSystemLoader):
    """The template files without the white space HTML does not show: every line's indentation,
    and the line break after a line that holds only tags that write nothing themselves (`{% if
    %}`, `{% for %}`, `{% endif %}`...). HTML collapses a run of spaces and line breaks into one
    space, and a line break always stays where there was one (the line before a tag-only line
    ends with its own), so a page is drawn the same; no template indents the text of a <pre> or
    a <textarea>. A table's fragment, sent with every move, is smaller before compression and
    after, at no cost per answer: this is done once, as a template is compiled."""

    INDENT = re.compile(r"^[ \t]+", re.MULTILINE)
    SILENT = "if|elif|else|endif|for|endfor|set|endset|from|import|macro|endmacro|block|endblock|extends|with|endwith"
    TAG = rf"\{{%-?\s*(?:{SILENT})\b(?:[^%\n]|%(?!\}}))*%\}}|\{{#(?:[^#\n]|#(?!\}}))*#\}}"
    TAGS_ONLY = re.compile(rf"^((?:{TAG})+)\n", re.MULTILINE)  # tags that write nothing themselves

    @classmethod
    def dedent(cls, source: str) -> str:
        """A template's text without that white space.

        >>> Dedented.dedent("<p>a\\n  {% if b %}\\n  <i>b</i>\\n  {% endif %}\\nc</p>")
        '<p>a\\n{% if b %}<i>b</i>\\n{% endif %}c</p>'
        """
        return cls.TAGS_ONLY.sub(r"\1", cls.INDENT.sub("", source))

    def get_source(self, environment: Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        source, filename, uptodate = super().get_source(environment, template)
        return self.dedent(source), filename, uptodate


# Templates are compiled once per process: `auto_reload=False` spares a stat of every template
# file on every render (uvicorn's --reload starts a new process anyway).
LOADER = Dedented(ROOT / "templates")  # `serve_templates` adds a game's own folder
ENVIRONMENT = Environment(
    loader=LOADER, autoescape=select_autoescape(), auto_reload=False, extensions=["jinja2.ext.i18n"]
)
ENVIRONMENT.template_class = ImportedOnce
templates = Jinja2Blocks(env=ENVIRONMENT)


def compile_templates() -> None:
    """Compile every template now, once per process (a template compiled stays in the
    environment's cache, which holds them all): compiling them as the first requests ask cost
    those requests some 0.4 s of CPU between them (a table's first move and its answer, 0.15 s)."""
    for name in ENVIRONMENT.list_templates(filter_func=lambda name: name.endswith(".html")):
        ENVIRONMENT.get_template(name)


# The blocks HTMX swaps in, per template; a template not listed here is always a whole page.
FRAGMENTS = {
    "chaharbargh/match.html": ["game", "announce_oob"],  # the table, and the live-region text out of band
    "allfours/match.html": ["game", "announce_oob"],  # All Fours' table, the same way
    "chaharbargh/lesson.html": ["lesson"],
    "error.html": ["content"],
}


def serve_templates(folder: Path, fragments: dict[str, list[str]]) -> None:
    """Look for templates in `folder` too (after the site's own), with the blocks HTMX swaps in
    for each of its templates: a game defined outside the app brings its pages this way."""
    if str(folder) not in LOADER.searchpath:
        LOADER.searchpath.append(str(folder))
    FRAGMENTS.update(fragments)


LANG_COOKIE_AGE = 365 * 24 * 3600
CARD_ART = "cards.svg"  # under static/: the court figures and the back, as SVG symbols


# The language being rendered, for the macros of the templates a page imports: they are
# imported without the page's context, so that Jinja builds each macro file once per process
# instead of once per render (a table imported a dozen: a fifth of a move's CPU). Their words
# and digits come through here; `render` sets it around each render.
RENDERING: ContextVar[str] = ContextVar("rendering", default="fa")


@contextmanager
def rendering(lang: str) -> Iterator[None]:
    """Render in `lang`: what the imported macros' `_()` and `digits` say, for the time of the block."""
    token = RENDERING.set(lang)
    try:
        yield
    finally:
        RENDERING.reset(token)


def _gettext(message: str) -> str:
    return catalog(RENDERING.get()).gettext(message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    return catalog(RENDERING.get()).ngettext(singular, plural, n)


@pass_context
def _digits(context: Context, value: object) -> str:
    return digits(value, context.get("lang") or RENDERING.get())


@lru_cache(maxsize=4096)
def _face_picture(index: str, symbol: str, color: str, court: bool, suit: str, label: str) -> Markup:
    card = SimpleNamespace(index=index, symbol=symbol, color=color, face=court)
    macros: Any = templates.env.get_template("_cards.html").module  # a template's macros are its module's attributes
    return Markup(macros.face_picture(card, label, suit))


def _face(card: Any, label: str = "") -> Markup:
    """`face(c, label)`: a card's picture (`_cards.html`, `face_picture`), made once per card and
    spoken label and then reused: a table shows a dozen, each some twenty template expressions."""
    return _face_picture(card.index, card.symbol, card.color, card.face, card.code[-1], label)


def _static_url(name: str) -> str:
    """`static_url('app.css')`: the file's address with its content hash (app/wire.py), from
    the folder the app serves (`app/main.py`), read once; a plain function, since the macros
    that load scripts are imported without the page's context."""
    return assets_for(ROOT / "static").url(name)


@lru_cache(maxsize=1)
def _card_art() -> str:
    """`card_art()`: the address of the court figures and the back (static/cards.svg), hashed:
    the card macros are also rendered outside any request (`_face_picture` above)."""
    return _static_url(CARD_ART)


# Jinja's i18n extension gives templates `_`, `gettext`, `ngettext` and `{% trans %}`. `render`
# puts the page language's catalog functions themselves in the context under those names: a
# template's `_("start")` is then one call, where callables that look the language up in the
# context took three (the table's fragment says about twenty words). The macro files a page
# imports, without its context, find the same names among the globals, in `RENDERING`'s language.
templates.env.filters["digits"] = _digits
templates.env.globals["static_url"] = _static_url
templates.env.globals["face"] = _face
templates.env.globals["card_art"] = _card_art
templates.env.globals.update(_=_gettext, gettext=_gettext, ngettext=_ngettext)


# --- the request ----------------------------------------------------------------------------


def lang_of(request: Request) -> str:
    """`?lang=` if given, else the `lang` cookie, else Persian."""
    wanted = request.query_params.get("lang") or request.cookies.get("lang")
    return wanted if wanted in LANGS else "fa"


def other_lang(lang: str) -> str:
    return "en" if lang == "fa" else "fa"


def is_htmx(request: Request) -> bool:
    return request.headers.get("HX-Request") == "true"


def get_settings(request: Request) -> Settings:
    return cast(Settings, request.app.state.settings)


def get_service(request: Request) -> MatchService:
    return cast(MatchService, request.app.state.service)


# Dependencies. FastAPI runs a plain `def` in its threadpool: right for `load_match` (it reads
# the database), a needless hop for reading a header or an attribute, so those two are `async`.


async def current_lang(request: Request) -> str:
    return lang_of(request)


async def current_service(request: Request) -> MatchService:
    return get_service(request)


Lang = Annotated[str, Depends(current_lang)]
Service = Annotated[MatchService, Depends(current_service)]


def load_match(match_id: str, secret: str, service: Service) -> Table:
    """The match named by the path (`/m/{match_id}/{secret}`); `NotFound` (404) for a wrong id or secret."""
    return service.load(match_id, secret)


LoadedMatch = Annotated[Table, Depends(load_match)]


# --- the answer -----------------------------------------------------------------------------


def page_context(lang: str, address: str, **values: object) -> dict[str, object]:
    """What every template is given: the language, its words (`_`), the direction, the link to
    `address` in the other language, and `values`."""
    words = catalog(lang)
    return {
        "lang": lang,
        "_": words.gettext,
        "gettext": words.gettext,
        "ngettext": words.ngettext,
        "dir": "rtl" if lang == "fa" else "ltr",
        "lang_url": address + ("&" if "?" in address else "?") + "lang=" + other_lang(lang),
        **values,
    }


def render(
    request: Request, template: str, lang: str, *, status: int = 200, address: str | None = None, **values: object
) -> Response:
    """`template` in `lang`: its fragment blocks to HTMX, the whole page otherwise.

    `address` is the page the language switch reloads in the other language (default: this
    request's path); `values` go to the template beside `lang`, `dir` and `lang_url`; templates say words with `_()`.
    """
    context = page_context(lang, address or request.url.path, **values)
    blocks = FRAGMENTS.get(template, []) if is_htmx(request) else []
    with rendering(lang):
        response = templates.TemplateResponse(request, template, context, status_code=status, block_names=blocks)
    response.headers["Vary"] = "HX-Request, Cookie"
    response.headers["Cache-Control"] = "no-store"
    if request.query_params.get("lang") in LANGS:  # the language switch: remember the choice
        secure = get_settings(request).https_only
        response.set_cookie("lang", lang, max_age=LANG_COOKIE_AGE, samesite="lax", secure=secure)
    return response


def error_page(request: Request, lang: str, key: str, status: int, both: bool = False) -> Response:
    """The error page with the message `key`; `both` adds the message in the other language
    too, for answers that may reach a person whose language cookie was not sent (a refused
    cross-site request, an HTTP error outside the routes)."""
    values: dict[str, object] = {"message": t(lang, key)}
    if both:
        other = other_lang(lang)
        values.update(other_lang=other, other_dir="rtl" if other == "fa" else "ltr", other_message=t(other, key))
    return render(request, "error.html", lang, status=status, address="/", **values)
