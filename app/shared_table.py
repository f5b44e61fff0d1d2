"""What a table shows of the other people at it, the same in every game (templates/_seats.html):
the creator's invites, the quick phrases said, the move clock, who the computer plays for, the
watch link and the match's commitment (`SharedTable`, made by `shared_table`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from fastapi import Request

from .common_views import Seating, seating_of, urls
from .i18n import digits, join, nt, t
from .reviews import reviewable
from .seats import CREATOR, PHRASES
from .slow_games import clock_patterns, slow, time_left
from .streams import WATCH_POLL_MS
from .table import Table, commitment_of, watch_key
from .web import get_service, get_settings

COMMITMENT_SHORT = 12  # hex digits of the commitment the table shows closed: enough to compare at a glance


@dataclass(frozen=True)
class InviteView:
    """An invite link for a person seat nobody has taken yet (shown to the creator only)."""

    seat: int
    url: str
    label: str  # who will sit there ("Player 3" until they give a name)
    place: str  # where, from the creator's chair ("your partner, opposite you")


def invites_view(loaded: Table, lang: str) -> list[InviteView]:
    """The creator's invite links, one per person seat not taken; none for anyone else."""
    if loaded.seat != CREATOR or loaded.over or loaded.watching or not loaded.seats.waiting:
        return []  # only the creator invites, and only to seats nobody has taken
    seating, seats = seating_of(loaded), loaded.seats
    return [
        InviteView(
            seat,
            f"/m/{loaded.match.id}/join/{seats.invite(seat)}",
            seating.name(seat, lang),
            t(lang, f"place_{seating.players}_{seating.relative(seat)}"),
        )
        for seat in seats.people
        if seat and not seats.claimed(seat) and seat < seating.players
    ]


@dataclass(frozen=True)
class Said:
    """A quick phrase as a table shows it: its words, and the whole seconds it has left to show
    (static/clock.js takes it away then; the server no longer draws it after)."""

    words: str
    seconds: int

    @classmethod
    def of(cls, said: tuple[str, float], lang: str) -> Said:
        phrase, left = said
        return cls(t(lang, f"phrase_{phrase}"), max(1, math.ceil(left)))


@dataclass(frozen=True)
class SharedTable:
    """What a table shows of the other people at it, the same in every game (templates/_seats.html)."""

    invites: list[InviteView] = field(default_factory=list)  # the creator's links for the seats not taken
    can_fill: bool = False  # the creator may give the seats not taken to computers
    others_wait: bool = False  # the table waits for another person or the computer: it asks again by itself
    # whole seconds until a move no person makes is due: a page without JavaScript reloads then
    reload_after: int | None = None
    refresh_trigger: str = "table-may-refresh"  # how: the htmx trigger (`Settings.refresh_ms`)
    live: bool = False  # a table in play: its news arrive on its event stream (app/routes/live.py)
    version: str = ""  # the match's event version (`Table.version`): the page keeps the newest table
    rematch_address: str | None = None  # a rematch someone asked for: this seat's place in it
    review_url: str = ""  # a finished match the pro can review: its review (app/routes/review.py)
    clock: int | None = None  # whole seconds left on the move clock of the person to play
    mine: bool = False  # the clock is this seat's own
    clock_words: str = ""  # at a slow table, the time left in words ("23 h 59 min left"); "": in seconds
    clock_patterns: str = ""  # and those words' patterns, which static/clock.js counts down with (JSON)
    away: str = ""  # who else the computer plays for, as a sentence ("" for nobody)
    me_away: bool = False  # the computer has played for this seat: its next move takes it back
    watching: bool = False  # drawn for someone watching through the watch link: no hand, no move
    watch_url: str = ""  # the table's watch link, offered to the people at it while it is played
    phrases: list[tuple[str, str]] = field(default_factory=list)  # the quick phrases this seat may say
    phrase_wait: int = 0  # whole seconds before this seat may say another (its buttons wait that long)
    said: dict[int, Said] = field(default_factory=dict)  # the phrases said lately, by seat
    me_said: Said | None = None  # what this seat said lately
    first_seat: str = ""  # for someone watching: whose chair the table is drawn from, and their card count
    commitment: str = ""  # the match's commitment (hex SHA-256, engine/fairness.py); "" for none
    commitment_short: str = ""  # its first digits, what the table shows until it is opened
    fairness_url: str = ""  # a finished match's check of its deal, for the people at it
    notify_key: str = ""  # a person's table with others: the VAPID key its opt-in button carries (app/push.py)
    notes_oob: bool = True  # the fragment sends the commitment and the watch link too (`notes_oob`)

    @property
    def people_notes(self) -> bool:
        """Whether `invites` (templates/_seats.html) has anything to show."""
        return bool(self.invites or self.watching or self.me_away or self.away)


