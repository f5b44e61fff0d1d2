"""Game records in the ``chaharbargh-record/1`` format (docs/record-format.md), and replay.

>>> from engine.chaharbargh.match import new_match
>>> state = new_match(11)
>>> state = state.apply(state.legal_moves()[0])
>>> data = record(state, seats=["you", "random"])
>>> data["format"], data["winner"], len(data["rounds"][0]["moves"])
('chaharbargh-record/1', None, 1)
>>> replay(data) == state
True

A record holds the seed, so a record of a match still in play reveals every hidden card: give
one out only once the match is over.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import engine.errors
from engine.cards import Card
from engine.chaharbargh.match import Deal, MatchState, RoundLog, new_match
from engine.chaharbargh.moves import IllegalMove, Move
from engine.chaharbargh.rules import Rules
from engine.diff import where

RECORD_FORMAT = "chaharbargh-record/1"


class RecordError(engine.errors.RecordError):
    """A record that is malformed or does not agree with the game its seed and moves produce."""


def _codes(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def _deal_dict(deal: Deal, first: bool) -> dict[str, Any]:
    data: dict[str, Any] = {"hands": [_codes(h) for h in deal.hands]}
    if first:
        data["table"] = _codes(deal.table)
    return data


def _round_dict(log: RoundLog) -> dict[str, Any]:
    data = {
        "dealer": log.dealer,
        "deals": [_deal_dict(deal, i == 0) for i, deal in enumerate(log.deals)],
        "moves": [
            {
                "seat": p.seat,
                "card": str(p.move.card),
                "takes": _codes(sorted(p.move.takes, key=lambda c: c.id)),
                "sur": p.sur,
            }
            for p in log.moves
        ],
        "leftover": {"seat": log.leftover.seat, "cards": _codes(log.leftover.cards)} if log.leftover else {},
        "score": [s.to_dict() for s in log.score] if log.score is not None else None,
    }
    if log.shows:  # open hand only, so every other record is as it always was
        data["shows"] = [{"seat": s.seat, "card": str(s.card), "at": s.at} for s in log.shows]
    return data


def record(state: MatchState, seats: list[str] | None = None) -> dict[str, Any]:
    """The JSON-ready record of a match so far (the round in play has ``"score": null``)."""
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
        "seats": names,
        "rounds": [_round_dict(log) for log in rounds],
        "totals": list(state.totals),
        "winner": state.winner,
    }


def _actions(round_data: dict[str, Any]) -> list[tuple[int, Move]]:
    """A round's moves and shows (open hand) in the order they were made: a show ``at`` n came
    after the round's n-th move."""
    shows = sorted(round_data.get("shows", []), key=lambda s: s["at"])  # stable: same-``at`` shows keep their order
    actions: list[tuple[int, Move]] = []
    for ply, move_data in enumerate([*round_data["moves"], None]):
        while shows and shows[0]["at"] == ply:
            show = shows.pop(0)
            actions.append((show["seat"], Move.show(Card.parse(show["card"]))))
        if move_data is not None:
            move = Move(Card.parse(move_data["card"]), frozenset(map(Card.parse, move_data["takes"])))
            actions.append((move_data["seat"], move))
    if shows:
        raise RecordError(f"a show after move {shows[0]['at']}, which the round never reached")
    return actions


def replay(data: dict[str, Any]) -> MatchState:
    """The state a record describes, rebuilt from its seed and moves and checked against it."""
    try:
        if data["format"] != RECORD_FORMAT:
            raise RecordError(f"unknown record format {data['format']!r}")
        state = new_match(data["seed"], Rules.from_dict(data["rules"]))
        rounds = data["rounds"]
        for number, round_data in enumerate(rounds):
            if state.round_no != number:
                raise RecordError(f"round {number}: the record has a round the game never reached")
            for ply, (seat, move) in enumerate(_actions(round_data)):
                if state.finished:
                    raise RecordError("moves after the end of the match")
                if seat != state.turn:
                    raise RecordError(f"round {number}, move {ply}: seat {seat} is not to play")
                try:
                    state = state.apply(move)
                except IllegalMove as error:
                    raise RecordError(f"round {number}, move {ply}: {error}") from None
            played = state.rounds[number] if number < len(state.rounds) else state.current
            if (dealt := _round_dict(played)) != round_data:
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
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        raise RecordError(f"malformed record: {error!r}") from None
    if list(state.totals) != data["totals"] or state.winner != data["winner"]:
        raise RecordError("the totals or winner do not match the replayed game")
    return state
