"""High card at the web table, behind `app.games.WebGame`: its home-form options, its table and its
replay, drawn by its own templates (templates/highcard/). Its words are here, not in the site's
catalogs: the game exists only in the tests."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import Response

from app.common_views import urls
from app.forms import MatchOptions, SelectionQuery
from app.i18n import digits, t
from app.models import Match
from app.refusals import Refused
from app.service import MatchService
from app.table import Table
from app.web import get_settings, render
from engine import games

from .game import GAME, State

TITLE = {"fa": "برگ بالا", "en": "High card"}


def table_view(
    loaded: Table, state: State, lang: str, delay_ms: int | None, message: str | None = None
) -> dict[str, Any]:
    """What the person's seat sees, in words and card codes: their hand, the trick, the score."""
    view = GAME.observation(state, loaded.seat)
    if loaded.over:
        status = "match-over"
    elif loaded.sheet_pending:
        status = "round-over"
    else:
        status = "your-turn" if loaded.human_to_play else "computer-turn"
    return {
        "title": TITLE[lang],
        "urls": urls(loaded.match.id, loaded.key),
        "ply": loaded.ply,
        "status": status,
        "message": t(lang, message) if message else "",
        "hand": [str(card) for card in view.hand],
        "playable": [str(card) for card in view.legal_moves],
        "trick": [f"{seat}:{card}" for seat, card in view.trick or view.last_trick],
        "totals": [digits(total, lang) for total in view.totals],
        "winner": "" if view.winner is None else digits(view.winner, lang),
        "computer_trigger": "computer-may-move" if delay_ms is None else f"load delay:{delay_ms}ms",
    }


class HighCardWeb:
    name = GAME.name
    in_stats = False
    level_ratings = {"easy": 1500.0, "medium": 1500.0, "pro": 1500.0}  # unmeasured: every level alike
    tutorial = None  # no lessons: /learn/highcard is 404

    def title(self, lang: str) -> str:
        return TITLE[lang]

    def create(self, service: MatchService, options: MatchOptions, person: str | None = None) -> Match:
        if options.players not in GAME.seat_counts:
            raise Refused("bad_players")
        game = games.get(self.name)  # the registered one: a test may serve it with more options
        try:
            rules = game.preset(game.presets[0], players=options.players, **options.values)
        except (ValueError, TypeError):
            raise Refused("bad_options") from None
        return service.create_game(self.name, options.level, rules, person=person)

    def summary(self, options: MatchOptions, lang: str) -> list[str]:
        return [TITLE[lang], digits(options.players, lang), t(lang, f"level_{options.level}")]

    def option_links(self) -> dict[str, str]:
        return {}

    def page(self, request: Request, service: MatchService, loaded: Table, lang: str, q: SelectionQuery) -> Response:
        return self.table(request, loaded, lang)

    def table(
        self, request: Request, loaded: Table, lang: str, message: str | None = None, status: int = 200
    ) -> Response:
        tv = table_view(loaded, loaded.state, lang, get_settings(request).computer_delay_ms, message)
        return render(request, "highcard/table.html", lang, status=status, address=tv["urls"]["page"], tv=tv)

    def replay(
        self, request: Request, service: MatchService, loaded: Table, lang: str, ply: int, decision: Any = None
    ) -> Response:
        state, ply, total = service.state_at(loaded, ply)
        view = GAME.observation(state, loaded.seat)
        address = f"{urls(loaded.match.id, loaded.key)['replay']}?ply={ply}"
        rv = {"title": TITLE[lang], "ply": ply, "total": total, "hand": [str(c) for c in view.hand],
              "totals": [digits(x, lang) for x in state.totals]}  # fmt: skip
        return render(request, "highcard/replay.html", lang, address=address, rv=rv)

    def rules(self, request: Request, lang: str) -> Response:
        return render(request, "highcard/rules.html", lang, title=TITLE[lang], current="rules")

    def move_words(self, text: str, lang: str) -> str:
        return text  # every move plays a card (and high card has no pro to review it)

    def lays(self, text: str) -> bool:
        return False  # every card is played to a trick


WEB = HighCardWeb()
