"""The step-by-step tutorial: every lesson's position, answer, claims and explanations, checked with the engine."""

from __future__ import annotations

import re

import pytest

from app.games.chaharbargh.tutorial import LESSONS, Lesson, LessonText, lesson, message, verdict, why_dimmed
from app.i18n import card_name, card_names, digits
from engine import CARDS, Card, MatchState, Move, Rules, from_text, legal_moves, to_text
from tests.app.app_helpers import codes

# the tutorial's own messages (catalog keys tut_<key>)
TUTORIAL_KEYS = ("sum", "jack", "queen", "king", "faces", "not_in_hand", "other", "not_on_table", "card_must_capture")

EXPECTED_KEYS = [
    "sum-eleven",  # 1. a plain sum of eleven
    "several-cards",  # 2. several cards at once
    "two-sets",  # 3. choosing between two sets, and why clubs matter
    "ace-ten",  # 4. ace with ten
    "jack-sweep",  # 5. the jack sweep and what it leaves
    "king-queen",  # 6. king takes king, queen takes queen
    "forced-capture",  # 7. forced capture: the dimmed cards
    "sur",  # 8a. the sur
    "jack-no-sur",  # 8b. a jack sweep is not a sur
    "lay-down",  # (added) laying a card down when nothing captures, without leaving a sur
    "last-deal",  # 9. no sur in the last deal
    "leftovers",  # 10. leftovers to the last capturer
    "scoring",  # 11. how a round is scored
]
# The round's last card, which must capture if it can: every legal move ends the same way, so
# these lessons have a single legal move and nothing to get wrong.
NO_WRONG_MOVE = {"leftovers", "scoring"}
CLAIMS = {"takes", "after", "sur", "scored", "leftover", "round_over", "totals", "clubs_to", "dimmed", "legal_count"}
IDS = [les.key for les in LESSONS]
FA_FORBIDDEN = re.compile(r"[0-9A-Za-z]")  # no ASCII digits, and so no card codes either


def position(les: Lesson) -> MatchState:
    return from_text(les.position)


def hand_codes(les: Lesson) -> list[str]:
    return [str(c) for c in position(les).hand(0)]


def table_codes(les: Lesson) -> list[str]:
    return [str(c) for c in position(les).table]


def legal(les: Lesson) -> list[str]:
    return [str(m) for m in position(les).legal_moves()]


def dimmed(les: Lesson) -> set[str]:
    state = position(les)
    playable = {m.card for m in state.legal_moves()}
    return {str(c) for c in state.hand(0) if c not in playable}


def play(les: Lesson, move_text: str) -> dict[str, object]:
    """What the engine makes of ``move_text`` in the lesson, in the claims' terms."""
    state = position(les)
    move = Move.parse(move_text)
    after = state.apply(move)
    outcome = after.last
    assert outcome is not None and outcome.move == move
    log = outcome.round_over
    # Right after the move the table is the engine's; a move that ends the round is followed by
    # the next deal, and what the table held then is the leftover the engine handed out (R9).
    # No lesson ends a round in which nobody captured, which would leave nothing to read it from.
    assert log is None or log.leftover is not None, "a round-ending lesson needs a last capturer"
    table = codes(after.table) if log is None else codes(log.leftover.cards)
    score = log.score if log else None
    return {
        "takes": codes(move.takes),
        "after": table,
        "sur": outcome.sur,
        "scored": outcome.sur_scored,
        "leftover": None if log is None or log.leftover is None else (log.leftover.seat, codes(log.leftover.cards)),
        "round_over": log is not None,
        "totals": tuple(s.total for s in score) if score else None,
        "clubs_to": None if not score else next((i for i, s in enumerate(score) if s.clubs_points), None),
        "dimmed": dimmed(les),
        "legal_count": len(legal(les)),
    }


def expected(key: str, value: object) -> object:
    """A claim's value in the terms of `play`: card lists become sets."""
    if key in ("takes", "after", "dimmed"):
        return set(value)
    if key == "leftover" and value is not None:
        return (value[0], set(value[1]))
    return value


def test_the_lessons_come_in_the_issues_order():
    assert [les.key for les in LESSONS] == EXPECTED_KEYS
    for les in LESSONS:
        assert lesson(les.key) is les
    with pytest.raises(KeyError):
        lesson("no-such-lesson")


