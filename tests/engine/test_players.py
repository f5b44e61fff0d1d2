"""Computer players: fair (they decide from their seat's view only), legal, and measurable."""

import json
import random

import pytest

from engine import CARDS, Move, Rules, bot, from_position, new_match, observation, parse_cards
from engine.cards import mask_of
from engine.chaharbargh.ai.players import LEVELS, OraclePlayer
from engine.chaharbargh.ai.worlds import Evidence, sample_world, seen_mask
from engine.chaharbargh.arena import play_match, run_arena
from engine.tools.arena import PairResult, summarise
from engine.tools.cli import main as cli_main

FAIR_SETTINGS = {"pro": {"worlds": 6}, "pro-ismcts": {"iterations": 40}}


def mid_round_states(seed, rules=Rules(), every=5):
    """States along a match between medium players, for probing other players."""
    players = [bot("medium", seed=seed + seat) for seat in range(rules.players)]
    state = new_match(seed, rules)
    states = []
    while not state.finished and state.round_no < 2:
        if state.ply % every == 0:
            states.append(state)
        state = state.apply(players[state.turn].choose(observation(state, state.turn)))
    return states


def same_position(state, hands, stock):
    """``state``'s position (table, piles, surs, totals, turn) with other hands and stock, built
    through the public `from_position`."""
    return from_position(
        hands,
        state.table,
        state.rules,
        stock=stock,
        turn=state.turn,
        captured=[state.captured_cards(s) for s in range(state.players)],
        last_capturer=state.last_capturer,
        surs=[side for side, count in enumerate(state.surs()) for _ in range(count)],
        totals=state.totals,
        seed=state.seed,
    )


def shuffle_hidden(state, seat, rng):
    """The same match, history included, for ``seat`` with the other hands and the stock dealt
    differently: a counterfactual no public builder makes (`from_position` starts a fresh log),
    so this one test helper swaps the hidden card ids in a copy of the state's private fields.
    Face-up cards (open hand) are seen by every seat: they stay where they are."""
    up = state._revealed
    hidden = [c for s, hand in enumerate(state._hands) if s != seat for c in hand if not up >> c & 1]
    hidden += state._stock
    rng.shuffle(hidden)
    hands = list(state._hands)
    for s in range(state.players):
        if s != seat:
            shown = [c for c in hands[s] if up >> c & 1]
            count = len(hands[s]) - len(shown)
            hands[s], hidden = tuple(shown + hidden[:count]), hidden[count:]
    other = state._copy()
    other._hands, other._stock = tuple(hands), tuple(hidden)
    return other


MODES = [Rules(), Rules(players=3), Rules(players=4), Rules(open_hand=True), Rules(players=4, open_hand=True)]


@pytest.mark.parametrize("rules", MODES, ids=lambda r: f"{r.players}p-open{int(r.open_hand)}")
@pytest.mark.parametrize("level", [*sorted(LEVELS), "greedy", "pro-ismcts"])
def test_every_level_chooses_the_same_move_whatever_the_hidden_cards(level, rules):
    rng = random.Random(11)
    checked = 0
    for state in [s for s in mid_round_states(3, rules, every=2) if len(s.stock) >= 8][:30]:
        seat = state.turn
        other = shuffle_hidden(state, seat, rng)
        assert other.hands != state.hands or other.stock != state.stock
        view, other_view = observation(state, seat), observation(other, seat)
        assert view == other_view
        settings = FAIR_SETTINGS.get(level, {})
        first = bot(level, seed=5, **settings).choose(view)
        second = bot(level, seed=5, **settings).choose(other_view)
        assert first == second
        assert first in state.legal_moves()
        checked += 1
    assert checked >= 20


