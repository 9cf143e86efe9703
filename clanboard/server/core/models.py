"""The database schema (SQLAlchemy 2 declarative). Changes need an Alembic migration."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
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
    #: a rated table: every seat is an account (AI seats: bot accounts); Glicko-2 at the end
    rated: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    #: the creator chose the shuffle with a seat open for someone else: not fair play
    seeded: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    #: the time control (``None``: untimed), the clocks as of the last change, and when
    #: the first running clock runs out (the server's sweep finds tables due by it)
    clock: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    clock_state: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    clock_deadline: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    #: a result not the game's own (a loss on time): winners, loser, reason
    result_override: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    #: what happened at the table besides moves (a clock running out)
    events: Mapped[list | None] = mapped_column(JSON, nullable=True)
    #: a resigning seat at a table of 3+: ``ai`` plays on (``None`` too), ``last``: scored
    #: last (clanboard.server.endings.actions)
    on_resign: Mapped[str | None] = mapped_column(String(8), nullable=True)


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
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    #: the account playing this seat (a logged-in player or a rated AI's bot account)
    user_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("users.id"), nullable=True, index=True)


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
    #: the clocks just after this move (``{"remaining": [...], "since": t}``), if timed
    clock: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())


class UserRow(Base):
    """An account: a player (Argon2id password hash) or an AI level's bot account (none)."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(24))
    #: the name in lower case: names are unique whatever their case
    name_key: Mapped[str] = mapped_column(String(24), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    bot: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    #: the SHA-256 of the account's bot API token (``None``: it has none)
    api_token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True,
                                                       index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())


class SessionRow(Base):
    """A logged-in browser: the SHA-256 of its session id (the cookie) and its expiry."""

    __tablename__ = "sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())
    expires_at: Mapped[datetime] = mapped_column(DateTime, index=True)


class RatingRow(Base):
    """An account's Glicko-2 rating at one game and variant (``""``: no variant preset)."""

    __tablename__ = "ratings"

    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    variant: Mapped[str] = mapped_column(String(64), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())


class ResultRow(Base):
    """How an account's seat finished a game: its place, and its rating before and after
    when the game was rated. Written once per finished table (the key makes it so)."""

    __tablename__ = "results"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(64))
    variant: Mapped[str] = mapped_column(String(64))
    #: 0 for first place (shared places share a rank)
    rank: Mapped[int] = mapped_column(Integer)
    players: Mapped[int] = mapped_column(Integer)
    #: win, draw, loss
    outcome: Mapped[str] = mapped_column(String(8))
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    rating_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    rd_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())


class ChatRow(Base):
    """A chat message at a table: ``channel`` is ``players`` (a seat wrote it; seats and
    spectators read it) or ``spectators`` (spectators only); ``seq`` is the table's move
    count when it was sent (the replay shows it there)."""

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    channel: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())


class MuteRow(Base):
    """Seat ``seat`` of a table does not receive seat ``muted``'s chat."""

    __tablename__ = "chat_mutes"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    muted: Mapped[int] = mapped_column(Integer, primary_key=True)


class RematchRow(Base):
    """Table ``table_id`` was played again as ``rematch_id`` (seats rotated, a new seed)."""

    __tablename__ = "rematches"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    rematch_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), unique=True)


class AnalysisRow(Base):
    """A finished game's post-game analysis job and its results (``server/analysis/jobs.py``):
    one per table; ``seed`` seeds the searches and is never served."""

    __tablename__ = "analyses"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    #: queued, running, done, cancelled, failed
    status: Mapped[str] = mapped_column(String(16), index=True)
    iterations: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    total: Mapped[int] = mapped_column(Integer)
    #: the analysed moves so far (``MoveAnalysis.to_json`` and their words), in game order
    moves: Mapped[list] = mapped_column(JSON)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())
    #: the server process running it, until when (renewed after each position)
    claimed_by: Mapped[str | None] = mapped_column(String(96), nullable=True)
    claimed_until: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class LeaseRow(Base):
    """Which server process owns a table (runs its AI) and until when; the owner renews
    it while it lives, and another process takes it over once it has expired."""

    __tablename__ = "table_leases"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    owner: Mapped[str] = mapped_column(String(96), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime, index=True)


class CoachRow(Base):
    """A seat's hints and coach mode at a table (``server/coach/hints.py``): the hints taken, coach
    mode on or off, the moves coached, the latest verdict and the tutorial it follows."""

    __tablename__ = "coach_seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    hints: Mapped[int] = mapped_column(Integer, default=0)
    coach: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    coached: Mapped[int] = mapped_column(Integer, default=0)
    verdict: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    #: the tutorial this seat follows (a game id; ``server/coach/tutorial.py``)
    tutorial: Mapped[str | None] = mapped_column(String(64), nullable=True)
class FollowRow(Base):
    """Account ``user_id`` follows account ``followed_id`` (``server/friends/follows.py``)."""

    __tablename__ = "follows"

    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    followed_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())


class PushSubscriptionRow(Base):
    """A browser's Web Push subscription for an account (``server/notifications/push.py``):
    the push service's endpoint and the keys that encrypt what is sent to it."""

    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    endpoint: Mapped[str] = mapped_column(String(1024))
    #: the SHA-256 of the endpoint (unique: one row per browser)
    endpoint_hash: Mapped[str] = mapped_column(String(64), unique=True)
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    lang: Mapped[str] = mapped_column(String(8), default="en")
    created_at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())
