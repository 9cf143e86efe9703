"""Live tables: the state of every game in memory, its seats, moves, watchers and AI.

The server alone applies moves. A move is tried on a copy of the state, committed to
the database, and only then made the table's state and acknowledged; any failure
leaves the table as it was.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from clanboard.core import IllegalMove, InvalidState, State, UnknownGame, get_game
from clanboard.server.ai import choose_move, resolve_agent
from clanboard.server.errors import ApiError
from clanboard.server.storage import Store, StoredSeat, StoredTable
from clanboard.server.visibility import SPECTATOR, probe_from_json, public_to

log = logging.getLogger("clanboard.server")
T = TypeVar("T")

class Watcher(Protocol):
    """Something that receives views (a WebSocket connection)."""

    seat: int | None

    async def send_view(self, view: dict[str, Any]) -> None: ...

    async def send_message(self, message: dict[str, Any]) -> None: ...

def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()

@dataclass
class LiveTable:
    id: str
    variant: str | None
    seats: list[StoredSeat]
    state: State
    moves: list[tuple[int, str, list[int]]]
    #: per move: its description for viewers who may read it, and per viewer key
    #: (seat, SPECTATOR) the description for that viewer while it may not
    texts: list[tuple[str, dict[int, str]]] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    ai_task: asyncio.Task[None] | None = None

    @property
    def seq(self) -> int:
        return len(self.moves)

    @property
    def status(self) -> str:
        if self.state.is_terminal():
            return "over"
        return "waiting" if any(s.kind == "open" for s in self.seats) else "playing"

    def check_seat(self, seat: int | None, token: str | None) -> None:
        """Raise unless ``token`` is the secret of ``seat`` (``None``: a spectator)."""
        if seat is None:
            return
        if not 0 <= seat < len(self.seats):
            raise ApiError(404, "no_such_seat",
                           f"this table has seats 0-{len(self.seats) - 1}, not {seat}")
        if not token:
            raise ApiError(401, "token_required",
                           f"acting for seat {seat} needs its token "
                           "(header 'Authorization: Bearer <token>')")
        held = self.seats[seat].token_hash
        if held is None or not secrets.compare_digest(held, hash_token(token)):
            raise ApiError(403, "wrong_token", f"that token does not belong to seat {seat}")

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) may see: built from ``observation``."""
        state = self.state
        over = state.is_terminal()
        key = SPECTATOR if seat is None else seat
        waiting = state.players_to_move()
        view: dict[str, Any] = {
            "table": self.id,
            "game": state.game.id,
            "game_name": state.game.name,
            "variant": self.variant,
            "options": dict(state.options),
            "num_players": state.num_players,
            "seq": self.seq,
            "status": self.status,
            "viewer": seat,
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "agent": s.agent}
                      for s in self.seats],
            "to_move": waiting,
            "observation": state.observation(seat),
            "legal_moves": ([str(m) for m in state.legal_moves(seat)]
                            if seat is not None and seat in waiting and self.status == "playing"
                            else []),
            "log": [self._log_entry(i, key, over) for i in range(len(self.moves))],
            "result": None,
        }
        if over:
            view["result"] = {"scores": state.scores(), "winners": state.winners(),
                              "returns": state.returns(),
                              "explanation": state.result_explanation(seat, self.names)}
        return view

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def _log_entry(self, i: int, key: int, over: bool) -> dict[str, Any]:
        player, text, vis = self.moves[i]
        readable = over or key in vis
        full, hidden = self.texts[i] if i < len(self.texts) else (text, {})
        return {"seq": i, "player": player, "move": text if readable else None,
                "text": full if readable else hidden.get(key, "")}

    def stored(self) -> StoredTable:
        return StoredTable(self.id, self.state.game.id, self.variant, dict(self.state.options),
                           self.state.num_players, self.state.seed, self.status, self.seats)

