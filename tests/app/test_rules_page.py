"""The rules explorer (/rules): every example checked against the engine, and shown on the page in both languages."""

from __future__ import annotations

import re

import pytest

from app.i18n import RULES_TEXT, digits
from app.rules_examples import EXAMPLES, Example, position, result, rules_of, run
from app.rules_page import point_values
from engine import Move, Rules, legal_moves, parse_cards
from tests.app.app_helpers import Page, dom

CLAIMS = {
    "takes", "after", "playable", "options", "sur", "scored", "cancelled", "leftover", "totals", "clubs_to",
    "winner", "round_over", "surs", "dealer", "first_turn", "next_turn", "next_dealer", "stock", "revealed",
    "dealt", "table_jacks",
}  # fmt: skip
IDS = [ex.key for ex in EXAMPLES]


def codes(cards) -> set[str]:
    return {str(c) for c in cards}


@pytest.mark.parametrize("ex", EXAMPLES, ids=IDS)
def test_every_example_is_legal_and_its_claim_holds_in_the_engine(ex: Example):
    assert ex.claim and set(ex.claim) <= CLAIMS, ex.claim
    r = run(ex)  # applies the move with MatchState.apply, which refuses anything not legal
    rules = rules_of(ex)
    if ex.seed is None:  # the position is the data's, and the public legal_moves allows the move
        assert codes(r.hand) == set(ex.hand) and codes(r.table) == set(ex.table)
        assert Move.parse(ex.move) in legal_moves(parse_cards(list(ex.hand)), parse_cards(list(ex.table)), rules)
    outcome, claim = r.outcome, ex.claim
    checks = {
        "takes": lambda: codes(r.move.takes) == set(claim["takes"]),
        "after": lambda: sorted(map(str, r.after)) == sorted(claim["after"]),
        "playable": lambda: codes(r.playable) == set(claim["playable"]),
        "options": lambda: {str(m) for m in r.options} == {str(Move.parse(m)) for m in claim["options"]},
        "sur": lambda: outcome.sur is claim["sur"],
        "scored": lambda: outcome.sur_scored is claim["scored"],
        "cancelled": lambda: outcome.sur_cancelled == claim["cancelled"],
        "leftover": lambda: (
            r.leftover is None
            if claim["leftover"] is None
            else (r.leftover.seat, codes(r.leftover.cards)) == (claim["leftover"][0], set(claim["leftover"][1]))
        ),
        "totals": lambda: tuple(s.total for s in r.score) == claim["totals"],
        "clubs_to": lambda: [i for i, s in enumerate(r.score) if s.clubs_points] == (
            [] if claim["clubs_to"] is None else [claim["clubs_to"]]
        ),
        "winner": lambda: r.round_over and r.winner == claim["winner"],
        "round_over": lambda: r.round_over is claim["round_over"],
        "surs": lambda: r.surs == claim["surs"],
        "dealer": lambda: r.dealer == claim["dealer"],
        "first_turn": lambda: r.first_turn == claim["first_turn"],
        "next_turn": lambda: r.next_turn == claim["next_turn"],
        "next_dealer": lambda: r.next_dealer == claim["next_dealer"],
        "stock": lambda: r.stock == claim["stock"],
        "revealed": lambda: len(r.revealed) == claim["revealed"],
        "dealt": lambda: (len(r.hand), len(r.table)) == claim["dealt"],
        "table_jacks": lambda: sum(1 for c in r.table if c.rank == 11) == claim["table_jacks"],
    }
    for key in claim:
        assert checks[key](), f"{ex.key}: claim {key}={claim[key]!r} does not hold"


@pytest.mark.parametrize("ex", [e for e in EXAMPLES if e.seed is None], ids=[e.key for e in EXAMPLES if e.seed is None])
def test_the_built_positions_agree_with_the_public_legal_moves(ex: Example):
    rules = rules_of(ex)
    state = position(ex, rules)
    expected = legal_moves(parse_cards(list(ex.hand)), parse_cards(list(ex.table)), rules)
    assert set(state.legal_moves()) == set(expected)
    assert state.turn == ex.seat and state.last_deal is ex.last_deal


