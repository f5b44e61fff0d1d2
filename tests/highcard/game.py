"""High card behind the engine's game protocol: rules, play, a seat's view, a computer player,
its record and its position text. Pure and deterministic from the seed, like the real games."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

import engine.errors
from engine.cards import CARDS, Card
from engine.events import Event
from engine.options import Option

RECORD_FORMAT = "highcard-record/1"
POSITION_FORMAT = "highcard-position/1"
HAND = 3  # cards a seat is dealt each round


@dataclass(frozen=True)
class Rules:
    players: int = 2
    target: int = 2  # rounds to win

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4) or not 1 <= self.target <= 9:
            raise ValueError(f"no such high card table: {self}")


class IllegalMove(engine.errors.IllegalMove):  # the web table explains any game's refusal by its reason
    def __init__(self, reason: str):
        super().__init__(reason, reason)


def power(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


@dataclass(frozen=True)
class State:
    seed: int
    rules: Rules
    round_no: int
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[tuple[int, Card], ...]  # (seat, card) in the order played
    last_trick: tuple[tuple[int, Card], ...]
    turn: int
    tricks: tuple[int, ...]  # tricks each seat has taken this round
    totals: tuple[int, ...]  # rounds each seat has won
    rounds: int  # rounds finished
    winner: int | None
    moves: tuple[str, ...]

    @property
    def ply(self) -> int:
        return len(self.moves)


def deal(seed: int, round_no: int, players: int) -> tuple[tuple[Card, ...], ...]:
    deck = list(CARDS)
    random.Random(seed * 1_000 + round_no).shuffle(deck)
    hands = (deck[s * HAND : (s + 1) * HAND] for s in range(players))
    return tuple(tuple(sorted(hand, key=lambda c: (power(c), c.suit))) for hand in hands)


def new_match(seed: int, rules: Rules) -> State:
    zero = (0,) * rules.players
    return State(seed, rules, 0, deal(seed, 0, rules.players), (), (), 0, zero, zero, 0, None, ())


def legal_moves(state: State) -> list[Card]:
    return [] if state.winner is not None else list(state.hands[state.turn])


def apply(state: State, card: Card) -> State:
    if state.winner is not None:
        raise IllegalMove("match_over")
    if card not in state.hands[state.turn]:
        raise IllegalMove("not_in_hand")
    seat, n = state.turn, state.rules.players
    hands = tuple(tuple(c for c in h if c != card) if s == seat else h for s, h in enumerate(state.hands))
    trick = (*state.trick, (seat, card))
    after = replace(state, hands=hands, trick=trick, turn=(seat + 1) % n, moves=(*state.moves, str(card)))
    if len(trick) < n:
        return after
    best = max(power(c) for _, c in trick)
    taker = next(s for s, c in trick if power(c) == best)  # equal ranks: the one played first
    tricks = tuple(t + (s == taker) for s, t in enumerate(state.tricks))
    after = replace(after, trick=(), last_trick=trick, turn=taker, tricks=tricks)
    if any(hands):
        return after
    most = max(tricks)
    won = tricks.index(most)
    totals = tuple(t + (s == won) for s, t in enumerate(state.totals))
    winner = won if totals[won] >= state.rules.target else None
    round_no = state.round_no + (winner is None)
    return replace(
        after, totals=totals, rounds=state.rounds + 1, winner=winner, round_no=round_no, tricks=(0,) * n,
        hands=deal(state.seed, round_no, n) if winner is None else hands, turn=round_no % n,
    )  # fmt: skip


@dataclass(frozen=True)
class View:
    """What one seat may see: its own hand, the trick, the score; the others' hands only as counts."""

    seat: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    turn: int
    tricks: tuple[int, ...]
    totals: tuple[int, ...]
    round_no: int
    winner: int | None
    legal_moves: tuple[Card, ...]


class HighestCard:
    """Every level plays its highest card: the test game needs a computer, not a good one."""

    def choose(self, view: View) -> Card:
        return max(view.legal_moves, key=lambda c: (power(c), c.suit))


