"""Database tables: a match, its seats and append-only list of moves, the people who sit at
tables, the reviews, and the servers' heartbeat. The schema comes from Alembic."""

from __future__ import annotations

import hashlib
from datetime import datetime

from sqlalchemy import BigInteger, Boolean, Column, DateTime, Float, Index, Text, UniqueConstraint, false, text
from sqlmodel import Field, SQLModel

from .settings import now, random_seed


class Match(SQLModel, table=True):
    """One match against the computer. `seed` is secret until the match is over. No address
    of it is stored: each person seat's row keeps a nonce and hashes (app/addresses.py).

    A `practice` match is one round with help (hints, undo) and no match score. `bot_seed` seeds
    the computer's and the hints' random choices, drawn apart from `seed` so that nothing they do
    depends on the deal: read it with `bot_seed_of` (rows from before migration 0004 got one
    derived from the id and the secret the match had then). `salt` (migration
    0011) completes the commitment the table shows before the first card (engine/fairness.py):
    like both seeds it is secret until the match is over. None for a practice and for a match
    made before it: those made no commitment.

    Who sits where is in `SeatRow`, one row a seat (migration 0014; app/seats.py reads them).
    `due_at` and `due_kind` (migration 0013) are written in the same transaction as the move or
    seat that makes something due; every process's round owner plays what is due.

    Its summary (migration 0016, app/summary.py): `status` ("playing" or "over"), `totals` (each
    side's match score, JSON), `winner` (the side that won; a practice's: the side that scored
    the most in its round, None on a tie), `finished_at` and `surs` (each side's, JSON, for a
    game whose rounds score surs), all the engine's figures, written in the same transaction as
    the move, sheet or undo that changes them, so the lists of matches never replay one.
    """

    id: str = Field(primary_key=True, max_length=32)
    seed: int = Field(sa_column=Column(BigInteger, nullable=False))  # 62 random bits: 64-bit everywhere
    rules: str  # Rules.to_dict() as JSON
    level: str = Field(max_length=16)
    mode: str = Field(default="match", max_length=16, sa_column_kwargs={"server_default": "match"})  # or "practice"
    game: str = Field(  # which game: its name in the engine's registry (engine.games)
        default="chaharbargh", max_length=16, sa_column_kwargs={"server_default": "chaharbargh"}
    )
    status: str = Field(default="playing", max_length=16, sa_column_kwargs={"server_default": "playing"})
    totals: str | None = Field(default=None, sa_column=Column(Text, nullable=True))  # JSON: a number a side
    winner: int | None = Field(default=None)  # the side that won, once over
    finished_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))
    surs: str | None = Field(default=None, sa_column=Column(Text, nullable=True))  # JSON: a number a side
    ply: int = Field(default=0, sa_column_kwargs={"server_default": text("0")})
    rounds_seen: int = Field(default=0, sa_column_kwargs={"server_default": text("0")})
    undos: int = Field(default=0, sa_column_kwargs={"server_default": text("0")})  # practice moves taken back
    bot_seed: int | None = Field(default_factory=random_seed, sa_column=Column(BigInteger, nullable=True))
    salt: str | None = Field(default=None, max_length=64)  # 32 hex digits: 128 random bits
    rematch: str | None = Field(default=None, max_length=32)  # the match its first rematch made (see `rematch`)
    clock: int = Field(default=0, sa_column_kwargs={"server_default": text("0")})  # a person's seconds a move; 0: none
    # its creator ticked "casual": the match moves no rating (app/ratings.py), like a practice
    casual: bool = Field(default=False, sa_column=Column(Boolean, nullable=False, server_default=false()))
    created_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))
    updated_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))
    # What the table waits for that no person does, and when (app/round_owner.py): the computer's
    # move after its pause, a move clock running out, or "check" (look at the table: its due
    # time is not worked out yet). None: it waits only for people, or for nothing.
    due_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True, index=True))
    due_kind: str | None = Field(default=None, max_length=16)
    # Counts every change a table shows (a move, a sheet closed, an undo, a seat, a phrase, a
    # rematch): only ever grows, so a page keeps the newest table it was sent (`Table.version`).
    version: int = Field(default=0, sa_column_kwargs={"server_default": text("0")})
    # The SHA-256 of the watch link's code a match made before addresses were hashed had
    # (migration 0022), so that link still opens; None for the others, whose code is worked out.
    watch_hash: str | None = Field(default=None, max_length=64)

    @property
    def secret(self) -> str:
        """The creator's table address secret, on a match this process has just made (`create`,
        `rematch` in app/seating.py): it is stored nowhere, so a match read back has none (its
        seats give every address, `Hosting.secret_of`)."""
        made = self.__dict__.get(MADE_SECRET)
        if made is None:
            raise AttributeError("a match read back has no secret: ask its seats")
        return str(made)