def test_the_examples_cover_every_rule_house_option_and_player_count():
    from app.rules_page import OPTIONS, PLAYER_EXAMPLES, RULE_EXAMPLES

    assert sorted(RULE_EXAMPLES) == list(range(1, 12)) and all(RULE_EXAMPLES.values())
    assert set(OPTIONS) == set(Rules().to_dict()) - {"players"}
    placed = [k for keys in (*RULE_EXAMPLES.values(), *OPTIONS.values(), *PLAYER_EXAMPLES.values()) for k in keys]
    assert sorted(placed) == sorted(IDS)  # every example is on the page exactly once
    assert {rules_of(ex).players for ex in EXAMPLES} == {2, 3, 4}


def test_the_scoring_table_is_the_engines():
    assert point_values() == {"clubs": 7, "ten": 3, "two": 2, "ace": 1, "jack": 1, "sur": 5, "sur_four": 10}
    score = result("score").score
    assert sum(s.total for s in score) - sum(s.sur_points for s in score) == 20  # a round holds 20 card points


def figures(html: str) -> dict[str, str]:
    found = dict(re.findall(r'<figure class="example"[^>]*data-example="([\w-]+)".*?>(.*?)</figure>', html, re.S))
    assert len(found) == html.count("<figure"), "figures must not nest"
    return found


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_page_draws_every_example_with_its_cards(client, lang):
    response = client.get(f"/rules?lang={lang}")
    assert response.status_code == 200
    html = response.text
    assert f'<html lang="{lang}" dir="{"rtl" if lang == "fa" else "ltr"}">' in html
    shown = figures(html)
    assert sorted(shown) == sorted(IDS) and html.count('<figure class="example"') == len(EXAMPLES)
    for ex in EXAMPLES:
        r = result(ex.key)
        page = Page(shown[ex.key])
        on_page = page.cards()
        assert codes(r.hand) | codes(r.table) <= on_page, ex.key
        assert RULES_TEXT[lang][f"ex_{ex.key}"] in " ".join(page.text)
        # example cards are pictures with a spoken name, never controls
        assert "<button" not in shown[ex.key] and "<input" not in shown[ex.key]
        pictures = [a for a in page.attrs if "data-card" in a and a.get("role") == "img"]
        assert pictures and all(a.get("aria-label") for a in pictures)


def _figure_page(client, key: str, lang: str = "fa") -> Page:
    return Page(figures(client.get(f"/rules?lang={lang}").text)[key])


def test_the_page_shows_what_the_engine_computed(client):
    # forced capture: the dimmed cards are exactly those the engine gives no legal move
    forced = result("forced")
    dimmed = re.findall(r'class="card dim" data-card="(\w+)"', figures(client.get("/rules").text)["forced"])
    assert set(dimmed) == codes(forced.hand) - codes(forced.playable) == {"9S", "QC"}
    # the taken cards are marked, the played card too
    html = figures(client.get("/rules?lang=en").text)["sum-choice"]
    assert re.findall(r'class="card taken" data-card="(\w+)"', html) == ["5C"]
    assert re.findall(r'class="card played" data-card="(\w+)"', html) == ["6H"]
    assert "6♥ + 2♠ + 3♦" in html  # all three options the engine lists
    # sur, no sur, unscored sur, leftovers and the winner, in the engine's words
    text = lambda key, lang="en": " ".join(_figure_page(client, key, lang).text)  # noqa: E731
    assert "Sur! 5 points." in text("sur") and "سور! ۵ امتیاز." in text("sur", "fa")
    assert "not a sur" in text("jack-no-sur") and "Sur!" not in text("jack-no-sur")
    assert "A sur, but it scores nothing." in text("sur-last-deal")
    assert "(six of spades) go to you" in text("score")
    assert "The winner: you." in text("match-win") and "another round" in text("match-tie")
    assert "Sur! 10 points for your team." in text("four-sur")
    assert "cancels one of your opponent's surs" in text("surs-cancel")
    # the score sheet of the whole round: 20 to 5
    sheet = client.get("/rules?lang=fa").text
    assert re.search(r"<b>۲۰</b></td><td><b>۵</b>", figures(sheet)["score"])


