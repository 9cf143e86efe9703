"""The bot API: NDJSON streams and moves for programs playing a seat (see docs/bot-api.md).

A bot's bearer token is a seat token (one seat of one table) or an account's bot API token
(``cbt_...``, see :mod:`clanboard.server.accounts.bot_accounts`): the account's seats at any table.
Every stream is a watcher of its table with its own bounded queue, so a slow bot
never delays the table; it is dropped instead. Streams count against the per-address cap
of the table WebSockets.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import AsyncIterator, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from clanboard.core import Rng
from clanboard.i18n import negotiate
from clanboard.server.accounts.bot_accounts import (
    MAX_TABLES,
    AccountStream,
    account_seat,
    hub_of,
    is_account_token,
    token_account,
)
from clanboard.server.accounts.limits import creator_key
from clanboard.server.accounts.store import User
from clanboard.server.core.errors import ApiError
from clanboard.server.core.guard import client_ip
from clanboard.server.core.schemas import Name
from clanboard.server.endings import actions as endings
from clanboard.server.tables.live import LiveTable, hash_token
from clanboard.server.tables.service import Tables
from clanboard.server.tables.together import CHAT_CAP, CHAT_LENGTH, chat_for
from clanboard.server.tables.together import say as say_in_chat

log = logging.getLogger("clanboard.server")
Token = Annotated[str | None, Header(alias="Authorization",
                                     description="Bearer <seat token or account bot API token>")]
NDJSON = "application/x-ndjson"


class BotMove(BaseModel):
    model_config = ConfigDict(extra="forbid")
    move: str = Field(min_length=1, max_length=200, description="the move in game notation")
    seq: StrictInt | None = Field(default=None, ge=0,
                            description="the seq of the position the move is for; a stale "
                                        "one is refused")


class BotChat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=CHAT_LENGTH * 4,
                      description=f"at most {CHAT_LENGTH} characters once trimmed")


class Challenge(BaseModel):
    """A table for the challenger (seat 0) and open seats, joined with the invite."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(description="game id, e.g. schotten-totten")
    variant: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    num_players: StrictInt | None = Field(default=None, ge=1, le=16)
    seed: StrictInt | None = Field(default=None, ge=0, lt=1 << 62)
    name: Name = None
    clock: dict[str, Any] | None = Field(default=None, description="a time control, as "
                                         "for POST /api/tables; default: untimed")
    to: str | None = Field(default=None, min_length=1, max_length=24,
                           description="the account challenged (its event stream is told)")


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    invite: str | None = Field(default=None, min_length=1, max_length=100,
                               description="the challenge's invite (not needed by the "
                                           "account a challenge names)")
    name: Name = None


def bearer(value: str | None) -> str:
    """The token of ``Authorization: Bearer <token>``; 401 when missing or malformed."""
    if value is None:
        raise ApiError(401, "token_required",
                       "the bot API needs the header 'Authorization: Bearer <token>'")
    scheme, _, token = value.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or " " in token:
        raise ApiError(401, "malformed_authorization",
                       "the Authorization header must be 'Bearer <token>'")
    return token


def lang_of(request: Request) -> str:
    """The language of a bot's answers: ``?lang=``, else ``Accept-Language``, else English."""
    return negotiate(request.headers.get("accept-language"), request.query_params.get("lang"))


def seat_of(table: LiveTable, token: str) -> int:
    """The seat whose token this is (each seat's hash compared in constant time)."""
    digest = hash_token(token)
    found = None
    for s in table.seats:
        if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
            found = s.seat
    if found is None:
        raise ApiError(403, "wrong_token", f"that token belongs to no seat at table {table.id}")
    return found


def sample(table: LiveTable, seat: int) -> dict[str, Any]:
    """A full state the seat could be in: everything hidden from it re-dealt at random
    (``State.determinize``), with a fresh seed and no history, so it tells nothing the
    seat's observation does not. clanboard agents choose their moves on it."""
    state = table.state.determinize(seat, Rng(secrets.randbits(62)))
    data = state.to_json()
    data.update(seed=0, rng=secrets.randbits(62), history=[])
    return data


