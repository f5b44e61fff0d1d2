"""Whole random All Fours matches: cards conserved, points add up, events replay, determinism,
records and position text round trips, and what each seat may see."""

import ast
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

import engine.allfours
from engine.allfours import (
    Move,
    PositionError,
    RecordError,
    Rules,
    from_text,
    new_match,
    observation,
    record,
    replay,
    to_text,
)
from engine.allfours.events import zones_after
from engine.cards import CARDS


def random_match(seed, players):
    rng = random.Random(seed)
    state = new_match(seed, Rules(players=players))
    states = [state]
    while not state.finished:
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


MATCHES = [(seed, players) for players in (2, 4) for seed in range(40)]


def zones_of(state):
    zones = {f"hand:{s}": set(h) for s, h in enumerate(state.hands)}
    zones |= {"stock": set(state.stock), "turnup": set(state.turned), "table": set(state.trick)}
    zones |= {f"pile:{s}": set(p) for s, p in enumerate(state.piles)}
    return zones


@pytest.mark.parametrize(("seed", "players"), MATCHES)
def test_every_card_is_in_exactly_one_place_and_events_move_them_there(seed, players):
    states = random_match(seed, players)
    board = {"stock": set(CARDS)}
    zones_after(states[0].opening, board)
    for state in states:
        places = [*state.hands, state.stock, state.turned, state.trick, *state.piles]
        cards = [c for place in places for c in place]
        assert len(cards) == 52 and set(cards) == set(CARDS)
        if state.last is not None:
            zones_after(state.last.events, board)
        assert {z: c for z, c in board.items() if c} == {z: c for z, c in zones_of(state).items() if c}


@pytest.mark.parametrize(("seed", "players"), MATCHES)
def test_the_points_of_every_round_add_up(seed, players):
    states = random_match(seed, players)
    final = states[-1]
    assert sum(log.points()[0] for log in final.rounds) == final.totals[0]
    assert sum(log.points()[1] for log in final.rounds) == final.totals[1]
    assert max(final.totals) >= 14 and final.totals[final.winner] >= 14 and final.totals[1 - final.winner] < 14
    for before, after in zip(states, states[1:], strict=False):
        scored = [0, 0]
        for line in after.last.lines:
            if line.counted:
                scored[line.side] += line.points
        assert after.totals == (before.totals[0] + scored[0], before.totals[1] + scored[1])
    for log in final.rounds:
        kinds = [line.kind for line in log.lines]
        if log.game is not None:  # played out: every dealt card was played, and 6 + 3k tricks
            assert len(log.tricks) == len(log.dealt[0]) and (len(log.tricks) - 6) % 3 == 0
            assert sum(len(t.cards) for t in log.tricks) == players * len(log.tricks)
            assert kinds.count("high") == kinds.count("low") <= 1
            assert kinds.count("jack") + kinds.count("hang_jack") <= 1
            assert ("game" in kinds) == (log.game[0] != log.game[1])
            trumps = [c for hand in log.dealt for c in hand if c.suit == log.trump]
            assert ("high" in kinds) == bool(trumps)
        assert kinds.count("one") <= 1


@pytest.mark.parametrize("players", [2, 4])
def test_the_same_seed_and_moves_give_the_same_match(players):
    for seed in range(10):
        first, second = random_match(seed, players), random_match(seed, players)
        assert first == second and to_text(first[-1]) == to_text(second[-1])
    assert new_match(1).hands != new_match(2).hands


@pytest.mark.parametrize(("seed", "players"), MATCHES[::4])
def test_records_replay_to_the_same_state_at_every_move(seed, players):
    for state in random_match(seed, players)[::7]:
        data = record(state)
        assert replay(data) == state


