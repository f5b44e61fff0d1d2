"""Who sits at a match: each seat a person or a computer at a level.

Seat 0 is the person who made the match. Every person seat has its own table address,
`/m/{id}/{seat secret}`, and each one after the creator's an invite code: the invite link is
`/m/{id}/join/{code}`. Neither is stored: a seat's row keeps a nonce and their hashes, and the
server works them out again with its key (`SeatKey`, app/addresses.py). The first
person to claim it (a POST from the invite's page: a link preview fetching the address claims
nothing) is sent to the seat's address; the invite then says the seat is taken. Each seat is a
row (`SeatRow`, app/models.py; `from_rows` and `row` read and write them); a person seat names
the person who sits there (`Person`, made when a browser first takes a seat).

>>> seats = Seats((), "medium")
>>> seats.person(0), seats.person(1), seats.level(1)
(True, False, 'medium')
>>> shared = Seats.new(["person", "pro"], "easy").keyed(Addresses("server key"), "m1")
>>> invite = shared.invite(1) or ""
>>> shared.level(2), shared.waiting, shared.seat_of_invite(invite), shared.seat_of_secret(invite)
('pro', True, 1, None)
>>> shared.claim(1, "Maryam", "p1").waiting, shared.claim(1, "Maryam", "p1").person_of(1)
(False, 'p1')

A table with people has a move clock (`clock` seconds a move, 60 unless the creator chose
another; 0 is none). When a person's clock runs out the computer plays their move at medium and
their seat is away (`away`); an away seat's turn is played after `AWAY_SECONDS` (less, if the
clock is shorter), and the person is back at their next move. Both count from the turn's start,
as the computer's pause does, and none counts the time no server was up (app/heartbeat.py).

>>> shared.clock, shared.move_seconds(1), shared.away_from(1).move_seconds(1), shared.away_from(1).back(1).away
(60, 60, 10, ())
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from .addresses import Addresses, SeatKey, new_nonce
from .db import utc
from .once import cached_property

CREATOR = 0
"""The creator's seat: the person who made the match sits at seat 0."""
PERSON = "person"
COMPUTER = "computer"  # a seat row's kind, beside PERSON
SEAT_CHOICES = (PERSON, "easy", "medium", "pro")  # what the home form's seat1 … seat3 may say
NAME_LENGTH = 24  # a display name's most characters
# The name of a seat whose person deleted themselves: shown as the catalog's "former_player" in
# the viewer's language; its first character (U+2060, a format character) is one no name may hold.
FORMER = "\u2060former_player"
CLOCK_DEFAULT = 60  # seconds a move, at a table with people (the creator may choose 0, none)
CLOCK_RANGE = (15, 300)  # a live table's clocks: the form takes any number of seconds between
SLOW_CLOCKS = (3600, 28800, 86400, 259200)  # a slow table's: 1 h, 8 h, 1 day, 3 days, only these
SLOW_CLOCK = SLOW_CLOCKS[0]  # from this clock up a table is slow: played over hours or days
LONGEST_CLOCK = SLOW_CLOCKS[-1]
AWAY_SECONDS = 10  # an away person's turn: time to tap a card and be back, before the computer plays
PHRASES = ("bravo", "well_played", "hurry", "good_luck", "oops", "thanks")  # the quick phrases: no free text
PHRASE_SECONDS = 8  # how long a phrase shows beside its seat
PHRASE_GAP = 3  # seconds a person waits between two phrases