async def find_seat(tables: Tables, digest: str) -> tuple[str, int] | None:
    """The (table, seat) of a token's hash: the live tables first, then storage."""
    for table in list(tables.live.values()):
        for s in table.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                return table.id, s.seat
    return await tables.run_db(tables.store.seat_of_token, digest)


def game_state(table: LiveTable, seat: int, view: dict[str, Any], since: int
               ) -> dict[str, Any]:
    """A ``gameState`` line: the seat's position and the log entries from ``since`` on."""
    line = {"type": "gameState", "table": table.id, "seq": view["seq"],
            "status": view["status"], "to_move": view["to_move"],
            "my_turn": bool(view["legal_moves"]), "observation": view["observation"],
            "legal_moves": view["legal_moves"], "moves": view["log"][since:],
            "clocks": view.get("clock"), "result": view["result"], "sample": None}
    if view["legal_moves"]:
        line["sample"] = sample(table, seat)
    return line


def game_full(table: LiveTable, seat: int) -> dict[str, Any]:
    view = table.view(seat)
    return {"type": "gameFull", "table": table.id, "game": view["game"],
            "variant": view["variant"], "options": view["options"],
            "num_players": view["num_players"], "seat": seat, "seats": view["seats"],
            "seeded": view["seeded"],
            "state": game_state(table, seat, view, 0)}


class StreamWatcher:
    """A table watcher feeding one NDJSON stream: at most ``queue`` lines wait; a full
    queue drops the stream (``closed`` is set and the stream ends)."""

    def __init__(self, seat: int, queue: int,
                 convert: Callable[[dict[str, Any]], list[dict[str, Any]]]) -> None:
        self.seat: int | None = seat
        self.convert = convert
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=max(1, queue))
        self.closed = asyncio.Event()
        #: why the stream was dropped: an error line's code and reason
        self.reason = ("too_slow", f"more than {self.queue.maxsize} lines unread; "
                                   "open the stream again")

    def offer(self, message: dict[str, Any]) -> None:
        if self.closed.is_set():
            return
        try:
            for line in self.convert(message):
                self.queue.put_nowait(line)
        except asyncio.QueueFull:
            self.closed.set()
        except Exception:  # never let one stream break the table's broadcast
            log.exception("bot stream of seat %s", self.seat)
            self.reason = ("stream_failed", "the server could not build this stream's next "
                                            "line; open the stream again")
            self.closed.set()


Start = Callable[[], tuple[StreamWatcher, list[dict[str, Any]], Callable[[], bool]]]


def _line(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, separators=(",", ":")) + "\n").encode()