def describe(before: State, move: Any, player: int,
             names: list[str]) -> tuple[str, dict[int, str]]:
    """A move's words for the viewers who may read it (the mover's own description) and,
    per other viewer (seats, :data:`SPECTATOR`), the words for that viewer while it may
    not (the game leaves out what that viewer's observation hides)."""
    keys = [SPECTATOR, *range(before.num_players)]
    try:
        full = before.describe_move(move, player, player, names)
        hidden = {k: before.describe_move(move, player, None if k == SPECTATOR else k, names)
                  for k in keys if k != player}
    except Exception:  # a description must never stop a game: fall back to the core's
        log.exception("describing %s by seat %s", move, player)
        full = State.describe_move(before, move, player, player, names)
        hidden = {k: State.describe_move(before, move, player,
                                         None if k == SPECTATOR else k, names)
                  for k in keys if k != player}
    return full, hidden


def rebuild(stored: StoredTable) -> LiveTable:
    """A live table from its stored record: the moves replayed from the seed."""
    game = get_game(stored.game)
    state = game.new_state(stored.num_players, stored.seed, stored.options)
    names = [s.name for s in stored.seats]
    texts = []
    for i, (player, text, _) in enumerate(stored.moves):
        try:
            move = state.parse_move(text, player)
            texts.append(describe(state, move, player, names))
            state.apply(move, player)
        except IllegalMove as exc:
            raise InvalidState(f"table {stored.id}: stored move {i} ({text}) fails: {exc}") from exc
    return LiveTable(stored.id, stored.variant, stored.seats, state, list(stored.moves), texts)

