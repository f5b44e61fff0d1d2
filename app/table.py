"""A seat's table: a match row, its state rebuilt from the moves, and the seat that asks for it
(`Table`), with what the table shows from them: whose turn, the move clock, what is due next.

Every game is stored and replayed alike; a table asks the match's engine game (`game_of`) about
its state, never the state directly.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from engine import games
from engine.fairness import commitment
from engine.game import AnyGame

from .db import utc
from .models import Match, bot_seed_of
from .once import cached_property
from .seats import CREATOR, SLOW_CLOCK, Seats, watch_code

REMIND_AFTER = 0.75  # a slow move clock's reminder: once a quarter of the move's time is left

State = Any
"""A match's state, of whichever game it is (its engine game's own state type): the service
stores and replays every game alike and leaves the state to `Table.game`."""


def watch_key(seats: Seats) -> str:
    """The watch link's part of a table address after the match's id: `watch/{code}`, the code
    made from the creator's secret (`watch_code`)."""
    return f"watch/{watch_code(seats.secret(CREATOR) or '')}"


def commitment_of(match: Match) -> str | None:
    """The commitment the match's table shows from before its first card (engine/fairness.py),
    over the rules as its record will hold them; None for a match that made none (a practice,
    a match from before salts)."""
    if match.salt is None:
        return None
    return _commitment(match.game, match.rules, match.seed, bot_seed_of(match), match.salt)


@lru_cache(maxsize=1024)
def _commitment(name: str, rules_json: str, seed: int, bot_seed: int, salt: str) -> str:
    """The same match's commitment is drawn on every table it shows: worked out once (a hash of
    the rules as the record holds them, read from their JSON)."""
    game = games.get(name)
    rules = game.rules_to_dict(game.rules_from_dict(json.loads(rules_json)))
    return commitment(game.name, rules, seed, bot_seed, salt)


def game_of(match: Match) -> AnyGame:
    """The engine's game a match is of: its `game` column names it in the registry (`engine.games`);
    everything else the service does (storage, replay, compare-and-set, locking) is the same for every game."""
    return games.get(match.game)


def finished(match: Match, state: State) -> bool:
    """The match is won, or its practice round is over (a practice is one round)."""
    game = game_of(match)
    return game.winner(state) is not None or (match.mode == "practice" and game.rounds_played(state) > 0)


@dataclass(frozen=True)
class Pauses:
    """How long the computer waits before its move at a match, in milliseconds, so a person sees
    each move come (a practice's page asks for it after its own pause)."""

    computer_ms: int = 900


@dataclass(frozen=True)
class Table:
    """A match row, its state rebuilt from the moves and its seats, as the person at `seat` asked for it
    (their address's secret names the seat). `changed` tells if this request wrote a move.

    What follows from the state alone (`game`, `turn`, `over`, `view`) is worked out once per
    table: a render asks for them dozens of times, and the state never changes."""

    match: Match
    state: State
    seats: Seats  # who sits where: people and computers (app/seats.py)
    changed: bool = False
    seat: int = CREATOR  # none named: the creator's
    watching: bool = False  # someone watching through the watch link: seat 0's chair, no hand, no move

    @property
    def key(self) -> str:
        """What the asker's table address has after the match's id: their seat's secret, or for
        someone watching `watch/{code}` (`/m/{id}/{key}`)."""
        if self.watching:
            return watch_key(self.seats)
        return self.seats.secret(self.seat) or self.seats.secret(CREATOR) or ""

    @cached_property
    def view(self) -> Any:
        """What the asker may see: their seat's observation, or a spectator's (nothing private)."""
        return self.game.spectator(self.state) if self.watching else self.game.observation(self.state, self.seat)

    @property
    def waiting(self) -> bool:
        """A person seat is not taken yet: nobody plays until it is, or until the creator gives
        it to a computer."""
        return not self.over and self.seats.waiting

    @cached_property
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

    @cached_property
    def game(self) -> AnyGame:
        """The engine's game of this match: everything below asks it, never the state directly."""
        return games.get(self.match.game)

    @cached_property
    def over(self) -> bool:
        """The match is finished, or the practice round is (a practice is one round)."""
        return finished(self.match, self.state)

    @cached_property  # a write makes a new table: a table's row is not changed under it once read
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
        return (at - self.turn_began).total_seconds()

    @property
    def turn_began(self) -> datetime:
        """When this turn began: when the match row was last written."""
        return utc(self.match.updated_at)

    def due(self, pauses: Pauses) -> tuple[datetime, str] | None:
        """When this table next needs a move that no person makes, and which: the computer
        seat's move once its pause is over ("computer"), or the move the computer makes for a
        person whose move clock runs out then ("clock"). None while it waits only for people
        (or for nothing). Both count from the start of the turn, as the move clock does.

        >>> practice = Match(id="x", seed=1, rules="{}", level="easy", mode="practice")
        >>> Table(practice, None, Seats((), "easy")).due(Pauses())
        """
        if self.practice or not self._in_play:  # a practice's page asks: the pause is for taking a move back
            return None
        if not self.seats.person(self.turn):
            return self.turn_began + timedelta(milliseconds=pauses.computer_ms), "computer"
        seconds = self.seats.move_seconds(self.turn)
        return (self.turn_began + timedelta(seconds=seconds), "clock") if seconds else None

    @property
    def reminder_at(self) -> datetime | None:
        """When the person to play at a slow table is reminded of their turn: with a quarter of
        their move's time left. None elsewhere: a live clock's page is open, and an away seat's
        short turn is the computer's to play."""
        seats = self.seats
        if self.practice or not self._in_play or not seats.person(self.turn) or seats.clock < SLOW_CLOCK:
            return None
        if self.turn in seats.away:
            return None
        return self.turn_began + timedelta(seconds=seats.clock * REMIND_AFTER)

    def due_row(self, pauses: Pauses, at: datetime | None = None) -> tuple[datetime, str] | None:
        """What the match row is due next, as it is written: the reminder ("remind") while it is
        still ahead of `at` (always, for a turn that begins now), else `due`. A reminder past is
        not due again: a turn is reminded once, even when a restart has the row worked out anew."""
        remind = self.reminder_at
        if remind is not None and (at is None or at < remind):
            return remind, "remind"
        return self.due(pauses)

    @cached_property  # asked a dozen times a render (whose turn, the clock, what is due)
    def _in_play(self) -> bool:
        return not self.over and not self.sheet_pending and not self.seats.waiting

    @property
    def can_undo(self) -> bool:
        """Practice only, until the round ends: the person has made a move to take back (they lead
        every deal of a practice, so any move made means one of theirs)."""
        return self.practice and not self.over and self.ply > 0
