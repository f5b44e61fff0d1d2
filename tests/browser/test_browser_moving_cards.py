"""Cards that move, the sur's burst, the sound toggle and the computer's untouched wait, in
chromium. The match's deal is known (seed 1285: the person leads,
and 2♥ takes A♣ A♠ 3♥ 4♦, every card of the table, 2+1+1+3+4 = 11: a sur in the first deal).

A View Transition is observed, not timed: the page's `document.startViewTransition` is wrapped
to note each call and, once the transition's pseudo-elements exist (`ready`), the animations
running on them; nothing waits on a clock."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from app.i18n import t
from engine import Move
from tests.browser.browser_helpers import game, settle
from tests.browser.setups import deal_position, drive, position, url_of
from tests.browser.test_browser_seats import choose_game

SUR_SEED = 1285
SUR = ["AC", "AS", "3H", "4D"]
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}

WATCH = """
window.__vt = { calls: 0, groups: [] };
if (document.startViewTransition) {
  const start = document.startViewTransition.bind(document);
  document.startViewTransition = (update) => {
    window.__vt.calls += 1;
    const transition = start(update);
    transition.ready.then(() => {
      for (const a of document.getAnimations()) {
        const pseudo = a.effect && a.effect.pseudoElement;
        if (pseudo && pseudo.startsWith("::view-transition-group(card-")) window.__vt.groups.push(pseudo);
      }
    }, () => {});
    return transition;
  };
}
"""

AUDIO = """
window.__audio = { made: 0, tones: 0 };
const Real = window.AudioContext;
window.AudioContext = class extends Real { constructor(...a) { super(...a); window.__audio.made += 1; } };
const realStart = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...a) { window.__audio.tones += 1; return realStart.apply(this, a); };
"""


@pytest.fixture
def sur_server(live_server):
    return live_server(new_seed=lambda: SUR_SEED)


@pytest.fixture
def held(live_server):
    """A server whose round owner runs only when the test says (`computer_moves`): the table
    stays at the computer's turn while the test looks at the person's move."""
    return live_server(new_seed=lambda: SUR_SEED, round_owner=False)


def computer_moves(server) -> None:
    """The round owner plays what is due (a pause of 0): the stream brings it to the page."""
    assert server.app.state.owner.run_due() >= 1


def start(page: Page) -> None:
    page.goto("/")
    page.click("#start")
    assert settle(page, ("", -1)) == ("your-turn", 0)


def choose_the_sur(page: Page) -> None:
    page.click('#hand [data-card="2H"]')
    page.wait_for_selector('#hand [data-card="2H"][aria-pressed="true"]')
    for code in SUR:
        page.click(f'#table [data-card="{code}"]')
        page.wait_for_selector(f'#table [data-card="{code}"][aria-pressed="true"]')


def ply_is(page: Page, ply: int) -> None:
    page.wait_for_function("(p) => document.querySelector('#game').dataset.ply === String(p)", arg=ply)


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_cards_of_a_sur_fly_to_the_pile_and_the_sur_is_celebrated(new_page, held, size):
    page = new_page(held, viewport=VIEWPORTS[size])
    page.add_init_script(WATCH)
    start(page)
    name = "e => getComputedStyle(e).viewTransitionName"
    assert page.locator('#hand [data-card="2H"]').evaluate(name) == "card-2H"
    choose_the_sur(page)
    assert page.inner_text("#sur-note") == t("fa", "will_be_sur")  # said before it is confirmed
    page.evaluate("window.__vt.groups = []")
    page.click("#action")
    ply_is(page, 1)
    page.wait_for_function("() => window.__vt.groups.length >= 5")
    groups = set(page.evaluate("window.__vt.groups"))
    assert {f"::view-transition-group(card-{c})" for c in ["2H", *SUR]} <= groups  # hand and table to the pile
    fan = page.locator('#piles li[data-side="0"] .last-capture [data-vt]')
    assert sorted(fan.evaluate_all("els => els.map(e => e.dataset.vt)")) == sorted(["2H", *SUR])
    assert fan.first.evaluate(name) == f"card-{fan.first.get_attribute('data-vt')}"
    burst = page.locator("#sur-burst")
    assert burst.is_visible() and burst.inner_text() == t("fa", "sur")
    assert burst.evaluate("e => e.getAnimations().length") == 1
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # the computer's move: its card comes from its seat (a transition again), the burst is gone
    calls = page.evaluate("window.__vt.calls")
    computer_moves(held)
    assert settle(page, ("your-turn", 1))[1] == 2
    assert page.evaluate("window.__vt.calls") > calls
    assert page.locator("#sur-burst").count() == 0
    # the small cards read rank first, left to right, in the Persian page too
    for mini in page.locator(".computer-last .mini span").all():
        left = mini.evaluate("""e => { const r = document.createRange(), n = e.firstChild, s = n.textContent;
            r.setStart(n, 0); r.setEnd(n, 1); const first = r.getBoundingClientRect().left;
            r.setStart(n, s.length - 1); r.setEnd(n, s.length); return first < r.getBoundingClientRect().left; }""")
        assert left


def test_reduced_motion_swaps_at_once(new_page, sur_server):
    page = new_page(sur_server)
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(WATCH)
    start(page)
    choose_the_sur(page)
    page.click("#action")
    ply_is(page, 1)
    assert page.evaluate("window.__vt.calls") == 0  # htmx was told to swap without a transition
    assert not page.evaluate("document.documentElement.classList.contains('motion')")
    assert page.locator("#sur-burst").count() == 0 or not page.locator("#sur-burst").is_visible()
    assert page.locator('#piles li[data-side="0"] .last-capture [data-vt]').count() == 5


def test_without_javascript_nothing_moves(new_page, sur_server):
    page = new_page(sur_server, javascript=False)
    page.goto("/")
    page.click("#start")
    page.wait_for_selector("#game")
    choose_the_sur(page)
    assert page.inner_text("#sur-note") == t("fa", "will_be_sur")
    page.click("#action")
    page.wait_for_selector('#game[data-ply="2"]')  # without JavaScript the page reloads until the computer answered
    assert not page.evaluate("document.documentElement.classList.contains('motion')")
    assert page.evaluate("document.getAnimations().length") == 0
    assert not page.locator("#sound-toggle").is_visible()
    assert page.locator('#piles li[data-side="0"] .last-capture [data-vt]').count() == 5


def test_sound_is_off_until_turned_on_and_is_remembered(new_page, held):
    page = new_page(held)
    page.add_init_script(AUDIO)
    start(page)
    page.wait_for_selector("#sound-toggle:not([hidden])")  # sound.js shows it once it has run
    toggle = page.locator("#sound-toggle")
    assert toggle.is_visible() and toggle.get_attribute("aria-pressed") == "false"
    assert toggle.inner_text() == t("fa", "sound")
    page.click('#hand [data-card="2H"]')
    page.wait_for_selector('#hand [data-card="2H"][aria-pressed="true"]')
    assert page.evaluate("window.__audio") == {"made": 0, "tones": 0}  # off by default: not even a context

    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('chaharbargh-sound')") == "on"
    heard = page.evaluate("window.__audio")
    assert heard["made"] == 1 and heard["tones"] >= 1  # the player hears what they turned on
    for code in SUR:
        page.click(f'#table [data-card="{code}"]')
        page.wait_for_selector(f'#table [data-card="{code}"][aria-pressed="true"]')
    assert page.evaluate("window.__audio.tones") == heard["tones"]  # choosing cards is no move: silent
    page.click("#action")
    ply_is(page, 1)
    page.wait_for_function("(n) => window.__audio.tones >= n + 4", arg=heard["tones"])  # the sur's four notes

    page.reload()  # remembered; and no sound before the player touches the page
    page.wait_for_selector("#sound-toggle:not([hidden])")
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "true"
    computer_moves(held)
    settle(page, ("your-turn", 1))  # the computer moves (a swap no person caused)
    assert page.evaluate("window.__audio") == {"made": 0, "tones": 0}
    page.locator("#sound-toggle").click()  # off again, and remembered off
    assert page.evaluate("localStorage.getItem('chaharbargh-sound')") == "off"


def test_a_tap_while_the_computer_is_to_play_asks_nothing(new_page, held):
    page = new_page(held)
    start(page)
    choose_the_sur(page)
    page.click("#action")
    ply_is(page, 1)
    assert game(page)[0] == "computer-turn"
    page.evaluate("""() => { window.__asked = [];
        document.addEventListener('htmx:confirm', e => window.__asked.push(e.defaultPrevented)); }""")
    page.locator("#hand [data-card]").first.click()
    page.wait_for_function("() => window.__asked.length > 0")
    assert page.evaluate("window.__asked") == [True]  # the table was not asked for again
    computer_moves(held)  # the computer's move still comes, on the stream
    assert settle(page, ("computer-turn", 1)) == ("your-turn", 2)


def test_the_lesson_list_counts_in_persian_digits(page):
    page.goto("/learn")
    assert page.locator("#lessons").evaluate("e => getComputedStyle(e).listStyleType") == "persian"
    page.goto("/learn?lang=en")
    assert page.locator("#lessons").evaluate("e => getComputedStyle(e).listStyleType") == "decimal"


def test_the_replay_moves_its_cards_step_by_step(new_page, server):
    """A finished match's replay: "next" swaps the page in a View Transition (the address follows),
    and the card played at that step is one of the cards the transition moves."""
    service = server.app.state.service
    match = service.create("easy", target=11, preset="pagat")
    finished = drive(service, match.id, match.secret, lambda loaded: False)
    first = Move.parse(service.stored_moves(finished)[0]).card  # the match's first move, as stored
    page = new_page(server, viewport=VIEWPORTS["desktop"])
    page.add_init_script(WATCH)
    page.goto(f"{url_of(finished)}/replay?ply=0")
    assert page.locator(f'.replay-seat [data-card="{first}"]').count() == 1  # in a hand
    page.click("#replay-next")
    page.wait_for_selector('#replay[data-ply="1"]')
    page.wait_for_function("(name) => window.__vt.groups.includes(name)", arg=f"::view-transition-group(card-{first})")
    assert page.url.endswith("/replay?ply=1")
    page.click("#replay-previous")  # and back: the card returns to its hand
    page.wait_for_selector('#replay[data-ply="0"]')
    assert page.locator(f'.replay-seat [data-card="{first}"]').count() == 1
    assert page.evaluate("window.__vt.calls") == 2


# Each View Transition, in order, with the animations on its pseudo-elements once they exist:
# a test reads the transition its own step started, never one still running from before.
EACH = """
window.__t = [];
if (document.startViewTransition) {
  const start = document.startViewTransition.bind(document);
  document.startViewTransition = (update) => {
    const entry = { ready: false, animations: [] };
    window.__t.push(entry);
    const transition = start(update);
    transition.ready.then(() => {
      for (const a of document.getAnimations()) {
        const pseudo = a.effect && a.effect.pseudoElement;
        if (pseudo && pseudo.startsWith("::view-transition-")) entry.animations.push([pseudo, a.animationName]);
      }
      entry.ready = true;
    }, () => { entry.ready = true; });
    return transition;
  };
}
"""
# The last card of the fifth deal each: the person's Q♦, then the computer's K♠ (neither takes);
# the stock's eight cards are then dealt, four each, starting with the person (the dealer's left).
BEFORE_DEAL = position(["QD", "KS"], "2C,3D,5H", "AS,2H,10C,KH,QS,8C,6D,4C", deal=4)
# The same in the round's last deal, the person the last capturer: the five cards left on the
# table go to the person's pile when the computer's K♠ ends the round.
ROUND_END = position(["QD", "KS"], "2C,3D,5H", "-", deal=5).replace("last=-", "last=0")


def transitions(page: Page) -> int:
    return page.evaluate("window.__t.length")


def animations_of(page: Page, n: int) -> dict[str, list[str]]:
    """The n-th View Transition's animations (from 1), per pseudo-element, once it is ready."""
    page.wait_for_function("(n) => window.__t.length >= n && window.__t[n - 1].ready", arg=n)
    out: dict[str, list[str]] = {}
    for pseudo, name in page.evaluate("(n) => window.__t[n - 1].animations", n):
        out.setdefault(pseudo, []).append(name)
    return out


