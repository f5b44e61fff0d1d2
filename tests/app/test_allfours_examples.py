"""The All Fours rules examples and tutorial lessons: every claim of the data files checked against
the engine, the data files' checks (a bad file is refused with an error naming what is wrong), the
rules page showing the examples, and the tutorial through HTTP.

The claims in app/games/allfours/data/*.toml were worked out by hand from the rule book (docs/all-fours.md);
here the engine plays each entry's moves and must agree with every one of them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.games.allfours import examples as ex_module
from app.games.allfours import tutorial as tut_module
from app.games.allfours.data import CLAIMS, DataError, Run, run
from app.games.allfours.examples import EXAMPLES, example_views
from app.games.allfours.tutorial import LESSONS, answer_run, mistake_run, verdict
from app.i18n import t
from engine.allfours import Move
from tests.app.app_helpers import HX, dom, one

pytestmark = pytest.mark.one_database  # the rules page and the tutorial read no match

# --- the claims --------------------------------------------------------------------------------


def check(r: Run, claim: dict, what: str) -> None:
    """Every claim of an entry against the engine's run of its moves."""
    end = r.end
    ended = r.ended
    actual = {
        "legal": lambda: sorted(str(m) for m in r.legal) == sorted(str(Move.parse(m)) for m in claim["legal"]),
        "refused": lambda: all(str(r.refusal(move)) == reason for move, reason in claim["refused"]),
        "trump": lambda: end.trump == claim["trump"],
        "lines": lambda: [[line.kind, line.side, line.points] for line in r.lines] == claim["lines"],
        "not_counted": lambda: [line.kind for line in r.lines if not line.counted] == claim["not_counted"],
        "game_counts": lambda: ended is not None and list(ended.game) == claim["game_counts"],
        "trick_winner": lambda: r.last_trick_winner == claim["trick_winner"],
        "totals": lambda: list(end.totals) == claim["totals"],
        "phase": lambda: end.phase == claim["phase"],
        "turn": lambda: end.turn == claim["turn"],
        "hand_sizes": lambda: [len(h) for h in end.hands] == claim["hand_sizes"],
        "winner": lambda: end.winner == claim["winner"],
    }
    assert set(actual) == set(CLAIMS)
    assert claim, f"{what}: no claim"
    for key in claim:
        assert actual[key](), f"{what}: claim {key}={claim[key]!r} does not hold"


@pytest.mark.parametrize("ex", EXAMPLES, ids=[e.key for e in EXAMPLES])
def test_every_example_claim_holds_in_the_engine(ex) -> None:
    check(run(ex.position, ex.moves), ex.claim, ex.key)


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.key for lesson in LESSONS])
def test_every_lesson_claim_holds_in_the_engine(lesson) -> None:
    check(answer_run(lesson), lesson.claim, lesson.key)
    for mistake in lesson.mistakes:
        if mistake.claim:
            check(mistake_run(lesson, mistake), mistake.claim, f"{lesson.key}, mistake {mistake.move}")


def test_the_examples_cover_the_rules() -> None:
    """The page illustrates each rule of the issue: every kick, begging, take one, running,
    following or trumping, trick winners, High, Low, Jack, hang jack, Game and the match's end."""
    kinds = {kind for e in EXAMPLES for kind, _, _ in e.claim.get("lines", [])}
    assert kinds >= {"kick", "one", "high", "low", "jack", "hang_jack", "game"}
    kicks = sorted(points for e in EXAMPLES for kind, _, points in e.claim.get("lines", []) if kind == "kick")
    assert kicks == [1, 2, 3]  # ace, six, jack
    reasons = {reason for e in EXAMPLES for _, reason in e.claim.get("refused", [])}
    assert reasons == {"must_follow", "must_trump"}
    moves = {m for e in EXAMPLES for m in e.moves}
    assert {"stand", "beg", "one", "run"} <= moves
    assert any("winner" in e.claim for e in EXAMPLES) and any("not_counted" in e.claim for e in EXAMPLES)
    assert {e.section for e in EXAMPLES} == set(ex_module.SECTIONS)


def test_the_lessons_teach_the_four_topics() -> None:
    assert 4 <= len(LESSONS) <= 6
    answers = {a for lesson in LESSONS for a in lesson.answers}
    assert "beg" in answers and "run" in answers  # begging, from both chairs
    refusals = {reason for lesson in LESSONS for _, reason in lesson.claim.get("refused", [])}
    assert refusals == {"must_follow", "must_trump"}  # following suit and trumping
    kinds = {kind for lesson in LESSONS for kind, _, _ in lesson.claim.get("lines", [])}
    assert {"high", "low", "hang_jack", "game"} <= kinds  # the four points


