"""All Fours game records in the ``allfours-record/2`` format, and replay.

A record is JSON: ``format``, ``rules`` (``players``, ``target``, ``first_dealer``), ``seed``,
``cut``, ``seats`` (a name per seat), ``rounds`` and the match's ``totals`` and ``winner``
(``null`` while in play). ``cut`` is the cut for round one's deal, a list of attempts (a tie for
the highest card cuts again), each a list of ``{"seat": 0, "card": "7H"}`` in seat order; it is
``null`` when the rules' ``first_dealer`` is ``"last"`` (nobody cut). Each round holds its
``dealer``, ``redeals`` (how many times the stock ran out and it was dealt again), the cards
``turned`` up in its last deal (the last is trump), what each seat was ``dealt`` in that deal,
its ``moves`` in order (``{"seat": 0, "move": "beg"}``; a move is a decision, ``stand``,
``beg``, ``one`` or ``run``, or a card code), its score ``lines`` in order (``kind``, ``side``,
``points``, ``card``, ``counted``) and ``game``, what each side's tricks counted towards Game
(``null`` for a round the match ended before its tricks).

Replaying rebuilds the match from the seed and the moves and checks the cut and every round
against the record, so a record that does not agree with its own game is refused. Records of
the first format, ``allfours-record/1``, written before the cut for the deal, have no ``cut``
and no ``first_dealer``: they replay as they were played, the last seat dealing first.

>>> from engine.allfours.match import new_match
>>> state = new_match(11)
>>> state = state.apply(state.legal_moves()[0])
>>> data = record(state, seats=["you", "easy"])
>>> data["format"], data["cut"], data["winner"], data["rounds"][0]["moves"]
('allfours-record/2', [[{'seat': 0, 'card': '9H'}, {'seat': 1, 'card': 'QC'}]], None, [{'seat': 0, 'move': 'stand'}])
>>> replay(data) == state
True

A record holds the seed, so a record of a match in play reveals every hidden card: give one
out only once the match is over.
"""

from __future__ import annotations

from typing import Any

import engine.errors
from engine.allfours.match import Cut, MatchState, RoundLog, new_match
from engine.allfours.moves import IllegalMove, Move
from engine.allfours.rules import Rules
from engine.diff import where

RECORD_FORMAT = "allfours-record/2"
FIRST_FORMAT = "allfours-record/1"  # before the cut for the deal: no cut, the last seat dealt first


class RecordError(engine.errors.RecordError):
    """A record that is malformed or does not agree with the game its seed and moves give."""


def round_dict(log: RoundLog) -> dict[str, Any]:
    return {
        "dealer": log.dealer,
        "redeals": log.redeals,
        "turned": [str(c) for c in log.turned],
        "dealt": [[str(c) for c in hand] for hand in log.dealt],
        "moves": [{"seat": p.seat, "move": str(p.move)} for p in log.moves],
        "lines": [line.to_dict() for line in log.lines],
        "game": list(log.game) if log.game is not None else None,
    }


def cut_list(cut: Cut | None) -> list[list[dict[str, Any]]] | None:
    if cut is None:
        return None
    return [[{"seat": c.seat, "card": str(c.card)} for c in attempt] for attempt in cut.attempts]


def record(state: MatchState, seats: list[str] | None = None) -> dict[str, Any]:
    """The JSON-ready record of a match so far."""
    names = list(seats) if seats is not None else [f"seat {i}" for i in range(state.players)]
    if len(names) != state.players:
        raise ValueError(f"{len(names)} seat names for {state.players} seats")
    rounds = list(state.rounds)
    if not state.finished:
        rounds.append(state.current)
    return {
        "format": RECORD_FORMAT,
        "rules": state.rules.to_dict(),
        "seed": state.seed,
        "cut": cut_list(state.cut),
        "seats": names,
        "rounds": [round_dict(log) for log in rounds],
        "totals": list(state.totals),
        "winner": state.winner,
    }


def replay(data: dict[str, Any]) -> MatchState:
    """The state a record describes, rebuilt from its seed and moves and checked against it."""
    try:
        if data["format"] not in (RECORD_FORMAT, FIRST_FORMAT):
            raise RecordError(f"unknown record format {data['format']!r}")
        rules = Rules.from_dict(data["rules"])
        state = new_match(data["seed"], rules)
        if data["format"] == FIRST_FORMAT:
            if rules.first_dealer != "last" or "cut" in data:
                raise RecordError(f"an {FIRST_FORMAT} record has no cut: its last seat dealt first")
        elif cut_list(state.cut) != data["cut"]:
            raise RecordError("the cut does not match the one the seed gives")
        rounds = data["rounds"]
        for number, round_data in enumerate(rounds):
            if state.round_no != number or (state.finished and number >= len(state.rounds)):
                raise RecordError(f"round {number}: the record has a round the game never reached")
            for ply, move_data in enumerate(round_data["moves"]):
                if state.finished:
                    raise RecordError("moves after the end of the match")
                if move_data["seat"] != state.turn:
                    raise RecordError(f"round {number}, move {ply}: seat {move_data['seat']} is not to play")
                try:
                    state = state.apply(Move.parse(move_data["move"]))
                except IllegalMove as error:
                    raise RecordError(f"round {number}, move {ply}: {error}") from None
            played = state.rounds[number] if number < len(state.rounds) else state.current
            if (dealt := round_dict(played)) != round_data:
                raise RecordError(
                    f"round {number} does not match the game its seed and moves give ({where(dealt, round_data)})"
                )
        if len(rounds) != len(state.rounds) + (0 if state.finished else 1):
            raise RecordError("the record's rounds do not match the game its moves give")
        seats = data["seats"]
        if not isinstance(seats, list) or len(seats) != state.players or not all(isinstance(s, str) for s in seats):
            raise RecordError(f"seats must list {state.players} names")
    except RecordError:
        raise
    except (KeyError, TypeError, AttributeError, ValueError, IndexError) as error:
        raise RecordError(f"malformed record: {error!r}") from None
    if list(state.totals) != data["totals"] or state.winner != data["winner"]:
        raise RecordError("the totals or winner do not match the replayed game")
    return state
