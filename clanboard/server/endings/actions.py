"""Ending a game other than by its moves: resign, abort, abandon, claim, and the draw offer
no game here has.

What this module owns:

* **resign** (a seated player, while the game is in play): in a game of one or two the
  game ends and the others win; at a table of three or more an AI at the table's level
  takes the seat over and the table goes on, the seat's place counting as played
  (``on_resign="ai"``, the default) or scored last (``"last"``). A rated game rates a
  resignation as a loss either way.
* **abort** (a seated player, before every seat has moved): the game ends with no result;
  nothing is recorded and no rating changes.
* **abandon** (the table's creator, while seats are still open): the table closes unplayed.
* **claim** (a seated player, when the game waits for a player who has been gone, without
  a connected page or bot stream, for ``claim_after_seconds``): in a game of two, the
  victory or a draw; at a table of three or more the victory means an AI takes the absent
  seat over, as a resignation would. A correspondence game is the clock's to decide
  (:mod:`clanboard.server.clocks.clock` ends it when the time is up), not a claim's.
* **draw by agreement**: none of the games' rules has one; offering or accepting a draw is
  refused with the reason.

Each is committed (the table's events, result and seats, as a clock running out is) before
the table changes, stored as an :class:`~clanboard.server.endings.outcomes.Ending`, and shown in the
log and the result in every viewer's language. :func:`endings_view` adds to every view what
its seat may do now. The HTTP routes are in :func:`endings_router`; the bot API's in
:mod:`clanboard.server.bots.api`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select, text

from clanboard.i18n import default_names, localized
from clanboard.server.accounts.auth import current_user
from clanboard.server.accounts.auth import seated as seated_by
from clanboard.server.accounts.limits import creator_key, game_name
from clanboard.server.clocks.clock import Clocks
from clanboard.server.core.errors import ApiError
from clanboard.server.core.guard import client_ip
from clanboard.server.core.models import TableRow
from clanboard.server.core.storage import ClockWrite, Store, StoredSeat
from clanboard.server.endings.outcomes import Ending, left_seats
from clanboard.server.tables.ai import clamp_agent, resolve_agent
from clanboard.server.tables.live import VIEW_HOOKS, LiveTable
from clanboard.server.tables.service import Tables

log = logging.getLogger("clanboard.server")

MESSAGES = {
    "spectator": "only a seated player can do that; spectators cannot",
    "ai_seat": "this seat is played by an AI: it cannot resign, abort or claim",
    "over": "the game is over already",
    "not_started": "the game has not started: nobody has taken the open seats yet; "
                   "abandon the table instead",
    "too_late": "too late to abort: every player has moved; resign instead",
    "started": "only a table whose seats are still open can be abandoned; this game has "
               "started: abort it before everyone has moved, or resign",
    "not_creator": "only the player who created this table can abandon it",
    "no_draw": "{game} has no draw by agreement in its rules: play on, or resign",
    "bad_claim": "claim 'victory' or 'draw', not {what}",
    "nobody_gone": "there is nobody to claim against: the game is waiting for you or for "
                   "a player who is here",
    "not_yet": "{who} left only {gone} s ago: you may claim after {limit} s, in {wait} s",
    "clock_decides": "in a correspondence game the clock decides: {who} still has time; "
                     "the game ends by itself if it runs out",
    "draw_of_two": "a draw can be claimed only in a game of two; claim the victory and an "
                   "AI plays the absent seat",
}
"""Refusals of the endings (reasons in the request's language)."""

#: claims at a table where the game waits for a seat whose player is gone
CLAIMS = ("victory", "draw")


def _refuse(status: int, code: str, key: str, lang: str, **values: Any) -> ApiError:
    return ApiError(status, code, localized(MESSAGES, lang)[key].format(**values))


def table_level(tables: Tables, table: LiveTable) -> str:
    """The agent an AI taking a seat over plays with: the table's own AI seats' (the
    first one's), else the game's default level, within the server's caps."""
    game = table.state.game
    spec = next((s.agent for s in table.seats if s.kind == "ai" and s.agent
                 and s.seat not in left_seats(table.events)), None)
    settings = tables.settings
    return clamp_agent(game, spec or resolve_agent(game, None, None),
                       settings.ai_max_seconds, settings.ai_max_iterations)


def _acting(table: LiveTable, seat: int | None, lang: str) -> int:
    """``seat`` if a player may act for it (its token was checked by the caller)."""
    if seat is None:
        raise _refuse(403, "spectator", "spectator", lang)
    if table.seats[seat].kind != "human":
        raise _refuse(409, "ai_seat", "ai_seat", lang)
    return seat


def _in_play(table: LiveTable, lang: str) -> None:
    if table.status == "over":
        raise _refuse(409, "game_over", "over", lang)
    if table.status == "waiting":
        raise _refuse(409, "not_started", "not_started", lang)


def may_abort(table: LiveTable) -> bool:
    """True while some seat has not moved yet (Lichess: before both sides have moved)."""
    moved = {player for player, _, _ in table.moves}
    return table.status == "playing" and not all(
        s in moved for s in range(table.state.num_players))


async def _commit(tables: Tables, table: LiveTable, endings: list[Ending],
                  override: dict[str, Any] | None, takeovers: dict[int, str]) -> None:
    """Store the endings (and the result they make, and the seats an AI takes over: seat
    -> agent), then change the table; the caller holds its lock."""
    now = tables.clock.now()
    running = table.running()
    clocks = None
    if table.clocks is not None:
        clocks = Clocks(table.clocks.control, table.clocks.left(running, now), now)
        for seat in takeovers:
            clocks.remaining[seat] = None
    events = [*table.events, *endings]
    status = "over" if override is not None else table.status
    write = None
    if clocks is not None:
        write = ClockWrite(clocks.to_json(),
                           None if override is not None else clocks.deadline(running))
    ai_seats = {seat: (table.seats[seat].name, agent) for seat, agent in takeovers.items()}
    await tables.run_db(tables.store.time_out, table.id, status, write,
                        [e.to_json() for e in events], override, ai_seats)
    if tables.shared is not None:  # other processes' copies read the table again
        await tables.run_db(_announce, tables.store, table.id)
    if clocks is not None:
        table.clocks = clocks
    table.events = events
    if override is not None:
        table.result_override = override
    table.seats = [StoredSeat(s.seat, "ai", s.name, takeovers[s.seat], s.token_hash,
                              s.user_id) if s.seat in takeovers else s for s in table.seats]
    for w in list(table.watchers):  # who left a seat to an AI watches as a spectator now
        if getattr(w, "seat", None) in takeovers:
            w.seat = None
    table.logs.clear()


async def _after(tables: Tables, table: LiveTable, over: bool) -> None:
    """What follows a committed ending: results and ratings, views, the AI, the clock."""
    if over:
        await tables.game_over(table)
    await tables.broadcast(table)
    tables.kick_ai(table)
    tables.arm_clock(table)


async def resign(tables: Tables, table: LiveTable, seat: int | None, lang: str = "en") -> None:
    """``seat`` resigns (see the module's docstring for what follows)."""
    async with table.lock:
        me = _acting(table, seat, lang)
        _in_play(table, lang)
        n = table.state.num_players
        override: dict[str, Any] | None
        if n <= 2:
            winners = [p for p in range(n) if p != me]
            ending = Ending(table.seq, me, "resign", winners=winners)
            override = {"winners": winners, "loser": me, "reason": "resign"}
            await _commit(tables, table, [ending], override, {})
        else:
            agent = table_level(tables, table)
            outcome = "resign_last" if table.on_resign == "last" else "resign_ai"
            await _commit(tables, table, [Ending(table.seq, me, outcome, agent=agent)], None,
                          {me: agent})
            override = None
        log.info("table %s: seat %d resigned", table.id, me)
    await _after(tables, table, override is not None)


async def abort(tables: Tables, table: LiveTable, seat: int | None, lang: str = "en") -> None:
    """``seat`` aborts the game before every seat has moved: no result, no rating."""
    async with table.lock:
        me = _acting(table, seat, lang)
        _in_play(table, lang)
        if not may_abort(table):
            raise _refuse(409, "too_late_to_abort", "too_late", lang)
        override: dict[str, Any] = {"winners": [], "loser": None, "reason": "aborted"}
        await _commit(tables, table, [Ending(table.seq, me, "abort")], override, {})
        log.info("table %s: seat %d aborted the game", table.id, me)
    await _after(tables, table, True)


def _announce(store: Store, table_id: str) -> None:
    """Tell the other processes on a PostgreSQL database to read ``table_id`` again (the
    notification kind that makes :meth:`Shared.reload` run)."""
    with store.engine.begin() as conn:
        conn.execute(text("SELECT pg_notify('clanboard', :payload)"),
                     {"payload": f"d {table_id} 0"})


def _creator(store: Store, table_id: str) -> str | None:
    with store.sessions() as s:
        return s.scalar(select(TableRow.creator).where(TableRow.id == table_id))


async def abandon(tables: Tables, table: LiveTable, seat: int | None, creator: str,
                  lang: str = "en") -> None:
    """The creator (``creator``: the request's :func:`creator_key`) closes its table while
    seats are still open; nobody has played."""
    async with table.lock:
        me = _acting(table, seat, lang)
        if table.status == "over":
            raise _refuse(409, "game_over", "over", lang)
        if table.status != "waiting":
            raise _refuse(409, "game_started", "started", lang)
        if await tables.run_db(_creator, tables.store, table.id) != creator:
            raise _refuse(403, "not_creator", "not_creator", lang)
        override: dict[str, Any] = {"winners": [], "loser": None, "reason": "abandoned"}
        await _commit(tables, table, [Ending(table.seq, me, "abandon")], override, {})
        log.info("table %s: abandoned by its creator", table.id)
    await _after(tables, table, True)


def gone(table: LiveTable, seat: int) -> tuple[list[int], float]:
    """The seats the game waits for (other than ``seat``) whose players are gone, and how
    long until a claim is allowed against all of them (0: now). ``([], 0)`` when the game
    waits for nobody who is gone."""
    if table.status != "playing":
        return [], 0.0
    presence = table.presence()  # also notes who is connected now
    now = table.now()
    limit = table.claim_after
    waited = [s for s in table.state.players_to_move()
              if s != seat and table.seats[s].kind == "human"]
    absent = [s for s in waited if presence[s] == "disconnected"]
    if not absent:
        return [], 0.0
    wait = max(limit - (now - table.seen.get(s, now)) for s in absent)
    return absent, max(0.0, wait)


async def claim(tables: Tables, table: LiveTable, seat: int | None, what: str,
                lang: str = "en") -> None:
    """``seat`` claims the ``victory`` or a ``draw`` against the players the game waits
    for who are gone (see the module's docstring)."""
    if what not in CLAIMS:
        raise _refuse(422, "bad_claim", "bad_claim", lang, what=str(what)[:20])
    if table.clocks is not None:
        await tables.check_time(table)  # a clock that ran out ends the game first
    async with table.lock:
        me = _acting(table, seat, lang)
        _in_play(table, lang)
        n = table.state.num_players
        names = default_names(table.names, lang)
        absent, wait = gone(table, me)
        if not absent:
            raise _refuse(409, "nobody_gone", "nobody_gone", lang)
        if table.clocks is not None and table.clocks.control.kind == "correspondence":
            raise _refuse(409, "clock_decides", "clock_decides", lang,
                          who=", ".join(names[s] for s in absent))
        if wait > 0:
            limit = tables.settings.claim_after_seconds
            raise ApiError(409, "too_soon", localized(MESSAGES, lang)["not_yet"].format(
                who=", ".join(names[s] for s in absent), gone=int(limit - wait),
                limit=int(limit), wait=int(wait + 0.999)), retry_after=int(wait + 0.999))
        override: dict[str, Any] | None
        if n <= 2:
            loser = absent[0]
            if what == "draw":
                winners = list(range(n))
                ending = Ending(table.seq, loser, "claim_draw", winners=[me])
                override = {"winners": winners, "loser": None, "reason": "draw_claim"}
            else:
                ending = Ending(table.seq, loser, "claim_win", winners=[me])
                override = {"winners": [me], "loser": loser, "reason": "claim"}
            await _commit(tables, table, [ending], override, {})
        else:
            if what == "draw":
                raise _refuse(409, "draw_of_two", "draw_of_two", lang)
            agent = table_level(tables, table)
            outcome = "claim_last" if table.on_resign == "last" else "claim_ai"
            await _commit(tables, table, [Ending(table.seq, s, outcome, agent=agent)
                                          for s in absent], None,
                          {s: agent for s in absent})
            override = None
        log.info("table %s: seat %d claimed %s against %s", table.id, me, what, absent)
    await _after(tables, table, override is not None)


def no_draw(table: LiveTable, lang: str = "en") -> ApiError:
    """The refusal of a draw offer or acceptance: no game here has a draw by agreement."""
    return _refuse(409, "no_draw_by_agreement", "no_draw", lang,
                   game=game_name(table.state.game.id, lang))


def claimable(table: LiveTable) -> bool:
    """True if a claim may end this table when a player is gone (not correspondence)."""
    return table.status == "playing" and not (
        table.clocks is not None and table.clocks.control.kind == "correspondence")


def endings_view(table: LiveTable, seat: int | None, view: dict[str, Any]) -> None:
    """What ``seat`` may do now: resign, abort, abandon (if it created the table), and
    whether a claim is possible once a player the game waits for is gone for
    ``claim_after`` seconds (``GET .../claim`` says against whom and when). A view hook;
    the same whenever it is built (no clock in it)."""
    info: dict[str, Any] = {"on_resign": table.on_resign, "resign": False, "abort": False,
                            "abandon": False, "claim": False, "claim_after": table.claim_after,
                            "claim_draw": table.state.num_players <= 2, "draw": False}
    view["endings"] = info
    if seat is None or not 0 <= seat < len(table.seats) or table.seats[seat].kind != "human":
        return
    status = table.status
    info["resign"] = status == "playing"
    info["abort"] = may_abort(table)
    info["abandon"] = status == "waiting"
    info["claim"] = claimable(table)


def install() -> None:
    """Add the endings to every view."""
    if endings_view not in VIEW_HOOKS:
        VIEW_HOOKS.append(endings_view)


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=15, description="your seat")


