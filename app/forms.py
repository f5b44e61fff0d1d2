"""The forms and query strings the pages read, as Pydantic models.

Routes take them as `Annotated[MoveForm, Form()]` (or `Query()`), so FastAPI parses and checks
them before the route runs. A form that does not fit its model is refused as a whole with the
model's `refusal` (a message key of app/i18n.py): `app.errors` answers it with the page the
request was about (the table, the lesson, or the error page) and status 400, never with JSON.
Fields the model does not name are ignored: the table's buttons post the whole `#game` form.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    Field,
    PlainValidator,
    ValidationError,
    model_validator,
)
from pydantic_core import PydanticCustomError

from engine import Card, Move, games
from engine.chaharbargh.moves import SHOW_PREFIX
from engine.chaharbargh.rules import FORCED_CAPTURE_MODES

from . import names
from .i18n import latin_digits
from .seats import CLOCK_RANGE, PERSON, SEAT_CHOICES
from .service import LEVELS, PLAYERS, PRESETS, SUR_CUTOFF_RANGE, SUR_POINTS_RANGE, TARGET_RANGE

REFUSED = "refused"  # the error type of a refused form; its context holds the message key

CardCode = Annotated[Card, PlainValidator(Card.parse)]  # "7C", "10D": an engine card, or the form is refused
Count = Annotated[int, Field(ge=0, lt=1_000_000)]  # a ply or an undo count: six digits at most


class FormModel(BaseModel):
    """A form refused as a whole: any field that does not fit makes one error whose
    context names the message to show (the reason a field's validator gave, else the first
    field's own in `refusals`, else `refusal`)."""

    refusal: ClassVar[str] = "garbage"
    refusals: ClassVar[dict[str, str]] = {}

    @model_validator(mode="wrap")
    @classmethod
    def refuse_as_one(cls, data: Any, handler: Any) -> Any:
        try:
            return handler(data)
        except ValidationError as error:
            own = [e["ctx"]["reason"] for e in error.errors() if e["type"] == REFUSED]  # a field's own reason
            fields = [e["loc"][0] for e in error.errors() if e["loc"]]
            reason = next(iter(own), None) or next((cls.refusals[f] for f in fields if f in cls.refusals), cls.refusal)
            raise PydanticCustomError(REFUSED, "refused: {reason}", {"reason": reason}) from None


def refusal_of(errors: list[dict[str, Any]]) -> str:
    """The message key of a refused form or query (`garbage` when no model named one)."""
    return next((e["ctx"]["reason"] for e in errors if e.get("type") == REFUSED), "garbage")


Blank = Annotated[None, BeforeValidator(lambda v: None if v == "" else v)]  # an empty field is "not given"


def _display_name(value: str) -> str:
    """A person's name at a shared table, without the spaces at its ends, or refused with the
    reason `names.refusal` gives (its own message, whichever form it is in)."""
    reason = names.refusal(value)
    if reason is not None:
        raise PydanticCustomError(REFUSED, "refused: {reason}", {"reason": reason})
    return names.tidy(value)


DisplayName = Annotated[str, AfterValidator(_display_name)]  # app/names.py says what a name may hold
Flag = Literal["1", "0"]  # a checkbox: "1" when ticked ("0" is accepted as unticked)


def _registered_game(value: object) -> str:
    """A game's name as the engine's registry lists it (`engine.games`), or the form is refused."""
    if not isinstance(value, str) or value not in games.names():
        raise ValueError("no such game")
    return value


def _move_clock(value: int) -> int:
    """Seconds a move: 0 (no clock) or within `CLOCK_RANGE`, or the form is refused."""
    if value != 0 and not CLOCK_RANGE[0] <= value <= CLOCK_RANGE[1]:
        raise ValueError("no such clock")
    return value


MoveClock = Annotated[int, AfterValidator(_move_clock)]


def _typed_number(value: Any) -> Any:
    """A number field's text with the digits typed in Persian read as Latin ones («۳۰» is 30)."""
    return latin_digits(value) if isinstance(value, str) else value


def in_range(bounds: tuple[int, int]) -> Any:
    return Annotated[int, BeforeValidator(_typed_number), Field(ge=bounds[0], le=bounds[1])]


class MatchOptions(FormModel):
    """The home page's new match: the game (players, level, target, preset) and the house rules.

    Each house rule left out takes the preset's value (with four players, its doubled target and
    sur points), except that a form marked `house=1` (the home page's) carries every house rule,
    so there an unticked box is off and an empty `sur_cutoff` is no cut-off (FastAPI reads an
    empty field as one left out). A field that does not fit is
    refused with its own message (`refusals`); `service.rules_for` then asks the engine.
    """

    refusal: ClassVar[str] = "bad_options"
    refusals: ClassVar[dict[str, str]] = {
        "game": "bad_game",
        "level": "bad_level",
        "players": "bad_players",
        "target": "bad_target",
        "preset": "bad_preset",
        "forced_capture": "bad_forced_capture",
        "jack_sur": "bad_flag",
        "sur_in_last_deal": "bad_flag",
        "surs_cancel": "bad_flag",
        "open_hand": "bad_flag",
        "house": "bad_flag",
        "sur_points": "bad_sur_points",
        "sur_cutoff": "bad_sur_cutoff",
        "seat1": "bad_seat",
        "seat2": "bad_seat",
        "seat3": "bad_seat",
        "name": "bad_name",
        "clock": "bad_clock",
    }
    game: Annotated[str, PlainValidator(_registered_game)] = games.names()[0]  # others read players and level only
    level: Literal[LEVELS]  # type: ignore[valid-type]
    players: in_range((min(PLAYERS), max(PLAYERS))) = 2  # type: ignore[valid-type]
    target: Blank | in_range(TARGET_RANGE) = None  # type: ignore[valid-type]
    preset: Literal[PRESETS] = "table"  # type: ignore[valid-type]
    forced_capture: Literal[FORCED_CAPTURE_MODES] | None = None  # type: ignore[valid-type]
    jack_sur: Flag | None = None
    sur_in_last_deal: Flag | None = None
    surs_cancel: Flag | None = None
    open_hand: Flag | None = None
    house: Flag | None = None
    sur_points: Blank | in_range(SUR_POINTS_RANGE) = None  # type: ignore[valid-type]
    sur_cutoff: Literal[""] | in_range(SUR_CUTOFF_RANGE) | None = None  # type: ignore[valid-type]
    seat1: Blank | Literal[SEAT_CHOICES] = None  # type: ignore[valid-type]  # each seat after yours:
    seat2: Blank | Literal[SEAT_CHOICES] = None  # type: ignore[valid-type]  # a person or a computer
    seat3: Blank | Literal[SEAT_CHOICES] = None  # type: ignore[valid-type]  # level (left out: `level`)

    name: Blank | DisplayName = None  # the creator's name, shown to the friends they invite
    clock: Blank | MoveClock = None  # seconds a person has for a move; left out: `CLOCK_DEFAULT` with people

    def seat_choices(self, players: int) -> list[str | None]:
        """Who sits in seats 1 … players-1 (a seat past the game's seats is not read)."""
        return [self.seat1, self.seat2, self.seat3][: players - 1]

    def friends(self) -> int:
        """How many friends the creator invites (seats past the game's are not counted)."""
        return self.seat_choices(self.players).count(PERSON)

    def house_rules(self) -> dict[str, Any]:
        """The house rules this form changes from its preset (for `service.rules_for`)."""
        changes: dict[str, Any] = {}
        if self.forced_capture is not None:
            changes["forced_capture"] = self.forced_capture
        for name in FLAGS:
            value = getattr(self, name)
            if value is not None or self.house == "1":
                changes[name] = value == "1"
        if self.sur_points is not None:
            changes["sur_points"] = self.sur_points
        if self.sur_cutoff is not None or self.house == "1":  # FastAPI reads an empty field as left out
            changes["sur_cutoff"] = None if self.sur_cutoff in ("", None) else self.sur_cutoff
        return changes


FLAGS = ("jack_sur", "sur_in_last_deal", "surs_cancel", "open_hand")


class PracticeOptions(FormModel):
    """A free-practice round: the computer's level."""

    refusal: ClassVar[str] = "bad_options"
    level: str


class ForgetForm(FormModel):
    """The history page's "remove from the list": a match id (as the session cookie holds it)."""

    match: Annotated[str, Field(min_length=1, max_length=32)]


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


def _move_card(value: Any) -> str:
    """A card code, or under the open hand `show:CODE` (the engine's move text of a show)."""
    if not isinstance(value, str):
        raise ValueError("not a card")
    Card.parse(value.removeprefix(SHOW_PREFIX))
    return value


class MoveForm(PlyForm):
    """The player's move on the table: a card played with the table cards it takes, or under
    the open hand `card=show:7C` (the card to turn face up, nothing taken)."""

    card: Annotated[str, PlainValidator(_move_card)]
    take: list[CardCode] = Field(default_factory=list, max_length=13)

    @model_validator(mode="after")
    def _a_show_takes_nothing(self) -> MoveForm:
        if self.card.startswith(SHOW_PREFIX) and self.take:  # refused like any form that does not fit
            raise PydanticCustomError(REFUSED, "refused: {reason}", {"reason": self.refusal})
        return self

    @property
    def move(self) -> Move:
        if self.card.startswith(SHOW_PREFIX):
            return Move.show(Card.parse(self.card.removeprefix(SHOW_PREFIX)))
        return Move(Card.parse(self.card), frozenset(self.take))


class TextMoveForm(PlyForm):
    """A move as its game's move text (All Fours: `stand`, `beg`, `one`, `run` or a card code);
    the match's game parses it (`Game.parse_move`)."""

    move: Annotated[str, Field(min_length=1, max_length=16)]


class SelectionQuery(BaseModel):
    """The table's or a lesson's address carries the selection so far (`card`, `take`...) and
    the card just tapped (`select` in the hand, `toggle` on the table); `views.select` checks
    the codes against the position. `hint=1` asks for the pro's hints (practice)."""

    card: str | None = None
    take: list[str] = Field(default_factory=list)
    select: str | None = None
    toggle: str | None = None
    hint: str | None = None
