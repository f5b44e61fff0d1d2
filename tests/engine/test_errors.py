"""One hierarchy of refusals for every game (`engine.errors`): each game's illegal moves, bad
rules and bad records are the shared classes, with the reason a UI explains them by."""

import pytest

from engine import errors, games
from engine.allfours import IllegalMove as AllFoursIllegalMove
from engine.chaharbargh import IllegalMove as ChaharbarghIllegalMove

CHAHARBARGH = (
    "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 "
    "deal=5 dealer=1 turn=0 hands=5S,9H,QD/KH table=6C,KD stock=- piles=-/- surs=- "
    "last=- start=0/0 totals=0/0 shown=- winner=-"
)


def allfours_position(turn: int, hands: str, trick: str = "-") -> str:
    return (
        f"allfours-position/1 rules=p2,t14 seed=0 round=0 redeal=0 dealer=1 phase=play turn={turn} "
        f"hands={hands} dealt={hands} stock=- turned=7H trick={trick} piles=-/- totals=0/0 winner=-"
    )


def refusal(name: str, position: str, *moves: str) -> errors.IllegalMove:
    """The refusal of the last of `moves` played from `position` (the others are legal)."""
    game = games.get(name)
    state = game.from_text(position)
    for text in moves[:-1]:
        state = game.apply(state, game.parse_move(text))
    with pytest.raises(errors.IllegalMove) as refused:
        game.apply(state, game.parse_move(moves[-1]))
    return refused.value


def test_chaharbargh_sum_that_is_not_eleven():
    # 9 of hearts with the 6 of clubs makes 15, not 11 (R3); with forced capture off the 9 may be played
    refused = refusal("chaharbargh", CHAHARBARGH.replace("p2,hand,", "p2,off,"), "9H+6C")
    assert isinstance(refused, ChaharbarghIllegalMove) and isinstance(refused, ValueError)
    assert refused.reason == "wrong_sum" and refused.total == 15


def test_chaharbargh_placing_while_another_card_captures():
    # the queen takes nothing (no queen on the table), but 5S + 6C make 11: under "hand" forced
    # capture the queen may not be placed while another card can capture (R7)
    assert refusal("chaharbargh", CHAHARBARGH, "QD").reason == "must_capture"
    assert refusal("chaharbargh", CHAHARBARGH, "5S").reason == "card_must_capture"  # the 5 itself captures


def test_allfours_must_follow_the_suit_led():
    # seat 1 leads clubs; seat 0 holds a club, so the diamond (neither clubs nor trump) is refused
    refused = refusal("allfours", allfours_position(1, "2C,5D/9C,KS"), "9C", "5D")
    assert isinstance(refused, AllFoursIllegalMove) and isinstance(refused, ValueError)
    assert refused.reason == "must_follow"


def test_allfours_must_play_trump_when_trump_is_led():
    # hearts are trump (the 7H turned up): seat 1 leads the 3H, seat 0 holds the 2H
    assert refusal("allfours", allfours_position(1, "2H,5D/3H,KS"), "3H", "5D").reason == "must_trump"


def test_a_decision_out_of_its_phase():
    game = games.get("allfours")
    state = game.new_match(3, game.rules(players=2))  # the first choice is stand or beg
    with pytest.raises(errors.IllegalMove) as refused:
        game.apply(state, game.parse_move("run"))  # the dealer's answer to a beg nobody made
    assert refused.value.reason == "not_your_decision"


@pytest.mark.parametrize("name", ["chaharbargh", "allfours"])
def test_a_malformed_record(name):
    game = games.get(name)
    state = game.new_match(4, game.rules(players=2))
    state = game.apply(state, game.legal_moves(state)[0])
    record = game.record(state)
    assert game.to_text(game.replay(record)) == game.to_text(state)  # the record itself is sound
    for bad in ({**record, "format": "nonsense/1"}, {key: value for key, value in record.items() if key != "seed"}):
        with pytest.raises(errors.RecordError):
            game.replay(bad)
    with pytest.raises(errors.EngineError):
        game.replay({})


@pytest.mark.parametrize(("name", "seats"), [("chaharbargh", 5), ("allfours", 3)])
def test_invalid_rules(name, seats):
    game = games.get(name)
    with pytest.raises(errors.RulesError):
        game.rules(players=seats)
    with pytest.raises(errors.RulesError):
        game.preset("no-such-preset")
    with pytest.raises(errors.RulesError):
        game.preset(game.presets[0], no_such_option=True)


@pytest.mark.parametrize("name", ["chaharbargh", "allfours"])
def test_malformed_position_and_card(name):
    game = games.get(name)
    with pytest.raises(errors.PositionError):
        game.from_text(f"{name}-position/1 nothing=here")
    with pytest.raises(errors.EngineError):
        game.parse_move("1C")  # no card has rank 1


def test_every_refusal_is_an_engine_error_and_a_value_error():
    for kind in (errors.IllegalMove, errors.RulesError, errors.RecordError, errors.PositionError):
        assert issubclass(kind, errors.EngineError) and issubclass(kind, ValueError)
