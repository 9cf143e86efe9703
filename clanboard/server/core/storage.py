"""Storage: the engine (SQLite in WAL mode, or PostgreSQL through psycopg 3), migrations,
and the few reads and writes the server makes. All calls are synchronous; the app runs
them on its database threads so the event loop never waits on disk."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, delete, event, func, insert, select, text, update
from sqlalchemy.engine import URL, make_url
from sqlalchemy.orm import Session, sessionmaker

from clanboard.server.core.models import MoveRow, SeatRow, TableRow

ABANDONED_AFTER = timedelta(days=7)
"""An unfinished table with no move for this long is listed as abandoned."""

#: a PostgreSQL advisory lock key (any constant): one process migrates at a time
_MIGRATION_LOCK = 0x636C616E  # "clan"


def make_engine(url: str) -> Engine:
    """An engine; SQLite gets WAL journalling and a busy timeout, and its file is only
    readable by its owner (it holds running games' seeds); PostgreSQL gets the psycopg 3
    driver (also for a plain ``postgresql://`` URL), UTC sessions and a small pool."""
    if url.startswith("sqlite"):
        database = make_url(url).database
        if database and database != ":memory:" and not database.startswith("file:"):
            private_file(Path(database))
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            # NORMAL under WAL: a committed transaction survives the process being killed
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    parsed = postgres_url(url)
    if parsed.get_backend_name() != "postgresql":
        return create_engine(parsed, pool_pre_ping=True)
    # the columns are timestamps without time zone: the database's own now() must be UTC,
    # as the server's are, whatever the cluster's TimeZone setting
    options = parsed.query.get("options", "")
    options = " ".join(options) if isinstance(options, tuple) else options
    connect_args = {"options": f"{options} -c timezone=UTC".strip(), "connect_timeout": 10}
    if "application_name" not in parsed.query:
        connect_args["application_name"] = "clanboard"
    # the app runs at most 4 database threads, so 5 pooled connections always suffice;
    # pre-ping replaces connections the server dropped (restart, idle timeout) unseen
    return create_engine(parsed, connect_args=connect_args, pool_size=5, max_overflow=5,
                         pool_timeout=30, pool_recycle=1800, pool_pre_ping=True)


def postgres_url(url: str) -> URL:
    """``url`` parsed; ``postgres://`` and ``postgresql://`` (which SQLAlchemy would
    give to psycopg2) use psycopg 3, the driver of the ``postgres`` extra."""
    parsed = make_url(url.replace("postgres://", "postgresql://", 1)
                      if url.startswith("postgres://") else url)
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def private_file(path: Path) -> None:
    """Create ``path`` with mode 0600 if it is missing; take group and other access away
    from an existing one."""
    if path.exists():
        if path.stat().st_mode & 0o077:
            path.chmod(0o600)
        return
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True)
    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))


def alembic_config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option(
        "script_location", str(resources.files("clanboard.server") / "migrations")
    )
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def head_revision() -> str:
    """The newest Alembic revision of the schema (what :func:`migrate` brings a database to)."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()
    assert head is not None
    return head


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest Alembic revision."""
    cfg = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":  # held until this transaction ends
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


@dataclass
class StoredSeat:
    seat: int
    kind: str
    name: str
    agent: str | None = None
    token_hash: str | None = None
    user_id: int | None = None


@dataclass
class StoredTable:
    id: str
    game: str
    variant: str | None
    options: dict[str, Any]
    num_players: int
    seed: int
    status: str
    seats: list[StoredSeat]
    moves: list[tuple[int, str, list[int]]] = field(default_factory=list)
    private: bool = False
    invite_hash: str | None = None
    creator: str | None = None
    rated: bool = False
    seeded: bool = False
    #: clocks (see :mod:`clanboard.server.clocks.clock`): the time control, the clocks now,
    #: the clocks after each move (``None`` for an untimed table), the deadline
    clock: dict[str, Any] | None = None
    clock_state: dict[str, Any] | None = None
    move_clocks: list[dict[str, Any] | None] = field(default_factory=list)
    clock_deadline: float | None = None
    result_override: dict[str, Any] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    #: a resigning seat at a table of 3+: ``ai`` (an AI plays on) or ``last``
    on_resign: str = "ai"


@dataclass
class ClockWrite:
    """The clocks written with a move, a join or a timeout, in the same transaction."""

    state: dict[str, Any]
    deadline: float | None


