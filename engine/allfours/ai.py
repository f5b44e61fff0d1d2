"""All Fours computer players: each decides from `observation(state, seat)` and its own generator.

>>> from engine.allfours.match import new_match
>>> from engine.allfours.observation import observation
>>> state = new_match(5)
>>> move = bot("medium", seed=1).choose(observation(state, state.turn))
>>> move in state.legal_moves()
True

Levels: ``random`` (uniform among the legal moves), ``easy`` (a plain rule of thumb half the
time, random otherwise), ``medium`` (rules of thumb: stand with a strong trump hand, win a trick
worth winning with the cheapest card that does, keep the jack of trumps out of reach, feed a
partner's winning trick, throw the least useful card), ``pro`` (`ProPlayer`: samples the cards
it cannot see, agreeing with every void a seat showed by not following suit, and plays each
candidate move out in each sampled world, the deal's decisions included). Easy and medium
decide begging and running by `hand_strength` (`rule_decision`); the pro searches them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from engine.allfours.moves import BEG, ONE, RUN, STAND, Move
from engine.allfours.observation import Observation
from engine.allfours.rules import KICK_POINTS, RUN_SIZE, game_value, power
from engine.cards import CARDS, JACK, Card

SUITS = "CDHS"
_POWER = [power(c) for c in CARDS]
_VALUE = [game_value(c) for c in CARDS]
_SUIT = [SUITS.index(c.suit) for c in CARDS]


class Player(Protocol):
    """The one interface of every computer player: a seat's view in, one of its legal moves out."""

    def choose(self, view: Observation) -> Move: ...


def _require_turn(view: Observation) -> tuple[Move, ...]:
    if not view.legal_moves:
        raise ValueError("it is not this seat's turn")
    return view.legal_moves


# --- what a seat knows ------------------------------------------------------------------------


def played_cards(view: Observation) -> list[tuple[int, Card]]:
    """Every card played this round, with the seat that played it (its original holder)."""
    n = view.rules.players
    plays = [((t.leader + i) % n, c) for t in view.tricks for i, c in enumerate(t.cards)]
    plays += [((view.leader + i) % n, c) for i, c in enumerate(view.trick)]
    return plays


def unseen_cards(view: Observation) -> list[Card]:
    """The cards this seat has not seen: in the other hands or the stock. The piles count as
    seen: in play they hold only cards played to tricks, but a position set up by hand may
    hold cards won before it begins."""
    seen = set(view.hand) | set(view.turned) | {c for _, c in played_cards(view)}
    seen |= {c for pile in view.piles for c in pile}
    return [c for c in CARDS if c not in seen]


def voids(view: Observation) -> list[set[str]]:
    """Per seat, the suits it cannot hold: a seat that did not follow a plain suit led holds
    neither it nor trump (it would have had to follow or trump); one that did not follow trump
    led holds no trump. No card joins a hand during the tricks, so a void lasts the round."""
    n = view.rules.players
    trump = view.trump
    result: list[set[str]] = [set() for _ in range(n)]
    tricks = [(t.leader, t.cards) for t in view.tricks] + [(view.leader, view.trick)]
    for leader, cards in tricks:
        if not cards:
            continue
        led = cards[0].suit
        for i, card in enumerate(cards[1:], 1):
            seat = (leader + i) % n
            if led == trump and card.suit != trump:
                result[seat].add(trump)
            elif led != trump and card.suit not in (led, trump):
                result[seat] |= {led, trump}
    return result


def hand_strength(hand: Sequence[Card], trump: str) -> float:
    """How well a hand holds up with ``trump``: each trump counts 1, and more for the cards
    that win High (ace 2.5, king 1.5, queen 1), for the jack (1.5) and the ten (1), which take
    points; an ace of another suit adds 0.5. A hand of 3 or more is worth playing."""
    bonus = {1: 2.5, 13: 1.5, 12: 1.0, JACK: 1.5, 10: 1.0}
    strength = 0.0
    for card in hand:
        if card.suit == trump:
            strength += 1 + bonus.get(card.rank, 0.0)
        elif card.rank == 1:
            strength += 0.5
    return strength


