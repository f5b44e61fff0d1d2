"""What the table tells the browser so its cards can move and sound,
and the table's details: every card named once for View Transitions in a static
stylesheet, the last move's sound and classes read from the engine's events, each side's last
capture on its pile, the sum line past eleven, a sur said before it is confirmed, the leftovers
named on the round's sheet, the home page's title once."""

from __future__ import annotations

import re

from app.i18n import card_name, t
from app.settings import ROOT
from engine import observation
from tests.app.app_helpers import HX, dom, one, url_of

SUR_SEED = 1285  # the person leads; 2♥ takes A♣ A♠ 3♥ 4♦, every card of the table: 2+1+1+3+4 = 11
OVER_SEED = 1006  # the person leads; A♦ can take 10♣, or 5♣ and 5♠
SEED = 5_550_123_456_789_000

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [rank + suit for suit in "CDHS" for rank in RANKS]


def test_every_card_of_the_deck_has_one_transition_name_in_the_static_stylesheet():
    css = (ROOT / "static" / "motion.css").read_text()
    rule = r'#game \[data-card="(\w+)"\], #game \[data-vt="(\w+)"\], #replay \[data-card="(\w+)"\], '
    rule += r'#replay \[data-vt="(\w+)"\] \{ view-transition-name: card-(\w+); \}'
    rules = re.findall(rule, css)
    assert sorted(a for a, b, c, d, e in rules if a == b == c == d == e) == sorted(DECK)
    assert len(rules) == 52


def test_a_move_swaps_with_a_view_transition_a_choice_at_once_and_no_style_attribute(client):
    match = client.app.state.service.create("easy", 62, "table", seed=SEED)
    page = client.get(url_of(match)).text  # the person leads: the action button is there
    assert "transition:true" in one(page, "#action")["hx-swap"]  # a move: the cards move
    assert "transition" not in one(page, "#game")["hx-swap"]  # choosing a card: at once
    assert not dom(page).select("[style]")
    assert one(page, "#sound-toggle")["aria-pressed"] == "false" and one(page, "#sound-toggle").has_attr("hidden")


def test_the_last_moves_sound_and_motion_follow_its_events(client):
    service = client.app.state.service
    match = service.create("easy", 62, "table", seed=SUR_SEED)
    url = url_of(match)
    assert one(client.get(url).text, "#last-move")["data-sound"] == ""  # no move yet
    loaded = service.load(match.id, match.secret)
    sur = next(m for m in loaded.state.legal_moves() if str(m) == "2H+AC+AS+3H+4D")
    assert set(sur.takes) == set(observation(loaded.state, 0).table)  # it empties the table
    after = service.play(match.id, match.secret, loaded.ply, sur)
    page = client.get(url, headers=HX).text
    last = one(page, "#last-move")
    assert (last["data-sound"], last.get("data-sur"), last["data-ply"]) == ("sur", "true", "1")
    assert one(page, "#sur-burst").get_text(strip=True) == t("fa", "sur")
    fan = [c["data-vt"] for c in dom(page).select('#piles li[data-side="0"] .last-capture [data-vt]')]
    assert sorted(fan) == sorted(["2H", "AC", "AS", "3H", "4D"])  # the capture lies on the person's pile
    assert not dom(page).select("#table [data-card]")  # the sur emptied the table

    # the computer's move: its card comes in from its seat (top, with two players), what it took leaves late
    moved = service.computer(match.id, match.secret, after.ply)
    played = moved.state.current.moves[-1]
    page = client.get(url, headers=HX).text
    assert one(page, "#last-move")["data-sound"] == ("capture" if played.move.takes else "play")
    code = str(played.move.card)
    if played.move.takes:
        card = one(page, f'#piles li[data-side="1"] [data-vt="{code}"]')
        taken = [one(page, f'#piles li[data-side="1"] [data-vt="{c}"]') for c in map(str, played.move.takes)]
        assert all("vt-late" in c["class"] for c in taken)
    else:
        card = one(page, f'#table [data-card="{code}"]')
    assert "vt-enter-top" in card["class"]
    assert not dom(page).select("#sur-burst")


