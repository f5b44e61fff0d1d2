"""Reading the table's HTML in tests, the match behind a URL, and a simple human who plays through HTTP."""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import queue
import threading
from datetime import UTC, datetime, timedelta
from itertools import combinations
from typing import Any

import httpx
import sqlalchemy as sa
from alembic.config import Config
from bs4 import BeautifulSoup, Tag
from fastapi import FastAPI
from sqlalchemy import text

from alembic import command
from app.main import create_app
from app.settings import ROOT, Settings
from engine import Card, MatchState, games
from tests.browser.live_server import FIXED_BOTS

HX = {"HX-Request": "true"}


# --- the page through its DOM hooks ---------------------------------------------------------


def dom(html: str) -> BeautifulSoup:
    """The page or fragment as a DOM, to read through CSS selectors on its hooks."""
    return BeautifulSoup(html, "html.parser")


def one(html: str, selector: str) -> Tag:
    """The single element `selector` finds; fails showing the start of the page if there is none."""
    found = dom(html).select(selector)
    assert len(found) == 1, f"{len(found)} elements match {selector!r} in: {html[:2000]}"
    return found[0]


def words(element: Tag) -> str:
    """An element's visible text, with runs of white space made one."""
    return " ".join(element.get_text(" ").split())


def text_of(html: str, selector: str) -> str:
    """The visible text of the one element `selector` finds, with runs of white space made one."""
    return words(one(html, selector))


def texts(html: str, selector: str) -> list[str]:
    """The visible text of every element `selector` finds, in page order."""
    return [words(e) for e in dom(html).select(selector)]


def in_view(html: str) -> BeautifulSoup:
    """The page without what shows a finished round (`[data-finished-round=true]`): the rest
    must show nothing of the round being played that seat 0 may not see."""
    page = dom(html)
    for finished in page.select('[data-finished-round="true"]'):
        finished.decompose()
    return page


def attribute_values(page: Tag) -> list[str]:
    """Every attribute value of every element (class lists joined by spaces)."""
    values = []
    for element in page.find_all(True):
        for value in element.attrs.values():
            values.append(" ".join(value) if isinstance(value, list) else value)
    return values


def codes(cards) -> set[str]:
    return {str(c) for c in cards}


# --- the table's hooks ----------------------------------------------------------------------


def game_state(html: str) -> tuple[str, int]:
    """The `data-state` and `data-ply` of the table (`#game`) in a page or fragment."""
    game = one(html, "#game")
    return game["data-state"], int(game["data-ply"])


def hand(html: str) -> list[tuple[str, bool, bool]]:
    """(code, can capture, dimmed) for each card of `#hand`."""
    return [
        (card["data-card"], card.get("data-can-capture") == "true", card.get("aria-disabled") == "true")
        for card in one(html, "#hand").select("[data-card]")
    ]


def takeable(html: str) -> list[str]:
    """The table cards the selected card may take (`#table [data-takeable]`)."""
    return [card["data-card"] for card in dom(html).select('#table [data-card][data-takeable="true"]')]


def action(html: str) -> tuple[str, bool] | None:
    """`#action`'s `data-action` and whether it is enabled; None when there is no action button."""
    found = dom(html).select("#action")
    if not found:
        return None
    return found[0]["data-action"], not found[0].has_attr("disabled")


def chosen(html: str) -> list[str]:
    """The table cards chosen so far (hidden inputs of the move form)."""
    return [field["value"] for field in dom(html).select('input[name="take"]')]


# --- the match behind a table's address -----------------------------------------------------


def url_of(match) -> str:
    return f"/m/{match.id}/{match.secret}"


def secrets_of(match) -> list[str]:
    """Every form of a match's secrets that a page, fragment or event could leak before its end:
    the deal's seed and the computers' in decimal and in hex, and the salt of its commitment."""
    seeds = (match.seed, match.bot_seed)
    return [*(str(s) for s in seeds), *(f"{s:x}" for s in seeds), *([match.salt] if match.salt else [])]


