"""Learning at the table: hints and coach mode at unrated tables (see docs/web-analysis.md,
"Hints, coach mode, tutorials and rules links").

**Hints.** ``POST /api/tables/{id}/hint`` asks the AI which move it would play for the
asking seat, with the win chance the search sees with that move and with the next-best one,
and the points it scores at once. The search (:func:`hint_for`) runs from the asker's seat
only: ISMCTS reads the real state through ``legal_moves(seat)`` and
``determinize(seat)``, so the hint never depends on what that seat may not see. Hints are
refused at rated tables, to spectators and to AI seats, and bounded: a fixed number of
iterations a search (and the server's ``ai_max_seconds``), one hint worked out at a time
per table, ``hints_per_seat`` a game, ``hint_rate`` a minute from one address. The hints
taken per seat are stored and shown on the result.

**Coach mode.** A seat at an unrated table with an AI seat switches it on with ``POST
/api/tables/{id}/coach``; after each of its moves the move is valued in the background as
the post-game analysis does (:func:`clanboard.server.analysis.jobs.analyse_with_words`: the
AI's move and the move played, each valued from the mover's seat, marked by
:data:`clanboard.ai.analysis.THRESHOLDS`), and the seat's view carries the verdict
(``coach.verdict``), seen by that seat only. At most one position is searched at a time
per table and one waits (the newest), ``coach_max_running`` over the server (the others
wait their turn); ``coach_moves`` a seat a game.
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from fastapi import APIRouter, Query, Request
from limits import RateLimitItemPerMinute
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from clanboard.core.plural import Plural
from clanboard.server.accounts.auth import seated
from clanboard.server.core.errors import ApiError
from clanboard.server.core.guard import client_ip
from clanboard.server.core.models import CoachRow
from clanboard.server.core.requests import Token, request_lang
from clanboard.server.core.storage import Store
from clanboard.server.tables.live import LOAD_HOOKS, MOVE_HOOKS, VIEW_HOOKS, LiveTable
from clanboard.server.tables.service import Tables

log = logging.getLogger("clanboard.server")


MESSAGES = {
    "hint_move": "The AI would play: {move}.",
    "hint_forced": "It is your only legal move.",
    "hint_chance": "With it the search sees your chance of winning at {value}%.",
    "hint_share": "With it the search sees your share of the win at {value}%.",
    "hint_alternative": "The next best move, {move}, gives {value}%.",
    "hint_points": Plural("It scores you {n} point at once.",
                          "It scores you {n} points at once.", "n"),
    "coach_good": "Good move: {move}. Your chance stays at {after}%.",
    "coach_marked": "{mark}: {move}. Your chance falls from {before}% to {after}%. "
                    "Better: {best}.",
    "inaccuracy": "Inaccuracy",
    "mistake": "Mistake",
    "blunder": "Blunder",
    "refused_rated": "Hints and coach mode are for unrated games only.",
    "refused_spectator": "Only a player at this table can ask the coach.",
    "refused_ai_seat": "This seat is played by the AI.",
    "refused_turn": "A hint is given when it is your turn.",
    "refused_over": "The game is over: the analysis of the whole game is in the replay.",
    "refused_no_ai": "Coach mode is for games against the AI.",
    "refused_busy": "A hint for this table is being worked out; try again in a moment.",
    "refused_spent": Plural("This seat has taken the {n} hint a game allows.",
                            "This seat has taken all {n} hints a game allows.", "n"),
    "no_better_move": "The coach has no better move to show for your last move.",
    "no_suggestion": "The tutorial suggests no move now.",
    "refused_rate": Plural("Too many hints from your address: try again in {n} second.",
                           "Too many hints from your address: try again in {n} seconds.",
                           "n"),
}
"""Words of hints and coach mode (explanations and refusals)."""

_limiter = MovingWindowRateLimiter(MemoryStorage())


def words(key: str, lang: str, **params: Any) -> str:
    """``MESSAGES[key]`` in ``lang`` with ``params`` (a counted message by its ``n``)."""
    from clanboard.i18n import localized

    return localized(MESSAGES, lang)[key].format(**params)


def refusal(status: int, code: str, key: str, lang: str, **params: Any) -> ApiError:
    """An :class:`ApiError` whose reason is ``MESSAGES[key]`` in ``lang``."""
    return ApiError(status, code, words(key, lang, **params))


# -- the searches (in an AI worker) ----------------------------------------------------------


def hint_for(game_id: str, state_json: dict[str, Any], seat: int, iterations: int,
             seed: int, max_seconds: float = 0.0) -> dict[str, Any]:
    """The AI's move for ``seat`` and what the search saw: ``move``, ``value`` (0..1, as
    :mod:`clanboard.ai.analysis` reads a return), the next-best ``alternative`` and its
    ``alt_value``, ``points`` scored at once (``None`` where the game counts no points
    before its end) and ``forced``. Reads the state only as ``seat`` may (module
    docstring); the same seed and iterations give the same hint (with ``max_seconds``
    0)."""
    import clanboard.ai  # noqa: F401 - registers the ismcts agent
    from clanboard.ai.analysis import search_config, to_value
    from clanboard.core import get_game, make_agent
    from clanboard.core.rng import Rng

    game = get_game(game_id)
    state = game.state_from_json(state_json)
    legal = [str(m) for m in state.legal_moves(seat)]
    out: dict[str, Any] = {"move": legal[0] if legal else None, "value": None,
                           "alternative": None, "alt_value": None, "points": None,
                           "forced": len(legal) == 1}
    if not legal:
        return out
    if len(legal) > 1:
        config = search_config(iterations)
        if max_seconds > 0:
            config = replace(config, seconds=max_seconds)
        agent = make_agent(game, "ismcts", seed=seed, config=config)
        result = agent.searcher.search(state, seat)  # type: ignore[attr-defined]
        best = str(result.move)
        ranked = sorted(result.children.items(), key=lambda kv: (-kv[1][0], kv[0]))
        alt = next(((m, mean) for m, (visits, mean) in ranked if m != best and visits), None)
        out["move"] = best
        out["value"] = round(to_value(game, state.num_players, result.children[best][1]), 4)
        if alt is not None:
            out["alternative"] = alt[0]
            out["alt_value"] = round(to_value(game, state.num_players, alt[1]), 4)
    try:  # what the move scores at once, on a deal this seat could be facing
        det = state.determinize(seat, Rng(seed))
        before = det.scores()[seat]
        det.apply(out["move"], seat)
        gained = det.scores()[seat] - before
        out["points"] = int(gained) if gained == int(gained) else round(gained, 2)
    except Exception:  # a game may count no points before its end
        out["points"] = None
    return out


# -- per table ---------------------------------------------------------------------------------


@dataclass
class SeatCoach:
    hints: int = 0
    on: bool = False
    #: coach verdicts given to this seat (a game's worth at most)
    coached: int = 0
    #: the latest verdict: :func:`clanboard.server.analysis.jobs.analyse_with_words`'s JSON
    verdict: dict[str, Any] | None = None
    #: the tutorial this seat follows (a game id, :mod:`clanboard.server.coach.tutorial`)
    tutorial: str | None = None


@dataclass
class Coach:
    seats: dict[int, SeatCoach] = field(default_factory=dict)
    #: a hint being worked out at this table
    busy: bool = False
    #: the hint of the current position, per seat: (seq, hint)
    hints: dict[int, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    #: the move waiting to be coached (the newest): (index, seat, before-state JSON, move)
    waiting: tuple[int, int, dict[str, Any], str] | None = None
    task: asyncio.Task[None] | None = None

    def seat(self, seat: int) -> SeatCoach:
        return self.seats.setdefault(seat, SeatCoach())


def of(table: LiveTable) -> Coach:
    if table.coach is None:
        table.coach = Coach()
    return table.coach  # type: ignore[no-any-return]


def has_ai(table: LiveTable) -> bool:
    return any(s.kind == "ai" for s in table.seats)


def verdict_words(verdict: dict[str, Any], table: LiveTable, lang: str) -> dict[str, Any]:
    """A stored verdict as a seat reads it: the moves and a sentence in ``lang``."""
    index = int(verdict["index"])
    played = table.text(index, lang) if index < len(table.texts) else None
    move = played[0] if played else verdict["move"]
    best_words = verdict.get("best_text") or {}
    best = best_words.get(lang) or best_words.get("en") or verdict["best"]
    pct = {k: round(100 * float(verdict[k])) for k in ("before", "after")}
    mark = verdict.get("mark")
    if mark:
        text = words("coach_marked", lang, mark=words(mark, lang), move=move, best=best, **pct)
    else:
        text = words("coach_good", lang, move=move, after=pct["after"])
    return {"index": index, "move": verdict["move"], "move_text": move,
            "best": verdict["best"], "best_text": best, "mark": mark,
            "mark_text": words(mark, lang) if mark else None, **pct, "text": text}


def view_hook(table: LiveTable, seat: int | None, view: dict[str, Any]) -> None:
    """Adds ``coach`` to a view: the hints taken per seat, whether hints may be asked
    here, and for a seat its coach mode and latest verdict (never another seat's)."""
    c = of(table)
    out: dict[str, Any] = {
        "hints": [c.seats[s].hints if s in c.seats else 0 for s in range(len(table.seats))],
        "allowed": not table.rated, "available": not table.rated and has_ai(table)}
    if seat is not None and 0 <= seat < len(table.seats):
        mine = c.seats.get(seat) or SeatCoach()
        verdict = mine.verdict
        current = (verdict is not None and int(verdict["index"]) < len(table.moves)
                   and table.moves[int(verdict["index"])][1] == verdict["move"])
        out["on"] = mine.on
        out["verdict"] = (verdict_words(verdict, table, view.get("lang", "en"))
                          if verdict is not None and current else None)
        running = c.task is not None and not c.task.done()
        out["pending"] = mine.on and running
    view["coach"] = out


# -- storage -----------------------------------------------------------------------------------


def load(store: Store, table_id: str) -> Coach:
    c = Coach()
    with store.sessions() as s:
        for row in s.scalars(select(CoachRow).where(CoachRow.table_id == table_id)):
            c.seats[row.seat] = SeatCoach(row.hints, bool(row.coach), row.coached,
                                          row.verdict, row.tutorial)
    return c


def save(store: Store, table_id: str, seat: int, sc: SeatCoach) -> None:
    with store.sessions.begin() as s:
        row = s.get(CoachRow, (table_id, seat))
        if row is None:
            row = CoachRow(table_id=table_id, seat=seat)
            s.add(row)
        row.hints, row.coach, row.coached, row.verdict = sc.hints, sc.on, sc.coached, sc.verdict
        row.tutorial = sc.tutorial


async def load_hook(tables: Tables, table: LiveTable) -> None:
    """Reads a table's hints and coach settings when it is loaded."""
    table.coach = await tables.run_db(load, tables.store, table.id)


# -- hints -------------------------------------------------------------------------------------


def check_player(table: LiveTable, seat: int | None, lang: str) -> int:
    """``seat`` if it may ask the coach at ``table`` (a human seat, an unrated table)."""
    if table.rated:
        raise refusal(403, "coach_rated", "refused_rated", lang)
    if seat is None:
        raise refusal(403, "spectator", "refused_spectator", lang)
    if table.seats[seat].kind == "ai":
        raise refusal(403, "coach_ai_seat", "refused_ai_seat", lang)
    return seat


async def ask_hint(tables: Tables, table: LiveTable, seat: int | None, ip: str,
                   lang: str) -> dict[str, Any]:
    """The AI's move for ``seat`` now, explained in ``lang`` (see the module docstring);
    asked again at the same position, the same hint (not counted again)."""
    settings = tables.settings
    seat = check_player(table, seat, lang)
    if table.status == "over":
        raise refusal(409, "game_over", "refused_over", lang)
    if table.status != "playing" or seat not in table.state.players_to_move():
        raise refusal(409, "not_your_turn", "refused_turn", lang)
    c = of(table)
    mine = c.seat(seat)
    cached = c.hints.get(seat)
    if cached is None or cached[0] != table.seq:
        cap = settings.hints_per_seat
        if cap > 0 and mine.hints >= cap:
            raise refusal(429, "hints_spent", "refused_spent", lang, n=cap)
        if c.busy:
            raise refusal(429, "hint_busy", "refused_busy", lang)
        if settings.hint_rate > 0:
            item = RateLimitItemPerMinute(settings.hint_rate)
            if not _limiter.hit(item, f"hint:{ip}"):
                reset = _limiter.get_window_stats(item, f"hint:{ip}").reset_time
                wait = max(1, math.ceil(reset - time.time()))
                raise ApiError(429, "rate_limited",
                               words("refused_rate", lang, n=wait), retry_after=wait)
        seq = table.seq
        c.busy = True
        table.jobs += 1  # keeps the table in memory meanwhile
        try:
            hint = await asyncio.get_running_loop().run_in_executor(
                tables.ai_pool, hint_for, table.state.game.id, table.state.to_json(), seat,
                settings.hint_iterations, secrets.randbits(62), settings.ai_max_seconds)
        finally:
            c.busy = False
            table.jobs -= 1
        if table.seq != seq:  # the game moved on meanwhile (a takeback, a clock)
            raise refusal(409, "not_your_turn", "refused_turn", lang)
        mine.hints += 1
        c.hints[seat] = cached = (seq, hint)
        await tables.run_db(save, tables.store, table.id, seat, mine)
        tables.push_views(table)
    return explain(table, seat, cached[1], lang, settings.hints_per_seat)


def explain(table: LiveTable, seat: int, hint: dict[str, Any], lang: str,
            cap: int = 0) -> dict[str, Any]:
    """A hint as the API serves it: the moves in the game's words and sentences in
    ``lang``; ``cap``: the hints a seat may take in a game (0: no cap)."""
    from clanboard.i18n import default_names

    state = table.state
    names = default_names(table.names, lang)

    def said(move: str | None) -> str | None:
        if move is None:
            return None
        try:
            return state.describe_move(state.parse_move(move, seat), seat, seat, names, lang)
        except Exception:  # words must not stop a hint
            return move

    move_text, alt_text = said(hint["move"]), said(hint["alternative"])
    lines = [words("hint_move", lang, move=move_text)]
    if hint["forced"]:
        lines.append(words("hint_forced", lang))
    if hint["value"] is not None:
        key = "hint_chance" if state.num_players == 2 else "hint_share"
        lines.append(words(key, lang, value=round(100 * hint["value"])))
    if hint["alt_value"] is not None:
        lines.append(words("hint_alternative", lang, move=alt_text,
                           value=round(100 * hint["alt_value"])))
    if hint["points"]:
        lines.append(words("hint_points", lang, n=hint["points"]))
    taken = of(table).seat(seat).hints
    return {**hint, "seat": seat, "seq": table.seq, "move_text": move_text,
            "alternative_text": alt_text, "lines": lines, "text": " ".join(lines),
            "hints": taken, "hints_left": max(0, cap - taken) if cap > 0 else None}


# -- coach mode --------------------------------------------------------------------------------


async def set_coach(tables: Tables, table: LiveTable, seat: int | None, on: bool,
                    lang: str) -> None:
    seat = check_player(table, seat, lang)
    if on and not has_ai(table):
        raise refusal(409, "coach_no_ai", "refused_no_ai", lang)
    mine = of(table).seat(seat)
    if mine.on != on:
        mine.on = on
        await tables.run_db(save, tables.store, table.id, seat, mine)
    tables.push_views(table)


async def move_hook(tables: Tables, table: LiveTable, seat: int, before: Any, index: int,
                    move: str, by_ai: bool) -> None:
    """After a move: a coached seat's move is queued to be valued (the newest waits)."""
    c = table.coach
    if by_ai or table.rated or c is None:
        return
    mine = c.seats.get(seat)
    if mine is None or not mine.on:
        return
    cap = tables.settings.coach_moves
    if cap > 0 and mine.coached >= cap:
        return
    c.waiting = (index, seat, before.to_json(), move)
    if c.task is None or c.task.done():
        table.jobs += 1
        c.task = asyncio.get_running_loop().create_task(_coach_loop(tables, table))


_RUNNING: dict[int, asyncio.Semaphore] = {}


def running(tables: Tables) -> asyncio.Semaphore:
    """The server's bound on coached positions searched at once (``coach_max_running``);
    the others wait their turn."""
    sem = _RUNNING.get(id(tables))
    if sem is None:
        sem = _RUNNING[id(tables)] = asyncio.Semaphore(max(1, tables.settings.coach_max_running))
    return sem


async def _coach_loop(tables: Tables, table: LiveTable) -> None:
    from clanboard.ai.analysis import PositionTask
    from clanboard.server.analysis.jobs import analyse_with_words

    c = of(table)
    loop = asyncio.get_running_loop()
    try:
        while c.waiting is not None and not tables.closing:
            index, seat, before, move = c.waiting
            c.waiting = None
            task = PositionTask(index, table.state.game.id, before, seat, move,
                                tables.settings.coach_iterations, secrets.randbits(62))
            try:
                async with running(tables):
                    verdict = await loop.run_in_executor(tables.ai_pool, analyse_with_words,
                                                         task, table.names)
            except Exception:
                log.exception("coaching move %d at table %s", index, table.id)
                continue
            mine = c.seat(seat)
            mine.verdict = verdict
            mine.coached += 1
            await tables.run_db(save, tables.store, table.id, seat, mine)
            tables.push_views(table)
    finally:
        table.jobs -= 1


# -- the better move on the board ---------------------------------------------------------------


def position_after(state: Any, seat: int, move: str, seed: int, lang: str,
                   names: list[str]) -> dict[str, Any]:
    """The position after ``seat`` plays ``move`` in ``state`` (not changed), as ``seat``
    may see it: the move is applied to a deal ``seat`` could be facing
    (``determinize(seat)``), so what it shows never tells a card the seat may not see (a
    card it would have drawn is drawn from a shuffle of the unseen ones)."""
    from clanboard.core.rng import Rng
    from clanboard.i18n import default_names

    said = default_names(names, lang)
    parsed = state.parse_move(move, seat)
    try:
        text = state.describe_move(parsed, seat, seat, said, lang)
    except Exception:  # words must not stop the board
        text = move
    after = state.determinize(seat, Rng(seed))
    after.apply(move, seat)
    return {"player": seat, "move": move, "text": text,
            "observation": after.observation(seat), "words": after.view_words(seat, lang)}


SUGGESTERS: dict[str, Callable[[LiveTable, int, str], str | None]] = {}
"""Who else suggests a move to show (``of=NAME``): the tutorials register theirs (the
plan's next move, or ``None``), so that this module needs none of them."""


async def coach_position(table: LiveTable, seat: int, which: str,
                         lang: str) -> dict[str, Any]:
    """``which="verdict"``: the position after the AI's better move instead of the seat's
    coached move (the position before it from the game's record, as the analysis's
    alternative); another ``which`` of :data:`SUGGESTERS` (``"tutorial"``): after the move
    it suggests now. Bounded as the analysis's alternative: one replay of the record, no
    search."""
    from clanboard.ai.analysis import position_before

    check_player(table, seat, lang)
    seed = int.from_bytes(table.id.encode()[:8].ljust(8, b"\0"), "big") ^ table.seq
    if which in SUGGESTERS:
        move = SUGGESTERS[which](table, seat, lang)
        if (move is None or table.status != "playing"
                or seat not in table.state.players_to_move()):
            raise ApiError(404, "no_suggestion", words("no_suggestion", lang))
        out = position_after(table.state, seat, move, seed, lang, table.names)
        return {"of": which, "index": len(table.moves), "seq": table.seq, **out}
    mine = of(table).seats.get(seat)
    verdict = mine.verdict if mine is not None else None
    if verdict is None or not verdict.get("mark"):
        raise ApiError(404, "no_better_move", words("no_better_move", lang))
    index = int(verdict["index"])
    if index >= len(table.moves) or table.moves[index][1] != verdict["move"]:
        raise ApiError(404, "no_better_move", words("no_better_move", lang))
    loop = asyncio.get_running_loop()
    before = await loop.run_in_executor(None, position_before,
                                        table.state.record(table.names), index)
    out = position_after(before, seat, str(verdict["best"]), seed, lang, table.names)
    return {"of": which, "index": index, "seq": table.seq, **out}


# -- the routes --------------------------------------------------------------------------------


class HintIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=15)


class CoachIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=15)
    on: bool


def coach_router() -> APIRouter:
    """``POST /api/tables/{id}/hint`` and ``POST /api/tables/{id}/coach``."""
    router = APIRouter(prefix="/api/tables", tags=["coach"])

    @router.post("/{table_id}/hint", responses={
        403: {"description": "a rated table, or an AI seat"},
        409: {"description": "not this seat's turn, or the game is over"},
        429: {"description": "the seat's hints are spent, one is being worked out, or "
                             "too many from this address"}},
        summary="The AI's move for your seat now, explained (unrated tables)")
    async def hint(table_id: str, body: HintIn, request: Request,
                   authorization: Token = None) -> dict[str, Any]:
        tables, table = await seated(request, table_id, body.seat, authorization)
        return await ask_hint(tables, table, body.seat, client_ip(request.scope),
                              request_lang(request))

    @router.post("/{table_id}/coach", responses={
        403: {"description": "a rated table, or an AI seat"},
        409: {"description": "no AI seat at the table"}},
        summary="Switch coach mode on or off for your seat (unrated games against the AI)")
    async def coach(table_id: str, body: CoachIn, request: Request,
                    authorization: Token = None) -> dict[str, Any]:
        tables, table = await seated(request, table_id, body.seat, authorization)
        await set_coach(tables, table, body.seat, body.on, request_lang(request))
        return table.view(body.seat, request_lang(request))

    @router.get("/{table_id}/coach/position", responses={
        403: {"description": "a rated table, or an AI seat"},
        404: {"description": "no marked verdict (or no tutorial move) to show"}},
        summary="The position after the coach's better move (or the tutorial's move), "
                "as your seat may see it")
    async def position(table_id: str, request: Request, seat: int = Query(ge=0, le=15),
                       of: str = Query("verdict", pattern="^(verdict|tutorial)$"),
                       authorization: Token = None) -> dict[str, Any]:
        tables, table = await seated(request, table_id, seat, authorization)
        return await coach_position(table, seat, of, request_lang(request))

    return router


VIEW_HOOKS.append(view_hook)
LOAD_HOOKS.append(load_hook)
MOVE_HOOKS.append(move_hook)