def test_the_sum_line_turns_red_past_eleven(client):
    match = client.app.state.service.create("easy", 62, "table", seed=OVER_SEED)
    url = url_of(match)
    ten = one(client.get(f"{url}?card=AD&take=10C").text, "#sum")  # 1 + 10 = 11
    assert not ten.has_attr("data-over") and "over" not in ten["class"]
    five = one(client.get(f"{url}?card=AD&take=5C").text, "#sum")  # 1 + 5 = 6
    assert not five.has_attr("data-over")
    past = one(client.get(f"{url}?card=AD&take=10C&take=5C").text, "#sum")  # 1 + 10 + 5 = 16
    assert past["data-over"] == "true" and "over" in past["class"]
    assert past.get_text(" ", strip=True).endswith("= ۱۶ / ۱۱")
    alone = one(client.get(f"{url}?card=AD").text, "#sum")  # the ace chosen, nothing taken yet: 1 so far
    assert alone.get_text(" ", strip=True).endswith(": ۱ / ۱۱") and "=" not in alone.get_text()


def test_a_capture_that_will_be_a_sur_says_so_before_it_is_confirmed(client):
    match = client.app.state.service.create("easy", 62, "table", seed=SUR_SEED)
    url = url_of(match)
    for lang in ("fa", "en"):
        page = client.get(f"{url}?card=2H&take=AC&take=AS&take=3H&take=4D&lang={lang}").text
        assert one(page, "#sur-note").get_text(strip=True) == t(lang, "will_be_sur")  # the first deal: it scores
        action = one(page, "#action")
        assert action["data-action"] == "capture" and action["data-sur"] == "true"
        assert action["aria-describedby"] == "sur-note"
        part = client.get(f"{url}?card=2H&take=AC&lang={lang}").text  # not a whole capture yet
        assert not dom(part).select("#sur-note") and not one(part, "#action").has_attr("data-sur")


def test_the_round_sheet_names_the_leftovers(client):
    """Play rounds through the service until one ends with cards left on the table; the sheet
    names them: what lay on the table before the round's last move, less what that move took."""
    service = client.app.state.service
    for seed in range(SEED, SEED + 20):
        match = service.create("easy", 500, "table", seed=seed)
        loaded = service.load(match.id, match.secret)
        while not loaded.sheet_pending:
            before = set(map(str, loaded.state.table))
            if loaded.human_to_play:
                move = loaded.state.legal_moves()[0]
                loaded = service.play(match.id, match.secret, loaded.ply, move)
            else:
                loaded = service.computer(match.id, match.secret, loaded.ply)
                move = loaded.state.rounds[-1].moves[-1].move if loaded.sheet_pending else None
        # a card placed stays on the table; a capture takes its cards and the card played to the pile
        left = before - set(map(str, move.takes)) if move.takes else before | {str(move.card)}
        if left:
            break
    else:
        raise AssertionError("no round with leftovers in 20 deals")
    for lang in ("fa", "en"):
        page = client.get(f"{url_of(match)}?lang={lang}").text
        note = one(page, "#sheet .leftover")
        assert [c["aria-label"] for c in note.select(".leftover-cards .mini")] and sorted(
            c["aria-label"] for c in note.select(".leftover-cards .mini")
        ) == sorted(card_name(c, lang) for c in left)


def test_the_home_page_shows_its_title_once(client):
    for lang in ("fa", "en"):
        page = dom(client.get(f"/?lang={lang}").text)
        titles = [e for e in page.select(".top .brand, main h1") if e.get_text(strip=True) == t(lang, "title")]
        visible = [e for e in titles if "sr-only" not in (e.get("class") or [])]
        assert len(titles) == 2 and len(visible) == 1  # the header's; the page's heading is for screen readers


def _play_until(service, match, done):
    """Play the seeded match through the service, the person taking the first legal move, until
    `done(loaded, before)` (before: the table before the move just made)."""
    loaded = service.load(match.id, match.secret)
    while True:
        before = set(map(str, loaded.state.table))
        if loaded.human_to_play:
            loaded = service.play(match.id, match.secret, loaded.ply, loaded.state.legal_moves()[0])
        else:
            loaded = service.computer(match.id, match.secret, loaded.ply)
        if done(loaded, before):
            return loaded


def _codes(page) -> set[str]:
    """Every card code the page names, in any attribute."""
    soup = dom(page)
    return {e[a] for a in ("data-card", "data-vt", "data-played") for e in soup.select(f"[{a}]")}


