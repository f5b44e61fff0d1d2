"""The review page of a finished match: asked on the first visit, made by a job in the database
(here made by hand, `work_once`, in place of the worker thread), shown with a progress bar until
it is done, then every decision of the person with its verdict and loss, the chart and the
summary, in both games. A match in play and a practice round are refused. A person and an
address have few reviews waiting at once, the jobs are taken in turns by who asked, a waiting
review shows its place in the line, and the pro's work runs in a niced child process whose
death loses nothing but time."""

from __future__ import annotations

import json
import os
import signal

import pytest
from fastapi.testclient import TestClient
from sqlmodel import select

from app.db import read_session, write_session
from app.i18n import card_name, t
from app.models import Review
from app.review_process import NICE
from app.reviews import STALE, Reviews, review_seed
from engine.chaharbargh import new_match
from tests.app.app_helpers import (
    Clock,
    create_allfours,
    dom,
    finish,
    one,
    play_first_legal,
    text_of,
    two_people,
    url_of,
)


def accuracy_of(items) -> int:
    """The accuracy the page should show: the mean share kept (data-kept) over the decisions
    whose choice mattered, the only ones that carry it (engine.review.accuracy)."""
    kept = [float(li["data-kept"]) for li in items if li.get("data-kept")]
    assert kept  # a whole match has choices that matter
    return round(100 * sum(kept) / len(kept))


