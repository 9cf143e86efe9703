"""Accounts: sign-up, log-in and log-out with a name and a password (Argon2id), sessions in
HTTP-only cookies (only the session id's SHA-256 is stored, with its expiry), CSRF
protection of cookie-authenticated writes, the player page, and the accounts of seats.

CSRF: a request that changes something (not GET/HEAD/OPTIONS), carries the session cookie
and no ``Authorization`` header must send ``X-CSRF-Token``: the value of the
``clanboard_csrf`` cookie (readable by the page's scripts), which is derived from the
session id, so another site can neither read nor forge it. Bearer-token requests (seat
tokens, bots) need none: a browser never adds that header by itself.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
from datetime import UTC, datetime, timedelta
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

import anyio
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, FastAPI, Request, Response, WebSocket
from fastapi.responses import FileResponse
from limits import RateLimitItemPerHour, RateLimitItemPerMinute
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from pydantic import BaseModel, ConfigDict, Field, field_validator
from starlette.requests import cookie_parser

from clanboard.core import get_game
from clanboard.server.accounts.store import AccountStore, NameTaken, User
from clanboard.server.core.errors import ApiError, say
from clanboard.server.core.guard import Receive, Scope, Send, client_ip, send_json
from clanboard.server.core.requests import bearer
from clanboard.server.core.settings import Settings
from clanboard.server.ratings.results import install, ratings_router, record_pending
from clanboard.server.tables.ai import resolve_agent
from clanboard.server.tables.live import LiveTable
from clanboard.server.tables.service import Tables

log = logging.getLogger("clanboard.server")
WEB = resources.files("clanboard.web")

SESSION_COOKIE = "clanboard_session"
CSRF_COOKIE = "clanboard_csrf"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: set on a write's scope whose session cookie came without its CSRF token
CSRF_UNPROVEN = "clanboard.csrf_unproven"


def csrf_failed() -> ApiError:
    return ApiError(403, "csrf_failed", "a request made with the session cookie must send the "
                    "header X-CSRF-Token with the value of the clanboard_csrf cookie (or "
                    "authenticate with 'Authorization: Bearer' alone)")


NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{2,23}")
#: names of the AI levels' bot accounts; no player may take one
BOT_PREFIX = "ai-"
#: AI seats of a rated table play at a named level (each its own bot account)
RATED_LEVELS = ("random", "heuristic", "ismcts:easy", "ismcts:normal", "ismcts:hard")
#: password hashes computed at once (each takes 64 MiB for a moment)
HASH_SLOTS = 2


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def csrf_for(session_id: str) -> str:
    """The CSRF token of a session (derived from its secret id)."""
    return _sha(f"clanboard-csrf:{session_id}")


def bot_name(agent: str) -> str:
    """The bot account of an AI level: ``AI-ismcts-hard``, ``AI-heuristic``."""
    return "AI-" + agent.replace(":", "-")


class SignUp(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=100, description="3-24 letters, digits, _ or -, "
                                                  "starting with a letter or digit")
    password: str = Field(max_length=1000, description="8-256 characters")

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        if not NAME.fullmatch(value):
            raise ValueError("a name has 3-24 characters: letters A-Z, digits, _ or -, "
                             "starting with a letter or digit")
        if value.lower().startswith(BOT_PREFIX):
            raise ValueError("names starting with 'AI-' belong to the AI levels")
        return value

    @field_validator("password")
    @classmethod
    def _password(cls, value: str) -> str:
        if not 8 <= len(value) <= 256:
            raise ValueError(f"a password has 8-256 characters, not {len(value)}")
        return value


class LogIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=100)
    password: str = Field(min_length=1, max_length=1000)


class Accounts:
    """Password hashing (bounded), log-in rate limits, sessions; ``now`` is replaceable
    (tests move time on)."""

    def __init__(self, tables: Tables, settings: Settings) -> None:
        self.tables = tables
        self.settings = settings
        self.store = AccountStore(tables.store.engine)
        self.hasher = PasswordHasher()  # Argon2id, RFC 9106's low-memory parameters
        self._dummy = self.hasher.hash("not a password of anyone")
        self.slots = anyio.CapacityLimiter(HASH_SLOTS)
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.per_ip = RateLimitItemPerMinute(max(1, settings.rate_logins))
        self.per_name = RateLimitItemPerHour(max(1, settings.rate_logins_per_name))

    @staticmethod
    def now() -> datetime:
        return datetime.now(UTC).replace(tzinfo=None)

    async def run_db(self, fn: Any, *args: Any) -> Any:
        return await self.tables.run_db(fn, *args)

    def check_rate(self, ip: str, name: str) -> None:
        checks: list[tuple[Any, str, str]] = []
        if self.settings.rate_logins > 0:
            checks.append((self.per_ip, f"ip:{ip}", "from one address"))
        if self.settings.rate_logins_per_name > 0:
            checks.append((self.per_name, f"name:{name.lower()}", "for one name"))
        for item, key, who in checks:
            if not self.limiter.hit(item, key):
                raise ApiError(429, "too_many_logins",
                               f"too many log-in attempts {who}: at most {item.amount} per "
                               f"{item.GRANULARITY.name}; try again later", retry_after=60)

    async def hash(self, password: str) -> str:
        return await anyio.to_thread.run_sync(self.hasher.hash, password, limiter=self.slots)

    async def verify(self, stored: str | None, password: str) -> bool:
        def check() -> bool:
            try:
                return self.hasher.verify(stored or self._dummy, password) and stored is not None
            except (VerificationError, InvalidHashError):
                return False
        return await anyio.to_thread.run_sync(check, limiter=self.slots)

    async def user(self, conn: Request | WebSocket) -> User | None:
        """The account of the request's session cookie (``None``: a guest)."""
        session_id = conn.cookies.get(SESSION_COOKIE)
        if not session_id or len(session_id) > 100:
            return None
        if conn.scope.get(CSRF_UNPROVEN):
            raise csrf_failed()
        user: User | None = await self.run_db(self.store.session_user, _sha(session_id),
                                              self.now())
        return user

    async def open_session(self, user: User, request: Request, response: Response
                           ) -> dict[str, Any]:
        session_id = secrets.token_urlsafe(32)
        now = self.now()
        days = self.settings.session_days
        await self.run_db(self.store.add_session, _sha(session_id), user.id, now,
                          now + timedelta(days=days))
        secure = request.url.scheme == "https"
        age = int(days * 86400)
        response.set_cookie(SESSION_COOKIE, session_id, max_age=age, path="/", httponly=True,
                            secure=secure, samesite="lax")
        csrf = csrf_for(session_id)
        response.set_cookie(CSRF_COOKIE, csrf, max_age=age, path="/", httponly=False,
                            secure=secure, samesite="lax")
        return {"user": {"name": user.name}, "csrf": csrf}


