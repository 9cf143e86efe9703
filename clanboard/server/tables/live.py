"""A live table: one game's state in memory, its seats, moves and their words, its
watchers, and the view each viewer may see (:meth:`LiveTable.view`).

The server alone applies moves (:mod:`clanboard.server.tables.moves`); the tables in
memory are :class:`clanboard.server.tables.service.Tables`.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from clanboard.core import IllegalMove, InvalidState, State
from clanboard.i18n import LANGUAGES, default_names
from clanboard.server.clocks.clock import Clocks, Timeout
from clanboard.server.core.errors import ApiError, say
from clanboard.server.core.storage import ClockWrite, StoredSeat, StoredTable
from clanboard.server.endings.outcomes import (
    NO_RESULT,
    Event,
    left_seats,
    scored_last,
    winners_without,
)
from clanboard.server.tables.presence import seat_presence
from clanboard.server.tables.visibility import SPECTATOR

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
    #: takeback, rematch and chat (clanboard.server.tables.together)
    together: Any = None
    #: hints and coach mode (clanboard.server.coach.hints)
    coach: Any = None
    #: takebacks so far (a log reveal worked out before one is dropped)
    takebacks: int = 0
    #: the clocks (``None``: untimed), the clocks after each move, the timer that
    #: enforces them, and the server's time (see :mod:`clanboard.server.clocks.clock`)
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
    #: player who left (:mod:`clanboard.server.endings.actions`)
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
            reason = self.result_override.get("reason")
            why: dict[str, Any] = {"summary": timeout.words(names, lang), "lines": [],
                                   "tables": []}
            if reason in NO_RESULT:  # aborted: no winner and no scores to show, only why
                why["headline"] = why["summary"]
            return {"scores": scores, "winners": winners,
                    "returns": [1.0 / len(winners) if p in winners else 0.0
                                for p in range(state.num_players)],
                    "reason": reason, "explanation": why}
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
                           say("no_such_seat", players=len(self.seats), player=seat + 1))
        if self.seats[seat].kind == "ai" and seat in left_seats(self.events):
            raise ApiError(403, "seat_left", say("seat_left"))
        if not token and user_id is not None and self.seats[seat].user_id == user_id:
            return
        if not token:
            raise ApiError(401, "token_required", say("token_required", player=seat + 1))
        held = self.seats[seat].token_hash
        if held is None or not secrets.compare_digest(held, hash_token(token)):
            raise ApiError(403, "wrong_token", say("wrong_token", player=seat + 1))

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