class Store:
    """The server's reads and writes."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        #: the same pool, each statement its own transaction (no BEGIN, no COMMIT)
        self.autocommit = engine.execution_options(isolation_level="AUTOCOMMIT")

    def create_table(self, t: StoredTable) -> None:
        with self.sessions.begin() as s:
            s.add(TableRow(id=t.id, game=t.game, variant=t.variant, options=t.options,
                           num_players=t.num_players, seed=t.seed, status=t.status,
                           private=t.private, invite_hash=t.invite_hash, creator=t.creator,
                           rated=t.rated, seeded=t.seeded, clock=t.clock,
                           clock_state=t.clock_state,
                           on_resign=None if t.on_resign == "ai" else t.on_resign,
                           clock_deadline=t.clock_deadline,
                           created_at=_now(), updated_at=_now()))
            s.flush()
            for st in t.seats:
                s.add(SeatRow(table_id=t.id, seat=st.seat, kind=st.kind, name=st.name,
                              agent=st.agent, token_hash=st.token_hash, user_id=st.user_id))

    def take_seat(self, table_id: str, seat: int, name: str, token_hash: str,
                  status: str, user_id: int | None = None,
                  clock: ClockWrite | None = None) -> bool:
        """Give an open seat to a human; False if it was no longer open."""
        with self.sessions.begin() as s:
            result = s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat,
                       SeatRow.kind == "open")
                .values(kind="human", name=name, token_hash=token_hash, user_id=user_id)
            )
            if result.rowcount != 1:  # type: ignore[attr-defined]
                return False
            s.execute(update(TableRow).where(TableRow.id == table_id)
                      .values(status=status, updated_at=_now(), **_clock_values(clock)))
            return True

    def add_move(self, table_id: str, seq: int, player: int, text: str,
                 visible_to: list[int], status: str) -> None:
        """Commit one accepted move (the primary key refuses a second move ``seq``)."""
        self.add_moves(table_id, seq, [(player, text, visible_to)], status)

    def add_moves(self, table_id: str, seq: int, rows: list[tuple[int, str, list[int]]],
                  status: str, clock: ClockWrite | None = None) -> None:
        """Commit the steps of one accepted move, numbered from ``seq``, all or none (with
        the clocks after it, on each step and on the table)."""
        if self.engine.dialect.name == "postgresql":
            return self._add_moves_pg(table_id, seq, rows, status, clock)
        with self.engine.begin() as conn:
            for k, (player, text, visible_to) in enumerate(rows):
                conn.execute(insert(MoveRow.__table__).values(  # type: ignore[arg-type]
                    table_id=table_id, seq=seq + k, player=player, text=text,
                    visible_to=visible_to, clock=clock.state if clock else None))
            conn.execute(update(TableRow.__table__)  # type: ignore[arg-type]
                         .where(TableRow.__table__.c.id == table_id)
                         .values(status=status, updated_at=_now(), **_clock_values(clock)))

    def _add_moves_pg(self, table_id: str, seq: int, rows: list[tuple[int, str, list[int]]],
                      status: str, clock: ClockWrite | None) -> None:
        """:meth:`add_moves` as one statement (one round trip, atomic on its own): the
        move's hot path, where BEGIN, two statements and COMMIT cost four."""
        state = None if clock is None else json.dumps(clock.state)
        values, params = [], []
        for k, (player, move, visible_to) in enumerate(rows):
            values.append("(%s, %s, %s, %s, %s::json, %s::json)")
            params += [table_id, seq + k, player, move, json.dumps(visible_to), state]
        sets = "status = %s, updated_at = %s"
        params += [status, _now()]
        if clock is not None:
            sets += ", clock_state = %s::json, clock_deadline = %s"
            params += [state, clock.deadline]
        params.append(table_id)
        with self.autocommit.connect() as conn:
            conn.exec_driver_sql(
                "WITH stored AS (INSERT INTO moves (table_id, seq, player, text, visible_to, "
                f"clock) VALUES {', '.join(values)}) UPDATE tables SET {sets} WHERE id = %s",
                tuple(params))

    def time_out(self, table_id: str, status: str, clock: ClockWrite | None,
                 events: list[dict[str, Any]], result_override: dict[str, Any] | None,
                 ai_seats: dict[int, tuple[str, str]]) -> None:
        """Commit clocks running out: the table's clocks, events and result, and the
        seats an AI takes over (seat: (name, agent)), all or none."""
        with self.sessions.begin() as s:
            for seat, (name, agent) in ai_seats.items():
                s.execute(update(SeatRow)
                          .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                          .values(kind="ai", name=name, agent=agent))
            s.execute(update(TableRow).where(TableRow.id == table_id)
                      .values(status=status, updated_at=_now(), events=events,
                              result_override=result_override, **_clock_values(clock)))

    def clock_due(self, before: float, limit: int) -> list[str]:
        """Tables in play whose first clock runs out before ``before`` (soonest first)."""
        with self.sessions() as s:
            return list(s.scalars(
                select(TableRow.id).where(TableRow.status == "playing",
                                          TableRow.clock_deadline.is_not(None),
                                          TableRow.clock_deadline <= before)
                .order_by(TableRow.clock_deadline).limit(limit)))

    def set_visible(self, table_id: str, seq: int, visible_to: list[int]) -> None:
        moves = MoveRow.__table__
        with self.engine.begin() as conn:
            conn.execute(update(moves)  # type: ignore[arg-type]
                         .where(moves.c.table_id == table_id, moves.c.seq == seq)
                         .values(visible_to=visible_to))

    def load(self, table_id: str) -> StoredTable | None:
        with self.sessions() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            return self._stored(s, row)

    def unfinished_ids(self) -> list[str]:
        with self.sessions() as s:
            return list(s.scalars(select(TableRow.id).where(TableRow.status != "over")))

    def ai_table_ids(self, limit: int) -> list[str]:
        """Tables in play with an AI seat, most recently active first (at most ``limit``)."""
        with_ai = select(SeatRow.table_id).where(SeatRow.kind == "ai")
        with self.sessions() as s:
            return list(s.scalars(
                select(TableRow.id).where(TableRow.status == "playing",
                                          TableRow.id.in_(with_ai))
                .order_by(TableRow.updated_at.desc()).limit(limit)))

    def seat_of_token(self, token_hash: str) -> tuple[str, int] | None:
        """The (table, seat) whose token hashes to ``token_hash`` (the bot API's lookup)."""
        with self.sessions() as s:
            row = s.execute(select(SeatRow.table_id, SeatRow.seat)
                            .where(SeatRow.token_hash == token_hash).limit(1)).first()
            return None if row is None else (str(row[0]), int(row[1]))

    def open_tables_by(self, creator: str, hours: float) -> int:
        """Unfinished tables ``creator`` made in the last ``hours``."""
        since = _now() - timedelta(hours=hours)
        with self.sessions() as s:
            return int(s.scalar(
                select(func.count()).select_from(TableRow)
                .where(TableRow.creator == creator, TableRow.status != "over",
                       TableRow.created_at >= since)) or 0)

    def recent(self, limit: int = 50, now: datetime | None = None) -> list[dict[str, Any]]:
        """Recent public tables for the lobby (no secrets), in one statement. An unfinished
        table without a move (or a join) for :data:`ABANDONED_AFTER` is ``"abandoned"``."""
        stale = (now or _now()) - ABANDONED_AFTER
        tables = TableRow.__table__
        seats = SeatRow.__table__
        top = (select(tables.c.id, tables.c.updated_at)
               .where(tables.c.private == False)  # noqa: E712 (SQL, not Python)
               .order_by(tables.c.updated_at.desc(), tables.c.id).limit(limit).subquery())
        query = (select(tables.c.id, tables.c.game, tables.c.variant, tables.c.status,
                        tables.c.updated_at, tables.c.seeded, seats.c.seat, seats.c.kind,
                        seats.c.name)
                 .join(top, top.c.id == tables.c.id)
                 .join(seats, seats.c.table_id == tables.c.id, isouter=True)
                 .order_by(top.c.updated_at.desc(), tables.c.id, seats.c.seat))
        out: dict[str, dict[str, Any]] = {}
        with self.engine.connect() as conn:
            for row in conn.execute(query):
                entry = out.get(row.id)
                if entry is None:
                    updated = row.updated_at
                    status = row.status
                    if status != "over" and updated < stale:
                        status = "abandoned"
                    entry = out[row.id] = {
                        "id": row.id, "game": row.game, "variant": row.variant,
                        "status": status, "last_active": updated.isoformat() + "Z",
                        "seeded": bool(row.seeded), "seats": []}
                if row.seat is not None:
                    entry["seats"].append({"seat": row.seat, "kind": row.kind,
                                           "name": row.name})
        return list(out.values())

    def delete_table(self, table_id: str) -> None:
        with self.sessions.begin() as s:
            s.execute(delete(MoveRow).where(MoveRow.table_id == table_id))
            s.execute(delete(SeatRow).where(SeatRow.table_id == table_id))
            s.execute(delete(TableRow).where(TableRow.id == table_id))

    @staticmethod
    def _stored(s: Session, row: TableRow) -> StoredTable:
        seats = s.scalars(select(SeatRow).where(SeatRow.table_id == row.id)
                          .order_by(SeatRow.seat))
        moves = list(s.scalars(select(MoveRow).where(MoveRow.table_id == row.id)
                               .order_by(MoveRow.seq)))
        return StoredTable(
            id=row.id, game=row.game, variant=row.variant, options=dict(row.options),
            num_players=row.num_players, seed=int(row.seed), status=row.status,
            seats=[StoredSeat(x.seat, x.kind, x.name, x.agent, x.token_hash, x.user_id)
                   for x in seats],
            moves=[(m.player, m.text, list(m.visible_to)) for m in moves],
            move_clocks=([m.clock for m in moves] if row.clock is not None else []),
            private=bool(row.private), invite_hash=row.invite_hash, creator=row.creator,
            rated=bool(row.rated), seeded=bool(row.seeded),
            clock=row.clock, clock_state=row.clock_state, clock_deadline=row.clock_deadline,
            result_override=row.result_override, events=list(row.events or []),
            on_resign=row.on_resign or "ai",
        )


def _clock_values(clock: ClockWrite | None) -> dict[str, Any]:
    if clock is None:
        return {}
    return {"clock_state": clock.state, "clock_deadline": clock.deadline}


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)
