"""The tutorial through HTTP: lessons open in order, wrong moves are explained, progress is kept."""

from __future__ import annotations

import re

import pytest

from app.i18n import card_name
from app.tutorial import LESSONS, lesson, verdict
from engine import Move
from tests.app.app_helpers import HX, Page, action, chosen, hand, takeable

FA = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def passed(n: int) -> str:
    """The index page's progress line, as far as the numbers go."""
    return f"{str(n).translate(FA)} درس از {str(len(LESSONS)).translate(FA)}"


def form(move: str) -> dict:
    parsed = Move.parse(move)
    return {"card": str(parsed.card), "take": [str(c) for c in sorted(parsed.takes)]}


def solve(client, key: str):
    return client.post(f"/learn/{key}", data=form(lesson(key).answers[0]), headers=HX)


def message(html: str) -> str:
    found = re.search(r'id="message">([^<]*)<', html)
    return found.group(1) if found else ""


def test_the_index_lists_every_lesson_and_only_the_first_is_open(client):
    page = client.get("/learn").text
    assert 'lang="fa"' in page and passed(0) in page
    for item in LESSONS:
        assert item.text["fa"].title in page
    assert re.search(r'id="resume" href="/learn/sum-eleven"', page)
    later = client.get("/learn/two-sets", follow_redirects=False)
    assert later.status_code == 303 and later.headers["location"] == "/learn/sum-eleven"
    assert client.get("/learn/no-such-lesson").status_code == 404


def test_a_lesson_shows_its_position_from_the_engine_and_no_hidden_card(client):
    first = lesson("sum-eleven")
    page = client.get("/learn/sum-eleven").text
    assert first.text["fa"].teach in page and first.text["fa"].task in page
    assert [code for code, _, _ in hand(page)] == list(first.hand)
    state = first.state()
    dimmed = {code for code, _, dim in hand(page) if dim}
    assert dimmed == {str(c) for c in state.hand(0)} - {str(m.card) for m in state.legal_moves()}
    shown = Page(page).cards()
    assert shown == set(first.hand) | set(first.table), "the opponent's hand and the stock stay hidden"
    text = Page(page).all_text
    for code in first.opponent:
        assert card_name(code, "fa") not in text


def test_tapping_a_dimmed_card_explains_forced_capture_in_the_lessons_words(client):
    page = client.get("/learn/sum-eleven", params={"select": "5C"}, headers=HX).text
    assert message(page) == lesson("sum-eleven").text["fa"].dimmed
    assert 'data-state="asking"' in page


def test_selecting_and_playing_the_answer_praises_and_opens_the_next_lesson(client):
    page = client.get("/learn/sum-eleven", params={"select": "7H"}, headers=HX).text
    assert set(takeable(page)) == {"4D"} and action(page) == ("capture", False)
    page = client.get("/learn/sum-eleven", params={"card": "7H", "toggle": "4D"}, headers=HX).text
    assert chosen(page) == ["4D"] and action(page) == ("capture", True)
    done = solve(client, "sum-eleven")
    assert done.status_code == 200 and 'data-state="solved"' in done.text
    assert lesson("sum-eleven").text["fa"].praise in done.text
    after = re.search(r'id="after-table".*?</div>', done.text, re.S).group(0)
    assert set(re.findall(r'data-card="(\w+)"', after)) == {"9S", "QH"}, "what the engine left on the table"
    assert 'href="/learn/several-cards"' in done.text and 'id="next-lesson"' in done.text
    assert re.search(r'<a href="/learn/several-cards"[^>]*class="step', done.text), "the lesson strip opens it too"
    assert client.get("/learn/several-cards").status_code == 200
    assert passed(1) in client.get("/learn").text


def test_a_wrong_move_is_explained_and_does_not_open_the_next_lesson(client):
    solve(client, "sum-eleven")
    wrong = client.post("/learn/several-cards", data=form("5H+6S"), headers=HX)
    assert wrong.status_code == 200 and 'data-state="asking"' in wrong.text
    assert message(wrong.text) == verdict(lesson("several-cards"), Move.parse("5H+6S"), "fa").text
    assert client.get("/learn/two-sets", follow_redirects=False).status_code == 303


@pytest.mark.parametrize(
    ("data", "status"),
    [
        ({"card": "5H", "take": ["3D"]}, 400),  # 5 + 3 is not 11
        ({"card": "KS"}, 400),  # not in the hand
        ({"card": "zz"}, 400),
        ({}, 400),
    ],
)
def test_forged_moves_are_refused_with_a_reason(client, data, status):
    solve(client, "sum-eleven")
    response = client.post("/learn/several-cards", data=data, headers=HX)
    assert response.status_code == status and message(response.text)
    assert passed(1) in client.get("/learn").text


def test_every_lesson_in_order_then_the_tutorial_is_finished_and_resumes_there(client):
    for item in LESSONS:
        response = solve(client, item.key)
        assert response.status_code == 200 and 'data-state="solved"' in response.text, item.key
    last = response.text
    assert 'id="tutorial-finished"' in last and 'class="sheet-table"' in last
    totals = re.search(r'<tr class="sum">(.*?)</tr>', last, re.S).group(1)
    state = lesson(LESSONS[-1].key).state().apply(Move.parse(LESSONS[-1].answers[0]))
    expected = [str(s.total).translate(FA) for s in state.rounds[-1].score]
    assert re.findall(r"<b>([^<]+)</b>", totals) == expected, "the sheet is the engine's score"
    clubs_row = re.search(r'<tbody>\s*<tr>(.*?)</tr>', last, re.S).group(1)
    behind = [cell.count('class="mini') for cell in re.findall(r"<td>(.*?)</td>", clubs_row, re.S)]
    assert behind == [s.clubs for s in state.rounds[-1].score], "every club taken this round is shown, piles too"
    index = client.get("/learn").text
    assert passed(len(LESSONS)) in index and 'id="resume" href="/learn/sum-eleven"' in index
    client.post("/learn/restart")
    assert passed(0) in client.get("/learn").text


def test_the_leftover_lesson_says_who_took_the_rest(client):
    for item in LESSONS[: [x.key for x in LESSONS].index("leftovers")]:
        solve(client, item.key)
    done = solve(client, "leftovers").text
    facts = re.search(r'id="facts">(.*?)</ul>', done, re.S).group(1)
    assert "به شما رسید" in facts and card_name("KS", "fa") in facts


def test_the_tutorial_speaks_english_too(client):
    page = client.get("/learn/sum-eleven", params={"lang": "en"}).text
    assert 'lang="en"' in page and lesson("sum-eleven").text["en"].teach.replace("'", "&#39;") in page


def test_laying_a_card_down_is_reported_as_such(client):
    for item in LESSONS[: [x.key for x in LESSONS].index("lay-down")]:
        solve(client, item.key)
    done = solve(client, "lay-down").text
    facts = re.search(r'id="facts">(.*?)</ul>', done, re.S).group(1)
    assert card_name("9H", "fa") in facts and "روی زمین است" in facts
    after = re.search(r'id="after-table".*?</div>', done, re.S).group(0)
    assert set(re.findall(r'data-card="(\w+)"', after)) == {"5D", "9H"}