def test_pro_worlds_hold_no_seen_card_and_agree_with_the_evidence():
    rng = random.Random(2)
    worlds = 0
    ruled_out_somewhere = 0
    for seed in (1, 2, 3):
        for state in mid_round_states(seed, every=3):
            seat = state.turn
            view = observation(state, seat)
            evidence = Evidence.of(view)
            seen = seen_mask(view)
            for other in range(state.players):
                if other != seat:
                    # the inference is sound: the real hand never holds a ruled-out card
                    assert not mask_of(c.id for c in state.hands[other]) & evidence.ruled_out[other]
                    ruled_out_somewhere += bool(evidence.ruled_out[other])
            for _ in range(5):
                world = sample_world(view, evidence, rng)
                worlds += 1
                assert world.hands[seat] == [c.id for c in state.hands[seat]]
                hidden = [c for s, hand in enumerate(world.hands) if s != seat for c in hand] + world.stock
                assert not mask_of(hidden) & seen, "a sampled world holds a card the seat has seen"
                assert mask_of(hidden) | seen == (1 << 52) - 1 and len(hidden) + seen.bit_count() == 52
                for other in range(state.players):
                    if other != seat:
                        assert len(world.hands[other]) == len(state.hands[other])
                        assert not mask_of(world.hands[other]) & evidence.ruled_out[other]
    assert worlds > 300
    assert ruled_out_somewhere > 10, "the evidence must actually rule cards out"


def test_evidence_only_under_whole_hand_forced_capture():
    for state in mid_round_states(4, Rules(forced_capture="card")):
        assert Evidence.of(observation(state, state.turn)).ruled_out == (0, 0)


def test_open_hand_cards_stay_in_their_hand_in_every_world():
    rules = Rules(open_hand=True)
    state = new_match(6, rules)
    state = state.apply(Move.show(state.hand(0)[0])).apply(Move.show(state.hand(1)[2]))  # each seat shows one
    view = observation(state, 0)
    assert view.revealed[0] != () and view.legal_moves and not view.legal_moves[0].shows
    shown = view.revealed[1][0].id
    assert shown == state.hand(1)[2].id
    for seed in range(20):
        world = sample_world(view, Evidence.of(view), random.Random(seed))
        assert shown in world.hands[1]


@pytest.mark.parametrize("level", [*sorted(LEVELS), "greedy", "oracle"])
@pytest.mark.parametrize(
    "rules", [Rules(target=31), Rules(players=3, target=20), Rules(players=4, target=30)], ids=["2p", "3p", "4p"]
)
def test_every_level_plays_whole_matches(level, rules):
    """Every move is legal (`apply` refuses any other), the match ends as R11 says, and the same
    seeds play the same match again: fixed worlds, not a time budget, so no clock decides a move."""
    settings = {"worlds": 3} if level in ("pro", "oracle") else {}

    def match():
        return play_match(8, [bot(level, seed=seat, **settings) for seat in range(rules.players)], rules)

    final = match()
    assert final.finished
    assert max(final.totals) >= rules.target
    assert list(final.totals).count(max(final.totals)) == 1  # a tie at the top plays another round
    assert match().totals == final.totals


class TickingClock:
    """A clock that moves on one second each time it is read."""

    def __init__(self) -> None:
        self.now = -1.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_the_pros_time_budget_buys_exactly_the_worlds_its_clock_allows():
    state = new_match(11)
    view = observation(state, state.turn)
    assert len(view.legal_moves) > 1
    # Without pruning (which may stop early) every world plays every move. The deadline is read
    # at 0; the first min_worlds=4 worlds never look at the clock; then it
    # reads 1 (< 2.5: a fifth world), 2 (a sixth), 3 (past the deadline: stop). Six worlds.
    budgeted = bot("pro", seed=5, budget_ms=2500, clock=TickingClock(), prune=None).evaluate(view)
    assert budgeted == bot("pro", seed=5, worlds=6, prune=None).evaluate(view)
    assert budgeted != bot("pro", seed=5, worlds=5, prune=None).evaluate(view)
    # A budget of nothing still samples min_worlds: the clock reads 1 after the fourth, past 0.
    nothing = bot("pro", seed=5, budget_ms=0, clock=TickingClock(), prune=None).evaluate(view)
    assert nothing == bot("pro", seed=5, worlds=4, prune=None).evaluate(view)


def test_the_oracle_refuses_to_play_blind():
    state = new_match(1)
    with pytest.raises(RuntimeError, match="peek"):
        OraclePlayer(1, budget_ms=1.0).choose(observation(state, 0))


def _peeking(state, **settings):
    oracle = OraclePlayer(5, worlds=8, **settings)
    oracle.peek = lambda: state
    return oracle