def accounts_of(conn: Request | WebSocket) -> Accounts:
    return conn.app.state.accounts  # type: ignore[no-any-return]


async def current_user(conn: Request | WebSocket) -> User | None:
    """The logged-in account of a request, if any."""
    return await accounts_of(conn).user(conn)


async def seated(request: Request, table_id: str, seat: int | None,
                 authorization: str | None) -> tuple[Tables, LiveTable]:
    """The table and its service, once the request has shown that it holds ``seat``: by
    the seat's token (``Authorization: Bearer``), else by the logged-in account seated
    there."""
    tables: Tables = request.app.state.tables
    table = await tables.get(table_id)
    user = await current_user(request) if not authorization else None
    table.check_seat(seat, bearer(authorization), None if user is None else user.id)
    return tables, table


async def socket_user(ws: WebSocket) -> User | None:
    """The session's account of a WebSocket opened from this server's own pages (a browser
    sends the cookie to any site's socket, so another origin's is not trusted)."""
    origin = ws.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != ws.headers.get("host"):
        return None
    return await current_user(ws)


def start(app: FastAPI, tables: Tables, settings: Settings) -> None:
    """At start-up: accounts, the results hook, results left unrecorded by a stop."""
    app.state.accounts = Accounts(tables, settings)
    install(tables)
    tables._spawn(record_pending(tables))


