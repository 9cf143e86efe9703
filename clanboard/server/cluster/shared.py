"""Several server processes on one PostgreSQL database.

Every process may hold a copy of any table and accept its moves: a move is stored at the
next sequence number, and the primary key (table, seq) refuses a second move with that
number, so the database orders the moves of competing processes; the loser catches up and
the client is told the game moved on (or its move is tried again on the new position).
The database announces each stored move (LISTEN/NOTIFY, see :mod:`notify`); a process that
holds the table reads the new moves and pushes views to its watchers.

Only the process holding a table's lease (:mod:`lease`) runs its AI seats. Leases are
renewed by a heartbeat; a process that dies stops renewing, and once its leases expire the
others take its tables over (their AI goes on from the last stored move). An acknowledged
move is committed before it is acknowledged, so nothing acknowledged is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, select

from clanboard.server.cluster.lease import LeaseBook, new_owner
from clanboard.server.cluster.notify import Listener
from clanboard.server.core.models import MoveRow, SeatRow
from clanboard.server.core.storage import StoredSeat

if TYPE_CHECKING:
    from clanboard.server.tables.live import LiveTable
    from clanboard.server.tables.service import Tables

log = logging.getLogger("clanboard.server")

#: refusals that may come from a stale copy of the table: caught up, the move is tried again
RETRY_AFTER_CATCH_UP = {"stale_move", "not_your_turn", "waiting_for_players", "illegal_move",
                        "game_over"}


class Shared:
    """This process's part in a group of processes sharing one database."""

    def __init__(self, tables: Tables, engine: Engine, lease_seconds: float,
                 owner: str | None = None) -> None:
        self.tables = tables
        self.engine = engine
        self.leases = LeaseBook(engine, owner or new_owner(), lease_seconds)
        self.lease_seconds = lease_seconds
        #: tables whose lease this process holds (as of the last heartbeat or claim)
        self.held: set[str] = set()
        self._claiming: set[str] = set()
        self._listener: Listener | None = None
        self._stopping = False

    @property
    def owner(self) -> str:
        return self.leases.owner

    # -- start and stop ---------------------------------------------------------------------

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._listener = Listener(self.engine.url, loop, self.on_payload, self.on_gap)
        await self._listener.start()
        self.tables._spawn(self.heartbeat_forever())

    async def stop(self) -> None:
        """Stop listening and hand the leases back (others take the tables at once)."""
        self._stopping = True
        if self._listener is not None:
            await self._listener.close()
        with contextlib.suppress(Exception):
            await self.tables.run_db(self.leases.release, None)
        self.held.clear()

    # -- leases and the AI ------------------------------------------------------------------

    def may_run_ai(self, table: LiveTable) -> bool:
        """True if this process holds the table's lease; else a claim is started, which
        kicks the table's AI once it is won."""
        if table.id in self.held:
            return True
        if not self._stopping and table.id not in self._claiming:
            self._claiming.add(table.id)
            self.tables._spawn(self._claim(table))
        return False

    async def _claim(self, table: LiveTable) -> None:
        try:
            won = await self.tables.run_db(self.leases.acquire, table.id)
        except Exception:
            log.exception("lease of table %s", table.id)
            won = False
        finally:
            self._claiming.discard(table.id)
        if won:
            self.held.add(table.id)
            # the previous owner may have moved since this copy was read
            await self.catch_up(table)
            self.tables.kick_ai(table)

    async def heartbeat_forever(self) -> None:
        every = self.lease_seconds / 3
        while not self._stopping and not self.tables.closing:
            await asyncio.sleep(every)
            try:
                await self.heartbeat()
            except Exception:
                log.exception("lease heartbeat")

    async def heartbeat(self) -> None:
        """Renew this process's leases, give up those of tables it no longer needs, stop
        the AI of tables it lost, and take over tables whose lease expired."""
        live = self.tables.live
        before = set(self.held)
        idle = {t for t in before if t not in live or live[t].status != "playing"}
        if idle:
            await self.tables.run_db(self.leases.release, idle)
        held = await self.tables.run_db(self.leases.renew)
        for table_id in before - held - idle:
            table = live.get(table_id)
            if table is not None and table.ai_task is not None:
                log.warning("table %s: lease lost; its AI stops here", table_id)
                table.ai_task.cancel()
        # leases claimed while the database was answering are held too
        self.held = held | (self.held - before)
        for table_id in await self.tables.run_db(self.leases.expired, 50):
            await self.take_over(table_id)

    async def take_over(self, table_id: str) -> None:
        """Load a table whose owner is gone and claim it (its AI resumes here)."""
        try:
            table = await self.tables.get(table_id)
        except Exception as exc:
            log.error("table %s not taken over: %s", table_id, exc)
            return
        if table.status != "playing":  # nothing to run: let the lease go
            if await self.tables.run_db(self.leases.acquire, table_id):
                await self.tables.run_db(self.leases.release, {table_id})
            return
        if table_id not in self.held:
            await self._claim(table)

    # -- following other processes' changes ----------------------------------------------------

    def on_payload(self, payload: str) -> None:
        kind, _, rest = payload.partition(" ")
        table_id, _, rest = rest.partition(" ")
        table = self.tables.live.get(table_id)
        if table is None:
            return
        seq_text, _, move = rest.partition(" ")
        try:
            seq = int(seq_text)
        except ValueError:
            return
        if kind == "m" and (seq < table.seq or seq == table.storing):
            # already known (this process stored it, or caught up before), or being stored
            # by this process (if another stored it first, the mover reads it back)
            return
        row = _move_row(move)
        if (kind == "m" and seq == table.seq and row is not None and not table.lock.locked()
                and self.follow_now(table, row)):
            return
        self.tables._spawn(self.follow(table, kind, seq, row))

    def follow_now(self, table: LiveTable, row: tuple[int, str, list[int]]) -> bool:
        """Apply the next move as announced, here and now (nothing holds the table, so no
        lock is needed while nothing is awaited): no task, no query. False if it does not
        apply (then it is read back from the database)."""
        try:
            apply_rows(table, [row])
        except Exception:
            return False
        self.tables.push_views(table)
        self.tables.kick_ai(table)
        return True

    def on_gap(self) -> None:
        """Notifications may have been missed: re-read every table with watchers."""
        for table in list(self.tables.live.values()):
            if table.watchers or table.id in self.held:
                self.tables._spawn(self.follow(table, "d", 0))

    async def follow(self, table: LiveTable, kind: str, seq: int,
                     row: tuple[int, str, list[int]] | None = None) -> None:
        try:
            if kind == "m":
                changed = await self.catch_up(table, seq, row)
            elif kind == "v":
                changed = await self.reread_readers(table)
            elif kind == "s":
                changed = await self.catch_up(table)
            else:  # moves deleted, or a gap: read it all again
                changed = await self.reload(table)
        except Exception:
            log.exception("following table %s", table.id)
            return
        if changed:
            await self.tables.broadcast(table)
            self.tables.kick_ai(table)

    async def catch_up(self, table: LiveTable, known: int | None = None,
                       row: tuple[int, str, list[int]] | None = None) -> bool:
        """Apply the moves stored since this copy was read (and new seats); True if any.
        ``known``: the number of a move just announced (no seats read: only moves were
        stored), nothing to do if this copy has it by the time the table is free; ``row``:
        that move, as announced (applied without reading it if it is the next one)."""
        async with table.lock:
            if known is not None and known < table.seq:
                return False  # the move was this process's own, applied meanwhile
            if row is not None and known == table.seq:
                apply_rows(table, [row])
                return True
            seats, rows = await self.tables.run_db(_since, self.engine, table.id, table.seq,
                                                   known is None)
            changed = seats is not None and _seats_changed(table, seats)
            if changed and seats is not None:
                table.seats = seats
            if rows:
                apply_rows(table, rows)
                changed = True
            return changed

    async def reread_readers(self, table: LiveTable) -> bool:
        """Take the readers of each move (``visible_to``) as stored now."""
        async with table.lock:
            stored = await self.tables.run_db(_readers, self.engine, table.id)
            changed = False
            for i, (player, text, readers) in enumerate(table.moves):
                now = stored.get(i)
                if now is not None and sorted(now) != sorted(readers):
                    table.moves[i] = (player, text, now)
                    changed = True
            return changed

    async def reload(self, table: LiveTable) -> bool:
        """Rebuild the copy from storage in place (its watchers stay)."""
        from clanboard.server.tables.cache import rebuild

        async with table.lock:
            stored = await self.tables.run_db(self.tables.store.load, table.id)
            if stored is None:
                return False
            fresh = rebuild(stored, self.tables.settings)
            same = (fresh.moves == table.moves and not _seats_changed(table, fresh.seats)
                    and fresh.result_override == table.result_override
                    and len(fresh.events) == len(table.events))
            table.state, table.moves, table.texts = fresh.state, fresh.moves, fresh.texts
            table.seats = fresh.seats
            # a resignation, abort or claim elsewhere (server/endings/actions.py) changes these
            table.events, table.result_override = fresh.events, fresh.result_override
            if fresh.clocks is not None:
                table.clocks = fresh.clocks
            table.logs.clear()
            return not same


