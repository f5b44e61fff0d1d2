"""A match's summary on its row (migration 0016, app/summary.py): status, each side's totals, the
winning side, when it finished and each side's surs, written with the move that changes them and
read by the lists (the history page and its statistics, `/me`, the home page) without replaying
the match; old rows get theirs from the migration, and a row still without one is filled the
first time a list reads it.

The finished match is the sealed record's (tests/records/sealed-chaharbargh.json: two seats, the
table rules to 11, one round of 48 moves), worked out here by hand from the cards each seat took
(the rule book's R10): seat 0 took 10♦ (3), three aces (3) and two jacks (2): 8; seat 1 took
nine clubs to seat 0's four (7), 2♣ (2), one ace (1) and two jacks (2): 12. No sur (no move
swept the table). Seat 1 reached 11 first: it won, 12 to 8, by 4."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from alembic import command
from app.history_view import history
from app.i18n import digits, t
from app.store import Store
from tests.app.app_helpers import dom, migrate, one

RECORD = json.loads((Path(__file__).parents[1] / "records" / "sealed-chaharbargh.json").read_text())
SEED = RECORD["seed"]
PLAYED = [m for r in RECORD["rounds"] for m in r["moves"]]
MOVES = [m["card"] + "".join(f"+{c}" for c in m["takes"]) for m in PLAYED]
TOTALS, WINNER, MARGIN = [8, 12], 1, 4  # worked by hand: see the module's docstring
BEGAN = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
FINISHED = datetime(2026, 12, 1, 18, 30, tzinfo=UTC)


def points_by_hand() -> list[int]:
    """Each seat's points counted from the record's cards, as a person counts them at the end
    of the round (R10): a capture takes its card and what it took; the leftover goes to the last
    to capture; most clubs 7, 10♦ 3, 2♣ 2, each ace and jack 1 (and no sur was made)."""
    piles: list[list[str]] = [[], []]
    for move in PLAYED:
        if move["takes"]:
            piles[move["seat"]] += [move["card"], *move["takes"]]
    leftover = RECORD["rounds"][0]["leftover"]
    piles[leftover["seat"]] += leftover["cards"]
    assert sum(map(len, piles)) == 52 and not any(m["sur"] for m in PLAYED)
    clubs = [sum(c.endswith("C") for c in pile) for pile in piles]
    return [
        7 * (clubs[side] > clubs[1 - side]) + 3 * ("10D" in pile) + 2 * ("2C" in pile) + sum(c[0] in "AJ" for c in pile)
        for side, pile in enumerate(piles)
    ]


def test_the_hand_worked_figures_are_the_records_cards():
    assert points_by_hand() == TOTALS


def stored(db_url: str, match_id: str) -> dict:
    """The match's summary columns as stored (a time with its zone: SQLite keeps none)."""
    engine = sa.create_engine(db_url)
    with engine.connect() as connection:
        match = sa.Table("match", sa.MetaData(), autoload_with=connection)
        columns = (match.c.status, match.c.totals, match.c.winner, match.c.finished_at, match.c.surs)
        row = dict(connection.execute(sa.select(*columns).where(match.c.id == match_id)).mappings().one())
    engine.dispose()
    at = row["finished_at"]
    row["finished_at"] = at if at is None or at.tzinfo else at.replace(tzinfo=UTC)
    return row


def no_replays(monkeypatch, service) -> list[str]:
    """From now on, loading a match's state fails the test; this process's states are forgotten
    (a list that loaded one would keep it: `_cache` stays empty)."""
    loads: list[str] = []

    def refuse(self, connection, match):
        loads.append(match.id)
        raise AssertionError(f"a list replayed {match.id}")

    service._cache.clear()
    monkeypatch.setattr(Store, "_state", refuse)
    return loads


