"""Learning from one's mistakes (app/mistakes.py, app/routes/mistakes.py): a finished review with
hand-built blunders and mistakes (their values set here, the loss worked out by hand) offers
"practise these"; each is shown from the position before it as the seat saw it, answered with
the table's own form fields, refused with its loss or passed within the good band, and the
person's queue at `/me/mistakes` keeps each until it is solved once, in both games."""

from __future__ import annotations

import json

from sqlmodel import select

from app.db import write_session
from app.i18n import t
from app.models import Review
from tests.app.app_helpers import attribute_values, create_allfours, dom, finish, one, text_of, url_of


def decisions_of(service, loaded, seat: int = 0) -> list[tuple[int, list[str], str]]:
    """The seat's turns with a choice: (ply, every legal move's text, the move played)."""
    game, stored = loaded.game, service.stored_moves(loaded)
    state, found = game.new_match(loaded.match.seed, game.rules_of(loaded.state)), []
    for ply, text in enumerate(stored):
        if game.turn(state) == seat and len(game.legal_moves(state)) > 1:
            found.append((ply, [str(m) for m in game.legal_moves(state)], text))
        state = game.apply(state, game.parse_move(text))
    return found


def decision(ply: int, played: str, best: str, values: dict[str, float], verdict: str, reason=None) -> dict:
    """A decision as the review stores it (app/review_process.py `record`), best value first."""
    ranked = sorted(values.items(), key=lambda item: -item[1])
    loss = round(values[best] - values[played], 3)
    return {"ply": ply, "played": played, "best": best, "values": [list(i) for i in ranked], "loss": loss} | {
        "verdict": verdict,
        "margin": 0.0,
        "reason": reason,
    }


def store_review(service, match_id: str, decisions: list[dict]) -> None:
    """The review the page asked for, made by hand: done, with these decisions."""
    with write_session(service.engine) as session:
        review = session.exec(select(Review).where(Review.match_id == match_id)).one()
        review.status, review.done, review.total = "done", len(decisions), len(decisions)
        review.result = json.dumps({"decisions": decisions})
        session.add(review)


def answer(client, page: str, move: str):
    """Post the form the practice page shows for `move`, field by field as the table names them."""
    form = one(page, f'#practise-answers form[data-move="{move}"]')
    fields = {}
    for field in form.select("input[type=hidden]"):
        fields.setdefault(field["name"], []).append(field["value"])
    return client.post(form["action"], data=fields)


def queued(client) -> list[tuple[str, int]]:
    page = client.get("/me/mistakes?lang=en").text
    return [(li["data-match"], int(li["data-ply"])) for li in dom(page).select("#mistakes li[data-match][data-ply]")]


