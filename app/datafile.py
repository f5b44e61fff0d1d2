"""The games' data files (`app/games/<name>/data/*.toml`: examples and lessons): read once at
start-up and checked, so a bad file stops the app with a message naming the file, the entry and
the field, never a page later.

`load(path, name, kind)` reads the file's array of tables `[[name]]` and validates each entry as
`kind` (a dataclass) with pydantic, which checks every field's type and refuses unknown ones.
Claims (what an entry's words say the engine will do) are written with TOML's lists and the
word "none" for nobody; `claim()` turns them into the tuples and `None` the tests compare with.

>>> claim({"takes": ["4D", "9S"], "winner": "none", "leftover": [1, ["2C"]]})
{'takes': ('4D', '9S'), 'winner': None, 'leftover': (1, ('2C',))}
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError


class DataError(ValueError):
    """A data file that cannot be used; the message names the file, the entry and the field."""


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as file:
            return tomllib.load(file)
    except FileNotFoundError:
        raise DataError(f"{path}: no such file") from None
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{path}: not valid TOML: {error}") from None


def entries(data: dict[str, Any], name: str, path: Path) -> list[dict[str, Any]]:
    """The file's array of tables `name` (``[[name]]``), never empty, and nothing else."""
    found = data.get(name)
    if not isinstance(found, list) or not found or not all(isinstance(e, dict) for e in found):
        raise DataError(f"{path}: expected one or more [[{name}]] tables")
    unknown = set(data) - {name}
    if unknown:
        raise DataError(f"{path}: unknown table(s) {', '.join(sorted(unknown))}")
    return found


def claim(value: Any) -> Any:
    """A claim as the tests compare it: lists become tuples, "none" becomes None (TOML has no null)."""
    if value == "none":
        return None
    if isinstance(value, list):
        return tuple(claim(v) for v in value)
    if isinstance(value, dict):
        return {k: claim(v) for k, v in value.items()}
    return value


T = TypeVar("T")


def load(path: Path, name: str, kind: type[T]) -> tuple[T, ...]:
    """Every `[[name]]` entry of `path` as a `kind`, its `claim` table (if any) read by `claim()`.
    `kind` refuses unknown fields when it says `__pydantic_config__ = ConfigDict(extra="forbid")`."""
    adapter = TypeAdapter(kind)
    found = []
    for index, entry in enumerate(entries(read_toml(path), name, path)):
        where = f"{path.name}: [[{name}]] #{index + 1} ({entry.get('key', '?')})"
        if "claim" in entry:
            entry = {**entry, "claim": claim(entry["claim"])}
        try:
            found.append(adapter.validate_python(entry))
        except ValidationError as error:
            raise DataError(f"{where}: {error}") from None
    return tuple(found)