def leaks(body: str, match) -> list[str]:
    """The secrets of `match` (`secrets_of`) that `body` holds."""
    return [secret for secret in secrets_of(match) if secret in body]


def finish(service, match, secret: str | None = None):
    """Play a match to its end through the service (no HTTP, no rate limit): the person plays
    their first legal move, the computer its own. `secret`: the creator's, for a match read
    back (only a match just made knows it)."""
    secret = secret or match.secret
    loaded = service.load(match.id, secret)
    while not loaded.over:
        if loaded.sheet_pending:
            loaded = service.next_round(match.id, secret, loaded.ply)
        elif loaded.human_to_play:
            loaded = service.play(match.id, secret, loaded.ply, loaded.state.legal_moves()[0])
        else:
            loaded = service.computer(match.id, secret, loaded.ply)
    return loaded


def loaded(client, url: str):
    """The service's `Table` (match row and state) for the table at `url`."""
    return client.app.state.service.load(*url.split("/")[2:4])


def state_of(client, url: str) -> MatchState:
    return loaded(client, url).state


def move_rows(client, url: str, ply: int | None = None) -> int:
    """How many rows of the `move` table the match at `url` has (at `ply`, if given)."""
    query = "SELECT count(*) FROM move WHERE match_id = :m" + ("" if ply is None else " AND ply = :p")
    with client.app.state.service.engine.connect() as conn:
        return conn.execute(text(query), {"m": url.split("/")[2], "p": ply}).scalar_one()


def first_move(state: MatchState) -> dict:
    """The first legal move as the move form's fields."""
    move = state.legal_moves()[0]
    return {"card": str(move.card), "take": [str(c) for c in sorted(move.takes)]}


# --- a simple human -------------------------------------------------------------------------


def choose_takes(card: str, options: list[str]) -> list[str]:
    """A set of takeable table cards that is a capture for `card`, for tests that only have the
    page's codes (the browser tests): a face card takes one of them, a number card a set making 11."""
    rank = Card.parse(card).rank
    if rank > 10:
        return options[:1]
    for size in range(1, len(options) + 1):
        for combo in combinations(options, size):
            if rank + sum(Card.parse(code).rank for code in combo) == 11:
                return list(combo)
    raise AssertionError(f"no capture for {card} among {options}")


def human_move(client, url: str, html: str, ply: int, seen=lambda response: None):
    """As a simple human on the table in `html`: tap the first playable card, confirm it with the
    set the engine's first legal move with that card takes. `seen` gets the selection's response.
    Returns the move's response."""
    card = next(code for code, _, dim in hand(html) if not dim)
    seen(client.get(url, params={"select": card}, headers=HX))
    move = next(m for m in state_of(client, url).legal_moves() if str(m.card) == card)
    return client.post(url + "/move", data={"ply": ply, "card": card, "take": sorted(codes(move.takes))}, headers=HX)


def reflect(connection: sa.Connection) -> sa.MetaData:
    """Every table of the database as it is (not as the models say)."""
    metadata = sa.MetaData()
    metadata.reflect(connection)
    return metadata


def everything_stored(engine: sa.Engine) -> str:
    """Every value of every row of every table, as one text to search (for a secret, say)."""
    values = []
    with engine.connect() as connection:
        for table in reflect(connection).sorted_tables:
            for row in connection.execute(sa.select(table)):
                values.extend(str(value) for value in row)
    return "\n".join(values)


def migrate(url: str) -> Config:
    """Run `alembic upgrade head` on `url` and return the Alembic config used."""
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))  # the ini file's interpolation
    config.attributes["configure_logger"] = False
    command.upgrade(config, "head")
    return config


def create_allfours(service, level: str, players: int = 2, seed: int | None = None):
    """A new All Fours match (the Trinidad rules, for `players` seats), made as the home form's
    All Fours choice makes one (app/games/allfours/)."""
    return service.create_game("allfours", level, games.get("allfours").rules(players), seed)


