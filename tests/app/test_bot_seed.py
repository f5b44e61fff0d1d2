"""The computer's and the hints' randomness comes from `match.bot_seed`, drawn apart from the
deal's seed; migration 0004 gives older rows one derived from their id and secret."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from sqlalchemy import create_engine, text

from alembic import command
from app.games.chaharbargh.hints import hints
from app.main import create_app
from app.models import Match, bot_seed_of, derived_bot_seed
from app.seating import PRACTICE_RULES
from app.settings import Settings
from app.store import bot_seed
from engine import bot, observation
from tests.app.app_helpers import HX, first_move, loaded, migrate, url_of
from tests.conftest import FIRST_BOT_SEED, FIXED_BOTS

SEED = 4_402_118_907_335_120_771


def a_match(**fields) -> Match:
    values = {"id": "m1", "seed": SEED, "rules": "{}", "level": "easy", **fields}
    return Match(**values)


def test_the_bot_seed_is_the_matchs_own_not_the_deals():
    assert bot_seed(a_match(seed=1, bot_seed=7), 3) == bot_seed(a_match(seed=2, bot_seed=7), 3)
    assert bot_seed(a_match(bot_seed=7), 3) != bot_seed(a_match(bot_seed=8), 3)
    assert bot_seed(a_match(bot_seed=7), 3) != bot_seed(a_match(bot_seed=7), 4), "and a new one each ply"


def test_new_matches_draw_a_bot_seed_of_their_own(db_url):
    service = create_app(Settings(database_url=db_url, secret_key="k")).state.service  # as served: random
    same_deal = [service.create("easy", 31, "table", seed=SEED) for _ in range(3)]
    seeds = {m.bot_seed for m in same_deal}
    assert len(seeds) == 3 and all(s is not None and 0 <= s < 2**62 and s != SEED for s in seeds)
    stored = service.load(same_deal[0].id, same_deal[0].secret).match
    assert stored.bot_seed == same_deal[0].bot_seed, "kept in the database"


def test_tests_fix_the_bot_seeds_as_they_fix_the_deals(client):
    service = client.app.state.service
    assert [service.create_practice("easy").bot_seed for _ in range(2)] == [FIRST_BOT_SEED, FIRST_BOT_SEED + 1]


def test_the_computer_and_the_hints_play_from_the_bot_seed(client):
    service = client.app.state.service
    url = url_of(service.create_practice("medium", seed=SEED))
    here = loaded(client, url)
    pro = bot("pro", seed=bot_seed(here.match, 0) ^ 0x5EED, worlds=400, prune=None)  # hints prune nothing
    assert hints(service, here) == pro.evaluate(observation(here.state, 0))
    client.post(url + "/move", data={"ply": 0, **first_move(here.state)}, headers=HX)
    before = loaded(client, url)
    medium = bot("medium", seed=bot_seed(before.match, 1), **FIXED_BOTS.get("medium", {}))
    expected = medium.choose(observation(before.state, 1))
    client.post(url + "/computer", data={"ply": 1}, headers=HX)
    assert loaded(client, url).state == before.state.apply(expected)


def test_migration_0004_gives_older_matches_a_bot_seed_from_their_id_and_secret(db_url):
    """Down to 0003, two matches stored as that release stored them; up again: each has the
    derived seed (the migration's copy of the rule agrees with the app's). A row without one,
    which no server writes since addresses are hashed, is seeded by its id alone."""
    config = migrate(db_url)
    command.downgrade(config, "0003")
    engine = create_engine(db_url)
    insert = text(
        "INSERT INTO match (id, secret, seed, rules, level, mode, status, ply, rounds_seen, undos, created_at, "
        "updated_at) VALUES (:id, :secret, :seed, :rules, 'easy', 'practice', 'playing', 0, 0, 0, :t, :t)"
    )
    old = {"old-1": "secret-one", "old-2": "secret-two"}
    rules = json.dumps(PRACTICE_RULES.to_dict())
    at = datetime.now(UTC)
    with engine.begin() as conn:
        for match_id, secret in old.items():
            conn.execute(insert, {"id": match_id, "secret": secret, "seed": SEED, "rules": rules, "t": at})
    command.upgrade(config, "head")
    with engine.connect() as conn:
        stored = dict(conn.execute(text("SELECT id, bot_seed FROM match")).all())  # type: ignore[arg-type]
    engine.dispose()
    assert stored == {match_id: derived_bot_seed(match_id, secret) for match_id, secret in old.items()}
    assert stored["old-1"] != stored["old-2"] and all(0 <= s < 2**62 for s in stored.values())
    assert bot_seed_of(a_match(id="old-1", bot_seed=None)) == derived_bot_seed("old-1", "")
