"""Web Push: the site's VAPID key, the devices that opted in and the notifications queued for them.

- **The key.** One P-256 key pair (VAPID, RFC 8292) signs every notification; its private half
  is kept like the secret key (app/settings.py's `vapid_key`), its public half is what a page
  gives the browser's `pushManager.subscribe` (`#notify[data-vapid-key]`).
- **Subscriptions.** A device that opted in (a button on a shared table and on `/me`, never on
  its own) is one `PushSubscription` row: its push service's endpoint and the browser's keys,
  its language, and the kinds its person turned off (the form on `/me`).
- **Queueing.** A change that someone should hear about writes one `PushJob` per subscription
  of each person to tell, in the same transaction as the change (`queue`): a move, a seat taken,
  a rematch asked. app/push_send.py sends them in the background; a move never waits for it.

What is told (`KINDS`): "turn", a person's turn at a slow table (a move clock of `SLOW` or more),
or at a live one where none of their pages is shown (app/visibility.py); "remind", the same turn
with a quarter of its time left, once (the round owner queues it when the match row's due
"remind" comes, app/play.py); "seat", a person took their seat; "rematch", one is offered;
"over", the match ended; "invite", an invitation to a new table (app/invitations.py). A job
holds the kind, the table (match and seat, whose address the sender works out) and a name,
never a card: the words are made when it is sent. A reminder's "name" is the seconds left on
the clock as it was queued, worded in the device's language then.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterable
from datetime import datetime
from functools import cache
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from sqlalchemy import Connection, Engine, delete, insert, select, update

from .db import read_session, write_transaction
from .models import Match, PushJob, PushSubscription
from .seats import Seats
from .table import Table

KINDS = ("turn", "remind", "seat", "rematch", "over", "invite")
SLOW = 3600  # seconds of move clock from which a table is slow: "your turn" is pushed there
SUB, JOB = PushSubscription.__table__, PushJob.__table__  # type: ignore[attr-defined]


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@cache
def public_key(private_pem: str) -> str:
    """The VAPID public key (an uncompressed P-256 point, base64url), as `pushManager.subscribe` takes it."""
    key = serialization.load_pem_private_key(private_pem.encode(), password=None)
    assert isinstance(key, ec.EllipticCurvePrivateKey)
    point = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return b64url(point)


# The push services of the browsers people use (Chrome, Edge, Samsung, Opera: FCM; Firefox;
# Safari; Windows): a subscription's endpoint must be one of theirs, over HTTPS, or the server
# would POST to any address a form gave it (`Settings.push_services`, CHAHARBARGH_PUSH_SERVICES).
PUSH_SERVICES = ("fcm.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com")


def allowed_endpoint(endpoint: str, services: Iterable[str]) -> bool:
    """An endpoint on one of `services` (a host and its subdomains, over HTTPS unless the entry
    names another scheme, as the tests' `http://127.0.0.1` does).

    >>> allowed_endpoint("https://fcm.googleapis.com/fcm/send/abc", PUSH_SERVICES)
    True
    >>> allowed_endpoint("https://updates.push.services.mozilla.com/wpush/v2/x", PUSH_SERVICES)
    True
    >>> [allowed_endpoint(e, PUSH_SERVICES) for e in ("http://fcm.googleapis.com/x", "https://10.0.0.1/x", "https://evilfcm.googleapis.com.example/x")]
    [False, False, False]
    """
    parts = urlsplit(endpoint)
    host = parts.hostname or ""
    for service in services:
        scheme, _, name = service.rpartition("://")
        if parts.scheme == (scheme or "https") and (host == name or host.endswith("." + name)):
            return True
    return False


def queue(
    connection: Connection, match: Match, seats: Seats, to: Iterable[int], kind: str, at: datetime, name: str = ""
) -> int:
    """A job per subscription of each person at the seats `to` who has not turned `kind` off, in
    the caller's transaction; how many."""
    people = {person: seat for seat in to if seats.person(seat) and (person := seats.person_of(seat))}
    return queue_for(connection, match.id, people, kind, at, name)


def queue_for(
    connection: Connection, match_id: str, people: dict[str, int], kind: str, at: datetime, name: str = ""
) -> int:
    """A job per subscription of each person in `people` (person -> their seat of `match_id`, whose
    address the sender works out) who has not turned `kind` off, in the caller's transaction; how
    many."""
    if not people:
        return 0
    found = connection.execute(select(SUB.c.id, SUB.c.person_id, SUB.c.off).where(SUB.c.person_id.in_(list(people))))
    rows = [
        {"subscription_id": sid, "kind": kind, "match_id": match_id, "seat": people[person], "name": name[:24]}
        for sid, person, off in found
        if kind not in off.split()
    ]
    if rows:
        connection.execute(insert(JOB), [{**row, "tries": 0, "due_at": at, "created_at": at} for row in rows])
    return len(rows)


def after_move(
    connection: Connection, table: Table, mover: int, standin: bool, at: datetime, shown: Callable[[int], bool]
) -> int:
    """What a move just written tells: the match over, to everyone else at it (and to a person the
    computer played for); else "your turn" to the person whose turn it now is, at a slow table,
    or at a live one when no page of their seat is `shown` (app/visibility.py)."""
    seats = table.seats
    if not seats.shared:
        return 0
    mover_person = None if standin else seats.person_of(mover)
    if table.over:
        others = [seat for seat in seats.people if seats.person_of(seat) != mover_person]
        return queue(connection, table.match, seats, others, "over", at)
    turn = table.turn
    told = seats.person(turn) and seats.person_of(turn) != mover_person
    if told and (table.match.clock >= SLOW or not shown(turn)):
        return queue(connection, table.match, seats, [turn], "turn", at)
    return 0


def reminder(connection: Connection, table: Table, at: datetime) -> int:
    """The reminder to the person to play at a slow table, their clock's seconds left at `at` as
    its name (the round owner's, once a turn: app/play.py)."""
    left = table.seconds_left(at)
    if left is None or not table.seats.shared:
        return 0
    return queue(connection, table.match, table.seats, [table.turn], "remind", at, str(max(0, int(left))))


class Subscriptions:
    """The devices that opted in, per person."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def subscribe(self, person: str, endpoint: str, p256dh: str, auth: str, lang: str, at: datetime) -> None:
        """Keep this device's subscription for `person` (again: its keys and language are renewed),
        with the kinds the person has turned off on their other devices."""
        with write_transaction(self.engine) as connection:
            off = connection.execute(select(SUB.c.off).where(SUB.c.person_id == person).limit(1)).scalar() or ""
            same = select(SUB.c.id).where(SUB.c.endpoint == endpoint)
            connection.execute(delete(JOB).where(JOB.c.subscription_id.in_(same)))
            connection.execute(delete(SUB).where(SUB.c.endpoint == endpoint))
            row = {"person_id": person, "endpoint": endpoint, "p256dh": p256dh, "auth": auth, "lang": lang}
            connection.execute(insert(SUB).values(**row, off=off, created_at=at))

    def unsubscribe(self, person: str, endpoint: str) -> None:
        with write_transaction(self.engine) as connection:
            mine = select(SUB.c.id).where(SUB.c.endpoint == endpoint, SUB.c.person_id == person)
            connection.execute(delete(JOB).where(JOB.c.subscription_id.in_(mine)))
            connection.execute(delete(SUB).where(SUB.c.endpoint == endpoint, SUB.c.person_id == person))

    def of(self, person: str | None) -> tuple[int, set[str]]:
        """How many devices `person` has subscribed, and the kinds they turned off."""
        if person is None:
            return 0, set()
        with read_session(self.engine) as session:
            rows = session.connection().execute(select(SUB.c.off).where(SUB.c.person_id == person)).scalars().all()
        return len(rows), set(rows[0].split()) if rows else set()

    def turn_off(self, person: str, off: Iterable[str]) -> None:
        """The kinds `person` does not want, on every device of theirs."""
        words = " ".join(kind for kind in KINDS if kind in set(off))
        with write_transaction(self.engine) as connection:
            connection.execute(update(SUB).where(SUB.c.person_id == person).values(off=words))
