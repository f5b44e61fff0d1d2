"""Every match's deal is committed to before its first card and proved after its last: the
commitment read off the table is the SHA-256 of the documented bytes (worked out here with
hashlib alone), the finished record reveals what it hashes, `python -m engine verify` accepts it
and names what a changed card, seed or salt breaks, and the check page deals what the engine
deals. Before the end no page, fragment or event holds the seeds or the salt."""

from __future__ import annotations

import hashlib
import itertools
import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from app.i18n import t
from app.seats import watch_code
from app.settings import ROOT, random_seed
from tests.app.app_helpers import (
    HX,
    create_allfours,
    dom,
    finish,
    game_state,
    leaks,
    listen,
    next_event,
    one,
    text_of,
    url_of,
)

pytestmark = pytest.mark.one_database  # what pages show; the salt's column is stored alike on both

BIG_BOT_SEEDS = itertools.count(3_901_224_617_005_218_331)  # as long as real ones, so a leak would show


def sha256_of(game: str, record: dict) -> str:
    """The commitment as docs/fairness.md defines it, from the record's revealed values."""
    rules = json.dumps(record["rules"], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    lines = ["chaharbargh-commitment/1", game, rules, str(record["seed"]), str(record["bot_seed"]), record["salt"]]
    return hashlib.sha256("".join(line + "\n" for line in lines).encode()).hexdigest()


def verify(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "verify", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def service(app):
    service = app.state.service
    service.new_bot_seed = lambda: next(BIG_BOT_SEEDS)
    return service


def make(service, game: str):
    if game == "allfours":
        return create_allfours(service, "easy", seed=None)
    return service.create("easy", target=11)


@pytest.mark.parametrize("game", ["chaharbargh", "allfours"])
def test_the_commitment_on_the_table_is_proved_by_the_finished_record(client, service, tmp_path, game):
    match = make(service, game)
    url = url_of(match)
    table = client.get(url)
    shown = one(table.text, "#fairness")["data-commitment"]
    assert len(shown) == 64 and int(shown, 16) >= 0
    assert one(table.text, "#fairness .commitment-short").get_text().startswith(shown[:12])
    assert not leaks(table.text, match)
    assert client.get(url + "/record.json").status_code == 409
    assert client.get(url + "/fairness").status_code == 409  # the check shows every card: not before the end

    finish(service, match)
    answer = client.get(url + "/record.json")
    record = answer.json()
    assert record["commitment"] == shown == sha256_of(game, record)  # the same commitment, from hashlib alone
    assert record["seed"] == match.seed and record["bot_seed"] == match.bot_seed and len(record["salt"]) == 32
    path = tmp_path / "record.json"
    path.write_text(answer.text)
    ok = verify(path)
    assert ok.returncode == 0 and ok.stdout.startswith(f"ok: {game}, commitment {shown} holds"), ok.stderr

    hands = "hands" if game == "chaharbargh" else "dealt"
    changed = json.loads(answer.text)
    deal = changed["rounds"][0]["deals"][1] if game == "chaharbargh" else changed["rounds"][0]
    first = deal[hands][0][0]
    deal[hands][0][0] = "KH" if first != "KH" else "QH"
    broken = {
        "a card": changed,
        "the seed": {**record, "seed": record["seed"] + 1},
        "the salt": {**record, "salt": ("0" if record["salt"][0] != "0" else "1") + record["salt"][1:]},
    }
    reasons = {}
    for what, data in broken.items():
        path.write_text(json.dumps(data))
        refused = verify(path)
        assert refused.returncode == 1 and not refused.stdout, what
        reasons[what] = refused.stderr
    assert "the commitment holds, but the record does not replay: round 0 does not match" in reasons["a card"]
    where = "deals[1].hands[0][0]" if game == "chaharbargh" else "dealt[0][0]"
    assert f"{where}: the record has {deal[hands][0][0]!r}, the game gives {first!r}" in reasons["a card"]
    assert all("the commitment does not hold" in reasons[what] for what in ("the seed", "the salt"))


def test_a_move_that_was_not_legal_fails_the_verification(client, service, tmp_path):
    match = make(service, "chaharbargh")
    finish(service, match)
    record = client.get(url_of(match) + "/record.json").json()
    moves = record["rounds"][0]["moves"]
    moves[0], moves[1] = moves[1], moves[0]  # the second seat plays first
    path = tmp_path / "moved.json"
    path.write_text(json.dumps(record))
    refused = verify(path)
    assert refused.returncode == 1 and f"round 0, move 0: seat {moves[0]['seat']} is not to play" in refused.stderr


def page_deals(html: str) -> list[list[list[str]]]:
    """Each deal the check page shows, in order: each seat's cards in the order dealt."""
    return [
        [li["data-cards"].split() for li in deal.select("li[data-seat]")]
        for deal in dom(html).select("#fair-deals > li[data-deal]")
    ]


@pytest.mark.parametrize("game", ["chaharbargh", "allfours"])
def test_the_check_page_shows_every_deal_as_the_engine_replays_it(client, service, game):
    match = make(service, game)
    finished = finish(service, match)
    engine_game = finished.game
    replayed = engine_game.new_match(match.seed, finished.state.rules)
    for move in service.stored_moves(finished):
        replayed = engine_game.apply(replayed, engine_game.parse_move(move))
    rounds = engine_game.record(replayed)["rounds"]
    if game == "chaharbargh":
        expected = [deal["hands"] for r in rounds for deal in r["deals"]]
    else:
        expected = [r["dealt"] for r in rounds]
    page = client.get(url_of(match) + "/fairness?lang=en")
    assert page.status_code == 200
    assert page_deals(page.text) == expected and len(expected) >= 2
    assert one(page.text, "#fair-result")["data-proved"] == "true"
    assert text_of(page.text, "#fair-commitment") == one(client.get(url_of(match)).text, "#fairness")["data-commitment"]
    assert text_of(page.text, "#fair-seed") == str(match.seed) and text_of(page.text, "#fair-salt") == match.salt
    shown_moves = len(dom(page.text).select("#fair-deals .fair-moves li"))
    assert shown_moves == len(service.stored_moves(finished))  # every move, beside the deal it was played from
    # the end of the match links to the check; the finished table still keeps the secrets to the record
    end = client.get(url_of(match) + "?lang=en").text
    assert one(end, "#fairness-check")["href"] == url_of(match) + "/fairness"
    assert one(end, "#fairness-link")["href"] == url_of(match) + "/fairness"
    for place in ("", "/replay?ply=3", "/review"):
        assert not leaks(client.get(url_of(match) + place).text, match), place


def test_a_rematch_has_its_own_commitment_and_a_practice_none(client, service):
    match = make(service, "chaharbargh")
    finish(service, match)
    again = service.rematch(match.id, match.secret)
    first, second = (one(client.get(url_of(m)).text, "#fairness")["data-commitment"] for m in (match, again))
    assert again.salt != match.salt and first != second
    practice = service.create_practice("easy")
    assert practice.salt is None and not dom(client.get(url_of(practice)).text).select("#fairness")


def test_a_match_from_before_commitments_says_it_cannot_be_proved(client, service, tmp_path):
    match = make(service, "chaharbargh")
    with service.engine.begin() as connection:
        connection.execute(text("UPDATE match SET salt = NULL WHERE id = :id"), {"id": match.id})
    assert not dom(client.get(url_of(match)).text).select("#fairness")  # nothing was shown before its first card
    finish(service, match)
    page = client.get(url_of(match) + "/fairness?lang=en")
    assert page.status_code == 200 and text_of(page.text, "#fair-result") == t("en", "fair_none")
    assert not dom(page.text).select("#fair-deals")
    answer = client.get(url_of(match) + "/record.json")
    assert "salt" not in answer.json() and answer.json()["bot_seed"] == match.bot_seed
    path = tmp_path / "old.json"
    path.write_text(answer.text)
    refused = verify(path)
    assert refused.returncode == 1 and "no commitment to check: the record has no salt, commitment" in refused.stderr


def test_the_invite_and_the_watch_page_show_the_same_commitment(client, service):
    match = service.create("easy", players=2, seats=["person"])
    shown = one(client.get(url_of(match)).text, "#fairness")["data-commitment"]
    invite = service.load(match.id, match.secret).seats.invite(1)
    with TestClient(client.app) as friend:
        join = friend.get(f"/m/{match.id}/join/{invite}")
        watch = friend.get(f"/m/{match.id}/watch/{watch_code(match.secret)}")
    assert one(join.text, "#fairness")["data-commitment"] == shown == one(watch.text, "#fairness")["data-commitment"]
    assert not leaks(join.text, match) and not leaks(watch.text, match)


def test_a_moves_answer_leaves_out_the_notes_the_page_already_holds(client, service):
    """The commitment and the watch link sit outside #game: sent with the whole page, out of band
    with a table at ply 0 (when seats are taken) and at the end, never with a move past the first."""
    match = service.create("easy", target=11)
    url = url_of(match)
    page = client.get(url).text
    shown = one(page, "#match-notes > #fairness")["data-commitment"]
    assert one(page, "#match-notes #watch-link") and not dom(page).select("#game #fairness, #game #watch")
    at_start = client.get(url, params={"ply": 0}, headers=HX).text
    assert one(at_start, "#match-notes[hx-swap-oob] #fairness")["data-commitment"] == shown
    loaded = service.load(match.id, match.secret)
    while loaded.ply == 0 or not loaded.human_to_play:  # to the person's move past the first
        if loaded.human_to_play:
            loaded = service.play(match.id, match.secret, loaded.ply, loaded.state.legal_moves()[0])
        else:
            loaded = service.computer(match.id, match.secret, loaded.ply)
    move = {"ply": loaded.ply, "card": str(loaded.state.legal_moves()[0].card)}
    move["take"] = sorted(str(c) for c in loaded.state.legal_moves()[0].takes)
    answer = client.post(url + "/move", data=move, headers=HX)
    assert answer.status_code == 200 and game_state(answer.text)[1] == loaded.ply + 1
    assert not dom(answer.text).select("#match-notes, #fairness, #watch")
    assert not dom(client.post(url + "/computer", data={"ply": loaded.ply + 1}, headers=HX).text).select("#fairness")
    ended = finish(service, match)
    end = client.get(url, params={"ply": ended.ply}, headers=HX).text  # a page past the start: the end changes them
    notes = one(end, "#match-notes[hx-swap-oob]")
    assert one(str(notes), "#fairness")["data-commitment"] == shown and one(str(notes), "#fairness-link")
    assert not notes.select("#watch")  # no watch link once the match is over


def test_the_review_says_what_the_computer_decided_from_and_links_the_check(client, service):
    match = make(service, "chaharbargh")
    finish(service, match)
    page = client.get(url_of(match) + "/review?lang=en").text
    assert t("en", "review_fair") in text_of(page, "#review-fair")
    assert one(page, "#review-fair-link")["href"] == url_of(match) + "/fairness"
    assert not leaks(page, match)


def test_no_event_of_a_match_in_play_carries_its_seeds_or_salt(live_server):
    """A whole match with the computer, its moves arriving on the person's event stream and the
    watch link's: every event, every answer and every page is scanned for both seeds (decimal and
    hex) and the salt until the end, when the record holds them."""
    server = live_server(computer_delay_ms=0, new_seed=random_seed, new_bot_seed=random_seed)
    service = server.app.state.service
    match = service.create("easy", players=2, target=11)
    base = f"{server.url}/m/{match.id}"
    loaded = service.load(match.id, match.secret)
    mine, me = listen(f"{base}/{match.secret}/events?v={loaded.version}")
    theirs, spectator = listen(f"{base}/watch/{watch_code(match.secret)}/events?v={loaded.version}")
    scanned = 0
    try:
        for lines in (mine, theirs):
            assert lines.get(timeout=30).startswith("status 200") and lines.get(timeout=30) == "retry: 2000"
        with httpx.Client(base_url=server.url, headers={"Origin": server.url}) as person:
            while True:
                page = person.get(f"/m/{match.id}/{match.secret}")
                assert not leaks(page.text, match) and not leaks(str(page.headers), match)
                scanned += 1
                status, ply = game_state(page.text)
                loaded = service.load(match.id, match.secret)
                if loaded.over:
                    break
                if loaded.ply != ply:  # the stream's computer moved meanwhile
                    continue
                if status == "round-over":
                    answer = person.post(f"/m/{match.id}/{match.secret}/next", data={"ply": ply}, headers=HX)
                elif status == "your-turn":
                    move = loaded.game.legal_moves(loaded.state)[0]
                    data = {"ply": ply, "card": str(move.card), "take": [str(c) for c in move.takes]}
                    answer = person.post(f"/m/{match.id}/{match.secret}/move", data=data, headers=HX)
                else:  # the computer plays on the stream; wait for its table
                    _, _, html = next_event(mine)
                    assert not leaks(html, match)
                    scanned += 1
                    continue
                assert answer.status_code == 200 and not leaks(answer.text, match)
                scanned += 1
            while not mine.empty():
                assert not leaks(mine.get(), match)
                scanned += 1
            while not theirs.empty():
                assert not leaks(theirs.get(), match)
                scanned += 1
            record = person.get(f"/m/{match.id}/{match.secret}/record.json").json()
    finally:
        me.close()
        spectator.close()
    assert scanned > 30 and record["salt"] == match.salt and record["seed"] == match.seed
