"""The review page of a finished match (issue 27): asked on the first visit, made by a job in the
database (here made by hand, `work_once`, in place of the worker thread), shown with a progress
bar until it is done, then every decision of the person with its verdict and loss, the chart
and the summary, in both games. A match in play and a practice round are refused."""

from __future__ import annotations

import pytest
from sqlmodel import select

from app.db import read_session, write_session
from app.i18n import t
from app.models import Review
from engine.chaharbargh import new_match
from tests.app.app_helpers import create_allfours, dom, finish, one, text_of, url_of


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
    items = dom(page).select("#review-decisions li[data-ply]")
    stored = service.stored_moves(finished)
    # every decision is one of the person's turns with a choice, counted here on the stored moves
    game, state, expected = finished.game, new_match(match.seed, finished.state.rules), []
    for ply, text in enumerate(stored):
        if state.turn == 0 and len(state.legal_moves()) > 1:
            expected.append(ply)
        state = game.apply(state, game.parse_move(text))
    assert [int(li["data-ply"]) for li in items] == expected and expected
    verdicts = {"best", "good", "inaccuracy", "mistake", "blunder"}
    for li in items:
        assert li["data-verdict"] in verdicts and float(li["data-loss"]) >= 0
        assert li.select(".played .mini")  # the move played, as cards
        if li["data-verdict"] != "best":
            assert float(li["data-loss"]) > 0
    fine = sum(li["data-verdict"] in ("best", "good") for li in items)
    assert text_of(page, "#review-accuracy") == f"{t('en', 'review_accuracy')}: {round(100 * fine / len(items))}%"
    points = dom(page).select("#review-chart a")
    assert len(points) == len(items)  # a point a decision, each a link to the position after the move
    assert [p["href"] for p in points] == [f"{url}/replay?ply={ply + 1}" for ply in expected]
    assert len(dom(page).select("#review-chart-table tbody tr")) == len(items)
    costliest = [float(li["data-loss"]) for li in dom(page).select("#review-costliest li")]
    assert costliest == sorted(costliest, reverse=True) and len(costliest) <= 3

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
    items = dom(page).select("#review-decisions li[data-ply]")
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
    from app.reviews import STALE, Reviews
    from tests.app.app_helpers import Clock

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
