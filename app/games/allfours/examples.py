"""The examples of the All Fours rules page (/rules/allfours): data from
`app/games/allfours/data/examples.toml`, read and checked when this module is imported (at start-up),
and what the engine makes of each of them, as the page shows it.

Each example is a position (`allfours-position/1` text) and the moves made from it. The page
draws the position (every hand: it is an example, not a match) and then the engine's account of
the moves: who played what, the trick winners, newly turned trumps, the score lines, the Game
counts and the match's end. Nothing is written by hand but the caption; the claims in the data
(what the caption says happens) are checked against the engine by
tests/app/test_allfours_examples.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine.allfours import Move, Rules, ScoreLine

from ...common_views import CardView, card_view, seat_name, side_name
from ...datafile import entries, read_toml
from ...i18n import card_name, card_names, digits, t
from .data import Fields, Run, check_moves, run

EXAMPLES_FILE = Path(__file__).parent / "data" / "examples.toml"  # in this game's own folder
SECTIONS = ("deal", "beg", "play", "score")
DECISION_KEYS = {"stand": "af_stand", "beg": "af_beg", "one": "af_takeone", "run": "af_run"}
LINE_KEYS = {"one": "af_line_begged"}
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


@dataclass(frozen=True)
class Example:
    key: str
    section: str
    position: str
    moves: tuple[str, ...]
    caption: dict[str, str]
    claim: dict[str, Any]


def load(path: Path = EXAMPLES_FILE) -> tuple[Example, ...]:
    """The examples of `path`, each checked: its fields, its position (the engine reads it), its
    moves (the engine allows them) and the form of its claims. A bad file raises `DataError`."""
    data = read_toml(path)
    examples, keys = [], set()
    for i, entry in enumerate(entries(data, "example", path), 1):
        where = f"{path.name}: example {i} ({entry.get('key', 'no key')!r})"
        f = Fields(entry, where, {"key", "section", "position", "moves", "caption", "claim"})
        key = f.text("key")
        if key in keys:
            f.fail(f"key {key!r} is used twice")
        keys.add(key)
        section = f.text("section")
        if section not in SECTIONS:
            f.fail(f"section must be one of {', '.join(SECTIONS)}")
        position = f.position()
        moves = f.moves("moves", required=True)
        check_moves(f, position, moves, "moves")
        examples.append(Example(key, section, position, moves, f.texts("caption"), f.claims()))
    return tuple(examples)


EXAMPLES = load()
BY_KEY = {ex.key: ex for ex in EXAMPLES}


@cache
def result(key: str) -> Run:
    """The engine's run of the example `key`, computed once per process."""
    ex = BY_KEY[key]
    return run(ex.position, ex.moves)


# --- the page's view ---------------------------------------------------------------------------


@dataclass
class ExRow:
    label: str
    cards: list[CardView]
    mini: bool = False  # won cards, drawn small


@dataclass
class ExampleView:
    key: str
    caption: str
    rows: list[ExRow]
    results: list[str] = field(default_factory=list)


def suit_name(suit: str, lang: str) -> str:
    return f"{t(lang, f'suit_{suit}')} {SYMBOLS[suit]}"


def move_words(move: Move, lang: str) -> str:
    if move.card is not None:
        return card_name(str(move.card), lang)
    return t(lang, DECISION_KEYS[move.decision])


def line_words(line: ScoreLine, rules: Rules, lang: str) -> str:
    card = card_name(str(line.card), lang) if line.card is not None else ""
    label = t(lang, LINE_KEYS.get(line.kind, f"af_line_{line.kind}"), card=card)
    text = f"{label}: {side_name(line.side, rules, lang)} +{digits(line.points, lang)}"
    return text + (f" ({t(lang, 'af_not_counted')})" if not line.counted else "")


def example_view(ex: Example, lang: str) -> ExampleView:
    r = result(ex.key)
    start, rules = r.start, r.start.rules
    players = rules.players
    rows = [ExRow(t(lang, "af_turnup"), [card_view(c, lang, selected=c == start.turned[-1]) for c in start.turned])]
    rows += [ExRow(seat_name(s, players, lang), [card_view(c, lang) for c in start.hand(s)]) for s in range(players)]
    if start.trick:
        rows.append(ExRow(t(lang, "af_trick"), [card_view(c, lang) for c in start.trick]))
    for side, pile in enumerate(start.piles):
        if pile:
            who = side_name(side, rules, lang)
            rows.append(ExRow(t(lang, "afx_pile", who=who), [card_view(c, lang) for c in pile], mini=True))

    results = []
    if start.phase == "play":
        legal = [m.card for m in r.legal if m.card is not None]
        results.append(t(lang, "afx_legal", who=seat_name(start.turn, players, lang), cards=card_names(legal, lang)))
    results += facts(r, lang)
    return ExampleView(ex.key, ex.caption[lang], rows, results)


def facts(r: Run, lang: str) -> list[str]:
    """The engine's account of a run's moves: who played what, the tricks, a new trump, the score
    lines, the Game counts, and the score after (unless a round ended: then the next deal, which
    may have kicked, is not part of the account) or the match's end."""
    rules, players = r.start.rules, r.start.rules.players
    out = []
    for step in r.steps:
        out.append(t(lang, "af_said", who=seat_name(step.seat, players, lang), what=move_words(step.move, lang)))
        if step.outcome.trick is not None:
            out.append(t(lang, "afx_trick_won", who=seat_name(step.outcome.trick.winner, players, lang)))
        if step.move.decision == "run" and step.after.round_no == step.before.round_no:
            card = step.after.turned[-1]
            out.append(t(lang, "afx_new_trump", card=card_name(str(card), lang), suit=suit_name(card.suit, lang)))
    out += [line_words(line, rules, lang) for line in r.lines]
    ended = r.ended
    if ended is not None and ended.game is not None:
        counts = " – ".join(f"{side_name(s, rules, lang)} {digits(n, lang)}" for s, n in enumerate(ended.game))
        out.append(t(lang, "af_game_counts", counts=counts))
    if ended is None or r.end.winner is not None:
        totals = " – ".join(f"{side_name(s, rules, lang)} {digits(n, lang)}" for s, n in enumerate(r.end.totals))
        out.append(f"{t(lang, 'score')}: {totals}")
    if r.end.winner is not None:
        out.append(f"{t(lang, 'match_over')}: {side_name(r.end.winner, rules, lang)}")
    return out


def example_views(lang: str) -> dict[str, list[ExampleView]]:
    """The page's examples in file order, by the section they illustrate."""
    out: dict[str, list[ExampleView]] = {s: [] for s in SECTIONS}
    for ex in EXAMPLES:
        out[ex.section].append(example_view(ex, lang))
    return out