STAND_AT = 3.0


def decide(view: Observation, stand_at: float = STAND_AT) -> Move:
    """Stand or beg, take one or run, by `hand_strength` and the score (`rule_decision` of
    the seat's view)."""
    return rule_decision(view.phase, view.hand, view.trump, view.totals, view.side, view.rules.target, stand_at)


def rule_decision(
    phase: str,
    hand: Sequence[Card],
    trump: str,
    totals: Sequence[int],
    side: int,
    target: int,
    stand_at: float = STAND_AT,
) -> Move:
    """Medium's rule of thumb for the deal's decisions of a seat of ``side`` holding ``hand``.

    The seat to the dealer's right begs when its side needs one point to win (the dealer can
    then only run) or when its hand is weak. The dealer never gives the point that would win
    the match; otherwise it keeps the trump ("take one") when its own hand is strong with it.

    >>> from engine.cards import parse_cards
    >>> str(rule_decision("answer", parse_cards("AH KH"), "H", (0, 0), side=1, target=14))
    'one'
    >>> str(rule_decision("answer", parse_cards("AH KH"), "H", (13, 0), side=1, target=14))
    'run'
    """
    strength = hand_strength(hand, trump)
    if phase == "beg":
        if totals[side] + 1 >= target:
            return BEG
        return STAND if strength >= stand_at else BEG
    beggar_side = 1 - side
    if totals[beggar_side] + 1 >= target:
        return RUN
    return ONE if strength >= stand_at else RUN


# --- choosing a card (shared by easy, medium and the pro's playouts) --------------------------


def _winning(cards: Sequence[int], trump: int) -> int:
    """The index of the card winning a (partial) trick of card ids."""
    best = 0
    for i in range(1, len(cards)):
        card, top = cards[i], cards[best]
        if _SUIT[card] == _SUIT[top]:
            if _POWER[card] > _POWER[top]:
                best = i
        elif _SUIT[card] == trump:
            best = i
    return best


def _beats(card: int, top: int, trump: int) -> bool:
    if _SUIT[card] == _SUIT[top]:
        return _POWER[card] > _POWER[top]
    return _SUIT[card] == trump


def _throw_cost(card: int, trump: int) -> float:
    """How much it hurts to give ``card`` away to the other side: its Game value, and for a
    trump its power (the jack most, as the other side would hang it)."""
    cost = float(_VALUE[card])
    if _SUIT[card] == trump:
        cost += 3 + _POWER[card] / 2 + (8 if _POWER[card] == JACK else 0)
    return cost + _POWER[card] / 100


def pick_card(
    legal: Sequence[int],
    trick: Sequence[int],
    trump: int,
    partner_winning: bool,
    last_to_play: bool,
    higher_trumps_out: Callable[[int], bool],
) -> int:
    """The rule-of-thumb card (ids throughout).

    Leading: a trump ace or king with the jack of trumps' side still to be fought for, else the
    cheapest card. Following: when the partner wins the trick, feed it the card worth most at
    Game (not a trump); otherwise win a trick holding points or a trump with the cheapest card
    that wins and cannot be overtaken (or any winner when last to play); else throw the card
    that costs least. ``higher_trumps_out(card)`` says whether a trump above ``card`` may still
    be played to this trick by someone after us.
    """
    if not trick:
        top = [c for c in legal if _SUIT[c] == trump and _POWER[c] >= 13]
        if top:
            return max(top, key=lambda c: _POWER[c])
        return min(legal, key=lambda c: (_throw_cost(c, trump), _SUIT[c] == trump))
    winner = trick[_winning(trick, trump)]
    if partner_winning and (last_to_play or not higher_trumps_out(winner) or _SUIT[winner] != trump):
        feed = [c for c in legal if _SUIT[c] != trump]
        if feed:
            return max(feed, key=lambda c: (_VALUE[c], -_POWER[c]))
        return min(legal, key=lambda c: _throw_cost(c, trump))
    worth = sum(_VALUE[c] for c in trick) + sum(4 for c in trick if _SUIT[c] == trump)
    winners = [c for c in legal if _beats(c, winner, trump)]
    if winners and (worth > 0 or last_to_play):
        safe = [c for c in winners if last_to_play or not higher_trumps_out(c)]
        if safe:
            return min(safe, key=lambda c: (_SUIT[c] == trump, _POWER[c]))
        if worth >= 10:
            return min(winners, key=lambda c: (_SUIT[c] == trump, _POWER[c]))
    return min(legal, key=lambda c: _throw_cost(c, trump))


