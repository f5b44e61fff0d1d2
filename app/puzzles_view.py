"""What the puzzle pages show: the position from the puzzle's seat as the mistakes' practice
shows one (the game's `Practice.seen`: other hands face down), the legal moves as the table's own
forms, the themes to choose from and, after an answer, whether it was the best move and how the
ratings moved; and the home page's daily puzzle and the `/me` section."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import games
from engine.puzzles import Puzzle

from .i18n import digits, t
from .mistakes_view import Answer
from .models import Match
from .puzzles import Rated, Standing
from .ratings import PROVISIONAL
from .review_view import MoveView, Words, move_view, points
from .seats import Seat, Seats
from .table import Table


@dataclass(frozen=True)
class Theme:
    name: str  # "" for every theme
    words: str
    url: str
    current: bool


@dataclass
class PuzzleView:
    id: str
    game: str
    game_title: str
    rating: int  # the puzzle's rating now (the page's `data-rating`)
    rating_words: str
    theme_words: str  # the puzzle's themes, in words
    side_words: str  # "you play seat 2" when the seat is not the first
    answers: list[Answer]
    post_url: str
    show_url: str
    again_url: str
    next_url: str
    themes: list[Theme] = field(default_factory=list)
    outcome: str = ""  # "", "passed", "refused", "shown" or "invalid"
    outcome_words: str = ""
    answered: MoveView | None = None
    best: MoveView | None = None
    rated_words: str = ""  # how the person's rating moved, after a first try


def table_of(puzzle: Puzzle) -> tuple[Table, Any]:
    """A table that is no match, for the replay's view of the puzzle's position: the seat the
    puzzle is played from, every other seat a computer (the pros who played it)."""
    game = games.get(puzzle.game)
    state = game.from_text(puzzle.position)
    players = game.seats_of(game.rules_of(state))
    match = Match(id=puzzle.id, secret="puzzle", seed=0, rules="{}", level="pro", game=puzzle.game)
    seats = Seats(tuple(Seat(level="pro") for _ in range(players - 1)), "pro")
    return Table(match=match, state=state, seats=seats, seat=puzzle.seat), state


def theme_choices(themes: list[str], game: str | None, chosen: str | None, lang: str) -> list[Theme]:
    """Every theme as a link to a puzzle of it, "any" first."""
    base = f"/puzzles?lang={lang}" + (f"&game={game}" if game else "")
    out = [Theme("", t(lang, "puzzle_theme_any"), base, chosen is None)]
    out += [Theme(n, t(lang, f"puzzle_theme_{n}"), f"{base}&theme={n}", n == chosen) for n in themes]
    return out


def puzzle_view(
    puzzle: Puzzle,
    rating: float,
    answers: list[Answer],
    lang: str,
    words: Words,
    title: str,
    next_url: str,
    move: str | None = None,
    shown: bool = False,
    rated: Rated | None = None,
) -> PuzzleView:
    """The puzzle's page, after the answer `move` (legal there) or with its answer `shown`."""
    link = f"/puzzles/{puzzle.id}"
    seat_words = t(lang, "puzzle_seat", n=digits(puzzle.seat + 1, lang)) if puzzle.seat else ""
    view = PuzzleView(
        id=puzzle.id,
        game=puzzle.game,
        game_title=title,
        rating=round(rating),
        rating_words=t(lang, "puzzle_rating", n=digits(round(rating), lang)),
        theme_words=t(lang, "sep").join(t(lang, f"puzzle_theme_{n}") for n in puzzle.themes),
        side_words=seat_words,
        answers=answers,
        post_url=link,
        show_url=link + "/show",
        again_url=link,
        next_url=next_url,
    )
    values = dict(puzzle.values)
    if shown:
        view.outcome, view.outcome_words = "shown", t(lang, "puzzle_shown")
        view.best = move_view(puzzle.best, lang, words)
    elif move is not None:
        view.answered = move_view(move, lang, words)
        if move == puzzle.best:
            view.outcome, view.outcome_words = "passed", t(lang, "puzzle_passed")
        else:
            loss = values[puzzle.best] - values[move]
            view.outcome, view.outcome_words = "refused", t(lang, "puzzle_refused", n=points(loss, lang))
    if rated is not None:
        view.rated_words = t(
            lang,
            "puzzle_rated",
            before=digits(round(rated.solver_before), lang),
            after=digits(round(rated.solver_after), lang),
        )
    return view


@dataclass(frozen=True)
class DailyView:
    url: str
    game_title: str
    theme_words: str
    rating_words: str


def daily_view(puzzle: Puzzle | None, rating: float, title: str, lang: str) -> DailyView | None:
    """The home page's link to the day's puzzle: its game, themes and rating, never its cards."""
    if puzzle is None:
        return None
    themes = t(lang, "sep").join(t(lang, f"puzzle_theme_{n}") for n in puzzle.themes)
    return DailyView(f"/puzzles/{puzzle.id}", title, themes, t(lang, "puzzle_rating", n=digits(round(rating), lang)))


@dataclass(frozen=True)
class StandingView:
    solved: str
    rating: str  # "" before the first try


def standing_view(standing: Standing, lang: str) -> StandingView:
    """The `/me` section: puzzles solved and the puzzle rating ("?" after it while unsure)."""
    rating = ""
    if standing.rating is not None:
        sure = "?" if standing.deviation > PROVISIONAL else ""
        rating = t(lang, "puzzle_my_rating", n=digits(round(standing.rating), lang) + sure)
    return StandingView(t(lang, "puzzle_solved_count", n=digits(standing.solved, lang)), rating)
