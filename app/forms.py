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
    ConfigDict,
    Field,
    PlainValidator,
    PrivateAttr,
    ValidationError,
    model_validator,
)
from pydantic_core import PydanticCustomError

from engine import Card, Move, games
from engine.chaharbargh.moves import SHOW_PREFIX
from engine.options import Option

from . import names
from .i18n import latin_digits
from .seating import LEVELS, PLAYERS
from .seats import CLOCK_RANGE, PERSON, SEAT_CHOICES, SLOW_CLOCKS

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
    """Seconds a move: 0 (no clock), within `CLOCK_RANGE` or one of `SLOW_CLOCKS`, or the form
    is refused (a slow clock the form does not list would be one nobody chose)."""
    if value != 0 and not CLOCK_RANGE[0] <= value <= CLOCK_RANGE[1] and value not in SLOW_CLOCKS:
        raise ValueError("no such clock")
    return value


MoveClock = Annotated[int, AfterValidator(_move_clock)]


def _typed_number(value: Any) -> Any:
    """A number field's text with the digits typed in Persian read as Latin ones («۳۰» is 30)."""
    return latin_digits(value) if isinstance(value, str) else value


def in_range(bounds: tuple[int, int]) -> Any:
    return Annotated[int, BeforeValidator(_typed_number), Field(ge=bounds[0], le=bounds[1])]


def declared_options() -> dict[str, tuple[str, Option]]:
    """Every rule option a registered game declares (`engine.options`), by its field name, with
    its game, in the games' order: no two games share a name (`app.games.register` checks)."""
    return {o.name: (name, o) for name in games.names() for o in games.get(name).options}


def _offered_preset(value: str) -> str:
    """A preset some registered game has (the chosen game's own is its `create`'s to check)."""
    if not any(value in games.get(name).presets for name in games.names()):
        raise ValueError("no such preset")
    return value


def _refused(reason: str) -> PydanticCustomError:
    return PydanticCustomError(REFUSED, "refused: {reason}", {"reason": reason})


class MatchOptions(FormModel):
    """The home page's new match: the game, players, level, preset and seats, with the rule
    options the games declare (`Game.options`) read from the form's other fields by their
    declarations: `values` holds the chosen game's.

    An option left out takes the preset's value (with four players, Chaharbargh's doubled target
    and sur points), except that a form marked `house=1` (the home page's) carries every option,
    so there an unticked box is off and an empty optional number is none (FastAPI reads an empty
    field as one left out). A field that does not fit is refused with its own message (`refusals`,
    an option's `refusal`); `service.rules_for` then asks the engine.
    """

    model_config = ConfigDict(extra="allow")  # the games' options arrive as the form's other fields

    refusal: ClassVar[str] = "bad_options"
    refusals: ClassVar[dict[str, str]] = {
        "game": "bad_game",
        "level": "bad_level",
        "players": "bad_players",
        "preset": "bad_preset",
        "house": "bad_flag",
        "seat1": "bad_seat",
        "seat2": "bad_seat",
        "seat3": "bad_seat",
        "name": "bad_name",
        "clock": "bad_clock",
        "casual": "bad_flag",
    }
    game: Annotated[str, PlainValidator(_registered_game)] = games.names()[0]
    level: Literal[LEVELS]  # type: ignore[valid-type]
    players: in_range((min(PLAYERS), max(PLAYERS))) = 2  # type: ignore[valid-type]
    preset: Blank | Annotated[str, AfterValidator(_offered_preset)] = None  # None: the game's first
    house: Flag | None = None
    seat1: Blank | Literal[SEAT_CHOICES] = None  # type: ignore[valid-type]  # each seat after yours:
    seat2: Blank | Literal[SEAT_CHOICES] = None  # type: ignore[valid-type]  # a person or a computer
    seat3: Blank | Literal[SEAT_CHOICES] = None  # type: ignore[valid-type]  # level (left out: `level`)

    name: Blank | DisplayName = None  # the creator's name, shown to the friends they invite
    clock: Blank | MoveClock = None  # seconds a person has for a move; left out: `CLOCK_DEFAULT` with people
    casual: Flag | None = None  # "1": the match moves no rating (the table's, like the clock: no game option)
    _values: dict[str, dict[str, Any]] = PrivateAttr(default_factory=dict)  # by game

    @model_validator(mode="after")
    def _read_options(self) -> MatchOptions:
        """Check every declared option the form names, keep their fields (nothing else it sent)
        and read the chosen game's into `values`."""
        given, kept = self.model_extra or {}, {}
        for name, (game, option) in declared_options().items():
            text = given.get(name)
            if text is None or (text == "" and option.kind == "int" and not option.optional):
                if self.house == "1" and (option.kind == "bool" or option.optional):
                    self._values.setdefault(game, {})[name] = None if option.optional else False
                continue
            try:
                value = option.parse(latin_digits(text) if isinstance(text, str) else "\0")
            except ValueError:
                raise _refused(option.refusal) from None
            if text != "":  # as FastAPI reads a form's empty field: not kept, like one left out
                kept[name] = text
            self._values.setdefault(game, {})[name] = value
        self.__pydantic_extra__ = kept
        return self

    @classmethod
    def field_names(cls) -> set[str]:
        """The form's fields: its own and every declared option's."""
        return set(cls.model_fields) | set(declared_options())

    @property
    def values(self) -> dict[str, Any]:
        """The chosen game's options this form sets (the others take the preset's values)."""
        return self.values_of(self.game)

    def values_of(self, game: str) -> dict[str, Any]:
        """The options of the game `game` this form sets (the home form holds every game's)."""
        return dict(self._values.get(game, {}))

    def seat_choices(self, players: int) -> list[str | None]:
        """Who sits in seats 1 … players-1 (a seat past the game's seats is not read)."""
        return [self.seat1, self.seat2, self.seat3][: players - 1]

    def friends(self) -> int:
        """How many friends the creator invites (seats past the game's are not counted)."""
        return self.seat_choices(self.players).count(PERSON)


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
    the card just tapped (`select` in the hand, `toggle` on the table); `board.select` checks
    the codes against the position. `hint=1` asks for the pro's hints (practice)."""

    card: str | None = None
    take: list[str] = Field(default_factory=list)
    select: str | None = None
    toggle: str | None = None
    hint: str | None = None
