"""The move path: a move is tried on a copy of the state, committed to the database, and
only then made the table's state and sent to its watchers; any failure leaves the table as it
was. Moves that reveal earlier ones have their log reveals worked out in the background.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import IntegrityError

from clanboard.core import IllegalMove, State
from clanboard.core.errors import Players
from clanboard.server.clocks.clock import Clocks
from clanboard.server.cluster.shared import RETRY_AFTER_CATCH_UP
from clanboard.server.cluster.writer import MoveConflict
from clanboard.server.core.errors import ApiError, echo, say
from clanboard.server.core.storage import ClockWrite
from clanboard.server.tables.cache import TableCache
from clanboard.server.tables.live import (
    MOVE_HOOKS,
    LiveTable,
    MoveWords,
    describe,
    revealed,
    reveals,
)
from clanboard.server.tables.visibility import SPECTATOR, probe_from_json, public_to, reveal

log = logging.getLogger("clanboard.server")


def unseen_since(table: LiveTable, seat: int, seq: int) -> bool:
    """Whether every move after ``seq`` is one ``seat`` could not have seen (other seats'
    hidden commits at a simultaneous step): a move for position ``seq`` is then still a move
    for the position now, as far as that seat can know."""
    return 0 <= seq < table.seq and all(
        player != seat and seat not in visible for player, _text, visible in table.moves[seq:])


class Moves(TableCache):
    """The move path of :class:`clanboard.server.tables.service.Tables`."""

    if TYPE_CHECKING:  # defined in timers.py
        async def check_time(self, table: LiveTable) -> bool: ...
        def kick_ai(self, table: LiveTable) -> None: ...
        def arm_clock(self, table: LiveTable) -> None: ...

    # -- moves -------------------------------------------------------------------------------

    async def play(self, table: LiveTable, seat: int, text: str, seq: int | None,
                   lang: str = "en", by_ai: bool = False) -> None:
        """Apply ``text`` for ``seat``; committed before this returns. Raises ApiError (an
        illegal move's reason in ``lang``). With other processes on the database, a refusal
        that may come from a stale copy is tried once more after reading the moves stored
        since."""
        if table.clocks is not None:
            await self.check_time(table)
        if self.shared is None:
            return await self._play(table, seat, text, seq, lang, by_ai)
        try:
            return await self._play(table, seat, text, seq, lang, by_ai)
        except ApiError as exc:
            if exc.code not in RETRY_AFTER_CATCH_UP or not await self.shared.catch_up(table):
                raise
        await self.broadcast(table)
        return await self._play(table, seat, text, seq, lang, by_ai)

    async def _play(self, table: LiveTable, seat: int, text: str, seq: int | None,
                    lang: str, by_ai: bool) -> None:
        async with table.lock:
            status = table.status
            if status == "over":
                raise ApiError(409, "game_over", say("game_over"))
            if status == "waiting":
                open_seats = [s.seat for s in table.seats if s.kind == "open"]
                raise ApiError(409, "waiting_for_players",
                               say("waiting_for_players", seats=Players(open_seats)))
            if seq is not None and seq != table.seq and not unseen_since(table, seat, seq):
                raise ApiError(409, "stale_move",
                               say("stale_move", seq=echo(seq), expected=table.seq),
                               seq=table.seq)
            waiting = table.state.players_to_move()
            if seat not in waiting:
                raise ApiError(409, "not_your_turn",
                               say("not_your_turn", player=seat + 1,
                                   waiting=Players(waiting) if waiting else "—"), allowed=[])
            if not by_ai and table.seats[seat].kind == "ai":
                raise ApiError(409, "seat_taken_over", say("seat_taken_over", player=seat + 1))
            now = self.clock.now()
            clocks = None
            if table.clocks is not None:
                if seat in table.clocks.out_of_time(waiting, now):
                    self._spawn(self.check_time(table))
                    raise ApiError(409, "time_over", say("time_over", player=seat + 1))
                clocks = Clocks(table.clocks.control, list(table.clocks.remaining),
                                table.clocks.since)
            after = table.state.clone()
            try:
                after.apply(text, seat)
            except IllegalMove as exc:
                from clanboard.server.tables.rules_links import rule_link

                raise ApiError(422, "illegal_move", exc.reason_in(lang), allowed=exc.allowed,
                               rules=rule_link(table.state.game.id, exc.reason, lang)) from exc
            before = table.state
            # one move in the notation may be played as several steps (Isle of Skye's
            # ``offer``): each step is stored, logged and described on its own; chance
            # draws between them are not stored (replay redraws them from the seed)
            steps = [m for p, m in after.history[len(before.history):] if p >= 0]
            if len(steps) > 1:
                rows, texts, shown = self._steps(before, seat, steps, after.is_terminal(),
                                                 table.names, table.langs())
                reveal = None
            else:
                move = steps[-1]
                reveal = None
                if after.is_terminal():
                    visible = [SPECTATOR, *range(after.num_players)]
                elif self.probe_pool is None or before.public_viewers(move, seat) is not None:
                    visible = public_to(before, seat, move, self.probe_limit)
                else:  # worked out after the acknowledgement; hidden from others until then
                    visible = [seat]
                    reveal = self._probe_job(before, seat, move)
                texts = [describe(before, move, seat, table.names, table.langs(), visible)]
                rows = [(seat, str(move), visible)]
                shown = [revealed(before, after) if reveals(before) else None]
            # moves revealed by these (a simultaneous step's hidden choices): the new rows
            # are stored so, the earlier ones' readers are written after them
            earlier = self._revealed_rows(table, rows, shown)
            new_status = "over" if after.is_terminal() else status
            index = table.seq
            write = None
            if clocks is not None:
                waiting_after = [] if after.is_terminal() else after.players_to_move()
                clocks.moved(seat, waiting, waiting_after, now)
                write = ClockWrite(clocks.to_json(), clocks.deadline(waiting_after))
            table.storing = index
            try:
                await self.store_move(table.id, index, rows, new_status, write)
            except (IntegrityError, MoveConflict):  # another process stored move ``index``
                raise ApiError(409, "stale_move", say("moved_elsewhere", seq=index),
                               seq=index) from None
            except Exception:
                if self.shared is not None:  # it may have been stored all the same: re-read
                    self._spawn(self.shared.follow(table, "s", index))
                raise
            finally:
                table.storing = None
            table.state = after
            table.moves.extend(rows)
            table.texts.extend(texts)
            for i, row in earlier.items():
                table.moves[i] = row
                try:
                    await self.run_db(self.store.set_visible, table.id, i, row[2])
                except Exception:  # the table's copy says it; a reload works it out again
                    log.exception("table %s: readers of move %d", table.id, i)
            if clocks is not None:
                table.clocks = clocks
            table.move_clocks.extend([write.state if write else None] * len(rows))
        if new_status == "over":
            await self.game_over(table)
        await self.broadcast(table)
        for hook in MOVE_HOOKS:
            try:
                await hook(self, table, seat, before, index, text, by_ai)
            except Exception:
                log.exception("move hook %s at table %s", hook, table.id)
        if reveal is not None:
            table.jobs += 1
            self._spawn(self._reveal(table, index, reveal))
        self.kick_ai(table)
        self.arm_clock(table)

    async def game_over(self, table: LiveTable) -> None:
        """Run :attr:`game_over_hooks` for a table whose game just ended."""
        for hook in self.game_over_hooks:
            try:
                await hook(table)
            except Exception:
                log.exception("game-over hook %s at table %s", hook, table.id)

    def _steps(self, before: State, seat: int, steps: list[Any], over: bool, names: list[str],
               langs: list[str]
               ) -> tuple[list[tuple[int, str, list[int]]], list[MoveWords],
                          list[list[int] | None]]:
        """Log rows and words of a move played as several steps, each judged (who may read
        it, its words) on the position just before it, and what each step revealed."""
        rows: list[tuple[int, str, list[int]]] = []
        texts = []
        shown: list[list[int] | None] = []
        state = before.clone()
        everyone = [SPECTATOR, *range(before.num_players)]
        watch = reveals(state)
        for step in steps:
            visible = everyone if over else public_to(state, seat, step, self.probe_limit)
            texts.append(describe(state, step, seat, names, langs, visible))
            rows.append((seat, str(step), visible))
            prior = state.clone() if watch else None
            state.apply_trusted(step, seat)
            shown.append(revealed(prior, state) if prior is not None else None)
        return rows, texts, shown

    @staticmethod
    def _revealed_rows(table: LiveTable, rows: list[tuple[int, str, list[int]]],
                       shown: list[list[int] | None]) -> dict[int, tuple[int, str, list[int]]]:
        """Apply what the new ``rows`` revealed (per row: ``State.revealed_by``) to them in
        place; returns the earlier rows of ``table`` that change, with their new readers."""
        if all(v is None for v in shown):
            return {}
        start = len(table.moves)
        combined = [*table.moves, *rows]
        changed: set[int] = set()
        for k, viewers in enumerate(shown):
            if viewers is not None:
                changed.update(reveal(combined, start + k, viewers))
        rows[:] = combined[start:]
        return {i: combined[i] for i in sorted(changed) if i < start}

    def _probe_job(self, before: State, seat: int, move: Any) -> Callable[[], Any]:
        loop = asyncio.get_running_loop()
        pool = self.probe_pool
        assert pool is not None
        if isinstance(pool, ProcessPoolExecutor):
            args: tuple[Any, ...] = (probe_from_json, before.game.id, before.to_json(), seat,
                                     str(move), self.probe_limit)
        else:
            args = (public_to, before.clone(), seat, move, self.probe_limit)
        return lambda: loop.run_in_executor(pool, *args)

    async def _reveal(self, table: LiveTable, index: int, job: Callable[[], Any]) -> None:
        try:
            await self._reveal_now(table, index, job)
        finally:
            table.jobs -= 1

    async def _reveal_now(self, table: LiveTable, index: int, job: Callable[[], Any]) -> None:
        """Work out who may read move ``index`` (off the event loop), store it, tell them."""
        takebacks = table.takebacks
        try:
            visible = sorted(await job())
        except Exception:
            log.exception("visibility of move %d at table %s", index, table.id)
            return
        if table.takebacks != takebacks:  # the move may be gone, or another in its place
            return
        player, text, current = table.moves[index]
        visible = sorted(set(visible).union(current))  # a reveal since may have added some
        if table.state.is_terminal() or visible == current:
            return
        # the copy first: the database's notice of the write then finds nothing new here
        # (else it pushed a view ahead of the reveal)
        table.moves[index] = revealed = (player, text, visible)
        try:
            await self.run_db(self.store.set_visible, table.id, index, visible)
        except Exception:
            if table.takebacks == takebacks and table.moves[index] is revealed:
                table.moves[index] = (player, text, current)
            raise
        for w in list(table.watchers):
            key = SPECTATOR if w.seat is None else w.seat
            if key in visible and key not in current:
                words = table.text(index, getattr(w, "lang", "en"))
                w.offer({"type": "reveal", "table": table.id, "seq": index, "player": player,
                         "move": text, "text": words[0] if words else None})

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- watchers ------------------------------------------------------------------------------

    async def broadcast(self, table: LiveTable) -> None:
        """Queue the new view for every watcher (in its language); never waits on a
        watcher's socket."""
        self.push_views(table)

    def push_views(self, table: LiveTable) -> None:
        """:meth:`broadcast` without a coroutine."""
        for hook in self.view_hooks:
            hook(table)
        views: dict[tuple[int | None, str], dict[str, Any]] = {}
        encoded: dict[Any, str] = {}  # each distinct message encoded once
        for w in list(table.watchers):
            key = (w.seat, getattr(w, "lang", "en"))
            if key not in views:
                views[key] = table.view(*key)
            offer_view = getattr(w, "offer_view", None)
            if offer_view is not None:
                offer_view(views[key], encoded)
            else:
                w.offer({"type": "view", "view": views[key]})
