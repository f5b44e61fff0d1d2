"""The web table's side of each game, and the one place that lists them: `web_game(name)`.

The engine's registry (`engine.games`) says what a game is; this one says how the table serves
it: how a match of it is created from the home form, its table page and the table that answers
an action, and its replay (its record is the engine's, one route for every game). The routes
(app/routes/) ask `web_game(match.game)` and never name a game; each game's web parts are its
module here. A game defined elsewhere (the tests' own) joins with `register`, beside
`engine.games.register`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from fastapi import Request
from fastapi.responses import Response

from ..forms import MatchOptions, SelectionQuery
from ..models import Match
from ..service import Loaded, MatchService
from ..web import serve_templates
from . import allfours, chaharbargh


class WebGame(Protocol):
    """What the routes need of one game's web parts (its `name` is the engine game's)."""

    name: str
    in_stats: bool  # whether the history's statistics (wins, margins, surs by level) count its matches

    def title(self, lang: str) -> str:
        """The game's name in `lang`, as the home form and the lists of matches show it."""
        ...

    def create(self, service: MatchService, options: MatchOptions) -> Match:
        """A new match from the home form's options; `Refused` (with the game's own words) if
        they do not fit the game."""
        ...

    def summary(self, options: MatchOptions, lang: str) -> list[str]:
        """What a match started with these options is, in a few short items (the quick start's)."""
        ...

    def page(self, request: Request, service: MatchService, loaded: Loaded, lang: str, q: SelectionQuery) -> Response:
        """The table page (GET), with what the address asks for (a selection, the pro's hints)."""
        ...

    def table(
        self, request: Request, loaded: Loaded, lang: str, message: str | None = None, status: int = 200
    ) -> Response:
        """The table as the person's seat sees it, with `message` (a message key): the answer to
        an action, or to a refused one."""
        ...

    def replay(self, request: Request, service: MatchService, loaded: Loaded, lang: str, ply: int) -> Response:
        """The finished match at `ply` (the route has checked that it is over)."""
        ...


_WEB: dict[str, WebGame] = {web.name: web for web in (chaharbargh.WEB, allfours.WEB)}


def web_game(name: str) -> WebGame:
    """The web parts of the game `name`; `LookupError` if it has none."""
    return _WEB[name]


def titles(lang: str) -> dict[str, str]:
    """Every served game's name in `lang`, by its registry name, in the order they are offered."""
    return {name: web.title(lang) for name, web in _WEB.items()}


def register(web: WebGame, templates: Path | None = None, fragments: dict[str, list[str]] | None = None) -> None:
    """Serve a game defined outside the app (its engine side registered with `engine.games`),
    with its own folder of templates and the blocks HTMX swaps in for them (`web.serve_templates`)."""
    if web.name in _WEB:
        raise ValueError(f"a game named {web.name!r} is served already")
    if templates is not None:
        serve_templates(templates, fragments or {})
    _WEB[web.name] = web


def unregister(name: str) -> None:
    """Stop serving a game `register` added (a test's game, after its test)."""
    if name not in (chaharbargh.WEB.name, allfours.WEB.name):
        _WEB.pop(name, None)
