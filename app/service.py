"""Load a match, check a move, apply it with the engine and save it: the only code that writes.

A match is stored as its seed, rules and the list of moves; the state is rebuilt by replaying
the moves with the engine. Every write runs in one write transaction (app/db.py), locks the
match's row (`SELECT ... FOR UPDATE` on PostgreSQL; SQLite's BEGIN IMMEDIATE locks the file) and is
compare-and-set on the ply: a request made at an older ply changes nothing and the caller
re-renders the current table. The database enforces it too, for any number of processes and
servers: the match row is updated only where its ply (and undo count) are still the ones read,
and the move table holds one move per (match, ply). A request that loses a race there (`Conflict`
or the unique constraint) is answered like a stale one: the current table, never an error.
Nothing in one process is needed for correctness: the caches below are checked against the
stored ply and undo count before use (the computer may think on a cached position, but its move
is written only if the stored position is that one).
"""

from __future__ import annotations

import hmac
import json
import math
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cached_property
from typing import Any

from sqlalchemy import Connection, Engine, RowMapping, bindparam, insert, update
from sqlalchemy import inspect as sa_inspect
from sqlalchemy import select as sa_select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import configure_mappers
from sqlmodel import col, delete, select

from engine import MatchState, Move, Rules, games, move_values, observation
from engine.errors import IllegalMove
from engine.fairness import commitment, new_salt
from engine.game import AnyGame
from engine.options import rules_with

from .db import read_session, write_session, write_transaction
from .live import News
from .models import Match, MoveRow, bot_seed_of
from .seats import PERSON, PHRASES, SEAT_CHOICES, Seats, watch_code
from .settings import now, random_seed

HUMAN, COMPUTER = 0, 1  # the person's seat; in a two-seat game, the computer's (every other seat is a computer)
LEVELS = ("easy", "medium", "pro")
PLAYERS = (2, 3, 4)  # four play as two teams: the person and the computer opposite against the other two
PRACTICE_RULES = Rules()  # free practice: one round under the table rules
CLOCK_LEVEL = "medium"  # who plays for a person whose move clock ran out
HINT_WORLDS = 400  # worlds the pro samples for a hint: steady values; 92 ms median, 179 ms p95 here


State = Any
"""A match's state, of whichever game it is (its engine game's own state type): the service
stores and replays every game alike and leaves the state to `Loaded.game`."""


def watch_key(match: Match) -> str:
    """The watch link's part of a table address after the match's id: `watch/{code}`."""
    return f"watch/{watch_code(match.secret)}"


def commitment_of(match: Match) -> str | None:
    """The commitment the match's table shows from before its first card (engine/fairness.py),
    over the rules as its record will hold them; None for a match that made none (a practice,
    a match from before salts)."""
    if match.salt is None:
        return None
    game = game_of(match)
    rules = game.rules_to_dict(game.rules_from_dict(json.loads(match.rules)))
    return commitment(game.name, rules, match.seed, bot_seed_of(match), match.salt)


def game_of(match: Match) -> AnyGame:
    """The engine's game a match is of: its `game` column names it in the registry (`engine.games`);
    everything else here (storage, replay, compare-and-set, locking) is the same for every game."""
    return games.get(match.game)


class NotFound(LookupError):
    """No match with this id and secret."""


class Conflict(RuntimeError):
    """Another transaction changed the match between our read and our write (compare-and-set failed)."""


class Refused(ValueError):
    """A request the table refuses; `reason` is a key of the message dictionary (app/i18n.py);
    `retry_after`: whole seconds until it may be asked again (a 429's `Retry-After`)."""

    def __init__(self, reason: str, status: int = 400, retry_after: int | None = None):
        super().__init__(reason)
        self.reason = reason
        self.status = status
        self.retry_after = retry_after


@dataclass(frozen=True)
class Pauses:
    """How long the computer waits before its move at a match, in milliseconds, so a person sees
    each move come (a practice's page asks for it after its own pause)."""

    computer_ms: int = 900