class Tables:
    """Every live table, the database thread and the AI pool."""

    def __init__(self, store: Store, db: Executor, ai_pool: Executor,
                 probe_limit: int = 400, probe_pool: Executor | None = None) -> None:
        self.store = store
        self.db = db
        self.ai_pool = ai_pool
        self.probe_pool = probe_pool
        self.probe_limit = probe_limit
        self.live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closing = False

    async def run_db(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.db, fn, *args)

    # -- loading ---------------------------------------------------------------------------

    async def get(self, table_id: str) -> LiveTable:
        table = self.live.get(table_id)
        if table is not None:
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            if table_id in self.live:
                return self.live[table_id]
            stored = await self.run_db(self.store.load, table_id)
            if stored is None:
                raise ApiError(404, "no_such_table", f"there is no table {table_id!r}")
            try:
                table = rebuild(stored)
            except (InvalidState, UnknownGame) as exc:
                raise ApiError(500, "table_unreadable", f"cannot rebuild table: {exc}") from exc
            self.live[table_id] = table
            return table

    async def resume_all(self) -> int:
        """Load every unfinished table and restart its AI seats (after a restart)."""
        ids = await self.run_db(self.store.unfinished_ids)
        loaded = 0
        for table_id in ids:
            try:
                table = await self.get(table_id)
            except ApiError as exc:
                log.error("table %s not resumed: %s", table_id, exc.reason)
                continue
            loaded += 1
            self.kick_ai(table)
        return loaded

    # -- creating and joining ----------------------------------------------------------------

    async def create(self, game_id: str, variant: str | None, options: dict[str, Any],
                     num_players: int | None, seed: int | None,
                     seats: list[dict[str, Any]]) -> tuple[LiveTable, dict[int, str]]:
        try:
            game = get_game(game_id)
        except UnknownGame as exc:
            raise ApiError(404, "no_such_game", str(exc)) from exc
        try:
            opts = dict(game.variant_options(variant)) if variant else {}
            opts.update(options)
            n = game.check_players(num_players if num_players is not None
                                   else (len(seats) or None))
            seed = secrets.randbits(62) if seed is None else seed
            state = game.new_state(n, seed, opts)
        except InvalidState as exc:
            raise ApiError(422, "bad_options", str(exc)) from exc
        if not seats:
            seats = [{"kind": "human"}] + [{"kind": "ai"}] * (n - 1)
        if len(seats) != n:
            raise ApiError(422, "bad_seats", f"{n} players need {n} seats, not {len(seats)}")
        tokens: dict[int, str] = {}
        stored: list[StoredSeat] = []
        for i, spec in enumerate(seats):
            kind = spec.get("kind", "human")
            name = (spec.get("name") or "").strip()[:40]
            if kind == "human":
                tokens[i] = secrets.token_urlsafe(24)
                stored.append(StoredSeat(i, "human", name or f"Player {i + 1}", None,
                                         hash_token(tokens[i])))
            elif kind == "ai":
                try:
                    agent = resolve_agent(game, spec.get("agent"), spec.get("difficulty"))
                except ValueError as exc:
                    raise ApiError(422, "bad_seats", f"seat {i}: {exc}") from exc
                stored.append(StoredSeat(i, "ai", name or f"AI ({agent})", agent, None))
            elif kind == "open":
                stored.append(StoredSeat(i, "open", name or "(open)", None, None))
            else:
                raise ApiError(422, "bad_seats",
                               f"seat {i}: kind must be human, ai or open, not {kind!r}")
        table = LiveTable(secrets.token_urlsafe(9), variant, stored, state, [])
        await self.run_db(self.store.create_table, table.stored())
        self.live[table.id] = table
        self.kick_ai(table)
        return table, tokens

    async def join(self, table_id: str, seat: int | None, name: str | None) -> tuple[int, str]:
        table = await self.get(table_id)
        async with table.lock:
            open_seats = [s.seat for s in table.seats if s.kind == "open"]
            if seat is None:
                if not open_seats:
                    raise ApiError(409, "no_open_seat", "every seat at this table is taken")
                seat = open_seats[0]
            if not 0 <= seat < len(table.seats):
                raise ApiError(404, "no_such_seat",
                               f"this table has seats 0-{len(table.seats) - 1}, not {seat}")
            if seat not in open_seats:
                raise ApiError(409, "seat_taken", f"seat {seat} is already taken",
                               allowed=[str(s) for s in open_seats])
            token = secrets.token_urlsafe(24)
            new = StoredSeat(seat, "human", (name or "").strip()[:40] or f"Player {seat + 1}",
                             None, hash_token(token))
            after = [new if s.seat == seat else s for s in table.seats]
            status = "waiting" if any(s.kind == "open" for s in after) else "playing"
            if not await self.run_db(self.store.take_seat, table.id, seat, new.name,
                                     new.token_hash, status):
                raise ApiError(409, "seat_taken", f"seat {seat} is already taken")
            table.seats = after
        await self.broadcast(table)
        self.kick_ai(table)
        return seat, token

    # -- moves -------------------------------------------------------------------------------

    async def play(self, table: LiveTable, seat: int, text: str, seq: int | None) -> None:
        """Apply ``text`` for ``seat``; committed before this returns. Raises ApiError."""
        async with table.lock:
            status = table.status
            if status == "over":
                raise ApiError(409, "game_over", "the game is over; no more moves can be made")
            if status == "waiting":
                open_seats = [str(s.seat) for s in table.seats if s.kind == "open"]
                raise ApiError(409, "waiting_for_players",
                               f"waiting for players to take seat(s) {', '.join(open_seats)}")
            if seq is not None and seq != table.seq:
                raise ApiError(409, "stale_move",
                               f"move {seq} was expected to be move number {table.seq}: "
                               "the game has moved on; fetch the view again",
                               seq=table.seq)
            waiting = table.state.players_to_move()
            if seat not in waiting:
                raise ApiError(409, "not_your_turn",
                               f"it is not seat {seat}'s turn; waiting for seat(s) "
                               f"{', '.join(map(str, waiting)) or 'none'}", allowed=[])
            after = table.state.clone()
            try:
                after.apply(text, seat)
            except IllegalMove as exc:
                raise ApiError(422, "illegal_move", exc.reason, allowed=exc.allowed) from exc
            before = table.state
            # one move in the notation may be played as several steps (Isle of Skye's
            # ``offer``): each step is stored, logged and described on its own; chance
            # draws between them are not stored (replay redraws them from the seed)
            steps = [m for p, m in after.history[len(before.history):] if p >= 0]
            if len(steps) > 1:
                rows, texts = self._steps(before, seat, steps, after.is_terminal(),
                                          table.names)
                reveal = None
            else:
                move = steps[-1]
                texts = [describe(before, move, seat, table.names)]
                reveal = None
                if after.is_terminal():
                    visible = [SPECTATOR, *range(after.num_players)]
                elif self.probe_pool is None or before.public_viewers(move, seat) is not None:
                    visible = public_to(before, seat, move, self.probe_limit)
                else:  # worked out after the acknowledgement; hidden from others until then
                    visible = [seat]
                    reveal = self._probe_job(before, seat, move)
                rows = [(seat, str(move), visible)]
            new_status = "over" if after.is_terminal() else status
            index = table.seq
            await self.run_db(self.store.add_moves, table.id, index, rows, new_status)
            table.state = after
            table.moves.extend(rows)
            table.texts.extend(texts)
        await self.broadcast(table)
        if reveal is not None:
            self._spawn(self._reveal(table, index, reveal))
        self.kick_ai(table)

    def _steps(self, before: State, seat: int, steps: list[Any], over: bool, names: list[str]
               ) -> tuple[list[tuple[int, str, list[int]]], list[tuple[str, dict[int, str]]]]:
        """Log rows and words of a move played as several steps, each judged (who may read
        it, its words) on the position just before it."""
        rows: list[tuple[int, str, list[int]]] = []
        texts = []
        state = before.clone()
        everyone = [SPECTATOR, *range(before.num_players)]
        for step in steps:
            texts.append(describe(state, step, seat, names))
            visible = everyone if over else public_to(state, seat, step, self.probe_limit)
            rows.append((seat, str(step), visible))
            state.apply_trusted(step, seat)
        return rows, texts

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
        """Work out who may read move ``index`` (off the event loop), store it, tell them."""
        try:
            visible = sorted(await job())
        except Exception:
            log.exception("visibility of move %d at table %s", index, table.id)
            return
        player, text, current = table.moves[index]
        if table.state.is_terminal() or visible == current:
            return
        await self.run_db(self.store.set_visible, table.id, index, visible)
        table.moves[index] = (player, text, visible)
        note = {"type": "reveal", "table": table.id, "seq": index, "player": player,
                "move": text, "text": table.texts[index][0]}
        for w in list(table.watchers):
            key = SPECTATOR if w.seat is None else w.seat
            if key in visible and key not in current:
                try:
                    await w.send_message(note)
                except Exception:
                    table.watchers.discard(w)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- watchers ------------------------------------------------------------------------------

    async def broadcast(self, table: LiveTable) -> None:
        views: dict[int | None, dict[str, Any]] = {}
        dead: list[Watcher] = []
        for w in list(table.watchers):
            if w.seat not in views:
                views[w.seat] = table.view(w.seat)
            try:
                await w.send_view(views[w.seat])
            except Exception:  # a closed socket: forget it
                dead.append(w)
        for w in dead:
            table.watchers.discard(w)

    # -- AI seats ------------------------------------------------------------------------------

    def kick_ai(self, table: LiveTable) -> None:
        """Start the table's AI loop if an AI seat is to move and none is running."""
        if self.closing or table.status != "playing":
            return
        if table.ai_task is not None and not table.ai_task.done():
            return
        if any(table.seats[s].kind == "ai" for s in table.state.players_to_move()):
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
            seed = (table.state.seed * 1_000_003 + seq * 7 + seat) % (1 << 62)
            try:
                try:
                    text = await loop.run_in_executor(
                        self.ai_pool, choose_move, table.state.game.id, table.state.to_json(),
                        agent, seed, seat)
                except Exception:
                    if self.closing or agent == "random":
                        raise
                    # a broken agent must not stall the game: this move is a random one
                    log.exception("agent %s at table %s failed; playing a random move",
                                  agent, table.id)
                    text = await loop.run_in_executor(
                        self.ai_pool, choose_move, table.state.game.id,
                        table.state.to_json(), "random", seed, seat)
                await self.play(table, seat, text, seq)
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

    async def close(self) -> None:
        self.closing = True
        tasks = [t.ai_task for t in self.live.values() if t.ai_task and not t.ai_task.done()]
        tasks += [t for t in self._tasks if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