MADE_SECRET = "_made_secret"  # where a just-made Match keeps its creator's secret (not a column)


class Person(SQLModel, table=True):
    """Someone who sits at tables: made the first time a browser takes a seat (its signed cookie
    holds the id, app/sessions.py). No account: nothing but a name they may give."""

    id: str = Field(primary_key=True, max_length=32)
    created_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))
    display_name: str = Field(default="", max_length=24, sa_column_kwargs={"server_default": ""})


class DeviceLink(SQLModel, table=True):
    """A one-time link that brings another device to a person (app/people.py): only the code's
    SHA-256 is stored, so the table cannot be used to open it; it is good until `expires_at` and
    once (`used_at`)."""

    __tablename__ = "device_link"

    code_hash: str = Field(primary_key=True, max_length=64)
    person_id: str = Field(foreign_key="person.id", max_length=32)
    created_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))
    expires_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    used_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))


class Passkey(SQLModel, table=True):
    """A passkey that brings its person to any device (app/passkeys.py): the credential's id and
    public key (COSE) and the authenticator's last sign count, nothing secret. `label` is what
    `/me` calls it ("passkey 2")."""

    id: str = Field(primary_key=True, max_length=1400)  # the credential id, base64url (at most 1023 bytes)
    person_id: str = Field(foreign_key="person.id", index=True, max_length=32)
    public_key: bytes
    sign_count: int = Field(default=0, sa_column=Column(BigInteger, nullable=False))  # 32 bits unsigned
    label: str = Field(default="", max_length=64)
    created_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))
    last_used_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))


class PasskeyChallenge(SQLModel, table=True):
    """A challenge handed out for a passkey ceremony, until it is used or `expires_at`: deleting
    the row is what makes it single-use, even against a copy of an old session cookie. `kind`:
    "add" (for `person_id`) or "signin"."""

    __tablename__ = "passkey_challenge"

    challenge: str = Field(primary_key=True, max_length=64)  # base64url of 32 random bytes
    kind: str = Field(max_length=8)
    person_id: str | None = Field(default=None, max_length=32)
    expires_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False, index=True))


class Rating(SQLModel, table=True):
    """A person's rating in one game at one seat count (app/ratings.py, migration 0018): Glicko-2's
    rating, deviation and volatility at two seats, OpenSkill's mu and sigma (no volatility) at
    three and four; `games`: the rated matches behind it."""

    person_id: str = Field(foreign_key="person.id", primary_key=True, max_length=32)
    game: str = Field(primary_key=True, max_length=16)
    seats: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    rating: float
    deviation: float
    volatility: float | None = Field(default=None, sa_column=Column(Float, nullable=True))
    games: int = 0
    updated_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))


class RatingHistory(SQLModel, table=True):
    """One rated match of a person: the rating before and after it, whether their side won and
    whom they played (`against`, JSON: "level:pro" or "name:…" a seat). Its key (person, match)
    is what makes a match's rating apply once; no foreign key to the match, which may be pruned."""

    __tablename__ = "rating_history"
    __table_args__ = (Index("ix_rating_history_person_number", "person_id", "game", "seats", "number"),)

    person_id: str = Field(foreign_key="person.id", primary_key=True, max_length=32)
    match_id: str = Field(primary_key=True, max_length=32)
    game: str = Field(max_length=16)
    seats: int
    at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    number: int  # the person's rated matches in this game and seat count, this one included: the order
    before: float
    rating: float
    deviation: float
    won: bool
    against: str = Field(sa_column=Column(Text, nullable=False))


