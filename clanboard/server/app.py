"""The FastAPI app: JSON API, WebSockets, the lobby and table pages."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

import anyio
from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from clanboard.core import Game, GameRecord, InvalidState, UnknownGame, games, get_game
from clanboard.i18n import (
    LANGUAGE_NAMES,
    default_names,
    rules_html,
    rules_markdown,
)
from clanboard.server.accounts.auth import (
    CsrfGuard,
    account_seats,
    accounts_router,
    current_user,
    socket_user,
)
from clanboard.server.accounts.auth import start as start_accounts
from clanboard.server.accounts.bot_accounts import bot_token_router
from clanboard.server.accounts.limits import creator_key
from clanboard.server.analysis.jobs import Analyses, analysis_router
from clanboard.server.bots.api import bot_router
from clanboard.server.clocks.clock import clock_record, frame_clock
from clanboard.server.cluster.shared import start_shared
from clanboard.server.cluster.writer import MoveWriter
from clanboard.server.coach.hints import coach_router
from clanboard.server.coach.tutorial import tutorial_router
from clanboard.server.core import textcheck
from clanboard.server.core.collector import Collector, collect_forever
from clanboard.server.core.connguard import HOSTILE
from clanboard.server.core.connguard import install as install_connguard
from clanboard.server.core.errors import ApiError, echo, say
from clanboard.server.core.guard import (
    BodyLimit,
    RateLimit,
    RateLimiter,
    SecurityHeaders,
    client_ip,
    install_log_filter,
)
from clanboard.server.core.requests import Token, request_lang
from clanboard.server.core.requests import bearer as _bearer
from clanboard.server.core.schemas import Join, MoveIn, NewTable
from clanboard.server.core.settings import Settings
from clanboard.server.core.storage import Store, make_engine, migrate
from clanboard.server.endings.actions import endings_router
from clanboard.server.endings.actions import install as install_endings
from clanboard.server.friends import follows as friends
from clanboard.server.friends.follows import friends_router
from clanboard.server.lobby import hub, mygames
from clanboard.server.lobby.games import game_info, renderer_source
from clanboard.server.lobby.hub import live_router
from clanboard.server.lobby.mygames import mygames_router
from clanboard.server.notifications import push as notifications
from clanboard.server.notifications.push import push_router
from clanboard.server.packs.editor import packs_router
from clanboard.server.seeks import pool as seeks
from clanboard.server.seeks.pool import seeks_router
from clanboard.server.tables.ai import make_pool
from clanboard.server.tables.live import LiveTable
from clanboard.server.tables.presence import heartbeat, joined
from clanboard.server.tables.rules_links import point_links, with_anchors
from clanboard.server.tables.service import Tables
from clanboard.server.tables.together import (
    SOCKET_TYPES,
    on_socket,
    on_watch,
    replay_chat,
    together_router,
)
from clanboard.server.tables.watchers import SocketWatcher

log = logging.getLogger("clanboard.server")
WEB = resources.files("clanboard.web")


#: close codes of the table WebSocket (4000 + an HTTP status for refusals)
UNSUPPORTED_DATA = 1003
NOT_JSON = 4400


def parse_message(text: str | None) -> Any:
    """A WebSocket message's JSON; ``ValueError`` for anything else (not JSON, nested too
    deep for the parser, a number too long to read)."""
    try:
        return json.loads(text or "")
    except RecursionError:
        raise ValueError("nested too deep") from None


#: the codes of the HTTP errors the framework answers itself (no route, wrong method...)
HTTP_CODES = {400: "malformed_request", 404: "not_found", 405: "method_not_allowed"}


def _error(exc: ApiError, lang: str = "en") -> dict[str, Any]:
    return {"type": "error", "status": exc.status, **exc.body(lang)}


class SocketCount:
    """Open WebSockets per client address (entries go when they reach 0)."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.open: dict[str, int] = {}

    def take(self, ip: str) -> bool:
        n = self.open.get(ip, 0)
        if self.cap > 0 and n >= self.cap:
            return False
        self.open[ip] = n + 1
        return True

    def give_back(self, ip: str) -> None:
        n = self.open.get(ip, 0) - 1
        if n > 0:
            self.open[ip] = n
        else:
            self.open.pop(ip, None)


