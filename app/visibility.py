"""Which seats of a live table are looked at: the pages' own word, for "your turn" pushes.

At a live table (a move clock under an hour) a person whose page is in front of them sees their
turn and hears no push; one whose pages are all hidden (another tab, the phone locked) or
closed is sent one, if they opted in (app/push.py's `after_move`). The browser alone knows
whether a page is shown, so each table page says so (static/pwa.js): `POST …/seen` as it is
shown or hidden, again every `REPEAT` seconds while shown, and "hidden" as it is closed.

A page's word counts for `FRESH` seconds of the server's clock: a page that vanished without a
word (a crash, a lost connection) counts as closed once it has not repeated it. The words are
kept in the memory of the process that took them, at most `PAGES` pages a seat and `SEATS`
seats (the oldest dropped): nothing is written for them. With several processes a page's word
reaches one of them; a move made in another counts the page as closed, and its person may be
told by a push what their page shows too, never left untold.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime, timedelta

REPEAT = 60  # seconds between a shown page's words (static/pwa.js)
FRESH = timedelta(seconds=2 * REPEAT + 30)  # a word missed, and one late, before a page counts as closed
PAGES = 8  # pages kept per seat (tabs, devices)
SEATS = 20_000  # seats kept per process: every seat of the live tables a process serves


class Visibility:
    """The pages' words, per (match, seat): each page's last, shown or not, and when."""

    def __init__(self, clock: Callable[[], datetime]) -> None:
        self.clock = clock
        self._seats: OrderedDict[tuple[str, int], dict[str, tuple[bool, datetime]]] = OrderedDict()
        self._lock = threading.Lock()

    def report(self, match_id: str, seat: int, page: str, shown: bool) -> None:
        """The page `page` of `seat` at `match_id` is shown, or hidden (closed: hidden for good)."""
        at = self.clock()
        with self._lock:
            pages = self._seats.pop((match_id, seat), {})
            pages.pop(page, None)
            pages[page] = (shown, at)
            while len(pages) > PAGES:
                pages.pop(next(iter(pages)))
            self._seats[(match_id, seat)] = pages
            while len(self._seats) > SEATS:
                self._seats.popitem(last=False)

    def shown(self, match_id: str, seat: int) -> bool:
        """Whether a page of `seat` at `match_id` is shown, by its word of the last `FRESH`.

        >>> from datetime import UTC
        >>> now = [datetime(2026, 12, 6, tzinfo=UTC)]
        >>> seen = Visibility(lambda: now[0])
        >>> seen.report("m", 1, "tab-a", True); seen.report("m", 1, "tab-b", False)
        >>> seen.shown("m", 1), seen.shown("m", 0)
        (True, False)
        >>> now[0] += FRESH + timedelta(seconds=1)  # tab-a said nothing since: closed
        >>> seen.shown("m", 1)
        False
        """
        since = self.clock() - FRESH
        with self._lock:
            pages = self._seats.get((match_id, seat), {})
            return any(shown and at >= since for shown, at in pages.values())
