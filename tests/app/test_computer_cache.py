"""The computer thinks on the position its process kept, without reading it again; the database
still decides: two services on one database stand for two server processes."""

from __future__ import annotations

import subprocess
import sys

import pytest

from app.db import make_engine
from app.refusals import NotFound
from app.service import MatchService
from app.settings import ROOT


def two_services(db_url: str) -> tuple[MatchService, MatchService]:
    return MatchService(make_engine(db_url)), MatchService(make_engine(db_url))


def test_a_position_kept_here_is_played_without_a_read(db_url, monkeypatch):
    here, elsewhere = two_services(db_url)
    match = here.create("easy", seed=3)
    human = here.load(match.id, match.secret)
    here.play(match.id, match.secret, 0, human.state.legal_moves()[0])

    def no_read(*args: object) -> None:
        raise AssertionError("the computer read the match again before thinking")

    monkeypatch.setattr(here, "load", no_read)
    answer = here.computer(match.id, match.secret, 1)
    assert answer.changed and answer.ply == 2
    assert answer.state == elsewhere.load(match.id, match.secret).state, "what was stored is what it answered"


def test_a_kept_position_another_process_moved_on_is_never_written(db_url):
    here, there = two_services(db_url)
    match = here.create("easy", seed=3)
    start = here.load(match.id, match.secret).state
    here.play(match.id, match.secret, 0, start.legal_moves()[0])  # kept here at ply 1
    moved = there.computer(match.id, match.secret, 1)  # the other process answers first...
    assert moved.changed and moved.ply == 2
    there.play(match.id, match.secret, 2, moved.state.legal_moves()[0])  # ...and the human plays on
    late = here.computer(match.id, match.secret, 1)  # a late request here, on its kept ply-1 position
    assert not late.changed and late.ply == 3, "the stored match moved on: nothing is written"
    assert late.state == there.load(match.id, match.secret).state
    now = here.computer(match.id, match.secret, 3)  # nothing kept at ply 3 here: read, then played
    assert now.changed and now.ply == 4


def test_a_wrong_secret_finds_nothing_even_when_kept(db_url):
    here, _ = two_services(db_url)
    match = here.create("easy", seed=3)
    here.play(match.id, match.secret, 0, here.load(match.id, match.secret).state.legal_moves()[0])
    with pytest.raises(NotFound):
        here.computer(match.id, "not-the-secret", 1)


def test_a_match_row_read_in_a_fresh_process_can_be_written():
    """`_match_of` makes a Match the way SQLAlchemy loads one; in a new process nothing else has
    configured the mappers yet (the servers of tests/system failed so)."""
    code = (
        "import datetime; from app.store import _match_of, MATCH_COLUMNS\n"
        "row = dict.fromkeys(MATCH_COLUMNS, 0) | {'id': 'a', 'bot_seed': None}\n"
        "match = _match_of(row); match.ply += 1; match.status = 'over'\n"
        "print(match.ply, match.status, match.model_dump(include={'id'}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.stdout.strip() == "1 over {'id': 'a'}", done.stderr