class CsrfGuard:
    """403 for a cookie-authenticated write without the session's CSRF token."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            headers = {k.decode("latin-1"): v.decode("latin-1")
                       for k, v in scope.get("headers", [])}
            # the parser the app's requests use: both see the same session cookie
            session = cookie_parser(headers.get("cookie", "")).get(SESSION_COOKIE)
            sent = headers.get(CSRF_HEADER, "")
            if session and not hmac.compare_digest(sent.encode(), csrf_for(session).encode()):
                if "authorization" not in headers:
                    return await send_json(send, 403, csrf_failed().body())
                # a Bearer token may be what the route goes by; if it goes by the cookie
                # after all, Accounts.user refuses it (whatever other headers came)
                scope[CSRF_UNPROVEN] = True
        await self.app(scope, receive, send)


async def account_seats(request: Request, game_id: str, seats: list[dict[str, Any]],
                        num_players: int | None, seed: int | None, rated: bool
                        ) -> list[dict[str, Any]]:
    """The seat specs of a new table with their accounts: the logged-in creator's on its
    one human seat; at a rated table the AI levels' bot accounts on AI seats. Raises when
    a rated table would not be fair or not between accounts."""
    user = await current_user(request)
    if user is None and not rated:
        return seats
    if user is None:
        raise ApiError(401, "account_required", say("rated_create"))
    if rated and seed is not None:
        raise ApiError(422, "bad_options", "a rated table's shuffle is secret: leave seed out")
    try:
        game = get_game(game_id)
        n = game.check_players(num_players if num_players is not None else (len(seats) or None))
    except Exception:
        return seats  # the table's creation says what is wrong
    if not seats:  # the default: you against the AI
        seats = [{"kind": "human"}, *({"kind": "ai"} for _ in range(n - 1))]
    if not rated:
        humans = [s for s in seats if s.get("kind", "human") == "human"]
        if len(humans) == 1:  # hot-seat tables stay guest seats
            humans[0].update(user_id=user.id, name=user.name)
        return seats
    humans = [s for s in seats if s.get("kind", "human") == "human"]
    if len(humans) != 1:
        raise ApiError(422, "bad_seats", say("rated_seats"))
    humans[0].update(user_id=user.id, name=user.name)
    accounts = accounts_of(request)
    for i, spec in enumerate(seats):
        if spec.get("kind") != "ai":
            continue
        try:
            agent = resolve_agent(game, spec.get("agent"), spec.get("difficulty"))
        except ValueError as exc:
            raise ApiError(422, "bad_seats", f"seats[{i}] (Player {i + 1}): {exc}") from exc
        if agent not in RATED_LEVELS:
            raise ApiError(422, "bad_seats", f"seats[{i}] (Player {i + 1}): a rated AI seat "
                           f"plays at one of the named levels: {', '.join(RATED_LEVELS)}")
        bot = await accounts.run_db(accounts.store.bot_user, bot_name(agent))
        spec.update(agent=agent, user_id=bot.id, name=bot.name)
    return seats


def accounts_router() -> APIRouter:
    router = APIRouter()
    page = str(WEB / "account.html")

    @router.post("/api/account/signup", tags=["accounts"], status_code=201,
                 summary="Make an account and log in (session cookie)")
    async def signup(body: SignUp, request: Request, response: Response) -> dict[str, Any]:
        accounts = accounts_of(request)
        accounts.check_rate(client_ip(request.scope), body.name)
        hashed = await accounts.hash(body.password)
        try:
            user = await accounts.run_db(accounts.store.create_user, body.name, hashed)
        except NameTaken:
            raise ApiError(409, "name_taken", say("name_taken", name=body.name)) from None
        return await accounts.open_session(user, request, response)

    @router.post("/api/account/login", tags=["accounts"],
                 summary="Log in (session cookie); at most a few tries a minute")
    async def login(body: LogIn, request: Request, response: Response) -> dict[str, Any]:
        accounts = accounts_of(request)
        accounts.check_rate(client_ip(request.scope), body.name)
        found = await accounts.run_db(accounts.store.user_login, body.name)
        stored = found[1] if found else None
        if not await accounts.verify(stored, body.password) or found is None:
            raise ApiError(401, "wrong_login", say("wrong_login"))
        user, stored = found
        if stored is not None and accounts.hasher.check_needs_rehash(stored):
            await accounts.run_db(accounts.store.set_password, user.id,
                                  await accounts.hash(body.password))
        return await accounts.open_session(user, request, response)

    @router.post("/api/account/logout", tags=["accounts"],
                 summary="End this session (its cookie and its stored hash)")
    async def logout(request: Request, response: Response) -> dict[str, Any]:
        if request.scope.get(CSRF_UNPROVEN):
            raise csrf_failed()
        session_id = request.cookies.get(SESSION_COOKIE)
        if session_id:
            accounts = accounts_of(request)
            await accounts.run_db(accounts.store.drop_session, _sha(session_id))
        response.delete_cookie(SESSION_COOKIE, path="/")
        response.delete_cookie(CSRF_COOKIE, path="/")
        return {"user": None}

    @router.get("/api/account", tags=["accounts"],
                summary="Who is logged in here (user null: a guest), and the CSRF token")
    async def me(request: Request, response: Response) -> dict[str, Any]:
        user = await current_user(request)
        session_id = request.cookies.get(SESSION_COOKIE)
        if user is None or not session_id:
            if session_id:  # expired or ended elsewhere
                response.delete_cookie(SESSION_COOKIE, path="/")
                response.delete_cookie(CSRF_COOKIE, path="/")
            return {"user": None, "csrf": None}
        return {"user": {"name": user.name}, "csrf": csrf_for(session_id)}

    @router.get("/api/users/{name}", tags=["accounts"],
                summary="A player's page: games per game with results, ratings, records")
    async def player(name: str, request: Request) -> dict[str, Any]:
        accounts = accounts_of(request)
        data = None
        if len(name) <= 24:
            data = await accounts.run_db(accounts.store.player, name, 50)
        if data is None:
            shown = name if len(name) <= 40 else name[:40] + "..."
            raise ApiError(404, "no_such_user", say("no_such_player", name=shown))
        return data  # type: ignore[no-any-return]

    @router.get("/api/tables/{table_id}/my-seats", tags=["accounts"],
                summary="The seats of the logged-in account at a table")
    async def my_seats(table_id: str, request: Request) -> dict[str, Any]:
        user = await current_user(request)
        table: LiveTable = await accounts_of(request).tables.get(table_id)
        seats = [] if user is None else [s.seat for s in table.seats if s.user_id == user.id]
        return {"table": table.id, "seats": seats}

    for path in ("/login", "/signup"):
        router.add_api_route(path, lambda: FileResponse(page), include_in_schema=False)

    @router.get("/u/{name}", include_in_schema=False)
    def player_page(name: str) -> FileResponse:
        return FileResponse(str(WEB / "player.html"))

    router.include_router(ratings_router(str(WEB / "leaderboard.html")))
    return router
