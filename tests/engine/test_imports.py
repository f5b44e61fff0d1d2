"""Importing a part of the engine loads that part: the cards, the protocol, the registry and All
Fours never load Chaharbargh (its rules and computer players), which `from engine import X`
loads the first time such a name is asked for."""

import subprocess
import sys

import pytest

import engine
import engine.chaharbargh

HEAVY = ("engine.chaharbargh", "engine.chaharbargh.ai.players")


def loaded_after(code: str) -> dict[str, bool]:
    """Which of `HEAVY` a fresh interpreter has loaded after running `code`."""
    check = f"{code}\nimport sys\nprint(' '.join(str(name in sys.modules) for name in {HEAVY!r}))"
    out = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True).stdout
    return dict(zip(HEAVY, (word == "True" for word in out.split()), strict=True))


@pytest.mark.parametrize(
    "code",
    [
        "import engine",
        "import engine.cards",
        "import engine.errors",
        "import engine.game",
        "from engine import games; games.names()",
        "from engine import games; games.get('allfours')",
        "import engine.allfours.game",
    ],
)
def test_loads_no_chaharbargh(code):
    assert loaded_after(code) == {name: False for name in HEAVY}


def test_a_chaharbargh_name_loads_it():
    assert loaded_after("from engine import Card") == {name: True for name in HEAVY}
    assert loaded_after("from engine import games; games.get('chaharbargh')") == {name: True for name in HEAVY}


def test_the_names_are_chaharbargh_s():
    assert sorted(engine.__all__) == sorted(engine.chaharbargh.__all__)
    for name in engine.__all__:
        assert getattr(engine, name) is getattr(engine.chaharbargh, name)
    assert set(engine.__all__) <= set(dir(engine))
    namespace: dict[str, object] = {}
    exec("from engine import *", namespace)
    assert namespace["legal_moves"] is engine.chaharbargh.legal_moves


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no_such_name"):
        engine.no_such_name  # noqa: B018
    with pytest.raises(ImportError):
        exec("from engine import no_such_name", {})