def test_the_summary_is_written_with_each_move_and_the_lists_read_it_without_replaying(client, db_url, monkeypatch):
    """Two people play the sealed match: the friend (this browser, seat 1) wins. Each move writes
    the summary in its own transaction; the lists then read the rows alone: the friend's history,
    statistics, /me and home page say "won", with seat 1's margin; seat 0's list says "lost"."""
    service = client.app.state.service
    match = service.create("easy", target=11, preset="table", players=2, seats=["person"], seed=SEED)
    invite = service.load(match.id, match.secret).seats.invite(1)
    assert client.post(f"/m/{match.id}/join/{invite}", data={"name": "Maryam"}).status_code == 200
    secrets = {0: match.secret, 1: service.load(match.id, match.secret).seats.secret(1)}
    assert stored(db_url, match.id) == {
        "status": "playing",
        "totals": "[0, 0]",
        "winner": None,
        "finished_at": None,
        "surs": "[0, 0]",
    }
    loaded = service.load(match.id, match.secret)
    for n, (move, played) in enumerate(zip(MOVES, PLAYED, strict=True)):
        assert loaded.turn == played["seat"] and not loaded.over
        if n == len(MOVES) - 1:
            service.clock = lambda: FINISHED  # the last move's time: when the match finished
        loaded = service.play(match.id, secrets[played["seat"]], loaded.ply, move)
    assert loaded.over and list(loaded.state.totals) == TOTALS and loaded.state.winner == WINNER
    assert stored(db_url, match.id) == {
        "status": "over",
        "totals": json.dumps(TOTALS),
        "winner": WINNER,
        "finished_at": FINISHED,
        "surs": "[0, 0]",
    }

    loads = no_replays(monkeypatch, service)
    for lang in ("en", "fa"):
        page = client.get(f"/history?lang={lang}").text
        assert one(page, f'li[data-match="{match.id}"]')["data-result"] == "won"
        row = one(page, '#stats tr[data-level="easy"]')
        cells = [row.select_one(f"td.{name}").get_text(strip=True) for name in ("won", "lost", "margin", "surs")]
        assert cells == [digits(n, lang) for n in (1, 0, MARGIN, 0)]
    me = dom(client.get("/me?lang=en").text)
    assert me.select_one(f'#me-matches li[data-match="{match.id}"]')["data-result"] == "won"
    home = dom(client.get("/?lang=en").text).select_one("#saved").get_text(" ", strip=True)
    assert "8 – 12" in home and t("en", "result_won") in home
    creators = history(service.listed([(match.id, 0)]), "en", {"chaharbargh": "Chaharbargh"})
    assert (creators[0].result_key, creators[0].score) == ("lost", "8 – 12")
    assert loads == [] and not service._cache  # no list loaded a state


def test_a_practice_round_writes_its_summary_when_it_ends(client, db_url):
    """A practice round keeps no match score: its summary is the round's points, and its winner
    the side with more of them (None on a tie)."""
    service = client.app.state.service
    match = service.create_practice("easy", seed=SEED)
    loaded = service.load(match.id, match.secret)
    loaded = service.play(match.id, match.secret, 0, loaded.game.legal_moves(loaded.state)[0])
    assert stored(db_url, match.id)["status"] == "playing"
    while not loaded.over:
        if loaded.human_to_play:
            loaded = service.play(match.id, match.secret, loaded.ply, loaded.game.legal_moves(loaded.state)[0])
        else:
            loaded = service.computer(match.id, match.secret, loaded.ply)
    totals = list(loaded.state.totals)
    row = stored(db_url, match.id)
    assert (row["status"], json.loads(row["totals"])) == ("over", totals)
    assert row["winner"] == (totals.index(max(totals)) if totals.count(max(totals)) == 1 else None)
    assert row["finished_at"] is not None


