"""The tutorial through HTTP: lessons open in order, wrong moves are explained, progress is kept."""

from __future__ import annotations

import pytest

from app.games.chaharbargh.tutorial import LESSONS, lesson, message
from app.i18n import card_name, card_names, digits, t
from engine import Move, from_text
from tests.app.app_helpers import (
    HX,
    action,
    attribute_values,
    chosen,
    dom,
    hand,
    one,
    takeable,
    text_of,
    texts,
)

pytestmark = pytest.mark.one_database  # the tutorial keeps its progress in the cookie


def progress(n: int, lang: str = "fa") -> str:
    """The index page's progress line after n lessons."""
    done = t(lang, "tutorial_progress", done=digits(n, lang), total=digits(len(LESSONS), lang))
    return f"{done} {t(lang, 'lessons_in_order')}"


def form(move: str) -> dict:
    parsed = Move.parse(move)
    return {"card": str(parsed.card), "take": [str(c) for c in sorted(parsed.takes)]}


def solve(client, key: str):
    return client.post(f"/learn/{key}", data=form(lesson(key).answers[0]), headers=HX)


def solve_until(client, key: str) -> None:
    """Solve every lesson before `key`, in order."""
    for item in LESSONS[: [x.key for x in LESSONS].index(key)]:
        solve(client, item.key)


def lesson_state(html: str) -> str:
    return one(html, "#lesson")["data-state"]


def after_table(html: str) -> set[str]:
    return {e["data-card"] for e in dom(html).select("#after-table [data-card]")}


def test_the_index_lists_every_lesson_and_only_the_first_is_open(client):
    page = client.get("/learn").text
    assert one(page, "html")["lang"] == "fa" and text_of(page, "#progress") == progress(0)
    items = dom(page).select("#lessons > li")
    assert [" ".join(li.select_one("a, span").get_text().split()) for li in items] == [
        item.text["fa"].title for item in LESSONS
    ]
    assert [li.select_one("a")["href"] for li in items if li.select_one("a")] == ["/learn/sum-eleven"]
    assert one(page, "#resume")["href"] == "/learn/sum-eleven"
    assert text_of(page, "#resume") == t("fa", "tutorial_start")
    later = client.get("/learn/two-sets", follow_redirects=False)
    assert later.status_code == 303 and later.headers["location"] == "/learn/sum-eleven"
    missing = client.get("/learn/no-such-lesson")
    assert missing.status_code == 404 and text_of(missing.text, "#game .message") == t("fa", "msg_no_lesson")


def test_a_lesson_shows_its_position_from_the_engine_and_no_hidden_card(client):
    first = lesson("sum-eleven")
    page = client.get("/learn/sum-eleven").text
    assert text_of(page, "#teach") == first.text["fa"].teach and text_of(page, "#task") == first.text["fa"].task
    state = from_text(first.position)
    assert [code for code, _, _ in hand(page)] == [str(c) for c in state.hand(0)]
    dimmed = {code for code, _, dim in hand(page) if dim}
    assert dimmed == {str(c) for c in state.hand(0)} - {str(m.card) for m in state.legal_moves()}
    shown = {e["data-card"] for e in dom(page).select("[data-card]")}
    assert shown == {str(c) for c in (*state.hand(0), *state.table)}, "the opponent's hand and the stock stay hidden"
    everything = dom(page).get_text(" ") + " " + " ".join(attribute_values(dom(page)))
    for code in map(str, state.hand(1)):
        assert card_name(code, "fa") not in everything and code not in attribute_values(dom(page))
    assert len(dom(page).select("#opponent .back-card")) == len(state.hand(1))


def test_tapping_a_dimmed_card_explains_forced_capture_in_the_lessons_words(client):
    page = client.get("/learn/sum-eleven", params={"select": "5C"}, headers=HX).text
    assert text_of(page, '#message[role="alert"]') == lesson("sum-eleven").text["fa"].dimmed
    assert lesson_state(page) == "asking"