class HighCard:
    name = "highcard"
    seat_counts: tuple[int, ...] = (2, 3, 4)
    levels: tuple[str, ...] = ("easy", "medium", "pro")
    record_format = RECORD_FORMAT
    position_format = POSITION_FORMAT
    presets: tuple[str, ...] = ("plain",)
    options: tuple[Option, ...] = ()

    def rules(self, players: int) -> Rules:
        return Rules(players=players)

    def preset(self, name: str, **changes: Any) -> Rules:
        if name != "plain":
            raise ValueError(f"no preset {name!r}")
        return Rules(**changes)

    def rules_from_dict(self, data: Mapping[str, Any]) -> Rules:
        return Rules(**data)

    def rules_to_dict(self, rules: Rules) -> dict[str, Any]:
        return asdict(rules)

    def renewed(self, rules: Rules) -> Rules:
        return rules

    def seats_of(self, rules: Rules) -> int:
        return rules.players

    def side_of(self, rules: Rules, seat: int) -> int:
        return seat

    def teams(self, rules: Rules) -> bool:
        return False

    def target(self, rules: Rules) -> int:
        return rules.target

    def new_match(self, seed: int, rules: Rules) -> State:
        return new_match(seed, rules)

    def legal_moves(self, state: State) -> Sequence[Card]:
        return legal_moves(state)

    def parse_move(self, text: str) -> Card:
        return Card.parse(text)

    def apply(self, state: State, move: Card) -> State:
        return apply(state, move)

    def events(self, state: State, seat: int) -> tuple[Event, ...]:
        return ()  # its table draws no moving cards

    def rules_of(self, state: State) -> Rules:
        return state.rules

    def turn(self, state: State) -> int:
        return state.turn

    def ply(self, state: State) -> int:
        return state.ply

    def winner(self, state: State) -> int | None:
        return state.winner

    def totals(self, state: State) -> tuple[int, ...]:
        return state.totals

    def rounds_played(self, state: State) -> int:
        return state.rounds

    def observation(self, state: State, seat: int) -> View:
        legal = tuple(legal_moves(state)) if state.turn == seat else ()
        counts = tuple(len(h) for h in state.hands)
        return View(seat, state.hands[seat], counts, state.trick, state.last_trick, state.turn, state.tricks,
                    state.totals, state.round_no, state.winner, legal)  # fmt: skip

    def spectator(self, state: State) -> View:
        return replace(self.observation(state, 0), hand=(), legal_moves=())

    def bot(self, level: str, seed: int | None = None, **settings: Any) -> HighestCard:
        if level not in self.levels:
            raise ValueError(f"no computer level {level!r}")
        return HighestCard()

    def arena(self, a: str, b: str, pairs: int, seed: int, rules: Rules, processes: int,
              a_settings: dict[str, Any], b_settings: dict[str, Any]) -> dict[str, Any]:  # fmt: skip
        raise NotImplementedError("the test game has no arena")

    def record(self, state: State, seats: list[str] | None = None) -> dict[str, Any]:
        return {"format": RECORD_FORMAT, "seed": state.seed, "rules": asdict(state.rules), "seats": seats or [],
                "moves": list(state.moves), "totals": list(state.totals), "winner": state.winner}  # fmt: skip

    def replay(self, data: Mapping[str, Any]) -> State:
        if data.get("format") != RECORD_FORMAT:
            raise ValueError("not a high card record")
        state = new_match(data["seed"], Rules(**data["rules"]))
        for text in data["moves"]:
            state = apply(state, Card.parse(text))
        return state

    def to_text(self, state: State) -> str:
        rules, moves = state.rules, ",".join(state.moves) or "-"
        return f"{POSITION_FORMAT} seed={state.seed} rules=p{rules.players},t{rules.target} moves={moves}"

    def from_text(self, text: str) -> State:
        tag, seed, rules, moves = text.split(" ")
        if tag != POSITION_FORMAT:
            raise ValueError(f"unknown position format {tag!r}")
        players, target = rules.removeprefix("rules=").split(",")
        state = new_match(int(seed.removeprefix("seed=")), Rules(int(players[1:]), int(target[1:])))
        for code in moves.removeprefix("moves=").split(","):
            if code != "-":
                state = apply(state, Card.parse(code))
        return state


GAME = HighCard()
