"""All Fours' puzzle themes: what the best and the second move did at once.

- ``stand_beg``: the deal's decisions (stand or beg, take one or run);
- ``jack``: the jack of trumps is played by one of them or lies in the trick, or the second
  move lets the other side hang it;
- ``high``, ``low``: one of them plays, or the trick holds, a trump higher (lower) than every
  trump the seat cannot see: the highest (lowest) one out as far as the seat knows, whose trick
  may take the point of High (Low). Worked out from the seat's view only: a theme must not tell
  what the other hand holds;
- ``other``: none of these (the point for game, a trick's lead).

>>> from engine.allfours.position import from_text
>>> from engine.allfours.review import BEG_TO_ANSWER
>>> from engine.allfours.moves import ONE, RUN
>>> themes(from_text(BEG_TO_ANSWER), RUN, ONE)
('stand_beg',)
"""

from __future__ import annotations

from engine.allfours.match import MatchState
from engine.allfours.moves import Move
from engine.allfours.review import Judge, reason
from engine.allfours.rules import power
from engine.cards import CARDS, JACK

THEMES = ("stand_beg", "jack", "high", "low", "other")
JUDGE = Judge()


def themes(state: MatchState, best: Move, second: Move) -> tuple[str, ...]:
    """The themes of a puzzle whose answer is `best` and whose nearest other move is `second`."""
    if state.phase in ("beg", "answer"):
        return ("stand_beg",)
    trump = state.trump
    seen = {*state.hand(state.turn), *state.trick, *state.turned, *(c for pile in state.piles for c in pile)}
    out = [power(c) for c in CARDS if c.suit == trump and c not in seen]
    in_play = {m.card for m in (best, second) if m.card is not None} | set(state.trick)
    played = [power(c) for c in in_play if c.suit == trump]
    found = []
    if any(c.suit == trump and c.rank == JACK for c in in_play) or reason(state, second, best) == "jack_hanged":
        found.append("jack")
    if played and max(played) > max(out, default=-1):
        found.append("high")
    if played and min(played) < min(out, default=99):
        found.append("low")
    return tuple(found) or ("other",)