def test_a_finished_match_is_reviewed_by_a_job_then_shown_move_by_move(client, app):
    service, reviews = app.state.service, app.state.reviews
    match = service.create("easy", target=11, seed=31)
    url = url_of(match)
    assert client.get(url + "/review?lang=en").status_code == 409  # in play: the review would tell hidden cards' worth
    finished = finish(service, match)

    waiting = client.get(url + "/review?lang=en")
    assert waiting.status_code == 200
    assert one(waiting.text, "#review")["data-status"] == "waiting"
    assert one(waiting.text, "#review")["hx-trigger"] == "every 1s"  # the page asks again until it is done
    assert one(waiting.text, "progress#review-progress")
    assert client.get(url + "/review").status_code == 200  # asked again: still one job
    with read_session(service.engine) as session:
        assert len(session.exec(select(Review).where(Review.match_id == match.id)).all()) == 1

    assert reviews.work_once() and not reviews.work_once()  # one job, made once
    page = client.get(url + "/review?lang=en").text
    assert one(page, "#review")["data-status"] == "done" and not one(page, "#review").has_attr("hx-trigger")
    verdicts = {"best", "good", "inaccuracy", "mistake", "blunder"}
    listed = dom(page).select("#review-decisions li[data-ply]")
    items = [li for li in listed if li["data-verdict"] in verdicts]
    stored = service.stored_moves(finished)
    # every decision is one of the person's turns with a choice, counted here on the stored moves;
    # a turn with one legal move is listed too, said to be no decision
    game, state, expected, forced = finished.game, new_match(match.seed, finished.state.rules), [], []
    for ply, text in enumerate(stored):
        if state.turn == 0:
            (expected if len(state.legal_moves()) > 1 else forced).append(ply)
        state = game.apply(state, game.parse_move(text))
    assert [int(li["data-ply"]) for li in items] == expected and expected
    assert [int(li["data-ply"]) for li in listed if li["data-verdict"] == "forced"] == forced and forced
    assert [int(li["data-ply"]) for li in listed] == sorted(expected + forced)
    for li in listed:
        if li["data-verdict"] == "forced":
            assert text_of(str(li), ".verdict") == t("en", "review_forced") and not li.select(".best")
    unjudged = [p.get_text(strip=True) for p in dom(page).select(".review-unjudged")]
    assert unjudged == [t("en", "review_forced_count", n=str(len(forced)))]
    for li in items:
        assert li["data-verdict"] in verdicts and float(li["data-loss"]) >= 0
        assert li.select(".played .mini")  # the move played, as cards
        if li["data-verdict"] != "best":
            assert float(li["data-loss"]) > 0
    assert text_of(page, "#review-accuracy") == f"{t('en', 'review_accuracy')}: {accuracy_of(items)}%"
    points = dom(page).select("#review-chart a")
    assert len(points) == len(items)  # a point a decision, each a link to the position before the move
    assert [p["href"] for p in points] == [f"{url}/replay?ply={ply}" for ply in expected]
    assert [li.select_one("a.review-n")["href"] for li in items] == [f"{url}/replay?ply={ply}" for ply in expected]
    assert len(dom(page).select("#review-chart-table tbody tr")) == len(items)
    costliest = [float(li["data-loss"]) for li in dom(page).select("#review-costliest li")]
    assert costliest == sorted(costliest, reverse=True) and len(costliest) <= 3
    # the costliest are the judged moves that lost the most, each as listed below
    lost = sorted(
        (li for li in items if li["data-verdict"] not in ("best", "good")), key=lambda li: -float(li["data-loss"])
    )
    assert [li["data-ply"] for li in dom(page).select("#review-costliest li")] == [li["data-ply"] for li in lost[:3]]

    # a card that takes nothing is said to be laid on the table, not "played" as a capture is
    moves = {ply: game.parse_move(stored[ply]) for ply in expected}
    laid = [li for li in items if not moves[int(li["data-ply"])].takes]
    assert laid and len(laid) < len(items)
    fa_page = client.get(url + "/review?lang=fa").text
    # the pro is named as its level is everywhere else («حرفه‌ای», never «استاد»); «بی‌دقتی», the common word
    assert t("fa", "level_pro") in text_of(fa_page, "#review > p.note") and "استاد" not in fa_page
    assert t("fa", "verdict_inaccuracy") == "بی‌دقتی" and "نادقیق" not in fa_page
    for li in items:
        move, played = moves[int(li["data-ply"])], text_of(str(li), ".played")
        if move.takes:
            assert played.startswith(t("en", "review_played") + ":")
        else:
            assert played.startswith(t("en", "review_laid")) and played.endswith(t("en", "review_laid_after"))
            fa_played = text_of(str(one(fa_page, f'#review-decisions li[data-ply="{li["data-ply"]}"]')), ".played")
            assert fa_played.endswith(t("fa", "review_laid_after"))
        assert [c["aria-label"] for c in li.select(".played .mini")][:1] == [card_name(str(move.card), "en")]

    # the replay at the position before a decision shows the move played there and the pro's
    for li in items:
        ply, verdict = int(li["data-ply"]), li["data-verdict"]
        replay = client.get(f"{url}/replay?ply={ply}&lang=en").text
        shown = one(replay, "#replay-decision")
        assert shown["data-verdict"] == verdict and one(replay, "#replay")["data-ply"] == str(ply)
        assert [c["aria-label"] for c in shown.select(".played .mini")][:1] == [card_name(str(moves[ply].card), "en")]
        assert bool(shown.select(".best .mini")) == (verdict != "best" and li.select(".best") != [])
    assert not dom(client.get(f"{url}/replay?ply={len(stored)}").text).select("#replay-decision")

    # made again from scratch (the row gone), the review is the same: its worlds are seeded
    with write_session(service.engine) as session:
        first = session.exec(select(Review).where(Review.match_id == match.id)).one()
        result = first.result
        session.delete(first)
    client.get(url + "/review")
    assert reviews.work_once()
    assert reviews.find(match.id, 0).result == result