def two_people(service, **options):
    """A two-seat table (a move clock of 60 s, unless `clock` says otherwise) whose second person
    has taken their seat; its id and each seat's secret."""
    match = service.create("easy", players=2, seats=["person"], seed=1000, **options)
    claimed, _ = service.claim(match.id, service.load(match.id, match.secret).seats.invite(1), "Ana")
    return match.id, {0: match.secret, 1: service.secret_of(claimed, 1)}


def play_first_legal(service, match_id: str, secret: str):
    """The seat at `secret` plays its first legal move through the service."""
    loaded = service.load(match_id, secret)
    return service.play(match_id, secret, loaded.ply, loaded.game.legal_moves(loaded.state)[0])


def play_due(client) -> int:
    """The round owner's passes until nothing more is due (the tests' apps run it by hand, with
    a pause of 0: each computer seat's move is due once the move before is written); how many
    moves were made."""
    made = 0
    while played := client.app.state.owner.run_due():
        made += played
    return made


class Clock:
    """The server's time (`Settings.clock`, `MatchService.clock`), moved on by the test: a move
    clock runs out without anyone waiting for it."""

    def __init__(self) -> None:
        self.at = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


def clocked_app(db_url: str, clock: Clock, **settings: Any) -> FastAPI:
    """An app on `db_url` whose server time is `clock`, for HTTP tests: the computer at once,
    pro's fixed worlds, bot seeds 1, 2, ... in order, no review worker, no round owner (the test
    runs its passes) and no limits; `settings` change any of these."""
    bot_seeds = itertools.count(1)
    chosen: dict[str, Any] = {
        "computer_delay_ms": 0,
        "bot_settings": FIXED_BOTS,
        "new_bot_seed": lambda: next(bot_seeds),
        "review_worker": False,
        "round_owner": False,
        "rate_moves": "off",
        "rate_new": "off",
        **settings,
    }
    return create_app(Settings(database_url=db_url, secret_key="test-key", clock=clock, **chosen))


# --- a shared table's event stream, read as a browser's SSE extension reads it ---------------


def listen(url: str, headers: dict[str, str] | None = None) -> tuple[queue.Queue[str], httpx.Client]:
    """Open the stream in a thread; its lines arrive in the queue."""
    lines: queue.Queue[str] = queue.Queue()
    client = httpx.Client(timeout=httpx.Timeout(5.0, read=None))

    def read() -> None:
        try:
            with client.stream("GET", url, headers=headers or {}) as response:
                lines.put(f"status {response.status_code} {response.headers.get('content-type')}")
                for line in response.iter_lines():
                    lines.put(line)
        except httpx.HTTPError:
            lines.put("closed")

    threading.Thread(target=read, daemon=True).start()
    return lines, client


def next_event(lines: queue.Queue[str], wait: float = 30.0) -> tuple[str, str, str]:
    """The next event's (id, name, data), skipping comments and the retry line. `wait` is only
    how long a failing test takes to say so: under a full suite's load on two cores, the round
    owner's move and its news took more than 10 s once."""
    event_id = name = ""
    data: list[str] = []
    while True:
        line = lines.get(timeout=wait)
        if line == "" and name:
            return event_id, name, "\n".join(data)
        if line.startswith("id: "):
            event_id = line[4:]
        elif line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            data.append(line[6:])


def run_apart(main):
    """`asyncio.run(main())` in a thread of its own: a browser test that ran before on the same
    worker leaves Playwright's event loop running in this one, where `asyncio.run` refuses."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(main())).result()


def session_person(client) -> str:
    """The person id a test client's session cookie holds (app/sessions.py: signed, not secret)."""
    payload = client.cookies["chaharbargh"].split(".")[0]
    return json.loads(base64.b64decode(payload + "=="))["person"]
