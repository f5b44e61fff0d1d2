"""Creating matches and seating people: a new match or practice, a rematch, an invite claimed,
the empty seats given to computers, and a quick phrase said at a shared table. Who sits where is
app/seats.py's; this module writes it under the match row's lock (app/store.py)."""

from __future__ import annotations

import json
import math
import secrets
from collections.abc import Sequence
from typing import Any

from sqlalchemy import update

from engine import Rules, games
from engine.fairness import new_salt
from engine.options import rules_with

from .db import read_session, write_session, write_transaction
from .models import MADE_SECRET, Match
from .people import ensure_person
from .push import queue
from .refusals import NotFound, Refused
from .seat_writes import insert_seats, save_seats, write_seats
from .seats import CREATOR, PERSON, PHRASES, SEAT_CHOICES, Seats
from .store import (
    MATCH,
    Store,
    _match_of,
    _row,
    seats_of,
)
from .summary import summarize
from .table import Table, game_of

LEVELS = ("easy", "medium", "pro")
PLAYERS = (2, 3, 4)  # four play as two teams: the person and the computer opposite against the other two
PRACTICE_RULES = Rules()  # free practice: one round under the table rules


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


class Hosting(Store):
    """New matches and who sits at them."""

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
        person: str | None = None,
        casual: bool = False,
        **options: Any,
    ) -> Match:
        """A new match of `game` (the first registered by default): a preset with a target (None:
        the preset's) and any of the game's declared options (`rules_for`); `seats`: who sits after
        the creator (`person`, a level, or None for `level`); `clock`: the seconds each person has
        for a move (app/seats.py); `person`: who makes it (`Person.id`, app/people.py); `casual`:
        it moves no rating (app/ratings.py). `seed` is for tests, players always get a random one.
        Nothing is stored if refused."""
        game = game or games.names()[0]
        rules = rules_for(game, preset, players, **options, **({} if target is None else {"target": target}))
        return self._create(level, rules, "match", seed, game, seats, creator, clock, person, casual)

    def create_game(
        self,
        game: str,
        level: str,
        rules: Any,
        seed: int | None = None,
        seats: Sequence[str | None] = (),
        creator: str = "",
        clock: int | None = None,
        person: str | None = None,
        casual: bool = False,
    ) -> Match:
        """A new match of the registered game `game` under `rules` (the game's own; its web part
        has checked the home form's options against the game); `creator`: seat 0's name, shown
        to the people `seats` invites; `clock`, `person` and `casual` as for `create`."""
        return self._create(level, rules, "match", seed, game, seats, creator, clock, person, casual)

    def create_practice(self, level: str, seed: int | None = None, person: str | None = None) -> Match:
        """A free-practice round against `level`, for `person`."""
        return self._create(level, PRACTICE_RULES, "practice", seed, person=person)

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
        person: str | None = None,
        casual: bool = False,
    ) -> Match:
        if level not in LEVELS or any(choice not in (None, *SEAT_CHOICES) for choice in seats):
            raise Refused("bad_options")
        # where the first move's clock counts from, and when the round owner first looks at the
        # table (a computer may lead)
        at = self.clock()
        count = games.get(game).seats_of(rules)
        if len(seats) >= count:
            raise Refused("bad_options")
        choices = [*seats, *[None] * (count - 1 - len(seats))]  # every seat has its row
        sitting = Seats.new(choices, level, creator=creator if PERSON in seats else "", clock=clock, creator_id=person)
        match = Match(
            id=secrets.token_urlsafe(9),
            seed=self.new_seed() if seed is None else seed,
            bot_seed=self.new_bot_seed(),
            salt=None if mode == "practice" else new_salt(),  # a practice proves nothing: no commitment
            rules=json.dumps(games.get(game).rules_to_dict(rules), sort_keys=True),
            level=level,
            mode=mode,
            game=game,
            clock=sitting.clock,
            casual=casual,
            updated_at=at,
            due_at=at,
            due_kind="check",
        )
        summarize(match, games.get(game).new_match(match.seed, rules), at)  # each side at 0, in play
        sitting = sitting.keyed(self.addresses, match.id)
        match.__dict__[MADE_SECRET] = sitting.secret(CREATOR)  # for the caller, never written
        with write_session(self.engine) as session:
            connection = session.connection()
            if person is not None:
                ensure_person(connection, person, at)
            session.add(match)
            session.flush()
            insert_seats(connection, match.id, sitting, at)
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
            match, seats, seat = self._locked(connection, match_id, secret)
            made = session.get(Match, match.rematch) if match.rematch is not None else None
            if made is not None:  # (None too if it has been pruned since: then a new one)
                return made
            kept = match.model_dump(include={"rules", "level", "mode", "game", "clock", "casual"})
            game = game_of(match)
            rules = game.renewed(game.rules_from_dict(json.loads(kept["rules"])))
            kept["rules"] = json.dumps(game.rules_to_dict(rules), sort_keys=True)
            made = Match(
                id=secrets.token_urlsafe(9),
                seed=self.new_seed() if seed is None else seed,
                bot_seed=self.new_bot_seed(),
                salt=None if kept["mode"] == "practice" else new_salt(),  # its own commitment
                **kept,
                updated_at=self.clock(),
                due_at=self.clock(),
                due_kind="check",
            )
            summarize(made, game.new_match(made.seed, rules), self.clock())
            renewed = seats.renewed().keyed(self.addresses, made.id)
            made.__dict__[MADE_SECRET] = renewed.secret(CREATOR)  # for the caller, never written
            session.add(made)
            session.flush()
            insert_seats(connection, made.id, renewed, self.clock())
            match.version += 1
            connection.execute(
                update(MATCH).where(MATCH.c.id == match.id).values(rematch=made.id, version=match.version)
            )
            others = [n for n in seats.people if n != seat]  # each is told at their own table, which offers it
            queued = queue(connection, match, seats, others, "rematch", self.clock(), seats.name(seat))
        match.rematch = made.id
        self._forget(match.id)
        self._announce(match, queued=queued)  # the other people's tables offer them their seats in it
        self.due_written(self.clock())
        return made

    def invited(self, match_id: str, code: str) -> tuple[Match, int]:
        """The match and the person seat an invite code names (claimed or not); `NotFound` if none."""
        with read_session(self.engine) as session:
            connection = session.connection()
            row = _row(connection, match_id)
            seats = None if row is None else seats_of(connection, match_id, row["level"], row["clock"], self.addresses)
            seat = None if row is None or seats is None else seats.seat_of_invite(code)
            if row is None or seat is None:
                raise NotFound(match_id)
            return _match_of(row), seat

    def claim(self, match_id: str, code: str, name: str, person: str | None = None) -> tuple[Match, int]:
        """The seat an invite names, taken by `person` (`Person.id`) named `name`: first come,
        under the match row's lock, so two people racing for one seat get it once (the second is
        refused, 409). The caller sends the claimer to the seat's own address (`secret_of`)."""
        with write_transaction(self.engine) as connection:
            row = _row(connection, match_id, lock=True)
            seats = None if row is None else seats_of(connection, match_id, row["level"], row["clock"], self.addresses)
            seat = None if seats is None else seats.seat_of_invite(code)
            if row is None or seats is None or seat is None:
                raise NotFound(match_id)
            if seats.claimed(seat):
                raise Refused("seat_taken", 409)
            match, at = _match_of(row), self.clock()
            if person is not None:
                ensure_person(connection, person, at, name)
            save_seats(connection, match, seats, seats.claim(seat, name, person), at)  # the match may start now
            others = [n for n in seats.people if n != seat and seats.claimed(n)]
            queued = queue(connection, match, seats, others, "seat", at, name)  # "X took their seat", to the others
        self._forget(match_id)
        self._announce(match, queued=queued)
        return match, seat

    def fill(self, match_id: str, secret: str) -> Table:
        """The creator gives every seat nobody has taken to a computer at the match's level, so
        the match starts without them. Only the creator's address may (403 for another seat's)."""
        with write_transaction(self.engine) as connection:
            match, seats, seat = self._locked(connection, match_id, secret)
            if seat != CREATOR:
                raise Refused("not_creator", 403)
            filled = seats.fill()
            if seats.waiting:
                save_seats(connection, match, seats, filled, self.clock())
            state = self._state(connection, match)
        self._forget(match_id)
        if seats.waiting:
            self._announce(match)
        return Table(match, state, filled, changed=seats.waiting, seat=seat)

    def say(self, match_id: str, secret: str, phrase: str) -> Table:
        """The person at this address says a quick phrase (`seats.PHRASES`) to the others at a
        shared table: shown beside their seat for a few seconds on every table. One every
        `PHRASE_GAP` seconds (429 sooner, with the whole seconds left to wait); not at a one-person
        table, nor before every seat is taken (409). Only the seat row is written: the match row's
        time, where the move clock counts from, is left alone."""
        with write_transaction(self.engine) as connection:
            match, seats, seat = self._locked(connection, match_id, secret)
            if phrase not in PHRASES:
                raise Refused("garbage")
            if not seats.shared:
                raise Refused("no_phrases", 409)
            if seats.waiting:  # nobody to say it to yet: the table offers no phrases either
                raise Refused("waiting_players", 409)
            at = self.clock().timestamp()
            if wait := seats.must_wait(seat, at):
                raise Refused("phrase_too_soon", 429, retry_after=max(1, math.ceil(wait)))
            said = seats.say(seat, phrase, at)
            write_seats(connection, match.id, seats, said, self.clock())
            match.version += 1
            connection.execute(update(MATCH).where(MATCH.c.id == match.id).values(version=match.version))
            state = self._state(connection, match)
        self._forget(match_id)
        return self._answered(match, state, said, seat)

    def rematch_address(self, loaded: Table) -> str | None:
        """At a shared table whose rematch someone has asked for: the asking seat's address in it
        (`/m/{id}/{secret}`), so each person finds their own new seat; None otherwise."""
        match = loaded.match
        if match.rematch is None or not loaded.seats.shared:
            return None
        with read_session(self.engine) as session:
            made = session.get(Match, match.rematch)
        return None if made is None else f"/m/{made.id}/{self.secret_of(made, loaded.seat)}"

    def secret_of(self, match: Match, seat: int) -> str:
        """The secret of the table address of the person at `seat` (a computer's seat: the
        creator's), worked out from the seat's row and the server's key."""
        with read_session(self.engine) as session:
            seats = seats_of(session.connection(), match.id, match.level, match.clock, self.addresses)
        return seats.secret(seat) or seats.secret(CREATOR) or ""
