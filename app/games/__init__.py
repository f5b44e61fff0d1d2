"""The web table's side of each game, and the one place that lists them: `web_game(name)`.

The engine's registry (`engine.games`) says what a game is; this one says how the table serves
it: how a match of it is created from the home form, its table page and the table that answers
an action, and its replay (its record is the engine's, one route for every game). The routes
(app/routes/) ask `web_game(match.game)` and never name a game; each game's web parts are its
module here. A game defined elsewhere (the tests' own) joins with `register`, beside
`engine.games.register`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from fastapi import Request
from fastapi.responses import Response

from engine import games

from ..forms import MatchOptions, SelectionQuery
from ..mistakes_view import Answer
from ..models import Match
from ..ratings import LEVEL_RATINGS
from ..service import MatchService
from ..table import Table
from ..web import serve_templates
from . import allfours, chaharbargh
from .allfours import mistakes as allfours_mistakes
from .chaharbargh import mistakes as chaharbargh_mistakes


class Tutorial(Protocol):
    """A game's step-by-step lessons (app/routes/learn.py serves them): progress is the browser's
    own (its signed session cookie), never stored on the server."""

    def index(self, request: Request, lang: str) -> Response:
        """The list of lessons, with where the learner left off."""
        ...

    def restart(self, request: Request) -> Response:
        """Forget this browser's progress and go back to the list."""
        ...

    def lesson(self, request: Request, key: str, lang: str, q: SelectionQuery) -> Response:
        """The lesson `key`'s position, with what its address selects."""
        ...

    def answer(self, request: Request, key: str, lang: str, form: Mapping[str, list[str]]) -> Response:
        """The learner's move, read from the posted form's fields by the game itself: praised,
        or told why it is wrong."""
        ...

    def refused(self, request: Request, key: str, lang: str, message_key: str, status: int) -> Response:
        """The lesson again with why a request about it was refused (a form that does not fit)."""
        ...


class WebGame(Protocol):
    """What the routes need of one game's web parts (its `name` is the engine game's)."""

    name: str
    in_stats: bool  # whether the history's statistics (wins, margins, surs by level) count its matches

    @property
    def level_ratings(self) -> Mapping[str, float]:
        """Each computer level's fixed rating (app/ratings.py; docs/web.md says how they were measured)."""
        ...

    @property
    def tutorial(self) -> Tutorial | None:
        """Its lessons at /learn/{name} (the first game's at /learn), if it has any."""
        ...

    def title(self, lang: str) -> str:
        """The game's name in `lang`, as the home form and the lists of matches show it."""
        ...

    def create(self, service: MatchService, options: MatchOptions, person: str | None = None) -> Match:
        """A new match from the home form's options, made by `person` (`Person.id`); `Refused`
        (with the game's own words) if they do not fit the game."""
        ...

    def summary(self, options: MatchOptions, lang: str) -> list[str]:
        """What a match started with these options is, in a few short items (the quick start's)."""
        ...

    def option_links(self) -> dict[str, str]:
        """Each of its declared options' example on its rules page, by the option's name (the
        home form links them; an option without one is left out)."""
        ...

    def page(self, request: Request, service: MatchService, loaded: Table, lang: str, q: SelectionQuery) -> Response:
        """The table page (GET), with what the address asks for (a selection, the pro's hints)."""
        ...

    def table(
        self, request: Request, loaded: Table, lang: str, message: str | None = None, status: int = 200
    ) -> Response:
        """The table as the person's seat sees it, with `message` (a message key): the answer to
        an action, or to a refused one."""
        ...

    def replay(
        self, request: Request, service: MatchService, loaded: Table, lang: str, ply: int, decision: Any = None
    ) -> Response:
        """The finished match at `ply` (the route has checked that it is over); `decision`: the
        review's judgement of the person's move from there (`review_view.replay_decision`)."""
        ...

    def rules(self, request: Request, lang: str) -> Response:
        """Its rules page (/rules/{name}; the first game's is /rules too)."""
        ...

    def move_words(self, text: str, lang: str) -> str:
        """A stored move that plays no card, in words (the review shows the others as cards)."""
        ...

    def lays(self, text: str) -> bool:
        """Whether a stored move lays its card on the table, taking nothing (the review says so)."""
        ...


class Practice(Protocol):
    """A game's side of practising a reviewed mistake (app/routes/mistakes.py)."""

    BANDS: tuple[tuple[float, str], ...]  # its review's verdict bands
    TEMPLATE: str  # its page of a position practised

    def seen(self, loaded: Table, state: Any, ply: int, total: int, lang: str) -> Any:
        """The position before the move at `ply` as the seat saw it (the replay's view, every
        other hand face down)."""
        ...

    def answers(self, moves: list[str], lang: str) -> list[Answer]:
        """Each legal move (its text) as the table's own form posts it."""
        ...

    def move_of(self, form: Mapping[str, list[str]]) -> str | None:
        """The move text a posted form names, or None."""
        ...


_PRACTICE: dict[str, Practice] = {"chaharbargh": chaharbargh_mistakes, "allfours": allfours_mistakes}


def practice_of(name: str) -> Practice | None:
    """The game's side of practising mistakes, or None for a game without one."""
    return _PRACTICE.get(name)


_WEB: dict[str, WebGame] = {web.name: web for web in (chaharbargh.WEB, allfours.WEB)}
LEVEL_RATINGS.update({name: web.level_ratings for name, web in _WEB.items()})  # what app.ratings rates levels at


def web_game(name: str) -> WebGame:
    """The web parts of the game `name`; `LookupError` if it has none."""
    return _WEB[name]


def find_game(name: str) -> WebGame | None:
    """The web parts of the game `name`, or None if no game of that name is served."""
    return _WEB.get(name)


def first_game() -> WebGame:
    """The game the site opens with: the home form's first choice, whose rules and lessons are
    at /rules and /learn."""
    return next(iter(_WEB.values()))


def titles(lang: str) -> dict[str, str]:
    """Every served game's name in `lang`, by its registry name, in the order they are offered."""
    return {name: web.title(lang) for name, web in _WEB.items()}


def register(web: WebGame, templates: Path | None = None, fragments: dict[str, list[str]] | None = None) -> None:
    """Serve a game defined outside the app (its engine side registered with `engine.games`),
    with its own folder of templates and the blocks HTMX swaps in for them (`web.serve_templates`)."""
    if web.name in _WEB:
        raise ValueError(f"a game named {web.name!r} is served already")
    taken = {o.name for name in _WEB for o in games.get(name).options}
    shared = taken & {o.name for o in games.get(web.name).options}
    if shared:  # the home form holds every game's fields at once: a name may be one game's only
        raise ValueError(f"{web.name}'s options {sorted(shared)} are another game's fields already")
    if templates is not None:
        serve_templates(templates, fragments or {})
    _WEB[web.name] = web
    LEVEL_RATINGS[web.name] = web.level_ratings


def unregister(name: str) -> None:
    """Stop serving a game `register` added (a test's game, after its test)."""
    if name not in (chaharbargh.WEB.name, allfours.WEB.name):
        _WEB.pop(name, None)
        LEVEL_RATINGS.pop(name, None)