class Invitation(SQLModel, table=True):
    """A person invited by name to a seat of a new table ("invite again", app/invitations.py): it
    shows on their `/me` while the seat waits, and leads to the seat's invite. The match is named
    by id without a foreign key, as in the rating history; pruning a match takes its rows along."""

    match_id: str = Field(primary_key=True, max_length=32)
    seat: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    person_id: str = Field(foreign_key="person.id", index=True, max_length=32)
    created_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))


class SeatRow(SQLModel, table=True):
    """One seat of a match (every seat has one, from 0 to the rules' count): a person or a
    computer at a level. A person seat's table address (`/m/{id}/{secret}`) and, after seat 0,
    its invite code are never stored: `nonce` is what the server works them out from with its
    key, and `secret_hash` and `invite_hash` are their SHA-256 (app/addresses.py). A seat is
    claimed (`claimed_at`) once someone takes it through its invite. `away_since`: the
    seat's move clock ran out and the computer plays for it; `phrase`: the quick phrase its
    person last said, and when."""

    __tablename__ = "seat"

    match_id: str = Field(foreign_key="match.id", primary_key=True, max_length=32)
    seat: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    kind: str = Field(max_length=16)  # "person" or "computer"
    level: str | None = Field(default=None, max_length=16)  # a computer's
    person_id: str | None = Field(default=None, foreign_key="person.id", index=True, max_length=32)
    nonce: str | None = Field(default=None, max_length=32)  # a person seat's; None for a computer's
    secret_hash: str | None = Field(default=None, max_length=64)
    invite_hash: str | None = Field(default=None, max_length=64)
    name: str = Field(default="", max_length=24, sa_column_kwargs={"server_default": ""})
    claimed_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))
    away_since: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))
    phrase: str | None = Field(default=None, max_length=16)
    phrase_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))


def derived_bot_seed(match_id: str, secret: str) -> int:
    """The bot seed of a match stored without one: 62 bits of SHA-256 of its id and the secret
    it had then, so it never changes, has nothing to do with the deal's seed and cannot be worked
    out from the public id alone. Migrations 0004 and 0022 wrote it into every older row (each
    keeps a copy of this rule).

    >>> derived_bot_seed("abc", "s3cret") == derived_bot_seed("abc", "s3cret") < 2**62
    True
    """
    digest = hashlib.sha256(f"chaharbargh bot seed\n{match_id}\n{secret}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def bot_seed_of(match: Match) -> int:
    """The match's bot seed. Every row has one since migration 0022 (the column stays nullable
    for the rows a server older than 0004 wrote): a row without one is taken as seeded by its id
    alone, which nothing writes any more."""
    return match.bot_seed if match.bot_seed is not None else derived_bot_seed(match.id, "")


class MoveRow(SQLModel, table=True):
    """One move, never changed once written. `ply` counts from 0 over the whole match."""

    __tablename__ = "move"
    __table_args__ = (UniqueConstraint("match_id", "ply", name="uq_move_match_ply"),)

    id: int | None = Field(default=None, primary_key=True)
    # no index of its own: the unique (match_id, ply) serves every query by match (migration 0024)
    match_id: str = Field(foreign_key="match.id", max_length=32)
    ply: int
    seat: int
    move: str = Field(max_length=64)  # the engine's text form, e.g. "7C+4D"
    # the computer played it for a person whose move clock ran out: never the person's own decision
    standin: bool = Field(default=False, sa_column=Column(Boolean, nullable=False, server_default=false()))
    created_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))


class Review(SQLModel, table=True):
    """A review of a finished match by the pro, for one seat, and the job that makes it
    (app/reviews.py; migrations 0008 and 0010 say what each column holds)."""

    __table_args__ = (
        UniqueConstraint("match_id", "seat", name="uq_review_match_seat"),
        Index("ix_review_person_taken", "person", "taken_at"),
        Index("ix_review_address_taken", "address", "taken_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    match_id: str = Field(foreign_key="match.id", max_length=32)
    seat: int
    status: str = Field(default="waiting", max_length=16, index=True)  # waiting, working, done or failed
    done: int = 0  # decisions reviewed so far
    total: int = 0  # decisions to review
    worker: str | None = Field(default=None, max_length=64)
    heartbeat: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))
    result: str | None = Field(default=None, sa_column=Column(Text, nullable=True))  # JSON, once done
    created_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))
    person: str | None = Field(default=None, max_length=32)  # who asked: the browser's person id (app/sessions.py)
    address: str | None = Field(default=None, max_length=64)  # and from where: `app.limits.client_of`
    taken_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))


