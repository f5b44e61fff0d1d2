"""Learning in a browser: the whole tutorial by tapping cards (once wrong), and a practice round with hints and undo.

Each walk drives chromium at phone size against a real uvicorn server (tests/conftest.py).
"""

from __future__ import annotations

import re

import pytest
from sqlalchemy import text

from app.games.chaharbargh.tutorial import LESSONS, verdict
from app.i18n import digits, t
from engine import Move
from tests.browser.browser_helpers import game, play_one_move


def tap_move(page, move: Move) -> None:
    """Tap the move's card, then the table cards it takes that are not chosen yet, then confirm."""
    code = str(move.card)
    page.click(f"#h-{code}")
    page.wait_for_selector(f'#hand [data-card="{code}"][aria-pressed="true"]')
    for take in sorted(str(c) for c in move.takes):
        if page.get_attribute(f'#table [data-card="{take}"]', "aria-pressed") != "true":
            page.click(f"#t-{take}")
            page.wait_for_selector(f'#table [data-card="{take}"][aria-pressed="true"]')
    assert page.locator("#action").is_enabled()
    page.click("#action")


def walk_tutorial(page) -> None:
    page.goto("/")
    page.click("#tutorial")
    page.wait_for_selector("#resume")
    page.click("#resume")
    for number, lesson in enumerate(LESSONS):
        page.wait_for_selector(f'#lesson[data-lesson="{lesson.key}"][data-state="asking"]')
        assert page.inner_text("#task") == lesson.text["fa"].task
        if lesson.key == "sum-eleven":  # a dimmed card says why it is dimmed
            dimmed = page.locator('#hand [aria-disabled="true"]').first
            before = (page.locator("#table").bounding_box(), page.locator("#hand").bounding_box())
            dimmed.click(force=True)  # a tap: aria-disabled does not stop it, and the server explains
            page.wait_for_selector("#message")
            assert page.inner_text("#message") == lesson.text["fa"].dimmed
            # the message comes below the hand: the cards just tapped do not jump
            assert (page.locator("#table").bounding_box(), page.locator("#hand").bounding_box()) == before
        if lesson.key == "several-cards":  # once wrong: a legal move that is not the lesson's
            wrong = Move.parse("5H+6S")
            tap_move(page, wrong)
            page.wait_for_selector("#message")
            assert page.inner_text("#message") == verdict(lesson, wrong, "fa").text
            assert page.get_attribute("#lesson", "data-state") == "asking"
        if number == 3:  # progress survives leaving: the index resumes at this lesson
            page.goto("/learn")
            assert page.get_attribute("#resume", "href") == f"/learn/{lesson.key}"
            page.click("#resume")
            page.wait_for_selector(f'#lesson[data-lesson="{lesson.key}"]')
        tap_move(page, Move.parse(lesson.answers[0]))
        page.wait_for_selector(f'#lesson[data-lesson="{lesson.key}"][data-state="solved"]')
        assert page.inner_text("#praise p") == lesson.text["fa"].praise
        if number + 1 < len(LESSONS):
            page.click("#next-lesson")
    assert page.locator("#tutorial-finished").is_visible()
    assert page.locator(".sheet-table").is_visible()
    page.click("#to-practice")  # the tutorial hands over to a practice round
    page.wait_for_selector("#practice-badge")
    page.goto("/learn")
    count = digits(len(LESSONS), "fa")
    assert page.inner_text("#progress").startswith(t("fa", "tutorial_progress", done=count, total=count))


def test_a_newcomer_walks_the_whole_tutorial_on_a_phone(page):
    walk_tutorial(page)


FROM_PERSIAN = str.maketrans("۰۱۲۳۴۵۶۷۸۹٫−", "0123456789.-")


def hint_values(page) -> dict[str, str]:
    return {e.get_attribute("data-hint"): e.inner_text() for e in page.locator("#hand .hint-value").all()}


def walk_practice(page) -> list[str]:
    """Play a practice round to its end (with hints and one undo) and start another; their addresses."""
    page.goto("/")
    page.check('.new-practice input[value="easy"]')
    page.click("#start-practice")
    page.wait_for_selector("#practice-badge")
    first_url = page.url
    assert game(page) == ("your-turn", 0)

    page.click("#hint-button")
    page.wait_for_selector("#hints")
    values = hint_values(page)
    cards = page.locator('#hand [data-card]:not([aria-disabled="true"])').all()
    playable = [e.get_attribute("data-card") for e in cards]
    # The server deals seed 1000 first (tests/conftest.py): two legal moves to weigh.
    assert len(playable) == 2 and set(values) == set(playable)
    assert all(re.fullmatch("[+−][۰-۹]+٫[۰-۹]", v) for v in values.values())  # signed, one decimal
    best = page.get_attribute("#hand .hint-value.best", "data-hint")
    assert max(values, key=lambda card: float(values[card].translate(FROM_PERSIAN))) == best
    page.click("#hint-select")
    page.wait_for_selector("#action:not([disabled])")
    assert hint_values(page) == values, "hints stay while the move is chosen"
    page.click("#action")
    page.wait_for_selector('#game[data-state="computer-turn"]')

    page.click("#undo")  # the computer waits: this server lets it move only when the test says so
    page.wait_for_selector('#game[data-state="your-turn"][data-ply="0"]')
    assert page.inner_text("#message") == t("fa", "msg_undone")

    state = game(page)
    while state[0] != "practice-over":
        assert state[0] == "your-turn"
        if state[1] % 8 == 0:  # now and then ask for a hint again, mid-round
            page.click("#hint-button")
            page.wait_for_selector("#hints")
        state = play_one_move(page)
    assert page.inner_text("#sheet-h").startswith(t("fa", "practice_over"))
    assert page.locator("#hand").count() == 0 and page.locator("#table").count() == 0
    page.click("#new-practice")
    page.wait_for_url(lambda url: url != first_url and "/m/" in url)
    page.wait_for_selector('#game[data-state="your-turn"][data-ply="0"]')
    return [first_url, page.url]