def apply_rows(table: LiveTable, rows: list[tuple[int, str, list[int]]]) -> None:
    """Replay stored rows onto the table's copy (on a clone: all or nothing)."""
    from clanboard.server.tables.live import describe, revealed, reveals
    from clanboard.server.tables.visibility import reveal

    state = table.state.clone()
    texts = []
    langs = table.langs()
    moves = list(table.moves)
    watch = reveals(state)
    for player, text, readers in rows:
        move = state.parse_move(text, player)
        texts.append(describe(state, move, player, table.names, langs, readers))
        before = state.clone() if watch else None
        state.apply(move, player)
        moves.append((player, text, readers))
        shown = revealed(before, state) if before is not None else None
        if shown is not None:  # as the process that stored it (its readers' write may lag)
            reveal(moves, len(moves) - 1, shown)
    table.state = state
    table.moves[:] = moves
    table.texts.extend(texts)


def _move_row(text: str) -> tuple[int, str, list[int]] | None:
    """The move a notification carries (``[player, visible_to, text]``), if any."""
    try:
        player, readers, move = json.loads(text) if text else (None, None, None)
    except ValueError:
        return None
    if (isinstance(player, int) and isinstance(move, str) and isinstance(readers, list)
            and all(isinstance(r, int) for r in readers)):
        return player, move, readers
    return None