def _view_card(view: Observation, legal: tuple[Move, ...]) -> Move:
    """`pick_card` from a seat's view: a higher trump is "out" when one is unseen and some seat
    still to play to this trick is not known to be void in trump."""
    n = view.rules.players
    trump = SUITS.index(view.trump)
    unseen = unseen_cards(view)
    void = voids(view)
    after = [(view.seat + k) % n for k in range(1, n - len(view.trick))]
    may_trump = [s for s in after if view.trump not in void[s]]
    unseen_trumps = [_POWER[c.id] for c in unseen if c.suit == view.trump]
    partner_winning = False
    if view.trick:
        winner_seat = (view.leader + _winning([c.id for c in view.trick], trump)) % n
        partner_winning = winner_seat != view.seat and view.rules.side_of(winner_seat) == view.side

    def higher_trumps_out(card: int) -> bool:
        level = _POWER[card] if _SUIT[card] == trump else 0
        return bool(may_trump) and any(p > level for p in unseen_trumps)

    ids = [m.card.id for m in legal if m.card is not None]
    trick_ids = [c.id for c in view.trick]
    choice = pick_card(ids, trick_ids, trump, partner_winning, len(view.trick) == n - 1, higher_trumps_out)
    return Move(card=CARDS[choice])


# --- the levels -------------------------------------------------------------------------------


class RandomPlayer:
    """Uniformly at random among the legal moves, decisions included."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Observation) -> Move:
        return self.rng.choice(_require_turn(view))


class EasyPlayer:
    """Half the time a random legal move; otherwise it begs without trump ace, king or two
    trumps, and plays the medium's rule of thumb."""

    def __init__(self, seed: int | None = None, randomness: float = 0.5) -> None:
        self.rng = random.Random(seed)
        self.randomness = randomness

    def choose(self, view: Observation) -> Move:
        legal = _require_turn(view)
        if self.rng.random() < self.randomness:
            return self.rng.choice(legal)
        if view.phase in ("beg", "answer"):
            return decide(view, stand_at=2.0)
        return _view_card(view, legal)


