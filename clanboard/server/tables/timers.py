"""What moves a table without a player's request: its AI seats, its clocks and its seats'
presence.
"""

from __future__ import annotations

import asyncio
import logging

from clanboard.server.clocks.clock import Clocks, Timeout
from clanboard.server.core.errors import ApiError
from clanboard.server.core.storage import ClockWrite, StoredSeat
from clanboard.server.tables.ai import choose_move, clamp_agent, resolve_agent
from clanboard.server.tables.live import (
    LiveTable,
)
from clanboard.server.tables.moves import Moves
from clanboard.server.tables.presence import wants_presence

log = logging.getLogger("clanboard.server")


class Timers(Moves):
    """AI seats, clocks and presence of :class:`clanboard.server.tables.service.Tables`."""

    # -- AI seats ------------------------------------------------------------------------------

    def kick_ai(self, table: LiveTable) -> None:
        """Start the table's AI loop if an AI seat is to move and none is running."""
        if self.closing or table.status != "playing":
            return
        if table.ai_task is not None and not table.ai_task.done():
            return
        if any(table.seats[s].kind == "ai" for s in table.state.players_to_move()):
            if self.shared is not None and not self.shared.may_run_ai(table):
                return  # another process owns the table, or the lease is being claimed
            table.ai_task = asyncio.get_running_loop().create_task(self._ai_loop(table))

    async def _ai_loop(self, table: LiveTable) -> None:
        loop = asyncio.get_running_loop()
        while not self.closing and table.status == "playing":
            ai_seats = [s for s in table.state.players_to_move() if table.seats[s].kind == "ai"]
            if not ai_seats:
                return
            seat = ai_seats[0]
            seq = table.seq
            agent = table.seats[seat].agent or "random"
            # seeded by the seat's own moves, not the table's: in a simultaneous step the AI
            # draws the same whether the others committed before it or not
            mine = sum(1 for player, _, _ in table.moves if player == seat)
            seed = (table.state.seed * 1_000_003 + mine * 7 + seat) % (1 << 62)
            try:
                try:
                    text = await loop.run_in_executor(
                        self.ai_pool, choose_move, table.state.game.id, table.state.to_json(),
                        agent, seed, seat, self.settings.ai_max_seconds)
                except Exception:
                    if self.closing or agent == "random":
                        raise
                    # a broken agent must not stall the game: this move is a random one
                    log.exception("agent %s at table %s failed; playing a random move",
                                  agent, table.id)
                    text = await loop.run_in_executor(
                        self.ai_pool, choose_move, table.state.game.id,
                        table.state.to_json(), "random", seed, seat)
                await self.play(table, seat, text, seq, by_ai=True)
            except ApiError as exc:
                if exc.code == "stale_move":
                    continue
                log.error("AI at table %s seat %s: %s", table.id, seat, exc.reason)
                return
            except Exception:
                if self.closing:
                    return
                log.exception("AI at table %s seat %s failed", table.id, seat)
                return

    # -- clocks --------------------------------------------------------------------------------

    def arm_clock(self, table: LiveTable) -> None:
        """(Re)start the table's timer: it wakes when the first running clock runs out."""
        if table.clock_task is not None and not table.clock_task.done():
            table.clock_task.cancel()
        table.clock_task = None
        if self.closing or table.clock_deadline() is None:
            return
        task = asyncio.get_running_loop().create_task(self._clock_timer(table))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        table.clock_task = task

    async def _clock_timer(self, table: LiveTable) -> None:
        while not self.closing and self.live.get(table.id) is table:
            deadline = table.clock_deadline()
            if deadline is None:
                return
            delay = deadline - self.clock.now()
            if delay > 0:
                await self.clock.sleep(delay)
                continue
            # shielded: a move re-arming the timer must not cut a timeout off halfway
            if not await asyncio.shield(self.check_time(table)):
                return

    async def check_time(self, table: LiveTable) -> bool:
        """Apply the clocks that have run out: in a game of two (or one) the first seat
        out of time loses; with more players an AI takes each such seat over. Committed
        before the table changes. True if anything ran out."""
        async with table.lock:
            clocks = table.clocks
            if clocks is None or table.status != "playing":
                return False
            now = self.clock.now()
            running = table.running()
            out = clocks.out_of_time(running, now)
            if not out:
                return False
            after = Clocks(clocks.control, clocks.left(running, now), now)
            events = list(table.events)
            override = None
            takeovers: dict[int, tuple[str, str]] = {}
            if table.state.num_players <= 2:
                loser = out[0]
                winners = [p for p in range(table.state.num_players) if p != loser]
                events.append(Timeout(table.seq, loser, "loss", winners=winners))
                override = {"winners": winners, "loser": loser, "reason": "time"}
            else:
                game = table.state.game
                agent = clamp_agent(game, resolve_agent(game, None, None),
                                    self.settings.ai_max_seconds,
                                    self.settings.ai_max_iterations)
                for seat in out:
                    after.remaining[seat] = None
                    takeovers[seat] = (table.seats[seat].name, agent)
                    events.append(Timeout(table.seq, seat, "ai", agent=agent))
            status = "over" if override is not None else "playing"
            deadline = None if override is not None else after.deadline(running)
            await self.run_db(self.store.time_out, table.id, status,
                              ClockWrite(after.to_json(), deadline),
                              [e.to_json() for e in events], override, takeovers)
            table.clocks = after
            table.events = events
            table.result_override = override
            table.seats = [StoredSeat(s.seat, "ai", s.name, takeovers[s.seat][1], s.token_hash,
                                      s.user_id)
                           if s.seat in takeovers else s for s in table.seats]
            for seat in out:
                log.info("table %s: seat %d ran out of time (%s)", table.id, seat,
                         "loses" if override else "an AI takes over")
        if override is not None:
            await self.game_over(table)
        await self.broadcast(table)
        self.kick_ai(table)
        return True

    async def clocks_due(self) -> list[str]:
        """The timed tables whose clocks run out before the sweep after next."""
        every = max(1.0, self.settings.clock_sweep_seconds)
        return await self.run_db(self.store.clock_due, self.clock.now() + 2 * every,
                                 max(1, self.settings.max_live_tables // 2))

    async def sweep_clocks_forever(self, due: list[str] | None = None) -> None:
        """Load the tables whose clocks run out soon but are not in memory (after a start,
        or evicted), so their timers enforce the clocks with nobody connected. ``due``:
        the first sweep's tables, when the start looked them up already."""
        every = max(1.0, self.settings.clock_sweep_seconds)
        while not self.closing:
            try:
                for table_id in (await self.clocks_due()) if due is None else due:
                    if table_id not in self.live and not self.closing:
                        await self.get(table_id)  # loading arms its timer
            except Exception:
                log.exception("clock sweep")
            due = None
            await self.clock.sleep(every)

    # -- presence ------------------------------------------------------------------------------

    def presence_changed(self, table: LiveTable) -> None:
        """Tell every watcher the seats' presence if it changed since last told."""
        now = table.presence()
        if now == table.presence_sent:
            return
        table.presence_sent = now
        message = {"type": "presence", "table": table.id, "presence": now}
        for w in list(table.watchers):
            if wants_presence(w):
                w.offer(message)

    async def watch_presence_forever(self) -> None:
        """Notice seats whose heartbeats stopped (they become away)."""
        every = max(1.0, self.settings.presence_away_seconds / 3)
        while not self.closing:
            await self.clock.sleep(every)
            for table in list(self.live.values()):
                if table.watchers:
                    self.presence_changed(table)

    async def close(self) -> None:
        self.closing = True
        tasks = [t.ai_task for t in self.live.values() if t.ai_task and not t.ai_task.done()]
        tasks += [t for t in self._tasks if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
