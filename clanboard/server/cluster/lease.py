"""Table leases in the database: one server process owns a table (runs its AI seats) at a
time, until the lease expires unless renewed. Another process may take over an expired
lease; every change is one statement, so the database serialises competing processes.

All calls are synchronous (the app runs them on its database threads). Times come from
``clock`` (UTC, naive, like every timestamp the server stores): the processes' clocks must
agree to well within ``seconds`` (NTP), which a lease of several seconds leaves room for.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from sqlalchemy import Engine, Table, delete, select, update
from sqlalchemy.dialects import postgresql, sqlite

from clanboard.server.core.models import LeaseRow

LEASES: Table = LeaseRow.__table__  # type: ignore[assignment]


def utc_now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def new_owner() -> str:
    """An id for this process, unique across machines and restarts (host, pid, random)."""
    return f"{socket.gethostname()[:60]}:{os.getpid()}:{secrets.token_hex(6)}"


class LeaseBook:
    """The leases held by ``owner``: acquire, renew, release, and find expired ones."""

    def __init__(self, engine: Engine, owner: str, seconds: float,
                 clock: Callable[[], datetime] = utc_now) -> None:
        if seconds <= 0:
            raise ValueError(f"a lease must last more than 0 s, not {seconds}")
        self.engine = engine
        self.owner = owner
        self.ttl = timedelta(seconds=seconds)
        self.clock = clock

    def acquire(self, table_id: str) -> bool:
        """Take the lease of ``table_id`` if it is free, expired or already ours (then it
        is renewed); False if another owner holds it."""
        now = self.clock()
        values = {"table_id": table_id, "owner": self.owner, "expires_at": now + self.ttl}
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        stmt = dialect.insert(LEASES).values(**values)
        stmt = stmt.on_conflict_do_update(
            index_elements=[LEASES.c.table_id],
            set_={"owner": stmt.excluded.owner, "expires_at": stmt.excluded.expires_at},
            where=(LEASES.c.owner == self.owner) | (LEASES.c.expires_at < now),
        ).returning(LEASES.c.owner)
        with self.engine.begin() as conn:
            return conn.execute(stmt).first() is not None

    def renew(self) -> set[str]:
        """Extend every lease this owner still holds; returns their table ids (a lease
        taken over by another process after it expired is no longer among them)."""
        until = self.clock() + self.ttl
        with self.engine.begin() as conn:
            rows = conn.execute(update(LEASES).where(LEASES.c.owner == self.owner)
                                .values(expires_at=until).returning(LEASES.c.table_id))
            return {str(r[0]) for r in rows}

    def release(self, table_ids: set[str] | None = None) -> None:
        """Give up the leases of ``table_ids`` (all of this owner's when None)."""
        stmt = delete(LEASES).where(LEASES.c.owner == self.owner)
        if table_ids is not None:
            if not table_ids:
                return
            stmt = stmt.where(LEASES.c.table_id.in_(sorted(table_ids)))
        with self.engine.begin() as conn:
            conn.execute(stmt)

    def expired(self, limit: int = 50) -> list[str]:
        """Tables whose lease has run out (their owner died or let go), oldest first."""
        with self.engine.connect() as conn:
            return [str(r[0]) for r in conn.execute(
                select(LEASES.c.table_id).where(LEASES.c.expires_at < self.clock())
                .order_by(LEASES.c.expires_at).limit(limit))]

    def holder(self, table_id: str) -> tuple[str, datetime] | None:
        """Who holds ``table_id``'s lease and until when (expired or not)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(LEASES.c.owner, LEASES.c.expires_at)
                               .where(LEASES.c.table_id == table_id)).first()
            return None if row is None else (str(row[0]), row[1])
