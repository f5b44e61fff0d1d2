"""Building All Fours positions for tests: one line of position text with sensible defaults."""

from engine.allfours import MatchState, from_text

DEFAULTS = {
    "rules": "p2,t14",
    "seed": "0",
    "round": "0",
    "redeal": "0",
    "dealer": "1",
    "phase": "play",
    "turn": "0",
    "hands": None,
    "dealt": None,
    "stock": "-",
    "turned": "7H",
    "trick": "-",
    "piles": "-/-",
    "totals": "0/0",
    "winner": "-",
}


def pos(**fields: str) -> MatchState:
    """A position from text; ``dealt`` defaults to the hands (nothing played yet)."""
    values = {**DEFAULTS, **fields}
    if values["dealt"] is None:
        values["dealt"] = values["hands"]
    text = "allfours-position/1 " + " ".join(f"{name}={values[name]}" for name in DEFAULTS)
    return from_text(text)


def codes(cards) -> list[str]:
    return [str(c) for c in cards]


def moves(state: MatchState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def play(state: MatchState, *texts: str) -> MatchState:
    from engine.allfours import Move

    for text in texts:
        state = state.apply(Move.parse(text))
    return state
