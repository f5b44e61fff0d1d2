"""The sur (R8 and its house rules) in one place: what is a sur, whether it scores, what it cancels.

The match (`engine.chaharbargh.match`) and the fast playouts (`engine.chaharbargh.ai.playout`) both ask these functions,
so the computer players judge surs by exactly the rules the match is played by.

>>> from engine.chaharbargh.rules import Rules
>>> is_sur(7, 0, jack_sur=False), is_sur(11, 0, jack_sur=False), is_sur(11, 0, jack_sur=True), is_sur(7, 2, False)
(True, False, True, False)
>>> sur_scores(Rules(), last_deal=True, start_total=0), sur_scores(Rules(sur_in_last_deal=True), True, 0)
(False, True)
>>> sur_scores(Rules.preset("pagat"), last_deal=False, start_total=50)  # the sur cut-off
False
>>> count_sur((1, 0, 1), side=0, cancel=True)  # cancels side 1's latest sur instead of scoring
((1, 0), 1)
>>> count_sur((1,), side=0, cancel=False)
((1, 0), None)
"""

from __future__ import annotations

from engine.cards import JACK
from engine.chaharbargh.rules import Rules


def sur_ranks(jack_sur: bool) -> tuple[bool, ...]:
    """Indexed by rank (1 to 13): whether emptying the table with that card is a sur. Every
    card but the jack, unless the jack-sur house rule (``rules.jack_sur``) is on. The fast
    playouts read this table in their inner loop instead of calling `is_sur`."""
    return tuple(rank != JACK or jack_sur for rank in range(14))


SUR_RANKS = {jack_sur: sur_ranks(jack_sur) for jack_sur in (False, True)}


def is_sur(rank: int, table_left: int, jack_sur: bool) -> bool:
    """A capture by a card of ``rank`` that leaves ``table_left`` (a mask, or a count) is a sur."""
    return not table_left and SUR_RANKS[jack_sur][rank]


def sur_scores(rules: Rules, last_deal: bool, start_total: int) -> bool:
    """Whether a sur made now scores: not in the round's last deal (unless the house rule says
    so), and not for a side whose match total reached the sur cut-off before the round."""
    cutoff = rules.sur_cutoff
    return (not last_deal or rules.sur_in_last_deal) and not (cutoff is not None and start_total >= cutoff)


def count_sur(stack: tuple[int, ...], side: int, cancel: bool) -> tuple[tuple[int, ...], int | None]:
    """Record a scoring sur of ``side`` on ``stack`` (the sides of this round's uncancelled
    scoring surs, oldest first). Under surs-cancel it removes the latest sur of another side
    instead, if there is one; returns the new stack and the side whose sur was cancelled."""
    if cancel:
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] != side:
                return stack[:i] + stack[i + 1 :], stack[i]
    return stack + (side,), None