class MediumPlayer:
    """Rules of thumb (`decide`, `pick_card`), always."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Observation) -> Move:
        legal = _require_turn(view)
        if len(legal) == 1:
            return legal[0]
        if view.phase in ("beg", "answer"):
            return decide(view)
        return _view_card(view, legal)


# --- the pro's search -------------------------------------------------------------------------


class World:
    """One guess at the hidden cards: every hand (ids), the stock (ids, in dealing order), the
    trick, and the round so far."""

    __slots__ = ("hands", "trick", "leader", "turn", "piles", "holder", "won_by", "stock")

    def __init__(
        self,
        hands: list[list[int]],
        trick: list[int],
        leader: int,
        turn: int,
        piles: list[int],
        holder: dict[int, int],
        won_by: dict[int, int],
        stock: list[int] | None = None,
    ) -> None:
        self.hands = hands
        self.trick = trick
        self.leader = leader
        self.turn = turn
        self.piles = piles  # Game count per side so far
        self.holder = holder  # trump id -> the seat dealt it (trumps only)
        self.won_by = won_by  # trump id -> the side that won it
        self.stock = stock or []  # what a run of the cards deals from

    def copy(self) -> World:
        return World(
            [list(h) for h in self.hands],
            list(self.trick),
            self.leader,
            self.turn,
            list(self.piles),
            self.holder,
            dict(self.won_by),
            self.stock,
        )


class Sampler:
    """Draws worlds for one view (`draw`): what the view tells (the unseen cards, the voids, the
    cards already won) is worked out once, not for every world.

    It deals the unseen cards to the other hands at random, each hand its size, agreeing with
    every void the seat has seen (`voids`); of the rest, as many as the stock holds make the
    stock, in a random order. After ``tries`` failed attempts the voids are dropped for the one
    that remains (a seat never showed more than it could, so this is rare)."""

    def __init__(self, view: Observation, tries: int = 30) -> None:
        n = view.rules.players
        trump = view.trump
        void = [{SUITS.index(suit) for suit in suits} for suits in voids(view)]
        self.view = view
        self.tries = tries
        self.unseen = [c.id for c in unseen_cards(view)]
        self.others = sorted((s for s in range(n) if s != view.seat), key=lambda s: -len(void[s]))
        self.void = void
        self.played_trumps = {c.id: seat for seat, c in played_cards(view) if c.suit == trump}
        self.won_by = {c.id: side for side, pile in enumerate(view.piles) for c in pile if c.suit == trump}
        self.piles = [sum(_VALUE[c.id] for c in pile) for pile in view.piles]
        self.trump = SUITS.index(trump)

    def draw(self, rng: random.Random) -> World:
        view = self.view
        hands: list[list[int]] = [[] for _ in range(view.rules.players)]
        hands[view.seat] = [c.id for c in view.hand]
        pool = list(self.unseen)
        for attempt in range(self.tries + 1):
            pool = list(self.unseen)
            rng.shuffle(pool)
            ok = True
            for seat in self.others:
                need = view.hand_counts[seat]
                void = self.void[seat]
                fits = [c for c in pool if _SUIT[c] not in void] if attempt < self.tries else pool
                if len(fits) < need:
                    ok = False
                    break
                chosen = fits[:need]
                taken = set(chosen)
                pool = [c for c in pool if c not in taken]
                hands[seat] = chosen
            if ok:
                break
        holder = dict(self.played_trumps)
        for seat, hand in enumerate(hands):
            for card_id in hand:
                if _SUIT[card_id] == self.trump:
                    holder[card_id] = seat
        # A position set up by hand may leave cards out of play: the stock is only as long as the real one.
        stock = pool[: view.stock_count]
        trick = [c.id for c in view.trick]
        return World(hands, trick, view.leader, view.turn, list(self.piles), holder, dict(self.won_by), stock)


def sample_world(view: Observation, rng: random.Random, tries: int = 30) -> World:
    """One world for ``view`` (`Sampler`)."""
    return Sampler(view, tries).draw(rng)


def _finish_trick(world: World, trump: int, n: int) -> None:
    winner = (world.leader + _winning(world.trick, trump)) % n
    side = winner % 2
    world.piles[side] += sum(_VALUE[c] for c in world.trick)
    for c in world.trick:
        if _SUIT[c] == trump:
            world.won_by[c] = side
    world.trick = []
    world.leader = world.turn = winner


def play_card(world: World, card: int, trump: int, n: int) -> None:
    """``world.turn`` plays ``card`` (changing ``world`` in place)."""
    world.hands[world.turn].remove(card)
    world.trick.append(card)
    if len(world.trick) == n:
        _finish_trick(world, trump, n)
    else:
        world.turn = (world.turn + 1) % n


def _legal_ids(hand: list[int], trick: list[int], trump: int) -> list[int]:
    if not trick:
        return hand
    led = _SUIT[trick[0]]
    if led == trump:
        allowed = [c for c in hand if _SUIT[c] == trump]
    else:
        allowed = [c for c in hand if _SUIT[c] == led or _SUIT[c] == trump]
    return allowed or hand


def play_out(world: World, trump: int, n: int, rng: random.Random, randomness: float) -> None:
    """Play the world's round to its last trick: each seat the rule of thumb, or with chance
    ``randomness`` a random legal card. The playing seats see the world's cards (a playout is a
    guess at how the round goes, not a seat's decision)."""
    while world.hands[world.turn] or world.trick:
        hand = world.hands[world.turn]
        if not hand:
            break
        legal = _legal_ids(hand, world.trick, trump)
        if len(legal) == 1:
            card = legal[0]
        elif rng.random() < randomness:
            card = legal[int(rng.random() * len(legal))]
        else:
            seat = world.turn
            trick = world.trick
            partner = False
            if trick:
                win_seat = (world.leader + _winning(trick, trump)) % n
                partner = win_seat != seat and win_seat % 2 == seat % 2
            later = [(seat + k) % n for k in range(1, n - len(trick))]
            out = [c for s in later for c in world.hands[s] if _SUIT[c] == trump]

            def higher_trumps_out(card: int, out: list[int] = out) -> bool:
                level = _POWER[card] if _SUIT[card] == trump else 0
                return any(_POWER[c] > level for c in out)

            card = pick_card(legal, trick, trump, partner, len(trick) == n - 1, higher_trumps_out)
        play_card(world, card, trump, n)


