"""What the last move of a Chaharbargh table did, for the cards' movement (static/motion.css) and
its sound (static/sound.js): read from the engine's events of that move (`motion`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.events import NO_SEAT

from ...common_views import PLACES
from ...table import Table


@dataclass
class Motion:
    """What the last move did, for the cards' movement (static/motion.css) and its sound
    (static/sound.js): read from the engine's events of that move as the person may see them
    (`Outcome.events_for(0)`), never worked out here."""

    ply: int = 0
    sound: str = ""  # "play", "capture", "sur", "round" (the move ended a round) or ""
    sur: bool = False  # a sur was made: the table celebrates it
    entering: dict[str, str] = field(default_factory=dict)  # another seat's played card: where it comes from
    late: frozenset[str] = frozenset()  # cards another seat took: they leave after its card arrived
    dealt: frozenset[str] = frozenset()  # cards dealt from the stock that the person sees: their hand, the table
    dealt_backs: dict[int, int] = field(default_factory=dict)  # per other seat, how many hidden cards it was dealt
    leftover: frozenset[str] = frozenset()  # the round's leftovers, going to the last capturer's pile
    leftover_side: int | None = None  # the side that takes them


def motion(loaded: Table) -> Motion:
    """The last move's events, told as the table moves them. A move that ended a round is told
    only by its sound: the round's sheet takes the table's place."""
    last = loaded.state.last
    if last is None:
        return Motion(ply=loaded.ply)
    me = NO_SEAT if loaded.watching else loaded.seat  # someone watching sees no hand's cards
    events = last.events_for(me)
    kinds = {e.kind for e in events}
    sound = next((name for kind, name in SOUNDS if kind in kinds), "")
    dealt: set[str] = set()
    backs: dict[int, int] = {}
    for e in events:  # the stock's cards as the person may see them: another hand's are None
        if e.kind == "deal" and e.source == "stock":
            dealt |= {str(c) for c in e.cards if c is not None}
            if e.target.startswith("hand:") and e.target != f"hand:{me}":
                seat = int(e.target.removeprefix("hand:"))
                backs[seat] = backs.get(seat, 0) + sum(c is None for c in e.cards)
    if "round_end" in kinds or "match_end" in kinds:
        left = next((e for e in events if e.kind == "leftover"), None)
        return Motion(
            ply=loaded.ply,
            sound=sound,
            dealt=frozenset(dealt),
            dealt_backs=backs,
            leftover=frozenset(str(c) for c in left.cards if c is not None) if left else frozenset(),
            leftover_side=int(left.target.removeprefix("pile:")) if left else None,
        )
    entering: dict[str, str] = {}
    late: set[str] = set()
    players = loaded.state.players
    places = PLACES[players]
    for e in events:
        if e.seat is None or e.seat == me:
            continue
        place = places.get((e.seat - loaded.seat) % players)  # none: the chair the table is drawn from
        if e.kind == "play" and e.cards and e.cards[0] is not None and place:
            entering[str(e.cards[0])] = place
        elif e.kind in ("capture", "sweep"):
            late |= {str(c) for c in e.cards if c is not None}
    return Motion(
        loaded.ply, sound, "sur" in kinds, entering, frozenset(late - entering.keys()), frozenset(dealt), backs
    )


# The first of these event kinds that the last move has names its sound.
SOUNDS = (
    ("round_end", "round"),
    ("match_end", "round"),
    ("sur", "sur"),
    ("capture", "capture"),
    ("sweep", "capture"),
    ("play", "play"),
)