def test_the_verdicts() -> None:
    first = LESSONS[0]  # the king of spades led, diamonds trump; you hold 5S, 2D, AC
    assert verdict(first, "2D", "en").right
    five = verdict(first, "5S", "en")
    assert not five.right and five.status == 200 and five.text == first.mistake(Move.parse("5S")).text["en"]
    ace = verdict(first, "AC", "en")  # neither a spade nor a trump, with both in hand
    assert (ace.right, ace.status, ace.text) == (False, 400, t("en", "msg_must_follow"))
    assert verdict(first, "stand", "fa").status == 400
    assert verdict(first, "QX", "en").status == 400
    led = next(lesson for lesson in LESSONS if lesson.key == "trump-led")
    assert verdict(led, "AS", "fa").text == t("fa", "msg_must_trump")


# --- the data files' checks --------------------------------------------------------------------

GOOD_EXAMPLE = ex_module.EXAMPLES_FILE.read_text(encoding="utf-8")
GOOD_LESSONS = tut_module.LESSONS_FILE.read_text(encoding="utf-8")
FOLLOW = 'moves = ["3H"]'  # the follow-or-trump example's move


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda s: s.replace('key = "kick-jack"', 'key = "kick-jack'), "not valid TOML"),
        (lambda s: s.replace(FOLLOW, 'moves = ["5D"]'), "the engine refuses a move"),
        (lambda s: s.replace(FOLLOW, 'moves = ["5X"]'), "is not a move"),
        (lambda s: s.replace('section = "play"', 'section = "kitchen"', 1), "section must be one of"),
        (lambda s: s.replace("trick_winner = 0", "trick_winner = -1", 1), "claim trick_winner"),
        (lambda s: s.replace("trick_winner = 0", "trick_loser = 0", 1), "unknown claim 'trick_loser'"),
        (lambda s: s.replace('caption.en = "The seven', 'caption.de = "The seven', 1), "caption must have exactly"),
        (lambda s: s.replace("hands=9C,3H,5D/KH,2C", "hands=9C,3H,5D,5D/KH,2C"), "position: "),
        (lambda s: s.replace('key = "neither"', 'key = "trump-led"'), "used twice"),
        (lambda s: s.replace("turned=7H", "turned=-", 1), "position: turned"),
    ],
)
def test_a_bad_examples_file_is_refused_clearly(tmp_path: Path, change, message: str) -> None:
    bad = tmp_path / "allfours_examples.toml"
    bad.write_text(change(GOOD_EXAMPLE), encoding="utf-8")
    assert bad.read_text(encoding="utf-8") != GOOD_EXAMPLE
    with pytest.raises(DataError, match="allfours_examples.toml") as error:
        ex_module.load(bad)
    assert message in str(error.value)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda s: s.replace('answers = ["2D"]', 'answers = ["AC"]'), "the engine refuses a move"),
        (lambda s: s.replace('answers = ["2D"]', "answers = []"), "at least one move"),
        (lambda s: s.replace('move = "5S"', 'move = "2D"'), "is one of the answers"),
        (lambda s: s.replace("phase=play turn=0 hands=5S", "phase=play turn=1 hands=5S"), "position"),
        (lambda s: s.replace('praise.fa = "درست', 'praise.xx = "درست', 1), "praise must have exactly"),
        (lambda s: s.replace('then = ["2H", "5C"]', 'then = ["5C", "2H"]'), "the engine refuses a move"),
        (lambda s: s.replace('title.en = "Trump"\n', ""), "title must have exactly"),
    ],
)
def test_a_bad_lessons_file_is_refused_clearly(tmp_path: Path, change, message: str) -> None:
    bad = tmp_path / "allfours_lessons.toml"
    bad.write_text(change(GOOD_LESSONS), encoding="utf-8")
    assert bad.read_text(encoding="utf-8") != GOOD_LESSONS
    with pytest.raises(DataError, match="allfours_lessons.toml") as error:
        tut_module.load(bad)
    assert message in str(error.value)


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="no such file"):
        ex_module.load(tmp_path / "nothing.toml")


# --- the rules page ----------------------------------------------------------------------------