def test_an_oracle_that_sees_the_hands_ignores_the_stock_order_but_not_the_hands():
    rng = random.Random(3)
    stock_blind = hand_seen = 0
    for state in [s for s in mid_round_states(5, every=2) if len(s.stock) >= 8 and len(s.legal_moves()) > 1][:25]:
        seat = state.turn
        restocked = same_position(state, state.hands, rng.sample(state.stock, len(state.stock)))
        view = observation(state, seat)
        first = _peeking(state, sees="hands").evaluate(view)
        assert first == _peeking(restocked, sees="hands").evaluate(view)
        stock_blind += 1
        # with other hidden hands its values change: it reads the hands it is handed
        hand_seen += first != _peeking(shuffle_hidden(state, seat, rng), sees="hands").evaluate(view)
    assert stock_blind >= 20 and hand_seen >= stock_blind // 2
    with pytest.raises(ValueError, match="sees"):
        OraclePlayer(1, sees="stock")


def test_an_oracle_that_waits_for_evidence_is_pro_until_the_others_have_played():
    fair = peeked = 0
    for state in mid_round_states(6, every=1):
        seat = state.turn
        if len(state.legal_moves()) == 1 or not state.stock:
            continue
        view = observation(state, seat)
        waiting = _peeking(state, sees="hands-once-played").evaluate(view)
        pro = bot("pro", seed=5, worlds=8).evaluate(view)
        if len(state.hands[1 - seat]) == 4:  # nobody else has played this deal: nothing to infer from
            assert waiting == pro
            fair += 1
        else:
            assert waiting == _peeking(state, sees="hands").evaluate(view)
            peeked += 1
    assert fair >= 5 and peeked >= 10


def test_pro_prefers_a_sur():
    # table 4D 5S; hand 2H (sur) or 6C (takes 5S only) or 7D (takes 4D): the sur is worth most
    shown = parse_cards("2H 6C 7D JC JD KC 4D 5S")
    rest = [c for c in CARDS if c not in shown][:40]  # the first deal leaves 40 cards to come (R1)
    state = from_position([shown[:3], shown[3:6]], shown[6:], stock=rest)
    values = bot("pro", seed=1, worlds=20).evaluate(observation(state, 0))
    best = max(values, key=values.get)
    assert str(best) == "2H+4D+5S"


def test_pruning_stops_playing_out_a_move_clearly_behind_and_still_finds_the_sur(monkeypatch):
    # the position of test_pro_prefers_a_sur: the sur (2H takes 4D and 5S, 5 points of sur at
    # least) beats both other moves in every world, so pruning drops them and stops early
    import engine.chaharbargh.ai.players as players

    shown = parse_cards("2H 6C 7D JC JD KC 4D 5S")
    rest = [c for c in CARDS if c not in shown][:40]
    view = observation(from_position([shown[:3], shown[3:6]], shown[6:], stock=rest), 0)
    calls = []
    real = players.scored_playout
    monkeypatch.setattr(players, "scored_playout", lambda *a, **k: calls.append(1) or real(*a, **k))
    legal = len(view.legal_moves)
    plain = players.ProPlayer(seed=1, worlds=40, prune=None).evaluate(view)
    assert len(calls) == 40 * legal  # every move in every world
    calls.clear()
    pruned = players.ProPlayer(seed=1, worlds=40, prune=2.5, prune_every=4).evaluate(view)
    assert len(calls) < 40 * legal // 2  # the two losing moves dropped early, then the search stopped
    best = max(pruned, key=pruned.get)
    assert str(best) == "2H+4D+5S" == str(max(plain, key=plain.get))
    assert all(value < pruned[best] for move, value in pruned.items() if move != best)


def test_arena_figures_from_a_hand_worked_example():
    results = [
        PairResult(deck_diffs=[4.0, -2.0], round_wins=3.0, match_wins=2, times={"a": [0.001, 0.003], "b": [0.002]}),
        PairResult(deck_diffs=[1.0], round_wins=0.5, match_wins=0, times={"a": [0.002], "b": [0.004, 0.006]}),
    ]
    summary = summarise("pro", "medium", 9, 62, results)
    # deck pairs 4, -2, 1: mean 1, sample deviation sqrt((9 + 9 + 0) / 2) = 3,
    # half-width 1.96 * 3 / sqrt(3) = 3.3948
    assert summary["deck_pairs"] == 3 and summary["matches"] == 4
    assert summary["mean_points_per_round"] == 1.0
    assert summary["ci95"] == [-2.395, 4.395]
    assert summary["round_win_rate"] == 0.5833  # 3.5 of the 6 paired rounds
    assert summary["match_win_rate"] == 0.5  # 2 of 4 matches
    assert summary["a_move_ms"] == {"level": "pro", "moves": 3, "median": 2.0, "p95": 3.0, "max": 3.0}
    assert summary["b_move_ms"] == {"level": "medium", "moves": 3, "median": 4.0, "p95": 6.0, "max": 6.0}