@pytest.mark.parametrize("les", LESSONS, ids=IDS)
def test_the_position_is_a_sensible_deal_and_the_answers_are_legal(les: Lesson):
    state = position(les)
    assert state.rules == Rules() and state.turn == 0  # the "table" preset, the learner to play
    mine, theirs, piles = state.hand(0), state.hand(1), [state.captured_cards(seat) for seat in (0, 1)]
    assert 1 <= len(mine) <= 4 and state.table
    # seat 0 leads every deal, so the opponent holds as many cards; only the round's last card stands alone
    assert len(theirs) == len(mine) or (state.last_deal and not theirs and len(mine) == 1)
    assert state.stock_count == (0 if state.last_deal else 8)
    assert (state.last_capturer is not None) == any(piles)
    moves = legal(les)
    assert les.answers and all(a in moves for a in les.answers)
    assert all(str(Move.parse(a)) == a for a in les.answers)  # the canonical text the web compares with


@pytest.mark.parametrize("key", ["leftovers", "scoring"])
def test_the_round_end_lessons_hold_the_whole_deck(key: str):
    state = position(lesson(key))
    held = [*state.hand(0), *state.hand(1), *state.table, *state.captured_cards(0), *state.captured_cards(1)]
    assert sorted(held, key=lambda c: c.id) == list(CARDS)


@pytest.mark.parametrize("les", LESSONS, ids=IDS)
def test_the_position_text_round_trips(les: Lesson):
    assert to_text(from_text(les.position)) == les.position


@pytest.mark.parametrize("les", LESSONS, ids=IDS)
def test_every_claim_holds_in_the_engine(les: Lesson):
    assert les.claim and set(les.claim) <= CLAIMS | {"other"}, les.claim
    for answer in les.answers:
        got = play(les, answer)
        for key, value in les.claim.items():
            if key != "other":
                assert got[key] == expected(key, value), f"{les.key} {answer}: {key}={value!r}, engine {got[key]!r}"
    for move_text, claims in les.claim.get("other", {}).items():
        assert move_text in legal(les) and move_text not in les.answers
        got = play(les, move_text)
        assert claims and set(claims) <= CLAIMS
        for key, value in claims.items():
            assert got[key] == expected(key, value), f"{les.key} {move_text}: claim {key}={value!r}"


# What each lesson must pin down, whatever else its claims say.
PINS: dict[str, dict[str, object]] = {
    "sum-eleven": {"takes": ("4D",)},
    "several-cards": {"takes": ("3D", "AH")},
    "two-sets": {"takes": ("5C",)},
    "ace-ten": {"takes": ("10D",)},
    "jack-sweep": {"after": ("KD", "QS"), "sur": False},
    "king-queen": {"takes": ("KC",)},
    "forced-capture": {"dimmed": ("8S", "QC"), "legal_count": 1},
    "sur": {"after": (), "sur": True, "scored": True},
    "jack-no-sur": {"sur": True, "scored": True},
    "lay-down": {"takes": (), "legal_count": 3, "sur": False},
    "last-deal": {"after": (), "sur": True, "scored": False},
    "leftovers": {"round_over": True, "leftover": (0, ("2C", "KS", "KC"))},
    "scoring": {"round_over": True, "totals": (12, 8), "clubs_to": 0},
}


@pytest.mark.parametrize("les", LESSONS, ids=IDS)
def test_each_lesson_claims_what_it_teaches(les: Lesson):
    assert set(PINS) == set(EXPECTED_KEYS)
    for key, value in PINS[les.key].items():
        assert key in les.claim and expected(key, les.claim[key]) == expected(key, value), (les.key, key)


def test_the_jack_sweep_lessons_show_kings_and_queens_stay_and_no_sur():
    after = play(lesson("jack-sweep"), lesson("jack-sweep").answers[0])["after"]
    assert after and all(Card.parse(c).rank in (12, 13) for c in after)
    sweep = play(lesson("jack-no-sur"), "JD+2H+6C")
    assert sweep["after"] == set() and sweep["sur"] is False
    assert lesson("jack-no-sur").claim["other"]["JD+2H+6C"]["sur"] is False


@pytest.mark.parametrize("les", LESSONS, ids=IDS)
def test_a_learner_can_be_wrong(les: Lesson):
    wrong_moves = [m for m in legal(les) if m not in les.answers]
    if les.key in NO_WRONG_MOVE:
        assert len(legal(les)) == 1 and not dimmed(les)
    else:
        assert wrong_moves or dimmed(les)


