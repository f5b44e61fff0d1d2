"""The one object the app holds for matches (`app.state.service`, app/web.py's `get_service`):
its reads and caches (app/store.py), its moves (app/play.py) and its seating (app/seating.py)."""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import Engine

from .addresses import Addresses
from .live import News
from .play import Play
from .seating import Hosting
from .settings import now, random_seed
from .table import Pauses
from .visibility import Visibility


class MatchService(Hosting, Play):
    """Every read and write of matches goes through here."""

    def __init__(
        self,
        engine: Engine,
        bot_settings: Mapping[str, Mapping[str, Any]] | None = None,
        new_seed: Callable[[], int] = random_seed,
        new_bot_seed: Callable[[], int] = random_seed,
        news: News | None = None,
        clock: Callable[[], datetime] = now,
        pauses: Pauses = Pauses(),
        server_key: str | None = None,
    ):
        """`bot_settings` go to `engine.bot` per level (tests give pro fixed worlds instead of a
        time budget, so its moves do not depend on the machine's speed); `new_seed` deals new
        matches (tests fix it to know the deal a player starts from the home page); `server_key`
        is what the seats' addresses are worked out from (app/addresses.py: the app's secret
        key; None, a service of tests and benchmarks: a key of its own)."""
        self.engine = engine
        self.addresses = Addresses(server_key or secrets.token_urlsafe(32))
        self.bot_settings = bot_settings or {}
        self.new_seed = new_seed
        self.new_bot_seed = new_bot_seed  # the computer's and the hints' seed of a new match (tests fix it)
        self.news = news or News()  # told of every committed change, for the open tables (app/live.py)
        self.clock = clock  # the time a turn starts and a move clock runs out (tests set it)
        self.pauses = pauses  # the computer's pause before its move (app/round_owner.py plays it)
        self.due_written: Callable[[datetime], None] = lambda at: None  # told of each due time written
        self.push_queued: Callable[[], None] = lambda: None  # told of each change that may notify
        self.visibility = Visibility(clock)  # a live table's "your turn" is pushed to a seat not looked at
        self._cache = OrderedDict()
        self._cache_lock = threading.Lock()
        self._hints = OrderedDict()