def _seats_changed(table: LiveTable, seats: list[StoredSeat]) -> bool:
    return [(s.kind, s.name, s.token_hash) for s in seats] != [
        (s.kind, s.name, s.token_hash) for s in table.seats]


def _since(engine: Engine, table_id: str, seq: int, with_seats: bool = True
           ) -> tuple[list[StoredSeat] | None, list[tuple[int, str, list[int]]]]:
    """A table's moves numbered ``seq`` on, and its seats (if ``with_seats``), in one
    transaction."""
    moves, seats = MoveRow.__table__, SeatRow.__table__
    with engine.begin() as conn:
        held = None
        if with_seats:
            held = [StoredSeat(*r) for r in conn.execute(
                select(seats.c.seat, seats.c.kind, seats.c.name, seats.c.agent,
                       seats.c.token_hash)
                .where(seats.c.table_id == table_id).order_by(seats.c.seat))]
        move_rows = conn.execute(select(moves.c.seq, moves.c.player, moves.c.text,
                                        moves.c.visible_to)
                                 .where(moves.c.table_id == table_id, moves.c.seq >= seq)
                                 .order_by(moves.c.seq))
        rows: list[tuple[int, str, list[int]]] = []
        for n, player, text, readers in move_rows:
            if n != seq + len(rows):
                break  # not dense: read no further than the gap
            rows.append((int(player), str(text), list(readers)))
        return held, rows


def _readers(engine: Engine, table_id: str) -> dict[int, list[int]]:
    moves = MoveRow.__table__
    with engine.connect() as conn:
        return {int(n): list(v) for n, v in conn.execute(
            select(moves.c.seq, moves.c.visible_to).where(moves.c.table_id == table_id))}


def attach(tables: Tables, engine: Engine, lease_seconds: float) -> Shared:
    """Make ``tables`` one of several processes on ``engine``'s database."""
    shared = Shared(tables, engine, lease_seconds)
    tables.shared = shared
    return shared


def describe_state(shared: Shared | None) -> dict[str, Any]:
    """For logs and tests: this process's owner id and the tables it leases."""
    if shared is None:
        return {"shared": False}
    return {"shared": True, "owner": shared.owner, "leases": sorted(shared.held)}


async def start_shared(tables: Tables, engine: Engine, settings: Any) -> Shared | None:
    """On PostgreSQL, join the processes serving the database (any number, from one);
    SQLite is one process's database: None."""
    if engine.dialect.name != "postgresql":
        return None
    shared = attach(tables, engine, settings.lease_seconds)
    await shared.start()
    log.info("serving with other processes as %s (leases of %g s)", shared.owner,
             settings.lease_seconds)
    return shared