def test_a_record_that_disagrees_with_its_game_is_refused():
    final = random_match(3, 2)[-1]
    data = record(final)
    changed = {**data, "totals": [0, 0]}
    with pytest.raises(RecordError):
        replay(changed)
    rounds = [dict(r) for r in data["rounds"]]
    rounds[0] = {**rounds[0], "turned": ["2C"]}
    with pytest.raises(RecordError):
        replay({**data, "rounds": rounds})
    with pytest.raises(RecordError):
        replay({**data, "format": "chaharbargh-record/1"})
    moves = [dict(r) for r in data["rounds"]]
    moves[0] = {**moves[0], "moves": [{"seat": 1, "move": "stand"}] + moves[0]["moves"][1:]}
    with pytest.raises(RecordError):
        replay({**data, "rounds": moves})


@pytest.mark.parametrize(("seed", "players"), MATCHES[::3])
def test_position_text_round_trips_and_plays_on_the_same(seed, players):
    states = random_match(seed, players)
    rng = random.Random(seed)
    for state in states[::5]:
        text = to_text(state)
        again = from_text(text)
        assert to_text(again) == text
        assert again.legal_moves() == state.legal_moves()
        if state.finished:
            continue
        move = rng.choice(state.legal_moves())  # the same move from both gives the same position
        assert to_text(again.apply(move)) == to_text(state.apply(move))


@pytest.mark.parametrize(
    ("change", "word"),
    [
        (("hands=KC/2C", "hands=KC/KC"), "twice"),
        (("allfours-position/1", "allfours-position/2"), "position"),
        (("phase=play", "phase=dance"), "phase"),
        (("turned=7H", "turned=-"), "turned"),
        (("rules=p2,t14", "rules=p3,t14"), "rules"),
        ((" winner=-", ""), "missing"),
    ],
)
def test_position_text_that_is_no_position_is_refused(change, word):
    text = (
        "allfours-position/1 rules=p2,t14 seed=0 round=0 redeal=0 dealer=1 phase=play turn=0 "
        "hands=KC/2C dealt=KC/2C stock=- turned=7H trick=- piles=-/- totals=0/0 winner=-"
    )
    from_text(text)
    with pytest.raises(PositionError, match=word):
        from_text(text.replace(*change, 1))


@pytest.mark.parametrize(("seed", "players"), MATCHES[::2])
def test_no_seat_ever_sees_another_hand_or_the_stock(seed, players):
    for state in random_match(seed, players):
        for seat in range(players):
            view = observation(state, seat)
            hidden = {c for s, h in enumerate(state.hands) if s != seat for c in h} | set(state.stock)
            visible = set(view.hand) | set(view.turned) | set(view.trick)
            visible |= {c for pile in view.piles for c in pile}
            visible |= {c for t in view.tricks for c in t.cards}
            visible |= {c for log in view.finished_rounds for hand in log.dealt for c in hand}
            assert not visible & hidden
            assert all(log.dealt == () for log in view.finished_rounds)
            assert "seed" not in view.__slots__ and "stock" not in view.__slots__
            if state.last is not None:
                others = {f"hand:{s}" for s in range(players) if s != seat}
                for event in state.last.events_for(seat):
                    if event.kind != "play" and {event.source, event.target} & others:
                        assert all(c is None for c in event.cards), event  # into or out of another hand


def test_events_for_a_seat_hide_the_cards_dealt_to_the_others():
    state = new_match(5).apply(new_match(5).legal_moves()[0])
    after = new_match(5)
    deals = [e for e in after.opening if e.kind == "deal"]
    from engine.allfours.events import seen_by

    assert all(c is None for e in deals if e.target == "hand:1" for c in seen_by(e, 0).cards)
    assert all(c is not None for e in deals if e.target == "hand:0" for c in seen_by(e, 0).cards)
    assert state.last.events_for(0)[0].kind == "stand"


def test_a_state_is_immutable():
    state = new_match(5)
    with pytest.raises(AttributeError):
        state.turn = 1  # type: ignore[misc]
    assert replace(state) == state


CORE = Path(engine.allfours.__file__).parent
# game.py: All Fours for the registry, its players included; review.py: the pro as a coach
TOOLS = {"ai.py", "arena.py", "game.py", "review.py"}