def bot_router() -> APIRouter:
    """The ``/api/bot`` routes (settings and the socket count come from ``app.state``)."""
    router = APIRouter(prefix="/api/bot", tags=["bot"])

    def tables_of(request: Request) -> Tables:
        return request.app.state.tables  # type: ignore[no-any-return]

    def stream_cap(request: Request) -> tuple[Any, str, ApiError]:
        """The per-address count of streams and sockets, this client's address and the
        refusal to give when it is full (429 at once if it is full already)."""
        sockets = request.app.state.sockets
        ip = client_ip(request.scope)
        too_many = ApiError(429, "too_many_streams",
                            f"at most {sockets.cap} streams and sockets from one address",
                            retry_after=10)
        if sockets.cap > 0 and sockets.open.get(ip, 0) >= sockets.cap:
            raise too_many
        return sockets, ip, too_many

    async def account_of(request: Request, token: str) -> User | None:
        """The account of an account token (401 if unknown); None for a seat token. The
        request counts against the account's rate limit (an unknown token's against its
        address): 429 with ``Retry-After`` beyond it."""
        if not is_account_token(token):
            return None
        try:
            user = await token_account(request, token)
        except ApiError:
            limit_account(request, None)
            raise
        limit_account(request, user)
        return user

    async def account_events(request: Request, user: User) -> StreamingResponse:
        """The account's events: challenges naming it, its games starting and finishing;
        open until the bot hangs up (keep-alive lines while nothing happens)."""
        tables = tables_of(request)
        sockets, ip, too_many = stream_cap(request)
        accounts = request.app.state.accounts
        ids = await accounts.run_db(accounts.store.open_tables, user.id, MAX_TABLES)
        hub = hub_of(request.app)

        async def lines() -> AsyncIterator[bytes]:
            if not sockets.take(ip):
                yield _line({"type": "error", **too_many.body()})
                return
            stream = AccountStream(user, tables.settings.ws_queue)
            try:
                live = []
                for table_id in ids:
                    try:
                        live.append(await tables.get(table_id))
                    except ApiError:
                        continue
                hub.open(stream, live)
                while True:
                    if stream.closed.is_set():
                        yield _line({"type": "error", "error": "too_slow",
                                     "reason": f"more than {stream.queue.maxsize} lines "
                                               "unread; open the stream again"})
                        return
                    try:
                        data = await asyncio.wait_for(stream.queue.get(),
                                                      tables.settings.bot_keepalive)
                    except TimeoutError:
                        yield b"\n"
                        continue
                    yield _line(data)
            finally:
                hub.close(stream)
                sockets.give_back(ip)

        return StreamingResponse(lines(), media_type=NDJSON,
                                 headers={"Cache-Control": "no-store",
                                          "X-Accel-Buffering": "no"})

    def stream(request: Request, table: LiveTable, start: Start) -> StreamingResponse:
        """Watch ``table`` with the watcher of ``start()`` (called as the stream begins, so
        its first lines and its watching start together) until its ``done()``."""
        tables = tables_of(request)
        sockets, ip, too_many = stream_cap(request)
        keepalive = tables.settings.bot_keepalive

        async def lines() -> AsyncIterator[bytes]:
            # registered here, not before: a stream that never starts holds nothing
            if not sockets.take(ip):
                yield _line({"type": "error", **too_many.body()})
                return
            watcher, first, done = start()
            table.watchers.add(watcher)
            try:
                for data in first:
                    yield _line(data)
                while not done():
                    if watcher.closed.is_set():
                        code, reason = watcher.reason
                        yield _line({"type": "error", "error": code, "reason": reason})
                        return
                    try:
                        data = await asyncio.wait_for(watcher.queue.get(), keepalive)
                    except TimeoutError:
                        yield b"\n"
                        continue
                    yield _line(data)
                while not watcher.queue.empty():
                    yield _line(watcher.queue.get_nowait())
            finally:
                table.watchers.discard(watcher)
                sockets.give_back(ip)

        return StreamingResponse(lines(), media_type=NDJSON,
                                 headers={"Cache-Control": "no-store",
                                          "X-Accel-Buffering": "no"})

    @router.get("/game/{table_id}/stream",
                summary="NDJSON: gameFull, then gameState after every change, gameFinish",
                responses={401: {"description": "no or malformed token"},
                           403: {"description": "the token is no seat's of this table"},
                           404: {"description": "no such table"},
                           429: {"description": "too many streams from this address"}})
    async def game_stream(table_id: str, request: Request,
                          authorization: Token = None) -> StreamingResponse:
        token = bearer(authorization)
        user = await account_of(request, token)
        table = await tables_of(request).get(table_id)
        seat = seat_of(table, token) if user is None else account_seat(table, user)
        sent = {"seq": table.seq, "over": table.status == "over"}

        def convert(message: dict[str, Any]) -> list[dict[str, Any]]:
            if message.get("type") != "view":
                return [message]  # reveals (and anything new) pass through
            view = message["view"]
            line = game_state(table, seat, view, min(sent["seq"], view["seq"]))
            sent["seq"] = view["seq"]
            if view["status"] != "over":
                return [line]
            sent["over"] = True
            return [line, finish_line(table, seat)]

        def start() -> tuple[StreamWatcher, list[dict[str, Any]], Callable[[], bool]]:
            watcher = StreamWatcher(seat, tables_of(request).settings.ws_queue, convert)
            sent.update(seq=table.seq, over=table.status == "over")
            first = [game_full(table, seat)]
            if sent["over"]:
                first.append(finish_line(table, seat))
            return watcher, first, lambda: bool(sent["over"]) and watcher.queue.empty()

        return stream(request, table, start)

    def finish_line(table: LiveTable, seat: int) -> dict[str, Any]:
        view = table.view(seat)
        return {"type": "gameFinish", "table": table.id, "seat": seat, "seq": view["seq"],
                "result": view["result"]}

    @router.post("/game/{table_id}/move",
                 summary="Play a move for the token's seat",
                 responses={400: {"description": "malformed body"},
                            401: {"description": "no or malformed token"},
                            403: {"description": "the token is no seat's of this table"},
                            404: {"description": "no such table"},
                            409: {"description": "stale move, not your turn, game over"},
                            422: {"description": "illegal move (reason and allowed moves)"}})
    async def move(table_id: str, body: BotMove, request: Request,
                   authorization: Token = None) -> dict[str, Any]:
        token = bearer(authorization)
        user = await account_of(request, token)
        tables = tables_of(request)
        table = await tables.get(table_id)
        seat = seat_of(table, token) if user is None else account_seat(table, user, True)
        lang = negotiate(request.headers.get("accept-language"), request.query_params.get("lang"))
        await tables.play(table, seat, body.move, body.seq, lang)
        return {"ok": True, "table": table.id, "seat": seat, "seq": table.seq,
                "status": table.status}

    @router.get("/stream/event",
                summary="NDJSON: gameStart and gameFinish of the token's game",
                responses={401: {"description": "no or malformed token"},
                           403: {"description": "the token is no seat's"},
                           429: {"description": "too many streams from this address"}})
    async def event_stream(request: Request, authorization: Token = None
                           ) -> StreamingResponse:
        token = bearer(authorization)
        tables = tables_of(request)
        user = await account_of(request, token)
        if user is not None:
            return await account_events(request, user)
        found = await find_seat(tables, hash_token(token))
        if found is None:
            raise ApiError(403, "wrong_token", "that token belongs to no seat")
        table = await tables.get(found[0])
        seat = found[1]
        state = {"started": False, "over": False}

        def event(kind: str) -> dict[str, Any]:
            data: dict[str, Any] = {"type": kind, "game": {
                "table": table.id, "game": table.state.game.id, "seat": seat,
                "stream": f"/api/bot/game/{table.id}/stream"}}
            if kind == "gameFinish":
                data["result"] = table.view(seat)["result"]
            return data

        def convert(message: dict[str, Any]) -> list[dict[str, Any]]:
            if message.get("type") == "challengeDeclined":
                return [message]
            if message.get("type") != "view":
                return []
            status = message["view"]["status"]
            lines = []
            if status != "waiting" and not state["started"]:
                state["started"] = True
                lines.append(event("gameStart"))
            if status == "over" and not state["over"]:
                state["over"] = True
                lines.append(event("gameFinish"))
            return lines

        def start() -> tuple[StreamWatcher, list[dict[str, Any]], Callable[[], bool]]:
            first = []
            if table.status != "waiting":
                state["started"] = True
                first.append(event("gameStart"))
            if table.status == "over":
                state["over"] = True
                first.append(event("gameFinish"))
            watcher = StreamWatcher(seat, tables.settings.ws_queue, convert)
            return watcher, first, lambda: state["over"] and watcher.queue.empty()

        return stream(request, table, start)

    @router.post("/challenge", status_code=201,
                 summary="Challenge: a private table, you at seat 0, the others open")
    async def challenge(body: Challenge, request: Request, authorization: Token = None
                        ) -> dict[str, Any]:
        from clanboard.server.accounts.auth import current_user

        tables = tables_of(request)
        accounts = request.app.state.accounts
        user = None
        if authorization is not None:
            token = bearer(authorization)
            user = await account_of(request, token)
        else:
            user = await current_user(request)
        to = None
        if body.to is not None:
            found = await accounts.run_db(accounts.store.user_login, body.to)
            if found is None:
                raise ApiError(404, "no_such_user", f"there is no account {body.to!r} to "
                               "challenge")
            to = found[0]
        n = body.num_players or get_game_players(body.game)
        first: dict[str, Any] = {"kind": "human", "name": body.name}
        if user is not None:
            first.update(user_id=user.id, name=user.name)
        seats = [first] + [{"kind": "open"}] * (n - 1)
        table, tokens, invite = await tables.create(
            body.game, body.variant, body.options, n, body.seed, seats, private=True,
            creator=creator_key(None if user is None else user.id, client_ip(request.scope)),
            clock=body.clock, lang=lang_of(request))
        hub = hub_of(request.app)
        if user is not None:
            hub.seated(user.id, table)
        if to is not None and invite is not None:
            hub.challenge(to.id, table.id, invite, {"type": "challenge", "challenge": {
                "table": table.id, "game": body.game, "variant": body.variant,
                "num_players": n, "from": user.name if user else (body.name or None),
                "seeded": table.seeded,
                "accept": f"/api/bot/challenge/{table.id}/accept",
                "decline": f"/api/bot/challenge/{table.id}/decline"}})
        return {"table": table.id, "seat": 0, "token": tokens[0], "invite": invite,
                "seeded": table.seeded, "accept": f"/api/bot/challenge/{table.id}/accept",
                "decline": f"/api/bot/challenge/{table.id}/decline"}

    @router.post("/challenge/{table_id}/accept",
                 summary="Accept a challenge: take its first open seat; its token comes back")
    async def accept(table_id: str, body: Answer, request: Request,
                     authorization: Token = None) -> dict[str, Any]:
        user = None if authorization is None else await account_of(request, bearer(authorization))
        hub = hub_of(request.app)
        invite = body.invite
        if user is not None and invite is None:
            invite = hub.invite_for(table_id, user)
        seat, token = await tables_of(request).join(
            table_id, None, body.name, invite, None if user is None else (user.id, user.name))
        hub.pending.pop(table_id, None)
        if user is not None:
            hub.seated(user.id, await tables_of(request).get(table_id))
        return {"table": table_id, "seat": seat, "token": token,
                "stream": f"/api/bot/game/{table_id}/stream"}

    @router.post("/challenge/{table_id}/decline",
                 summary="Decline a challenge: the challenger's streams are told")
    async def decline(table_id: str, body: Answer, request: Request,
                      authorization: Token = None) -> dict[str, Any]:
        user = None if authorization is None else await account_of(request, bearer(authorization))
        table = await tables_of(request).get(table_id)
        invite = body.invite
        if user is not None and invite is None:
            invite = hub_of(request.app).invite_for(table_id, user)
        if table.invite_hash is None or invite is None or not secrets.compare_digest(
                table.invite_hash, hash_token(invite)):
            raise ApiError(403, "invite_required", "declining needs the challenge's invite")
        if table.status != "waiting":
            raise ApiError(409, "challenge_accepted", "every seat is taken: the game is on")
        note = {"type": "challengeDeclined", "table": table.id,
                "by": user.name if user else (body.name or "").strip() or None}
        hub_of(request.app).pending.pop(table.id, None)
        for w in list(table.watchers):
            if isinstance(w, StreamWatcher) or getattr(w, "bot_stream", False):
                w.offer(note)
        return {"ok": True, "table": table.id}

    async def seat_for(table_id: str, request: Request, authorization: str | None
                       ) -> tuple[Tables, LiveTable, int, str]:
        token = bearer(authorization)
        user = await account_of(request, token)
        request.state.bot_user = user
        tables = tables_of(request)
        table = await tables.get(table_id)
        seat = seat_of(table, token) if user is None else account_seat(table, user)
        return tables, table, seat, lang_of(request)

    def done(table: LiveTable, seat: int) -> dict[str, Any]:
        return {"ok": True, "table": table.id, "seat": seat, "seq": table.seq,
                "status": table.status}

    ending_errors: dict[int | str, dict[str, Any]] = {
        401: {"description": "no or malformed token"},
        403: {"description": "the token is no seat's of this table"},
        404: {"description": "no such table"},
        409: {"description": "not now: the game is over, has not started, ... (reason)"}}

    @router.post("/game/{table_id}/resign", responses=ending_errors,
                 summary="Resign: two players, the other wins; 3+, an AI plays the seat on")
    async def resign_game(table_id: str, request: Request, authorization: Token = None
                          ) -> dict[str, Any]:
        tables, table, seat, lang = await seat_for(table_id, request, authorization)
        await endings.resign(tables, table, seat, lang)
        return done(table, seat)

    @router.post("/game/{table_id}/abort", responses=ending_errors,
                 summary="Abort before every seat has moved: no result, no rating change")
    async def abort_game(table_id: str, request: Request, authorization: Token = None
                         ) -> dict[str, Any]:
        tables, table, seat, lang = await seat_for(table_id, request, authorization)
        await endings.abort(tables, table, seat, lang)
        return done(table, seat)

    @router.post("/game/{table_id}/claim-victory", responses=ending_errors,
                 summary="Claim the victory: the player the game waits for is gone")
    async def claim_victory(table_id: str, request: Request, authorization: Token = None
                            ) -> dict[str, Any]:
        tables, table, seat, lang = await seat_for(table_id, request, authorization)
        await endings.claim(tables, table, seat, "victory", lang)
        return done(table, seat)

    @router.post("/game/{table_id}/claim-draw", responses=ending_errors,
                 summary="Claim a draw (games of two): the player the game waits for is gone")
    async def claim_draw(table_id: str, request: Request, authorization: Token = None
                         ) -> dict[str, Any]:
        tables, table, seat, lang = await seat_for(table_id, request, authorization)
        await endings.claim(tables, table, seat, "draw", lang)
        return done(table, seat)

    @router.post("/game/{table_id}/draw/{accept}", responses=ending_errors,
                 summary="Offer or accept a draw (yes) or decline one (no): no game here has "
                         "a draw by agreement, so always 409 no_draw_by_agreement")
    async def draw(table_id: str, accept: str, request: Request, authorization: Token = None
                   ) -> dict[str, Any]:
        _, table, _, lang = await seat_for(table_id, request, authorization)
        raise endings.no_draw(table, lang)

    @router.get("/game/{table_id}/chat", responses=ending_errors,
                summary="The players' chat of the table as the token's seat may read it")
    async def chat_read(table_id: str, request: Request, authorization: Token = None
                        ) -> dict[str, Any]:
        _, table, seat, _ = await seat_for(table_id, request, authorization)
        return {"table": table.id, "seat": seat, "messages": chat_for(table, seat, CHAT_CAP)}

    @router.post("/game/{table_id}/chat", status_code=201,
                 responses={**ending_errors,
                            422: {"description": "empty, too long or unfit text (reason)"},
                            429: {"description": "more than the chat's rate (retry_after)"}},
                 summary="Say something in the players' chat, as the token's seat")
    async def chat_post(table_id: str, body: BotChat, request: Request,
                        authorization: Token = None) -> dict[str, Any]:
        tables, table, seat, lang = await seat_for(table_id, request, authorization)
        msg = await say_in_chat(tables, table, seat, body.text, None,
                                client_ip(request.scope), lang)
        return msg.public()

    @router.post("/challenge/{table_id}/cancel", responses=ending_errors,
                 summary="Cancel your challenge before it is accepted (the table closes)")
    async def cancel(table_id: str, request: Request, authorization: Token = None
                     ) -> dict[str, Any]:
        tables, table, seat, lang = await seat_for(table_id, request, authorization)
        user = request.state.bot_user
        creator = creator_key(None if user is None else user.id, client_ip(request.scope))
        await endings.abandon(tables, table, seat, creator, lang)
        hub_of(request.app).pending.pop(table.id, None)
        return done(table, seat)

    return router


def limit_account(request: Request, user: User | None) -> None:
    """Count a bot API request with an account token against the account (``None``: a
    token that names none, against the address instead); 429 with ``retry_after``."""
    ip = client_ip(request.scope)
    limiter = getattr(request.app.state, "bot_limiter" if user else "limiter", None)
    if limiter is None:
        return
    kind = "reads" if request.method in ("GET", "HEAD") else "writes"
    wait = limiter.hit(kind, f"account:{user.id}" if user else ip)
    if wait is not None:
        whose = "one bot account" if user else "one address"
        raise ApiError(429, "rate_limited", f"too many requests: at most "
                       f"{limiter.describe(kind)} from {whose}; retry in {wait} s",
                       retry_after=wait)


def get_game_players(game_id: str) -> int:
    """The fewest players of a game (a challenge's default), 404 for an unknown game."""
    from clanboard.core import UnknownGame, get_game

    try:
        return get_game(game_id).check_players(None)
    except UnknownGame as exc:
        raise ApiError(404, "no_such_game", str(exc)) from exc
