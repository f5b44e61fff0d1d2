"""Settings read from the environment once, when the app is created."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from .streams import StreamCaps

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = ROOT / "data" / "chaharbargh.db"


def database_url() -> str:
    """`DATABASE_URL`, else `sqlite:///` + `CHAHARBARGH_DB` (a file path), else ./data/chaharbargh.db.

    A PostgreSQL URL without a driver (`postgres://`, `postgresql://`, as hosting services hand
    them out) gets psycopg 3, the driver the `postgres` extra installs.
    """
    if url := os.environ.get("DATABASE_URL"):
        return postgres_driver(url)
    return "sqlite:///" + str(Path(os.environ.get("CHAHARBARGH_DB") or DEFAULT_DB).resolve())


def postgres_driver(url: str) -> str:
    """The URL with psycopg 3 named as the driver when it names PostgreSQL without one.

    >>> postgres_driver("postgres://u:p@db.example/chaharbargh")
    'postgresql+psycopg://u:p@db.example/chaharbargh'
    >>> postgres_driver("sqlite:///data/chaharbargh.db")
    'sqlite:///data/chaharbargh.db'
    """
    for bare in ("postgres://", "postgresql://"):
        if url.startswith(bare):
            return "postgresql+psycopg://" + url.removeprefix(bare)
    return url


def data_dir(url: str) -> Path:
    """`CHAHARBARGH_DATA`, else the folder of the SQLite file, else ./data."""
    if folder := os.environ.get("CHAHARBARGH_DATA"):
        return Path(folder)
    if url.startswith("sqlite:///") and url != "sqlite:///:memory:":
        return Path(url.removeprefix("sqlite:///")).parent
    return DEFAULT_DB.parent


def secret_key(folder: Path) -> str:
    """`CHAHARBARGH_SECRET_KEY`, else a key generated once and kept in the data folder."""
    if key := os.environ.get("CHAHARBARGH_SECRET_KEY"):
        return key
    path = folder / "secret_key"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(32))
        path.chmod(0o600)
    return path.read_text().strip()


def vapid_key(folder: Path) -> str:
    """Web Push's VAPID private key (PEM): `CHAHARBARGH_VAPID_PRIVATE_KEY`, else one generated
    once and kept in the data folder beside the secret key (a new key would cut off every
    browser that subscribed with the old one)."""
    if key := os.environ.get("CHAHARBARGH_VAPID_PRIVATE_KEY"):
        return key.replace("\\n", "\n")  # a PEM in one line of an env file
    path = folder / "vapid_private_key.pem"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(new_vapid_key())
        path.chmod(0o600)
    return path.read_text()


def new_vapid_key() -> str:
    """A new VAPID private key (P-256), as PEM (PKCS#8)."""
    key = ec.generate_private_key(ec.SECP256R1())
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    return pem.decode()


def env_list(name: str, default: str) -> tuple[str, ...]:
    """A comma-separated setting as a tuple of its non-empty items.

    >>> env_list("CHAHARBARGH_NO_SUCH_SETTING", " a.example, ,b.example ")
    ('a.example', 'b.example')
    """
    return tuple(item.strip() for item in os.environ.get(name, default).split(",") if item.strip())


LOCAL_HOSTS = "localhost,127.0.0.1,[::1],testserver"  # testserver: the Host of Starlette's TestClient


def random_seed() -> int:
    """A new match's seed: 62 random bits, so no player can guess the deal."""
    return secrets.randbits(62)


def now() -> datetime:
    """The time, in UTC (every time the app stores)."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class Settings:
    """What the app is configured with; `from_env` reads it from the environment.

    The computer's pause before it answers is `computer_delay_ms` (`practice_delay_ms` in free
    practice, where it is the time to take a move back; `None` there: only when the page asks).
    The round owner (app/round_owner.py) plays it, and a move clock that ran out, in a thread of
    its own when `round_owner` is on; tests turn it off and call `run_due` after moving their
    clock on, so that none of them races a clock.
    `refresh_ms` is how often a table waiting for another person at a shared table asks the
    server again; `None` likewise means only when the `table-may-refresh` event reaches it.
    `bot_settings`, `new_seed`, `new_bot_seed` and `clock` go to `MatchService` (tests: fixed
    worlds for pro, known deals, known seeds for the computer's and the hints' random choices,
    and a clock they move on by hand, so a move clock runs out without waiting for it).

    `allowed_hosts`: the `Host` names the app answers (others get 400), so no redirect it makes
    can point at a host an attacker chose; `("*",)` turns the check off. `allowed_origins`:
    other origins (`https://example.org`) whose pages may post forms here; by default only the
    app's own pages may. `https_only`: the site is served over HTTPS only: cookies are Secure and
    every answer carries `Strict-Transport-Security`.

    Rate limits per client address (app/limits.py), in the `limits` library's notation
    (`20/minute`, several joined by `;`, or `off`): `rate_new` for new matches and practice rounds,
    `rate_hints` for hints the pro must work out (a cached hint costs nothing and is not counted);
    `rate_moves` per seat (its address), for the table's actions: moves, the computer's turn, the
    next round, undos and phrases (a person makes about one a second at most; a script, hundreds).
    `rate_storage` is where the counts live: `memory://` (this process), or a Redis
    (`redis://host:6379`) to share them, and the stream counts, between processes and servers;
    when it cannot be reached the limits fail open (app/rate_storage.py).

    `rate_signin`: passkey sign-in attempts, counted per client address and per person (the
    passkey's), so neither a flood from one place nor one aimed at one person gets far.

    `public_url`: the site's address as people open it (`https://chaharbargh.example`): a passkey
    is bound to its host (the relying party id) and only its origin may use it. Unset, the
    request's own host is used when it is one of `allowed_hosts` by name (app/passkeys.py).

    `stream_caps`: the most event streams a process holds, in all and per client address, seat
    and match's spectators (app/streams.py).

    Reviews waiting or being made at once (app/reviews.py): at most `reviews_per_person` asked by
    one browser (its session's person id) and `reviews_per_address` from one client address (the
    rate limits' `client_of`); over either, the review page asks the person to come back later.

    `vapid_private_key`: the key Web Push notifications are signed with (app/push.py), never logged;
    `push_services`: the hosts a device's push endpoint may be on (app/push.py's `PUSH_SERVICES` when empty).
    """

    database_url: str
    secret_key: str
    computer_delay_ms: int = 900
    practice_delay_ms: int | None = 3000
    max_body_bytes: int = 16_384
    https_only: bool = False
    allowed_hosts: tuple[str, ...] = tuple(LOCAL_HOSTS.split(","))
    allowed_origins: tuple[str, ...] = ()
    bot_settings: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    new_seed: Callable[[], int] = random_seed
    new_bot_seed: Callable[[], int] = random_seed
    rate_new: str = "20/minute"
    rate_hints: str = "60/minute"
    rate_moves: str = "10/second;300/minute"
    rate_storage: str = "memory://"
    rate_signin: str = "10/minute;60/hour"
    public_url: str = ""
    refresh_ms: int | None = 2000  # a table waiting for another person asks again this often (None: on an event)
    clock: Callable[[], datetime] = now  # the server's time: when a move clock runs out (tests set it)
    review_worker: bool = True  # this process makes reviews in a thread (tests make them by hand)
    round_owner: bool = True  # this process plays the due moves in a thread (tests call `run_due`)
    stream_caps: StreamCaps = StreamCaps()
    reviews_per_person: int = 2
    reviews_per_address: int = 4
    vapid_private_key: str = ""  # Web Push's key, PEM (app/push.py); empty: one made for this process (tests)
    push_worker: bool = True  # this process sends the queued notifications in a thread (tests send by hand)
    push_services: tuple[str, ...] = ()  # the push services' hosts endpoints may be on (empty: app/push.py's)

    @classmethod
    def from_env(cls) -> Settings:
        url = database_url()
        return cls(
            database_url=url,
            secret_key=secret_key(data_dir(url)),
            vapid_private_key=vapid_key(data_dir(url)),
            push_services=env_list("CHAHARBARGH_PUSH_SERVICES", ""),
            computer_delay_ms=int(os.environ.get("CHAHARBARGH_COMPUTER_DELAY_MS", "900")),
            practice_delay_ms=int(os.environ.get("CHAHARBARGH_PRACTICE_DELAY_MS", "3000")),
            https_only=os.environ.get("CHAHARBARGH_HTTPS_ONLY", "") == "1",
            allowed_hosts=env_list("CHAHARBARGH_ALLOWED_HOSTS", LOCAL_HOSTS),
            allowed_origins=env_list("CHAHARBARGH_ALLOWED_ORIGINS", ""),
            rate_new=os.environ.get("CHAHARBARGH_RATE_NEW", "20/minute"),
            rate_hints=os.environ.get("CHAHARBARGH_RATE_HINTS", "60/minute"),
            rate_moves=os.environ.get("CHAHARBARGH_RATE_MOVES", "10/second;300/minute"),
            rate_storage=os.environ.get("CHAHARBARGH_RATE_STORAGE", "memory://"),
            rate_signin=os.environ.get("CHAHARBARGH_RATE_SIGNIN", "10/minute;60/hour"),
            public_url=os.environ.get("CHAHARBARGH_PUBLIC_URL", "").strip(),
            refresh_ms=int(os.environ.get("CHAHARBARGH_REFRESH_MS", "2000")),
            stream_caps=stream_caps(),
            reviews_per_person=int(os.environ.get("CHAHARBARGH_REVIEWS_PER_PERSON", "2")),
            reviews_per_address=int(os.environ.get("CHAHARBARGH_REVIEWS_PER_ADDRESS", "4")),
        )


def stream_caps() -> StreamCaps:
    """`CHAHARBARGH_STREAMS_PER_WORKER`, `…_PER_CLIENT`, `…_PER_SEAT` and `CHAHARBARGH_WATCHERS_PER_MATCH`
    (0: no cap), each defaulting to `StreamCaps`'s."""
    default = StreamCaps()
    names = {"worker": "STREAMS_PER_WORKER", "client": "STREAMS_PER_CLIENT", "seat": "STREAMS_PER_SEAT"}
    names["watchers"] = "WATCHERS_PER_MATCH"
    return StreamCaps(
        **{cap: int(os.environ.get(f"CHAHARBARGH_{name}", getattr(default, cap))) for cap, name in names.items()}
    )


PRUNE_UNFINISHED_DAYS = 30  # an unfinished match nobody touched for this long is abandoned
PRUNE_FINISHED_DAYS = 365  # a finished match is kept this long after its last move


def prune_days() -> tuple[int, int]:
    """Days after which `python -m app.prune` deletes an untouched unfinished match and a finished
    one: `CHAHARBARGH_PRUNE_UNFINISHED_DAYS` (30) and `CHAHARBARGH_PRUNE_FINISHED_DAYS` (365)."""
    unfinished = int(os.environ.get("CHAHARBARGH_PRUNE_UNFINISHED_DAYS", PRUNE_UNFINISHED_DAYS))
    finished = int(os.environ.get("CHAHARBARGH_PRUNE_FINISHED_DAYS", PRUNE_FINISHED_DAYS))
    return unfinished, finished
