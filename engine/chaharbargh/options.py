"""Chaharbargh's rule options as the home form, the summaries, the rules page and the command
line offer them (`engine.options`): the target and the house rules of docs/rules.md, in the
order the home form lists them. Their values for each preset are the presets' (rules.py).

>>> [o.name for o in OPTIONS if o.house]
['open_hand', 'forced_capture', 'jack_sur', 'sur_in_last_deal', 'surs_cancel', 'sur_points', 'sur_cutoff']
"""

from __future__ import annotations

from engine.chaharbargh.rules import FORCED_CAPTURE_MODES
from engine.options import Option


def _flag(name: str, chip_rank: int) -> Option:
    return Option(
        name, "bool", label=f"opt_{name}", about=f"{name}_about", chip_rank=chip_rank, refusal="bad_flag", example=True
    )


OPTIONS: tuple[Option, ...] = (
    Option(
        "target",
        "int",
        label="target",
        note="target_range",
        chip="summary_target",
        refusal="bad_target",
        low=11,
        high=500,
        house=False,
        example=101,
    ),
    _flag("open_hand", 6),
    Option(
        "forced_capture",
        "choice",
        label="forced_capture_label",
        about="forced_capture_about",
        chip="opt_forced_capture",
        chip_rank=2,
        refusal="bad_forced_capture",
        choices=FORCED_CAPTURE_MODES,
        example="card",
    ),
    _flag("jack_sur", 4),
    _flag("sur_in_last_deal", 4),
    _flag("surs_cancel", 4),
    Option(
        "sur_points",
        "int",
        label="sur_points_label",
        about="sur_points_about",
        chip="summary_sur_points",
        chip_rank=3,
        refusal="bad_sur_points",
        low=1,
        high=100,
        example=10,
    ),
    Option(
        "sur_cutoff",
        "int",
        label="sur_cutoff_label",
        about="sur_cutoff_about",
        note="sur_cutoff_note",
        chip="summary_cutoff",
        chip_rank=5,
        refusal="bad_sur_cutoff",
        low=1,
        high=500,
        optional=True,
        example=50,
    ),
)
