"""The rules explorer in a browser: Persian first, English by the switch, every example drawn, on a phone."""

from __future__ import annotations

from app.games.chaharbargh.examples import EXAMPLES, result
from app.i18n import digits, rt

KNOWN = "sum-one"  # 7C and 2H in hand, 4D 9S QH on the table; 7C takes 4D
SMALL_PHONE = {"width": 360, "height": 780}


def check_examples(page) -> None:
    figures = page.locator("figure.example")
    assert figures.count() == len(EXAMPLES)
    known = page.locator(f'figure.example[data-example="{KNOWN}"]')
    for code in ("7C", "2H", "4D", "9S", "QH"):
        card = known.locator(f'.ex-cards [data-card="{code}"][role="img"]').first
        assert card.is_visible() and card.get_attribute("aria-label")
        assert card.evaluate("e => e.getBoundingClientRect().width") >= 30  # drawn, not collapsed
    assert known.locator(".card.played").get_attribute("data-card") == "7C"
    assert known.locator(".card.taken").get_attribute("data-card") == "4D"
    assert known.locator("button, input, a").count() == 0  # pictures, not controls
    for ex in EXAMPLES:  # every example shows its hand and table cards
        figure = page.locator(f'figure.example[data-example="{ex.key}"]')
        r = result(ex.key)
        shown = set(figure.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
        assert {str(c) for c in (*r.hand, *r.table)} <= shown, ex.key
    # a phone never scrolls sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_rules_page_in_persian_then_english_draws_every_example(new_page, server):
    phone = new_page(server, viewport=SMALL_PHONE)
    errors = []
    phone.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    phone.goto("/")
    phone.click("#rules-link")
    phone.wait_for_selector("#rules")
    assert phone.locator("html").get_attribute("lang") == "fa"
    assert phone.locator("html").get_attribute("dir") == "rtl"
    assert phone.locator("#r3-h").inner_text().startswith(rt("fa", "rule_n", n=digits(3, "fa")))
    check_examples(phone)

    phone.click(".lang-switch")
    phone.wait_for_selector('html[lang="en"]')
    assert phone.url.endswith("/rules?lang=en")
    assert phone.locator("#r3-h").inner_text().startswith(rt("en", "rule_n", n=3))
    check_examples(phone)
    caption = phone.locator(f'figure.example[data-example="{KNOWN}"] figcaption').inner_text()
    assert rt("en", "res_sum", expr="7\u00a0+\u00a04") in caption
    assert errors == []  # nothing refused by the Content-Security-Policy