@dataclass(frozen=True)
class Loaded:
    """A match row and its state rebuilt from the moves, as the person at `seat` asked for it
    (their address's secret names the seat). `changed` tells if this request wrote a move."""

    match: Match
    state: State
    changed: bool = False
    seat: int = HUMAN
    watching: bool = False  # someone watching through the watch link: seat 0's chair, no hand, no move

    @property
    def key(self) -> str:
        """What the asker's table address has after the match's id: their seat's secret, or for
        someone watching `watch/{code}` (`/m/{id}/{key}`)."""
        if self.watching:
            return watch_key(self.match)
        return self.seats.secret(self.seat) or self.match.secret

    @property
    def view(self) -> Any:
        """What the asker may see: their seat's observation, or a spectator's (nothing private)."""
        return self.game.spectator(self.state) if self.watching else self.game.observation(self.state, self.seat)

    @cached_property
    def seats(self) -> Seats:
        """Who sits where: people and computers (app/seats.py)."""
        return Seats.from_json(self.match.seats, self.match.level)

    @property
    def waiting(self) -> bool:
        """A person seat is not taken yet: nobody plays until it is, or until the creator gives
        it to a computer."""
        return not self.over and self.seats.waiting

    @property
    def turn(self) -> int:
        return self.game.turn(self.state)

    @property
    def version(self) -> str:
        """The match's event version: one more with each change a table shows (a move, a sheet
        closed, an undo, a seat taken or given to a computer, a rematch asked for, a quick phrase
        said), so it only ever grows. The event stream's `id` (app/routes/live.py) and the page's
        `data-version`: a page that receives two tables out of order keeps the newer (static/live.js)."""
        return str(self.match.version)

    @property
    def ply(self) -> int:
        """Moves made so far, as stored (what every move form carries for compare-and-set)."""
        return self.match.ply

    @property
    def practice(self) -> bool:
        return self.match.mode == "practice"

    @property
    def game(self) -> AnyGame:
        """The engine's game of this match: everything below asks it, never the state directly."""
        return games.get(self.match.game)

    @property
    def over(self) -> bool:
        """The match is finished, or the practice round is (a practice is one round)."""
        rounds = self.game.rounds_played(self.state)
        return self.game.winner(self.state) is not None or (self.practice and rounds > 0)

    @property
    def sheet_pending(self) -> bool:
        """A finished round the player has not dismissed yet (the next round is already dealt)."""
        return not self.over and self.game.rounds_played(self.state) > self.match.rounds_seen

    @property
    def computer_to_play(self) -> bool:
        """A computer seat is to move."""
        return self._in_play and not self.seats.person(self.turn)

    @property
    def human_to_play(self) -> bool:
        """The person asking is to move."""
        return self._in_play and self.turn == self.seat and not self.watching

    @property
    def others_turn(self) -> bool:
        """Another person at the table is to move: this table waits for them (someone watching
        waits for every seat: the news of a computer's move come to them too)."""
        return self._in_play and (self.watching or (self.turn != self.seat and self.seats.person(self.turn)))

    def seconds_left(self, at: datetime) -> float | None:
        """At time `at`, the seconds left on the move clock of the person to play (below zero:
        it ran out); None when no person's clock runs (no clock, a computer to play, the match
        waiting, a round's sheet up, or over). A turn starts when the match row was last written;
        a server that starts after a downtime moves that start on by it (app/heartbeat.py)."""
        seconds = self.seats.move_seconds(self.turn) if self._in_play and self.seats.person(self.turn) else 0
        return seconds - self.since_turn_began(at) if seconds else None

    def since_turn_began(self, at: datetime) -> float:
        """The seconds from the start of this turn (the match row last written) to `at`: what
        the move clock, an away seat's short turn and the computer's pause count, none of them
        the time no server was up (app/heartbeat.py gives that back at a restart)."""
        started = self.match.updated_at
        started = started if started.tzinfo else started.replace(tzinfo=UTC)  # SQLite keeps no zone: stored as UTC
        return (at - started).total_seconds()

    def due(self, pauses: Pauses) -> tuple[datetime, str] | None:
        """When this table next needs a move that no person makes, and which: the computer
        seat's move once its pause is over ("computer"), or the move the computer makes for a
        person whose move clock runs out then ("clock"). None while it waits only for people
        (or for nothing). Both count from the start of the turn, as the move clock does.

        >>> Loaded(Match(id="x", secret="s", seed=1, rules="{}", level="easy", status="over"), None).due(Pauses())
        """
        if not self._in_play or self.practice:  # a practice's page asks: the pause is for taking a move back
            return None
        started = self.match.updated_at
        started = started if started.tzinfo else started.replace(tzinfo=UTC)
        if not self.seats.person(self.turn):
            return started + timedelta(milliseconds=pauses.computer_ms), "computer"
        seconds = self.seats.move_seconds(self.turn)
        return (started + timedelta(seconds=seconds), "clock") if seconds else None

    @property
    def _in_play(self) -> bool:
        return not self.over and not self.sheet_pending and not self.seats.waiting

    @property
    def can_undo(self) -> bool:
        """Practice only, until the round ends: the person has made a move to take back (they lead
        every deal of a practice, so any move made means one of theirs)."""
        return self.practice and not self.over and self.ply > 0


def rules_for(game: str, preset: str | None = None, players: int = 2, **values: Any) -> Any:
    """The rules of `game`'s preset (None: its first) for `players` seats with any of its declared
    options changed (`engine.options`); `Refused("bad_options")` for anything it does not offer."""
    engine_game = games.get(game)
    if players not in engine_game.seat_counts:
        raise Refused("bad_options")
    try:
        return rules_with(engine_game, preset or engine_game.presets[0], players, values)
    except (ValueError, TypeError):
        raise Refused("bad_options") from None


def replay(connection: Connection, match: Match, since: tuple[int, State] | None = None) -> State:
    """The state after the stored moves, from the deal or from a known (ply, state)."""
    game = game_of(match)
    start, state = since or (0, game.new_match(match.seed, game.rules_from_dict(json.loads(match.rules))))
    rows = connection.execute(MOVES_FROM, {"match_id": match.id, "start": start}).scalars().all()
    for move in rows:
        state = game.apply(state, game.parse_move(move))
    if start + len(rows) != match.ply:
        raise RuntimeError(f"match {match.id}: {start + len(rows)} moves stored but ply {match.ply}")
    return state


