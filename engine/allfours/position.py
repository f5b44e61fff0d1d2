"""All Fours positions as one line of text, in the ``allfours-position/1`` format.

The line is the format tag, then these fields ``name=value`` in this order, separated by single
spaces. Cards are written by their codes joined by ``,``; groups per seat or per side are joined
by ``/``; ``-`` is an empty group, or "none".

- ``rules``: ``p2,t14`` (players, target);
- ``seed``, ``round``, ``redeal``: the match seed, the round (from 0) and how many times this
  round was dealt again; with the seed they pick the decks still to come;
- ``dealer``, ``phase`` (``beg``, ``answer``, ``play`` or ``over``), ``turn``;
- ``hands``: each seat's hand; ``dealt``: every card each seat was dealt this deal (its original
  holder: Low goes to it, and a jack won by the other side is hanged);
- ``stock``: the stock in dealing order; ``turned``: the cards turned up this deal, the last
  showing trump;
- ``trick``: the trick in progress, in the order played (it was led by seat ``turn`` minus its
  length);
- ``piles``: per side, the cards won in tricks this round;
- ``totals``: per side; ``winner``: the winning side, or ``-``.

Like a record it shows every hidden card and the seed: never send it to a player during a match.
A position names its dealer, so it holds no cut for the first deal (``state.cut`` is ``None``)
and its rules are read with ``Rules()``'s ``first_dealer``; what came before it is history.

>>> text = ("allfours-position/1 rules=p2,t14 seed=0 round=0 redeal=0 dealer=1 phase=play turn=1 "
...         "hands=KH,2C/9C,3H,AS dealt=KH,2C,QC/9C,3H,AS stock=- turned=7H trick=QC piles=-/- "
...         "totals=0/0 winner=-")
>>> state = from_text(text)
>>> [str(m) for m in state.legal_moves()]  # clubs led: follow with 9C or trump with 3H
['9C', '3H']
>>> to_text(state) == text
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import engine.errors
from engine.allfours.match import PHASES, MatchState
from engine.allfours.rules import Rules, RulesError
from engine.cards import Card, CardError

POSITION_FORMAT = "allfours-position/1"
FIELDS = (
    "rules",
    "seed",
    "round",
    "redeal",
    "dealer",
    "phase",
    "turn",
    "hands",
    "dealt",
    "stock",
    "turned",
    "trick",
    "piles",
    "totals",
    "winner",
)
EMPTY = "-"
_NUMBER = re.compile(r"[0-9]+")
_RULES = re.compile(r"p([0-9]+),t([0-9]+)")


class PositionError(engine.errors.PositionError):
    """Text that is not an ``allfours-position/1`` position; the message names the field."""


def _cards(cards: Sequence[Card]) -> str:
    return ",".join(str(c) for c in cards) or EMPTY


def _groups(groups: Sequence[Sequence[Card]]) -> str:
    return "/".join(_cards(g) for g in groups)


def to_text(state: MatchState) -> str:
    """The position of ``state`` as one canonical line."""
    values = {
        "rules": f"p{state.rules.players},t{state.rules.target}",
        "seed": str(state.seed),
        "round": str(state.round_no),
        "redeal": str(state.redeals),
        "dealer": str(state.dealer),
        "phase": state.phase,
        "turn": str(state.turn),
        "hands": _groups(state.hands),
        "dealt": _groups(state.dealt),
        "stock": _cards(state.stock),
        "turned": _cards(state.turned),
        "trick": _cards(state.trick),
        "piles": _groups(state.piles),
        "totals": "/".join(map(str, state.totals)),
        "winner": EMPTY if state.winner is None else str(state.winner),
    }
    return " ".join([POSITION_FORMAT, *(f"{name}={values[name]}" for name in FIELDS)])


def _number(name: str, text: str) -> int:
    if not _NUMBER.fullmatch(text):
        raise PositionError(f"{name}: {text!r} is not a whole number")
    return int(text)


def _card_list(name: str, text: str) -> tuple[Card, ...]:
    if text == EMPTY:
        return ()
    try:
        return tuple(Card.parse(code) for code in text.split(","))
    except CardError as error:
        raise PositionError(f"{name}: {error}") from None


def _group_list(name: str, text: str, count: int) -> tuple[tuple[Card, ...], ...]:
    parts = text.split("/")
    if len(parts) != count:
        raise PositionError(f"{name}: {len(parts)} groups, expected {count}")
    return tuple(_card_list(name, part) for part in parts)


def from_text(text: str) -> MatchState:
    """The state a position line describes; raises `PositionError` for anything it cannot be."""
    if not isinstance(text, str):
        raise PositionError("a position is text")
    words = text.split()
    if not words or words[0] != POSITION_FORMAT:
        raise PositionError(f"not an {POSITION_FORMAT} position (it starts {words[0] if words else ''!r})")
    values: dict[str, str] = {}
    for word in words[1:]:
        name, sep, value = word.partition("=")
        if not sep or name not in FIELDS:
            raise PositionError(f"unknown field {word!r}")
        if name in values:
            raise PositionError(f"{name}: given twice")
        values[name] = value
    missing = [name for name in FIELDS if name not in values]
    if missing:
        raise PositionError(f"missing field(s) {', '.join(missing)}")
    if list(values) != list(FIELDS):
        raise PositionError(f"fields out of order: expected {' '.join(FIELDS)}")

    match = _RULES.fullmatch(values["rules"])
    if not match:
        raise PositionError(f"rules: {values['rules']!r} is not p<players>,t<target>")
    try:
        rules = Rules(players=int(match[1]), target=int(match[2]))
    except RulesError as error:
        raise PositionError(f"rules: {error}") from None
    n = rules.players
    seed, round_no, redeals = (_number(name, values[name]) for name in ("seed", "round", "redeal"))
    dealer, turn = _number("dealer", values["dealer"]), _number("turn", values["turn"])
    for name, seat in (("dealer", dealer), ("turn", turn)):
        if seat >= n:
            raise PositionError(f"{name}: no seat {seat} with {n} players")
    phase = values["phase"]
    if phase not in PHASES:
        raise PositionError(f"phase: {phase!r} is not one of {', '.join(PHASES)}")
    hands = _group_list("hands", values["hands"], n)
    dealt = _group_list("dealt", values["dealt"], n)
    stock = _card_list("stock", values["stock"])
    turned = _card_list("turned", values["turned"])
    trick = _card_list("trick", values["trick"])
    piles = _group_list("piles", values["piles"], 2)
    totals_text = values["totals"].split("/")
    if len(totals_text) != 2:
        raise PositionError("totals: expected two totals, side 0/side 1")
    totals = (_number("totals", totals_text[0]), _number("totals", totals_text[1]))
    winner = None if values["winner"] == EMPTY else _number("winner", values["winner"])

    seen: dict[Card, str] = {}
    zones = [(f"hand of seat {s}", h) for s, h in enumerate(hands)]
    zones += [("stock", stock), ("turned", turned), ("trick", trick)]
    zones += [(f"pile of side {s}", p) for s, p in enumerate(piles)]
    for zone, cards in zones:
        for card in cards:
            if card in seen:
                raise PositionError(f"the card {card} appears twice (in {seen[card]} and in {zone})")
            seen[card] = zone
    if not turned:
        raise PositionError("turned: at least one card is turned up (the last shows trump)")
    leader = (turn - len(trick)) % n
    played = {card: (leader + i) % n for i, card in enumerate(trick)}
    won = {card for pile in piles for card in pile}
    for seat in range(n):
        if len(set(dealt[seat])) != len(dealt[seat]):
            raise PositionError(f"dealt: a card twice in seat {seat}'s")
        if not set(hands[seat]) <= set(dealt[seat]):
            raise PositionError(f"dealt: seat {seat}'s hand holds cards it was not dealt")
        for card in dealt[seat]:
            if card not in hands[seat] and played.get(card) != seat and card not in won:
                raise PositionError(f"dealt: {card}, dealt to seat {seat}, is neither in its hand nor played")
    for card, seat in played.items():
        if card not in dealt[seat]:
            raise PositionError(f"trick: {card} was played by seat {seat} but not dealt to it")
    holders = {card for cards in dealt for card in cards}
    if not won <= holders:
        raise PositionError("piles: a won card nobody was dealt")
    if (phase == "over") != (winner is not None):
        raise PositionError("winner: a finished match (phase over) has a winner, and only then")
    if winner is not None and winner > 1:
        raise PositionError(f"winner: no side {winner}")
    if phase in ("beg", "answer"):
        expected = (dealer + 1) % n if phase == "beg" else dealer
        if turn != expected:
            raise PositionError(f"turn: in phase {phase} seat {expected} is to decide, not seat {turn}")
        if trick or won:
            raise PositionError(f"trick: no card is played before the decisions ({phase})")
    if phase == "play":
        sizes = [len(hands[s]) + (1 if s in played.values() else 0) for s in range(n)]
        if len(set(sizes)) != 1 or sizes[0] == 0:
            raise PositionError(f"hands: sizes {[len(h) for h in hands]} do not fit the trick in progress")
    return MatchState(
        rules,
        seed,
        round_no,
        redeals,
        dealer,
        phase,
        turn,
        hands,
        dealt,
        stock,
        turned,
        trick,
        leader if phase == "play" else (dealer + 1) % n,
        piles,
        totals,
        winner,
    )