@lru_cache(maxsize=256)  # an HMAC, for every table drawn of a match in play
def watch_code(match_secret: str) -> str:
    """The code of a match's watch link, `/m/{id}/watch/{code}`: 192 bits of an HMAC of the
    creator's secret, so every match has one without storing it, the creator can pass it on,
    and it opens nothing but the spectator's view (the secret cannot be worked back from it).

    >>> len(watch_code("s3cret")), watch_code("s3cret") == watch_code("s3cret") != watch_code("other")
    (32, True)
    """
    digest = hmac.new(match_secret.encode(), b"chaharbargh watch link", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


@dataclass(frozen=True)
class Seat:
    """One seat after the creator's: a person (their address and invite, their name once
    claimed) or a computer (its level)."""

    level: str | None = None  # a computer's level; None for a person
    key: SeatKey | None = None  # a person's address and invite code
    name: str = ""  # the display name its person gave
    claimed: bool = False  # a person has taken the seat through its invite
    person_id: str | None = None  # who took it (`Person.id`)

    @property
    def person(self) -> bool:
        return self.level is None


@dataclass(frozen=True)
class Seats:
    """The seats after the creator's (seat 0 is always the creator, a person), as stored in
    its seat rows (`from_rows`); `default` is the match's level, for seats without a row."""

    others: tuple[Seat, ...]
    default: str
    creator: str = ""  # seat 0's display name, once given
    clock: int = 0  # seconds a person has for a move (0: no clock); only a table with people has one
    away: tuple[int, ...] = ()  # the person seats whose clock ran out, played by the computer since
    said: tuple[tuple[int, str, float], ...] = ()  # each person's last quick phrase: seat, phrase, when (Unix time)
    creator_id: str | None = None  # who made the match (`Person.id`); None before people were rows
    creator_key: SeatKey | None = None  # seat 0's address

    @classmethod
    def new(
        cls,
        choices: Sequence[str | None],
        level: str,
        make_nonce: Callable[[], str] = new_nonce,
        creator: str = "",
        clock: int | None = None,
        creator_id: str | None = None,
    ) -> Seats:
        """From the home form's seat1 … seat3: `person`, a level, or None (a computer at `level`);
        `creator`: seat 0's name, `creator_id` its person; `clock`: seconds a move (None:
        `CLOCK_DEFAULT` with people). Their addresses are worked out once the match has its id
        (`keyed`)."""
        made, creator_key = [], SeatKey(make_nonce())
        for choice in choices:
            if choice == PERSON:
                made.append(Seat(key=SeatKey(make_nonce())))
            else:
                made.append(Seat(level=choice or level))
        people = any(seat.person for seat in made)
        clock = (CLOCK_DEFAULT if clock is None else clock) if people else 0
        return cls(tuple(made), level, creator, clock, creator_id=creator_id, creator_key=creator_key)

    def keyed(self, addresses: Addresses, match_id: str) -> Seats:
        """These seats with every person seat's address (and invite code) worked out from the
        server's key: how the store reads them (`from_rows`) and a new match makes them."""
        others = tuple(
            replace(s, key=addresses.keyed(match_id, n, s.key, invite=True)) if s.key is not None else s
            for n, s in enumerate(self.others, 1)
        )
        creator_key = None if self.creator_key is None else addresses.keyed(match_id, CREATOR, self.creator_key)
        return replace(self, others=others, creator_key=creator_key)

    @classmethod
    def from_rows(
        cls, rows: Sequence[Mapping[Any, Any]], level: str, clock: int = 0, addresses: Addresses | None = None
    ) -> Seats:
        """Who sits where, from a match's seat rows in seat order (`SeatRow`'s columns), the
        match's level (a seat without a row is a computer at it) and its move clock; with the
        server's `addresses`, each person seat's address and invite worked out (`keyed`)."""
        others, creator, creator_id, creator_key, away, said = [], "", None, None, [], []
        for row in rows:
            seat = row["seat"]
            key = None if row["nonce"] is None else SeatKey(row["nonce"], row["secret_hash"], row["invite_hash"])
            if seat == 0:
                creator, creator_id, creator_key = row["name"], row["person_id"], key
            else:
                others.append(
                    Seat(
                        level=row["level"] if row["kind"] == COMPUTER else None,
                        key=key,
                        name=row["name"],
                        claimed=row["kind"] == PERSON and row["claimed_at"] is not None,
                        person_id=row["person_id"],
                    )
                )
            if row["away_since"] is not None:
                away.append(seat)
            if row["phrase"] and row["phrase_at"] is not None:
                said.append((seat, row["phrase"], utc(row["phrase_at"]).timestamp()))
        made = cls(tuple(others), level, creator, clock, tuple(away), tuple(said), creator_id, creator_key)
        return made if addresses is None or not rows else made.keyed(addresses, rows[0]["match_id"])

    def row(self, seat: int, at: datetime) -> dict[str, Any]:
        """The columns of `seat`'s row as these seats have it (`at`: when a claim, an away seat
        or a phrase that has no time yet began: the caller keeps the stored time of one that
        was already so).

        >>> keys = Addresses("server key")
        >>> seats = Seats.new(["person", None], "easy", make_nonce=iter(["n0", "n1"]).__next__, creator="Ali")
        >>> seats = seats.keyed(keys, "m1")
        >>> at = datetime(2026, 12, 4, tzinfo=UTC)
        >>> rows = [{"match_id": "m1", "seat": n, **seats.row(n, at)} for n in range(3)]
        >>> [(r["kind"], r["level"], r["nonce"], r["claimed_at"] is not None) for r in rows]
        [('person', None, 'n0', True), ('person', None, 'n1', False), ('computer', 'easy', None, False)]
        >>> seats.secret(1) in str(rows), Seats.from_rows(rows, "easy", seats.clock, keys) == seats
        (False, True)
        """
        said = next(((phrase, when) for s, phrase, when in self.said if s == seat), None)
        # seat 0's person made the match: it is always taken
        s = Seat(name=self.creator, claimed=True, person_id=self.creator_id) if seat == 0 else self._seat(seat)
        key = self._key(seat)
        return {
            "kind": PERSON if s.person else COMPUTER,
            "level": s.level,
            "person_id": s.person_id,
            "nonce": key and key.nonce,
            "secret_hash": key and key.secret_hash,
            "invite_hash": key and key.invite_hash,
            "name": s.name,
            "claimed_at": at if s.claimed else None,
            "away_since": at if seat in self.away else None,
            "phrase": said[0] if said else None,
            "phrase_at": datetime.fromtimestamp(said[1], UTC) if said else None,
        }

    def _seat(self, seat: int) -> Seat:
        return self.others[seat - 1] if 0 < seat <= len(self.others) else Seat(level=self.default)

    def _key(self, seat: int) -> SeatKey | None:
        return self.creator_key if seat == CREATOR else self._seat(seat).key

    def person(self, seat: int) -> bool:
        return seat == 0 or self._seat(seat).person

    def level(self, seat: int) -> str:
        """A computer seat's level (the match's for a seat not listed)."""
        return self._seat(seat).level or self.default

    def secret(self, seat: int) -> str | None:
        """The secret of the person at `seat`'s table address, as worked out from the server's key."""
        key = self._key(seat)
        return None if key is None else key.secret

    def invite(self, seat: int) -> str | None:
        """A person seat's invite code (seat 0 has none), as worked out from the server's key."""
        key = self._key(seat) if seat != CREATOR else None
        return None if key is None else key.invite

    def name(self, seat: int) -> str:
        return self.creator if seat == 0 else self._seat(seat).name

    def person_of(self, seat: int) -> str | None:
        """Who sits at `seat` (`Person.id`), if a person known by id does."""
        return self.creator_id if seat == 0 else self._seat(seat).person_id

    @cached_property  # asked many times a table (every seat's name), and seats do not change once read
    def people(self) -> tuple[int, ...]:
        """The person seats, the creator's first."""
        return (0, *(i for i, s in enumerate(self.others, 1) if s.person))

    @cached_property
    def shared(self) -> bool:
        """More than one person sits at the table."""
        return len(self.people) > 1

    @cached_property  # seats do not change once read (a frozen dataclass)
    def waiting(self) -> bool:
        """A person seat nobody has claimed yet: the match waits for them."""
        return any(s.person and not s.claimed for s in self.others)

    def seat_of_secret(self, secret: str) -> int | None:
        """Which person seat an address's secret opens, else None (`SeatKey.opens`: in constant time)."""
        for seat in range(1 + len(self.others)):
            key = self._key(seat)
            if key is not None and key.opens(secret):
                return seat
        return None

    def seat_of_invite(self, code: str) -> int | None:
        """The seat an invite code names (claimed or not), else None."""
        for seat, s in enumerate(self.others, 1):
            if s.person and s.key is not None and s.key.admits(code):
                return seat
        return None

    def claimed(self, seat: int) -> bool:
        return seat == 0 or not self._seat(seat).person or self._seat(seat).claimed

    def claim(self, seat: int, name: str, person_id: str | None = None) -> Seats:
        """The person seat `seat` taken by the person `person_id` named `name`: its invite is used up."""
        others = list(self.others)
        others[seat - 1] = replace(others[seat - 1], claimed=True, name=name, person_id=person_id)
        return replace(self, others=tuple(others))

    def fill(self) -> Seats:
        """Every unclaimed person seat given to a computer at the match's level."""
        others = tuple(Seat(level=self.default) if s.person and not s.claimed else s for s in self.others)
        return replace(self, others=others)

    def renewed(self) -> Seats:
        """The same seats for a rematch: the same people (named as before) with new nonces for
        their new table addresses (worked out with the new match's id, `keyed`), and the same
        computers and clock; nobody is away."""
        others = tuple(replace(s, key=SeatKey(new_nonce())) if s.person else s for s in self.others)
        return replace(self, others=others, away=(), said=(), creator_key=SeatKey(new_nonce()))

    def move_seconds(self, seat: int) -> int:
        """How long the person at `seat` has for a move (0: for ever): the clock, or an away
        seat's shorter wait."""
        return min(self.clock, AWAY_SECONDS) if seat in self.away else self.clock

    def away_from(self, seat: int) -> Seats:
        """`seat`'s clock ran out: the computer plays for it until its person moves again."""
        return self if seat in self.away else replace(self, away=tuple(sorted((*self.away, seat))))

    def back(self, seat: int) -> Seats:
        """The person at `seat` moved: the seat is theirs again."""
        return replace(self, away=tuple(s for s in self.away if s != seat))

    def say(self, seat: int, phrase: str, at: float) -> Seats:
        """The person at `seat` says `phrase` (one of `PHRASES`) at Unix time `at`."""
        said = tuple(s for s in self.said if s[0] != seat) + ((seat, phrase, at),)
        return replace(self, said=said)

    def last_said(self, seat: int) -> float | None:
        """When the person at `seat` last said a phrase (Unix time), if ever."""
        return next((at for s, _, at in self.said if s == seat), None)

    def must_wait(self, seat: int, at: float) -> float:
        """The seconds after `at` before the person at `seat` may say another phrase (0: now).

        >>> seats = Seats((), "easy").say(1, "bravo", 100.0)
        >>> seats.must_wait(1, 101.0), seats.must_wait(1, 104.0), seats.must_wait(0, 101.0)
        (2.0, 0, 0)
        """
        last = self.last_said(seat)
        return 0 if last is None or at - last >= PHRASE_GAP else PHRASE_GAP - (at - last)

    def said_lately(self, at: float) -> dict[int, tuple[str, float]]:
        """The phrases said in the `PHRASE_SECONDS` before `at`, by seat, each with the seconds
        it has left to show.

        >>> seats = Seats((), "easy").say(1, "bravo", 100.0).say(0, "thanks", 104.0)
        >>> seats.said_lately(107.0), seats.said_lately(109.0), seats.last_said(1)
        ({1: ('bravo', 1.0), 0: ('thanks', 5.0)}, {0: ('thanks', 3.0)}, 100.0)
        """
        return {
            seat: (phrase, PHRASE_SECONDS - (at - when))
            for seat, phrase, when in self.said
            if 0 <= at - when < PHRASE_SECONDS
        }