def test_scoring_table_house_rules_presets_faq_and_tips_in_both_languages(client):
    fa, en = client.get("/rules").text, client.get("/rules?lang=en").text
    points = re.search(r'<table class="points".*?</table>', fa, re.S).group(0)
    for n in (7, 3, 2, 1, 5, 10):
        assert digits(n, "fa") in points
    presets = Page(re.search(r'<table class="presets".*?</table>', en, re.S).group(0)).text
    cells = [x for x in presets if x.strip()]
    row = lambda name: cells[cells.index(name) + 1 : cells.index(name) + 3]  # noqa: E731
    assert row("Forced capture") == ["whole hand", "per card"]
    assert row("Surs cancel") == ["off", "on"] and row("Sur cut-off") == ["none", "50"]
    assert row("Match target") == ["62", "62"] and row("Open hand") == ["off", "off"]
    for lang, html in (("fa", fa), ("en", en)):
        html = " ".join(Page(html).text)  # the text as shown, entities decoded
        for i in range(1, 5):
            assert RULES_TEXT[lang][f"faq_q{i}"] in html and RULES_TEXT[lang][f"faq_a{i}"] in html
        for i in range(1, 6):
            assert RULES_TEXT[lang][f"tip{i}"] in html
        for n in range(1, 12):
            assert RULES_TEXT[lang][f"r{n}_title"] in html
        for option in Rules().to_dict():
            if option != "players":
                assert RULES_TEXT[lang][f"opt_{option}"] in html
    assert 'href="/rules?lang=en"' in fa and 'href="/rules?lang=fa"' in en


@pytest.mark.parametrize(("lang", "no"), [("fa", "نه."), ("en", "No.")])
def test_the_faq_answers_agree_with_the_engine(client, lang, no):
    page = dom(client.get(f"/rules?lang={lang}").text)
    answers = [" ".join(dd.get_text(" ").split()) for dd in page.select("#faq dd")]
    assert len(answers) == 4
    # 1. Is a jack sweep a sur? No (R8), and the engine agrees.
    assert answers[0].startswith(no) and result("jack-no-sur").outcome.sur is False
    # 2. Does the jack take kings and queens? No (R4): the jack leaves the king on the table.
    assert answers[1].startswith(no) and codes(result("jack-sweep").after) == {"KD"}
    # 3. The cards left at the end go to the last capturer (R9), who is not the last to play here.
    leftover = result("leftover-theirs")
    assert leftover.leftover.seat == 1 and leftover.outcome.seat == 0 and leftover.outcome.sur is False
    # 4. The biggest prizes, in the order the answer names them (R10, four players): most clubs 7,
    # with at least 7 clubs; a sur 5; the ten of diamonds 3; a sur with four players 10.
    quoted = [int(n) for n in re.findall(r"\d+", answers[3].translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")))]
    assert quoted == [7, 7, 5, 3, 10]
    points = point_values()
    assert [points["clubs"], points["sur"], points["ten"], points["sur_four"]] == [7, 5, 3, 10]
    assert points["clubs"] == max(points[k] for k in ("clubs", "ten", "two", "ace", "jack", "sur"))


def test_home_and_table_link_to_the_rules(client):
    assert 'href="/rules"' in client.get("/").text
    table = client.post("/matches", data={"level": "easy", "target": "31", "preset": "table"})
    assert 'href="/rules"' in table.text and 'id="game"' in table.text


def test_the_rules_page_keeps_the_csp(client):
    response = client.get("/rules")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert response.headers["cache-control"] == "no-store"
    assert not re.search(r"<script(?![^>]*\bsrc=)", response.text)  # no inline script
    assert " style=" not in response.text and "<style" not in response.text
    assert 'aria-current="page"' in response.text