def test_an_arena_of_a_level_against_itself_is_an_exact_mirror():
    """Greedy plays without chance, so each deck is played the same way with the seats swapped:
    every deck pair cancels to 0, every round is won once by each side, and so is every match."""
    summary = run_arena("greedy", "greedy", pairs=6, seed=5, rules=Rules(target=31), processes=1)
    assert summary["mean_points_per_round"] == 0.0 and summary["ci95"] == [0.0, 0.0]
    assert summary["round_win_rate"] == 0.5 and summary["match_win_rate"] == 0.5
    assert summary["a_move_ms"]["moves"] == summary["b_move_ms"]["moves"] > 0


@pytest.mark.parametrize("players", [3, 4])
def test_arena_with_three_and_four_seats_is_an_exact_mirror_for_equal_levels(players):
    """A takes every seat (three players) or each team's side (four): with the same greedy
    player everywhere, A's side minus the mean of the others sums to zero over a deck's seatings."""
    rules = Rules(players=players, target=31)
    summary = run_arena("greedy", "greedy", pairs=4, seed=2, rules=rules, processes=1)
    assert summary["mean_points_per_round"] == 0.0 and summary["ci95"] == [0.0, 0.0]
    assert summary["matches"] % (3 if players == 3 else 2) == 0  # whole seatings per seed