def test_an_all_fours_match_is_reviewed_decisions_and_cards_alike(client, app):
    """All Fours' pro judges the deal's decisions (stand or beg, take one or run) as well as the
    cards: they are shown in the table's own words. The person here always makes the first
    legal move: stand, and take one when the dealer is asked."""
    service, reviews = app.state.service, app.state.reviews
    match = create_allfours(service, "easy", 2, seed=5)
    finished = finish(service, match)
    url = url_of(match)
    end = client.get(url + "?lang=en").text
    assert one(end, "#review-link")["href"] == url + "/review"
    assert one(client.get(url + "/review?lang=en").text, "#review")["data-status"] == "waiting"
    assert reviews.work_once()
    page = client.get(url + "/review?lang=fa").text
    assert one(page, "#review")["data-status"] == "done"
    assert t("fa", "review_note_allfours", n="۱۴") in text_of(page, "#review")
    game, state, expected = finished.game, game_start(finished), {}
    for ply, text in enumerate(service.stored_moves(finished)):
        move = game.parse_move(text)
        if state.turn == 0 and len(state.legal_moves()) > 1:
            expected[ply] = move
        state = game.apply(state, move)
    items = [li for li in dom(page).select("#review-decisions li[data-ply]") if li["data-verdict"] != "forced"]
    assert [int(li["data-ply"]) for li in items] == list(expected) and expected
    words = {"stand": "af_stand", "one": "af_takeone"}
    decided = [li for li in items if expected[int(li["data-ply"])].card is None]
    assert decided, "the deal's decisions are judged too"
    for li in items:
        move = expected[int(li["data-ply"])]
        if move.card is None:
            assert t("fa", words[move.decision]) in li.select_one(".played").get_text()
        else:
            assert li.select(".played .mini")
    assert len(dom(page).select("#review-chart a")) == len(items)
    for lang in ("fa", "en"):  # the header names the game reviewed, as its table's does
        assert text_of(client.get(url + f"/review?lang={lang}").text, "header .brand") == t(lang, "af_title")


def game_start(loaded):
    return loaded.game.new_match(loaded.match.seed, loaded.game.rules_of(loaded.state))


def test_a_practice_round_has_no_review(client, app):
    response = client.post("/practice", data={"level": "easy"}, follow_redirects=False)
    url = response.headers["location"]
    assert client.get(url + "/review?lang=en").status_code == 409


def test_a_job_whose_worker_died_is_taken_again_and_the_first_worker_stops(client, app):
    """A worker takes the job and writes nothing more (it died); once its heartbeat is older than
    `STALE` another worker takes the job and makes it. The first, were it alive, finds the job
    no longer its own and stops."""
    service = app.state.service
    match = service.create("easy", target=11, seed=32)
    finish(service, match)
    clock = Clock()
    first, second = Reviews(service, clock=clock), Reviews(service, clock=clock)
    client.get(url_of(match) + "/review")
    job = first.take()
    assert job is not None and second.take() is None  # taken: nobody else takes it
    clock.advance(STALE.total_seconds() + 1)
    again = second.take()
    assert again is not None and again.id == job.id
    second.make(again)
    assert second.find(match.id, 0).status == "done"
    with pytest.raises(LookupError):  # the first worker does not go on with a job taken from it
        first.make(job)
    assert first.find(match.id, 0).result == second.find(match.id, 0).result


# --- limits, turns and the line -------------------------------------------------------------


def finished_matches(service, count: int, seed: int) -> list[str]:
    """The addresses of `count` tiny finished matches (to 11, the person's first legal moves)."""
    urls = []
    for n in range(count):
        match = service.create("easy", target=11, seed=seed + n)
        finish(service, match)
        urls.append(url_of(match))
    return urls


def reviews_of(service, url: str) -> list[Review]:
    with read_session(service.engine) as session:
        return list(session.exec(select(Review).where(Review.match_id == url.split("/")[2])).all())


