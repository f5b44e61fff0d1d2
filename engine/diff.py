"""Where two JSON-like values first differ: what a record's refusal names.

>>> where({"deals": [{"hands": [["AC"], ["2D"]]}]}, {"deals": [{"hands": [["AC"], ["3D"]]}]})
"deals[0].hands[1][0]: the record has '3D', the game gives '2D'"
>>> where([1, 2], [1, 2])
''
"""

from __future__ import annotations

from typing import Any


def where(expected: Any, found: Any, path: str = "") -> str:
    """The first place where `found` (the record's) differs from `expected` (the engine's), and
    both values there; "" when they are equal."""
    if isinstance(expected, dict) and isinstance(found, dict):
        for key in [*expected, *(k for k in found if k not in expected)]:
            here = f"{path}.{key}" if path else str(key)
            if key not in found or key not in expected:
                return f"{here}: {'missing from the record' if key not in found else 'not in the game'}"
            inner = where(expected[key], found[key], here)
            if inner:
                return inner
        return ""
    if isinstance(expected, list) and isinstance(found, list):
        for i, (a, b) in enumerate(zip(expected, found, strict=False)):
            inner = where(a, b, f"{path}[{i}]")
            if inner:
                return inner
        if len(expected) != len(found):
            return f"{path}: the record has {len(found)} entries, the game gives {len(expected)}"
        return ""
    if expected != found or type(expected) is not type(found):
        return f"{path}: the record has {found!r}, the game gives {expected!r}"
    return ""
