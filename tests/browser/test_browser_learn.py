"""Learning in a browser: the whole tutorial by tapping cards (once wrong), and a practice round with hints and undo.

Each walk drives chromium at phone size against a real uvicorn server (tests/conftest.py).
"""

from __future__ import annotations

import re

from sqlalchemy import text

from app.tutorial import LESSONS, verdict
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
            dimmed.click(force=True)  # a tap: aria-disabled does not stop it, and the server explains
            page.wait_for_selector("#message")
            assert page.inner_text("#message") == lesson.text["fa"].dimmed
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
    count = str(len(LESSONS)).translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
    assert f"{count} درس از {count}" in page.inner_text("#progress")


def test_a_newcomer_walks_the_whole_tutorial_on_a_phone(page):
    walk_tutorial(page)


def hint_values(page) -> dict[str, str]:
    return {e.get_attribute("data-hint"): e.inner_text() for e in page.locator("#hand .hint-value").all()}


def walk_practice(page) -> None:
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
    if values:  # the deal is random: with one legal move there is nothing to weigh
        assert set(values) == set(playable) and all(re.fullmatch("[+−][۰-۹]+٫[۰-۹]", v) for v in values.values())
        assert page.locator("#hand .hint-value.best").count() == 1
    else:
        assert "تنها حرکت مجاز" in page.inner_text("#hints")
    page.click("#hint-select")
    page.wait_for_selector('#action:not([disabled])')
    assert hint_values(page) == values, "hints stay while the move is chosen"
    page.click("#action")
    page.wait_for_selector('#game[data-state="computer-turn"]')

    page.click("#undo")  # the computer waits: this server lets it move only when the test says so
    page.wait_for_selector('#game[data-state="your-turn"][data-ply="0"]')
    assert "پس گرفته شد" in page.inner_text("#message")

    state = game(page)
    while state[0] != "practice-over":
        assert state[0] == "your-turn"
        if state[1] % 8 == 0:  # now and then ask for a hint again, mid-round
            page.click("#hint-button")
            page.wait_for_selector("#hints")
        state = play_one_move(page)
    assert page.locator("#sheet").is_visible() and "تمرین تمام شد" in page.inner_text("#sheet")
    assert page.locator("#hand").count() == 0 and page.locator("#table").count() == 0
    page.click("#new-practice")
    page.wait_for_url(lambda url: url != first_url and "/m/" in url)
    page.wait_for_selector('#game[data-state="your-turn"][data-ply="0"]')


def test_a_practice_round_with_hints_and_undo_played_to_its_end(live_server, new_page):
    server = live_server(practice_delay_ms=None)  # no timer races the tap on "take back"
    walk_practice(new_page(server))
    with server.app.state.service.engine.connect() as conn:
        query = text("SELECT status, ply FROM match WHERE mode = 'practice' ORDER BY created_at")
        rounds = [tuple(row) for row in conn.execute(query)]
    assert rounds == [("over", 48), ("playing", 0)], "one whole round (the undone move is gone), then a new one"
