"""What every game's views share: a card as the templates draw it, the names of seats and sides,
where they sit, what the table is at and its log's moves, a match's addresses, and who won the
match. What a table shows of the other people at it is app/shared_table.py."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from engine import Card

from .i18n import card_name, digits, t
from .names import shown_name
from .seats import CREATOR
from .table import Table

SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
# where each other seat is drawn, by how many seats after the person's it plays
PLACES = {2: {1: "top"}, 3: {1: "right", 2: "left"}, 4: {1: "right", 2: "top", 3: "left"}}
M = TypeVar("M")  # a game's played move, as its log shows it


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
            return shown_name(given, lang) or t(lang, "seat_player", n=digits(seat + 1, lang))
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


def table_state(loaded: Table) -> str:
    """What the table is at, as its page says (`data-state`): "match-over" ("practice-over"),
    "round-over" (the round's sheet is up), "waiting" (for a person to take a seat), "your-turn",
    "their-turn" (another person's) or "computer-turn"."""
    if loaded.over:
        return "practice-over" if loaded.practice else "match-over"
    if loaded.sheet_pending:
        return "round-over"
    if loaded.waiting:
        return "waiting"
    if loaded.human_to_play:
        return "your-turn"
    return "their-turn" if loaded.others_turn else "computer-turn"


def waiting_hint(loaded: Table, state: str, seating: Seating, lang: str) -> str:
    """What the table says while it waits on someone else (`state` as `table_state` says it):
    for the seats to be taken, for another person's move or for the computer's; else ""."""
    if state == "waiting":
        return t(lang, "waiting_for_players")
    if state == "their-turn":
        return t(lang, "person_to_play", who=seating.name(loaded.turn, lang))
    if state == "computer-turn":
        return t(lang, "computer_thinking", who=seating.name(loaded.turn, lang))
    return ""


@dataclass(frozen=True)
class LogWindow(Generic[M]):
    """The moves a table's log shows: the last few of a round's (`log_window`)."""

    shown: Sequence[M]
    start: int  # the number of the log's first line: its move's place in the round
    stood_in: tuple[bool, ...]  # per move shown: the computer played it for a person whose clock ran out

    def lines(self, texts: Iterable[str], lang: str) -> list[str]:
        """The log's lines from `texts`, one per move shown: a move the computer played for a person says so."""
        return [t(lang, "log_standin", line=x) if by else x for x, by in zip(texts, self.stood_in, strict=True)]


def log_window(loaded: Table, moves: Sequence[M], size: int, standins: frozenset[int]) -> LogWindow[M]:
    """The last `size` of `moves`, this round's or the round's just ended; `standins`: the plies
    the computer played for a person whose move clock ran out (`MatchService.standins`)."""
    shown = moves[-size:]
    first = loaded.ply - len(shown)  # the log ends with the match's last move, at ply - 1
    return LogWindow(shown, len(moves) - len(shown) + 1, tuple(first + i in standins for i in range(len(shown))))


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
