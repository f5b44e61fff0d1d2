"""The examples of the rules page (/rules) as data, and what the engine makes of each of them.

An example is a position, stated as one line of position text (`chaharbargh-position/1`, see
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

from engine import Card, Leftover, Move, Outcome, RoundScore, Rules, from_text, observation


@dataclass(frozen=True)
class Example:
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

EXAMPLES: tuple[Example, ...] = (
    # R1, R2: a real deal from a seed
    Example(
        "deal",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=7 round=0 deal=0 dealer=1 turn=0 "
        "hands=5S,10C,4D,9C/6D,JH,8D,5H table=3H,AC,10H,7H stock=KD,10D,8S,JS,7C,AH,7S,QS,10S,3D,8H,AD,4S,2H,4C,QH,2C,"
        "3C,AS,JC,9S,QD,KC,7D,3S,JD,6H,5C,6S,QC,8C,4H,9D,2S,9H,5D,KS,KH,2D,6C "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        new_deal=True, claim={"stock": 40, "dealt": (4, 4), "table_jacks": 0, "dealer": 1, "first_turn": 0},
    ),
    Example(
        "turns",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=7 round=0 deal=0 dealer=1 turn=0 "
        "hands=5S,10C,4D,9C/6D,JH,8D,5H table=3H,AC,10H,7H stock=KD,10D,8S,JS,7C,AH,7S,QS,10S,3D,8H,AD,4S,2H,4C,QH,2C,"
        "3C,AS,JC,9S,QD,KC,7D,3S,JD,6H,5C,6S,QC,8C,4H,9D,2S,9H,5D,KS,KH,2D,6C "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        new_deal=True, move="10C+AC", claim={"first_turn": 0, "next_turn": 1, "next_dealer": 0},
    ),
    # R3: the sum of eleven
    Example(
        "sum-one",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=7C,2H/- table=4D,9S,QH stock=AC,AD,AH,AS,2C,2D,2S,3C "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="7C+4D", claim={"takes": ("4D",), "after": ("9S", "QH"), "sur": False},
    ),
    Example(
        "sum-many",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=2S,KH/- table=2D,3C,4H,8S stock=AC,AD,AH,AS,2C,2H,3D,3H "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="2S+2D+3C+4H", claim={"takes": ("2D", "3C", "4H"), "after": ("8S",), "options": ("2S+2D+3C+4H",)},
    ),
    Example(
        "sum-choice",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=6H/- table=5C,5D,2S,3D stock=AC,AD,AH,AS,2C,2D,2H,3C "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="6H+5C", claim={"options": ("6H+5C", "6H+5D", "6H+2S+3D"), "takes": ("5C",), "after": ("5D", "2S", "3D")},
    ),
    Example(
        "sum-ace",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=AS,QD/- table=10D,9C stock=AC,AD,AH,2C,2D,2H,2S,3C "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="AS+10D", claim={"options": ("AS+10D",), "takes": ("10D",), "after": ("9C",)},
    ),
    # R4: the jack
    Example(
        "jack-sweep",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=JS,5H/- table=9C,4D,JH,KD stock=AC,AD,AH,AS,2C,2D,2H,2S "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="JS+4D+9C+JH", claim={"takes": ("9C", "4D", "JH"), "after": ("KD",), "sur": False},
    ),
    Example(
        "jack-faces",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=JC,8H/- table=KS,QH stock=AC,AD,AH,AS,2C,2D,2H,2S "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="JC", claim={"takes": (), "after": ("KS", "QH", "JC"), "playable": ("JC", "8H")},
    ),
    # R5: king takes king, queen takes queen
    Example(
        "king",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=KH,3C/- table=KS,8D stock=AC,AD,AH,AS,2C,2D,2H,2S "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="KH+KS", claim={"takes": ("KS",), "after": ("8D",), "sur": False},
    ),
    Example(
        "queens",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=QC,9D/- table=QD,QS,5H stock=AC,AD,AH,AS,2C,2D,2H,2S "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="QC+QS", claim={"options": ("QC+QD", "QC+QS"), "takes": ("QS",), "after": ("QD", "5H")},
    ),
    # R6: placing
    Example(
        "place",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=9H,QS/- table=5C,KD stock=AC,AD,AH,AS,2C,2D,2H,2S "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="9H", claim={"takes": (), "after": ("5C", "KD", "9H"), "playable": ("9H", "QS")},
    ),
    # R7: forced capture
    Example(
        "forced",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=5H,9S,QC/- table=6D,KS stock=AC,AD,AH,AS,2C,2D,2H,2S "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="5H+6D", claim={"playable": ("5H",), "options": ("5H+6D",), "after": ("KS",)},
    ),
    # R8: the sur
    Example(
        "sur",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=2C,8H/- table=4H,5S stock=AC,AD,AH,AS,2D,2H,2S,3C "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="2C+4H+5S", claim={"takes": ("4H", "5S"), "after": (), "sur": True, "scored": True},
    ),
    Example(
        "sur-king",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=KC,6S/- table=KH stock=AC,AD,AH,AS,2C,2D,2H,2S "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="KC+KH", claim={"after": (), "sur": True, "scored": True},
    ),
    Example(
        "jack-no-sur",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=JD,3S/- table=6C,2H stock=AC,AD,AH,AS,2C,2D,2S,3C "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="JD+2H+6C", claim={"after": (), "sur": False},
    ),
    Example(
        "sur-last-deal",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=5 dealer=1 turn=0 "
        "hands=3D,KC/- table=8S stock=- "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="3D+8S", claim={"after": (), "sur": True, "scored": False},
    ),
    # R9: the end of the round
    Example(
        "leftover-mine",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=5 dealer=1 turn=0 "
        "hands=6H/- table=5D,2C,KS stock=- "
        "piles=-/- surs=- last=1 start=0/0 totals=0/0 shown=- winner=-",
        move="6H+5D", claim={"takes": ("5D",), "leftover": (0, ("2C", "KS")), "sur": False},
    ),
    Example(
        "leftover-theirs",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=5 dealer=1 turn=0 "
        "hands=9D/- table=3C,QH stock=- "
        "piles=-/- surs=- last=1 start=0/0 totals=0/0 shown=- winner=-",
        move="9D", claim={"takes": (), "leftover": (1, ("3C", "QH", "9D"))},
    ),
    # R10: scoring a round (every point card of the deck is in a pile or on the table)
    Example(
        "score",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=5 dealer=1 turn=0 "
        "hands=7H/- table=4H,6S stock=- "
        "piles=AD,AH,2C,3C,4S,5C,6C,7D,8C,9C,10D,JS,QC,KC/AC,AS,4C,7C,9H,10C,JC,JD,JH,QD surs=0 last=1 start=0/0 "
        "totals=0/0 shown=- winner=-",
        move="7H+4H", claim={"totals": (20, 5), "clubs_to": 0, "leftover": (0, ("6S",))},
    ),
    Example(
        "clubs-tie",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=5 dealer=1 turn=0 "
        "hands=QH/- table=4C stock=- "
        "piles=AC,2C,3C,5C,6C,7C/8C,9C,10C,JC,QC,KC surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="QH", claim={"clubs_to": None, "leftover": None},
    ),
    # R11: the end of the match
    Example(
        "match-win",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=5 dealer=1 turn=0 "
        "hands=8D/- table=3S,KH stock=- "
        "piles=AS,2C,10D/JD surs=- last=1 start=58/60 totals=58/60 shown=- winner=-",
        move="8D+3S", claim={"totals": (6, 1), "winner": 0},
    ),
    Example(
        "match-tie",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=5 dealer=1 turn=0 "
        "hands=5C/- table=6H,2S stock=- "
        "piles=AS,10D/- surs=- last=1 start=58/62 totals=58/62 shown=- winner=-",
        move="5C+6H", claim={"totals": (4, 0), "winner": None, "round_over": True},
    ),
    # house rules
    Example(
        "forced-card",
        "chaharbargh-position/1 rules=p2,card,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=5H,9S,QC/- table=6D,KS stock=AC,AD,AH,AS,2C,2D,2H,2S "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="9S", claim={"playable": ("5H", "9S", "QC"), "options": ("9S",), "after": ("6D", "KS", "9S")},
    ),
    Example(
        "jack-sur",
        "chaharbargh-position/1 rules=p2,hand,js1,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=JD,3S/- table=6C,2H stock=AC,AD,AH,AS,2C,2D,2S,3C "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="JD+2H+6C", claim={"after": (), "sur": True, "scored": True},
    ),
    Example(
        "last-deal-sur",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld1,sc0,co-,t62,oh0 seed=0 round=0 deal=5 dealer=1 turn=0 "
        "hands=3D,KC/- table=8S stock=- "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="3D+8S", claim={"sur": True, "scored": True},
    ),
    Example(
        "surs-cancel",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc1,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=4S,QD/- table=7C stock=AC,AD,AH,AS,2C,2D,2H,2S "
        "piles=-/- surs=1 last=- start=0/0 totals=0/0 shown=- winner=-",
        move="4S+7C", claim={"sur": True, "scored": True, "cancelled": 1, "surs": (0, 0)},
    ),
    Example(
        "sur-cutoff",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co50,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=4S,QD/- table=7C stock=AC,AD,AH,AS,2C,2D,2H,2S "
        "piles=-/- surs=- last=- start=52/30 totals=52/30 shown=- winner=-",
        move="4S+7C", claim={"sur": True, "scored": False, "surs": (0, 0)},
    ),
    Example(
        "open-hand",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh1 seed=7 round=0 deal=0 dealer=1 turn=0 "
        "hands=5S,10C,4D,9C/6D,JH,8D,5H table=3H,AC,10H,7H stock=KD,10D,8S,JS,7C,AH,7S,QS,10S,3D,8H,AD,4S,2H,4C,QH,2C,"
        "3C,AS,JC,9S,QD,KC,7D,3S,JD,6H,5C,6S,QC,8C,4H,9D,2S,9H,5D,KS,KH,2D,6C "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=5S,6D winner=-",
        new_deal=True, claim={"revealed": 1},
    ),
    # more players
    Example(
        "three-clubs",
        "chaharbargh-position/1 rules=p3,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=3 dealer=2 turn=0 "
        "hands=QS/-/- table=9D stock=- "
        "piles=AC,2C,3C,4C,5C/6C,7C,8C,9C,10C/JC,QC,KC surs=- last=1 start=0/0/0 totals=0/0/0 shown=- winner=-",
        move="QS", claim={"clubs_to": 2},
    ),
    Example(
        "four-sur",
        "chaharbargh-position/1 rules=p4,hand,js0,sp10,ld0,sc0,co-,t124,oh0 seed=0 round=0 deal=1 dealer=3 turn=0 "
        "hands=6C,KS/-/-/- table=2D,3H stock=AC,AD,AH,AS,2C,2H,2S,3C,3D,3S,4C,4D,4H,4S,5C,5D "
        "piles=-/-/-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        move="6C+2D+3H", claim={"sur": True, "scored": True, "surs": (1, 0)},
    ),
)

BY_KEY = {ex.key: ex for ex in EXAMPLES}


@cache
def result(key: str) -> Result:
    """The engine's answer for the example `key`, computed once per process."""
    return run(BY_KEY[key])