def test_arena_command_line_takes_seats_and_house_rules(capsys):
    args = ["arena", "--a", "easy", "--b", "random", "--pairs", "2", "--seed", "3", "--target", "31"]
    args += ["--processes", "1"]
    assert cli_main([*args, "--players", "3", "--surs-cancel", "--sur-points", "7", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    rules = Rules(players=3, surs_cancel=True, sur_points=7, target=31)
    same = run_arena("easy", "random", pairs=2, seed=3, rules=rules, processes=1)
    timing = ("a_move_ms", "b_move_ms")
    assert {k: v for k, v in summary.items() if k not in timing} == {k: v for k, v in same.items() if k not in timing}
    assert summary["matches"] % 3 == 0  # each seed is played once with A in each of the three seats
    with pytest.raises(SystemExit):
        cli_main([*args, "--players", "4", "--forced-capture", "maybe"])


def test_arena_command_line_prints_json(capsys):
    assert (
        cli_main(
            [
                "arena",
                "--a",
                "easy",
                "--b",
                "random",
                "--pairs",
                "2",
                "--seed",
                "3",
                "--target",
                "31",
                "--processes",
                "1",
                "--json",
            ]
        )
        == 0
    )
    summary = json.loads(capsys.readouterr().out)
    same = run_arena("easy", "random", pairs=2, seed=3, rules=Rules(target=31), processes=1)
    timing = ("a_move_ms", "b_move_ms")
    assert {k: v for k, v in summary.items() if k not in timing} == {k: v for k, v in same.items() if k not in timing}
    assert summary["a"] == "easy" and summary["b"] == "random"


@pytest.mark.parametrize("level", [*sorted(LEVELS), "greedy"])
def test_open_hand_every_level_shows_a_card_of_its_hand_and_plays_whole_matches(level):
    rules = Rules(open_hand=True)
    state = new_match(8, rules)
    view = observation(state, 0)
    assert all(m.shows for m in view.legal_moves)
    move = bot(level, seed=1, **({"worlds": 4} if level == "pro" else {})).choose(view)
    assert move.shows and move.card in view.hand
    players = [bot(level, seed=2, **({"worlds": 2} if level == "pro" else {})), bot("random", seed=3)]
    while state.round_no == 0:  # a whole round: every show and play is legal
        state = state.apply(players[state.turn].choose(observation(state, state.turn)))
    assert len(state.rounds[0].moves) == 48 and len(state.rounds[0].shows) >= 12


def test_the_careful_show_keeps_a_jack_hidden_and_shows_a_king_first():
    rules = Rules(open_hand=True)
    state = from_position([parse_cards("JC 7H KS 2D"), parse_cards("3C 4C 5C 6C")], parse_cards("9S"), rules)
    view = observation(state, 0)
    for level in ("medium", "pro"):
        assert str(bot(level, seed=1).choose(view)) == "show:KS"


def test_three_seats_the_pro_objectives_differ_on_the_clubs_bonus():
    """Last card of a three-seat round (forced capture off, nobody else holds a card, every card
    placed): the jack of hearts takes 3C and 8C (the king stays and goes to the last capturer,
    now seat 0), or it is dropped and the whole table goes to seat 2, the last capturer so far.
    Clubs in the piles 2 / 5 / 4, two more on the table; seat 1 has 12 other points (A, 2 and J
    of clubs, 10D, three aces, two jacks).

    - take: clubs 4 / 5 / 4, seat 1 has the most and the 7 of clubs: points 1 / 19 / 0;
    - drop: clubs 2 / 5 / 6, seat 2 has them (and the jack): points 0 / 12 / 8.

    Own minus the best other: take 1 - 19 = -18, drop 0 - 12 = -12, so "leader" drops, to take
    the clubs from the leader. Own minus the mean of the others: take 1 - 9.5 = -8.5, drop
    0 - 10 = -10, so "mean" takes its jack's point. The oracle searches the true cards, so its
    values are these exactly; the objective is the same code in pro's search."""
    rules = Rules(players=3, forced_capture="off")
    hand, table = parse_cards("JH"), parse_cards("3C 8C KD")
    piles = [list(parse_cards(p)) for p in ("4C 5C", "AC 2C JC 6C 7C 10D AD AH AS JD JS", "9C 10C QC KC")]
    placed = {c for part in (hand, table, *piles) for c in part}
    rest = [c for c in CARDS if c not in placed]  # no points among them: they only fill the piles
    piles[0] += rest[:10]
    piles[1] += rest[10:20]
    piles[2] += rest[20:]
    state = from_position([hand, [], []], table, rules, captured=piles, last_capturer=2)
    take, drop = state.legal_moves()
    assert (str(take), str(drop)) == ("JH+3C+8C", "JH")
    assert [s.total for s in state.apply(take).rounds[0].score] == [1, 19, 0]
    assert [s.total for s in state.apply(drop).rounds[0].score] == [0, 12, 8]
    view = observation(state, 0)
    expected = {"leader": ({take: -18.0, drop: -12.0}, drop), "mean": ({take: -8.5, drop: -10.0}, take)}
    for objective, (values, best) in expected.items():
        oracle = OraclePlayer(1, worlds=2, objective=objective)
        oracle.peek = lambda: state
        assert oracle.evaluate(view) == values
        assert oracle.choose(view) == best
    assert bot("pro-mean", seed=1).objective == "mean" and bot("pro", seed=1).objective == "leader"
    with pytest.raises(ValueError, match="objective"):
        bot("pro", seed=1, objective="own")


def test_pruning_waits_for_prune_from_worlds(monkeypatch):
    # the sur position again: with pruning from world 16 on, every move is played in the first
    # 16 worlds, then the two losing moves go and the search stops well before 40 worlds
    import engine.chaharbargh.ai.players as players

    shown = parse_cards("2H 6C 7D JC JD KC 4D 5S")
    rest = [c for c in CARDS if c not in shown][:40]
    view = observation(from_position([shown[:3], shown[3:6]], shown[6:], stock=rest), 0)
    legal = len(view.legal_moves)
    calls = []
    real = players.scored_playout
    monkeypatch.setattr(players, "scored_playout", lambda *a, **k: calls.append(1) or real(*a, **k))
    early = players.ProPlayer(seed=1, worlds=40, prune_from=0).evaluate(view)
    assert len(calls) < 16 * legal  # without waiting, the search stops before 16 worlds
    calls.clear()
    waiting = players.ProPlayer(seed=1, worlds=40, prune_from=16).evaluate(view)
    assert 16 * legal <= len(calls) < 40 * legal
    assert max(early, key=early.get) == max(waiting, key=waiting.get)
