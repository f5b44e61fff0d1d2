"""The routers, one per area of the site; `app.main` includes them in this order. None names a
game: each asks the registry of the games' web parts (app/games/). The move as a game's move
text (`/m/{id}/{secret}/{game}`) comes last, so that every fixed action's address is matched first.
The table's own come first: a request is matched against each route in turn, and every move is
one (no address before them starts with `/m/` or is `/matches`)."""

from __future__ import annotations

from . import (
    home,
    install,
    learn,
    live,
    me,
    mistakes,
    passkeys,
    people,
    play,
    practice,
    push,
    puzzles,
    review,
    rules,
    seats,
)

ROUTERS = (
    play.router,
    home.router,
    install.router,
    me.router,
    people.router,
    passkeys.router,
    push.router,
    seats.router,
    live.router,
    review.router,
    mistakes.router,
    puzzles.router,
    practice.router,
    learn.router,
    rules.router,
    play.text_moves,
)