def test_a_client_finishing_tiny_matches_cannot_queue_more_than_its_limit(client, app):
    """One browser has at most 2 reviews waiting or working, one address 4 (the settings'
    defaults, docs/deploy.md): past either the page says, in the player's language, to come back
    when one is done (429, Retry-After), and nothing is stored; once one is done it may ask again."""
    service, settings = app.state.service, app.state.settings
    assert (settings.reviews_per_person, settings.reviews_per_address) == (2, 4)
    urls = finished_matches(service, 6, seed=60)
    for url in urls[:2]:
        assert client.get(url + "/review").status_code == 200
    refused = client.get(urls[2] + "/review?lang=en")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert one(refused.text, "#review")["data-status"] == "busy" and not one(refused.text, "#review").has_attr("hx-get")
    assert text_of(refused.text, "#review-busy") == (
        "You already have 2 reviews waiting for the pro. Come back to this page when one of them is done: "
        "this one has not been asked for yet."
    )
    in_persian = client.get(urls[2] + "/review?lang=fa")
    assert in_persian.status_code == 429
    assert text_of(in_persian.text, "#review-busy").startswith("همین حالا ۲ مرور از شما در صف است.")
    assert reviews_of(service, urls[2]) == []  # nothing stored
    assert client.get(urls[0] + "/review").status_code == 200  # a review already asked is still shown

    # A cookie dropped is a new person, but the same address: 4 from it at most.
    other = TestClient(app)
    for url in urls[2:4]:
        assert other.get(url + "/review").status_code == 200
    third = TestClient(app)
    busy = third.get(urls[4] + "/review?lang=en")
    assert busy.status_code == 429
    assert text_of(busy.text, "#review-busy").startswith("Many reviews from your connection are already waiting")
    assert reviews_of(service, urls[4]) == []
    elsewhere = TestClient(app, client=("203.0.113.7", 5000))  # another address is not counted with them
    assert elsewhere.get(urls[4] + "/review").status_code == 200

    assert app.state.reviews.work_once()  # the oldest, the first browser's first
    assert reviews_of(service, urls[0])[0].status == "done"
    assert client.get(urls[5] + "/review").status_code == 200  # one done: room for one more
    with read_session(service.engine) as session:
        mine = session.exec(select(Review).where(Review.match_id == urls[5].split("/")[2])).one()
        assert mine.address == "testclient" and mine.person and mine.taken_at is None


def test_another_persons_review_is_taken_before_the_first_clients_others(client, app):
    """Round-robin: while one address has its 4 reviews waiting (two browsers, 2 each), another
    person's review is the next taken, before that address's remaining ones; at the address the
    two browsers take turns."""
    service = app.state.service
    clock = Clock()
    worker = Reviews(service, clock=clock)
    urls = finished_matches(service, 5, seed=70)
    first, second = TestClient(app, client=("198.51.100.1", 1)), TestClient(app, client=("198.51.100.1", 2))
    for browser, url in ((first, urls[0]), (first, urls[1]), (second, urls[2]), (second, urls[3])):
        assert browser.get(url + "/review").status_code == 200
    taken = [worker.take()]  # the oldest: the first browser's first
    clock.advance(1)
    late = TestClient(app, client=("192.0.2.5", 1))
    assert late.get(urls[4] + "/review").status_code == 200  # asked while the first client's is made
    while job := worker.take():
        taken.append(job)
        clock.advance(1)
    ids = [url.split("/")[2] for url in urls]
    assert [job.match_id for job in taken] == [ids[0], ids[4], ids[2], ids[1], ids[3]]


