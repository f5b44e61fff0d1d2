"""A review's accuracy (`engine.review.accuracy`), worked by hand from values chosen here: per
decision the share of the best-to-worst range the move played kept, averaged over the decisions
whose best and worst moves are further apart than the game's "good" band."""

from __future__ import annotations

import math

import pytest

from engine.allfours.review import VERDICTS as ALLFOURS_BANDS
from engine.chaharbargh.ai.review import VERDICTS
from engine.games import get
from engine.review import Decision, accuracy, kept, matters


def test_a_match_of_four_decisions_worked_by_hand():
    """Chaharbargh's good band ends at 0.75 points.

    1. Values 5, 2, 1, -3 (range 8); the 2 is played: it kept (2 - -3) / 8 = 5/8.
    2. Values 1.5, 0 (range 1.5); the 1.5, the best: 1.
    3. Values 0.5, 0.2, 0 (range 0.5, within the good band: any move is good): not counted,
       though the worst was played.
    4. Values 4, -4 (range 8); the -4, the worst: 0.
    Accuracy: (5/8 + 1 + 0) / 3 = 13/24 = 0.5417, shown as 54%. Counted as before (the share
    of best-or-good moves: decisions 2 and 3 of the four) it would have been 50%."""
    match = [((5.0, 2.0, 1.0, -3.0), 2.0), ((1.5, 0.0), 1.5), ((0.5, 0.2, 0.0), 0.0), ((4.0, -4.0), -4.0)]
    assert [kept(values, played) for values, played in match] == [0.625, 1.0, 0.0, 0.0]
    assert [matters(values, VERDICTS) for values, _ in match] == [True, True, False, True]
    share = accuracy(match, VERDICTS)
    assert share == pytest.approx(13 / 24) and round(100 * share) == 54


def test_the_threshold_is_each_games_good_band():
    """A range of 0.7 points matters in All Fours (its good band ends at 0.6), not in
    Chaharbargh (0.75); at exactly the bound it does not matter: every move there is good."""
    values = (0.7, 0.0)
    assert matters(values, ALLFOURS_BANDS) and not matters(values, VERDICTS)
    assert not matters((0.75, 0.0), VERDICTS) and matters((0.76, 0.0), VERDICTS)
    for name, bands in (("chaharbargh", VERDICTS), ("allfours", ALLFOURS_BANDS)):
        assert get(name).bands == bands  # the app reads the bands from the game (`Reviewer.bands`)


def test_no_choice_that_mattered_is_no_accuracy_and_equal_values_keep_everything():
    assert accuracy([((0.5, 0.0), 0.0)], VERDICTS) is None and accuracy([], VERDICTS) is None
    assert kept((1.0, 1.0), 1.0) == 1.0


def test_a_decision_says_what_it_kept():
    decision = Decision(
        ply=3, played="b", best="a", values=(("a", 2.0), ("b", 0.5), ("c", -1.0)), margin_before=0, bands=VERDICTS
    )
    assert decision.kept == pytest.approx(0.5) and decision.matters and math.isclose(decision.loss, 1.5)
