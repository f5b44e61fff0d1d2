"""The pro's review of one match, worked out in a child process of its own at the lowest
priority, so that it never holds the app process's interpreter (or its core) while requests
wait; app/reviews.py starts it and writes to the database what it sends back.

- **Started** by `multiprocessing`'s *spawn*: a fresh interpreter, so nothing of the app
  process (its threads, locks, database connections) goes with it. It lowers its own priority
  (`os.nice(NICE)`) before it imports the engine, then reads the job's `Work` from its pipe.
- **Sends** the number of decisions (`("total", n)`), each decision as it is valued
  (`("decision", record)`, the stored result's form), then `("done", None)`, or
  `("failed", traceback)` when the review raised.
- **Ends** when the review does. A parent that dies closes the pipe: the child's next send
  fails and it exits. A child that dies before `done` makes `Child.messages` raise
  `Interrupted`, and the job is taken again.

The same `records` run in one process give the same decisions: the review is seeded.

>>> from engine import games
>>> game = games.get("chaharbargh")
>>> start = game.new_match(7, game.rules(players=2))
>>> count(Work("chaharbargh", start, [], seat=0, seed=1))  # no move played: nothing to judge
0
"""

from __future__ import annotations

import multiprocessing
import os
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Any

NICE = 19  # the lowest priority: when the cores are busy the review waits, not the players


@dataclass(frozen=True)
class Work:
    """What a review is made from. Everything in it pickles: the engine's states and moves are
    plain data classes."""

    game: str  # its name in the registry (engine.games)
    start: Any  # the state the match started from
    moves: list[Any]  # every move of the match, in order
    seat: int  # the seat whose decisions are judged
    seed: int  # the review's own seed: the same worlds every time


def record(decision: Any) -> dict[str, Any]:
    """One `engine.review.Decision` as the stored result holds it (JSON)."""
    return {
        "ply": decision.ply,
        "played": str(decision.played),
        "best": str(decision.best),
        "values": [[str(move), round(value, 3)] for move, value in decision.values],
        "loss": round(decision.loss, 3),
        "verdict": decision.verdict,
        "margin": round(decision.expected_margin, 3),
        "reason": decision.reason,
    }


def reviewer(name: str) -> Any:
    """The game `name`, which reviews (`engine.game.Reviewer`)."""
    from engine import games  # here, not at the top: the child imports it after lowering its priority
    from engine.game import Reviewer

    game = games.get(name)
    assert isinstance(game, Reviewer)
    return game


def count(work: Work) -> int:
    """How many decisions `records` yields (the progress bar's total), without valuing any."""
    return int(reviewer(work.game).decision_count(work.start, work.moves, work.seat))


def records(work: Work) -> Iterator[dict[str, Any]]:
    """The seat's decisions, judged by the game's pro, one at a time."""
    for decision in reviewer(work.game).review(work.start, work.moves, work.seat, seed=work.seed):
        yield record(decision)


def child(conn: Connection) -> None:
    """The child process: lower its priority, read the work, send the review."""
    os.nice(NICE)
    try:
        work = conn.recv()
        conn.send(("total", count(work)))
        for made in records(work):
            conn.send(("decision", made))
        conn.send(("done", None))
    except (BrokenPipeError, EOFError):  # the parent is gone: nobody wants the rest
        return
    except Exception:
        conn.send(("failed", traceback.format_exc()))


class Interrupted(Exception):
    """The review stopped before its end (its child process died, or the worker is stopping):
    nothing of it is stored, and the job waits to be taken again."""


class Child:
    """A review being made in a child process (`with Child(work) as child:`; leaving the block
    ends the child if it still runs)."""

    def __init__(self, work: Work) -> None:
        spawn = multiprocessing.get_context("spawn")
        self.conn, theirs = spawn.Pipe()
        self.process = spawn.Process(target=child, args=(theirs,), name="chaharbargh-review", daemon=True)
        self.process.start()
        theirs.close()  # the child's end is the child's alone: its death is then the pipe's end
        self.conn.send(work)

    def messages(self, wait: float) -> Iterator[tuple[str, Any] | None]:
        """What the child sends, as `(kind, value)`, and None each time `wait` seconds pass
        without a word (so the caller can show it is alive); ends at `done`. `RuntimeError`
        (with the child's traceback) when the review raised, `Interrupted` when the child died."""
        while True:
            if not self.conn.poll(wait):
                yield None
                continue
            try:
                kind, value = self.conn.recv()
            except (EOFError, ConnectionResetError):  # the child died: its end of the pipe closed, or reset
                self.process.join(5)
                raise Interrupted(f"the review's process ended (exit code {self.process.exitcode})") from None
            if kind == "done":
                return
            if kind == "failed":
                raise RuntimeError(f"the review raised in its process:\n{value}")
            yield kind, value

    def close(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)
        self.conn.close()

    def __enter__(self) -> Child:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
