"""The history page's statistics per computer level: matches won and lost, the
best winning margin and the surs the player made, over this browser's finished matches. The
expected figures are worked out here from the table as the player saw it while playing."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from app.games.chaharbargh.scores import sheet
from app.history_view import history_stats
from app.i18n import digits, t
from app.models import Match
from app.seats import Seats
from app.summary import Listed, summarize
from engine import Rules, bot, from_position, observation
from tests.app.app_helpers import dom, one, text_of, two_people, url_of

SEEDS = (7_001, 7_002, 7_003)
FINISHED = datetime(2026, 12, 6, 4, 0, tzinfo=UTC)


def play_out(service, match, player):
    """Play a match to its end, the person's moves chosen by `player`; count the person's scoring
    surs as a player would: a capture that takes every card left on the table, by a card that is
    not a jack (the table rules: a jack's sweep is no sur), before the last deal (once the stock
    is empty a sur scores nothing, R8)."""
    loaded, surs = service.load(match.id, match.secret), 0
    while not loaded.over:
        if loaded.sheet_pending:
            loaded = service.next_round(match.id, match.secret, loaded.ply)
        elif loaded.human_to_play:
            view = observation(loaded.state, 0)
            move = player.choose(view)
            if move.takes and set(move.takes) == set(view.table) and move.card.rank != 11 and view.stock_count:
                surs += 1
            loaded = service.play(match.id, match.secret, loaded.ply, move)
        else:
            loaded = service.computer(match.id, match.secret, loaded.ply)
    return loaded, surs


def test_statistics_per_level_from_this_browsers_finished_matches(client):
    service = client.app.state.service
    won = lost = surs = 0
    margins = []
    for n, seed in enumerate(SEEDS):
        match = service.create("easy", 31, "table", seed=seed)
        client.get(url_of(match))  # opened here: this browser remembers it
        done, made = play_out(service, match, bot("pro", seed=n, worlds=4))
        mine, theirs = done.state.totals
        if mine > theirs and mine >= 31:
            won += 1
            margins.append(mine - theirs)
        else:
            lost += 1
        surs += made
    medium = service.create("medium", 31, "table", seed=7_100)
    client.get(url_of(medium))  # in play: not counted, and no row for a level without a finished match
    client.post("/practice", data={"level": "pro"})  # a practice round is never counted

    for lang in ("fa", "en"):
        html = client.get(f"/history?lang={lang}").text
        rows = dom(html).select("#stats tr[data-level]")
        assert [r["data-level"] for r in rows] == ["easy"]
        row = one(html, '#stats tr[data-level="easy"]')
        assert row.th.get_text(strip=True) == t(lang, "level_easy")
        cells = {name: row.select_one(f"td.{name}").get_text(strip=True) for name in ("won", "lost", "margin", "surs")}
        assert cells["won"] == digits(won, lang) and cells["lost"] == digits(lost, lang)
        assert cells["margin"] == (digits(max(margins), lang) if margins else "–")
        assert cells["surs"] == digits(surs, lang)
    assert won + lost == 3
    assert won >= 1 and surs >= 1  # the figures above were put to the test


def test_no_statistics_before_a_finished_match(client):
    match = client.app.state.service.create("easy", 31, "table", seed=7_004)
    client.get(url_of(match))
    assert not dom(client.get("/history").text).select("#stats")


def test_a_sur_in_the_last_deal_is_counted_as_the_sheet_counts_it():
    """Worked by hand: the last deal (empty stock), you hold 2♥ and A♣, the computer K♦, the
    table 4♦ 5♠. Your 2♥ takes 4♦ and 5♠ (2 + 4 + 5 = 11) and leaves the table empty: a sur, but
    in the last deal it scores nothing (R8). The computer places K♦, you place A♣, and the cards
    left go to you, the last to capture: your ace is the round's one point, which wins a match to
    1. The sheet counts 0 surs for you, and so do the statistics (they counted 1): the row's
    summary holds 1 – 0 (your ace; the computer took nothing), your side won, no sur."""
    rules = Rules.from_dict({**Rules().to_dict(), "target": 1})
    state = from_position([["2H", "AC"], ["KD"]], ["4D", "5S"], stock=[], rules=rules)
    for move in ("2H+4D+5S", "KD", "AC"):
        state = state.apply(next(m for m in state.legal_moves() if str(m) == move))
    assert state.winner == 0 and state.rounds[0].moves[0].sur, "a sur was made, and the match won"
    rules_text = json.dumps(rules.to_dict())
    match = Match(id="m", seed=0, rules=rules_text, level="easy", mode="match", game="chaharbargh")
    summarize(match, state, FINISHED)
    assert (json.loads(match.totals), match.winner, match.surs, match.status) == ([1, 0], 0, "[0, 0]", "over")
    assert match.finished_at == FINISHED
    surs_line = next(line for line in sheet(observation(state, 0), "en").lines if line.label == t("en", "line_surs"))
    assert (surs_line.points[0], surs_line.note[0]) == ("0", "0 surs")
    stats = history_stats([Listed(match, Seats((), "easy"), 0)], "en")[0]
    assert (stats.won, stats.lost, stats.best_margin, stats.surs) == ("1", "0", "1", "0")


def test_a_friend_at_seat_1_who_won_sees_won_in_the_history_and_the_statistics(client):
    """Two people: the creator plays each turn's first legal move, the friend at seat 1 the pro's.
    The friend's browser (it opened seat 1's address) reads the match from seat 1's side: their
    total reached the target above the creator's, so "won" in the list and one won in the
    statistics, with the margin worked out from seat 1's total."""
    service = client.app.state.service
    match_id, secrets = two_people(service, target=31, clock=0)
    pro = bot("pro", seed=1, worlds=4)
    loaded = service.load(match_id, secrets[0])
    while not loaded.over:
        if loaded.sheet_pending:
            loaded = service.next_round(match_id, secrets[0], loaded.ply)
            continue
        seat = loaded.turn
        view = observation(loaded.state, seat)
        move = pro.choose(view) if seat == 1 else loaded.state.legal_moves()[0]
        loaded = service.play(match_id, secrets[seat], loaded.ply, move)
    creator, friend = loaded.state.totals
    assert friend >= 31 and friend > creator  # the friend won: what the pages must say
    client.get(f"/m/{match_id}/{secrets[1]}")  # the friend's browser remembers seat 1
    for lang in ("fa", "en"):
        html = client.get(f"/history?lang={lang}").text
        entry = one(html, f'li[data-match="{match_id}"]')
        assert entry["data-result"] == "won"
        assert text_of(str(entry), "b.result") == t(lang, "result_won")
        row = one(html, '#stats tr[data-level="easy"]')
        cells = {name: row.select_one(f"td.{name}").get_text(strip=True) for name in ("won", "lost", "margin")}
        assert cells == {"won": digits(1, lang), "lost": digits(0, lang), "margin": digits(friend - creator, lang)}
    home = client.get("/?lang=en").text
    assert t("en", "result_won") in home and t("en", "result_lost") not in home
