"""Commitments: a match's secrets sealed before its first card and checked after its last.

When a match is made the server draws the deal's seed, the computers' seed and a salt, and shows
the commitment: the SHA-256 of `commitment_bytes`. Once the match is over its record carries all
three (`seal`), and anyone can `verify` it: the commitment must be the one shown, and the
record's every deal and move must be what the engine deals from that seed and allows.

>>> rules = {"players": 2, "target": 14}
>>> commitment_bytes("allfours", rules, 7, 9, "00" * 16)
b'chaharbargh-commitment/1\\nallfours\\n{"players":2,"target":14}\\n7\\n9\\n00000000000000000000000000000000\\n'
>>> from engine import games
>>> game = games.get("allfours")
>>> state = game.new_match(7, game.rules_from_dict(rules))
>>> while game.winner(state) is None:
...     state = game.apply(state, game.legal_moves(state)[0])
>>> sealed = seal(game.record(state), bot_seed=9, salt="00" * 16)
>>> sealed["rules"]
{'players': 2, 'target': 14, 'first_dealer': 'last'}
>>> sealed["commitment"] == commitment("allfours", sealed["rules"], 7, 9, "00" * 16)
True
>>> verify(sealed).commitment == sealed["commitment"]
True
>>> verify({**sealed, "seed": 8})
Traceback (most recent call last):
  ...
engine.fairness.FairnessError: the commitment does not hold: ...

A salt is 128 random bits or more (`new_salt`), so the commitment tells nothing of the seeds.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine import games
from engine.game import AnyGame

COMMITMENT_FORMAT = "chaharbargh-commitment/1"  # the first line of the committed bytes
SALT_BYTES = 16  # 128 bits
_SALT = re.compile(r"[0-9a-f]{32,}")


class FairnessError(ValueError):
    """A record whose commitment, deals or moves do not hold; the message says which."""


def new_salt() -> str:
    """A fresh salt: 128 random bits from the operating system, as 32 lower-case hex digits.

    >>> len(new_salt()), new_salt() == new_salt()
    (32, False)
    """
    return secrets.token_hex(SALT_BYTES)


def canonical_rules(rules: Mapping[str, Any]) -> str:
    """The rules as the commitment holds them: JSON with sorted keys, no spaces, UTF-8 as is.

    >>> canonical_rules({"target": 62, "players": 2, "sur_cutoff": None})
    '{"players":2,"sur_cutoff":null,"target":62}'
    """
    return json.dumps(rules, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def commitment_bytes(game: str, rules: Mapping[str, Any], seed: int, bot_seed: int, salt: str) -> bytes:
    """What the commitment hashes: six lines, each ended by a newline (``\\n``), in UTF-8: the
    format `COMMITMENT_FORMAT`, the game's name, the rules (`canonical_rules`), the deal's seed
    and the computers' seed in decimal, and the salt as lower-case hex."""
    lines = (COMMITMENT_FORMAT, game, canonical_rules(rules), str(seed), str(bot_seed), salt)
    return "".join(line + "\n" for line in lines).encode()


def commitment(game: str, rules: Mapping[str, Any], seed: int, bot_seed: int, salt: str) -> str:
    """The commitment: the SHA-256 of `commitment_bytes`, as 64 lower-case hex digits."""
    return hashlib.sha256(commitment_bytes(game, rules, seed, bot_seed, salt)).hexdigest()


def game_of_record(data: Mapping[str, Any]) -> AnyGame:
    """The game a record is of: the registered game whose `record_format` it has, else (an older
    version of a format) the one its format's name names (``"allfours-record/1"``: All Fours)."""
    fmt = data.get("format")
    if not isinstance(fmt, str):
        raise FairnessError(f"not a game record: its format is {fmt!r}")
    for name in games.names():
        if games.get(name).record_format == fmt:
            return games.get(name)
    try:
        return games.get(fmt.partition("-record/")[0])
    except LookupError:
        raise FairnessError(f"not a record of any game here: its format is {fmt!r}") from None


def seal(record: Mapping[str, Any], bot_seed: int, salt: str) -> dict[str, Any]:
    """A finished match's record with what proves it: the computers' seed, the salt and the
    commitment they give with the record's game, rules and seed."""
    game = game_of_record(record)
    sealed = dict(record)
    sealed["bot_seed"], sealed["salt"] = bot_seed, salt
    sealed["commitment"] = commitment(game.name, record["rules"], record["seed"], bot_seed, salt)
    return sealed


