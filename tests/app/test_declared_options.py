"""A game's options are data: a game that declares one more option (`Game.options`) has its field
on the home form, its value read and checked by the form and handed to the game's rules, with
no file of the app changed. The game here is the tests' high card (tests/highcard/) with two
options its rules gain in this file: a box and a number."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app import games as web_games
from app.i18n import t
from engine import games
from engine.options import Option
from tests.app.app_helpers import dom, loaded
from tests.app.test_home import match_count
from tests.highcard import TEMPLATES, game, web

pytestmark = pytest.mark.one_database  # the home form is the subject; storage is the same for every game

# the words are the site's own message keys: the engine's declaration names keys, never words
LOW_ACES = Option("aces_low", "bool", label="opt_jack_sur", about="jack_sur_about", refusal="bad_flag")
HAND = Option("hand_size", "int", label="sur_points_label", refusal="bad_sur_points", low=2, high=5, house=False)


@dataclass(frozen=True)
class LongerRules(game.Rules):
    aces_low: bool = False
    hand_size: int = 3


class DeclaredHighCard(game.HighCard):
    """High card with two more options in its declaration (and its rules)."""

    options = (LOW_ACES, HAND)

    def preset(self, name: str, **changes: Any) -> LongerRules:
        if name != "plain":
            raise ValueError(f"no preset {name!r}")
        return LongerRules(**changes)

    def rules(self, players: int) -> LongerRules:
        return LongerRules(players=players)

    def rules_from_dict(self, data: Any) -> LongerRules:
        return LongerRules(**data)

    def rules_to_dict(self, rules: Any) -> dict[str, Any]:
        return asdict(rules)


@pytest.fixture
def declared() -> Iterator[None]:
    games.register(DeclaredHighCard())
    web_games.register(web.HighCardWeb(), templates=TEMPLATES, fragments={"highcard/table.html": ["game"]})
    yield
    web_games.unregister("highcard")
    games.unregister("highcard")


def test_the_home_form_shows_a_declared_option_only_while_its_game_is_served(client: TestClient) -> None:
    assert not dom(client.get("/?lang=en").text).select('input[name="aces_low"], input[name="hand_size"]')
    games.register(DeclaredHighCard())
    web_games.register(web.HighCardWeb(), templates=TEMPLATES)
    try:
        home = dom(client.get("/?lang=en&game=highcard").text)
    finally:
        web_games.unregister("highcard")
        games.unregister("highcard")
    box = home.select_one('fieldset.house-rules.highcard-only input[type="checkbox"][name="aces_low"]')
    assert box is not None and not box.has_attr("checked")  # the preset's value: off
    assert box.parent.get_text(strip=True) == t("en", "opt_jack_sur")
    assert home.select_one("#rule-about-aces_low").get_text(strip=True) == t("en", "jack_sur_about")
    assert not home.select("#rule-about-aces_low a")  # the game's rules page links no example
    number = home.select_one('fieldset.highcard-only input[name="hand_size"]#hand_size')
    assert number["value"] == "3" and number.has_attr("required") and number["pattern"] == "[0-9۰-۹]{1,1}"
    label = home.select_one('label[for="hand_size"]')
    assert label.get_text(strip=True) == t("en", "sur_points_label")
    # the game's own house rules are beside Chaharbargh's, whose fields and ids stay theirs
    assert home.select_one("#house-rules") is not None and home.select_one("#house-rules-highcard") is not None
    assert len(home.select('input[name="sur_points"]')) == 1


def test_the_form_reads_a_declared_option_into_the_games_rules(client: TestClient, declared) -> None:
    form = {"game": "highcard", "level": "easy", "players": "3", "house": "1", "aces_low": "1", "hand_size": "۴"}
    created = client.post("/matches", data=form, follow_redirects=False)
    assert created.status_code == 303
    rules = loaded(client, created.headers["location"]).state.rules
    assert (rules.aces_low, rules.hand_size, rules.players) == (True, 4, 3)

    # the home form's box left unticked is not sent, and is off; a number left empty is the preset's
    unticked = {k: v for k, v in form.items() if k != "aces_low"} | {"hand_size": ""}
    created = client.post("/matches", data=unticked, follow_redirects=False)
    rules = loaded(client, created.headers["location"]).state.rules
    assert (rules.aces_low, rules.hand_size) == (False, 3)

    # the last match's settings fill the form again, the declared option's too
    client.post("/matches", data=form, follow_redirects=False)
    home = dom(client.get("/?lang=en").text)
    assert home.select_one('input[name="aces_low"]').has_attr("checked")
    assert home.select_one('input[name="hand_size"]')["value"] == "4"


@pytest.mark.parametrize(
    ("field", "value", "reason"), [("aces_low", "maybe", "bad_flag"), ("hand_size", "9", "bad_sur_points")]
)
def test_a_declared_option_that_does_not_fit_is_refused_with_its_own_words(
    client: TestClient, declared, field: str, value: str, reason: str
) -> None:
    before = match_count(client)
    form = {"game": "highcard", "level": "easy", "players": "2", field: value}
    refused = client.post("/matches?lang=en", data=form, follow_redirects=False)
    assert refused.status_code == 400 and t("en", f"msg_{reason}") in refused.text
    assert match_count(client) == before


def test_two_games_may_not_declare_one_field(declared) -> None:
    class Clashing(DeclaredHighCard):
        name = "clashing"
        options = (Option("sur_points", "int", label="sur_points_label", low=1, high=9),)

    games.register(Clashing())
    try:
        clash = web.HighCardWeb()
        clash.name = "clashing"
        with pytest.raises(ValueError, match="sur_points"):
            web_games.register(clash)
    finally:
        games.unregister("clashing")