# Each legal wrong move of each lesson, and the key of the lesson's `wrong` texts that explains it:
# its own move text, or (lay-down) the card all of whose moves are wrong. Written out by hand.
WRONG: dict[str, dict[str, str]] = {
    "sum-eleven": {},
    "several-cards": {"5H+6S": "5H+6S"},
    "two-sets": {"6H+2D+3S": "6H+2D+3S"},
    "ace-ten": {"10H+AC": "10H+AC"},
    "jack-sweep": {"5H+2H+4D": "5H+2H+4D"},
    "king-queen": {"KH+KD": "KH+KD", "QS+QD": "QS+QD"},
    "forced-capture": {},
    "sur": {"7H+4C": "7H+4C"},
    "jack-no-sur": {"JD+2H+6C": "JD+2H+6C"},
    "lay-down": {"3S": "3S"},
    "last-deal": {"7D+4C": "7D+4C"},
    "leftovers": {},
    "scoring": {},
}


@pytest.mark.parametrize("lang", ["fa", "en"])
@pytest.mark.parametrize("les", LESSONS, ids=IDS)
def test_every_legal_move_gets_its_own_verdict(les: Lesson, lang: str):
    text = les.text[lang]
    moves = legal(les)
    assert set(WRONG[les.key]) == {m for m in moves if m not in les.answers}
    for move_text in moves:
        v = verdict(les, Move.parse(move_text), lang)
        if move_text in les.answers:
            assert v.right and v.text == text.praise
        else:
            assert not v.right and v.text == text.wrong[WRONG[les.key][move_text]] and v.text != text.praise
    # no stale keys: each key is a legal wrong move, or a hand card all of whose moves are wrong
    for key in text.wrong:
        if "+" in key or key not in hand_codes(les):
            assert key in moves and key not in les.answers, (les.key, key)
        else:
            assert not any(a.split("+")[0] == key for a in les.answers), (les.key, key)
    assert set(les.text["fa"].wrong) == set(les.text["en"].wrong)


@pytest.mark.parametrize("les", LESSONS, ids=IDS)
def test_dimmed_cards_are_explained(les: Lesson):
    for lang in ("fa", "en"):
        assert bool(les.text[lang].dimmed) == bool(dimmed(les)), (les.key, lang)
        for card in dimmed(les):
            assert why_dimmed(les, card, lang) == les.text[lang].dimmed
            v = verdict(les, Move.parse(card), lang)  # a dimmed card forced through: must_capture
            assert not v.right and v.text == les.text[lang].dimmed


def test_why_dimmed_falls_back_to_the_forced_capture_rule():
    les = lesson("sur")  # no dimmed card of its own
    assert not les.text["en"].dimmed and not les.text["fa"].dimmed
    for lang in ("fa", "en"):
        assert why_dimmed(les, "7H", lang) == message(lang, "dimmed", card=card_name("7H", lang))
        assert why_dimmed(les, "not-a-card", lang) == message(lang, "dimmed_any")
    assert not FA_FORBIDDEN.search(why_dimmed(les, "7H", "fa"))


def forged(les: Lesson, lang: str) -> list[tuple[object, str]]:
    """Moves the UI cannot make, each with the reason the rules give for refusing it (texts of
    the tutorial's `tut_*` messages): cards not in the hand, cards not on the table, wrong sums,
    face cards in a sum, a jack's part sweep, a king or queen taking more than its partner,
    laying down a card under forced capture (R7), and requests that are not moves at all."""
    w = {k: message(lang, k) for k in TUTORIAL_KEYS}
    state = position(les)
    table = list(state.table)
    first = state.hand(0)[0]

    def name(card: Card | str) -> str:
        return card_name(str(card), lang)

    def sum_text(card: Card, takes: list[Card]) -> str:
        values = [card.rank, *sorted((c.rank for c in takes), reverse=True)]
        return w["sum"].format(expr=" + ".join(digits(v, lang) for v in values), total=digits(sum(values), lang))

    def capture(card: Card, takes: list[Card]) -> str:
        """Why `card` may not take `takes`, all on the table (R3-R5); a card dimmed by forced
        capture (R7) cannot be played at all, and the lesson says why."""
        if str(card) in dimmed(les):
            return why_dimmed(les, str(card), lang)
        if card.rank == 11:
            return w["jack"]
        if card.rank in (12, 13):
            return w["queen" if card.rank == 12 else "king"]
        return w["faces"] if not all(c.is_number for c in takes) else sum_text(card, takes)

    moves: list[tuple[object, str]] = [
        (Move.of(table[0]), w["not_in_hand"].format(card=name(table[0]))),  # a table card from the hand
        (Move(first, frozenset(table)), capture(first, table)),  # the whole table
        ("7H+4D", w["other"]),  # not a Move at all
        (None, w["other"]),
    ]
    missing = "2S" if "2S" not in table_codes(les) else "3H"
    if missing not in table_codes(les):
        moves.append((Move.of(first, [missing]), w["not_on_table"].format(cards=card_names([missing], lang))))
    if "JC" not in hand_codes(les):
        moves.append((Move.of("JC", table), w["not_in_hand"].format(card=name("JC"))))
    # laying down: refused when some card captures; this card's own capture, or another's (the dimmed text)
    can_capture = any(m.card == first and m.takes for m in state.legal_moves())
    laid = w["card_must_capture"].format(card=name(first)) if can_capture else why_dimmed(les, str(first), lang)
    moves.append((Move.of(first), laid))
    moves += [(Move(c, frozenset({t})), capture(c, [t])) for c in state.hand(0) for t in table]
    return moves