def play_the_queen(page: Page) -> None:
    page.click('#hand [data-card="QD"]')
    page.wait_for_selector('#action[data-action="place"]:not([disabled])')
    page.click("#action")
    ply_is(page, 1)


def test_a_deal_comes_from_the_stock_and_the_leftovers_go_to_the_last_capturer(new_page, held, monkeypatch):
    """Worked by hand from the positions: the new hand is A♠ 2♥ 10♣ K♥, the computer gets four
    backs, and at the round's end 2♣ 3♦ 5♥ Q♦ K♠ go to the person's pile; the new round's first
    table comes from the stock too. The page is Persian, right to left: the stock is on the left."""
    deal_position(monkeypatch, BEFORE_DEAL)
    page = new_page(held, viewport=VIEWPORTS["desktop"])
    page.add_init_script(EACH)
    choose_game(page, 2, 62)
    play_the_queen(page)
    n = transitions(page) + 1
    computer_moves(held)
    assert settle(page, ("computer-turn", 1)) == ("your-turn", 2)  # the computer's K♠, then the deal
    hand = ["AS", "2H", "10C", "KH"]
    assert sorted(page.locator("#hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")) == sorted(hand)
    moved = animations_of(page, n)
    for code in hand:  # each new card comes off the stock, none grows in place
        assert moved[f"::view-transition-new(card-{code})"] == ["vt-from-stock-up-rtl"]
    for k in range(1, 5):  # and so do the computer's four new backs
        assert moved[f"::view-transition-new(deal-1-{k})"] == ["vt-from-stock-down-rtl"]
    assert page.inner_text("#stock-count") == "۰"
    for code in ["QS", "8C", "6D", "4C"]:  # the computer's new cards are nowhere in the page
        assert page.locator(f'[data-card="{code}"], [data-vt="{code}"]').count() == 0

    deal_position(monkeypatch, ROUND_END)
    page = new_page(held, viewport=VIEWPORTS["desktop"])
    page.add_init_script(EACH)
    choose_game(page, 2, 62)
    play_the_queen(page)
    n = transitions(page) + 1
    computer_moves(held)
    assert settle(page, ("computer-turn", 1)) == ("round-over", 2)
    moved = animations_of(page, n)
    for code in ["2C", "3D", "5H", "QD"]:  # from the table to the pile
        assert f"::view-transition-group(card-{code})" in moved
    assert "::view-transition-new(card-KS)" in moved  # the computer's last card, from its hand
    assert page.get_attribute("#leftover-pile", "data-side") == "0"
    minis = page.locator("#sheet .leftover-cards [data-vt]")
    assert sorted(minis.evaluate_all("els => els.map(e => e.dataset.vt)")) == sorted(["2C", "3D", "5H", "QD", "KS"])
    assert minis.first.evaluate("e => getComputedStyle(e).viewTransitionClass") == "card leftover"

    n = transitions(page) + 1
    page.click("#next-round")  # the new round's hands and first table come from the stock
    moved = animations_of(page, n)
    table = page.locator("#table [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert len(table) == 4
    for code in set(table) - {"2C", "3D", "5H", "QD", "KS"}:  # a leftover's code may meet itself on the sheet
        assert moved[f"::view-transition-new(card-{code})"] == ["vt-from-stock-side-rtl"]
    assert moved["::view-transition-new(deal-1-1)"] == ["vt-from-stock-down-rtl"]


def test_a_deal_and_the_leftovers_are_instant_under_reduced_motion(new_page, held, monkeypatch):
    """The same deal and round's end with reduced motion: no View Transition at all, the classes
    are there but inert, and the sheet still draws the leftovers on the taker's pile."""
    deal_position(monkeypatch, BEFORE_DEAL)
    page = new_page(held, viewport=VIEWPORTS["phone"])
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(EACH)
    choose_game(page, 2, 62)
    play_the_queen(page)
    computer_moves(held)
    assert settle(page, ("computer-turn", 1)) == ("your-turn", 2)
    assert page.locator("#hand .vt-deal-hand").count() == 4
    assert transitions(page) == 0

    deal_position(monkeypatch, ROUND_END)
    page = new_page(held, viewport=VIEWPORTS["phone"])
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(EACH)
    choose_game(page, 2, 62)
    play_the_queen(page)
    computer_moves(held)
    assert settle(page, ("computer-turn", 1)) == ("round-over", 2)
    assert page.locator("#sheet .leftover-cards .vt-leftover").count() == 5
    assert page.locator("#leftover-pile").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert transitions(page) == 0
