"""Group commit of moves on PostgreSQL: one writer task per process, with a connection of
its own, stores the moves submitted while its previous write was in flight in one
statement (one transaction, one round trip), then wakes each mover.

A move is acknowledged only once the statement that stores it has committed, so a killed
process loses no acknowledged move. Each move is all or nothing: if the statement of a
batch fails (another process stored one of its move numbers first), the batch is undone
and its moves are stored one statement each, so only the failing move is refused. If the
connection fails mid-write, whether the batch committed is unknown: its movers get the
error (nothing is acknowledged). The queue is bounded: a mover waits for room
(back-pressure) while it is full.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import URL

from clanboard.server.cluster.notify import connect_kwargs
from clanboard.server.core.storage import ClockWrite, _now

if TYPE_CHECKING:
    from psycopg import AsyncConnection

log = logging.getLogger("clanboard.server")

#: every move of a batch, as two JSON texts (psycopg adapts one string far more cheaply
#: than a dozen arrays): the move rows, and each table's status and clocks
BATCH = """
WITH stored AS (
    INSERT INTO moves (table_id, seq, player, text, visible_to, clock)
    SELECT t, s, p, m, v, c
    FROM json_to_recordset(%s::json) AS r(t text, s int, p int, m text, v json, c json))
UPDATE tables SET status = v.status, updated_at = %s,
    clock_state = CASE WHEN v.clocked THEN v.clock_state ELSE tables.clock_state END,
    clock_deadline = CASE WHEN v.clocked THEN v.deadline ELSE tables.clock_deadline END
FROM json_to_recordset(%s::json)
    AS v(id text, status text, clocked bool, clock_state json, deadline float8)
WHERE tables.id = v.id
"""


#: seconds unused after which the connection is checked before a write
IDLE_CHECK = 10.0


class MoveConflict(Exception):
    """Another process stored a move with that number first."""


@dataclass
class _Move:
    table_id: str
    seq: int
    rows: list[tuple[int, str, list[int]]]
    status: str
    clock: ClockWrite | None
    done: asyncio.Future[None] = field(repr=False)


def batch_params(moves: list[_Move]) -> tuple[str, datetime, str]:
    """The parameters of :data:`BATCH`: the move rows, the time, the tables' changes."""
    rows = []
    tables = []
    for m in moves:
        state = None if m.clock is None else m.clock.state
        rows += [{"t": m.table_id, "s": m.seq + k, "p": player, "m": text, "v": visible_to,
                  "c": state} for k, (player, text, visible_to) in enumerate(m.rows)]
        tables.append({"id": m.table_id, "status": m.status, "clocked": m.clock is not None,
                       "clock_state": state,
                       "deadline": None if m.clock is None else m.clock.deadline})
    return json.dumps(rows), _now(), json.dumps(tables)


class MoveWriter:
    """Stores moves in batches through one connection (see the module's docstring)."""

    def __init__(self, url: URL, max_queue: int = 1024, max_batch: int = 256) -> None:
        kwargs = connect_kwargs(url)
        if "application_name" not in url.query:
            kwargs["application_name"] = "clanboard-writer"
        # timestamps are stored without time zone: this session's clock is UTC, as the app's
        kwargs["options"] = f"{kwargs.get('options', '')} -c timezone=UTC".strip()
        self.kwargs = kwargs
        self.max_batch = max(1, max_batch)
        self.queue: asyncio.Queue[_Move] = asyncio.Queue(maxsize=max(1, max_queue))
        self.batches = 0  # statements written (for tests and logs)
        self._conn: AsyncConnection[Any] | None = None
        self._used = 0.0  # when the connection was last used (time.monotonic)
        #: a move taken from the queue for the next batch (its table is in this one)
        self._held: _Move | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self._connection()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Stop writing; the moves still queued are refused (never acknowledged)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        stopping = RuntimeError("the server is stopping")
        if self._held is not None:
            _fail(self._held, stopping)
        while not self.queue.empty():
            _fail(self.queue.get_nowait(), stopping)
        if self._conn is not None:
            with contextlib.suppress(Exception):
                await self._conn.close()
            self._conn = None

    async def write(self, table_id: str, seq: int, rows: list[tuple[int, str, list[int]]],
                    status: str, clock: ClockWrite | None = None) -> None:
        """Store one move's rows numbered from ``seq`` (and the table's status and clocks);
        returns once committed. Raises :class:`MoveConflict` if move ``seq`` was stored
        by another process first."""
        if self._task is None or self._task.done():
            raise RuntimeError("the move writer is not running")
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self.queue.put(_Move(table_id, seq, rows, status, clock, done))
        await done

    async def _connection(self) -> AsyncConnection[Any]:
        """The writer's connection; after :data:`IDLE_CHECK` seconds unused it is checked
        first (a restart or an idle timeout of the database may have closed it unseen),
        so that a batch is not refused for it."""
        import psycopg

        conn = self._conn
        if conn is not None and not (conn.closed or conn.broken):
            if time.monotonic() - self._used < IDLE_CHECK:
                self._used = time.monotonic()
                return conn
            try:
                await conn.execute("SELECT 1")
                self._used = time.monotonic()
                return conn
            except psycopg.Error:
                with contextlib.suppress(Exception):
                    await conn.close()
        self._conn = await psycopg.AsyncConnection.connect(autocommit=True, **self.kwargs)
        self._used = time.monotonic()
        return self._conn

    async def _run(self) -> None:
        while True:
            first, self._held = self._held, None
            batch = [first or await self.queue.get()]
            seen = {batch[0].table_id}
            while len(batch) < self.max_batch and not self.queue.empty():
                move = self.queue.get_nowait()
                if move.table_id in seen:  # a table's next move goes in the next batch
                    self._held = move
                    break
                seen.add(move.table_id)
                batch.append(move)
            try:
                await self._write(batch)
            except Exception as exc:  # the connection failed: the outcome is unknown
                log.warning("storing %d moves: %s", len(batch), exc)
                for move in batch:
                    _fail(move, exc)
            except asyncio.CancelledError:  # stopping: not acknowledged
                for move in batch:
                    _fail(move, RuntimeError("the server is stopping"))
                raise

    async def _write(self, batch: list[_Move]) -> None:
        import psycopg

        conn = await self._connection()
        try:
            await conn.execute(BATCH, batch_params(batch))
            self.batches += 1
        except psycopg.Error as exc:
            if conn.broken or conn.closed:  # whether it committed is unknown
                raise
            if len(batch) == 1:
                _fail(batch[0], _refusal(batch[0], exc))
                return
            # the statement was undone as a whole: each move on its own, so that only
            # the one refused fails
            for move in batch:
                try:
                    await conn.execute(BATCH, batch_params([move]))
                    self.batches += 1
                except psycopg.Error as one:
                    if conn.broken or conn.closed:
                        raise
                    _fail(move, _refusal(move, one))
                else:
                    _succeed(move)
            return
        for move in batch:
            _succeed(move)


def _refusal(move: _Move, exc: Exception) -> Exception:
    import psycopg

    if isinstance(exc, psycopg.IntegrityError):
        return MoveConflict(f"move {move.seq} of table {move.table_id} is stored already")
    return exc


def _succeed(move: _Move) -> None:
    if not move.done.done():
        move.done.set_result(None)


def _fail(move: _Move, exc: BaseException) -> None:
    if not move.done.done():
        move.done.set_exception(exc)
