"""The examples of the rules page (/rules) as data, and what the engine makes of each of them.

An example is a position (a hand and a table, and where needed the cards captured so far, the
match totals, the surs already made, or a seeded deal) and a move. `run(example)` builds the
position, asks the engine for the legal moves and applies the move with `MatchState.apply`, so
the page shows what the engine answers, never a hand-written result. Each example also carries
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
  dealer, first_turn, next_turn, next_dealer, stock, revealed   (seeded deals)
  dealt     (cards in your hand, cards on the table)   table_jacks  jacks on the first table
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from engine import (
    CARDS,
    Card,
    Leftover,
    MatchState,
    Move,
    Outcome,
    RoundScore,
    Rules,
    from_position,
    new_match,
    observation,
)


@dataclass(frozen=True)
class Example:
    key: str
    hand: tuple[str, ...] = ()
    table: tuple[str, ...] = ()
    move: str = ""
    rules: dict[str, object] = field(default_factory=dict)  # options changed from the `table` preset
    seed: int | None = None  # a seeded deal (new_match) instead of a hand-made position
    seat: int = 0  # the seat that plays the move
    last_deal: bool = False  # the position is in the round's last deal (the stock is empty)
    piles: tuple[tuple[str, ...], ...] = ()  # cards each seat captured earlier in the round
    last_capturer: int | None = None
    surs: tuple[int, ...] = ()  # sides holding scoring surs earlier in the round, oldest first
    totals: tuple[int, ...] = ()  # match totals when the round started
    claim: dict[str, object] = field(default_factory=dict)

    @property
    def cards(self) -> tuple[str, ...]:
        """The example's hand and table cards, as the data gives them."""
        return self.hand + self.table


# Position helpers ---------------------------------------------------------------------------

def position(ex: Example, rules: Rules) -> MatchState:
    """A state with the example's position, the example's seat to play (`engine.from_position`).

    Only the example's seat holds cards. Outside the last deal the stock holds one more deal
    (the first unused cards), so that a sur in the example scores as it would there.
    """
    n = rules.players
    used = set(ex.hand) | set(ex.table) | {c for pile in ex.piles for c in pile}
    stock = () if ex.last_deal else tuple(str(c) for c in CARDS if str(c) not in used)[: 4 * n]
    hands: list[tuple[str, ...]] = [()] * n
    hands[ex.seat] = ex.hand
    return from_position(
        hands,
        ex.table,
        rules,
        stock=stock,
        turn=ex.seat,
        captured=ex.piles,
        last_capturer=ex.last_capturer,
        surs=ex.surs,
        totals=ex.totals or None,
    )


# What the engine says ----------------------------------------------------------------------

@dataclass(frozen=True)
class Result:
    rules: Rules
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


def rules_of(ex: Example) -> Rules:
    return Rules.preset("table", **ex.rules)


