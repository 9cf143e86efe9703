"""Storage: the engine (SQLite in WAL mode, or any SQLAlchemy URL), migrations, and the
few reads and writes the server makes. All calls are synchronous; the app runs them
on its database thread so the event loop never waits on disk."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from importlib import resources
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, delete, event, insert, select, update
from sqlalchemy.orm import Session, sessionmaker

from clanboard.server.models import MoveRow, SeatRow, TableRow

ABANDONED_AFTER = timedelta(days=7)
"""An unfinished table with no move for this long is listed as abandoned."""


def make_engine(url: str) -> Engine:
    """An engine; SQLite gets WAL journalling and a busy timeout."""
    if url.startswith("sqlite"):
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
    return create_engine(url, pool_pre_ping=True)


def alembic_config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option(
        "script_location", str(resources.files("clanboard.server") / "migrations")
    )
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest Alembic revision."""
    cfg = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


@dataclass
class StoredSeat:
    seat: int
    kind: str
    name: str
    agent: str | None = None
    token_hash: str | None = None


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


class Store:
    """The server's reads and writes."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)

    def create_table(self, t: StoredTable) -> None:
        with self.sessions.begin() as s:
            s.add(TableRow(id=t.id, game=t.game, variant=t.variant, options=t.options,
                           num_players=t.num_players, seed=t.seed, status=t.status))
            s.flush()
            for st in t.seats:
                s.add(SeatRow(table_id=t.id, seat=st.seat, kind=st.kind, name=st.name,
                              agent=st.agent, token_hash=st.token_hash))

    def take_seat(self, table_id: str, seat: int, name: str, token_hash: str,
                  status: str) -> bool:
        """Give an open seat to a human; False if it was no longer open."""
        with self.sessions.begin() as s:
            result = s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat,
                       SeatRow.kind == "open")
                .values(kind="human", name=name, token_hash=token_hash)
            )
            if result.rowcount != 1:  # type: ignore[attr-defined]
                return False
            s.execute(update(TableRow).where(TableRow.id == table_id)
                      .values(status=status, updated_at=_now()))
            return True

    def add_move(self, table_id: str, seq: int, player: int, text: str,
                 visible_to: list[int], status: str) -> None:
        """Commit one accepted move (the primary key refuses a second move ``seq``)."""
        self.add_moves(table_id, seq, [(player, text, visible_to)], status)

    def add_moves(self, table_id: str, seq: int, rows: list[tuple[int, str, list[int]]],
                  status: str) -> None:
        """Commit the steps of one accepted move, numbered from ``seq``, all or none."""
        with self.engine.begin() as conn:
            for k, (player, text, visible_to) in enumerate(rows):
                conn.execute(insert(MoveRow.__table__).values(  # type: ignore[arg-type]
                    table_id=table_id, seq=seq + k, player=player, text=text,
                    visible_to=visible_to))
            conn.execute(update(TableRow.__table__)  # type: ignore[arg-type]
                         .where(TableRow.__table__.c.id == table_id)
                         .values(status=status, updated_at=_now()))

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

    def recent(self, limit: int = 50, now: datetime | None = None) -> list[dict[str, Any]]:
        """Recent tables for the lobby (no secrets). An unfinished table without a move
        (or a join) for :data:`ABANDONED_AFTER` is ``"abandoned"``."""
        stale = (now or _now()) - ABANDONED_AFTER
        with self.sessions() as s:
            rows = s.scalars(select(TableRow).order_by(TableRow.updated_at.desc()).limit(limit))
            out = []
            for row in rows:
                seats = s.scalars(select(SeatRow).where(SeatRow.table_id == row.id)
                                  .order_by(SeatRow.seat))
                status = row.status
                if status != "over" and row.updated_at < stale:
                    status = "abandoned"
                out.append({
                    "id": row.id, "game": row.game, "variant": row.variant,
                    "status": status, "last_active": row.updated_at.isoformat() + "Z",
                    "seats": [{"seat": x.seat, "kind": x.kind, "name": x.name} for x in seats],
                })
            return out

    def delete_table(self, table_id: str) -> None:
        with self.sessions.begin() as s:
            s.execute(delete(MoveRow).where(MoveRow.table_id == table_id))
            s.execute(delete(SeatRow).where(SeatRow.table_id == table_id))
            s.execute(delete(TableRow).where(TableRow.id == table_id))

    @staticmethod
    def _stored(s: Session, row: TableRow) -> StoredTable:
        seats = s.scalars(select(SeatRow).where(SeatRow.table_id == row.id)
                          .order_by(SeatRow.seat))
        moves = s.scalars(select(MoveRow).where(MoveRow.table_id == row.id)
                          .order_by(MoveRow.seq))
        return StoredTable(
            id=row.id, game=row.game, variant=row.variant, options=dict(row.options),
            num_players=row.num_players, seed=int(row.seed), status=row.status,
            seats=[StoredSeat(x.seat, x.kind, x.name, x.agent, x.token_hash) for x in seats],
            moves=[(m.player, m.text, list(m.visible_to)) for m in moves],
        )


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)