# The queries of every move, as SQLAlchemy Core statements built once: the ORM's `session.get`,
# unit of work and ORM-enabled UPDATE cost about twice as much CPU per move, and a move needs
# none of what they add (the match row is not tracked: `_save` writes it back explicitly).
MATCH, MOVE = Match.__table__, MoveRow.__table__  # type: ignore[attr-defined]
MATCH_COLUMNS = tuple(MATCH.c.keys())
configure_mappers()  # the mapped classes' attributes are set up before `_match_of` makes a Match
MATCH_MAKER = sa_inspect(Match).class_manager  # SQLAlchemy's instrumentation of the class
MATCH_BY_ID = sa_select(MATCH).where(MATCH.c.id == bindparam("match_id"))
MATCH_BY_ID_LOCKED = MATCH_BY_ID.with_for_update()  # FOR UPDATE on PostgreSQL; SQLite's BEGIN IMMEDIATE locks
INSERT_MOVE = insert(MOVE)
MOVES_FROM = (
    sa_select(MOVE.c.move)
    .where(MOVE.c.match_id == bindparam("match_id"), MOVE.c.ply >= bindparam("start"))
    .order_by(MOVE.c.ply)
)
SAVE_MATCH = update(MATCH).where(  # SET takes the columns named in the parameters
    MATCH.c.id == bindparam("read_id"), MATCH.c.ply == bindparam("read_ply"), MATCH.c.undos == bindparam("read_undos")
)


def _match_of(row: RowMapping | Mapping[str, Any]) -> Match:
    """A `Match` holding a row's columns, made the way SQLAlchemy makes one it loads (no session
    tracks it either way): `Match(**row)` costs ~30 times as much, in SQLModel's constructor."""
    match: Match = MATCH_MAKER.new_instance()
    match.__dict__.update(row)
    return match


def _row(connection: Connection, match_id: str, lock: bool = False) -> RowMapping | None:
    if len(match_id) > 32:
        return None
    query = MATCH_BY_ID_LOCKED if lock else MATCH_BY_ID
    return connection.execute(query, {"match_id": match_id}).mappings().first()


def seat_of(row: RowMapping | Mapping[str, Any], secret: str) -> int | None:
    """The seat whose address has `secret`: 0 for the match's own, a person seat's, else None."""
    return Seats.from_json(row["seats"], row["level"]).seat_of_secret(secret, row["secret"])


def _get(connection: Connection, match_id: str, secret: str, lock: bool = False) -> tuple[Match, int]:
    """The match row, as a `Match` no session tracks, and the seat the secret is; `lock` for a
    write: the row is locked until the transaction ends (FOR UPDATE on PostgreSQL, where a
    second writer of this match waits here and then reads the row as the first one left it).
    Only `_save` writes it back."""
    row = _row(connection, match_id, lock)
    seat = None if row is None else seat_of(row, secret)
    if row is None or seat is None:
        raise NotFound(match_id)
    return _match_of(row), seat


def _save_seats(connection: Connection, match: Match, at: datetime) -> None:
    """Write who sits where, at time `at` (the match row is locked by the caller's transaction).
    The match may start now: its round owner looks at it at once ("check") and works out what
    is due."""
    match.updated_at = match.due_at = at
    match.due_kind = "check"
    match.version += 1
    values = {"seats": match.seats, "updated_at": at, "due_at": at, "due_kind": "check", "version": match.version}
    connection.execute(update(MATCH).where(MATCH.c.id == match.id).values(values))


def _save(connection: Connection, match: Match, ply: int, undos: int, at: datetime, due: Due) -> None:
    """Write the match row's new ply, undos, status, rounds_seen, seats and time (`at`: when
    the next turn's clock starts), and what is due at it (`due`, worked out from the table as
    written), compare-and-set: only if the stored row is still at `ply` and `undos` (as read).
    Otherwise `Conflict`."""
    match.updated_at = at
    match.due_at, match.due_kind = due(match) or (None, None)
    match.version += 1
    values = {
        "version": match.version,
        "ply": match.ply,
        "undos": match.undos,
        "status": match.status,
        "rounds_seen": match.rounds_seen,
        "seats": match.seats,
        "due_at": match.due_at,
        "due_kind": match.due_kind,
    }
    where = {"read_id": match.id, "read_ply": ply, "read_undos": undos}
    result = connection.execute(SAVE_MATCH, {**values, "updated_at": match.updated_at, **where})
    if result.rowcount != 1:
        raise Conflict(match.id)


Due = Callable[[Match], "tuple[datetime, str] | None"]
"""What is due at a match row about to be written, from its new state (`MatchService._due`)."""


def bot_seed(match: Match, ply: int) -> int:
    """The computer's own random seed for one move: fixed by the match's bot seed (never its deal's) and the ply."""
    return (bot_seed_of(match) * 1_000_003 + ply) % (2**63)


