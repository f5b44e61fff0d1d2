"""A whole position as one line of text, in the ``chaharbargh-position/1`` format.

Like chess's FEN, the text holds everything that decides how a match plays on from here: the
rules, the seed and round (later rounds are dealt from them), the deal, dealer and turn, every
hand, the table and the stock in order, each seat's captured pile, the surs, the last capturer,
the totals, the face-up cards and the winner. It does not hold the history: the finished
rounds' logs, the moves and deals of the round in play and the last move's outcome.

>>> from engine.chaharbargh.match import new_match
>>> state = new_match(7)
>>> text = to_text(state)
>>> text.split()[:2]
['chaharbargh-position/1', 'rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0']
>>> text.split()[2:7]
['seed=7', 'round=0', 'deal=0', 'dealer=1', 'turn=0']
>>> text.split()[7]
'hands=5S,10C,4D,9C/6D,JH,8D,5H'
>>> again = from_text(text)
>>> to_text(again) == text, again.legal_moves() == state.legal_moves()
(True, True)
>>> from_text("fen/1 seed=1")
Traceback (most recent call last):
  ...
engine.chaharbargh.position.PositionError: unknown position format 'fen/1' (this engine reads chaharbargh-position/1)

The format, field by field, is in docs/engine.md ("Positions as text").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import engine.errors
from engine.cards import CARDS, Card, ids_of, mask_of
from engine.chaharbargh.match import MatchState, make_state
from engine.chaharbargh.rules import FORCED_CAPTURE_MODES, Rules

POSITION_FORMAT = "chaharbargh-position/1"

FIELDS = (
    "rules",
    "seed",
    "round",
    "deal",
    "dealer",
    "turn",
    "hands",
    "table",
    "stock",
    "piles",
    "surs",
    "last",
    "start",
    "totals",
    "shown",
    "winner",
)
"""The fields after the format tag, in the order `to_text` writes them."""

EMPTY = "-"  # an empty group of cards or list, or "none" for last capturer, sur cut-off and winner

_NUMBER = re.compile(r"[0-9]+")


class PositionError(engine.errors.PositionError):
    """Text that is not a well-formed ``chaharbargh-position/1`` position."""


# --- writing -------------------------------------------------------------------------------


def to_text(state: MatchState) -> str:
    """The position of ``state`` as one line of text; `from_text` reads it back."""
    rules = state.rules
    parts = {
        "rules": rules_text(rules),
        "seed": str(state.seed),
        "round": str(state.round_no),
        "deal": str(state.deal_no),
        "dealer": str(state.dealer),
        "turn": str(state.turn),
        "hands": "/".join(_cards(hand) for hand in state._hands),
        "table": _cards(state._table),
        "stock": _cards(state._stock),
        "piles": "/".join(_cards(ids_of(mask)) for mask in state._captured),
        "surs": _numbers(state._sur_stack, ","),
        "last": _optional(state.last_capturer),
        "start": _numbers(state.start_totals, "/"),
        "totals": _numbers(state.totals, "/"),
        "shown": _cards(ids_of(state._revealed)),
        "winner": _optional(state.winner),
    }
    return " ".join([POSITION_FORMAT, *(f"{name}={parts[name]}" for name in FIELDS)])


def rules_text(rules: Rules) -> str:
    """Every rules option, in a fixed order, as the ``rules=`` field writes it.

    >>> rules_text(Rules.preset("pagat", players=4))
    'p4,card,js0,sp10,ld0,sc1,co50,t124,oh0'
    """
    return ",".join(
        [
            f"p{rules.players}",
            rules.forced_capture,
            f"js{int(rules.jack_sur)}",
            f"sp{rules.sur_points}",
            f"ld{int(rules.sur_in_last_deal)}",
            f"sc{int(rules.surs_cancel)}",
            f"co{_optional(rules.sur_cutoff)}",
            f"t{rules.target}",
            f"oh{int(rules.open_hand)}",
        ]
    )


def _cards(card_ids: Iterable[int]) -> str:
    return ",".join(str(CARDS[c]) for c in card_ids) or EMPTY


def _numbers(values: Sequence[int], sep: str) -> str:
    return sep.join(str(v) for v in values) or EMPTY


def _optional(value: int | None) -> str:
    return EMPTY if value is None else str(value)


# --- reading -------------------------------------------------------------------------------


def from_text(text: str) -> MatchState:
    """The `MatchState` a `to_text` line describes; `PositionError` if the text is malformed.

    The state plays on exactly as the one that was written (same legal moves, outcomes, deals
    and scores). It starts a fresh history: ``rounds`` is empty, ``current`` holds one deal
    (the hands and table of the position, and no moves) and ``last`` is ``None``.

    >>> text = ("chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 "
    ...         "deal=5 dealer=1 turn=0 hands=5S,9H,QD/KH table=6C,KD stock=- piles=-/- surs=- "
    ...         "last=- start=0/0 totals=0/0 shown=- winner=-")
    >>> [str(m) for m in from_text(text).legal_moves()]
    ['5S+6C']
    """
    if not isinstance(text, str):
        raise PositionError(f"a position is text, not {type(text).__name__}")
    tag, *tokens = text.split() or [""]
    if tag != POSITION_FORMAT:
        raise PositionError(f"unknown position format {tag!r} (this engine reads {POSITION_FORMAT})")
    fields: dict[str, str] = {}
    for token in tokens:
        name, eq, value = token.partition("=")
        if not eq:
            raise PositionError(f"a field is written name=value, not {token!r}")
        if name not in FIELDS:
            raise PositionError(f"unknown field {name!r}; the fields are {', '.join(FIELDS)}")
        if name in fields:
            raise PositionError(f"the field {name!r} appears twice")
        fields[name] = value
    missing = [name for name in FIELDS if name not in fields]
    if missing:
        raise PositionError(f"missing fields: {', '.join(missing)}")
    return _Reader(fields).state()


def parse_rules(value: str) -> Rules:
    """The rules of a ``rules=`` field; `PositionError` if it is malformed.

    >>> parse_rules("p3,off,js1,sp5,ld1,sc0,co-,t31,oh1") == Rules(
    ...     players=3, forced_capture="off", jack_sur=True, sur_in_last_deal=True, target=31, open_hand=True)
    True
    """
    items = value.split(",")
    prefixes = ("p", "", "js", "sp", "ld", "sc", "co", "t", "oh")
    if len(items) != len(prefixes):
        raise PositionError(f"rules: expected {len(prefixes)} options separated by ',', not {value!r}")
    rest: list[str] = []
    for item, prefix in zip(items, prefixes, strict=True):
        if not item.startswith(prefix):
            raise PositionError(f"rules: expected an option starting {prefix!r}, not {item!r}")
        rest.append(item[len(prefix) :])
    players, forced, jack, points, last_deal, cancel, cutoff, target, open_hand = rest
    if forced not in FORCED_CAPTURE_MODES:
        raise PositionError(f"rules: forced capture must be one of {', '.join(FORCED_CAPTURE_MODES)}, not {forced!r}")
    try:
        return Rules(
            players=_number(players, "rules: players"),
            forced_capture=forced,
            jack_sur=_flag(jack, "rules: js (jack sur)"),
            sur_points=_number(points, "rules: sp (sur points)"),
            sur_in_last_deal=_flag(last_deal, "rules: ld (sur in the last deal)"),
            surs_cancel=_flag(cancel, "rules: sc (surs cancel)"),
            sur_cutoff=None if cutoff == EMPTY else _number(cutoff, "rules: co (sur cut-off)"),
            target=_number(target, "rules: t (target)"),
            open_hand=_flag(open_hand, "rules: oh (open hand)"),
        )
    except ValueError as error:  # RulesError
        raise PositionError(f"rules: {error}") from None


def _number(text: str, what: str) -> int:
    if not _NUMBER.fullmatch(text):
        raise PositionError(f"{what} must be a whole number >= 0, not {text!r}")
    return int(text)


def _flag(text: str, what: str) -> bool:
    if text not in ("0", "1"):
        raise PositionError(f"{what} must be 0 or 1, not {text!r}")
    return text == "1"


class _Reader:
    """Reads the fields of one position and checks them against each other."""

    def __init__(self, fields: dict[str, str]) -> None:
        self.fields = fields
        self.seen: dict[int, str] = {}  # card id -> the field it was read in

    def state(self) -> MatchState:
        rules = parse_rules(self.fields["rules"])
        n, sides = rules.players, rules.sides
        seed = self.number("seed")
        round_no = self.number("round")
        deal_no = self.number("deal")
        dealer = self.seat("dealer", n)
        turn = self.seat("turn", n)
        hands = self.groups("hands", n)
        table = self.cards("table", self.fields["table"])
        stock = self.cards("stock", self.fields["stock"])
        piles = self.groups("piles", n)
        surs = tuple(self.index("surs", item, sides) for item in self.items("surs", ","))
        last = None if self.fields["last"] == EMPTY else self.seat("last", n)
        start = self.totals("start", sides)
        totals = self.totals("totals", sides)
        winner = None if self.fields["winner"] == EMPTY else self.index("winner", self.fields["winner"], sides)
        shown = self.cards("shown", self.fields["shown"], known=True)

        for seat, hand in enumerate(hands):
            if len(hand) > 4:
                raise PositionError(f"hands: seat {seat} holds {len(hand)} cards; a hand holds at most 4")
        deals = rules.deals_per_round
        if deal_no >= deals:
            raise PositionError(f"deal: a {n}-player round has deals 0 to {deals - 1}, not {deal_no}")
        if len(stock) != 4 * n * (deals - 1 - deal_no):
            raise PositionError(
                f"stock: deal {deal_no} of {deals} leaves {4 * n * (deals - 1 - deal_no)} cards "
                f"in the stock (4 per seat for each deal to come), not {len(stock)}"
            )
        in_hands = mask_of(c for hand in hands for c in hand)
        shown_mask = mask_of(shown)
        if shown_mask & ~in_hands:
            names = _cards(ids_of(shown_mask & ~in_hands))
            raise PositionError(f"shown: the face-up cards must be in the hands, and {names} are not")
        if shown and not rules.open_hand:
            raise PositionError("shown: cards are face up only under the open-hand rule (oh1)")
        if winner is not None and (in_hands or table or stock):
            raise PositionError("winner: a finished match has no cards in the hands, on the table or in the stock")
        if winner is None and start != totals:  # totals change only when a round ends
            raise PositionError("totals: during a round the totals are those it started with ('start')")
        if rules.surs_cancel and len(set(surs)) > 1:  # a new sur cancels another side's first
            raise PositionError("surs: under surs-cancel the uncancelled surs all belong to one side")

        return make_state(
            rules,
            seed=seed,
            round_no=round_no,
            deal_no=deal_no,
            turn=turn,
            dealer=dealer,
            hands=hands,
            table=table,
            stock=stock,
            captured=tuple(mask_of(pile) for pile in piles),
            last_capturer=last,
            sur_stack=surs,
            revealed=shown_mask,
            start_totals=start,
            totals=totals,
            winner=winner,
        )

    def number(self, name: str) -> int:
        return _number(self.fields[name], name)

    def index(self, name: str, text: str, count: int) -> int:
        value = _number(text, name)
        if value >= count:
            raise PositionError(f"{name}: {value} is not one of 0 to {count - 1}")
        return value

    def seat(self, name: str, players: int) -> int:
        return self.index(name, self.fields[name], players)

    def items(self, name: str, sep: str) -> list[str]:
        value = self.fields[name]
        return [] if value == EMPTY else value.split(sep)

    def totals(self, name: str, sides: int) -> tuple[int, ...]:
        items = self.items(name, "/")
        if len(items) != sides:
            raise PositionError(f"{name}: expected {sides} totals separated by '/', not {self.fields[name]!r}")
        return tuple(_number(item, name) for item in items)

    def groups(self, name: str, players: int) -> tuple[tuple[int, ...], ...]:
        groups = self.fields[name].split("/")
        if len(groups) != players:
            raise PositionError(
                f"{name}: expected {players} groups of cards separated by '/' (one per seat), not {len(groups)}"
            )
        return tuple(self.cards(f"{name} of seat {seat}", group) for seat, group in enumerate(groups))

    def cards(self, where: str, group: str, known: bool = False) -> tuple[int, ...]:
        """The card ids of a group; each card may be in one place only, unless ``known`` (the
        face-up cards name cards already read in a hand)."""
        if group == EMPTY:
            return ()
        ids = []
        for code in group.split(","):
            try:
                card = Card.parse(code)
            except ValueError as error:  # CardError
                raise PositionError(f"{where}: {error}") from None
            if known:
                if card.id in ids:
                    raise PositionError(f"{where}: the card {card} appears twice")
            elif card.id in self.seen:
                raise PositionError(f"the card {card} appears twice (in {self.seen[card.id]} and in {where})")
            else:
                self.seen[card.id] = where
            ids.append(card.id)
        return tuple(ids)