class ClaimIn(SeatIn):
    result: str = Field(default="victory", max_length=20,
                        description="'victory' or 'draw' (a draw: games of two only)")


def endings_router(bearer: Callable[[str | None], str | None],
                   request_lang: Callable[[Request], str]) -> APIRouter:
    """``POST /api/tables/{id}/resign|abort|abandon|claim|draw`` for a seat (its token as
    ``Authorization: Bearer``, read by ``bearer``, or the logged-in account holding it);
    answers in ``request_lang``'s language."""
    router = APIRouter(prefix="/api/tables/{table_id}", tags=["tables"])

    async def seated(request: Request, table_id: str, seat: int
                     ) -> tuple[Tables, LiveTable, str]:
        tables, table = await seated_by(request, table_id, seat,
                                        request.headers.get("authorization"))
        return tables, table, request_lang(request)

    @router.post("/resign", summary="Resign: two players, the other wins; 3+, an AI "
                 "takes your seat over (or it is scored last, as the table says)")
    async def resign_route(table_id: str, body: SeatIn, request: Request) -> dict[str, Any]:
        tables, table, lang = await seated(request, table_id, body.seat)
        await resign(tables, table, body.seat, lang)
        # an AI plays the seat on (3+): what it holds is no longer the resigner's to see
        left = body.seat in left_seats(table.events) and table.status != "over"
        return table.view(None if left else body.seat, lang)

    @router.post("/abort", summary="Abort before every player has moved: no result")
    async def abort_route(table_id: str, body: SeatIn, request: Request) -> dict[str, Any]:
        tables, table, lang = await seated(request, table_id, body.seat)
        await abort(tables, table, body.seat, lang)
        return table.view(body.seat, lang)

    @router.post("/abandon", summary="Close a table you created while its seats are open")
    async def abandon_route(table_id: str, body: SeatIn, request: Request) -> dict[str, Any]:
        tables, table, lang = await seated(request, table_id, body.seat)
        user = await current_user(request)
        creator = creator_key(None if user is None else user.id, client_ip(request.scope))
        await abandon(tables, table, body.seat, creator, lang)
        return table.view(body.seat, lang)

    @router.post("/claim", summary="Claim the victory or a draw when the player the game "
                 "waits for has been gone past the limit")
    async def claim_route(table_id: str, body: ClaimIn, request: Request) -> dict[str, Any]:
        tables, table, lang = await seated(request, table_id, body.seat)
        await claim(tables, table, body.seat, body.result, lang)
        return table.view(body.seat, lang)

    @router.get("/claim", summary="Against whom a claim is possible, and in how many seconds")
    async def claim_state(table_id: str, request: Request, seat: int = Query(ge=0, le=15)
                          ) -> dict[str, Any]:
        _, table, _ = await seated(request, table_id, seat)
        absent, wait = gone(table, seat) if claimable(table) else ([], 0.0)
        return {"table": table.id, "seat": seat, "seats": absent,
                "wait": round(wait, 1) if absent else None,
                "draw": table.state.num_players <= 2}

    @router.post("/draw", summary="Offer or accept a draw: refused, no game here has one")
    async def draw_route(table_id: str, body: SeatIn, request: Request) -> dict[str, Any]:
        _, table, lang = await seated(request, table_id, body.seat)
        raise no_draw(table, lang)

    return router