@dataclass(frozen=True)
class Verified:
    """A record that holds: its game, its commitment and the state its moves give."""

    game: AnyGame
    commitment: str
    state: Any

    def summary(self) -> str:
        """One line for the command line."""
        game, state = self.game, self.state
        rounds, moves = game.rounds_played(state), game.ply(state)
        return (
            f"ok: {game.name}, commitment {self.commitment} holds; {rounds} round{'s' * (rounds != 1)} "
            f"and {moves} move{'s' * (moves != 1)} replayed from the seed"
        )


def verify(data: Mapping[str, Any]) -> Verified:
    """Check a sealed record: the commitment its seeds, salt, game and rules give is the one it
    names, and replaying it from its seed deals every hand it lists and allows every move it
    makes (the game's `replay`). `FairnessError` says what does not hold."""
    game = game_of_record(data)
    missing = [name for name in ("seed", "bot_seed", "salt", "commitment") if name not in data]
    if missing:
        raise FairnessError(f"no commitment to check: the record has no {', '.join(missing)}")
    seed, bot_seed, salt, named = data["seed"], data["bot_seed"], data["salt"], data["commitment"]
    for name, value in (("seed", seed), ("bot_seed", bot_seed)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise FairnessError(f"the {name} must be a whole number >= 0, not {value!r}")
    if not isinstance(salt, str) or not _SALT.fullmatch(salt):
        raise FairnessError(f"the salt must be at least 32 lower-case hex digits, not {salt!r}")
    if not isinstance(data.get("rules"), Mapping):
        raise FairnessError("the record has no rules")
    worked_out = commitment(game.name, data["rules"], seed, bot_seed, salt)
    if worked_out != named:
        raise FairnessError(
            f"the commitment does not hold: the record names {named!r}, but its game, rules, seed, "
            f"computers' seed and salt give {worked_out!r}"
        )
    try:
        state = game.replay(dict(data))
    except ValueError as error:
        raise FairnessError(f"the commitment holds, but the record does not replay: {error}") from None
    if game.winner(state) is None:
        raise FairnessError("the match in this record is not over")
    return Verified(game, worked_out, state)


@dataclass(frozen=True)
class DealShown:
    """One deal of a record as it came out of the deck: each seat's cards in the order dealt,
    the first table (Chaharbargh's first deal of a round), the cards turned up (All Fours' trump
    and any run's), and the record's moves played from it, in order."""

    round: int  # counted from 0
    number: int  # the deal within its round, from 0
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    table: tuple[str, ...] = ()
    turned: tuple[str, ...] = ()
    redeals: int = 0  # All Fours: how often the round was dealt again before this deal
    moves: tuple[Mapping[str, Any], ...] = ()


def deals(data: Mapping[str, Any]) -> list[DealShown]:
    """Every deal of a record of either game, in order (a game whose records list no deals: none).

    >>> from engine import games
    >>> game = games.get("chaharbargh")
    >>> state = game.new_match(2, game.rules(2))
    >>> first = deals(game.record(game.apply(state, game.legal_moves(state)[0])))[0]
    >>> first.hands, first.table, [m["card"] for m in first.moves]
    ((('JC', 'AH', '3S', '3C'), ('QD', '10S', '8S', '9S')), ('4D', '7C', '4H', '8H'), ['JC'])
    """
    shown: list[DealShown] = []
    seats = len(data.get("seats", ()))
    for number, round_data in enumerate(data.get("rounds", ())):
        moves = round_data.get("moves", [])
        if "deals" in round_data:  # Chaharbargh: four cards a seat each deal, all played before the next
            per_deal = 4 * seats
            for i, deal in enumerate(round_data["deals"]):
                shown.append(
                    DealShown(
                        number,
                        i,
                        round_data["dealer"],
                        tuple(tuple(hand) for hand in deal["hands"]),
                        table=tuple(deal.get("table", ())),
                        moves=tuple(moves[i * per_deal : (i + 1) * per_deal]),
                    )
                )
        elif "dealt" in round_data:  # All Fours: the round's last deal, after any redeals
            shown.append(
                DealShown(
                    number,
                    0,
                    round_data["dealer"],
                    tuple(tuple(hand) for hand in round_data["dealt"]),
                    turned=tuple(round_data["turned"]),
                    redeals=round_data["redeals"],
                    moves=tuple(moves),
                )
            )
    return shown
