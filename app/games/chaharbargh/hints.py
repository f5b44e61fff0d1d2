"""The pro's hints at a Chaharbargh practice: each legal move's value as the pro sees it from
the asking seat, kept in the service's cache (`Store._hints`) so the same position costs nothing
again."""

from __future__ import annotations

from engine import MatchState, Move, move_values, observation

from ...refusals import Refused
from ...store import Store, bot_seed
from ...table import Table

HINT_WORLDS = 400  # worlds the pro samples for a hint: steady values; 92 ms median, 179 ms p95 here


def _hint_key(loaded: Table) -> tuple[str, int, MatchState]:
    """A hint depends on the position and the match's seed for the ply, so it is kept by
    (match, ply, position): tapping cards with hints on, and the same position again after an
    undo (the ply and position come back, the undo count does not), reuse it."""
    return (loaded.match.id, loaded.ply, loaded.state)


def hint_cached(service: Store, loaded: Table) -> bool:
    """Whether this table's hint is in this process's cache (costs nothing: not rate-limited)."""
    with service._cache_lock:
        return _hint_key(loaded) in service._hints


def hints(service: Store, loaded: Table) -> dict[Move, float]:
    """Practice: each legal move's value as the pro sees it from the asking seat.

    The pro decides from that seat's observation only, so a hint reveals nothing hidden;
    a fixed number of worlds and a seed from the position make the same hint every time.
    """
    if not loaded.practice or not loaded.human_to_play:
        raise Refused("no_hint", 409)
    key = _hint_key(loaded)
    with service._cache_lock:
        hit = service._hints.get(key)
        if hit is not None:
            service._hints.move_to_end(key)
    if hit is not None:
        return hit
    # every move in every world (no pruning): a hint compares every card, not just the best
    seed = bot_seed(loaded.match, loaded.ply) ^ 0x5EED
    values = move_values(observation(loaded.state, loaded.seat), seed, HINT_WORLDS)
    with service._cache_lock:
        service._hints[key] = values
        while len(service._hints) > service.CACHE_SIZE:
            service._hints.popitem(last=False)
    return values
