"""Sending the queued Web Push notifications (app/push.py), in a thread of every process.

A worker takes the jobs due by the service's clock, up to `BATCH` at a time, each leased to it
for `LEASE` in the same transaction (on PostgreSQL `FOR UPDATE SKIP LOCKED`: of several
processes one takes each job; SQLite has one writer at a time), then sends each outside any
transaction: the payload encrypted to the browser's keys (RFC 8291, aes128gcm, with `http_ece`)
and signed for the endpoint's origin with the VAPID key (RFC 8292, with `py_vapid`), POSTed
with `TTL` and `Urgency`. The push service's answer decides:

- 2xx: sent, the job is deleted;
- 404 or 410: the subscription is gone (the browser dropped it): it is deleted, with its jobs;
- 429, 5xx, a timeout or no connection: tried again after a back-off (`backoff`), at most `TRIES` times;
- any other answer: the job is dropped (it would be refused again).

A process killed while sending leaves the lease, and another worker takes the job when it runs
out: a notification may then come twice, never a move late. The endpoint (it carries the
device's token) and the key are never logged; only the status is.
"""

from __future__ import annotations

import json
import logging
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

import http_ece
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02
from sqlalchemy import Connection, Engine, and_, bindparam, delete, func, select, update

from .addresses import Addresses
from .background import Background, run_due_rows
from .db import read_session, utc, write_transaction
from .i18n import t
from .models import SeatRow
from .push import JOB, SUB, unb64url
from .slow_games import time_left

LOG = logging.getLogger("chaharbargh.push")
BATCH = 50
LEASE = timedelta(seconds=60)  # longer than a send's timeouts: a job taken is not taken twice
TIMEOUT = 10.0  # seconds for one push service's answer
TRIES = 8  # a job failing this often is dropped
POLL = 2.0  # the longest a worker sleeps: jobs other processes wrote are this late at most
TTL = 24 * 3600  # how long a push service may keep a message for a device that is off
JWT_HOURS = 12  # a VAPID token's life (RFC 8292: at most 24 hours)
WORDS = {
    "turn": "push_turn",
    "remind": "push_remind",
    "seat": "push_seat",
    "rematch": "push_rematch",
    "over": "push_over",
    "invite": "push_invite",
}
URGENCY = {
    "turn": "high",
    "remind": "high",
    "seat": "normal",
    "rematch": "normal",
    "over": "normal",
    "invite": "normal",
}

SEAT = SeatRow.__table__  # type: ignore[attr-defined]
SOONEST = select(func.min(JOB.c.due_at))
TAKE = (
    select(JOB.c.id)
    .where(JOB.c.due_at <= bindparam("at"))
    .order_by(JOB.c.due_at)
    .limit(BATCH)
    .with_for_update(skip_locked=True)
)
TAKEN = (
    select(JOB, SUB.c.endpoint, SUB.c.p256dh, SUB.c.auth, SUB.c.lang, SEAT.c.nonce)
    .join(SUB, SUB.c.id == JOB.c.subscription_id)
    .outerjoin(SEAT, and_(SEAT.c.match_id == JOB.c.match_id, SEAT.c.seat == JOB.c.seat))
    .where(JOB.c.id.in_(bindparam("taken", expanding=True)))
)


def backoff(tries: int) -> timedelta:
    """The wait before a failed job's next try: 30 s doubled each time, at most an hour.

    >>> [int(backoff(n).total_seconds()) for n in (1, 2, 3, 9)]
    [30, 60, 120, 3600]
    """
    return timedelta(seconds=min(3600, 30 * 2 ** (tries - 1)))


def payload(kind: str, lang: str, url: str, name: str) -> bytes:
    """What the device's service worker shows: a title, a short text and the table to open."""
    if kind == "remind":  # its name is the seconds left as it was queued, worded in the device's language
        body = t(lang, WORDS[kind], left=time_left(int(name or 0), lang))
    else:
        body = t(lang, WORDS[kind], name=name or t(lang, "push_someone"))
    return json.dumps({"title": t(lang, "title"), "body": body, "url": url, "tag": url}).encode()


