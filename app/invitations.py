"""The people a person played with, and "invite again": a new table with the same people.

Who played with whom and how it went is read from the lists' rows (`summary.Listed`): each
match's seat rows name its people and its summary the winning side, which the engine's
`side_of` matches to each seat. Nothing is replayed.

Inviting again makes a match of the same game, rules (as the game renews them), level, clock
and casual box as the last one played together; the asker takes seat 0 and everyone keeps their
place around the table from there (partners stay partners), each other person at a new
invited seat with an `Invitation` naming them. Their `/me` lists it while the seat waits; its
link is the seat's own invite, taken as any invite is (app/routes/seats.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import Engine, and_
from sqlalchemy import select as sa_select

from .addresses import Addresses
from .db import read_session, write_transaction
from .models import Invitation, Match, Person, SeatRow
from .push import queue_for
from .refusals import Refused
from .seating import Hosting
from .seats import PERSON, SEAT_CHOICES
from .summary import Listed

INVITATION, SEAT, MATCH = Invitation.__table__, SeatRow.__table__, Match.__table__  # type: ignore[attr-defined]
PERSON_ROW = Person.__table__  # type: ignore[attr-defined]


@dataclass
class PlayedWith:
    """Another person and the asker's record against them: finished matches where they sat on
    another side (won, lost, drawn), and every match together (`together`, partners too)."""

    person: str
    name: str  # the name they last sat under ("" for none)
    last: Listed  # the newest match played together
    won: int = 0
    lost: int = 0
    drawn: int = 0
    together: int = 0
    seen: set[str] = field(default_factory=set)


def played_with(items: list[Listed], me: str) -> list[PlayedWith]:
    """The people at `me`'s matches (`items`, newest first, each at `me`'s seat), the most
    recently met first."""
    found: dict[str, PlayedWith] = {}
    for item in items:
        for seat in item.seats.people:
            other = item.seats.person_of(seat)
            if seat == item.seat or other is None or other == me:
                continue
            entry = found.setdefault(other, PlayedWith(other, item.seats.name(seat), item))
            if item.match.id in entry.seen:  # one match counts once, whatever the seats
                continue
            entry.seen.add(item.match.id)
            entry.together += 1
            if item.over and item.game.side_of(item.rules, seat) != item.side:
                result = item.result
                entry.won += result == "won"
                entry.lost += result == "lost"
                entry.drawn += result == "tied"
    return list(found.values())


@dataclass(frozen=True)
class Open:
    """An invitation waiting for its person: the match, the seat's invite code, who asked."""

    match_id: str
    code: str
    game: str
    host: str  # seat 0's name
    at: datetime


class Invitations:
    """The invitations' rows, and the people's names the lists fall back on."""

    def __init__(self, engine: Engine, clock: Callable[[], datetime], addresses: Addresses):
        """`addresses`: the service's, which the invite codes are worked out with (app/addresses.py)."""
        self.engine, self.clock, self.addresses = engine, clock, addresses
        self.push_queued: Callable[[], None] = lambda: None  # the push sender's wake (app/push_send.py)

    def send(self, match_id: str, invited: dict[int, str]) -> None:
        """One invitation per seat of `match_id` in `invited` (seat -> person), and in the same
        transaction an "invite" notification to each of their devices that has not turned it off:
        the seat's invite link, with the asker's name (seat 0's)."""
        at = self.clock()
        rows = [{"match_id": match_id, "seat": s, "person_id": p, "created_at": at} for s, p in invited.items()]
        seat_rows = sa_select(SEAT.c.seat, SEAT.c.invite_hash, SEAT.c.name).where(SEAT.c.match_id == match_id)
        with write_transaction(self.engine) as connection:
            connection.execute(INVITATION.insert(), rows)
            found = {seat: (invite, name) for seat, invite, name in connection.execute(seat_rows)}
            to = {p: s for s, p in invited.items() if s in found and found[s][0]}  # the sender works the link out
            queued = queue_for(connection, match_id, to, "invite", at, found.get(0, ("", ""))[1] or "")
        if queued:
            self.push_queued()

    def open_for(self, person: str) -> list[Open]:
        """The invitations of `person` whose seat nobody has taken yet, in a match still in play,
        the newest first."""
        host = SEAT.alias("host")
        query = (
            sa_select(INVITATION.c.match_id, INVITATION.c.seat, SEAT.c.nonce)
            .add_columns(MATCH.c.game, host.c.name, INVITATION.c.created_at)
            .join(SEAT, and_(SEAT.c.match_id == INVITATION.c.match_id, SEAT.c.seat == INVITATION.c.seat))
            .join(MATCH, MATCH.c.id == INVITATION.c.match_id)
            .join(host, and_(host.c.match_id == INVITATION.c.match_id, host.c.seat == 0))
            .where(INVITATION.c.person_id == person, SEAT.c.kind == PERSON, SEAT.c.claimed_at.is_(None))
            .where(SEAT.c.nonce.is_not(None), MATCH.c.status == "playing")
            .order_by(INVITATION.c.created_at.desc())
        )
        with read_session(self.engine) as session:
            rows = session.connection().execute(query).all()
        return [Open(m, self.addresses.invite(m, seat, nonce), *rest) for m, seat, nonce, *rest in rows]

    def names(self, people: list[str]) -> dict[str, str]:
        """The display names of `people` (those without a row or a name left out)."""
        query = sa_select(PERSON_ROW.c.id, PERSON_ROW.c.display_name).where(PERSON_ROW.c.id.in_(people))
        with read_session(self.engine) as session:
            return {i: name for i, name in session.connection().execute(query).all() if name}


def invite_again(service: Hosting, invitations: Invitations, item: Listed, me: str) -> Match:
    """A new table like `item`'s (a match `me` sat at, at `item.seat`) with its people invited
    again; its computers sit where they sat. `Refused` if nobody else is left to invite."""
    game, rules, seats = item.game, item.rules, item.seats
    players = game.seats_of(rules)
    choices: list[str | None] = []
    invited: dict[int, str] = {}
    for new in range(1, players):
        old = (new + item.seat) % players  # the same order round the table, from the asker
        other = seats.person_of(old) if seats.person(old) else None
        if other is not None and other != me:
            choices.append(PERSON)
            invited[new] = other
        else:
            level = seats.level(old) if not seats.person(old) else item.match.level
            choices.append(level if level in SEAT_CHOICES else None)
    if not invited:
        raise Refused("nobody_to_invite", 409)
    made = service.create_game(
        item.match.game,
        item.match.level,
        game.renewed(rules),
        seats=choices,
        creator=seats.name(item.seat),
        clock=item.match.clock,
        person=me,
        casual=item.match.casual,
    )
    invitations.send(made.id, invited)
    return made
