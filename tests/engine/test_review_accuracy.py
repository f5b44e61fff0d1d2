"""A review's accuracy (`engine.review.accuracy`), worked by hand from values chosen here: per
decision the share of the gain from the average move to the best that the move played kept
(within 0 and 1), averaged over the decisions whose best and worst moves are further apart than
the game's "good" band."""

from __future__ import annotations

import math

import pytest

from engine.allfours.review import VERDICTS as ALLFOURS_BANDS
from engine.chaharbargh.ai.review import VERDICTS
from engine.games import get
from engine.review import Decision, accuracy, kept, matters


def test_a_match_of_four_decisions_worked_by_hand():
    """Chaharbargh's good band ends at 0.75 points.

    1. Values 5, 2, 1, -4: mean 1, range 9; the 2 is played: (2 - 1) / (5 - 1) = 1/4.
    2. Values 1.5, 0: mean 0.75, range 1.5; the 1.5 (the best): 1.
    3. Values 0.5, 0.2, 0 (range 0.5, within the good band: any move is good): not counted,
       though the worst was played.
    4. Values 4, 1, -2: mean 1; the -2, below the average: (-2 - 1) / 3 = -1, counted as 0.
    Accuracy: (1/4 + 1 + 0) / 3 = 5/12 = 0.4167, shown as 42%. Counted as before (the share
    of best-or-good moves: decisions 2 and 3 of the four) it would have been 50%; as the share
    of the best-to-worst range kept, (5/9 + 1 + 0) / 3 = 52%."""
    match = [((5.0, 2.0, 1.0, -4.0), 2.0), ((1.5, 0.0), 1.5), ((0.5, 0.2, 0.0), 0.0), ((4.0, 1.0, -2.0), -2.0)]
    assert [kept(values, played) for values, played in match] == [0.25, 1.0, 0.0, 0.0]
    assert [matters(values, VERDICTS) for values, _ in match] == [True, True, False, True]
    share = accuracy(match, VERDICTS)
    assert share == pytest.approx(5 / 12) and round(100 * share) == 42


def test_the_average_move_keeps_nothing_and_a_move_halfway_to_the_best_half():
    """Values 6, 4, 0, -2: mean 2. The 4 is halfway from the mean to the 6 (1/2); the 2 would be
    the average itself (0); the 0 is below it (0, not negative)."""
    values = (6.0, 4.0, 0.0, -2.0)
    assert kept(values, 4.0) == 0.5 and kept(values, 2.0) == 0.0 and kept(values, 0.0) == 0.0


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
    assert kept((1.0, 1.0), 1.0) == 1.0  # every move the same: nothing was given away


def test_a_decision_says_what_it_kept():
    decision = Decision(
        ply=3, played="b", best="a", values=(("a", 2.0), ("b", 1.0), ("c", -3.0)), margin_before=0, bands=VERDICTS
    )  # mean 0: the 1 kept half of the 2's gain over it
    assert decision.kept == pytest.approx(0.5) and decision.matters and math.isclose(decision.loss, 1.0)