@pytest.mark.one_database  # what the page says; the line's order is tested on both above
def test_a_waiting_review_shows_its_place_in_the_line(client, app):
    """The page of a waiting review says how many come before it (those being made count), in
    both languages with Persian digits, and the page's polling (the same address, asked by htmx)
    sees it move up until its own is made."""
    service, reviews = app.state.service, app.state.reviews
    urls = finished_matches(service, 3, seed=80)
    for n, url in enumerate(urls):
        assert TestClient(app, client=(f"198.51.100.{n + 1}", 1)).get(url + "/review").status_code == 200
    mine = urls[2] + "/review?lang=en"
    page = client.get(mine).text
    assert one(page, "#review")["data-status"] == "waiting" and one(page, "#review-place")["data-ahead"] == "2"
    assert text_of(page, "#review-place") == "2 reviews before yours"
    assert text_of(client.get(urls[2] + "/review?lang=fa").text, "#review-place") == "۲ مرور پیش از مرور شما در صف است"

    def polled(url: str = mine) -> str:
        return client.get(url, headers={"HX-Request": "true"}).text

    assert reviews.work_once()  # the first one made
    assert text_of(polled(), "#review-place") == "1 review before yours"
    job = reviews.take()
    assert text_of(polled(), "#review-place") == "1 review before yours"  # the second, being made
    reviews.make(job)
    assert text_of(polled(), "#review-place") == "Your review is next in line."
    assert text_of(polled(urls[2] + "/review?lang=fa"), "#review-place") == "نوبت بعدی با مرور شماست."
    assert reviews.take() is not None
    working = polled()
    assert one(working, "#review")["data-status"] == "working" and not dom(working).select("#review-place")


# --- the child process -------------------------------------------------------------------------


def niceness(pid: int) -> int:
    """A process's nice value, from Linux's /proc."""
    return int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[16])


@pytest.mark.one_database  # the process, not the database: storing the result is tested on both above
def test_the_review_is_made_in_a_niced_child_and_is_what_one_process_makes(client, app):
    """The pro's work runs in a child process of its own, at the lowest priority; what it sends
    and the worker stores is what the engine's review gives in this process for the same match."""
    service = app.state.service
    match = service.create("easy", target=11, seed=33)
    finished = finish(service, match)
    client.get(url_of(match) + "/review")
    seen = []

    class Watched(Reviews):
        def _progress(self, job, done, total):
            if not seen and total:  # the child has counted the decisions: it is at its own priority
                seen.append((self.making.process.pid, niceness(self.making.process.pid)))
            super()._progress(job, done, total)

    worker = Watched(service)
    job = worker.take()
    worker.make(job)
    [(pid, nice)] = seen
    assert pid != os.getpid() and nice == min(19, niceness(os.getpid()) + NICE)
    stored = [d for d in json.loads(worker.find(match.id, 0).result)["decisions"] if "kind" not in d]  # judged
    game = finished.game
    start = game.new_match(match.seed, game.rules_of(finished.state))
    moves = [game.parse_move(text) for text in service.stored_moves(finished)]
    here = game.review(start, moves, 0, seed=review_seed(finished.match))
    assert stored == [
        {
            "ply": d.ply,
            "played": str(d.played),
            "best": str(d.best),
            "values": [[str(move), round(value, 3)] for move, value in d.values],
            "loss": round(d.loss, 3),
            "verdict": d.verdict,
            "margin": round(d.expected_margin, 3),
            "reason": d.reason,
        }
        for d in here
    ]


def test_a_killed_child_stores_nothing_and_its_job_is_taken_again(client, app):
    """The review's child process killed while it works (the OOM killer, an operator): the job
    goes back to waiting with nothing of it stored, and the next take makes it whole."""
    service = app.state.service
    match = service.create("easy", target=11, seed=34)
    finish(service, match)
    client.get(url_of(match) + "/review")
    killed = []

    class Killing(Reviews):
        def _progress(self, job, done, total):
            super()._progress(job, done, total)
            if not killed:  # once, as soon as it has said how many decisions it will send
                os.kill(self.making.process.pid, signal.SIGKILL)
                self.making.process.join()
                killed.append(self.making.process.exitcode)

    worker = Killing(service)
    assert worker.work_once()
    assert killed == [-signal.SIGKILL]
    left = worker.find(match.id, 0)
    assert (left.status, left.done, left.result, left.worker) == ("waiting", 0, None, None)
    assert worker.work_once()  # taken again, by the same worker here
    made = worker.find(match.id, 0)
    judged = [d for d in json.loads(made.result)["decisions"] if "kind" not in d]  # not the unjudged turns
    assert made.status == "done" and made.done == made.total == len(judged) > 0