class HeartbeatRow(SQLModel, table=True):
    """The last moment an app server was known to be alive: one row, id 1 (migration 0009),
    written by every app process every few seconds (app/heartbeat.py); None before the first."""

    __tablename__ = "heartbeat"

    id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    last_alive: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))


class PushSubscription(SQLModel, table=True):
    """One device's Web Push subscription (app/push.py): where its push service takes messages
    (`endpoint`) and the browser's keys they are encrypted to (`p256dh`, `auth`), the language
    they are written in, and the kinds its person turned off (space-separated)."""

    __tablename__ = "push_subscription"

    id: int | None = Field(default=None, primary_key=True)
    person_id: str = Field(foreign_key="person.id", index=True, max_length=32)
    endpoint: str = Field(sa_column=Column(Text, nullable=False, unique=True))
    p256dh: str = Field(max_length=128)
    auth: str = Field(max_length=64)
    lang: str = Field(default="fa", max_length=8)
    off: str = Field(default="", max_length=128, sa_column_kwargs={"server_default": ""})
    created_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))


class PushJob(SQLModel, table=True):
    """A notification to send to one subscription (app/push_send.py), written with the change
    that made it: its `kind`, the table (match and seat: the sender works the seat's address
    out when it sends, as no address is stored) and a name it mentions; due at `due_at` (moved
    on while a worker holds it, and by each retry's back-off)."""

    __tablename__ = "push_job"

    id: int | None = Field(default=None, primary_key=True)
    subscription_id: int = Field(foreign_key="push_subscription.id", index=True)
    kind: str = Field(max_length=16)
    match_id: str = Field(max_length=32, sa_column_kwargs={"server_default": ""})
    seat: int = Field(default=0, sa_column_kwargs={"server_default": text("0")})
    name: str = Field(default="", max_length=24)
    tries: int = Field(default=0)
    due_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False, index=True))
    created_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))


class SolvedMistake(SQLModel, table=True):
    """A mistake of a reviewed match that its person has since found the better move for
    (app/mistakes.py, migration 0021): out of their queue. No foreign keys: the person id is the
    browser's (it may have no person row yet) and the match may be pruned."""

    __tablename__ = "solved_mistake"

    person_id: str = Field(primary_key=True, max_length=32)
    match_id: str = Field(primary_key=True, max_length=32)
    seat: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    ply: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))


class PuzzleRating(SQLModel, table=True):
    """A puzzle's Glicko-2 rating (app/puzzles.py, migration 0023), made at its first try from
    the data file's first guess; `tries` and `solved` count first tries only."""

    __tablename__ = "puzzle_rating"

    puzzle_id: str = Field(primary_key=True, max_length=32)
    rating: float
    deviation: float
    volatility: float
    tries: int = 0
    solved: int = 0
    updated_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))


class PuzzleSolver(SQLModel, table=True):
    """A person's puzzle rating (Glicko-2) and how many puzzles they tried and solved. No foreign
    key: the person id is the browser's, which may have no person row yet (as `SolvedMistake`)."""

    __tablename__ = "puzzle_solver"

    person_id: str = Field(primary_key=True, max_length=32)
    rating: float
    deviation: float
    volatility: float
    tried: int = 0
    solved: int = 0
    updated_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))


class PuzzleAttempt(SQLModel, table=True):
    """A person's tries at one puzzle: the first one's result (the only one rated) and whether
    they have solved it since. Its key makes the rating apply once per person and puzzle."""

    __tablename__ = "puzzle_attempt"

    person_id: str = Field(primary_key=True, max_length=32)
    puzzle_id: str = Field(primary_key=True, max_length=32)
    first_solved: bool = Field(sa_column=Column(Boolean, nullable=False))
    solved: bool = Field(sa_column=Column(Boolean, nullable=False))
    at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))
