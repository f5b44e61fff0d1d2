"""The check of a finished match's deal (`GET /m/{id}/{secret}/fairness`, templates/fairness.html):
the commitment the table showed, worked out again by the engine from the revealed seeds and
salt, and every deal as the engine deals it from them, beside what was played from it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import Card
from engine.fairness import FairnessError, commitment_bytes, deals, verify

from .common_views import CardView, card_view, seating_of, urls
from .games import web_game
from .i18n import digits_in, t
from .table import Table


@dataclass(frozen=True)
class PlayedView:
    """One move played from a deal: who, and its cards (the card, then what it took) or its words."""

    who: str
    cards: list[CardView] = field(default_factory=list)
    words: str = ""


@dataclass(frozen=True)
class HandView:
    seat: int
    who: str
    cards: list[CardView]
    codes: str  # the cards' codes in the order dealt, space-separated


@dataclass(frozen=True)
class DealView:
    title: str  # "Round 2, deal 3"
    hands: list[HandView]
    table: list[CardView]
    turned: list[CardView]
    redeals: str  # All Fours: that the round was dealt again first, or ""
    moves: list[PlayedView]


@dataclass(frozen=True)
class FairnessView:
    """What the check page shows; `proved` None for a match that made no commitment."""

    urls: dict[str, str]
    proved: bool | None
    reason: str = ""  # what does not hold, in the engine's words
    commitment: str = ""
    committed: str = ""  # the committed bytes, as text
    seed: str = ""
    bot_seed: str = ""
    salt: str = ""
    deals: list[DealView] = field(default_factory=list)


def _move(move: Mapping[str, Any], who: str, game: str, lang: str) -> PlayedView:
    """A record's move of either game: Chaharbargh's card and takes, or All Fours' move text."""
    if "card" in move:
        codes = [move["card"], *move.get("takes", [])]
        return PlayedView(who, [card_view(Card.parse(code), lang) for code in codes])
    text = move["move"]
    try:
        return PlayedView(who, [card_view(Card.parse(text), lang)])
    except ValueError:
        return PlayedView(who, words=web_game(game).move_words(text, lang))


def fairness_view(loaded: Table, record: Mapping[str, Any] | None, lang: str) -> FairnessView:
    """The check of `record`, the match's record as it is given out (None: a practice)."""
    page = urls(loaded.match.id, loaded.key)
    if record is None or "salt" not in record:
        return FairnessView(page, None)
    try:
        checked = verify(record)
    except FairnessError as error:
        return FairnessView(page, False, reason=str(error), commitment=str(record.get("commitment", "")))
    # the deals as the engine deals them, not as the record lists them
    replayed = checked.game.record(checked.state, seats=list(record["seats"]))
    seating, d, game = seating_of(loaded), digits_in(lang), loaded.match.game

    def cards(codes: tuple[str, ...]) -> list[CardView]:
        return [card_view(Card.parse(code), lang) for code in codes]

    shown = [
        DealView(
            title=t(lang, "fair_deal_title", round=d(deal.round + 1), deal=d(deal.number + 1)),
            hands=[
                HandView(seat, seating.name(seat, lang), cards(hand), " ".join(hand))
                for seat, hand in enumerate(deal.hands)
            ],
            table=cards(deal.table),
            turned=cards(deal.turned),
            redeals=t(lang, "fair_redeals", n=d(deal.redeals)) if deal.redeals else "",
            moves=[_move(m, seating.name(m["seat"], lang), game, lang) for m in deal.moves],
        )
        for deal in deals(replayed)
    ]
    committed = commitment_bytes(game, record["rules"], record["seed"], record["bot_seed"], record["salt"])
    return FairnessView(
        page,
        True,
        commitment=checked.commitment,
        committed=committed.decode(),
        seed=str(record["seed"]),
        bot_seed=str(record["bot_seed"]),
        salt=record["salt"],
        deals=shown,
    )
