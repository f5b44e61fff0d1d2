"""The routers, one per area of the site; `app.main` includes them in this order."""

from __future__ import annotations

from ..games.allfours import routes as allfours
from . import home, learn, play, practice, rules

ROUTERS = (home.router, play.router, allfours.router, practice.router, learn.router, rules.router)
