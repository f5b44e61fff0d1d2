"""All Fours at the web table: its home-form options (players and level: the Trinidad rules are
the only ones), its table, its replay, its rules page and its tutorial (pages.py). A move is the
engine's move text (`stand`, `beg`, `one`, `run` or a card code), posted to the generic
`/m/{id}/{secret}/allfours` (app/routes/play.py)."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import Response

from engine.allfours.game import GAME

from ...forms import MatchOptions, SelectionQuery
from ...i18n import digits_in, t
from ...models import Match
from ...refusals import Refused
from ...service import MatchService
from ...shared_table import shared_table
from ...table import Table
from ...web import render
from .pages import AllFoursTutorial, show_rules
from .replay import replay_view
from .views import move_text, table_view


class AllFoursWeb:
    name = GAME.name
    in_stats = False  # the statistics count surs and margins to Chaharbargh's targets
    # Elo differences of the arena's two-seat match wins (docs/benchmarks.md, "All Fours"): medium
    # beat easy in 68.4% (+134), the pro medium in 60.6% (+75); easy anchored at 1500
    level_ratings = {"easy": 1500.0, "medium": 1634.0, "pro": 1709.0}
    tutorial = AllFoursTutorial()

    def title(self, lang: str) -> str:
        return t(lang, "game_allfours")

    def create(self, service: MatchService, options: MatchOptions, person: str | None = None) -> Match:
        """The other games' fields of the form (a preset, their options) are not read."""
        if options.players not in GAME.seat_counts:
            raise Refused("af_bad_players")
        seats, name = options.seat_choices(options.players), options.name or ""
        rules = GAME.rules(options.players)
        return service.create_game(
            self.name,
            options.level,
            rules,
            seats=seats,
            creator=name,
            clock=options.clock,
            person=person,
            casual=options.casual == "1",
        )

    def summary(self, options: MatchOptions, lang: str) -> list[str]:
        d = digits_in(lang)
        rules = GAME.rules(options.players)
        players = t(lang, "summary_teams") if GAME.teams(rules) else t(lang, "summary_players", n=d(options.players))
        level = t(lang, f"level_{options.level}")
        return [t(lang, "game_allfours"), players, level, t(lang, "summary_target", n=d(GAME.target(rules)))]

    def option_links(self) -> dict[str, str]:
        return {}  # it declares no options

    def page(self, request: Request, service: MatchService, loaded: Table, lang: str, q: SelectionQuery) -> Response:
        return self.table(request, loaded, lang)  # a card is played by its own button: no selection

    def table(
        self, request: Request, loaded: Table, lang: str, message: str | None = None, status: int = 200
    ) -> Response:
        # only a table with a move clock has stand-in moves: the others cost no read
        standins = request.app.state.service.standins(loaded.match.id) if loaded.seats.clock else frozenset()
        tv = table_view(loaded, lang, message, standins=standins)
        tv.shared = shared_table(request, loaded, lang)
        return render(request, "allfours/match.html", lang, status=status, address=tv.urls["page"], tv=tv)

    def replay(
        self, request: Request, service: MatchService, loaded: Table, lang: str, ply: int, decision: Any = None
    ) -> Response:
        """The engine replays the stored moves from the match's seed."""
        state, ply, total = service.state_at(loaded, ply)
        rv = replay_view(loaded, state, ply, total, lang)
        address = f"{rv.urls['replay']}?ply={rv.ply}"
        return render(request, "allfours/replay.html", lang, address=address, rv=rv, decision=decision)

    def rules(self, request: Request, lang: str) -> Response:
        return show_rules(request, lang)

    def move_words(self, text: str, lang: str) -> str:
        """Stand, beg, take one or run, as the table's buttons say them."""
        return move_text(GAME.parse_move(text), lang)

    def lays(self, text: str) -> bool:
        """Every card of All Fours is played to a trick: none is laid on the table."""
        return False


WEB = AllFoursWeb()