@pytest.mark.one_database  # the same release as a killed child's, tested on both above
def test_a_worker_stopping_mid_review_puts_it_back_in_the_line(client, app):
    """At shutdown (`stop`, from the app's lifespan) the job being made goes back to waiting, so
    another process, or this one restarted, takes it at once rather than after `STALE`."""
    service = app.state.service
    match = service.create("easy", target=11, seed=35)
    finish(service, match)
    client.get(url_of(match) + "/review")

    class Stopping(Reviews):
        def _progress(self, job, done, total):
            super()._progress(job, done, total)
            self._stop.set()  # as `stop` does from another thread, once the job is under way
            self.child = self.making

    worker = Stopping(service)
    assert worker.work_once()
    left = worker.find(match.id, 0)
    assert (left.status, left.done, left.result, left.worker) == ("waiting", 0, None, None)
    assert worker.child.process.exitcode is not None  # its child ended with it


def test_the_computers_moves_for_a_person_whose_clock_ran_out_are_never_theirs(client, app):
    """Two people with a move clock. At the creator's first turn with a choice their clock runs
    out (the server's clock, moved by hand) and the computer plays for them: both tables' logs say
    so, and the creator's review lists that move as the computer's, with no verdict, no point
    on the chart and out of the accuracy, which counts the judged decisions only."""
    service, reviews = app.state.service, app.state.reviews
    clock = Clock()
    service.clock = clock
    match_id, secret = two_people(service, target=11)
    loaded = service.load(match_id, secret[0])
    while not (loaded.turn == 0 and len(loaded.state.legal_moves()) > 1):
        loaded = play_first_legal(service, match_id, secret[loaded.turn])
    standin = loaded.ply
    clock.advance(60)
    assert service.play_due(match_id)
    mark = t("en", "log_standin", line="").strip()
    for seat in (0, 1):
        for lang in ("en", "fa"):
            lines = [
                li.get_text(strip=True)
                for li in dom(client.get(f"/m/{match_id}/{secret[seat]}?lang={lang}").text).select("#log li")
            ]
            assert lines[-1].endswith(t(lang, "log_standin", line="").strip())
            assert not any(line.endswith(t(lang, "log_standin", line="").strip()) for line in lines[:-1])
    loaded = service.load(match_id, secret[0])
    while not loaded.over:
        if loaded.sheet_pending:
            loaded = service.next_round(match_id, secret[0], loaded.ply)
        else:
            loaded = play_first_legal(service, match_id, secret[loaded.turn])
    url = f"/m/{match_id}/{secret[0]}"
    client.get(url + "/review")
    assert reviews.work_once()
    page = client.get(url + "/review?lang=en").text
    item = one(page, f'#review-decisions li[data-ply="{standin}"]')
    assert item["data-verdict"] == "standin" and text_of(str(item), ".verdict") == t("en", "review_standin")
    assert text_of(str(item), ".played").startswith(t("en", "review_played_standin")) and not item.select(".best")
    assert mark not in text_of(str(item), ".played")
    verdicts = {"best", "good", "inaccuracy", "mistake", "blunder"}
    judged = [li for li in dom(page).select("#review-decisions li[data-ply]") if li["data-verdict"] in verdicts]
    assert standin not in [int(li["data-ply"]) for li in judged] and judged
    assert f"?ply={standin}" not in [a["href"][-len(f"?ply={standin}") :] for a in dom(page).select("#review-chart a")]
    assert len(dom(page).select("#review-chart a")) == len(judged)
    assert text_of(page, "#review-accuracy") == f"{t('en', 'review_accuracy')}: {accuracy_of(judged)}%"
    assert t("en", "review_standin_count", n="1") in [
        p.get_text(strip=True) for p in dom(page).select(".review-unjudged")
    ]
