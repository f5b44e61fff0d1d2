"""The rules explorer (/rules): every example checked against the engine, and shown on the page in both languages."""

from __future__ import annotations

import re

import pytest
from bs4 import Tag

from app.games.chaharbargh.examples import EXAMPLES, Example, result, run
from app.games.chaharbargh.rules_page import point_values
from app.i18n import card_name, digits, latin_digits, rt, t
from engine import Move, Rules, from_text, legal_moves, to_text
from tests.app.app_helpers import codes, dom, game_state, one, text_of, texts, words

pytestmark = pytest.mark.one_database  # the rules page reads no match

CLAIMS = {
    "takes", "after", "playable", "options", "sur", "scored", "cancelled", "leftover", "totals", "clubs_to",
    "winner", "round_over", "surs", "dealer", "first_turn", "next_turn", "next_dealer", "stock", "revealed",
    "dealt", "table_jacks",
}  # fmt: skip
IDS = [ex.key for ex in EXAMPLES]


@pytest.mark.parametrize("ex", EXAMPLES, ids=IDS)
def test_every_example_is_legal_and_its_claim_holds_in_the_engine(ex: Example):
    assert ex.claim and set(ex.claim) <= CLAIMS, ex.claim
    r = run(ex)  # applies the move with MatchState.apply, which refuses anything not legal
    state = from_text(ex.position)
    if not ex.new_deal:  # the position is the data's, and the public legal_moves allows the move
        assert r.hand == state.hand(state.turn) and r.table == state.table
        assert Move.parse(ex.move) in legal_moves(state.hand(state.turn), state.table, state.rules)
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
        "clubs_to": lambda: (
            [i for i, s in enumerate(r.score) if s.clubs_points]
            == ([] if claim["clubs_to"] is None else [claim["clubs_to"]])
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


MADE = [e for e in EXAMPLES if not e.new_deal]


@pytest.mark.parametrize("ex", MADE, ids=[e.key for e in MADE])
def test_the_hand_made_positions_agree_with_the_public_legal_moves(ex: Example):
    state = from_text(ex.position)
    expected = legal_moves(state.hand(state.turn), state.table, state.rules)
    assert set(state.legal_moves()) == set(expected)
    # only the seat to play holds cards; the stock is empty (the last deal) or holds one more deal
    assert [seat for seat in range(state.players) if state.hand(seat)] == [state.turn]
    assert state.stock_count == (0 if state.last_deal else 4 * state.players)


@pytest.mark.parametrize("ex", EXAMPLES, ids=IDS)
def test_the_position_text_round_trips(ex: Example):
    assert to_text(from_text(ex.position)) == ex.position


def test_the_examples_cover_every_rule_house_option_and_player_count():
    from app.games.chaharbargh.rules_page import OPTIONS, PLAYER_EXAMPLES, RULE_EXAMPLES

    assert sorted(RULE_EXAMPLES) == list(range(1, 12)) and all(RULE_EXAMPLES.values())
    assert set(OPTIONS) == set(Rules().to_dict()) - {"players"}
    placed = [k for keys in (*RULE_EXAMPLES.values(), *OPTIONS.values(), *PLAYER_EXAMPLES.values()) for k in keys]
    assert sorted(placed) == sorted(IDS)  # every example is on the page exactly once
    assert {from_text(ex.position).players for ex in EXAMPLES} == {2, 3, 4}


def test_the_scoring_table_is_the_engines():
    assert point_values() == {"clubs": 7, "ten": 3, "two": 2, "ace": 1, "jack": 1, "sur": 5, "sur_four": 10}
    score = result("score").score
    assert sum(s.total for s in score) - sum(s.sur_points for s in score) == 20  # a round holds 20 card points


def figures(html: str) -> dict[str, Tag]:
    """The page's examples by key (`figure.example[data-example]`)."""
    found = {fig["data-example"]: fig for fig in dom(html).select("figure.example[data-example]")}
    assert all(not fig.select("figure") for fig in found.values()), "figures must not nest"
    return found


def results(client, key: str, lang: str = "en") -> list[str]:
    """The lines of what the engine made of an example, as its figure shows them."""
    return [words(li) for li in figures(client.get(f"/rules?lang={lang}").text)[key].select(".ex-results li")]


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_page_draws_every_example_with_its_cards(client, lang):
    response = client.get(f"/rules?lang={lang}")
    assert response.status_code == 200
    html = response.text
    assert (one(html, "html")["lang"], one(html, "html")["dir"]) == (lang, "rtl" if lang == "fa" else "ltr")
    shown = figures(html)
    assert sorted(shown) == sorted(IDS) and len(dom(html).select("figure")) == len(EXAMPLES)
    for ex in EXAMPLES:
        r = result(ex.key)
        figure = shown[ex.key]
        on_page = {e["data-card"] for e in figure.select("[data-card]")}
        assert codes(r.hand) | codes(r.table) <= on_page, ex.key
        assert words(figure.select_one(".ex-caption")) == " ".join(rt(lang, f"ex_{ex.key}").split())
        # example cards are pictures with a spoken name, never controls
        assert figure.select("button, input") == []
        pictures = figure.select("[data-card][role=img]")
        assert pictures and all(p.get("aria-label") for p in pictures)


def test_the_page_shows_what_the_engine_computed(client):
    # forced capture: the dimmed cards are exactly those the engine gives no legal move
    forced = result("forced")
    dimmed = {e["data-card"] for e in figures(client.get("/rules").text)["forced"].select(".card.dim")}
    assert dimmed == codes(forced.hand) - codes(forced.playable) == {"9S", "QC"}
    # the taken cards are marked, the played card too
    choice = figures(client.get("/rules?lang=en").text)["sum-choice"]
    assert [e["data-card"] for e in choice.select(".card.taken")] == ["5C"]
    assert [e["data-card"] for e in choice.select(".card.played")] == ["6H"]
    # all three ways for the 6♥ to make eleven, worked by hand: 6 + 5 twice, 6 + 2 + 3
    assert sorted(words(m) for m in choice.select("bdi.move")) == ["6♥ + 2♠ + 3♦", "6♥ + 5♣", "6♥ + 5♦"]
    # sur, no sur, unscored sur, leftovers and the winner, in the engine's words; the figures are
    # the rule book's (R8: a sur is 5, with four players 10) or worked from the examples' data
    assert rt("en", "res_sur", points=5) in results(client, "sur")
    assert rt("fa", "res_sur", points=digits(5, "fa")) in results(client, "sur", "fa")
    no_sur = results(client, "jack-no-sur")
    assert rt("en", "res_jack_empty") in no_sur and rt("en", "res_sur", points=5) not in no_sur
    assert rt("en", "res_sur_unscored") in results(client, "sur-last-deal")
    leftover = rt("en", "res_leftover", cards=card_name("6S", "en"), who=rt("en", "seat_0"))
    assert leftover in results(client, "score")
    # 58 + 6 against 60 + 1; and 58 + 4 against 62 + 0
    assert rt("en", "res_winner", totals="64 – 61", who=rt("en", "seat_0")) in results(client, "match-win")
    assert rt("en", "res_tie", totals="62 – 62") in results(client, "match-tie")
    assert rt("en", "res_sur_team", points=10) in results(client, "four-sur")
    assert rt("en", "res_sur_cancels", who=rt("en", "seat_1_of_2")) in results(client, "surs-cancel")
    # the score sheet of the whole round: 20 to 5
    sheet = figures(client.get("/rules?lang=fa").text)["score"]
    totals = [b.get_text(strip=True) for b in sheet.select(".ex-sheet tr.sum td b")]
    assert totals == [digits(20, "fa"), digits(5, "fa")]


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_scoring_table_house_rules_presets_faq_and_tips_in_both_languages(client, lang):
    html = client.get(f"/rules?lang={lang}").text
    d = lambda n: digits(n, lang)  # noqa: E731
    # R10, from the rule book: clubs 7, ten of diamonds 3, two of clubs 2, ace 1, jack 1, sur 5 (10 with four)
    points = [(words(row.th), words(row.td)) for row in dom(html).select("#points tbody tr")]
    assert points == [
        (rt(lang, "score_clubs"), d(7)),
        (rt(lang, "score_ten"), d(3)),
        (rt(lang, "score_two"), d(2)),
        (rt(lang, "score_ace"), d(1)),
        (rt(lang, "score_jack"), d(1)),
        (rt(lang, "score_sur"), rt(lang, "score_sur_four", points=d(5), four=d(10))),
    ]
    presets = {words(row.th): [words(td) for td in row.select("td")] for row in dom(html).select("#presets tbody tr")}
    v = lambda key: rt(lang, f"val_{key}")  # noqa: E731
    assert presets[rt(lang, "opt_forced_capture")] == [v("hand"), v("card")]
    assert presets[rt(lang, "opt_surs_cancel")] == [v("off"), v("on")]
    assert presets[rt(lang, "opt_sur_cutoff")] == [v("none"), d(50)]
    assert presets[rt(lang, "opt_target")] == [d(62), d(62)] and presets[rt(lang, "opt_open_hand")] == [v("off")] * 2
    assert texts(html, "#faq dt") == [rt(lang, f"faq_q{i}") for i in range(1, 5)]
    assert texts(html, "#faq dd") == [rt(lang, f"faq_a{i}") for i in range(1, 5)]
    assert texts(html, "#tips li") == [rt(lang, f"tip{i}") for i in range(1, 6)]
    for n in range(1, 12):
        assert text_of(html, f"#r{n}-h") == f"{rt(lang, 'rule_n', n=d(n))} {rt(lang, f'r{n}_title')}"
    options = texts(html, ".option h3")
    for option in Rules().to_dict():
        if option != "players":
            assert rt(lang, f"opt_{option}") in options
    other = "en" if lang == "fa" else "fa"
    assert dom(html).select(f'a[href="/rules?lang={other}"]')


# The expected answer "No." is written by hand (the rule book's answer), not read from the catalog.
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
    plain = answers[3].translate(str.maketrans(digits("0123456789", "fa"), "0123456789"))
    quoted = [int(n) for n in re.findall(r"\d+", plain)]
    assert quoted == [7, 7, 5, 3, 10]
    points = point_values()
    assert [points["clubs"], points["sur"], points["ten"], points["sur_four"]] == [7, 5, 3, 10]
    assert points["clubs"] == max(points[k] for k in ("clubs", "ten", "two", "ace", "jack", "sur"))


def test_home_and_table_link_to_the_rules(client):
    assert one(client.get("/").text, "#learn-rules")["href"] == "/rules"
    table = client.post("/matches", data={"level": "easy", "target": "31", "preset": "table"})
    assert game_state(table.text)[0] == "your-turn"
    assert [a for a in dom(table.text).select('a[href="/rules"]') if words(a) == t("fa", "rules_link")]


def test_the_rules_page_keeps_the_csp(client):
    response = client.get("/rules")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert response.headers["cache-control"] == "no-store"
    page = dom(response.text)
    assert [s for s in page.select("script") if not s.get("src")] == []  # no inline script
    assert page.select("[style], style") == []
    assert [a["href"] for a in page.select('[aria-current="page"]')] == ["/rules"]


def test_every_option_the_page_offers_links_to_a_match_with_it(client):
    """What the page says a player can choose is on the home page: each option, the three- and
    four-player games and the open hand link to the new-match form set up for them."""
    from app.i18n import t
    from tests.app.app_helpers import dom

    for lang in ("fa", "en"):
        page = dom(client.get(f"/rules?lang={lang}").text)
        links = {a["data-start"]: a["href"] for a in page.select("a.start-link")}
        assert set(links) == set(Rules().to_dict()) - {"players"} | {"three", "four"}
        assert all(a.get_text(strip=True) for a in page.select("a.start-link"))
        for key, href in links.items():
            form = dom(client.get(href).text).select_one("#new-match-form")
            checked = {i["name"]: i["value"] for i in form.select("input[checked]")}
            numbers = form.select('input[inputmode="numeric"]')  # in the page's digits: read as numbers
            number = {i["name"]: latin_digits(i.get("value", "")) for i in numbers}
            if key in ("three", "four"):
                want = {"players": key == "three" and "3" or "4", "target": key == "three" and "62" or "124"}
            else:
                want = {
                    "forced_capture": {"forced_capture": "card"},
                    "sur_points": {"sur_points": "10"},
                    "sur_cutoff": {"sur_cutoff": "50"},
                    "target": {"target": "101"},
                }.get(key, {key: "1"})
            values = {**checked, **number}
            assert {name: values.get(name) for name in want} == want, (lang, key)
        # no sentence promises a choice the form does not have: the old "any positive number" is gone
        text = page.get_text(" ")
        assert "any positive number" not in text and "هر عدد مثبت" not in text
        assert t(lang, "preset_name_pagat") in text