def test_the_rules_page_shows_every_example(client: TestClient) -> None:
    for lang in ("fa", "en"):
        page = client.get(f"/rules/allfours?lang={lang}").text
        figures = dom(page).select("figure.example")
        assert [f["data-example"] for f in figures] == [e.key for e in EXAMPLES]
        for e, view in zip(EXAMPLES, [v for vs in example_views(lang).values() for v in vs], strict=False):
            assert e.caption[lang] in one(page, f"#ex-{view.key} .ex-caption").get_text()
        assert one(page, "#af-tutorial")["href"] == "/learn/allfours"
    english = client.get("/rules/allfours?lang=en").text
    # what the engine did, in words: the follow-or-trump example's legal cards and trick, the
    # hang jack's line, the match end's uncounted Game
    follow = one(english, "#ex-follow-or-trump .ex-results").get_text(" ")
    assert "You may play: nine of clubs and three of hearts" in follow and "You won the trick." in follow
    assert "Hang jack (jack of clubs): Computer +3" in one(english, "#ex-hang-jack").get_text(" ")
    end = one(english, "#ex-match-end .ex-results").get_text(" ")
    assert "Game (card count): You +1 (not counted" in end and "Computer 14" in end
    kick = one(english, "#ex-kick-jack .ex-results").get_text(" ")
    assert "Turned up: jack of spades; trump: spades" in kick and "Kick (jack of spades turned up): Computer +3" in kick


def test_the_chaharbargh_rules_link_to_all_fours(client: TestClient) -> None:
    page = client.get("/rules").text
    assert one(page, "#allfours-rules")["href"] == "/rules/allfours"


# --- the tutorial through HTTP -----------------------------------------------------------------


def test_the_tutorial_index_and_learn_link(client: TestClient) -> None:
    learn = client.get("/learn?lang=en").text
    assert one(learn, "#af-tutorial")["href"] == "/learn/allfours"
    index = client.get("/learn/allfours?lang=en").text
    assert [a["href"] for a in dom(index).select("#af-lessons a")] == [f"/learn/allfours/{x.key}" for x in LESSONS]
    assert one(index, "#af-resume")["href"] == f"/learn/allfours/{LESSONS[0].key}"
    assert client.get("/learn/allfours/no-such-lesson").status_code == 404


def test_a_lesson_right_wrong_and_refused(client: TestClient) -> None:
    client.cookies.set("lang", "en")
    first = LESSONS[0]
    url = f"/learn/allfours/{first.key}"
    page = client.get(url).text
    assert one(page, "#lesson")["data-state"] == "asking"
    assert one(page, "#task").get_text(strip=True) == first.text["task"]["en"]
    cards = {b["data-card"]: b.get("aria-disabled") for b in dom(page).select("#hand button[data-card]")}
    assert cards == {"5S": None, "2D": None, "AC": "true"}  # the engine's legal moves
    assert [c["data-card"] for c in dom(page).select("#trick [data-card]")] == ["KS"]
    assert dom(page).select("#seats [data-card], .af-opponents [data-card]") == []  # the opponent's cards stay hidden
    wrong = client.post(url, data={"move": "5S"}, headers=HX)
    assert (
        wrong.status_code == 200
        and one(wrong.text, "#message").get_text() == first.mistake(Move.parse("5S")).text["en"]
    )
    refused = client.post(url, data={"move": "AC"}, headers=HX)
    assert refused.status_code == 400 and one(refused.text, "#message").get_text() == t("en", "msg_must_follow")
    garbage = client.post(url, data={"move": "<script>"})
    assert garbage.status_code == 400 and one(garbage.text, "#lesson")["data-state"] == "asking"
    right = client.post(url, data={"move": "2D"}, headers=HX)
    assert right.status_code == 200 and one(right.text, "#lesson")["data-state"] == "solved"
    assert one(right.text, "#praise p").get_text() == first.text["praise"]["en"]
    facts = [li.get_text() for li in dom(right.text).select("#facts li")]
    assert facts[:2] == ["You: two of diamonds", "You won the trick."]
    assert one(right.text, "#next-lesson")["href"] == f"/learn/allfours/{LESSONS[1].key}"
    index = client.get("/learn/allfours").text
    assert one(index, "#af-resume")["href"] == f"/learn/allfours/{LESSONS[1].key}"  # progress kept
    assert "done" in dom(index).select("#af-lessons li")[0]["class"]


def test_a_decision_lesson_and_the_last_one(client: TestClient) -> None:
    client.cookies.set("lang", "fa")
    run_lesson = next(lesson for lesson in LESSONS if lesson.key == "run")
    url = f"/learn/allfours/{run_lesson.key}"
    page = client.get(url).text
    assert [b["data-move"] for b in dom(page).select("#decisions [data-move]")] == ["one", "run"]
    assert dom(page).select("#hand button") == []  # a decision, not a card
    wrong = client.post(url, data={"move": "one"})
    assert one(wrong.text, "#message").get_text() == run_lesson.mistake(Move.parse("one")).text["fa"]
    right = client.post(url, data={"move": "run"}).text
    assert one(right, "#lesson")["data-state"] == "solved"
    last = LESSONS[-1]
    done = client.post(f"/learn/allfours/{last.key}", data={"move": last.answers[0]}).text
    assert dom(done).select("#next-lesson") == [] and one(done, "#af-play")["href"] == "/"
