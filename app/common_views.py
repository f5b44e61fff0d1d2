"""What every game's views share: a card as the templates draw it, the names of seats and sides,
a match's addresses, and who won the match."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Protocol

from fastapi import Request

from engine import Card

from .i18n import card_name, digits, isolated, join, nt, t
from .reviews import reviewable
from .seats import CREATOR, PHRASES
from .streams import WATCH_POLL_MS
from .table import Table, commitment_of, watch_key
from .web import get_service, get_settings

COMMITMENT_SHORT = 12  # hex digits of the commitment the table shows closed: enough to compare at a glance
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


@dataclass
class CardView:
    code: str
    label: str  # spoken name in the page's language
    index: str  # A, 2-10, J, Q, K
    symbol: str
    color: str  # "red" or "black"
    face: bool  # jack, queen or king
    can_capture: bool = False
    disabled: bool = False
    selected: bool = False
    takeable: bool = False
    hint: str = ""  # practice: the pro's value of this card's best move
    best: bool = False  # practice: the card of the pro's move
    face_up: bool = False  # open hand: this card of the hand lies face up for everyone
    shows: bool = False  # open hand: tapping this hand card shows it (the move `show:CODE`)
    note: str = ""  # said after the card's name: "your face-up card", "show the seven of clubs"
    trump: bool = False  # All Fours: a trump this round (the engine's `is_trump`), marked in the hand
    motion: str = ""  # the table: how the card comes in (static/motion.css), e.g. "vt-enter-top"


class TableRules(Protocol):
    """What the table's words need of either game's rules: how many play and who plays with whom."""

    @property
    def players(self) -> int: ...

    @property
    def teams(self) -> bool: ...

    def side_of(self, seat: int) -> int: ...


class Ending(Protocol):
    """A finished match's view, of either game: its rules and the winning side."""

    @property
    def rules(self) -> TableRules: ...

    @property
    def winner(self) -> int | None: ...


def card_view(card: Card, lang: str, **flags: Any) -> CardView:
    code = str(card)
    return CardView(
        code=code,
        label=card_name(code, lang),
        index=code[:-1],  # the code's rank part: A, 2 … 10, J, Q, K
        symbol=SYMBOLS[card.suit],
        color="red" if card.suit in "DH" else "black",
        face=not card.is_number,
        **flags,
    )


@dataclass(frozen=True)
class Seating:
    """Whose table is drawn (`me`) and what it calls every seat: "you", a person by the name
    they gave (or "Player 2" until they give one), a computer by where it sits from `me` (the
    next to play after `me` sits on their right). A given name is `isolated` (HTML: `<bdi>`),
    and so is every sentence of the table's words it is put in (`i18n.t`).

    >>> s = Seating(players=4, me=2, names=("Ali", "", "", ""), people=frozenset({0, 2}))
    >>> [s.name(seat, "en") for seat in range(4)], s.relative(3)
    ([Markup('<bdi>Ali</bdi>'), 'Left opponent', 'You', 'Right opponent'], 1)

    Someone watching (`watching`) sits in seat 0's chair but is nobody at the table: every seat
    has its own name, computers numbered, and teams too.

    >>> w = Seating(players=4, names=("Ali", "", "", ""), people=frozenset({0, 2}), watching=True)
    >>> [w.name(seat, "en") for seat in range(4)], w.viewer
    ([Markup('<bdi>Ali</bdi>'), 'Computer 2', 'Player 3', 'Computer 4'], None)
    """

    players: int
    me: int = CREATOR
    names: tuple[str, ...] = ()  # each seat's person's display name ("" for none)
    people: frozenset[int] = frozenset({CREATOR})
    watching: bool = False  # drawn for someone watching, from `me`'s chair

    @property
    def viewer(self) -> int | None:
        """The seat the table is drawn for as "you": `me`, or nobody for someone watching."""
        return None if self.watching else self.me

    def relative(self, seat: int) -> int:
        """Where `seat` sits from `me`: 0 is me, 1 the next to play after me, and so on."""
        return (seat - self.me) % self.players

    def seat_at(self, place: int) -> int:
        """The seat `place` seats after `me` in the order of play (the inverse of `relative`)."""
        return (self.me + place) % self.players

    def name(self, seat: int, lang: str) -> str:
        if seat == self.viewer:
            return t(lang, "you")
        if seat in self.people:
            given = self.names[seat] if seat < len(self.names) else ""
            return isolated(given) if given else t(lang, "seat_player", n=digits(seat + 1, lang))
        if self.watching:
            return t(lang, "seat_computer_n", n=digits(seat + 1, lang))
        return t(lang, f"seat_{self.players}_{self.relative(seat)}")

    def side(self, side: int, rules: TableRules, lang: str) -> str:
        """A score's owner: a seat, or with four players a team (yours or theirs; numbered for
        someone watching)."""
        if rules.teams and self.watching:
            return t(lang, "team_number", n=digits(side + 1, lang))
        if rules.teams:
            return t(lang, f"team_{(side - rules.side_of(self.me)) % 2}")
        return self.name(side, lang)