def test_a_chaharbargh_blunder_is_refused_again_with_its_loss_then_the_pros_move_solves_it(client, app):
    """The first decision is made a blunder: the move played worth -14 and another +14, the
    10♦-handed-over loss of the review tests' hand-worked position (28 points, past the mistake
    band's 3.0). A later one a mistake: played -1.0, the pro's +1.0 (a loss of 2.0, between 1.5
    and 3.0), where a third move worth +0.5 loses 0.5, within the good band (0.75), and passes."""
    service = app.state.service
    match = service.create("easy", target=11, seed=31)
    finished = finish(service, match)
    url = url_of(match)
    assert client.get(url + "/review").status_code == 200  # asked, by this browser's person
    found = decisions_of(service, finished)
    p, legal_p, played_p = found[0]
    q, legal_q, played_q = next(d for d in found[1:] if len(d[1]) >= 3)  # room for a good move that is not best
    best_p = next(m for m in legal_p if m != played_p)
    values_p = {m: -14.0 for m in legal_p} | {best_p: 14.0}
    best_q, good_q = [m for m in legal_q if m != played_q][:2]
    values_q = {m: -1.0 for m in legal_q} | {best_q: 1.0, good_q: 0.5}
    store_review(
        service,
        match.id,
        [
            decision(p, played_p, best_p, values_p, "blunder", "ten_left"),
            decision(q, played_q, best_q, values_q, "mistake"),
        ],
    )

    review = client.get(url + "/review?lang=en").text
    assert one(review, "#practise-mistakes")["href"] == url + "/mistakes"
    assert "2 positions to practise" in text_of(review, "#review-summary")
    assert queued(client) == [(match.id, p), (match.id, q)]

    page = client.get(url + "/mistakes?lang=en").text
    shown = one(page, "#practise")
    assert (shown["data-ply"], shown["data-verdict"], shown["data-outcome"]) == (str(p), "blunder", "")
    assert text_of(page, "#practise-ask").startswith("Find a better move")
    state, _, _ = service.state_at(finished, p)
    hand = [c["data-card"] for c in dom(page).select("#hand [data-card]")]
    assert sorted(hand) == sorted(str(c) for c in state.hand(0))  # the seat's own hand, before the move
    hidden = {str(c) for c in state.hand(1)}
    assert hidden and not hidden & set(" ".join(attribute_values(dom(page))).split())  # never the other hand
    assert {f["data-move"] for f in dom(page).select("#practise-answers form")} == set(legal_p)

    refused = answer(client, page, played_p)  # the blunder again
    assert refused.status_code == 200 and one(refused.text, "#practise")["data-outcome"] == "refused"
    assert text_of(refused.text, "#practise-outcome").endswith(t("en", "mistake_refused", n="28.0"))
    assert one(refused.text, "#practise-again") and one(refused.text, "#practise-show")
    assert queued(client)[0] == (match.id, p)  # not solved by a wrong answer
    pro = client.get(one(refused.text, "#practise-show")["href"]).text
    assert one(pro, "#practise")["data-outcome"] == "shown" and one(pro, "#practise-best .mini")
    assert text_of(pro, "#practise-reason") == t("en", "reason_ten_left")

    passed = answer(client, page, best_p)  # the pro's move
    assert one(passed.text, "#practise")["data-outcome"] == "passed"
    assert text_of(passed.text, "#practise-reason") == t("en", "reason_ten_left")
    assert not dom(passed.text).select("#practise-answers")
    assert queued(client) == [(match.id, q)]

    following = client.get(one(passed.text, "#practise-next")["href"]).text
    assert one(following, "#practise")["data-ply"] == str(q)
    again = answer(client, following, played_q).text
    assert text_of(again, "#practise-outcome").endswith(t("en", "mistake_refused", n="2.0"))
    fa = answer(client, client.get(url + f"/mistakes?ply={q}&lang=fa").text, good_q)  # within the good band
    assert one(fa.text, "#practise")["data-outcome"] == "passed"
    assert text_of(fa.text, "#practise-outcome").startswith(t("fa", "mistake_passed"))
    assert queued(client) == []
    done = client.get(url + "/mistakes?lang=en").text
    assert text_of(done, "#practise-done") == t("en", "mistake_all_done")
    assert text_of(client.get("/me/mistakes?lang=fa").text, "#mistakes-empty") == t("fa", "mistakes_empty")


def test_an_all_fours_blunder_is_practised_through_http_until_the_queue_is_empty(client, app):
    """The first decision is made a blunder: played -1.5, the pro's move +1.0, a loss of 2.5,
    past All Fours' mistake band (2.0); the pro's move passes and the queue empties."""
    service = app.state.service
    match = create_allfours(service, "easy", 2, seed=5)
    finished = finish(service, match)
    url = url_of(match)
    assert client.get(url + "/review").status_code == 200
    (p, legal, played), *_ = decisions_of(service, finished)
    best = next(m for m in legal if m != played)
    values = {m: -1.5 for m in legal} | {best: 1.0}
    store_review(service, match.id, [decision(p, played, best, values, "blunder")])

    assert one(client.get(url + "/review?lang=fa").text, "#practise-mistakes")
    assert queued(client) == [(match.id, p)]
    page = client.get(url + "/mistakes?lang=en").text
    assert one(page, "#practise")["data-ply"] == str(p)
    state, _, _ = service.state_at(finished, p)
    hidden = {str(c) for c in state.hand(1)}
    assert hidden and not hidden & set(" ".join(attribute_values(dom(page))).split())
    form = one(page, f'#practise-answers form[data-move="{played}"]')
    assert [i["name"] for i in form.select("input[type=hidden]")] == ["move"]  # the table's own field
    refused = answer(client, page, played)
    assert one(refused.text, "#practise")["data-outcome"] == "refused"
    assert t("en", "mistake_refused", n="2.5") in text_of(refused.text, "#practise-outcome")
    nonsense = client.post(f"{url}/mistakes/{p}?lang=en", data={"move": "QX"})  # no move at all
    assert nonsense.status_code == 400 and text_of(nonsense.text, "#practise-outcome") == t("en", "msg_garbage")
    passed = answer(client, page, best)
    assert one(passed.text, "#practise")["data-outcome"] == "passed"
    assert queued(client) == []


def test_no_practice_before_the_review_is_done_nor_of_a_move_that_was_not_legal(client, app):
    service = app.state.service
    match = service.create("easy", target=11, seed=32)
    finish(service, match)
    url = url_of(match)
    assert client.get(url + "/mistakes").status_code == 409
    client.get(url + "/review")
    assert client.get(url + "/mistakes").status_code == 409  # asked, not made yet
    assert client.post(url + "/mistakes/0", data={"card": "2C"}).status_code == 409