class MatchService:
    """Every read and write of matches goes through here."""

    CACHE_SIZE = 256

    def __init__(
        self,
        engine: Engine,
        bot_settings: Mapping[str, Mapping[str, Any]] | None = None,
        new_seed: Callable[[], int] = random_seed,
        new_bot_seed: Callable[[], int] = random_seed,
        news: News | None = None,
        clock: Callable[[], datetime] = now,
        pauses: Pauses = Pauses(),
    ):
        """`bot_settings` go to `engine.bot` per level (tests give pro fixed worlds instead of a
        time budget, so its moves do not depend on the machine's speed); `new_seed` deals new
        matches (tests fix it to know the deal a player starts from the home page)."""
        self.engine = engine
        self.bot_settings = bot_settings or {}
        self.new_seed = new_seed
        self.new_bot_seed = new_bot_seed  # the computer's and the hints' seed of a new match (tests fix it)
        self.news = news or News()  # told of every committed change, for the open tables (app/live.py)
        self.clock = clock  # the time a turn starts and a move clock runs out (tests set it)
        self.pauses = pauses  # the computer's pause before its move (app/round_owner.py plays it)
        self.due_written: Callable[[datetime], None] = lambda at: None  # told of each due time written
        # id -> (undos, ply, state, the match row's columns as they were then)
        self._cache: OrderedDict[str, tuple[int, int, State, dict[str, Any]]] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._hints: OrderedDict[tuple[str, int, MatchState], dict[Move, float]] = OrderedDict()

    def _state(self, connection: Connection, match: Match) -> State:
        """The match's state: from the cache of recent states, brought up to date by replaying."""
        with self._cache_lock:
            hit = self._cache.get(match.id)
        # A practice undo rewrites history (the same ply can then hold another move), so a
        # state counts only if it was kept after the match's latest undo.
        if hit is not None and hit[0] == match.undos:
            if hit[1] == match.ply:
                return hit[2]
            since = (hit[1], hit[2]) if hit[1] < match.ply else None
        else:
            since = None
        state = replay(connection, match, since)
        self._keep(match, state)
        return state

    def _keep(self, match: Match, state: State) -> None:
        """Cache a state, and a copy of the row beside it (the caller's `Match` may change on);
        call it only with committed moves."""
        row = {name: getattr(match, name) for name in MATCH_COLUMNS}
        with self._cache_lock:
            self._cache[match.id] = (match.undos, match.ply, state, row)
            self._cache.move_to_end(match.id)
            while len(self._cache) > self.CACHE_SIZE:
                self._cache.popitem(last=False)

    def create(
        self,
        level: str,
        target: int | None = None,
        preset: str | None = None,
        seed: int | None = None,
        seats: Sequence[str | None] = (),
        creator: str = "",
        clock: int | None = None,
        game: str | None = None,
        players: int = 2,
        **options: Any,
    ) -> Match:
        """A new match of `game` (the first registered by default): a preset with a target (None:
        the preset's) and any of the game's declared options (`rules_for`); `seats`: who sits after
        the creator (`person`, a level, or None for `level`); `clock`: the seconds each person has
        for a move (app/seats.py). `seed` is for tests, players always get a random one. Nothing is
        stored if refused."""
        game = game or games.names()[0]
        rules = rules_for(game, preset, players, **options, **({} if target is None else {"target": target}))
        return self._create(level, rules, "match", seed, game=game, seats=seats, creator=creator, clock=clock)

    def create_game(
        self,
        game: str,
        level: str,
        rules: Any,
        seed: int | None = None,
        seats: Sequence[str | None] = (),
        creator: str = "",
        clock: int | None = None,
    ) -> Match:
        """A new match of the registered game `game` under `rules` (the game's own; its web part
        has checked the home form's options against the game); `creator`: seat 0's name, shown
        to the people `seats` invites; `clock` as for `create`."""
        return self._create(level, rules, "match", seed, game=game, seats=seats, creator=creator, clock=clock)

    def create_practice(self, level: str, seed: int | None = None) -> Match:
        """A free-practice round against `level`."""
        return self._create(level, PRACTICE_RULES, "practice", seed)

    def _create(
        self,
        level: str,
        rules: Any,
        mode: str,
        seed: int | None,
        game: str = "chaharbargh",
        seats: Sequence[str | None] = (),
        creator: str = "",
        clock: int | None = None,
    ) -> Match:
        if level not in LEVELS or any(choice not in (None, *SEAT_CHOICES) for choice in seats):
            raise Refused("bad_options")
        at = self.clock()
        match = Match(
            id=secrets.token_urlsafe(9),
            secret=secrets.token_urlsafe(24),
            seed=self.new_seed() if seed is None else seed,
            bot_seed=self.new_bot_seed(),
            salt=None if mode == "practice" else new_salt(),  # a practice proves nothing: no commitment
            rules=json.dumps(games.get(game).rules_to_dict(rules), sort_keys=True),
            level=level,
            mode=mode,
            game=game,
            seats=Seats.new(seats, level, creator=creator if PERSON in seats else "", clock=clock).to_json(),
            updated_at=at,  # where the first move's clock counts from
            due_at=at,  # the round owner looks at it at once: a computer may lead
            due_kind="check",
        )
        with write_session(self.engine) as session:
            session.add(match)
        self.due_written(at)
        return match

    def rematch(self, match_id: str, secret: str, seed: int | None = None) -> Match:
        """A new match with this one's settings (rules, level, mode and game, copied as stored)
        and a new deal: its seed is new (`seed` is for tests). Offered once the match is over.
        The rules are the game's `renewed` ones: a rule added since the match was stored is
        played as it is today (an All Fours match from before the cut for the deal cuts in its
        rematch).

        Asked again (a double click, a retried request, a second tab), it leads to the match the
        first one made: that match is noted on this one in the same transaction, under this
        row's lock, so two racing requests store one match between them. At a shared table the
        same people sit in the same seats with new addresses: whichever of them asks is sent to
        their own (`secret_of`)."""
        with write_session(self.engine) as session:
            connection = session.connection()
            match, seat = _get(connection, match_id, secret, lock=True)
            made = session.get(Match, match.rematch) if match.rematch is not None else None
            if made is not None:  # (None too if it has been pruned since: then a new one)
                return made
            kept = match.model_dump(include={"rules", "level", "mode", "game"})
            kept["seats"] = Seats.from_json(match.seats, match.level).renewed().to_json()
            game = game_of(match)
            rules = game.renewed(game.rules_from_dict(json.loads(kept["rules"])))
            kept["rules"] = json.dumps(game.rules_to_dict(rules), sort_keys=True)
            made = Match(
                id=secrets.token_urlsafe(9),
                secret=secrets.token_urlsafe(24),
                seed=self.new_seed() if seed is None else seed,
                bot_seed=self.new_bot_seed(),
                salt=None if kept["mode"] == "practice" else new_salt(),  # its own commitment
                **kept,
                updated_at=self.clock(),
                due_at=self.clock(),
                due_kind="check",
            )
            session.add(made)
            session.flush()
            match.version += 1
            connection.execute(
                update(MATCH).where(MATCH.c.id == match.id).values(rematch=made.id, version=match.version)
            )
        match.rematch = made.id
        self._forget(match.id)
        self._announce(match)  # the other people's tables offer them their seats in it
        self.due_written(self.clock())
        return made

    def invited(self, match_id: str, code: str) -> tuple[Match, int]:
        """The match and the person seat an invite code names (claimed or not); `NotFound` if none."""
        with read_session(self.engine) as session:
            row = _row(session.connection(), match_id)
            seat = None if row is None else Seats.from_json(row["seats"], row["level"]).seat_of_invite(code)
            if row is None or seat is None:
                raise NotFound(match_id)
            return _match_of(row), seat

    def claim(self, match_id: str, code: str, name: str) -> tuple[Match, int]:
        """The seat an invite names, taken by the person `name`: first come, under the match row's
        lock, so two people racing for one seat get it once (the second is refused, 409). The
        caller sends the claimer to the seat's own address (`secret_of`)."""
        with write_transaction(self.engine) as connection:
            row = _row(connection, match_id, lock=True)
            seats = None if row is None else Seats.from_json(row["seats"], row["level"])
            seat = None if seats is None else seats.seat_of_invite(code)
            if row is None or seats is None or seat is None:
                raise NotFound(match_id)
            if seats.claimed(seat):
                raise Refused("seat_taken", 409)
            match = _match_of(row)
            match.seats = seats.claim(seat, name).to_json()
            _save_seats(connection, match, self.clock())  # the match may start now: its clock too
        self._forget(match_id)
        self._announce(match)
        return match, seat

    def fill(self, match_id: str, secret: str) -> Loaded:
        """The creator gives every seat nobody has taken to a computer at the match's level, so
        the match starts without them. Only the creator's address may (403 for another seat's)."""
        with write_transaction(self.engine) as connection:
            match, seat = _get(connection, match_id, secret, lock=True)
            if seat != HUMAN:
                raise Refused("not_creator", 403)
            seats = Seats.from_json(match.seats, match.level)
            if seats.waiting:
                match.seats = seats.fill().to_json()
                _save_seats(connection, match, self.clock())
            state = self._state(connection, match)
        self._forget(match_id)
        if seats.waiting:
            self._announce(match)
        return Loaded(match, state, changed=seats.waiting, seat=seat)

    def say(self, match_id: str, secret: str, phrase: str) -> Loaded:
        """The person at this address says a quick phrase (`seats.PHRASES`) to the others at a
        shared table: shown beside their seat for a few seconds on every table. One every
        `PHRASE_GAP` seconds (429 sooner, with the whole seconds left to wait); not at a one-person
        table, nor before every seat is taken (409). Only the seats column is written: the row's
        time, where the move clock counts from, is left alone."""
        with write_transaction(self.engine) as connection:
            match, seat = _get(connection, match_id, secret, lock=True)
            seats = Seats.from_json(match.seats, match.level)
            if phrase not in PHRASES:
                raise Refused("garbage")
            if not seats.shared:
                raise Refused("no_phrases", 409)
            if seats.waiting:  # nobody to say it to yet: the table offers no phrases either
                raise Refused("waiting_players", 409)
            at = self.clock().timestamp()
            if wait := seats.must_wait(seat, at):
                raise Refused("phrase_too_soon", 429, retry_after=max(1, math.ceil(wait)))
            match.seats = seats.say(seat, phrase, at).to_json()
            match.version += 1
            connection.execute(
                update(MATCH).where(MATCH.c.id == match.id).values(seats=match.seats, version=match.version)
            )
            state = self._state(connection, match)
        self._forget(match_id)
        return self._answered(match, state, seat)

    def _answered(self, match: Match, state: State, seat: int) -> Loaded:
        """The asking seat's table after its change, announced to the others (see `_announce`)."""
        answer = Loaded(match, state, changed=True, seat=seat)
        self._announce(match, answer)
        return answer

    def _announce(self, match: Match, answered: Loaded | None = None) -> None:
        """Tell the open tables of a match that it changed, once the change is committed: every
        person's (the computer's moves reach a one-person table on its stream) and anyone
        watching through the watch link. `answered`: the table the asking seat's own request
        answers with: that seat's stream need not send it again (app/live.py). This process's
        round owner is told of a due time written (app/round_owner.py)."""
        self.news.publish(match.id, None if answered is None else (answered.seat, answered.version))
        if match.due_at is not None:
            self.due_written(match.due_at)

    def _forget(self, match_id: str) -> None:
        """Drop this process's kept copy of a match whose row changed outside a move."""
        with self._cache_lock:
            self._cache.pop(match_id, None)

    def rematch_address(self, loaded: Loaded) -> str | None:
        """At a shared table whose rematch someone has asked for: the asking seat's address in it
        (`/m/{id}/{secret}`), so each person finds their own new seat; None otherwise."""
        match = loaded.match
        if match.rematch is None or not loaded.seats.shared:
            return None
        with read_session(self.engine) as session:
            made = session.get(Match, match.rematch)
        return None if made is None else f"/m/{made.id}/{self.secret_of(made, loaded.seat)}"

    @staticmethod
    def secret_of(match: Match, seat: int) -> str:
        """The secret of the table address of the person at `seat` (0: the match's own)."""
        return Seats.from_json(match.seats, match.level).secret(seat) or match.secret

    def stored_moves(self, loaded: Loaded) -> list[str]:
        """The match's stored moves in order, in the engine's text form (the replay reads them)."""
        with read_session(self.engine) as session:
            query = select(MoveRow.move).where(MoveRow.match_id == loaded.match.id).order_by(col(MoveRow.ply))
            return list(session.exec(query).all())

    def standins(self, match_id: str) -> frozenset[int]:
        """The plies of the moves the computer played for a person whose move clock ran out."""
        with read_session(self.engine) as session:
            query = select(MoveRow.ply).where(MoveRow.match_id == match_id, col(MoveRow.standin))
            return frozenset(session.exec(query).all())

    def state_at(self, loaded: Loaded, ply: int) -> tuple[Any, int, int]:
        """A finished match's replay: the state after its first `ply` moves (clamped to the
        match's length), the ply used and the number of moves, for either game's engine."""
        moves = self.stored_moves(loaded)
        ply = max(0, min(ply, len(moves)))
        game = game_of(loaded.match)
        state = game.new_match(loaded.match.seed, loaded.state.rules)
        for text in moves[:ply]:
            state = game.apply(state, game.parse_move(text))
        return state, ply, len(moves)

    def _last_seen(self, match_id: str, secret: str, ply: int) -> Loaded | None:
        """The table at `ply` as this process last wrote or read it, without asking the database;
        None if it has none at that ply. Only a guess at where the match stands now (another
        process, or a practice undo, may have moved it on): what is written on it is checked
        against the database first."""
        with self._cache_lock:
            hit = self._cache.get(match_id)
        seat = None if hit is None or hit[1] != ply else seat_of(hit[3], secret)
        if hit is None or seat is None:
            return None
        return Loaded(_match_of(hit[3]), hit[2], seat=seat)

    def load(self, match_id: str, secret: str) -> Loaded:
        with read_session(self.engine) as session:
            connection = session.connection()
            match, seat = _get(connection, match_id, secret)
            return Loaded(match, self._state(connection, match), seat=seat)

    def watched(self, match_id: str, code: str) -> Loaded:
        """The match as someone with its watch link may see it (`seats.watch_code`); `NotFound`
        for a wrong code, and for a practice round (nobody watches a lesson)."""
        with read_session(self.engine) as session:
            connection = session.connection()
            row = _row(connection, match_id)
            if row is None or row["mode"] == "practice":
                raise NotFound(match_id)
            if not hmac.compare_digest(watch_code(row["secret"]).encode(), code.encode()):
                raise NotFound(match_id)
            match = _match_of(row)
            return Loaded(match, self._state(connection, match), watching=True)

    def listed(self, entries: list[tuple[str, int]]) -> list[Loaded]:
        """The matches with these ids, each as the person at its seat sees it (from this
        browser's signed cookie), newest first."""
        if not entries:
            return []
        seats = dict(entries)
        with read_session(self.engine) as session:
            matches = session.exec(select(Match).where(col(Match.id).in_(list(seats)))).all()
            loaded = [Loaded(m, self._state(session.connection(), m), seat=seats[m.id]) for m in matches]
        return sorted(loaded, key=lambda x: x.match.updated_at, reverse=True)

    def _write(self, connection: Connection, match: Match, state: State, move: object, standin: bool = False) -> State:
        """Store `move` at the match's ply and advance the (locked, detached) match row by one;
        `standin`: the computer plays it for a person whose clock ran out."""
        game = game_of(match)
        after = game.apply(state, move)
        row = {
            "match_id": match.id,
            "ply": match.ply,
            "seat": game.turn(state),
            "move": str(move),
            "standin": standin,
            "created_at": now(),
        }
        connection.execute(INSERT_MOVE, row)  # the unique (match, ply) refuses a second move here
        match.ply += 1
        match.status = "over" if Loaded(match, after).over else "playing"
        _save(connection, match, match.ply - 1, match.undos, self.clock(), self._due(after))
        return after

    def _due(self, state: State) -> Due:
        """What will be due at a match row once it is written at `state`."""
        return lambda match: Loaded(match, state).due(self.pauses)

    def _current(self, match_id: str, secret: str) -> Loaded:
        """The table as stored now: the answer to a request that lost a race in the database."""
        return self.load(match_id, secret)

    def play(
        self, match_id: str, secret: str, ply: int, move: object, undos: int | None = None, game: str | None = None
    ) -> Loaded:
        """The human's move, if the match is still at `ply` (and, when given, after `undos` undos).
        `move` is the game's move or its text; `game`, when given, must be the match's game."""
        try:
            with write_transaction(self.engine) as connection:
                match, seat = _get(connection, match_id, secret, lock=True)
                if game is not None and game != match.game:  # a move form of another game
                    raise Refused("garbage")
                state = self._state(connection, match)
                if ply != match.ply or (undos is not None and undos != match.undos):
                    return Loaded(match, state, seat=seat)
                here = Loaded(match, state, seat=seat)
                if here.over:
                    raise Refused("practice_over" if match.mode == "practice" else "match_over", 409)
                if here.sheet_pending:
                    raise Refused("round_sheet", 409)
                if here.waiting:
                    raise Refused("waiting_players", 409)
                if here.turn != seat:
                    raise Refused("not_your_turn", 409)
                try:  # the match's own game reads the move (another game's move form is garbage to it)
                    move = game_of(match).parse_move(str(move))
                except ValueError:
                    raise Refused("garbage") from None
                if seat in here.seats.away:  # a person whose clock ran out is back: their seat is theirs
                    match.seats = here.seats.back(seat).to_json()
                try:
                    state = self._write(connection, match, state, move)
                except IllegalMove as illegal:  # its reason says which rule refused it
                    raise Refused(illegal.reason) from None
        except (Conflict, IntegrityError):
            return self._current(match_id, secret)
        self._keep(match, state)
        return self._answered(match, state, seat)

    def computer(self, match_id: str, secret: str, ply: int) -> Loaded:
        """The move of the computer seat to play, if the match is still at `ply` and it is a
        computer's turn: what a page asks (`POST …/computer`) when it wants it now rather than
        after the pause the round owner waits (a practice's "play now", a page without
        JavaScript). Two requests racing for one turn, or a request and the round owner, write it
        once; a practice undo followed by another move (the same ply, a new position) makes a
        stale answer a no-op.

        It thinks on the position this process kept at `ply` when it has it (the person's move
        just written, usually), so a move costs no read transaction before the write one; the
        write checks that position against the stored one as it would a freshly read one.
        """
        loaded = self._last_seen(match_id, secret, ply)
        if loaded is None or not loaded.computer_to_play:
            loaded = self.load(match_id, secret)
        if ply != loaded.ply or not loaded.computer_to_play:
            return loaded
        level = loaded.seats.level(loaded.turn)  # a computer seat's own level (the match's, for most)
        return self._play_for(loaded, secret, level, lambda here: here.computer_to_play)

    def play_due(self, match_id: str) -> bool:
        """The round owner's move at a match whose due time has come (app/round_owner.py): the
        computer seat's move after its pause, or, for a person whose move clock ran out by this
        server's clock, the computer's move at `CLOCK_LEVEL` (their seat is away until they move
        again). Nothing due yet (time was given back, a move came first): the row's due time is
        written again as the table now has it. True if a move was made."""
        with read_session(self.engine) as session:
            connection = session.connection()
            row = _row(connection, match_id)
            if row is None:  # pruned since
                return False
            match = _match_of(row)
            loaded = Loaded(match, self._state(connection, match))  # seat 0's: the match's own secret
        due = loaded.due(self.pauses)
        if due is not None and due[0] <= self.clock():
            if due[1] == "computer":
                level = loaded.seats.level(loaded.turn)
                played = self._play_for(loaded, loaded.match.secret, level, lambda here: here.computer_to_play, False)
            else:
                played = self._play_for(loaded, loaded.match.secret, CLOCK_LEVEL, self._ran_out, False)
            return played.changed
        self._write_due(loaded, due)
        return False

    def _ran_out(self, here: Loaded) -> bool:
        left = here.seconds_left(self.clock())
        return left is not None and left <= 0

    def _write_due(self, loaded: Loaded, due: tuple[datetime, str] | None) -> None:
        """Write what is due at the table as `loaded` has it, if the row is still at its ply and
        undos (a move since has written its own)."""
        match = loaded.match
        at, kind = due or (None, None)
        with write_transaction(self.engine) as connection:
            connection.execute(
                update(MATCH)
                .where(MATCH.c.id == match.id, MATCH.c.ply == match.ply, MATCH.c.undos == match.undos)
                .values(due_at=at, due_kind=kind)
            )
        if at is not None:
            self.due_written(at)

    def _play_for(
        self, loaded: Loaded, secret: str, level: str, still: Callable[[Loaded], bool], asked: bool = True
    ) -> Loaded:
        """The computer's move at `level` for the seat to play in `loaded`, written if the match
        is still at that ply in that position and `still` holds of it as stored. `asked`: a
        seat's own request, whose answer its stream need not send again (not so for the round
        owner's moves: every table is sent them)."""
        seat_to_play, ply = loaded.turn, loaded.ply
        game = game_of(loaded.match)
        move = game.bot(level, seed=bot_seed(loaded.match, ply), **self.bot_settings.get(level, {})).choose(
            game.observation(loaded.state, seat_to_play)
        )
        match_id = loaded.match.id
        try:
            with write_transaction(self.engine) as connection:
                match, seat = _get(connection, match_id, secret, lock=True)
                state = self._state(connection, match)
                here = Loaded(match, state, seat=seat)
                if ply != match.ply or state != loaded.state or not still(here):
                    return here
                standin = here.seats.person(seat_to_play)  # a person's clock ran out: their seat is away
                if standin:
                    match.seats = here.seats.away_from(seat_to_play).to_json()
                state = self._write(connection, match, state, move, standin)
        except (Conflict, IntegrityError):
            return self._current(match_id, secret)
        self._keep(match, state)
        if not asked:
            self._announce(match)
            return Loaded(match, state, changed=True, seat=seat)
        return self._answered(match, state, seat)

    def next_round(self, match_id: str, secret: str, ply: int) -> Loaded:
        """The player has read the round's score sheet shown at `ply`.

        No move is made while a sheet is up, so the ply names the sheet: a stale click (an
        older sheet's, from a second tab, or a second click on this one) changes nothing and
        says so (`changed` is False). On a finished match there is no next round: 409.
        """
        try:
            with write_transaction(self.engine) as connection:
                match, seat = _get(connection, match_id, secret, lock=True)
                state = self._state(connection, match)
                if Loaded(match, state).over:
                    raise Refused("practice_over" if match.mode == "practice" else "match_over", 409)
                if ply != match.ply or not Loaded(match, state).sheet_pending:
                    return Loaded(match, state, seat=seat)
                match.rounds_seen = game_of(match).rounds_played(state)
                _save(connection, match, match.ply, match.undos, self.clock(), self._due(state))
        except Conflict:
            return self._current(match_id, secret)
        return self._answered(match, state, seat)  # once committed: a table reading it now sees the next round

    def undo(self, match_id: str, secret: str, ply: int, undos: int | None = None) -> Loaded:
        """Practice: take back the person's last move and the computer's answer to it, at any time
        until the round ends. `ply` is the table the player saw: an undo asked from it takes back
        the last move the person had made by then (the computer may have answered since).

        Moves are otherwise never changed; a practice keeps no score, so taking one back loses
        nothing. An answer that ended a deal is taken back too: the player has then seen the next
        deal's cards, which the same seed deals again (practice is for learning; it hides nothing
        the player was not shown). `match.undos` counts undos, so that forms and cached states
        from before one are known to be stale: a replayed undo (a double click) changes nothing.
        """
        try:
            with write_session(self.engine) as session:
                connection = session.connection()
                match, seat = _get(connection, match_id, secret, lock=True)
                state = self._state(connection, match)
                if match.mode != "practice":
                    raise Refused("no_undo", 409)
                if ply > match.ply or (undos is not None and undos != match.undos):
                    return Loaded(match, state, seat=seat)  # a replayed undo: it was done already
                if Loaded(match, state).over:
                    raise Refused("practice_over", 409)
                mine = session.exec(  # the person's last move made by the table the player saw
                    select(MoveRow.ply)
                    .where(MoveRow.match_id == match.id, MoveRow.seat == HUMAN, MoveRow.ply < ply)
                    .order_by(col(MoveRow.ply).desc())
                    .limit(1)
                ).first()
                if mine is None:
                    raise Refused("undo_nothing", 409)
                session.exec(delete(MoveRow).where(col(MoveRow.match_id) == match.id, col(MoveRow.ply) >= mine))
                read_ply = match.ply
                match.ply = mine
                match.undos += 1
                match.status = "playing"
                before = replay(connection, match)
                _save(connection, match, read_ply, match.undos - 1, self.clock(), self._due(before))
        except Conflict:
            return self._current(match_id, secret)
        self._keep(match, before)
        return self._answered(match, before, seat)

    @staticmethod
    def _hint_key(loaded: Loaded) -> tuple[str, int, MatchState]:
        """A hint depends on the position and the match's seed for the ply, so it is kept by
        (match, ply, position): tapping cards with hints on, and the same position again after an
        undo (the ply and position come back, the undo count does not), reuse it."""
        return (loaded.match.id, loaded.ply, loaded.state)

    def hint_cached(self, loaded: Loaded) -> bool:
        """Whether this table's hint is in this process's cache (costs nothing: not rate-limited)."""
        with self._cache_lock:
            return self._hint_key(loaded) in self._hints

    def hints(self, loaded: Loaded) -> dict[Move, float]:
        """Practice: each legal move's value as the pro sees it from the human's seat.

        The pro decides from the human's observation only, so a hint reveals nothing hidden;
        a fixed number of worlds and a seed from the position make the same hint every time.
        """
        if not loaded.practice or not loaded.human_to_play:
            raise Refused("no_hint", 409)
        key = self._hint_key(loaded)
        with self._cache_lock:
            hit = self._hints.get(key)
            if hit is not None:
                self._hints.move_to_end(key)
        if hit is not None:
            return hit
        # every move in every world (no pruning): a hint compares every card, not just the best
        values = move_values(observation(loaded.state, HUMAN), bot_seed(loaded.match, loaded.ply) ^ 0x5EED, HINT_WORLDS)
        with self._cache_lock:
            self._hints[key] = values
            while len(self._hints) > self.CACHE_SIZE:
                self._hints.popitem(last=False)
        return values