def seating_of(loaded: Table) -> Seating:
    """How the table of the person asking (`loaded.seat`) names every seat."""
    players = loaded.game.seats_of(loaded.game.rules_of(loaded.state))
    seats = loaded.seats
    people = frozenset(seat for seat in seats.people if seat < players)
    names = tuple(seats.name(seat) for seat in range(players))
    return Seating(players, loaded.seat, names, people, watching=loaded.watching)


def seat_levels(loaded: Table, lang: str) -> list[str]:
    """What the table says under each seat's name: a computer's level, that a person sits there,
    or that the computer plays for them while they are away."""
    players = loaded.game.seats_of(loaded.game.rules_of(loaded.state))
    seats = loaded.seats

    def kind(seat: int) -> str:
        if not seats.person(seat):
            return t(lang, f"level_{seats.level(seat)}")
        return t(lang, "seat_kind_away" if seat in seats.away and not loaded.over else "seat_kind_person")

    return [kind(seat) for seat in range(players)]


@dataclass(frozen=True)
class InviteView:
    """An invite link for a person seat nobody has taken yet (shown to the creator only)."""

    seat: int
    url: str
    label: str  # who will sit there ("Player 3" until they give a name)
    place: str  # where, from the creator's chair ("your partner, opposite you")


def invites_view(loaded: Table, lang: str) -> list[InviteView]:
    """The creator's invite links, one per person seat not taken; none for anyone else."""
    if loaded.seat != CREATOR or loaded.over or loaded.watching:
        return []
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
    )


@dataclass(frozen=True)
class ComputerTurn:
    """How a practice page gets the computer's move (`#computer-turn`): `trigger` is its htmx
    trigger ("" at a match: there the round owner plays it, app/round_owner.py, and the table's
    event stream brings it)."""

    trigger: str


def computer_turn(loaded: Table, practice_ms: int | None) -> ComputerTurn:
    """A match gets the computer's moves from the round owner, which plays each after its pause,
    on its event stream (a page without one reloads: `SharedTable.reload_after`), so a person's
    move is one request. A practice, which has no stream, asks (`POST …/computer`) after its own
    pause, the time to take a move back; `practice_ms` None: only on the `computer-may-move`
    event (the tests' practice pages).
    """
    if not loaded.practice:
        return ComputerTurn("")
    return ComputerTurn("computer-may-move" if practice_ms is None else f"load delay:{practice_ms}ms")


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
    return urls(loaded.match.id, watch_key(loaded.match))["page"]


def seat_name(seat: int, players: int, lang: str) -> str:
    """How a one-person table names a seat: "you", or the computer by where it sits (and the partner)."""
    return Seating(players).name(seat, lang)


def side_name(side: int, rules: TableRules, lang: str) -> str:
    """A score's owner at a one-person table: a seat, or with four players a team."""
    return Seating(rules.players).side(side, rules, lang)


def urls(match_id: str, secret: str) -> dict[str, str]:
    page = f"/m/{match_id}/{secret}"
    return {
        "page": page,
        "move": page + "/move",
        "computer": page + "/computer",
        "next": page + "/next",
        "undo": page + "/undo",
        "fill": page + "/fill",
        "say": page + "/say",
        "events": page + "/events",
        "practice": "/practice",
        "record": page + "/record.json",
        "fairness": page + "/fairness",
        "rematch": page + "/rematch",
        "replay": page + "/replay",
        "review": page + "/review",
        "home": "/",
        "new": "/",
    }


@dataclass(frozen=True)
class ReplaySteps:
    """The replay's four steps' addresses; None where a step goes nowhere (templates/_replay_steps.html)."""

    first: str | None
    previous: str | None
    next: str | None
    end: str | None


def replay_steps(replay_url: str, ply: int, last_ply: int) -> ReplaySteps:
    """The steps from `ply` of a replay `last_ply` moves long, for either game.

    >>> replay_steps("/m/a/b/replay", 0, 9)
    ReplaySteps(first=None, previous=None, next='/m/a/b/replay?ply=1', end='/m/a/b/replay?ply=9')
    """
    at = f"{replay_url}?ply={{}}".format
    return ReplaySteps(
        first=at(0) if ply > 0 else None,
        previous=at(ply - 1) if ply > 0 else None,
        next=at(ply + 1) if ply < last_ply else None,
        end=at(last_ply) if ply < last_ply else None,
    )


def winner_words(view: Ending, lang: str, seating: Seating | None = None) -> str:
    """Who won the match, as the match end says it to the seat it is drawn for ("You won!",
    "Your team lost."): either game's view."""
    rules, side = view.rules, view.winner
    seating = seating or Seating(rules.players)
    assert side is not None, "only a finished match has a winner to name"
    if rules.teams and seating.watching:
        return t(lang, "seat_won", who=seating.side(side, rules, lang))
    if rules.teams:
        return t(lang, "team_won" if side == rules.side_of(seating.me) else "team_lost")
    if side == seating.viewer:
        return t(lang, "you_won")
    if rules.players == 2 and side not in seating.people:
        return t(lang, "computer_won")
    return t(lang, "seat_won", who=seating.name(side, lang))