def test_a_practice_round_with_hints_and_undo_played_to_its_end(live_server, new_page):
    server = live_server()  # the computer moves only when the test lets it: no timer races "take back"
    urls = walk_practice(new_page(server))
    with server.app.state.service.engine.connect() as conn:
        query = text("SELECT status, ply, mode FROM match WHERE id = :id")
        rounds = [tuple(conn.execute(query, {"id": url.split("/m/")[1].split("/")[0]}).one()) for url in urls]
    # 52 cards, 4 of them on the first table: 48 moves in a two-player round; the undone move is gone
    assert rounds == [("over", 48, "practice"), ("playing", 0, "practice")]


VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


@pytest.mark.parametrize("lang", ["fa", "en"])
@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_lesson_sits_beside_its_words_and_a_wrong_answer_is_told_under_the_hand(new_page, server, size, lang):
    """A wrong answer's explanation comes right under the hand, within the
    table's column (it was a banner over the whole page on a desktop, far from the cards); the
    last lesson, solved, shows its sheet across the column, not squeezed beside an empty box."""
    page = new_page(server, viewport=VIEWPORTS[size])
    page.goto(f"/learn?lang={lang}")
    for lesson in LESSONS:
        page.goto(f"/learn/{lesson.key}")
        page.wait_for_selector(f'#lesson[data-lesson="{lesson.key}"][data-state="asking"]')
        if lesson.key == "several-cards":
            tap_move(page, Move.parse("5H+6S"))  # legal, but not the lesson's
            page.wait_for_selector("#message")
            message, hand, main = (page.locator(s).bounding_box() for s in ("#message", "#hand", ".lesson-main"))
            assert 0 <= message["y"] - (hand["y"] + hand["height"]) <= 24, "right under the hand"
            assert main["x"] - 1 <= message["x"] and message["x"] + message["width"] <= main["x"] + main["width"] + 1
            if size == "desktop":  # beside the lesson's words, not across the page
                assert message["width"] < page.locator("#lesson").bounding_box()["width"] * 0.8
        tap_move(page, Move.parse(lesson.answers[0]))
        page.wait_for_selector(f'#lesson[data-lesson="{lesson.key}"][data-state="solved"]')
    sheet, main, praise = (page.locator(s).bounding_box() for s in (".sheet-table", ".lesson-main", "#praise"))
    assert sheet["width"] >= main["width"] * 0.9, "the sheet has the column's width"
    words = page.locator("#praise").evaluate("e => e.scrollHeight")
    assert praise["height"] <= words + 2, "the verdict is as tall as its words, no empty box beside the sheet"
    assert page.locator("#tutorial-finished").is_visible() and page.locator("#to-practice").is_visible()


@pytest.mark.parametrize("lang", ["fa", "en"])
@pytest.mark.parametrize("size", VIEWPORTS)
def test_practice_undo_takes_back_a_move_after_the_computers_answer(live_server, new_page, size, lang):
    """The undo stays after the computer has answered (where it could vanish) and
    takes back both moves: the table is as it was before your move."""
    server = live_server()
    page = new_page(server, viewport=VIEWPORTS[size])
    page.goto(f"/?lang={lang}")
    page.check('.new-practice input[value="easy"]')
    page.click("#start-practice")
    page.wait_for_selector('#game[data-state="your-turn"][data-ply="0"]')
    hand = [e.get_attribute("data-card") for e in page.locator("#hand [data-card]").all()]
    table = [e.get_attribute("data-card") for e in page.locator("#table [data-card]").all()]
    assert play_one_move(page) == ("your-turn", 2), "the computer has answered"
    assert page.locator("#undo").is_visible()
    page.click("#undo")
    page.wait_for_selector('#game[data-state="your-turn"][data-ply="0"]')
    assert page.inner_text("#message") == t(lang, "msg_undone")
    assert [e.get_attribute("data-card") for e in page.locator("#hand [data-card]").all()] == hand
    assert [e.get_attribute("data-card") for e in page.locator("#table [data-card]").all()] == table