def test_the_core_imports_no_player_no_tool_and_no_chaharbargh_rule():
    shared = {"engine.cards", "engine.errors", "engine.events", "engine.diff"}  # the pieces every game builds on
    for path in CORE.glob("*.py"):
        if path.name in TOOLS or path.name == "__init__.py":
            continue
        tree = ast.parse(path.read_text())
        names = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        names |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        engine_modules = {m for m in names if m.startswith("engine")}
        outside = {m for m in engine_modules if m.split(".")[:2] != ["engine", "allfours"] and m not in shared}
        assert not outside, f"{path.name} imports {outside}"
        assert not {m for m in engine_modules if m in ("engine.allfours.ai", "engine.allfours.arena")}, path.name


# --- the cut for the first deal, and the matches and records from before it -----------------


@pytest.mark.parametrize("players", [2, 4])
def test_every_seat_deals_first_about_as_often_and_the_first_leader_varies(players):
    seeds = range(400)
    dealers = [new_match(seed, Rules(players=players)).dealer for seed in seeds]
    leaders = {new_match(seed, Rules(players=players)).turn for seed in seeds}
    counts = [dealers.count(seat) for seat in range(players)]
    # a fair cut gives each seat 400 / players first deals; the bounds are over 4 standard deviations
    assert all(abs(c - 400 / players) < 60 for c in counts), counts
    assert leaders == set(range(players))
    assert sum(len(new_match(seed, Rules(players=players)).cut.attempts) > 1 for seed in seeds) > 0  # ties happen


RECORDS = Path(__file__).parent / "records"
OLD_RECORDS = sorted(RECORDS.glob("allfours-record-1-*.json"))  # written by the engine before the cut


@pytest.mark.parametrize("path", OLD_RECORDS, ids=lambda p: p.stem)
def test_a_record_from_before_the_cut_replays_as_it_was_played(path):
    data = json.loads(path.read_text())
    players = data["rules"]["players"]
    assert data["format"] == "allfours-record/1" and data["rules"] == {"players": players, "target": 14}
    assert data["rounds"][0]["dealer"] == players - 1  # then the last seat dealt first
    state = replay(data)
    assert state.finished and state.winner == data["winner"] and state.cut is None
    assert [log.dealer for log in state.rounds] == [(players - 1 + r) % players for r in range(len(state.rounds))]
    # the same match as the app stores it, seed + rules + moves, rebuilds the same state
    stored = new_match(data["seed"], Rules.from_dict(data["rules"]))
    for round_data in data["rounds"]:
        for move in round_data["moves"]:
            stored = stored.apply(Move.parse(move["move"]))
    assert stored == state
    # recorded again, it is a /2 record that says nobody cut, and it replays too
    again = record(state, data["seats"])
    assert again["format"] == "allfours-record/2" and again["cut"] is None
    assert again["rules"]["first_dealer"] == "last" and replay(again) == state
    # with the cut the same seed deals differently: the old moves are not that match's
    assert new_match(data["seed"], Rules(players=players)).dealer != players - 1
    with pytest.raises(RecordError):
        replay({**data, "format": "allfours-record/2", "rules": Rules(players=players).to_dict(), "cut": None})
    with pytest.raises(RecordError):  # a /1 record never had a cut
        replay({**data, "rules": Rules(players=players).to_dict()})


def test_a_record_whose_cut_disagrees_with_its_seed_is_refused():
    data = record(random_match(2, 2)[-1])
    tie = [{"seat": 0, "card": "5S"}, {"seat": 1, "card": "5H"}]
    king = [{"seat": 0, "card": "KS"}, {"seat": 1, "card": "2H"}]
    assert data["cut"] == [tie, king]  # two fives, then the king deals (the rule book's test)
    replay(data)
    for cut in ([king], None, [king, king], [tie, tie]):
        with pytest.raises(RecordError, match="cut"):
            replay({**data, "cut": cut})
    without = {k: v for k, v in data.items() if k != "cut"}
    with pytest.raises(RecordError):
        replay(without)
