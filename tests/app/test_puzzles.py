"""Puzzles (app/puzzles.py, app/routes/puzzles.py): the shipped puzzles shown from their seat's view
in both languages, answered with the table's own forms (the best move solves, another is refused
with what it gives away), the first try alone rated by Glicko-2 (figures worked by hand below),
puzzles offered near the person's rating, the daily puzzle on the home page, `/me`'s section, and
no page ever naming a card the seat could not see."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime

import pytest

from app.i18n import card_name, t
from app.puzzles import Puzzles, shipped
from engine import games
from engine.puzzles import Puzzle
from tests.app.app_helpers import attribute_values, dom, in_view, one, text_of

AT = datetime(2026, 12, 6, 7, 0, tzinfo=UTC)
PERSIAN = set("۰۱۲۳۴۵۶۷۸۹")


def made(puzzle_id: str, rating: float) -> Puzzle:
    """A puzzle whose position and moves do not matter to the ratings, at `rating`."""
    return Puzzle(puzzle_id, "chaharbargh", "", 0, "a", (("a", 1.0), ("b", 0.0)), ("other",), rating)


def test_a_first_try_moves_both_ratings_as_glickman_computes_and_a_later_one_nothing(app):
    """A new solver (1500, deviation 350, volatility 0.06) and a new puzzle at 1700 (deviation
    350, volatility 0.06). On Glicko-2's scale (step 2, divided by 173.7178): mu = 0,
    phi = 350 / 173.7178 = 2.014762 for both, the puzzle's mu = 200 / 173.7178 = 1.151292.

    The solver's side (step 3): g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2) = 1 / sqrt(1 + 1.233868)
    = 0.669069; E = 1 / (1 + exp(-g (0 - 1.151292))) = 1 / (1 + 2.160387) = 0.316415;
    v = 1 / (g^2 E (1 - E)) = 1 / (0.447653 x 0.216297) = 10.327799.
    Solved (s = 1): delta = v g (1 - E) = 10.327799 x 0.457360 = 4.723580 (step 4). Step 5: the
    volatility stays 0.060001 (Illinois from A = ln 0.06^2 = -5.626821, B = ln(delta^2 - phi^2 - v)
    as delta^2 = 22.3122 passes phi^2 + v = 14.3871; it moves only in the sixth decimal).
    phi* = sqrt(phi^2 + sigma'^2) = sqrt(4.059264 + 0.0036) = 2.015655 (step 6);
    phi' = 1 / sqrt(1 / phi*^2 + 1 / v) = 1 / sqrt(0.246131 + 0.096826) = 1.707575;
    mu' = 0 + phi'^2 g (1 - E) = 2.915812 x 0.457360 = 1.333592 (step 7);
    rating 1500 + 173.7178 x 1.333592 = 1731.67, deviation 173.7178 x 1.707575 = 296.64 (step 8).
    The puzzle, the same game from its side (s = 0, E = 0.683585, the same g and v):
    mu' = 1.151292 - 2.915812 x 0.669069 x 0.683585 = -0.182299: rating 1468.33, deviation 296.64.

    Failed (s = 0) by another new solver on another puzzle at 1700: mu' = -2.915812 x 0.669069 x
    0.316415 = -0.617288: rating 1392.77; the puzzle mu' = 1.151292 + 2.915812 x 0.669069 x 0.316415
    = 1.768581: rating 1807.23; both deviations 296.64 (delta^2 < phi^2 + v there: step 5's
    bracket by k steps of tau, and again the volatility moves only in the sixth decimal)."""
    puzzles = Puzzles(app.state.service.engine, {"x1": made("x1", 1700.0), "x2": made("x2", 1700.0)})
    solved = puzzles.attempt("solver1", puzzles.all["x1"], True, AT)
    assert solved is not None and solved.solved
    assert (round(solved.solver_before, 2), round(solved.solver_after, 2)) == (1500.0, 1731.67)
    assert (round(solved.puzzle_before, 2), round(solved.puzzle_after, 2)) == (1700.0, 1468.33)
    mine = puzzles.standing("solver1")
    assert (round(mine.rating or 0, 2), round(mine.deviation, 2), mine.tried, mine.solved) == (1731.67, 296.64, 1, 1)
    assert round(puzzles.rating(puzzles.all["x1"]), 2) == 1468.33

    assert puzzles.attempt("solver1", puzzles.all["x1"], False, AT) is None  # a second try: not rated
    assert round(puzzles.standing("solver1").rating or 0, 2) == 1731.67
    assert round(puzzles.rating(puzzles.all["x1"]), 2) == 1468.33

    failed = puzzles.attempt("solver2", puzzles.all["x2"], False, AT)
    assert failed is not None and not failed.solved
    assert (round(failed.solver_after, 2), round(failed.puzzle_after, 2)) == (1392.77, 1807.23)
    assert round(puzzles.standing("solver2").deviation, 2) == 296.64
    assert puzzles.standing("solver2").solved == 0
    assert puzzles.attempt("solver2", puzzles.all["x2"], True, AT) is None  # solved later: counted, not rated
    assert puzzles.standing("solver2").solved == 1 and round(puzzles.standing("solver2").rating or 0, 2) == 1392.77


def test_a_person_is_offered_an_untried_puzzle_among_those_nearest_their_rating(app, monkeypatch):
    """Puzzles at 1000, 1100, ... 2000 and the two nearest offered: someone new (1500) gets 1500 or
    one of its neighbours by id order (1400); once they have tried both, the next nearest."""
    monkeypatch.setattr("app.puzzles.NEAREST", 2)
    ladder = {f"p{r}": made(f"p{r}", float(r)) for r in range(1000, 2001, 100)}
    puzzles = Puzzles(app.state.service.engine, ladder)
    offered = {puzzles.offer("newcomer", None, None, random.Random(seed)).id for seed in range(20)}  # type: ignore[union-attr]
    assert offered == {"p1400", "p1500"}
    for puzzle_id in ("p1400", "p1500"):
        puzzles.attempt("other", ladder[puzzle_id], True, AT)  # another person's tries move the puzzles
    puzzles.attempt("newcomer", ladder["p1500"], True, AT)  # up: 1500 against ~1500 won
    rating = puzzles.standing("newcomer").rating or 0
    assert rating > 1600
    left = {p.id for p in ladder.values() if p.id != "p1500"}
    ratings = puzzles.ratings()
    nearest = sorted(left, key=lambda i: (abs(ratings[i][0] - rating), i))[:2]
    offered = {puzzles.offer("newcomer", None, None, random.Random(seed)).id for seed in range(20)}  # type: ignore[union-attr]
    assert offered == set(nearest) and "p1500" not in offered


def hidden_cards(puzzle: Puzzle) -> set[str]:
    """What the puzzle's seat cannot see: every other hand (but a face-up card) and the stock."""
    state = games.get(puzzle.game).from_text(puzzle.position)
    face_up = set(getattr(state, "face_up", ()))
    others = {c for seat in range(len(state.hands)) if seat != puzzle.seat for c in state.hand(seat)}
    return {str(c) for c in (others - face_up) | set(state.stock)}


def check_hidden(html: str, puzzle: Puzzle) -> None:
    page = in_view(html)
    secret = hidden_cards(puzzle)
    attributes = attribute_values(page)
    assert secret and not set(" ".join(attributes).split()) & secret, "a hidden card's code in an attribute"
    text = (page.get_text(" ") + " " + " ".join(attributes)).lower()
    for code in secret:
        for lang in ("fa", "en"):
            assert card_name(code, lang).lower() not in text, f"hidden {code} named in {puzzle.id}'s page"
    assert puzzle.position not in html and "seed=" not in html


def sample(game: str, count: int) -> list[Puzzle]:
    mine = [p for p in shipped().values() if p.game == game]
    assert len(mine) >= count
    return mine[:: max(1, len(mine) // count)][:count]


def answer(client, html: str, move: str):
    form = one(html, f'#puzzle-answers form[data-move="{move}"]')
    fields: dict[str, list[str]] = {}
    for field in form.select("input[type=hidden]"):
        fields.setdefault(field["name"], []).append(field["value"])
    return client.post(form["action"], data=fields)


@pytest.mark.one_database
@pytest.mark.parametrize("game", ["chaharbargh", "allfours"])
def test_puzzle_pages_never_show_a_hidden_card_before_or_after_an_answer(client, game):
    """Hidden-information scan of sampled puzzles, asked, refused, solved and shown, in both languages."""
    for puzzle in sample(game, 6):
        for lang in ("fa", "en"):
            page = client.get(f"/puzzles/{puzzle.id}?lang={lang}").text
            check_hidden(page, puzzle)
            wrong = puzzle.values[1][0]
            check_hidden(answer(client, page, wrong).text, puzzle)
            check_hidden(answer(client, page, puzzle.best).text, puzzle)
            check_hidden(client.post(f"/puzzles/{puzzle.id}/show?lang={lang}").text, puzzle)


@pytest.mark.parametrize("game", ["chaharbargh", "allfours"])
def test_a_puzzle_is_answered_with_the_tables_own_forms_and_only_the_first_try_is_rated(client, game):
    puzzle = sample(game, 1)[0]
    values = dict(puzzle.values)
    page = client.get(f"/puzzles/{puzzle.id}?lang=en").text
    shown = one(page, "#puzzle")
    assert (shown["data-puzzle"], shown["data-game"], shown["data-rating"]) == (
        puzzle.id,
        game,
        str(round(puzzle.rating)),
    )
    assert {f["data-move"] for f in dom(page).select("#puzzle-answers form")} == set(values)
    state = games.get(game).from_text(puzzle.position)
    hand = [c["data-card"] for c in dom(page).select("#hand [data-card]")]
    assert sorted(hand) == sorted(str(c) for c in state.hand(puzzle.seat))

    wrong = puzzle.values[-1][0]  # the worst move: it gives away the best's value minus its own
    refused = answer(client, page, wrong)
    assert refused.status_code == 200 and one(refused.text, "#puzzle")["data-outcome"] == "refused"
    loss = f"{round(values[puzzle.best] - values[wrong], 1):.1f}"
    assert text_of(refused.text, "#puzzle-outcome").endswith(t("en", "puzzle_refused", n=loss))
    # a fresh solver who failed a puzzle rated above 1500 loses less than 175, and the rating fell
    after = int(one(refused.text, "#puzzle")["data-rating"])
    assert after > round(puzzle.rating)
    assert text_of(refused.text, "#puzzle-rated").startswith("Your puzzle rating: from 1500 to 1")

    solved = answer(client, page, puzzle.best)
    assert one(solved.text, "#puzzle")["data-outcome"] == "passed" and not dom(solved.text).select("#puzzle-rated")
    assert int(one(solved.text, "#puzzle")["data-rating"]) == after  # the second try moved nothing
    assert not dom(solved.text).select("#puzzle-answers")

    me = client.get("/me?lang=en").text
    assert text_of(me, "#puzzles-solved") == t("en", "puzzle_solved_count", n="1")
    assert text_of(me, "#puzzle-rating-me").startswith("Puzzle rating: 1")

    fa = client.get(f"/puzzles/{puzzle.id}?lang=fa").text
    assert dom(fa).html["dir"] == "rtl" and set(text_of(fa, "#puzzle-rating")) & PERSIAN
    garbage = client.post(f"/puzzles/{puzzle.id}?lang=en", data={"card": "nonsense", "move": "nonsense"})
    assert garbage.status_code == 400 and one(garbage.text, "#puzzle")["data-outcome"] == "invalid"
    assert client.get("/puzzles/nothing-such?lang=en").status_code == 404


def test_a_theme_is_chosen_by_its_link_and_the_daily_puzzle_is_the_days(client, app):
    themed = next(p for p in shipped().values() if p.game == "chaharbargh" and p.themes[0] != "other")
    theme = themed.themes[0]
    page = client.get(f"/puzzles?game=chaharbargh&theme={theme}&lang=en").text
    assert theme in shipped()[one(page, "#puzzle")["data-puzzle"]].themes
    link = one(page, f'#puzzle-theme-choice a[data-theme="{theme}"]')
    assert link["aria-current"] == "page" and f"theme={theme}" in link["href"]
    assert client.get("/puzzles?theme=no-such&lang=en").status_code == 200  # an unknown theme: any

    day = app.state.service.clock().date()
    daily = app.state.puzzles.daily(day)
    assert daily is app.state.puzzles.daily(date.fromisoformat(day.isoformat()))  # the same all day
    assert {app.state.puzzles.daily(date(2026, 12, d)).id for d in range(1, 29)} != {daily.id}  # it changes
    home = client.get("/?lang=en").text
    assert one(home, "#daily-puzzle-link")["href"] == f"/puzzles/{daily.id}?lang=en"
    check_hidden(home, daily)
    assert "data-card" not in str(one(home, "#daily-puzzle"))  # a link and words, no cards


@pytest.mark.one_database
def test_no_shipped_puzzles_page_shows_a_card_its_seat_could_not_see(client):
    """Every puzzle of both files, as first asked (the sample above covers the answers and both
    languages): its page names no card of another hand or the stock, in either language."""
    everything = list(shipped().values())
    assert {p.game for p in everything} == {"chaharbargh", "allfours"}
    for puzzle in everything:
        check_hidden(client.get(f"/puzzles/{puzzle.id}?lang=fa").text, puzzle)
