"""Database tables: a match and its append-only list of moves. The schema comes from Alembic."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import BigInteger, Column, DateTime, UniqueConstraint, text
from sqlmodel import Field, SQLModel


def now() -> datetime:
    return datetime.now(UTC)


class Match(SQLModel, table=True):
    """One match against the computer. `seed` is secret until the match is over.

    A `practice` match is one round with help (hints, undo) and no match score.
    """

    id: str = Field(primary_key=True, max_length=32)
    secret: str = Field(max_length=64)
    seed: int = Field(sa_column=Column(BigInteger, nullable=False))  # 62 random bits: 64-bit everywhere
    rules: str  # Rules.to_dict() as JSON
    level: str = Field(max_length=16)
    mode: str = Field(default="match", max_length=16, sa_column_kwargs={"server_default": "match"})  # or "practice"
    status: str = Field(default="playing", max_length=16, sa_column_kwargs={"server_default": "playing"})
    ply: int = Field(default=0, sa_column_kwargs={"server_default": text("0")})
    rounds_seen: int = Field(default=0, sa_column_kwargs={"server_default": text("0")})
    undos: int = Field(default=0, sa_column_kwargs={"server_default": text("0")})  # practice moves taken back
    created_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))
    updated_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))


class MoveRow(SQLModel, table=True):
    """One move, never changed once written. `ply` counts from 0 over the whole match."""

    __tablename__ = "move"
    __table_args__ = (UniqueConstraint("match_id", "ply", name="uq_move_match_ply"),)

    id: int | None = Field(default=None, primary_key=True)
    match_id: str = Field(foreign_key="match.id", index=True, max_length=32)
    ply: int
    seat: int
    move: str = Field(max_length=64)  # the engine's text form, e.g. "7C+4D"
    created_at: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))