def _deal(ex: Example, rules: Rules) -> Result:
    """A seeded deal: what new_match dealt, who plays first, and how the turn and dealer move on."""
    assert ex.seed is not None
    state = new_match(ex.seed, rules)
    legal = tuple(state.legal_moves())
    move = Move.parse(ex.move) if ex.move else legal[0]
    after = state.apply(move)
    walk = after
    while walk.round_no == 0 and not walk.finished:  # play the round out, always the first legal move
        walk = walk.apply(walk.legal_moves()[0])
    view = observation(state, 0)
    return Result(
        rules=rules,
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
    """Build the example's position, apply its move with the engine and report what happened."""
    rules = rules_of(ex)
    if ex.seed is not None:
        return _deal(ex, rules)
    state = position(ex, rules)
    legal = tuple(state.legal_moves())
    move = Move.parse(ex.move)
    after = state.apply(move)  # raises IllegalMove if the engine refuses the move
    outcome = after.last
    assert outcome is not None
    log = outcome.round_over
    table_after = outcome.table  # the engine's, before a round end takes the leftover
    return Result(
        rules=rules,
        hand=state.hand(ex.seat),
        table=state.table,
        move=move,
        legal=legal,
        playable=frozenset(m.card for m in legal),
        options=tuple(m for m in legal if m.card == move.card),
        after=table_after,
        outcome=outcome,
        piles=tuple(state.captured_cards(seat) for seat in range(rules.players)),
        leftover=log.leftover if log else None,
        score=log.score if log else None,
        round_over=log is not None,
        winner=after.winner,
        totals=after.totals,
        surs=tuple(s.surs for s in log.score) if log and log.score else after.surs(),
    )


# The examples, in page order ---------------------------------------------------------------

_POINT_PILE_YOU = ("2C", "3C", "5C", "6C", "8C", "9C", "QC", "KC", "10D", "AD", "AH", "JS", "4S", "7D")
_POINT_PILE_COMPUTER = ("AC", "4C", "7C", "10C", "JC", "AS", "JD", "JH", "9H", "QD")

EXAMPLES: tuple[Example, ...] = (
    # R1, R2: a real deal from a seed
    Example("deal", seed=7, claim={"stock": 40, "dealt": (4, 4), "table_jacks": 0, "dealer": 1, "first_turn": 0}),
    Example("turns", seed=7, move="10C+AC", claim={"first_turn": 0, "next_turn": 1, "next_dealer": 0}),
    # R3: the sum of eleven
    Example(
        "sum-one", hand=("7C", "2H"), table=("4D", "9S", "QH"), move="7C+4D",
        claim={"takes": ("4D",), "after": ("9S", "QH"), "sur": False},
    ),
    Example(
        "sum-many", hand=("2S", "KH"), table=("2D", "3C", "4H", "8S"), move="2S+2D+3C+4H",
        claim={"takes": ("2D", "3C", "4H"), "after": ("8S",), "options": ("2S+2D+3C+4H",)},
    ),
    Example(
        "sum-choice", hand=("6H",), table=("5C", "5D", "2S", "3D"), move="6H+5C",
        claim={"options": ("6H+5C", "6H+5D", "6H+2S+3D"), "takes": ("5C",), "after": ("5D", "2S", "3D")},
    ),
    Example(
        "sum-ace", hand=("AS", "QD"), table=("10D", "9C"), move="AS+10D",
        claim={"options": ("AS+10D",), "takes": ("10D",), "after": ("9C",)},
    ),
    # R4: the jack
    Example(
        "jack-sweep", hand=("JS", "5H"), table=("9C", "4D", "JH", "KD"), move="JS+4D+9C+JH",
        claim={"takes": ("9C", "4D", "JH"), "after": ("KD",), "sur": False},
    ),
    Example(
        "jack-faces", hand=("JC", "8H"), table=("KS", "QH"), move="JC",
        claim={"takes": (), "after": ("KS", "QH", "JC"), "playable": ("JC", "8H")},
    ),
    # R5: king takes king, queen takes queen
    Example(
        "king", hand=("KH", "3C"), table=("KS", "8D"), move="KH+KS",
        claim={"takes": ("KS",), "after": ("8D",), "sur": False},
    ),
    Example(
        "queens", hand=("QC", "9D"), table=("QD", "QS", "5H"), move="QC+QS",
        claim={"options": ("QC+QD", "QC+QS"), "takes": ("QS",), "after": ("QD", "5H")},
    ),
    # R6: placing
    Example(
        "place", hand=("9H", "QS"), table=("5C", "KD"), move="9H",
        claim={"takes": (), "after": ("5C", "KD", "9H"), "playable": ("9H", "QS")},
    ),
    # R7: forced capture
    Example(
        "forced", hand=("5H", "9S", "QC"), table=("6D", "KS"), move="5H+6D",
        claim={"playable": ("5H",), "options": ("5H+6D",), "after": ("KS",)},
    ),
    # R8: the sur
    Example(
        "sur", hand=("2C", "8H"), table=("4H", "5S"), move="2C+4H+5S",
        claim={"takes": ("4H", "5S"), "after": (), "sur": True, "scored": True},
    ),
    Example(
        "sur-king", hand=("KC", "6S"), table=("KH",), move="KC+KH",
        claim={"after": (), "sur": True, "scored": True},
    ),
    Example(
        "jack-no-sur", hand=("JD", "3S"), table=("6C", "2H"), move="JD+2H+6C",
        claim={"after": (), "sur": False},
    ),
    Example(
        "sur-last-deal", hand=("3D", "KC"), table=("8S",), move="3D+8S", last_deal=True,
        claim={"after": (), "sur": True, "scored": False},
    ),
    # R9: the end of the round
    Example(
        "leftover-mine", hand=("6H",), table=("5D", "2C", "KS"), move="6H+5D", last_deal=True,
        last_capturer=1,
        claim={"takes": ("5D",), "leftover": (0, ("2C", "KS")), "sur": False},
    ),
    Example(
        "leftover-theirs", hand=("9D",), table=("3C", "QH"), move="9D", last_deal=True, last_capturer=1,
        claim={"takes": (), "leftover": (1, ("3C", "QH", "9D"))},
    ),
    # R10: scoring a round (every point card of the deck is in a pile or on the table)
    Example(
        "score", hand=("7H",), table=("4H", "6S"), move="7H+4H", last_deal=True, last_capturer=1,
        piles=(_POINT_PILE_YOU, _POINT_PILE_COMPUTER), surs=(0,),
        claim={"totals": (20, 5), "clubs_to": 0, "leftover": (0, ("6S",))},
    ),
    Example(
        "clubs-tie", hand=("QH",), table=("4C",), move="QH", last_deal=True,
        piles=(("AC", "2C", "3C", "5C", "6C", "7C"), ("8C", "9C", "10C", "JC", "QC", "KC")),
        claim={"clubs_to": None, "leftover": None},
    ),
    # R11: the end of the match
    Example(
        "match-win", hand=("8D",), table=("3S", "KH"), move="8D+3S", last_deal=True, last_capturer=1,
        totals=(58, 60), piles=(("2C", "10D", "AS"), ("JD",)),
        claim={"totals": (6, 1), "winner": 0},
    ),
    Example(
        "match-tie", hand=("5C",), table=("6H", "2S"), move="5C+6H", last_deal=True, last_capturer=1,
        totals=(58, 62), piles=(("10D", "AS"), ()),
        claim={"totals": (4, 0), "winner": None, "round_over": True},
    ),
    # house rules
    Example(
        "forced-card", hand=("5H", "9S", "QC"), table=("6D", "KS"), move="9S", rules={"forced_capture": "card"},
        claim={"playable": ("5H", "9S", "QC"), "options": ("9S",), "after": ("6D", "KS", "9S")},
    ),
    Example(
        "jack-sur", hand=("JD", "3S"), table=("6C", "2H"), move="JD+2H+6C", rules={"jack_sur": True},
        claim={"after": (), "sur": True, "scored": True},
    ),
    Example(
        "last-deal-sur", hand=("3D", "KC"), table=("8S",), move="3D+8S", last_deal=True,
        rules={"sur_in_last_deal": True},
        claim={"sur": True, "scored": True},
    ),
    Example(
        "surs-cancel", hand=("4S", "QD"), table=("7C",), move="4S+7C", surs=(1,), rules={"surs_cancel": True},
        claim={"sur": True, "scored": True, "cancelled": 1, "surs": (0, 0)},
    ),
    Example(
        "sur-cutoff", hand=("4S", "QD"), table=("7C",), move="4S+7C", totals=(52, 30), rules={"sur_cutoff": 50},
        claim={"sur": True, "scored": False, "surs": (0, 0)},
    ),
    Example("open-hand", seed=7, rules={"open_hand": True}, claim={"revealed": 1}),
    # more players
    Example(
        "three-clubs", hand=("QS",), table=("9D",), move="QS", last_deal=True, rules={"players": 3}, last_capturer=1,
        piles=(("AC", "2C", "3C", "4C", "5C"), ("6C", "7C", "8C", "9C", "10C"), ("JC", "QC", "KC")),
        claim={"clubs_to": 2},
    ),
    Example(
        "four-sur", hand=("6C", "KS"), table=("2D", "3H"), move="6C+2D+3H", rules={"players": 4},
        claim={"sur": True, "scored": True, "surs": (1, 0)},
    ),
)

BY_KEY = {ex.key: ex for ex in EXAMPLES}


@cache
def result(key: str) -> Result:
    """The engine's answer for the example `key`, computed once per process."""
    return run(BY_KEY[key])