def _without_viewer(observation: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in observation.items() if k != "viewer"}


def create_app(settings: Settings | None = None) -> FastAPI:
    """The web app; storage and the AI pool start with it (ASGI lifespan)."""
    settings = settings or Settings()
    limiter = RateLimiter(settings.rate_reads, settings.rate_writes, settings.rate_tables)
    bot_limiter = RateLimiter(settings.rate_bot_reads, settings.rate_bot_writes, 0)
    sockets = SocketCount(settings.max_sockets)
    install_log_filter()
    install_connguard(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        install_log_filter()  # again: uvicorn may have configured logging since
        install_connguard(settings)
        ai_pool = make_pool(settings.ai_workers)
        probe_pool = make_pool(settings.probe_workers) if settings.probe_workers >= 0 else None
        url = settings.database_url()
        engine = make_engine(url)
        migrate(engine)
        db = ThreadPoolExecutor(max_workers=1 if url.startswith("sqlite") else 4,
                                thread_name_prefix="clanboard-db")
        tables = Tables(Store(engine), db, ai_pool, settings.visibility_probe_limit, probe_pool,
                        settings)
        app.state.tables = tables
        if engine.dialect.name == "postgresql":
            tables.writer = MoveWriter(engine.url)
            await tables.writer.start()
        app.state.analyses = Analyses(tables, settings)
        app.state.sockets = sockets
        app.state.limiter, app.state.bot_limiter = limiter, bot_limiter
        start_accounts(app, tables, settings)
        # the live socket of every page, and what rides on it
        hub.start(app, tables, settings)
        seeks.start(app, tables, settings)
        mygames.start(app)
        notifications.start(app, tables, settings)
        friends.start(app, tables, settings)
        shared = await start_shared(tables, engine, settings)
        # lazy start: tables load when first asked for; those whose AI may be due to move
        # load in the background, one at a time
        tables._spawn(tables.resume_ai())
        tables._spawn(tables.sweep_forever())
        await app.state.analyses.start()
        # the first look for due clocks is made before answering (one indexed query); the
        # tables it finds load in the background
        tables._spawn(tables.sweep_clocks_forever(await tables.clocks_due()))
        tables._spawn(tables.watch_presence_forever())
        if settings.gc_freeze_seconds > 0:
            collector = Collector(settings.gc_growth, 60 * settings.gc_full_minutes)
            tables._spawn(collect_forever(collector, settings.gc_freeze_seconds))
        log.info("storage %s ready", engine.url.render_as_string(hide_password=True))
        try:
            yield
        finally:
            await app.state.analyses.close()
            if shared is not None:
                await shared.stop()
            await tables.close()
            if tables.writer is not None:
                await tables.writer.stop()
            ai_pool.shutdown(wait=False, cancel_futures=True)
            if probe_pool is not None:
                probe_pool.shutdown(wait=False, cancel_futures=True)
            db.shutdown(wait=True)
            engine.dispose()

    app = FastAPI(
        title="clanboard",
        version="1",
        summary="Play Scottish clan board games: tables, seats, moves, live views, records.",
        lifespan=lifespan,
    )
    # outermost first: the headers go on every answer, refusals included
    app.add_middleware(CsrfGuard)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes,
                       wider={"/api/packs/": settings.max_pack_bytes})
    app.add_middleware(RateLimit, limiter=limiter)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        wait = exc.extra.get("retry_after")
        headers = {"Retry-After": str(wait)} if exc.status == 429 and wait else None
        return JSONResponse(exc.body(request_lang(request)), status_code=exc.status,
                            headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        # the one envelope, also for the framework's own refusals: a body its parser
        # cannot read (nested too deep, a number too long), no route, a wrong method
        code = HTTP_CODES.get(exc.status_code, f"http_{exc.status_code}")
        reason = str(exc.detail)
        if exc.status_code == 400:
            reason = ("the body could not be read as JSON (nested too deep, a number too "
                      "long, or not JSON)")
        return JSONResponse({"error": code, "reason": reason}, status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def _malformed(request: Request, exc: RequestValidationError) -> JSONResponse:
        if any(e.get("type") == textcheck.CODE for e in exc.errors()):
            # a name with invisible characters: the reason in the reader's language
            return JSONResponse({"error": textcheck.CODE,
                                 "reason": textcheck.reason(request_lang(request))},
                                status_code=422)
        problems = []
        for err in exc.errors():
            where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
            problems.append(f"{where or 'body'}: {err.get('msg')}")
        return JSONResponse(
            {"error": "malformed_request", "reason": "; ".join(problems),
             "details": [{"loc": list(e.get("loc", ())), "msg": e.get("msg")}
                         for e in exc.errors()]},
            status_code=400,
        )

    def tables_of(request: Request | WebSocket) -> Tables:
        return request.app.state.tables  # type: ignore[no-any-return]

    # -- games --------------------------------------------------------------------------

    @app.get("/api/games", tags=["games"], summary="Games, their variants, options and AIs")
    def list_games(request: Request) -> list[dict[str, Any]]:
        allowed = tables_of(request).settings.allowed_packs()
        return [game_info(g, allowed) for g in games()]

    @app.get("/api/languages", tags=["games"], summary="The languages offered, and the one "
             "this request gets (lang parameter, cookie or Accept-Language)")
    def languages(request: Request) -> dict[str, Any]:
        return {"languages": LANGUAGE_NAMES, "lang": request_lang(request)}

    def known_game(game_id: str) -> Game:
        try:
            return get_game(game_id)
        except (UnknownGame, KeyError):
            raise ApiError(404, "no_such_game", say("no_such_game", game=echo(game_id),
                                                    games=", ".join(g.id for g in games()))
                           ) from None

    @app.get("/api/games/{game_id}/rules", tags=["games"],
             summary="A game's rules help as HTML, in the request's language")
    def rules(game_id: str, request: Request) -> dict[str, Any]:
        game = known_game(game_id)
        found = rules_markdown(game, request_lang(request))
        if found is None:
            raise ApiError(404, "no_rules", f"{game.name} has no rules help yet")
        lang, text = found
        return {"game": game.id, "name": game.name, "lang": lang,
                "html": with_anchors(rules_html(text), game.id)}

    @app.get("/api/games/{game_id}/rules/points", tags=["games"],
             summary="Each component kind of a game with the link to its rules section")
    def rules_points(game_id: str, request: Request) -> dict[str, Any]:
        game = known_game(game_id)
        lang = request_lang(request)
        return {"game": game.id, "lang": lang, "points": point_links(game.id, lang)}

    @app.get("/games/{game_id}/render.js", tags=["games"], include_in_schema=False)
    def renderer(game_id: str) -> Response:
        try:
            source = renderer_source(get_game(game_id))
        except KeyError:
            source = None
        if source is None:
            raise ApiError(404, "no_renderer", say("no_renderer", game=echo(game_id)))
        return Response(source, media_type="text/javascript",
                        headers={"Cache-Control": "no-cache"})

    # -- tables -------------------------------------------------------------------------

    @app.post("/api/tables", tags=["tables"], status_code=201,
              summary="Create a table; the tokens of your seats come back once")
    async def create_table(body: NewTable, request: Request) -> dict[str, Any]:
        seats = await account_seats(request, body.game, [s.model_dump() for s in body.seats],
                                    body.num_players, body.seed, body.rated)
        user = await current_user(request)
        table, tokens, invite = await tables_of(request).create(
            body.game, body.variant, body.options, body.num_players, body.seed,
            seats, private=body.private,
            creator=creator_key(None if user is None else user.id, client_ip(request.scope)),
            rated=body.rated, clock=body.clock, lang=request_lang(request),
            on_resign=body.on_resign)
        join = None
        if table.status == "waiting":
            join = f"/t/{table.id}?join=1" + (f"#invite={invite}" if invite else "")
        return {
            "table": table.id,
            "tokens": {str(k): v for k, v in tokens.items()},
            "seats": table.view(None)["seats"],
            "private": table.private,
            "seeded": table.seeded,
            "invite": invite,
            "links": {
                "watch": f"/t/{table.id}",
                "play": {str(k): f"/t/{table.id}?seat={k}#token={v}" for k, v in tokens.items()},
                "join": join,
            },
        }

    @app.get("/api/tables", tags=["tables"], summary="Recent tables (for the lobby)")
    async def recent_tables(request: Request, limit: int = Query(50, ge=1, le=200)
                            ) -> list[dict[str, Any]]:
        t = tables_of(request)
        return await t.run_db(t.store.recent, limit)

    @app.post("/api/tables/{table_id}/join", tags=["tables"],
              summary="Take an open seat; its token comes back once")
    async def join(table_id: str, body: Join, request: Request) -> dict[str, Any]:
        user = await current_user(request)
        seat, token = await tables_of(request).join(table_id, body.seat, body.name,
                                                    body.invite,
                                                    None if user is None else (user.id, user.name))
        return {"table": table_id, "seat": seat, "token": token,
                "link": f"/t/{table_id}?seat={seat}#token={token}"}

    @app.get("/api/tables/{table_id}/view", tags=["tables"],
             summary="A seat's view (with its token), or a spectator's (no seat)")
    async def view(table_id: str, request: Request, authorization: Token = None,
                   seat: int | None = Query(None, ge=0)) -> dict[str, Any]:
        table = await tables_of(request).get(table_id)
        await tables_of(request).sync(table)
        user = await current_user(request) if seat is not None and not authorization else None
        table.check_seat(seat, _bearer(authorization), None if user is None else user.id)
        return table.view(seat, request_lang(request))

    @app.post("/api/tables/{table_id}/moves", tags=["tables"],
              summary="Make a move for your seat; the new view comes back",
              responses={400: {"description": "malformed body"},
                         401: {"description": "no token"}, 403: {"description": "wrong token"},
                         409: {"description": "stale move, not your turn, game over"},
                         422: {"description": "illegal move (reason and allowed moves)"}})
    async def move(table_id: str, body: MoveIn, request: Request,
                   authorization: Token = None) -> dict[str, Any]:
        tables = tables_of(request)
        table = await tables.get(table_id)
        user = await current_user(request) if not authorization else None
        table.check_seat(body.seat, _bearer(authorization), None if user is None else user.id)
        await tables.play(table, body.seat, body.move, body.seq, request_lang(request))
        return table.view(body.seat, request_lang(request))

    def finished(table: LiveTable) -> GameRecord:
        if table.status != "over":
            raise ApiError(409, "game_not_over", say("record_not_yet"))
        names = [s.name for s in table.seats]
        return table.state.record(names)

    @app.get("/api/tables/{table_id}/record", tags=["records"],
             summary="The game record (seed and moves) once the game is over")
    async def record(table_id: str, request: Request) -> dict[str, Any]:
        table = await tables_of(request).get(table_id)
        return {**finished(table).to_json(), **clock_record(table)}

    @app.get("/api/tables/{table_id}/replay", tags=["records"],
             summary="Every position of a finished game: as a seat (or spectator) saw it, "
                     "and every seat's view (all hands: the game is over)")
    async def replay(table_id: str, request: Request,
                     seat: int | None = Query(None, ge=0)) -> dict[str, Any]:
        table = await tables_of(request).get(table_id)
        rec = finished(table)
        if seat is not None and seat >= rec.num_players:
            raise ApiError(404, "no_such_seat", say("seats_are", players=rec.num_players))
        lang = request_lang(request)
        frames = []
        for i, state in enumerate(rec.states()):
            # the game is over, so nothing is secret any more: every seat's view goes out
            # (a front end shows every hand), unless all seats see the same
            every = [state.observation(p) for p in range(state.num_players)]
            same = all(_without_viewer(o) == _without_viewer(every[0]) for o in every[1:])
            frames.append({
                "observations": None if same else every,
                "seq": i,
                "move": None if i == 0 else {"player": rec.moves[i - 1][0],
                                             "move": rec.moves[i - 1][1],
                                             "text": (table.text(i - 1, lang)
                                                      or (None,))[0]},
                "to_move": state.players_to_move(),
                "observation": state.observation(seat),
                "clock": frame_clock(table, i),
            })
        return {"table": table.id, "game": rec.game, "viewer": seat,
                "record": rec.to_json(), "frames": frames,
                "result": table.view(seat, lang)["result"], "chat": replay_chat(table)}

    @app.get("/api/tables/{table_id}/explain-claim", tags=["tables"],
             summary="Schotten Totten: may a player claim a stone now, and the proof in words",
             responses={401: {"description": "no token"}, 403: {"description": "wrong token"},
                        422: {"description": "no such question for this game"}})
    async def explain_claim(table_id: str, request: Request, authorization: Token = None,
                            seat: int | None = Query(None, ge=0, description="your seat"),
                            stone: int = Query(ge=1, le=9, description="the stone, 1-9"),
                            player: int | None = Query(
                                None, ge=0, description="whose claim (default: your seat)"),
                            ) -> dict[str, Any]:
        """The proof uses only public cards (the sides and the discard), so the answer is
        the same for every viewer; with ``seat`` the seat's token is checked."""
        table = await tables_of(request).get(table_id)
        table.check_seat(seat, _bearer(authorization))
        whose = seat if player is None else player
        if whose is None:
            raise ApiError(422, "bad_question", "say whose claim: seat (with its token) or player")
        try:
            lang = request_lang(request)
            return table.state.explain("claim", seat, {"player": whose, "stone": stone},
                                       default_names(table.names, lang), lang)
        except InvalidState as exc:
            raise ApiError(422, "bad_question", str(exc)) from exc

    @app.websocket("/api/tables/{table_id}/ws")
    async def socket(ws: WebSocket, table_id: str, seat: int | None = None,
                     token: str | None = None,
                     log_mode: str | None = Query(None, alias="log")) -> None:
        """Live views: one ``{"type": "view"}`` message now and after every change, and
        ``{"type": "reveal", "seq", "player", "move"}`` when a log line becomes readable.
        With ``?log=delta`` every view after the first has in ``log`` only the entries
        from ``log_from`` on (the client keeps those before it from the previous view).
        A seat proves itself with ``{"type": "auth", "token": "..."}`` as its first
        message (or an ``Authorization: Bearer`` header). Send ``{"move": "...", "seq": n}``
        to play; a refusal comes back as ``{"type": "error"}``."""
        ip = client_ip(ws.scope)
        if not sockets.take(ip):
            await ws.close(code=1008, reason=f"at most {settings.max_sockets} sockets "
                                             "from one address")
            return
        try:
            await ws.accept()
            await serve_socket(ws, table_id, seat, token, ip, log_mode == "delta")
        finally:
            sockets.give_back(ip)

    async def serve_socket(ws: WebSocket, table_id: str, seat: int | None,
                           token: str | None, ip: str, delta: bool = False) -> None:
        tables = tables_of(ws)
        try:
            table = await tables.get(table_id)
            user = await socket_user(ws) if seat is not None and token is None else None
            user_id = None if user is None else user.id
            held = (seat is not None and 0 <= seat < len(table.seats)
                    and user_id is not None and table.seats[seat].user_id == user_id)
            if seat is not None and not held:  # else the session's account holds the seat
                if token is None:
                    token = _bearer(ws.headers.get("authorization"))
                if token is None:
                    token = await first_auth(ws)
            table.check_seat(seat, token, user_id)
        except ApiError as exc:
            with contextlib.suppress(Exception):  # bounded: the client may not be reading
                await asyncio.wait_for(ws.send_json(_error(exc, request_lang(ws))),
                                       settings.ws_send_timeout)
                await asyncio.wait_for(ws.close(code=4000 + exc.status),
                                       settings.ws_send_timeout)
            return
        except WebSocketDisconnect:
            return
        watcher = SocketWatcher(ws, seat, settings.ws_queue, settings.ws_send_timeout)
        watcher.lang = request_lang(ws)
        watcher.delta = delta
        joined(watcher, tables.clock.now())
        table.watchers.add(watcher)
        watcher.send_view(table.view(seat, watcher.lang))
        on_watch(table, watcher)
        tables.presence_changed(table)

        async def read() -> None:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                await read_moves(ws, table, watcher, ip)
            tg.cancel_scope.cancel()

        async def until_dropped() -> None:
            await watcher.closed.wait()
            tg.cancel_scope.cancel()

        try:
            async with anyio.create_task_group() as tg:
                tg.start_soon(read)
                tg.start_soon(until_dropped)
        finally:
            table.watchers.discard(watcher)
            tables.presence_changed(table)
            with anyio.CancelScope(shield=True):
                await watcher.stop()

    async def first_auth(ws: WebSocket) -> str:
        """The token of the socket's first message, ``{"type": "auth", "token": ...}``."""
        try:
            message = await asyncio.wait_for(ws.receive(), settings.ws_auth_timeout)
        except TimeoutError:
            raise ApiError(401, "token_required",
                           f"send {{\"type\": \"auth\", \"token\": ...}} within "
                           f"{settings.ws_auth_timeout:g} s") from None
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        try:
            data = parse_message(message.get("text"))
        except ValueError:
            data = None
        if not (isinstance(data, dict) and data.get("type") == "auth"
                and isinstance(data.get("token"), str)):
            raise ApiError(401, "token_required",
                           'a seat\'s first message must be {"type": "auth", "token": "..."}')
        return str(data["token"])

    async def read_moves(ws: WebSocket, table: LiveTable, watcher: SocketWatcher,
                         ip: str) -> None:
        tables = tables_of(ws)
        seat = watcher.seat
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            if message.get("text") is None:
                HOSTILE.info("table %s: binary WebSocket frame refused (close %d)", table.id,
                             UNSUPPORTED_DATA)
                await ws.close(code=UNSUPPORTED_DATA, reason="send JSON text, not binary")
                return
            try:
                msg = parse_message(message["text"])
            except ValueError as exc:
                HOSTILE.info("table %s: WebSocket message not readable JSON (%s): closed %d",
                             table.id, exc if str(exc) == "nested too deep" else "not JSON",
                             NOT_JSON)
                await ws.close(code=NOT_JSON, reason="messages must be JSON, nested at most "
                                                     "a few hundred levels")
                return
            try:
                wait = limiter.hit("writes", ip)
                if wait is not None:
                    raise ApiError(429, "rate_limited",
                                   f"too many messages: at most {limiter.describe('writes')}"
                                   f" from one address; retry in {wait} s", retry_after=wait)
                if isinstance(msg, dict) and msg.get("type") == "auth":
                    continue  # a client that sends its token again
                if isinstance(msg, dict) and msg.get("type") == "ping":
                    heartbeat(watcher, msg, tables.clock.now())
                    tables.presence_changed(table)
                    continue
                if isinstance(msg, dict) and msg.get("type") in SOCKET_TYPES:
                    await asyncio.shield(on_socket(tables, table, watcher, msg, ip))
                    continue
                if seat is None:
                    raise ApiError(403, "spectator", say("spectators_move"))
                if not isinstance(msg, dict) or not isinstance(msg.get("move"), str):
                    raise ApiError(400, "malformed_request",
                                   'send {"move": "<notation>", "seq": <number>}')
                seq = msg.get("seq")
                if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)
                                        or seq < 0):
                    raise ApiError(400, "malformed_request",
                                   "seq must be a whole number, 0 or more")
                # shielded: a dropped socket must not cut a move off halfway
                await asyncio.shield(tables.play(table, seat, msg["move"], seq, watcher.lang))
            except ApiError as exc:
                watcher.offer(_error(exc, watcher.lang))

    app.include_router(bot_router())
    app.include_router(bot_token_router())
    app.include_router(accounts_router())
    app.include_router(together_router())
    app.include_router(analysis_router())
    install_endings()
    app.include_router(endings_router(_bearer, request_lang))
    app.include_router(coach_router())
    app.include_router(tutorial_router())
    app.include_router(live_router())
    app.include_router(seeks_router())
    app.include_router(mygames_router())
    app.include_router(push_router())
    app.include_router(friends_router())
    app.include_router(packs_router())

    # -- pages ---------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    def lobby() -> FileResponse:
        return FileResponse(str(WEB / "index.html"))

    @app.get("/t/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(str(WEB / "table.html"))

    @app.get("/rules/{game_id}", include_in_schema=False)
    def rules_page(game_id: str) -> FileResponse:
        return FileResponse(str(WEB / "rules.html"))

    @app.get("/packs/edit", include_in_schema=False)
    def pack_editor_page() -> FileResponse:
        return FileResponse(str(WEB / "packs.html"))

    app.mount("/static", StaticFiles(directory=str(WEB)), name="static")
    return app