Line = tuple[int, int]
"""A score line in a world: (side, points)."""


def world_lines(world: World, trump: int) -> list[Line]:
    """High, Low, Jack (or hang jack) and Game at the end of a played-out world, in the order
    they score."""
    lines: list[Line] = []
    holder = world.holder
    if holder:
        high = max(holder, key=lambda c: _POWER[c])
        low = min(holder, key=lambda c: _POWER[c])
        lines += [(holder[high] % 2, 1), (holder[low] % 2, 1)]
        jack = next((c for c in holder if _POWER[c] == JACK), None)
        if jack is not None and jack in world.won_by:
            side = world.won_by[jack]
            lines.append((side, 1 if side == holder[jack] % 2 else 3))
    if world.piles[0] != world.piles[1]:
        lines.append((0 if world.piles[0] > world.piles[1] else 1, 1))
    return lines


def match_value(totals: Sequence[int], lines: Sequence[Line], side: int, target: int) -> float:
    """What ``lines``, scored in order on top of ``totals``, are worth to ``side``: its points
    minus the other side's; but once a side reaches ``target`` the match is over, the lines
    after it do not count, and the match is worth ``target`` points, won or lost (a whole
    match's points: no round's margin comes near it).

    >>> match_value((0, 0), [(0, 1), (1, 3)], side=0, target=14)
    -2
    >>> match_value((0, 13), [(0, 1), (1, 1), (0, 3)], side=0, target=14)
    -14
    """
    scored = list(totals)
    gained = [0, 0]
    for who, points in lines:
        scored[who] += points
        gained[who] += points
        if scored[who] >= target:
            return target if who == side else -target
    return gained[side] - gained[1 - side]


def run_cards(world: World, dealer: int, refused: str, n: int) -> tuple[World, int, list[Line]] | None:
    """The dealer runs the cards in ``world``, as the rules do (A6): three more each from its
    stock, from the dealer's right, and a new turn-up, until its suit is not ``refused``.
    Returns the world ready for the first trick, the new trump (its index in `SUITS`) and the
    kick it scored; ``None`` when the stock runs out first (the deal is dealt again)."""
    hands = [list(h) for h in world.hands]
    stock = list(world.stock)
    eldest = (dealer + 1) % n
    while len(stock) >= RUN_SIZE * n + 1:
        for i in range(1, n + 1):
            seat = (dealer + i) % n
            hands[seat] += stock[:RUN_SIZE]
            stock = stock[RUN_SIZE:]
        card = CARDS[stock.pop(0)]
        if card.suit != refused:
            trump = SUITS.index(card.suit)
            kick = KICK_POINTS.get(card.rank, 0)
            lines = [(dealer % 2, kick)] if kick else []
            holder = {c: seat for seat, hand in enumerate(hands) for c in hand if _SUIT[c] == trump}
            return World(hands, [], eldest, eldest, [0, 0], holder, {}, stock), trump, lines
    return None