def test_selecting_and_playing_the_answer_praises_and_opens_the_next_lesson(client):
    page = client.get("/learn/sum-eleven", params={"select": "7H"}, headers=HX).text
    assert set(takeable(page)) == {"4D"} and action(page) == ("capture", False)
    page = client.get("/learn/sum-eleven", params={"card": "7H", "toggle": "4D"}, headers=HX).text
    assert chosen(page) == ["4D"] and action(page) == ("capture", True)
    assert text_of(page, "#sum") == f"{t('fa', 'sum')}: ۷ + ۴ = ۱۱ / ۱۱"  # worked by hand: 7 + 4 = 11
    done = solve(client, "sum-eleven")
    assert done.status_code == 200 and lesson_state(done.text) == "solved"
    assert text_of(done.text, "#praise p") == lesson("sum-eleven").text["fa"].praise
    assert after_table(done.text) == {"9S", "QH"}, "what the engine left on the table"
    assert one(done.text, "#next-lesson")["href"] == "/learn/several-cards"
    assert dom(done.text).select('#lesson-nav a.step[href="/learn/several-cards"]'), "the lesson strip opens it too"
    assert client.get("/learn/several-cards").status_code == 200
    assert text_of(client.get("/learn").text, "#progress") == progress(1)


def test_a_wrong_move_is_explained_and_does_not_open_the_next_lesson(client):
    solve(client, "sum-eleven")
    wrong = client.post("/learn/several-cards", data=form("5H+6S"), headers=HX)
    assert wrong.status_code == 200 and lesson_state(wrong.text) == "asking"
    assert text_of(wrong.text, "#message") == lesson("several-cards").text["fa"].wrong["5H+6S"]
    assert client.get("/learn/two-sets", follow_redirects=False).status_code == 303


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"card": "5H", "take": ["3D"]}, "۵ + ۳ = ۸، نه ۱۱."),  # worked by hand: 5 + 3 is 8, not 11
        ({"card": "KS"}, message("fa", "not_in_hand", card=card_name("KS", "fa"))),
        ({"card": "zz"}, t("fa", "msg_garbage")),
        ({}, t("fa", "msg_garbage")),
    ],
)
def test_forged_moves_are_refused_with_a_reason(client, data, expected):
    solve(client, "sum-eleven")
    response = client.post("/learn/several-cards", data=data, headers=HX)
    assert response.status_code == 400 and text_of(response.text, "#message") == expected
    assert lesson_state(response.text) == "asking"
    assert text_of(client.get("/learn").text, "#progress") == progress(1)


def test_every_lesson_in_order_then_the_tutorial_is_finished_and_resumes_there(client):
    for item in LESSONS:
        response = solve(client, item.key)
        assert response.status_code == 200 and lesson_state(response.text) == "solved", item.key
    last = response.text
    assert text_of(last, "#tutorial-finished") == t("fa", "tutorial_finished")
    # the scoring lesson's round, worked by hand (see test_tutorial_lessons PINS): 12 to 8
    assert [b.get_text(strip=True) for b in dom(last).select(".sheet-table tr.sum td b")] == [
        digits(12, "fa"),
        digits(8, "fa"),
    ]
    # clubs: six in each pile, and the 7♠ takes the 4♣: seven to six, every one shown
    clubs = next(row for row in dom(last).select(".sheet-table tbody tr") if row.th.get_text() == t("fa", "line_clubs"))
    assert [len(td.select(".behind [role=img]")) for td in clubs.select("td")] == [7, 6]
    index = client.get("/learn").text
    assert text_of(index, "#progress") == progress(len(LESSONS))
    assert one(index, "#resume")["href"] == "/learn/sum-eleven"
    assert text_of(index, "#resume") == t("fa", "tutorial_review")
    client.post("/learn/restart")
    assert text_of(client.get("/learn").text, "#progress") == progress(0)


def test_the_leftover_lesson_says_who_took_the_rest(client):
    solve_until(client, "leftovers")
    done = solve(client, "leftovers").text
    # the hand-worked pin of the lesson: 2♣, K♠ and K♣ stay, and go to the last capturer, you
    assert after_table(done) == {"2C", "KS", "KC"}
    leftover = from_text(lesson("leftovers").position).apply(Move.parse("6H+5D")).last.round_over.leftover
    assert {str(c) for c in leftover.cards} == {"2C", "KS", "KC"}
    expected = t("fa", "fact_leftover", who=t("fa", "seat_you"), cards=card_names(leftover.cards, "fa"))
    assert texts(done, "#facts li")[-1] == expected


def test_the_tutorial_speaks_english_too(client):
    page = client.get("/learn/sum-eleven", params={"lang": "en"}).text
    assert one(page, "html")["lang"] == "en" and text_of(page, "#teach") == lesson("sum-eleven").text["en"].teach


def test_laying_a_card_down_is_reported_as_such(client):
    solve_until(client, "lay-down")
    done = solve(client, "lay-down").text
    assert texts(done, "#facts li") == [t("fa", "fact_placed", card=card_name("9H", "fa"))]
    assert after_table(done) == {"5D", "9H"}
