"""All Fours' puzzle themes: what the best and the second move did at once.

- ``stand_beg``: the deal's decisions (stand or beg, take one or run);
- ``jack``: the jack of trumps is played by one of them or lies in the trick, or the second
  move lets the other side hang it;
- ``high``, ``low``: the highest or the lowest trump dealt this deal is played by one of them
  or lies in the trick (the trick's winner scores the point of High; Low goes to its holder);
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
from engine.cards import JACK

THEMES = ("stand_beg", "jack", "high", "low", "other")
JUDGE = Judge()


def themes(state: MatchState, best: Move, second: Move) -> tuple[str, ...]:
    """The themes of a puzzle whose answer is `best` and whose nearest other move is `second`."""
    if state.phase in ("beg", "answer"):
        return ("stand_beg",)
    trump = state.trump
    trumps = [c for hand in state.dealt for c in hand if c.suit == trump]
    in_play = {m.card for m in (best, second) if m.card is not None} | set(state.trick)
    found = []
    if any(c.suit == trump and c.rank == JACK for c in in_play) or reason(state, second, best) == "jack_hanged":
        found.append("jack")
    if trumps and max(trumps, key=power) in in_play:
        found.append("high")
    if trumps and min(trumps, key=power) in in_play:
        found.append("low")
    return tuple(found) or ("other",)