class ProPlayer:
    """Determinized search over the cards it cannot see.

    It samples worlds (`sample_world`: the unseen cards dealt to the other hands, agreeing with
    the voids they showed, and the stock), tries every legal move in each world (the same
    worlds for every move) and plays the round out with the rule of thumb (`play_out`, a
    random card with chance ``randomness``); it keeps the move with the best average
    `match_value`: its side's points minus the other side's, a match won or lost counting as
    the target.

    - A card: played, and the round played out.
    - Stand, or take one (the beggars score 1): the round played out with this trump.
    - Run: the cards run from the world's stock (`run_cards`), the kick scored, and the round
      played out with the new trump; a redeal, when the stock runs out first, is worth 0.
    - Beg: the dealer answers by medium's rule from its hand in that world (`rule_decision`).

    It samples until ``budget_ms`` is spent (at least ``min_worlds``), or exactly ``worlds``
    worlds when that is given (deterministic, for tests and reviews); the budget is read on
    ``clock`` (seconds; `time.perf_counter` unless a test passes its own). With
    ``search_decisions`` false it stands or begs, takes one or runs by medium's rule (`decide`),
    as it did before decisions were searched (the arena compares the two).
    """

    def __init__(
        self,
        seed: int | None = None,
        budget_ms: float = 40.0,
        worlds: int | None = None,
        min_worlds: int = 4,
        randomness: float = 0.1,
        clock: Callable[[], float] = time.perf_counter,
        search_decisions: bool = True,
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget_ms / 1000.0
        self.worlds = worlds
        self.min_worlds = min_worlds
        self.randomness = randomness
        self.clock = clock
        self.search_decisions = search_decisions

    def choose(self, view: Observation) -> Move:
        legal = _require_turn(view)
        if len(legal) == 1:
            return legal[0]
        if view.phase in ("beg", "answer") and not self.search_decisions:
            return decide(view)
        scores = self.evaluate(view)
        return max(legal, key=lambda m: scores[m])

    def evaluate(self, view: Observation) -> dict[Move, float]:
        """Each legal move's average `match_value` over the worlds."""
        legal = _require_turn(view)
        totals = [0.0] * len(legal)
        deadline = self.clock() + self.budget
        sampler = Sampler(view)
        count = 0
        while True:
            if self.worlds is not None:
                if count >= self.worlds:
                    break
            elif count >= self.min_worlds and self.clock() >= deadline:
                break
            world = sampler.draw(self.rng)
            for i, move in enumerate(legal):
                totals[i] += self.value(view, world, move)
            count += 1
        return {move: total / max(count, 1) for move, total in zip(legal, totals, strict=True)}

    def value(self, view: Observation, world: World, move: Move) -> float:
        """``move``'s `match_value` in one world (the world itself is left as it was)."""
        n = view.rules.players
        target = view.rules.target
        trump = SUITS.index(view.trump)
        lines: list[Line] = []
        if move.card is not None:
            trial = world.copy()
            play_card(trial, move.card.id, trump, n)
        else:
            dealer = view.dealer
            if move == BEG:
                hand = [CARDS[c] for c in world.hands[dealer]]
                move = rule_decision("answer", hand, view.trump, view.totals, dealer % 2, target)
            if move == RUN:
                ran = run_cards(world, dealer, view.turned[0].suit, n)
                if ran is None:
                    return 0.0
                trial, trump, lines = ran
            else:
                trial = world.copy()
                trial.leader = trial.turn = (dealer + 1) % n
                if move == ONE:
                    lines = [((dealer + 1) % n % 2, 1)]
        play_out(trial, trump, n, self.rng, self.randomness)
        return match_value(view.totals, lines + world_lines(trial, trump), view.side, target)


LEVELS: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "medium": MediumPlayer,
    "pro": ProPlayer,
}


def bot(level: str, seed: int | None = None, **settings: float | bool) -> Player:
    """An All Fours computer player of the named level; ``settings`` pass to it (``budget_ms``,
    ``worlds`` for pro)."""
    make = LEVELS.get(level)
    if make is None:
        raise ValueError(f"no computer level {level!r}; choose one of {sorted(LEVELS)}")
    return make(seed, **settings)


__all__ = ["LEVELS", "Player", "ProPlayer", "bot", "decide", "hand_strength", "sample_world", "voids"]
