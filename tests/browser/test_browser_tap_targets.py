"""Tap targets of at least 44x44 CSS px (WCAG 2.5.5), measured in chromium at 390x844 and
1280x800, in Persian and English: the table's sound toggle, the name fields (the home form's
and an invite's), and each point of the review's chart (its link).

One server serves the whole file.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from tests.app.app_helpers import finish, migrate
from tests.browser.browser_helpers import more_options, settle
from tests.browser.live_server import LiveServer, live_settings

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
SMALLEST = 44


@pytest.fixture(scope="module")
def targets_server(tmp_path_factory) -> Iterator[LiveServer]:
    url = f"sqlite:///{tmp_path_factory.mktemp('targets') / 'targets.db'}"
    migrate(url)
    server = LiveServer(live_settings(url)).start()
    yield server
    server.stop()


def sizes(page: Page, selector: str) -> list[tuple[float, float]]:
    boxes = [page.locator(selector).nth(i).bounding_box() for i in range(page.locator(selector).count())]
    assert boxes and all(boxes), selector
    return [(round(box["width"], 1), round(box["height"], 1)) for box in boxes]


def too_small(page: Page, selector: str) -> list[tuple[float, float]]:
    return [size for size in sizes(page, selector) if min(size) < SMALLEST]


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_small_controls_are_a_fingers_size(targets_server, new_page, lang):
    server = targets_server
    service = server.app.state.service
    shared = service.create("easy", players=2, seats=["person"])
    ended = service.create("easy", target=62, seed=31)
    finish(service, ended)
    server.app.state.reviews.ask(service.load(ended.id, ended.secret), person="targets", address="192.0.2.9")
    assert server.app.state.reviews.work_once()

    found = {}
    for size, viewport in VIEWPORTS.items():
        page = new_page(server, viewport=viewport)
        page.goto(f"/?lang={lang}")
        more_options(page)
        found[f"home name field ({size})"] = too_small(page, "#creator-name")
        page.click("#start")
        settle(page, ("", -1))
        page.wait_for_selector("#sound-toggle:not([hidden])")  # the script shows it
        found[f"sound toggle ({size})"] = too_small(page, "#sound-toggle")
        page.goto(f"/m/{shared.id}/{shared.secret}")
        page.goto(page.locator('#invites a[data-invite-seat="1"]').get_attribute("href"))
        found[f"invite name field ({size})"] = too_small(page, "#name")
        page.goto(f"/m/{ended.id}/{ended.secret}/review")
        page.wait_for_selector('#review[data-status="done"]')
        found[f"review chart points ({size})"] = too_small(page, "#review-chart a")
    assert all(small == [] for small in found.values()), found
