"""Live tables: the state of every game in memory, its seats, moves, watchers and AI.

The server alone applies moves. A move is tried on a copy of the state, committed to
the database, and only then made the table's state and acknowledged; any failure
leaves the table as it was.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from sqlalchemy.exc import IntegrityError

from clanboard.core import IllegalMove, InvalidState, State, UnknownGame, get_game
from clanboard.i18n import LANGUAGES, default_names
from clanboard.server.ai import check_agent, choose_move, clamp_agent, resolve_agent
from clanboard.server.clocks import Clocks, TimeControl, Timeout
from clanboard.server.errors import ApiError, echo, say
from clanboard.server.games import check_pack_offered
from clanboard.server.limits import too_many_tables
from clanboard.server.outcomes import (
    Event,
    event_from_json,
    left_seats,
    scored_last,
    winners_without,
)
from clanboard.server.presence import seat_presence, wants_presence
from clanboard.server.settings import Settings
from clanboard.server.shared import RETRY_AFTER_CATCH_UP
from clanboard.server.storage import ClockWrite, Store, StoredSeat, StoredTable
from clanboard.server.visibility import SPECTATOR, probe_from_json, public_to, reveal
from clanboard.server.writer import MoveConflict, MoveWriter

if TYPE_CHECKING:
    from clanboard.server.shared import Shared

log = logging.getLogger("clanboard.server")
T = TypeVar("T")
#: table ids are ``secrets.token_urlsafe`` strings; anything else is not looked up
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: ``hook(table, seat, view)`` adds a feature's part to every view
VIEW_HOOKS: list[Callable[..., None]] = []
#: ``await hook(tables, table)`` reads a feature's part of a table loaded from storage
LOAD_HOOKS: list[Callable[..., Any]] = []
#: ``await hook(tables, table, seat, before, index, move, by_ai)`` after a move is stored
#: (``before``: the state before it; ``index``: its first log row); must not block
MOVE_HOOKS: list[Callable[..., Any]] = []


class Watcher(Protocol):
    """Something that receives views (a WebSocket connection); ``offer`` never waits."""

    seat: int | None

    def offer(self, message: dict[str, Any]) -> None: ...


#: a move's words per language: (for those who may read it, per other viewer)
MoveWords = dict[str, tuple[str, dict[int, str]]]


#: bytes a live table is counted for (:meth:`LiveTable.estimated_bytes`): its state, each
#: move, each move's words in one language, each log entry built. An estimate, on the high
#: side: a finished Schotten Totten game read in one language counts about 200 KiB, where
#: the server's memory grew about 147 KiB per such table (issue 43's measure)
SIZE_ESTIMATE = (16 * 1024, 1536, 1024, 512)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def unseen_since(table: LiveTable, seat: int, seq: int) -> bool:
    """Whether every move after ``seq`` is one ``seat`` could not have seen (other seats'
    hidden commits at a simultaneous step): a move for position ``seq`` is then still a move
    for the position now, as far as that seat can know."""
    return 0 <= seq < table.seq and all(
        player != seat and seat not in visible for player, _text, visible in table.moves[seq:])


def no_such_table(table_id: str) -> ApiError:
    shown = table_id if len(table_id) <= 40 else table_id[:40] + "..."
    return ApiError(404, "no_such_table", say("no_such_table", table=shown))


@dataclass
class LiveTable:
    id: str
    variant: str | None
    seats: list[StoredSeat]
    state: State
    moves: list[tuple[int, str, list[int]]]
    #: per move: its description for viewers who may read it, and per viewer key
    #: (seat, SPECTATOR) the description for that viewer while it may not
    #: per move, per language: the words for those who may read it, and per other viewer
    texts: list[MoveWords] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    ai_task: asyncio.Task[None] | None = None
    private: bool = False
    invite_hash: str | None = None
    #: when it was last asked for (``time.monotonic``); idle tables leave memory
    used: float = field(default_factory=time.monotonic)
    #: background jobs (log reveals) still writing to it
    jobs: int = 0
    #: the number of the move this process is storing now (its announcement is not news)
    storing: int | None = None
    #: rated: every seat is an account, Glicko-2 ratings change when it ends
    rated: bool = False
    #: the creator chose the shuffle while a seat was open for someone else (not fair play)
    seeded: bool = False
    #: takeback, rematch and chat (clanboard.server.together)
    together: Any = None
    #: hints and coach mode (clanboard.server.coach)
    coach: Any = None
    #: takebacks so far (a log reveal worked out before one is dropped)
    takebacks: int = 0
    #: the clocks (``None``: untimed), the clocks after each move, the timer that
    #: enforces them, and the server's time (see :mod:`clanboard.server.clocks`)
    clocks: Clocks | None = None
    move_clocks: list[dict[str, Any] | None] = field(default_factory=list)
    clock_task: asyncio.Task[None] | None = None
    now: Callable[[], float] = time.time
    #: a result that is not the game's own: ``{"winners", "loser", "reason": "time"}``
    #: (the ratings read it through :attr:`forfeit`)
    result_override: dict[str, Any] | None = None
    #: a resigning seat at a table of 3+: ``ai`` plays on, ``last``: scored last
    on_resign: str = "ai"
    #: clocks that ran out, resignations, aborts, claims (:mod:`outcomes`), in order
    events: list[Event] = field(default_factory=list)
    #: when each seat last had a page or stream open (the server's time): claims against a
    #: player who left (:mod:`clanboard.server.endings`)
    seen: dict[int, float] = field(default_factory=dict)
    #: presence: seconds without a heartbeat before a seat is away; the last broadcast
    away_after: float = 45.0
    #: seconds a player the game waits for may be gone before the others may claim
    claim_after: float = 180.0
    presence_sent: list[str] | None = None
    #: the log entries last built per (viewer key, language, game over), each with the
    #: move row it was built from: an entry is built again once its row is replaced
    logs: dict[tuple[int, str, bool], list[tuple[Any, dict[str, Any]]]] = field(
        default_factory=dict, repr=False)

    def estimated_bytes(self) -> int:
        """A rough size of this table in memory: its state, its moves, their words in each
        language read so far and the log entries built (see :data:`SIZE_ESTIMATE`)."""
        base, per_move, per_text, per_log = SIZE_ESTIMATE
        texts = sum(len(t) for t in self.texts)
        logs = sum(len(v) for v in self.logs.values())
        return base + per_move * len(self.moves) + per_text * texts + per_log * logs

    def evictable(self, idle_before: float) -> bool:
        return (not self.watchers and self.jobs == 0 and not self.lock.locked()
                and (self.ai_task is None or self.ai_task.done()) and self.used < idle_before)

    @property
    def seq(self) -> int:
        return len(self.moves)

    @property
    def forfeit(self) -> int | None:
        """The seat that lost on time (the game ended by a clock, not by its rules)."""
        return None if self.result_override is None else self.result_override.get("loser")

    def running(self) -> list[int]:
        """The seats whose clocks run: those the game waits for while it is in play."""
        return self.state.players_to_move() if self.status == "playing" else []

    def clock_deadline(self) -> float | None:
        return None if self.clocks is None else self.clocks.deadline(self.running())

    def clock_view(self) -> dict[str, Any] | None:
        """The time control and each seat's time left now (``None``: no clock)."""
        if self.clocks is None:
            return None
        now = self.now()
        running = self.running()
        return {**self.clocks.control.to_json(), "remaining": self.clocks.left(running, now),
                "running": [s for s in running if self.clocks.remaining[s] is not None],
                "server_time": now}

    def presence(self) -> list[str]:
        now = self.now()
        states = seat_presence([s.kind for s in self.seats], self.watchers, now,
                               self.away_after)
        for seat, state in enumerate(states):
            if state != "disconnected" or seat not in self.seen:
                self.seen[seat] = now
        return states

    def result(self, seat: int | None, lang: str) -> dict[str, Any] | None:
        """The result in words of ``lang`` (a loss on time says so), ``None`` in play."""
        state = self.state
        names = default_names(self.names, lang)
        if self.result_override is not None:
            winners = list(self.result_override["winners"])
            try:
                scores = state.scores()
            except Exception:  # a game may not count points before its end
                scores = [0.0] * state.num_players
            timeout = next((e for e in reversed(self.events) if e.final),
                           Timeout(self.seq, self.result_override.get("loser", 0), "loss",
                                   winners=winners))
            return {"scores": scores, "winners": winners,
                    "returns": [1.0 / len(winners) if p in winners else 0.0
                                for p in range(state.num_players)],
                    "reason": self.result_override.get("reason"),
                    "explanation": {"summary": timeout.words(names, lang), "lines": [],
                                    "tables": []}}
        if not state.is_terminal():
            return None
        scores, winners, returns = state.scores(), state.winners(), state.returns()
        explanation = state.result_explanation(seat, names, lang)
        last = scored_last(self.events)
        if last:  # resigned seats scored last: the game's own result without them
            winners = winners_without(winners, scores, last)
            returns = [1.0 / len(winners) if p in winners else 0.0
                       for p in range(state.num_players)]
        left = [e.words(names, lang) for e in self.events if e.seat in left_seats([e])]
        if left and isinstance(explanation, dict):
            explanation = {**explanation,
                           "lines": [*explanation.get("lines", []), *left]}
        return {"scores": scores, "winners": winners, "returns": returns,
                "explanation": explanation}

    @property
    def status(self) -> str:
        if self.state.is_terminal() or self.result_override is not None:
            return "over"
        return "waiting" if any(s.kind == "open" for s in self.seats) else "playing"

    def check_seat(self, seat: int | None, token: str | None,
                   user_id: int | None = None) -> None:
        """Raise unless ``token`` is the secret of ``seat`` (``None``: a spectator), or,
        without a token, ``user_id`` (a logged-in session's account) holds the seat."""
        if seat is None:
            return
        if not 0 <= seat < len(self.seats):
            raise ApiError(404, "no_such_seat",
                           say("no_such_seat", last=len(self.seats) - 1, seat=seat))
        if self.seats[seat].kind == "ai" and seat in left_seats(self.events):
            raise ApiError(403, "seat_left", say("seat_left"))
        if not token and user_id is not None and self.seats[seat].user_id == user_id:
            return
        if not token:
            raise ApiError(401, "token_required", say("token_required", seat=seat))
        held = self.seats[seat].token_hash
        if held is None or not secrets.compare_digest(held, hash_token(token)):
            raise ApiError(403, "wrong_token", say("wrong_token", seat=seat))

    def view(self, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) may see: built from ``observation``, the
        log and the result in words of ``lang``."""
        state = self.state
        over = state.is_terminal()
        key = SPECTATOR if seat is None else seat
        waiting = state.players_to_move()
        view: dict[str, Any] = {
            "table": self.id,
            "game": state.game.id,
            "game_name": state.game.name,
            "variant": self.variant,
            "private": self.private,
            "rated": self.rated,
            "seeded": self.seeded,
            "options": dict(state.options),
            "num_players": state.num_players,
            "seq": self.seq,
            "status": self.status,
            "viewer": seat,
            "seats": [{"seat": s.seat, "kind": s.kind, "name": name, "agent": s.agent,
                       "account": s.user_id is not None}
                      for s, name in zip(self.seats, default_names(self.names, lang),
                                         strict=True)],
            "to_move": waiting,
            "observation": state.observation(seat),
            "legal_moves": ([str(m) for m in state.legal_moves(seat)]
                            if seat is not None and seat in waiting and self.status == "playing"
                            else []),
            "lang": lang,
            "words": state.view_words(seat, lang),
            "log": self.log(key, over, lang),
            "result": self.result(seat, lang),
            "clock": self.clock_view(),
            "presence": self.presence(),
            "events": [{**e.to_json(), "text": e.words(default_names(self.names, lang), lang)}
                       for e in self.events],
        }
        for hook in VIEW_HOOKS:
            hook(self, seat, view)
        return view

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def text(self, i: int, lang: str = "en") -> tuple[str, dict[int, str]] | None:
        """Move ``i``'s words in ``lang`` (English when that language is missing); a
        language the moves were not described in yet is filled in first."""
        if i >= len(self.texts):
            return None
        texts = self.texts[i]
        if lang not in texts and lang in LANGUAGES:
            self.describe_in(lang)
        return texts.get(lang) or texts.get("en")

    def langs(self) -> list[str]:
        """The languages a move is described in when it is made: English (the fallback)
        and those of the watchers; :meth:`text` fills in any other when it is asked for."""
        watching = {getattr(w, "lang", "en") for w in self.watchers}
        return ["en", *sorted(watching.intersection(LANGUAGES) - {"en"})]

    def describe_in(self, lang: str) -> None:
        """Describe in ``lang`` every move not described in it yet (replayed from the
        seed, as :func:`rebuild` does)."""
        first = self.state
        state = first.game.new_state(first.num_players, first.seed, dict(first.options))
        names = self.names
        try:
            for i, (player, text, readers) in enumerate(self.moves[:len(self.texts)]):
                move = state.parse_move(text, player)
                if lang not in self.texts[i]:
                    self.texts[i][lang] = _describe(state, move, player, names, lang,
                                                    frozenset(readers))
                state.apply(move, player)
        except (IllegalMove, InvalidState):  # English stands in for what is left
            log.exception("table %s: describing its moves in %s", self.id, lang)

    def log(self, key: int, over: bool, lang: str) -> list[dict[str, Any]]:
        """The log as viewer ``key`` sees it (entries shared between views: never to be
        changed in place)."""
        cache = self.logs.get((key, lang, over))
        if cache is None:
            if over:  # the entries of the game in play are of no more use
                self.logs.clear()
            cache = self.logs[key, lang, over] = []
        del cache[len(self.moves):]
        for i, row in enumerate(self.moves):
            if i < len(cache) and cache[i][0] is row:
                continue
            built = (row, self._log_entry(i, key, over, lang))
            if i < len(cache):
                cache[i] = built
            else:
                cache.append(built)
        return [entry for _, entry in cache]

    def _log_entry(self, i: int, key: int, over: bool, lang: str = "en") -> dict[str, Any]:
        player, text, vis = self.moves[i]
        readable = over or key in vis
        full, hidden = self.text(i, lang) or (text, {})
        return {"seq": i, "player": player, "move": text if readable else None,
                "text": full if readable else hidden.get(key, "")}

    def stored(self) -> StoredTable:
        clocks = self.clocks
        return StoredTable(self.id, self.state.game.id, self.variant, dict(self.state.options),
                           self.state.num_players, self.state.seed, self.status, self.seats,
                           private=self.private, invite_hash=self.invite_hash,
                           rated=self.rated, seeded=self.seeded, on_resign=self.on_resign,
                           clock=clocks.control.to_json() if clocks else None,
                           clock_state=clocks.to_json() if clocks else None,
                           clock_deadline=self.clock_deadline())

    def clock_write(self) -> ClockWrite | None:
        if self.clocks is None:
            return None
        return ClockWrite(self.clocks.to_json(), self.clock_deadline())


def describe(before: State, move: Any, player: int, names: list[str],
             langs: Iterable[str] = LANGUAGES, readers: Iterable[int] = ()) -> MoveWords:
    """Per language of ``langs``: a move's words for the viewers who may read it (the
    mover's own description) and, per other viewer (seats, :data:`SPECTATOR`) but
    ``readers`` (who read the move's own words), the words for that viewer while it may
    not (the game leaves out what that viewer's observation hides). Readers are only ever
    added to a move (when it is revealed), so words left out are never needed."""
    readers = frozenset(readers)
    return {lang: _describe(before, move, player, names, lang, readers) for lang in langs}


def _describe(before: State, move: Any, player: int, names: list[str],
              lang: str, readers: frozenset[int] = frozenset()) -> tuple[str, dict[int, str]]:
    keys = [k for k in (SPECTATOR, *range(before.num_players))
            if k != player and k not in readers]
    names = default_names(names, lang)
    try:
        full = before.describe_move(move, player, player, names, lang)
        hidden = {k: before.describe_move(move, player, None if k == SPECTATOR else k, names,
                                          lang)
                  for k in keys}
    except Exception:  # a description must never stop a game: fall back to the core's
        log.exception("describing %s by seat %s", move, player)
        full = State.describe_move(before, move, player, player, names, lang)
        hidden = {k: State.describe_move(before, move, player,
                                         None if k == SPECTATOR else k, names, lang)
                  for k in keys}
    return full, hidden


def reveals(state: State) -> bool:
    """Whether moves at ``state``'s game may reveal earlier hidden moves
    (``State.revealed_by``): a game with simultaneous steps, or one with reveals of its own."""
    return (state.game.simultaneous_moves
            or type(state).revealed_by is not State.revealed_by)


def revealed(before: State, after: State) -> list[int] | None:
    """``after.revealed_by(before)``; a game's error reveals nothing (the log is words, it
    must never stop a game)."""
    try:
        return after.revealed_by(before)
    except Exception:
        log.exception("revealed_by at %s", before.game.id)
        return None


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


class Tables:
    """The live tables (an LRU of at most ``settings.max_live_tables``, idle ones dropped
    and replayed from storage on demand), the database thread and the AI pool."""

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
        #: results and ratings (clanboard.server.ratings); errors are logged, not raised
        self.game_over_hooks: list[Callable[[LiveTable], Awaitable[None]]] = []
        #: called whenever a table's watchers are sent its new view (server/hub.py)
        self.view_hooks: list[Callable[[LiveTable], None]] = []
        self.clock = self.settings.clock
        #: several processes on one database (server/shared.py); None: this one alone
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

    # -- creating and joining ----------------------------------------------------------------

    async def create(self, game_id: str, variant: str | None, options: dict[str, Any],
                     num_players: int | None, seed: int | None,
                     seats: list[dict[str, Any]], private: bool = False,
                     creator: str | None = None, rated: bool = False,
                     clock: dict[str, Any] | None = None, lang: str = "en",
                     on_resign: str = "ai") -> tuple[LiveTable, dict[int, str], str | None]:
        """A new table; returns it, the tokens of its human seats, and for a private table
        the invite secret its open seats need (only hashes are stored). A seat spec's
        ``user_id`` is the account playing it (checked by the caller). ``creator``: whose
        tables it counts with (:func:`clanboard.server.limits.creator_key`); ``lang``: the
        language of a refusal."""
        try:
            game = get_game(game_id)
        except UnknownGame as exc:
            raise ApiError(404, "no_such_game", str(exc)) from exc
        chosen = seed is not None
        try:
            opts = dict(game.variant_options(variant)) if variant else {}
            opts.update(options)
            n = game.check_players(num_players if num_players is not None
                                   else (len(seats) or None))
            seed = secrets.randbits(62) if seed is None else seed
            refused = check_pack_offered(game, opts, self.settings.allowed_packs())
            if refused:
                raise ApiError(422, "pack_not_offered", refused)
            state = game.new_state(n, seed, opts)
        except InvalidState as exc:
            raise ApiError(422, "bad_options", str(exc)) from exc
        control = TimeControl.parse(clock)
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
                                         hash_token(tokens[i]), spec.get("user_id")))
            elif kind == "ai":
                try:
                    agent = check_agent(
                        game, resolve_agent(game, spec.get("agent"), spec.get("difficulty")),
                        self.settings.ai_max_seconds, self.settings.ai_max_iterations)
                except ValueError as exc:
                    raise ApiError(422, "bad_seats", f"seat {i}: {exc}") from exc
                stored.append(StoredSeat(i, "ai", name or f"AI ({agent})", agent, None,
                                         spec.get("user_id")))
            elif kind == "open":
                stored.append(StoredSeat(i, "open", name or "(open)", None, None))
            else:
                raise ApiError(422, "bad_seats",
                               f"seat {i}: kind must be human, ai or open, not {kind!r}")
        if on_resign not in ("ai", "last"):
            raise ApiError(422, "bad_options",
                           f"on_resign must be 'ai' or 'last', not {echo(on_resign)!r}")
        # a chosen shuffle is fair only when no one else's hidden cards depend on it (every
        # human seat the creator's own); with a seat open for someone else it is marked,
        # shown to whoever joins, and never rated
        seeded = chosen and any(s.kind == "open" for s in stored)
        if seeded and rated:
            raise ApiError(422, "bad_options", "a rated table's shuffle is secret: leave seed out")
        invite = secrets.token_urlsafe(16) if private else None
        table = LiveTable(secrets.token_urlsafe(9), variant, stored, state, [],
                          private=private, invite_hash=hash_token(invite) if invite else None,
                          rated=rated, seeded=seeded, on_resign=on_resign)
        if control is not None:
            table.clocks = Clocks.start(control, [s.kind for s in stored], self.clock.now())
        record = table.stored()
        record.creator = creator
        cap = self.settings.max_open_tables
        async with self._create_lock:  # the count and the insert together
            if creator is not None and cap > 0:
                hours = self.settings.open_tables_hours
                if await self.run_db(self.store.open_tables_by, creator, hours) >= cap:
                    raise await self.run_db(too_many_tables, self.store, creator, cap,
                                            hours, lang)
            await self.run_db(self.store.create_table, record)
        self._keep(table)
        self.kick_ai(table)
        self.arm_clock(table)
        return table, tokens, invite

    async def join(self, table_id: str, seat: int | None, name: str | None,
                   invite: str | None = None, user: tuple[int, str] | None = None
                   ) -> tuple[int, str]:
        """Take an open seat; ``user`` (id, name): the logged-in account taking it."""
        table = await self.get(table_id)
        if table.rated and user is None:
            raise ApiError(401, "account_required", say("rated_join"))
        if table.invite_hash is not None and not (
                invite and secrets.compare_digest(table.invite_hash, hash_token(invite))):
            raise ApiError(403, "invite_required", say("invite_required"))
        async with table.lock:
            if table.status == "over":
                raise ApiError(409, "game_over", "this table is closed: its game is over")
            open_seats = [s.seat for s in table.seats if s.kind == "open"]
            if seat is None:
                if not open_seats:
                    raise ApiError(409, "no_open_seat", say("no_open_seat"))
                seat = open_seats[0]
            if not 0 <= seat < len(table.seats):
                raise ApiError(404, "no_such_seat",
                               say("no_such_seat", last=len(table.seats) - 1, seat=seat))
            if seat not in open_seats:
                raise ApiError(409, "seat_taken", say("seat_taken", seat=seat),
                               allowed=[str(s) for s in open_seats])
            if table.rated and user is not None and any(
                    s.user_id == user[0] for s in table.seats):
                raise ApiError(409, "already_seated", say("already_seated"))
            token = secrets.token_urlsafe(24)
            shown = user[1] if user else (name or "").strip()[:40] or f"Player {seat + 1}"
            new = StoredSeat(seat, "human", shown, None, hash_token(token),
                             user[0] if user else None)
            after = [new if s.seat == seat else s for s in table.seats]
            status = "waiting" if any(s.kind == "open" for s in after) else "playing"
            clocks = None
            if table.clocks is not None and status == "playing":  # the clocks start now
                clocks = Clocks(table.clocks.control, list(table.clocks.remaining),
                                self.clock.now())
            write = None if clocks is None else ClockWrite(
                clocks.to_json(), clocks.deadline(table.state.players_to_move()))
            if not await self.run_db(self.store.take_seat, table.id, seat, new.name,
                                     new.token_hash, status, new.user_id, write):
                raise ApiError(409, "seat_taken", say("seat_taken", seat=seat))
            table.seats = after
            if clocks is not None:
                table.clocks = clocks
        await self.broadcast(table)
        self.kick_ai(table)
        self.arm_clock(table)
        return seat, token

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
                open_seats = [str(s.seat) for s in table.seats if s.kind == "open"]
                raise ApiError(409, "waiting_for_players",
                               say("waiting_for_players", seats=", ".join(open_seats)))
            if seq is not None and seq != table.seq and not unseen_since(table, seat, seq):
                raise ApiError(409, "stale_move",
                               say("stale_move", seq=echo(seq), expected=table.seq),
                               seq=table.seq)
            waiting = table.state.players_to_move()
            if seat not in waiting:
                raise ApiError(409, "not_your_turn",
                               say("not_your_turn", seat=seat,
                                   waiting=", ".join(map(str, waiting)) or "—"), allowed=[])
            if not by_ai and table.seats[seat].kind == "ai":
                raise ApiError(409, "seat_taken_over", say("seat_taken_over", seat=seat))
            now = self.clock.now()
            clocks = None
            if table.clocks is not None:
                if seat in table.clocks.out_of_time(waiting, now):
                    self._spawn(self.check_time(table))
                    raise ApiError(409, "time_over", say("time_over", seat=seat))
                clocks = Clocks(table.clocks.control, list(table.clocks.remaining),
                                table.clocks.since)
            after = table.state.clone()
            try:
                after.apply(text, seat)
            except IllegalMove as exc:
                from clanboard.server.rules_links import rule_link

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
            seed = (table.state.seed * 1_000_003 + seq * 7 + seat) % (1 << 62)
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
