"""The rule options of docs/rules.md as one frozen value, with the named presets.

>>> Rules().forced_capture, Rules().sur_points, Rules().target
('hand', 5, 62)
>>> Rules(players=4).sur_points, Rules(players=4).target
(10, 124)
>>> Rules.preset("pagat").sur_cutoff
50
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

import engine.errors

FORCED_CAPTURE_MODES = ("hand", "card", "off")


class RulesError(engine.errors.RulesError):
    """A rules option with a value docs/rules.md does not allow."""


@dataclass(frozen=True, slots=True, init=False)
class Rules:
    """Every option of docs/rules.md; ``Rules()`` is the online table's default (preset ``table``).

    ``sur_points`` and ``target`` left out (or ``None``) take the table's value for the number of
    players: a sur is worth 5 (10 with four players) and the target is 62 (124 with four,
    "the usual target is doubled"). Once built, every field holds its value: none is ``None``
    but ``sur_cutoff`` (no cut-off).
    """

    players: int
    forced_capture: str
    jack_sur: bool
    sur_points: int
    sur_in_last_deal: bool
    surs_cancel: bool
    sur_cutoff: int | None
    target: int
    open_hand: bool

    def __init__(
        self,
        players: int = 2,
        forced_capture: str = "hand",
        jack_sur: bool = False,
        sur_points: int | None = None,
        sur_in_last_deal: bool = False,
        surs_cancel: bool = False,
        sur_cutoff: int | None = None,
        target: int | None = None,
        open_hand: bool = False,
    ) -> None:
        if players not in (2, 3, 4):
            raise RulesError(f"players must be 2, 3 or 4, not {players!r}")
        if forced_capture not in FORCED_CAPTURE_MODES:
            raise RulesError(f"forced_capture must be one of {FORCED_CAPTURE_MODES}, not {forced_capture!r}")
        points = sur_points if sur_points is not None else 10 if players == 4 else 5
        goal = target if target is not None else 124 if players == 4 else 62
        for name, value in (("sur_points", points), ("target", goal)):
            if not _positive_int(value):
                raise RulesError(f"{name} must be a positive whole number, not {value!r}")
        if sur_cutoff is not None and not _positive_int(sur_cutoff):
            raise RulesError(f"sur_cutoff must be None or a positive whole number, not {sur_cutoff!r}")
        flags = {"jack_sur": jack_sur, "sur_in_last_deal": sur_in_last_deal, "surs_cancel": surs_cancel}
        for name, flag in {**flags, "open_hand": open_hand}.items():
            if not isinstance(flag, bool):
                raise RulesError(f"{name} must be true or false, not {flag!r}")
        values = {
            "players": players,
            "forced_capture": forced_capture,
            **flags,
            "sur_points": points,
            "target": goal,
            "sur_cutoff": sur_cutoff,
            "open_hand": open_hand,
        }
        for name, setting in values.items():  # a frozen dataclass is written once, here
            object.__setattr__(self, name, setting)

    @staticmethod
    def preset(name: str, **changes: Any) -> Rules:
        """A named preset (``table`` or ``pagat``), optionally with some options changed."""
        try:
            base = PRESETS[name]
        except KeyError:
            raise RulesError(f"no rules preset {name!r}; choose one of {sorted(PRESETS)}") from None
        return Rules.from_dict({**base, **changes})

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Rules:
        """Rules from a mapping of option names, refusing names that are not options."""
        known = {f.name for f in fields(Rules)}
        unknown = set(data) - known
        if unknown:
            raise RulesError(f"unknown rules options: {sorted(unknown)}")
        return Rules(**data)

    def to_dict(self) -> dict[str, Any]:
        """Every option by name, JSON-ready."""
        return asdict(self)

    @property
    def teams(self) -> bool:
        """Four players play as two teams of partners sitting opposite (seats 0+2 and 1+3)."""
        return self.players == 4

    @property
    def sides(self) -> int:
        """How many sides keep a score: the players, or two teams with four players."""
        return 2 if self.teams else self.players

    def side_of(self, seat: int) -> int:
        """The side (player or team) a seat scores for."""
        return seat % 2 if self.teams else seat

    def partner_of(self, seat: int) -> int | None:
        """The seat's partner with four players (the seat opposite), else None.

        >>> Rules(players=4).partner_of(1), Rules(players=3).partner_of(1)
        (3, None)
        """
        return (seat + 2) % 4 if self.teams else None

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that score for ``side``: one, or a team's two.

        >>> Rules(players=4).seats_of(0), Rules(players=3).seats_of(2)
        ((0, 2), (2,))
        """
        return tuple(seat for seat in range(self.players) if self.side_of(seat) == side)

    @property
    def deals_per_round(self) -> int:
        """6 deals with two players, 4 with three, 3 with four: 48 cards go to the hands."""
        return 48 // (4 * self.players)


def _positive_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


PRESETS: dict[str, dict[str, Any]] = {
    "table": {},
    # pagat's target is 62, the table default (doubled with four players like every target)
    "pagat": {"forced_capture": "card", "surs_cancel": True, "sur_cutoff": 50},
}
