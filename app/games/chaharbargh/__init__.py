"""Chaharbargh at the web table: its home-form options, its table (with the selection the address
carries and, in a practice, the pro's hints), its replay, its rules explorer and its tutorial
(pages.py)."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import Response

from engine import Move, observation
from engine.chaharbargh.game import GAME

from ...forms import MatchOptions, SelectionQuery
from ...home_form import form_values
from ...i18n import digits_in, t
from ...models import Match
from ...seating import rules_for
from ...service import MatchService
from ...shared_table import shared_table
from ...table import Table
from ...web import get_settings, render
from .board import Selection, select
from .hints import hints as pro_hints
from .pages import ChaharbarghTutorial, show_rules
from .replay import replay_view
from .rules_page import option_link
from .views import add_hints, table_view


def render_table(
    request: Request,
    loaded: Table,
    lang: str,
    sel: Selection | None = None,
    message: str | None = None,
    status: int = 200,
    hints: dict[Move, float] | None = None,
) -> Response:
    """The table as the human seat sees it, with `message` (a message key) if any."""
    settings = get_settings(request)
    # only a table with a move clock has stand-in moves: the others cost no read
    standins = request.app.state.service.standins(loaded.match.id) if loaded.seats.clock else frozenset()
    tv = table_view(loaded, lang, sel, message, settings.practice_delay_ms, standins)
    tv.shared = shared_table(request, loaded, lang)
    if hints:
        add_hints(tv, hints, lang)
    return render(request, "chaharbargh/match.html", lang, status=status, address=tv.urls["page"], tv=tv)


class ChaharbarghWeb:
    name = "chaharbargh"
    in_stats = True
    # Elo differences of the arena's two-seat match wins (docs/benchmarks.md): medium beat easy in
    # 76.9% (+209), the pro medium in 65.9% (+114); easy anchored at 1500 (docs/web.md, "Ratings")
    level_ratings = {"easy": 1500.0, "medium": 1709.0, "pro": 1823.0}
    tutorial = ChaharbarghTutorial()

    def title(self, lang: str) -> str:
        return t(lang, "game_chaharbargh")

    def create(self, service: MatchService, options: MatchOptions, person: str | None = None) -> Match:
        return service.create(
            options.level,
            preset=options.preset,
            players=options.players,
            seats=options.seat_choices(options.players),
            creator=options.name or "",
            clock=options.clock,
            casual=options.casual == "1",
            game=self.name,
            person=person,
            **options.values,
        )

    def summary(self, options: MatchOptions, lang: str) -> list[str]:
        """What a match started with these options is, in a few short items, in the words of the
        table's `rules_summary` (the template sets them apart: a "·" beside Persian digits reads
        as a zero): the preset unless it is the first, and whether a house rule differs from it."""
        d = digits_in(lang)
        preset = options.preset if options.preset in GAME.presets else GAME.presets[0]
        rules = rules_for(self.name, preset, options.players, **options.values)
        players = t(lang, "summary_teams") if rules.players == 4 else t(lang, "summary_players", n=d(rules.players))
        items = [] if preset == GAME.presets[0] else [t(lang, f"preset_{preset}")]
        items += [players, t(lang, f"level_{options.level}"), t(lang, "summary_target", n=d(rules.target))]
        house = [o.name for o in GAME.options if o.house]
        chosen, usual = form_values(GAME, rules), form_values(GAME, GAME.preset(preset, players=rules.players))
        if any(chosen[name] != usual[name] for name in house):
            items.append(t(lang, "quick_house"))
        return items

    def option_links(self) -> dict[str, str]:
        """Each house rule's example on the rules page."""
        return {o.name: option_link(o.name) for o in GAME.options if o.house}

    def page(self, request: Request, service: MatchService, loaded: Table, lang: str, q: SelectionQuery) -> Response:
        """Tapping a card is a GET whose query string holds the selection; the server answers
        with the table as it would look (`board.select`), so the browser computes no rule."""
        sel = Selection()
        if loaded.human_to_play:
            sel = select(observation(loaded.state, loaded.seat), q.card, q.take, q.select, q.toggle)
        hints = None
        if q.hint == "1" and loaded.practice and loaded.human_to_play:
            hints = pro_hints(service, loaded)
        return render_table(request, loaded, lang, sel, hints=hints)

    def table(
        self, request: Request, loaded: Table, lang: str, message: str | None = None, status: int = 200
    ) -> Response:
        return render_table(request, loaded, lang, message=message, status=status)

    def replay(
        self, request: Request, service: MatchService, loaded: Table, lang: str, ply: int, decision: Any = None
    ) -> Response:
        state, ply, total = service.state_at(loaded, ply)
        rv = replay_view(loaded, state, ply, total, lang)
        address = f"{rv.urls['replay']}?ply={rv.ply}"  # the language link stays at this move
        return render(request, "chaharbargh/replay.html", lang, address=address, rv=rv, decision=decision)

    def rules(self, request: Request, lang: str) -> Response:
        return show_rules(request, lang)

    def move_words(self, text: str, lang: str) -> str:
        """Every Chaharbargh move plays a card: none is words."""
        return text

    def lays(self, text: str) -> bool:
        """A card that takes nothing is laid on the table (the engine's `Move.places`).

        >>> WEB.lays("6C"), WEB.lays("6C+5D"), WEB.lays("show:6C")
        (True, False, False)
        """
        return bool(Move.parse(text).places)


WEB = ChaharbarghWeb()
