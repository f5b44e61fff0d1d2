"""The rules core stands alone: no module of it imports the computer players or the tools."""

import ast
from pathlib import Path

import engine

CORE = Path(engine.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_no_core_module_imports_the_players_or_the_tools():
    core = [p for p in CORE.glob("*.py") if p.name not in ("__init__.py", "__main__.py")]
    assert {p.stem for p in core} >= {"cards", "rules", "moves", "match", "surs", "scoring", "events", "observation"}
    for path in core:
        outside = {m for m in imported_modules(path) if m.startswith(("engine.ai", "engine.tools"))}
        assert not outside, f"{path.name} imports {outside}"


def test_the_players_never_import_the_tools():
    for path in (CORE / "ai").glob("*.py"):
        assert not {m for m in imported_modules(path) if m.startswith("engine.tools")}, path.name