@pytest.mark.parametrize("lang", ["fa", "en"])
@pytest.mark.parametrize("les", LESSONS, ids=IDS)
def test_forged_moves_get_their_reason_and_never_crash(les: Lesson, lang: str):
    moves = legal(les)
    checked = 0
    for move, reason in forged(les, lang):
        if isinstance(move, Move) and str(move) in moves:
            continue
        v = verdict(les, move, lang)
        assert v.right is False and v.text == reason, (les.key, str(move))
        checked += 1
        if lang == "fa":
            assert not FA_FORBIDDEN.search(v.text), v.text
    assert checked >= 4


def test_illegal_moves_are_explained_by_their_reason():
    first = lesson("sum-eleven")
    assert verdict(first, Move.parse("7H+9S"), "en").text == "7 + 9 = 16, not 11."
    assert verdict(first, Move.parse("7H+9S"), "fa").text == "۷ + ۹ = ۱۶، نه ۱۱."
    words = {k: message("en", k) for k in TUTORIAL_KEYS}
    assert verdict(first, Move.parse("8D"), "en").text == words["not_in_hand"].format(card=card_name("8D", "en"))
    assert verdict(first, Move.parse("7H+4S"), "en").text == words["not_on_table"].format(cards=card_name("4S", "en"))
    assert verdict(first, Move.parse("7H+QH"), "en").text == words["faces"]
    assert verdict(first, Move.parse("7H"), "en").text.startswith("The seven of hearts can capture")
    assert verdict(first, Move.parse("5C"), "en").text == first.text["en"].dimmed
    assert verdict(lesson("king-queen"), Move.parse("KH+KC+KD"), "en").text == words["king"]
    assert verdict(lesson("jack-sweep"), Move.parse("JS+4D+9C"), "en").text == words["jack"]


@pytest.mark.parametrize("les", LESSONS, ids=IDS)
def test_texts_are_there_in_both_languages_and_persian_uses_persian_digits(les: Lesson):
    assert set(les.text) == {"fa", "en"}
    for lang, text in les.text.items():
        assert isinstance(text, LessonText)
        parts = [text.title, text.teach, text.task, text.praise]
        assert all(p.strip() for p in parts), (les.key, lang)
        parts += [text.dimmed, *text.wrong.values()]
        assert all(w.strip() for w in text.wrong.values())
        if lang == "fa":
            for part in parts:
                assert not FA_FORBIDDEN.search(part), (les.key, part)
                assert re.search(r"[\u0600-\u06FF]", part) or not part
    titles = [les.text[lang].title for les in LESSONS for lang in ("fa", "en")]
    assert len(titles) == len(set(titles))


def test_laying_down_the_answers_leaves_no_sur_and_the_wrong_card_does():
    def sur_cards(move: str) -> set[str]:
        """Cards not in sight that would clear the table (not with a jack: that is no sur)."""
        les = lesson("lay-down")
        table = play(les, move)["after"]
        seen = set(hand_codes(les)) | set(table_codes(les))
        return {
            str(c)
            for c in CARDS
            if str(c) not in seen and c.rank != 11
            for m in legal_moves([c], [Card.parse(x) for x in table])
            if len(m.takes) == len(table)
        }

    assert all(not sur_cards(answer) for answer in lesson("lay-down").answers)
    assert sur_cards("3S") == {"3C", "3D", "3H"}
