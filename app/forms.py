"""The forms and query strings the pages read, as Pydantic models.

Routes take them as `Annotated[MoveForm, Form()]` (or `Query()`), so FastAPI parses and checks
them before the route runs. A form that does not fit its model is refused as a whole with the
model's `refusal` (a message key of app/i18n.py): `app.errors` answers it with the page the
request was about (the table, the lesson, or the error page) and status 400, never with JSON.
Fields the model does not name are ignored: the table's buttons post the whole `#game` form.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, Field, PlainValidator, ValidationError, model_validator
from pydantic_core import PydanticCustomError

from engine import Card, Move

REFUSED = "refused"  # the error type of a refused form; its context holds the message key

CardCode = Annotated[Card, PlainValidator(Card.parse)]  # "7C", "10D": an engine card, or the form is refused
Count = Annotated[int, Field(ge=0, lt=1_000_000)]  # a ply or an undo count: six digits at most


class FormModel(BaseModel):
    """A form refused as a whole: any field that does not fit makes one error whose
    context names the message to show (`refusal`)."""

    refusal: ClassVar[str] = "garbage"

    @model_validator(mode="wrap")
    @classmethod
    def refuse_as_one(cls, data: Any, handler: Any) -> Any:
        try:
            return handler(data)
        except ValidationError:
            raise PydanticCustomError(REFUSED, "refused: {reason}", {"reason": cls.refusal}) from None


def refusal_of(errors: list[dict[str, Any]]) -> str:
    """The message key of a refused form or query (`garbage` when no model named one)."""
    return next((e["ctx"]["reason"] for e in errors if e.get("type") == REFUSED), "garbage")


class MatchOptions(FormModel):
    """The home page's new match; the service refuses what it does not offer."""

    refusal: ClassVar[str] = "bad_options"
    level: str
    target: int
    preset: str = "table"


class PracticeOptions(FormModel):
    """A free-practice round: the computer's level."""

    refusal: ClassVar[str] = "bad_options"
    level: str


class PlyForm(FormModel):
    """A table action made at `ply` (compare-and-set); practice forms also carry `undos`, the
    number of moves taken back when the form was made, so a form from before an undo changes nothing."""

    ply: Count
    undos: Count | None = None


class LessonMoveForm(FormModel):
    """A move: the card played and the table cards it takes (none: it is placed)."""

    card: CardCode
    take: list[CardCode] = Field(default_factory=list, max_length=13)

    @property
    def move(self) -> Move:
        return Move(self.card, frozenset(self.take))


class MoveForm(LessonMoveForm, PlyForm):
    """The player's move on the table."""


class SelectionQuery(BaseModel):
    """The table's or a lesson's address carries the selection so far (`card`, `take`...) and
    the card just tapped (`select` in the hand, `toggle` on the table); `views.select` checks
    the codes against the position. `hint=1` asks for the pro's hints (practice)."""

    card: str | None = None
    take: list[str] = Field(default_factory=list)
    select: str | None = None
    toggle: str | None = None
    hint: str | None = None