def shared_table(request: Request, loaded: Table, lang: str) -> SharedTable:
    """The people part of the asking seat's table. A table with its event stream asks again only
    on the `table-may-refresh` event; one without, every `Settings.refresh_ms` (None: on the
    event too). The move clock is read off the server's clock (the browser only counts it down)."""
    settings, service = get_settings(request), get_service(request)
    refresh_ms = settings.refresh_ms
    rematch_address = service.rematch_address(loaded) if loaded.over else None
    live = not loaded.over and not loaded.practice  # a person's moves and the computer's come on it
    if getattr(request.state, "without_stream", False):  # a watch page past its match's spectators' streams
        live, refresh_ms = False, WATCH_POLL_MS
    now = service.clock()
    left = loaded.seconds_left(now)
    due = loaded.due(service.pauses)
    seating = seating_of(loaded)
    away = [] if loaded.over else [seating.name(s, lang) for s in loaded.seats.away if s != seating.viewer]
    away_words = t(lang, "away_others", names=join(away, lang)) if away else ""
    said = loaded.seats.said_lately(now.timestamp())
    sealed = commitment_of(loaded.match)
    checkable = sealed is not None and loaded.over and not loaded.watching
    return SharedTable(
        invites=invites_view(loaded, lang),
        can_fill=loaded.waiting and loaded.seat == CREATOR and not loaded.watching,
        others_wait=loaded.waiting or loaded.others_turn or (loaded.computer_to_play and not loaded.practice),
        reload_after=None if due is None else max(1, math.ceil((due[0] - now).total_seconds())),
        refresh_trigger="table-may-refresh" if live or refresh_ms is None else f"every {refresh_ms}ms",
        live=live,
        version=loaded.version,
        rematch_address=rematch_address,
        review_url=urls(loaded.match.id, loaded.key)["review"] if reviewable(loaded) and not loaded.watching else "",
        clock=None if left is None else max(0, math.ceil(left)),
        mine=loaded.human_to_play,
        clock_words=time_left(left, lang) if left is not None and slow(loaded) else "",
        clock_patterns=clock_patterns(lang) if left is not None and slow(loaded) else "",
        away=away_words,
        me_away=not loaded.over and seating.viewer in loaded.seats.away,
        watching=loaded.watching,
        phrases=[] if loaded.watching or not loaded.seats.shared or loaded.waiting else phrase_choices(lang),
        phrase_wait=math.ceil(loaded.seats.must_wait(loaded.seat, now.timestamp())),
        said={seat: Said.of(said[seat], lang) for seat in said if seat != seating.viewer},
        me_said=Said.of(said[loaded.seat], lang) if loaded.seat in said and not loaded.watching else None,
        watch_url="" if loaded.watching or loaded.over or loaded.practice or loaded.waiting else watch_address(loaded),
        first_seat=watched_seat(loaded, seating, lang) if loaded.watching else "",
        commitment=sealed or "",
        commitment_short=sealed[:COMMITMENT_SHORT] if sealed else "",
        fairness_url=urls(loaded.match.id, loaded.key)["fairness"] if checkable else "",
        notify_key=request.app.state.vapid_public if loaded.seats.shared and not loaded.watching else "",
        notes_oob=notes_oob(request, loaded),
    )


PAGE_PLY = "page_ply"  # request.state: the ply of the table the asking page shows, when known


def asked_from(request: Request, ply: int) -> None:
    """Note that the asking page shows the table at `ply` (a move's form carries it)."""
    setattr(request.state, PAGE_PLY, ply)


def past_start(loaded: Table) -> bool:
    """A table in play past its first move: its notes (the commitment, the watch link) are the
    ones it keeps until the match ends."""
    return loaded.ply > 0 and not loaded.over


def notes_oob(request: Request, loaded: Table) -> bool:
    """Whether a table's fragment sends the match's notes (templates/_seats.html `notes`) out of
    band. They change only when the seats are taken (at ply 0) and when the match ends, and
    they are a kilobyte of every move's answer otherwise: a page known to show a table past its
    first move already holds them as they stay until the end. Someone watching has the same
    notes from the start to the end; a practice has none."""
    if loaded.practice or loaded.watching:
        return False
    if loaded.over:
        return True
    shown = getattr(request.state, PAGE_PLY, None)
    if shown is None and request.method == "GET":  # the table's own refresh and selection carry its ply
        asked = request.query_params.get("ply", "")
        shown = int(asked) if asked.isdigit() else None
    return not (shown and shown > 0)


def watched_seat(loaded: Table, seating: Seating, lang: str) -> str:
    """What someone watching is told of seat 0, whose chair the table is drawn from: who sits
    there and how many cards they hold (every game's view counts each hand)."""
    count = loaded.view.hand_counts[0]
    return nt(lang, "watched_seat_one", "watched_seat", count, who=seating.name(0, lang), n=digits(count, lang))


def phrase_choices(lang: str) -> list[tuple[str, str]]:
    """The quick phrases, each as its key and its words."""
    return [(phrase, t(lang, f"phrase_{phrase}")) for phrase in PHRASES]


def watch_address(loaded: Table) -> str:
    """The match's watch link (`/m/{id}/watch/{code}`): the spectator's table, live."""
    return urls(loaded.match.id, watch_key(loaded.seats))["page"]
