"""The live tables' cache: tables held in memory (an LRU bounded in count and estimated
size), replayed from storage on demand (:func:`rebuild`) and dropped when idle.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, TypeVar

from clanboard.core import IllegalMove, InvalidState, UnknownGame, get_game
from clanboard.server.clocks.clock import Clocks, TimeControl
from clanboard.server.cluster.writer import MoveWriter
from clanboard.server.core.errors import ApiError
from clanboard.server.core.settings import Settings
from clanboard.server.core.storage import ClockWrite, Store, StoredSeat, StoredTable
from clanboard.server.endings.outcomes import (
    event_from_json,
)
from clanboard.server.tables.ai import clamp_agent
from clanboard.server.tables.live import (
    LOAD_HOOKS,
    TABLE_ID,
    LiveTable,
    describe,
    no_such_table,
    revealed,
    reveals,
)
from clanboard.server.tables.visibility import reveal

if TYPE_CHECKING:
    from clanboard.server.cluster.shared import Shared

log = logging.getLogger("clanboard.server")
T = TypeVar("T")


def rebuild(stored: StoredTable, settings: Settings | None = None) -> LiveTable:
    """A live table from its stored record: the moves replayed from the seed. AI seats
    stored with a spec the server no longer allows are held to its caps."""
    game = get_game(stored.game)
    state = game.new_state(stored.num_players, stored.seed, stored.options)
    names = [s.name for s in stored.seats]
    texts = []
    moves = list(stored.moves)
    watch = reveals(state)
    for i, (player, text, readers) in enumerate(stored.moves):
        try:
            move = state.parse_move(text, player)
            texts.append(describe(state, move, player, names, ["en"], readers))
            before = state.clone() if watch else None
            state.apply(move, player)
            shown = revealed(before, state) if before is not None else None
            if shown is not None:  # tables stored before reveals were written read right
                reveal(moves, i, shown)
        except IllegalMove as exc:
            raise InvalidState(f"table {stored.id}: stored move {i} ({text}) fails: {exc}") from exc
    seats = list(stored.seats)
    if settings is not None:
        for i, seat in enumerate(seats):
            if seat.kind != "ai":
                continue
            agent = clamp_agent(game, seat.agent, settings.ai_max_seconds,
                                settings.ai_max_iterations)
            if agent != seat.agent:
                log.warning("table %s seat %d: agent %r held to %r (the server's caps)",
                            stored.id, seat.seat, seat.agent, agent)
                seats[i] = StoredSeat(seat.seat, "ai", seat.name, agent, None, seat.user_id)
    control = TimeControl.from_json(stored.clock)
    clocks = None
    if control is not None:
        clocks = (Clocks.from_json(control, stored.clock_state) if stored.clock_state
                  else Clocks.start(control, [s.kind for s in seats], time.time()))
    return LiveTable(stored.id, stored.variant, seats, state, moves, texts,
                     private=stored.private, invite_hash=stored.invite_hash, clocks=clocks,
                     move_clocks=list(stored.move_clocks) or [None] * len(stored.moves),
                     result_override=stored.result_override,
                     events=[event_from_json(e) for e in stored.events],
                     rated=stored.rated, seeded=stored.seeded, on_resign=stored.on_resign)


class TableCache:
    """The live tables in memory (an LRU of at most ``settings.max_live_tables``, idle ones
    dropped and replayed from storage on demand), the database thread and the AI pool: the
    base of :class:`clanboard.server.tables.service.Tables`."""

    if TYPE_CHECKING:  # defined by the layers above (moves.py, timers.py)
        async def broadcast(self, table: LiveTable) -> None: ...
        def kick_ai(self, table: LiveTable) -> None: ...
        def arm_clock(self, table: LiveTable) -> None: ...


    def __init__(self, store: Store, db: Executor, ai_pool: Executor,
                 probe_limit: int = 400, probe_pool: Executor | None = None,
                 settings: Settings | None = None) -> None:
        self.store = store
        self.db = db
        self.ai_pool = ai_pool
        self.probe_pool = probe_pool
        self.probe_limit = probe_limit
        self.settings = settings or Settings()
        self.live: OrderedDict[str, LiveTable] = OrderedDict()
        #: loads in flight, one per id being read from storage (gone once read)
        self._loading: dict[str, asyncio.Task[LiveTable]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._create_lock = asyncio.Lock()
        self.closing = False
        #: awaited (in order) once a table's game is over, after its last move is stored:
        #: results and ratings (clanboard.server.ratings.results); errors are logged, not raised
        self.game_over_hooks: list[Callable[[LiveTable], Awaitable[None]]] = []
        #: called whenever a table's watchers are sent its new view (server/lobby/hub.py)
        self.view_hooks: list[Callable[[LiveTable], None]] = []
        self.clock = self.settings.clock
        #: several processes on one database (server/cluster/shared.py); None: this one alone
        self.shared: Shared | None = None
        #: stores moves in batches (PostgreSQL); None: each move through :attr:`db`
        self.writer: MoveWriter | None = None

    async def run_db(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.db, fn, *args)

    async def store_move(self, table_id: str, seq: int, rows: list[tuple[int, str, list[int]]],
                         status: str, clock: ClockWrite | None) -> None:
        """Commit one move's rows (through the group-commit writer on PostgreSQL)."""
        if self.writer is not None:
            await self.writer.write(table_id, seq, rows, status, clock)
        else:
            await self.run_db(self.store.add_moves, table_id, seq, rows, status, clock)

    # -- loading ---------------------------------------------------------------------------

    async def get(self, table_id: str) -> LiveTable:
        """The live table ``table_id``, replayed from storage if it is not in memory (its
        AI seats resume). An id that cannot be a table's, or names none, is a 404 that
        leaves nothing behind."""
        table = self.live.get(table_id)
        if table is not None:
            self.live.move_to_end(table_id)
            table.used = time.monotonic()
            if self.shared is not None and table.status == "waiting":
                await self.shared.catch_up(table)  # a seat may have been taken elsewhere
            return table
        if not TABLE_ID.fullmatch(table_id):
            raise no_such_table(table_id)
        task = self._loading.get(table_id)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._load(table_id))
            self._loading[table_id] = task
            task.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(task)

    async def sync(self, table: LiveTable) -> None:
        """With other processes on the database: read the moves and seats they stored
        since this copy was read (so a view asked for after a move made elsewhere shows
        it); alone, nothing to do."""
        if self.shared is not None and await self.shared.catch_up(table):
            await self.broadcast(table)
            self.kick_ai(table)

    async def _load(self, table_id: str) -> LiveTable:
        stored = await self.run_db(self.store.load, table_id)
        if stored is None:
            raise no_such_table(table_id)
        try:
            table = rebuild(stored, self.settings)
        except (InvalidState, UnknownGame) as exc:
            raise ApiError(500, "table_unreadable", f"cannot rebuild table: {exc}") from exc
        for hook in LOAD_HOOKS:
            await hook(self, table)
        self._keep(table)
        self.kick_ai(table)
        self.arm_clock(table)
        return table

    def _keep(self, table: LiveTable) -> None:
        table.now = self.clock.now
        table.away_after = self.settings.presence_away_seconds
        table.claim_after = self.settings.claim_after_seconds
        table.presence_sent = table.presence()
        self.live[table.id] = table
        self.live.move_to_end(table.id)
        cap = self.settings.max_live_tables
        if cap > 0 and len(self.live) > cap:
            self.evict(keep=cap)
        self.evict_to_budget()

    def evict_to_budget(self) -> int:
        """While the live tables' estimated size is over ``max_live_mib``, drop idle ones:
        finished tables first, then the others, least recently used first. Returns how
        many went (the most recently used table stays, whatever its size)."""
        budget = self.settings.max_live_mib * 1024 * 1024
        if budget <= 0:
            return 0
        total = sum(t.estimated_bytes() for t in self.live.values())
        gone = 0
        for finished_only in (True, False):
            for table_id, table in list(self.live.items())[:-1]:  # not the one just used
                if total <= budget:
                    return gone
                if finished_only and table.status != "over":
                    continue
                if table.evictable(float("inf")):
                    total -= table.estimated_bytes()
                    self._drop(table_id, table)
                    gone += 1
        return gone

    def _drop(self, table_id: str, table: LiveTable) -> None:
        del self.live[table_id]
        if table.clock_task is not None:  # the clock sweep loads it when due
            table.clock_task.cancel()

    def evict(self, now: float | None = None, keep: int | None = None) -> int:
        """Drop tables idle for ``settings.idle_minutes`` (as of ``now``), and then the
        least recently used idle ones while more than ``keep`` are live. A table with
        watchers, a running AI or a move in progress stays. Returns how many went."""
        now = time.monotonic() if now is None else now
        idle_before = now - self.settings.idle_minutes * 60
        gone = 0
        for table_id, table in list(self.live.items()):
            over = keep is not None and len(self.live) > keep
            if table.evictable(float("inf") if over else idle_before):
                self._drop(table_id, table)
                gone += 1
        return gone

    async def sweep_forever(self) -> None:
        """Evict idle tables every so often (a background task)."""
        every = max(1.0, min(60.0, self.settings.idle_minutes * 30))
        while not self.closing:
            await asyncio.sleep(every)
            self.evict()
            self.evict_to_budget()  # tables grow as they are played and read

    async def resume_ai(self) -> int:
        """Load (a bounded number of) tables in play with an AI seat after a start, one at a
        time, so their AI moves without waiting for a human to look; others resume when
        first asked for. Returns how many were loaded."""
        limit = self.settings.resume_ai_tables
        if limit <= 0:
            return 0
        ids = await self.run_db(self.store.ai_table_ids, limit)
        loaded = 0
        for table_id in ids:
            if self.closing:
                break
            try:
                await self.get(table_id)
            except ApiError as exc:
                log.error("table %s not resumed: %s", table_id, exc.reason)
                continue
            loaded += 1
        return loaded