def old_rows(engine: sa.Engine) -> None:
    """The sealed match as the previous release stored it, finished, with Maryam at seat 1, and
    the same deal still in play after 3 moves."""
    rules = json.dumps(RECORD["rules"], sort_keys=True)
    with engine.begin() as connection:
        meta = sa.MetaData()
        match, seat, move = (sa.Table(name, meta, autoload_with=connection) for name in ("match", "seat", "move"))
        for match_id, moves, status in (("finished", MOVES, "over"), ("playing", MOVES[:3], "playing")):
            connection.execute(
                match.insert(),
                {
                    "id": match_id,
                    "secret": f"{match_id}-own-secret",
                    "seed": SEED,
                    "rules": rules,
                    "level": "medium",
                    "status": status,
                    "ply": len(moves),
                    "bot_seed": 11,
                    "created_at": BEGAN,
                    "updated_at": FINISHED + timedelta(minutes=5),  # a phrase said after the end
                },
            )
            rows = [{"match_id": match_id, "seat": 0, "kind": "person", "name": "Ali", "claimed_at": BEGAN}]
            rows.append({**rows[0], "seat": 1, "name": "Maryam", "secret": f"{match_id}-maryam"})
            connection.execute(seat.insert(), rows)
            times = [BEGAN + (FINISHED - BEGAN) * (n + 1) / len(MOVES) for n in range(len(moves))]
            rows = [
                {"match_id": match_id, "ply": n, "seat": PLAYED[n]["seat"], "move": text, "created_at": at}
                for n, (text, at) in enumerate(zip(moves, times, strict=True))
            ]
            connection.execute(move.insert(), rows)


def test_old_rows_are_summarized_by_the_migration_and_the_downgrade_drops_it(db_url, request, monkeypatch):
    config = migrate(db_url)
    command.downgrade(config, "0015")  # the database as the previous release left it
    engine = sa.create_engine(db_url)
    old_rows(engine)
    command.upgrade(config, "head")

    assert stored(db_url, "finished") == {
        "status": "over",
        "totals": json.dumps(TOTALS),
        "winner": WINNER,
        "finished_at": FINISHED,  # its last move's time, not the row's last write
        "surs": "[0, 0]",
    }
    playing = stored(db_url, "playing")
    assert (playing["status"], playing["winner"], playing["finished_at"]) == ("playing", None, None)
    assert playing["totals"] == "[0, 0]"  # no round scored after 3 moves

    command.downgrade(config, "0015")
    with engine.connect() as connection:
        columns = {c["name"] for c in sa.inspect(connection).get_columns("match")}
    assert not columns & {"totals", "winner", "finished_at", "surs"} and "status" in columns
    command.upgrade(config, "head")
    engine.dispose()

    app = request.getfixturevalue("app")
    with TestClient(app):
        service = app.state.service
        loads = no_replays(monkeypatch, service)
        listed = service.listed([("finished", 1), ("playing", 0)])
        entries = {e.id: e for e in history(listed, "en", {"chaharbargh": "Chaharbargh"})}
        assert (entries["finished"].result_key, entries["finished"].score) == ("won", "8 – 12")  # Maryam's side
        assert (entries["playing"].result_key, entries["playing"].score) == ("playing", "0 – 0")
        assert loads == []


def test_a_row_left_without_a_summary_is_filled_on_its_first_list_and_written_back(app, db_url, monkeypatch):
    """A server of the previous release, still running beside the new one, finishes a match
    and writes no summary: the first list replays it once and writes it back; later lists read it."""
    with TestClient(app):
        service = app.state.service
        engine = sa.create_engine(db_url)
        old_rows(engine)  # on the current schema: the summary columns left empty
        assert stored(db_url, "finished")["totals"] is None
        first = {x.match.id: x for x in service.listed([("finished", 1)])}
        assert (first["finished"].result, first["finished"].totals) == ("won", tuple(TOTALS))
        assert stored(db_url, "finished") == {
            "status": "over",
            "totals": json.dumps(TOTALS),
            "winner": WINNER,
            "finished_at": FINISHED,
            "surs": "[0, 0]",
        }
        loads = no_replays(monkeypatch, service)
        assert service.listed([("finished", 1)])[0].result == "won" and loads == []
        engine.dispose()


@pytest.mark.parametrize("seat, result", [(0, "lost"), (1, "won")])
def test_each_seat_reads_the_result_for_its_own_side(app, db_url, seat, result):
    with TestClient(app):
        old_rows(sa.create_engine(db_url))
        assert app.state.service.listed([("finished", seat)])[0].result == result