class PushSender:
    """Sends the jobs due by `clock`, in a thread from `start` to `stop` (tests call `run_due`)."""

    def __init__(
        self, engine: Engine, private_pem: str, public_url: str, clock: Callable[[], datetime], addresses: Addresses
    ) -> None:
        """`addresses`: the service's, which each table's address is worked out with (app/addresses.py)."""
        self.engine, self.addresses = engine, addresses
        self.vapid = Vapid02.from_pem(private_pem.encode())
        # RFC 8292's contact for the push services: the site's address, when it is set
        self.subject = public_url if public_url.startswith("https://") else "mailto:push@chaharbargh.invalid"
        self.clock = clock
        self._worker = Background("push-sender", self._run, join_seconds=TIMEOUT + 5)
        self._wake = self._worker.wake

    def nudge(self) -> None:
        self._wake.set()

    def url(self, row: Any) -> str:
        """The address of the table a job is about, worked out now (none is stored); the home
        page if the match has been pruned since."""
        if row.nonce is None:
            return "/"
        if row.kind == "invite":  # the seat is not theirs yet: its invite, which their /me lists too
            return f"/m/{row.match_id}/join/{self.addresses.invite(row.match_id, row.seat, row.nonce)}"
        return f"/m/{row.match_id}/{self.addresses.secret(row.match_id, row.seat, row.nonce)}"

    def send(self, row: Any) -> int:
        """POST one job to its endpoint: the push service's status (0: no answer)."""
        data = payload(row.kind, row.lang, self.url(row), row.name)
        body = http_ece.encrypt(
            data,
            private_key=ec.generate_private_key(ec.SECP256R1()),  # a new sender key for every message
            dh=unb64url(row.p256dh),
            auth_secret=unb64url(row.auth),
            version="aes128gcm",
        )
        origin = "{0.scheme}://{0.netloc}".format(urlsplit(row.endpoint))
        claims = {"aud": origin, "exp": int(time.time()) + JWT_HOURS * 3600, "sub": self.subject}
        headers = {
            **self.vapid.sign(claims),
            "Content-Encoding": "aes128gcm",
            "Content-Type": "application/octet-stream",
            "TTL": str(TTL),
            "Urgency": URGENCY[row.kind],
        }
        request = urllib.request.Request(row.endpoint, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
                return int(answer.status)
        except urllib.error.HTTPError as error:
            return int(error.code)
        except (OSError, TimeoutError):
            return 0

    def take(self, at: datetime) -> list[Any]:
        soonest = self.soonest()
        if soonest is None or soonest > at:
            return []
        with write_transaction(self.engine) as connection:
            taken = [row[0] for row in connection.execute(TAKE, {"at": at})]
            if not taken:
                return []
            connection.execute(update(JOB).where(JOB.c.id.in_(taken)).values(due_at=at + LEASE))
            return list(connection.execute(TAKEN, {"taken": taken}))

    def soonest(self) -> datetime | None:
        with read_session(self.engine) as session:
            found = session.connection().execute(SOONEST).scalar_one_or_none()
        return None if found is None else utc(found)

    def run_due(self) -> int:
        """Send every job due by the clock now; how many the push services took."""
        sent, at = 0, self.clock()
        for _ in range(1000):
            rows = self.take(at)
            if not rows:
                break
            sent += self._settle([(row, self.send(row)) for row in rows], at)
        return sent

    def _settle(self, answered: list[tuple[Any, int]], at: datetime) -> int:
        """Write what the push services answered for a batch, in one transaction: on SQLite each
        commit waits for the disk, and one per job halved the jobs a second the sender keeps up with."""
        with write_transaction(self.engine) as connection:
            return sum(self._settle_one(connection, row, status, at) for row, status in answered)

    def _settle_one(self, connection: Connection, row: Any, status: int, at: datetime) -> int:
        if 200 <= status < 300:
            connection.execute(delete(JOB).where(JOB.c.id == row.id))
            return 1
        if status in (404, 410):
            connection.execute(delete(JOB).where(JOB.c.subscription_id == row.subscription_id))
            connection.execute(delete(SUB).where(SUB.c.id == row.subscription_id))
            LOG.info("a push subscription is gone (%s): deleted", status)
        elif (status in (0, 429) or status >= 500) and row.tries + 1 < TRIES:
            tries = row.tries + 1
            again = {"tries": tries, "due_at": at + backoff(tries)}
            connection.execute(update(JOB).where(JOB.c.id == row.id).values(again))
            LOG.warning("a push service answered %s: tried again later", status or "nothing")
        else:
            connection.execute(delete(JOB).where(JOB.c.id == row.id))
            LOG.warning("a push service answered %s: the notification is dropped", status)
        return 0

    def start(self) -> None:
        self._worker.start()

    def stop(self) -> None:
        self._worker.stop()

    def _run(self) -> None:
        run_due_rows(self._worker, self._pass, self.clock, POLL, LOG)

    def _pass(self) -> datetime | None:
        self.run_due()
        return self.soonest()
