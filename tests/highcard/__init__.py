"""High card: a third game that exists only in the tests, to show that a game is its own folder.

Each seat is dealt three cards a round; a trick is one card from each seat, the highest rank
takes it (an ace is high; between equal ranks the card played first), and whoever takes a
trick leads the next. The seat that takes most tricks wins the round (ties: the earlier seat);
two rounds won win the match. `game.py` is the game behind `engine.game.Game`; `web.py` its web
parts behind `app.games.WebGame`, with its pages in `templates/highcard/`. `serve()` registers
both, and nothing outside this folder names the game.
"""

from __future__ import annotations

from pathlib import Path

from app import games as web_games
from engine import games

from .game import GAME
from .web import WEB

TEMPLATES = Path(__file__).parent / "templates"


def serve() -> None:
    """Register the game with the engine and the web table (as a game of the app would be)."""
    games.register(GAME)
    web_games.register(WEB, templates=TEMPLATES, fragments={"highcard/table.html": ["game"]})


def withdraw() -> None:
    web_games.unregister(WEB.name)
    games.unregister(GAME.name)
