"""The examples of the rules page (/rules) as data, and what the engine makes of each of them.

The examples are data, in app/games/chaharbargh/data/examples.toml, read and checked at start-up
(`load_examples`). An example is a position, stated as one line of position text (`chaharbargh-position/1`, see
docs/engine.md: the rules, a hand and a table, and where needed the cards captured so far, the
match totals, the surs already made, or a whole deal of `new_match`), and a move. `run(example)`
reads the position with `engine.from_text`, asks the engine for the legal moves and applies the
move with `MatchState.apply`, so the page shows what the engine answers, never a hand-written
result. In the hand-made positions only the seat to play holds cards, and outside the last deal
the stock holds one more deal, so that a sur scores as it would there. Each example also carries
`claim`: what the text around it says should happen. The page does not print the claims;
tests/app/test_rules_page.py checks every claim against `run`, so the words and the game
cannot drift apart.

Claims (every key optional):
  takes     cards the move captures           after     the table right after the move
  playable  hand cards with a legal move      options   the played card's legal moves (text)
  sur       the move is a sur (R8)            scored    the sur counts (scores or cancels)
  cancelled side whose sur was cancelled      leftover  (seat, cards) taking the last table
  totals    round totals per side             clubs_to  side with the clubs bonus, or None
  winner    winning side after the round, or None     round_over  the move ended the round
  surs      scoring surs per side after the move (this round)
  dealer, first_turn, next_turn, next_dealer, stock, revealed   (new deals)
  dealt     (cards in your hand, cards on the table)   table_jacks  jacks on the first table
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from pydantic import ConfigDict

from engine import Card, Leftover, Move, Outcome, RoundScore, Rules, from_text, observation

from ...datafile import DataError, load


@dataclass(frozen=True)
class Example:
    __pydantic_config__ = ConfigDict(extra="forbid")  # a misspelt field in the data file is an error

    key: str
    position: str  # one line of `chaharbargh-position/1` text; the seat to play plays the move
    move: str = ""  # optional for a new deal (then its first legal move is played)
    new_deal: bool = False  # a new match's first deal: the page tells how it was dealt and who plays next
    claim: dict[str, object] = field(default_factory=dict)


# What the engine says ----------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    rules: Rules
    seat: int  # the seat whose hand is shown: the one that plays the move
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    move: Move | None
    legal: tuple[Move, ...]
    playable: frozenset[Card]  # hand cards with at least one legal move
    options: tuple[Move, ...]  # the legal moves of the played card
    after: tuple[Card, ...]  # the table right after the move (before any leftover is taken)
    outcome: Outcome | None
    piles: tuple[tuple[Card, ...], ...]  # captured per seat before the move
    leftover: Leftover | None = None
    score: tuple[RoundScore, ...] | None = None
    round_over: bool = False
    winner: int | None = None
    totals: tuple[int, ...] = ()
    surs: tuple[int, ...] = ()  # scoring surs per side after the move (this round)
    dealer: int | None = None
    first_turn: int | None = None
    next_turn: int | None = None
    next_dealer: int | None = None
    stock: int | None = None
    revealed: tuple[Card, ...] = ()  # the opponent's face-up card (open hand)


def _deal(ex: Example) -> Result:
    """A new deal: what new_match dealt, who plays first, and how the turn and dealer move on."""
    state = from_text(ex.position)
    rules = state.rules
    legal = tuple(state.legal_moves())
    move = Move.parse(ex.move) if ex.move else legal[0]
    after = state.apply(move)
    walk = after
    while walk.round_no == 0 and not walk.finished:  # play the round out, always the first legal move
        walk = walk.apply(walk.legal_moves()[0])
    view = observation(state, 0)
    return Result(
        rules=rules,
        seat=0,
        hand=state.hand(0),
        table=state.table,
        move=move,
        legal=legal,
        playable=frozenset(m.card for m in legal),
        options=tuple(m for m in legal if m.card == move.card),
        after=after.table,
        outcome=after.last,
        piles=((),) * rules.players,
        dealer=state.dealer,
        first_turn=state.turn,
        next_turn=after.turn,
        next_dealer=walk.dealer,
        stock=state.stock_count,
        revealed=tuple(c for seat, cards in enumerate(view.revealed) if seat != 0 for c in cards),
        totals=state.totals,
    )


def run(ex: Example) -> Result:
    """Read the example's position, apply its move with the engine and report what happened."""
    if ex.new_deal:
        return _deal(ex)
    state = from_text(ex.position)
    rules, seat = state.rules, state.turn
    legal = tuple(state.legal_moves())
    move = Move.parse(ex.move)
    after = state.apply(move)  # raises IllegalMove if the engine refuses the move
    outcome = after.last
    assert outcome is not None
    log = outcome.round_over
    table_after = outcome.table  # the engine's, before a round end takes the leftover
    return Result(
        rules=rules,
        seat=seat,
        hand=state.hand(seat),
        table=state.table,
        move=move,
        legal=legal,
        playable=frozenset(m.card for m in legal),
        options=tuple(m for m in legal if m.card == move.card),
        after=table_after,
        outcome=outcome,
        piles=tuple(state.captured_cards(i) for i in range(rules.players)),
        leftover=log.leftover if log else None,
        score=log.score if log else None,
        round_over=log is not None,
        winner=after.winner,
        totals=after.totals,
        surs=tuple(s.surs for s in log.score) if log and log.score else after.surs(),
    )


# The examples, in page order ---------------------------------------------------------------

# The claims an example may make (see the module's docstring).
CLAIMS = {"takes", "after", "playable", "options", "sur", "scored", "cancelled", "leftover", "totals", "clubs_to"}
CLAIMS |= {"winner", "round_over", "surs", "dealer", "first_turn", "next_turn", "next_dealer", "stock", "revealed"}
CLAIMS |= {"dealt", "table_jacks"}


DATA = Path(__file__).parent / "data"  # this game's own data files


def load_examples(path: Path = DATA / "examples.toml") -> tuple[Example, ...]:
    """The examples of `path` (app/games/chaharbargh/data/examples.toml), checked: every field's type, a
    position the engine reads, a move it allows there (or a new deal), and known claim keys.
    `DataError` names the example and what is wrong."""
    examples = load(path, "example", Example)
    for ex in examples:
        where = f"{path.name}: example {ex.key!r}"
        if set(ex.claim) - CLAIMS:
            raise DataError(f"{where}: unknown claim(s) {', '.join(sorted(set(ex.claim) - CLAIMS))}")
        try:
            state = from_text(ex.position)
            move = Move.parse(ex.move) if ex.move else None
        except ValueError as error:
            raise DataError(f"{where}: {error}") from None
        if (move is None and not ex.new_deal) or (move is not None and move not in state.legal_moves()):
            raise DataError(f"{where}: the move must be a legal move of the position (or the example a new deal)")
    if len({ex.key for ex in examples}) != len(examples):
        raise DataError(f"{path.name}: two examples share a key")
    return examples


EXAMPLES = load_examples()
BY_KEY = {ex.key: ex for ex in EXAMPLES}


@cache
def result(key: str) -> Result:
    """The engine's answer for the example `key`, computed once per process."""
    return run(BY_KEY[key])
