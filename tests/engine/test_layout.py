"""The layout holds: each game's rules core stands alone (no computer player, no tool, no other
game), the shared pieces name no game, no two modules of `engine/` and `app/` import each other
(directly or round a longer loop), and nothing outside the registries and the games' own modules
picks a game by comparing its name; no module of `app/` is over `MOST_LINES` lines, and `app/`
names none of the retired words."""

import ast
import re
from pathlib import Path

import pytest

import engine
import engine.game

ENGINE = Path(engine.__file__).parent
ROOT = ENGINE.parent
# what every game's package builds on
SHARED = ("cards.py", "errors.py", "events.py", "game.py", "diff.py", "options.py")
ENTRY = ("game.py", "arena.py", "__init__.py")  # a game package's ways in: they may import its players


def imported_modules(path: Path) -> set[str]:
    """Every module `path` names in an import, where it stands (top level or in a function)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_the_shared_pieces_name_no_game():
    games = ("engine.chaharbargh", "engine.allfours")
    for name in SHARED:
        assert not {m for m in imported_modules(ENGINE / name) if m.startswith(games)}, name


def test_chaharbargh_core_imports_no_player_no_tool_and_no_other_game():
    core = [p for p in (ENGINE / "chaharbargh").glob("*.py") if p.name not in ENTRY]
    assert {p.stem for p in core} >= {"rules", "moves", "match", "surs", "scoring", "observation", "position"}
    for path in core:
        engine_modules = {m for m in imported_modules(path) if m.startswith("engine")}
        allowed = {f"engine.{name[:-3]}" for name in SHARED}
        outside = {m for m in engine_modules if m not in allowed and not m.startswith("engine.chaharbargh.")}
        players = {m for m in engine_modules if m.startswith(("engine.chaharbargh.ai", "engine.chaharbargh.arena"))}
        assert not outside and not players, f"{path.name} imports {outside | players}"


def test_the_players_never_import_the_tools():
    for path in (ENGINE / "chaharbargh" / "ai").glob("*.py"):
        assert not {m for m in imported_modules(path) if m.startswith("engine.tools")}, path.name


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Each module of engine/ and app/ with the modules of those two it imports. ``from a import b``
    is an import of the module ``a.b`` when there is one, else of ``a``; relative imports count."""
    paths = {module_name(p): p for top in ("engine", "app") for p in (ROOT / top).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                subs = {f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in paths}
                found |= subs | ({base} if len(subs) < len(node.names) else set())
        graph[name] = {m for m in found if m in paths and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The loops of `graph`: its strongly connected components of more than one module (Tarjan).

    >>> cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}})
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_walk_finds_a_loop_it_is_shown():
    graph = {"engine.a": {"engine.b"}, "engine.b": {"engine.c"}, "engine.c": {"engine.a"}, "engine.d": {"engine.a"}}
    assert cycles(graph) == [["engine.a", "engine.b", "engine.c"]]


def test_no_two_modules_import_each_other():
    graph = import_graph()
    assert {"engine.games", "engine.chaharbargh.match", "app.service", "app.store", "app.routes.play"} <= set(graph)
    assert "engine.game" in graph["engine.games"]  # the walk sees real imports
    assert cycles(graph) == []


NAME = r"""["'](?:chaharbargh|allfours)["']"""
NAME_COMPARED = re.compile(rf"(==|!=|\bin\b|\bis\b)\s*{NAME}|{NAME}\s*(==|!=)")
GAMES_OWN = ("engine/games.py", "engine/chaharbargh/", "engine/allfours/", "app/games/")


def test_no_module_outside_the_registries_and_the_games_compares_a_games_name():
    """A game is picked by asking a registry (`engine.games`, `app.games`), never by its name."""
    compared = []
    paths = [*(ROOT / "engine").rglob("*.py"), *(ROOT / "app").rglob("*.py"), *(ROOT / "templates").rglob("*.html")]
    for path in paths:
        where = path.relative_to(ROOT).as_posix()
        if where.startswith(GAMES_OWN):
            continue
        lines = enumerate(path.read_text().splitlines(), 1)
        compared += [f"{where}:{n}" for n, line in lines if NAME_COMPARED.search(line)]
    assert compared == []
    assert NAME_COMPARED.search('if loaded.match.game == "allfours":')  # what it looks for, as main had it


def option_names_outside_their_game(names: dict[str, set[str]], files: dict[str, str]) -> list[str]:
    """Each line of `files` (path under the root -> text) outside app/games/<game>/ that names one
    of that game's option fields."""
    found = []
    for where, text in files.items():
        for game, words in names.items():
            if not words or where.startswith(f"app/games/{game}/"):
                continue
            pattern = re.compile(rf"\b({'|'.join(sorted(words))})\b")
            found += [
                f"{where}:{n}: {m[1]}" for n, line in enumerate(text.splitlines(), 1) if (m := pattern.search(line))
            ]
    return found


def test_a_games_option_names_appear_only_in_its_own_folder():
    """The home form, its parsing, the summaries and the command line are made from each game's
    declaration (`Game.options`): the web table outside a game's folder names none of its options.
    A name that every game's protocol uses (`target`) is no one game's."""
    from engine import games

    common = {name for name in dir(engine.game.Game) if not name.startswith("_")} | {"players"}
    names = {g: {o.name for o in games.get(g).options} - common for g in games.names()}
    assert names["chaharbargh"] >= {"sur_points", "forced_capture", "open_hand", "jack_sur", "sur_cutoff"}
    assert "target" not in names["chaharbargh"]
    paths = [*(ROOT / "app").rglob("*.py"), *(ROOT / "templates").rglob("*.html")]
    paths += [*(ROOT / "static").glob("*.js"), *(ROOT / "static").glob("*.css")]
    files = {path.relative_to(ROOT).as_posix(): path.read_text() for path in paths}
    assert len(files) > 50 and option_names_outside_their_game(names, files) == []
    # what it looks for, as main had it: the home form's own list of Chaharbargh's boxes
    planted = {"app/home_form.py": 'FORM_FLAGS = ("jack_sur", "open_hand")', "app/games/chaharbargh/x.py": "open_hand"}
    assert option_names_outside_their_game(names, planted) == ["app/home_form.py:1: jack_sur"]


MOST_LINES = 400  # a module longer than this does more than one thing


def app_files() -> list[Path]:
    """Every file of `app/` (not Python's caches): its code, templates of its games, catalogs."""
    return [p for p in (ROOT / "app").rglob("*") if p.is_file() and "__pycache__" not in p.parts]


def test_no_module_of_the_app_is_over_the_most_lines():
    lengths = {p.relative_to(ROOT).as_posix(): len(p.read_text().splitlines()) for p in (ROOT / "app").rglob("*.py")}
    assert {"app/service.py", "app/table.py", "app/store.py", "app/play.py", "app/seating.py"} <= set(lengths)
    assert {name: lines for name, lines in lengths.items() if lines > MOST_LINES} == {}


@pytest.mark.parametrize("word", ["HUMAN", "Knocks", "STAGGER"])
def test_the_app_names_no_retired_word(word):
    """`HUMAN` said three things (the creator's seat, the asking one, the person's): each has its
    own name now; `Knocks` and `STAGGER` name nothing the app has."""
    files = app_files()
    assert len(files) > 50
    assert [p.relative_to(ROOT).as_posix() for p in files if word.encode() in p.read_bytes()] == []
