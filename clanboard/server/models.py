"""The database schema (SQLAlchemy 2 declarative). Changes need an Alembic migration."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    false,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One game being played: enough to replay it (game id, options, seed, moves)."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), index=True)
    variant: Mapped[str | None] = mapped_column(String(64), nullable=True)
    options: Mapped[dict] = mapped_column(JSON)
    num_players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    #: waiting (open seats), playing, over
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now(),
                                                 index=True)
    #: a hash of the creating client's address (the per-address cap on open tables)
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    #: private tables are not listed; their open seats need the invite secret
    private: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class SeatRow(Base):
    """A seat at a table: a human (with the hash of its secret token), an AI, or open."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: human, ai, open
    kind: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(64))
    agent: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class MoveRow(Base):
    """An accepted move, numbered from 0 per table; ``visible_to`` lists the viewers
    (seat numbers, ``-1`` for spectators) who may read its notation during play."""

    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    visible_to: Mapped[list] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())


class LeaseRow(Base):
    """Which server process owns a table (runs its AI) and until when; the owner renews
    it while it lives, and another process takes it over once it has expired."""

    __tablename__ = "table_leases"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    owner: Mapped[str] = mapped_column(String(96), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime, index=True)