def test_a_deal_brings_the_new_cards_from_the_stock_and_no_card_of_it_into_the_page(client):
    """Mid-round: the move that emptied the last hand deals four cards to each seat. Worked by
    hand: every card of the person's hand is new (the hands were empty), the computer's four
    backs are new, the table's cards are not dealt; the stock's cards appear nowhere."""
    service = client.app.state.service
    match = service.create("easy", 500, "table", seed=SEED)
    loaded = _play_until(service, match, lambda lo, _: lo.state.stock_count < 52 - 4 - 8 and not lo.sheet_pending)
    assert all(n == 4 for n in observation(loaded.state, 0).hand_counts)  # a deal: every hand full again
    page = client.get(url_of(match), headers=HX).text
    hand = dom(page).select("#hand [data-card]")
    assert sorted(c["data-card"] for c in hand) == sorted(map(str, loaded.state.hand(0)))
    assert all("vt-deal-hand" in c["class"] for c in hand)
    backs = dom(page).select('#seats [data-seat="1"] .back-card')
    assert [b.get("data-deal") for b in backs] == ["1-1", "1-2", "1-3", "1-4"]
    assert all("vt-deal-seat" in b["class"] for b in backs)
    assert not dom(page).select("#table .vt-deal-table")  # the table was there before
    hidden = set(map(str, loaded.state.stock)) | set(map(str, loaded.state.hand(1)))
    assert not _codes(page) & hidden and not any(code in page for code in hidden if len(code) == 3)
    assert not dom(page).select("[style]")

    # the person's next move (no deal): the classes are gone
    loaded = service.play(match.id, match.secret, loaded.ply, loaded.state.legal_moves()[0])
    page = client.get(url_of(match), headers=HX).text
    assert not dom(page).select(".vt-deal-hand, .vt-deal-seat, .vt-deal-table, [data-deal]")


def test_a_rounds_end_sends_the_leftovers_to_the_last_capturer_and_the_next_round_comes_from_the_stock(client):
    """Worked by hand: the leftovers are the table before the round's last move less what it
    took (or with the card it placed); they go to the side of the round's last capture."""
    service = client.app.state.service
    for seed in range(SEED, SEED + 20):
        match = service.create("easy", 500, "table", seed=seed)
        seen = {}

        def ended(lo, before, seen=seen):
            seen["before"] = before
            return lo.sheet_pending

        loaded = _play_until(service, match, ended)
        played = loaded.state.rounds[-1].moves
        last = played[-1].move
        left = seen["before"] - set(map(str, last.takes)) if last.takes else seen["before"] | {str(last.card)}
        if left:
            break
    else:
        raise AssertionError("no round with leftovers in 20 deals")
    taker = next(p.seat for p in reversed(played) if p.move.takes)  # two seats: a seat is its side
    page = client.get(url_of(match), headers=HX).text
    assert one(page, "#game")["data-state"] == "round-over"
    assert one(page, "#leftover-pile")["data-side"] == str(taker)
    minis = dom(page).select("#sheet .leftover .leftover-cards .mini")
    assert sorted(m["data-vt"] for m in minis) == sorted(left)
    assert all("vt-leftover" in m["class"] for m in minis)
    assert not dom(page).select("#table, #hand")  # the sheet takes the table's place

    # the next round: the person's hand, the computer's backs and the first table come from the stock
    loaded = service.next_round(match.id, match.secret, loaded.ply)
    page = client.get(url_of(match), headers=HX).text
    hand, table = dom(page).select("#hand [data-card]"), dom(page).select("#table [data-card]")
    assert len(hand) == 4 and all("vt-deal-hand" in c["class"] for c in hand)
    assert sorted(c["data-card"] for c in table) == sorted(map(str, loaded.state.table))
    assert table and all("vt-deal-table" in c["class"] for c in table)
    backs = dom(page).select('#seats [data-seat="1"] .back-card')
    assert [b.get("data-deal") for b in backs] == ["1-1", "1-2", "1-3", "1-4"]
    assert not dom(page).select("#leftover-pile, .vt-leftover")
    hidden = set(map(str, loaded.state.stock)) | set(map(str, loaded.state.hand(1)))
    assert not _codes(page) & hidden


def test_every_seat_back_a_deal_can_name_has_its_transition_name(client):
    css = (ROOT / "static" / "motion.css").read_text()
    for seat in (1, 2, 3):
        for k in (1, 2, 3, 4):
            assert f'#game [data-deal="{seat}-{k}"] {{ view-transition-name: deal-{seat}-{k}; }}' in css
