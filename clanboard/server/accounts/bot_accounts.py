"""Bot accounts: an account's bot API token (``POST``/``DELETE /api/account/bot-token``),
the account behind a bearer token, and the account event streams' hub (challenges to the
account, its games starting and finishing). Only a token's SHA-256 is stored."""

from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, FastAPI, Request

from clanboard.server.accounts.store import User
from clanboard.server.core.errors import ApiError, say
from clanboard.server.tables.live import LiveTable, hash_token

#: account tokens start with this, so a bearer token is told from a seat token at a glance
PREFIX = "cbt_"
#: challenges to accounts remembered at once (the oldest is forgotten first)
MAX_PENDING = 1000
#: unfinished tables an account stream follows from its start
MAX_TABLES = 50


def is_account_token(token: str) -> bool:
    return token.startswith(PREFIX)


async def token_account(request: Request, token: str) -> User:
    """The account of a bot API token; 401 when unknown or revoked."""
    accounts = request.app.state.accounts
    user: User | None = await accounts.run_db(accounts.store.token_user, hash_token(token))
    if user is None:
        raise ApiError(401, "bad_token", "that bot API token is unknown or was revoked; "
                       "a logged-in account gets a new one with POST /api/account/bot-token")
    return user


def account_seat(table: LiveTable, user: User, to_move: bool = False) -> int:
    """The account's seat at ``table`` (with ``to_move``: one to move first); 403 if none."""
    seats = [s.seat for s in table.seats if s.user_id == user.id]
    if not seats:
        raise ApiError(403, "not_seated", f"the account {user.name!r} has no seat at table "
                       f"{table.id}")
    if to_move:
        moving = set(table.state.players_to_move()) if table.status == "playing" else set()
        seats.sort(key=lambda s: s not in moving)
    return seats[0]


class AccountStream:
    """One account event stream: a bounded queue of lines; full, the stream is dropped."""

    def __init__(self, user: User, queue: int) -> None:
        self.user = user
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=max(1, queue))
        self.closed = asyncio.Event()
        self.watches: dict[str, TableWatch] = {}

    def put(self, line: dict[str, Any]) -> None:
        if self.closed.is_set():
            return
        try:
            self.queue.put_nowait(line)
        except asyncio.QueueFull:
            self.closed.set()


class TableWatch:
    """A watcher of one table for an account stream: turns views into gameStart and
    gameFinish lines (a challengeDeclined note passes through)."""

    bot_stream = True

    def __init__(self, stream: AccountStream, table: LiveTable, seat: int) -> None:
        self.stream, self.table, self.mine = stream, table, seat
        self.seat: int | None = seat  # the seat shows as present while the bot listens
        self.started = self.over = False

    def event(self, kind: str) -> dict[str, Any]:
        t = self.table
        data: dict[str, Any] = {"type": kind, "game": {
            "table": t.id, "game": t.state.game.id, "seat": self.mine,
            "stream": f"/api/bot/game/{t.id}/stream"}}
        if kind == "gameFinish":
            data["result"] = t.view(self.mine)["result"]
        return data

    def update(self, status: str) -> None:
        if status != "waiting" and not self.started:
            self.started = True
            self.stream.put(self.event("gameStart"))
        if status == "over" and not self.over:
            self.over = True
            self.stream.put(self.event("gameFinish"))
            self.detach()

    def offer(self, message: dict[str, Any]) -> None:
        if message.get("type") == "challengeDeclined":
            self.stream.put(message)
        elif message.get("type") == "view":
            self.update(message["view"]["status"])

    def detach(self) -> None:
        self.table.watchers.discard(self)
        self.stream.watches.pop(self.table.id, None)


@dataclass
class Pending:
    """A challenge naming an account, until accepted or declined."""

    to: int
    invite: str
    line: dict[str, Any]


class BotHub:
    """The open account streams and the challenges to accounts (in memory)."""

    def __init__(self) -> None:
        self.streams: dict[int, set[AccountStream]] = {}
        self.pending: OrderedDict[str, Pending] = OrderedDict()

    def open(self, stream: AccountStream, tables: list[LiveTable]) -> None:
        self.streams.setdefault(stream.user.id, set()).add(stream)
        for p in self.pending.values():
            if p.to == stream.user.id:
                stream.put(p.line)
        for table in tables:
            self.attach(stream, table)

    def close(self, stream: AccountStream) -> None:
        for watch in list(stream.watches.values()):
            watch.detach()
        users = self.streams.get(stream.user.id, set())
        users.discard(stream)
        if not users:
            self.streams.pop(stream.user.id, None)

    def attach(self, stream: AccountStream, table: LiveTable) -> None:
        if table.id in stream.watches:
            return
        try:
            seat = account_seat(table, stream.user)
        except ApiError:
            return
        watch = TableWatch(stream, table, seat)
        stream.watches[table.id] = watch
        table.watchers.add(watch)
        watch.update(table.status)

    def seated(self, user_id: int, table: LiveTable) -> None:
        """An account took a seat at ``table``: its open streams follow the table."""
        for stream in list(self.streams.get(user_id, ())):
            self.attach(stream, table)

    def challenge(self, to: int, table_id: str, invite: str, line: dict[str, Any]) -> None:
        self.pending[table_id] = Pending(to, invite, line)
        while len(self.pending) > MAX_PENDING:
            self.pending.popitem(last=False)
        for stream in list(self.streams.get(to, ())):
            stream.put(line)

    def invite_for(self, table_id: str, user: User) -> str | None:
        """The invite of a challenge naming ``user`` (they answer it without the invite)."""
        p = self.pending.get(table_id)
        return p.invite if p is not None and p.to == user.id else None


def hub_of(app: FastAPI) -> BotHub:
    hub: BotHub | None = getattr(app.state, "bot_hub", None)
    if hub is None:
        hub = app.state.bot_hub = BotHub()
    return hub


def bot_token_router() -> APIRouter:
    router = APIRouter(tags=["accounts"])

    async def logged_in(request: Request) -> User:
        from clanboard.server.accounts.auth import current_user

        user = await current_user(request)
        if user is None:
            raise ApiError(401, "account_required", say("bot_token_login"))
        return user

    @router.post("/api/account/bot-token", status_code=201,
                 summary="Make this account a bot and give it a new bot API token (shown "
                         "once; it replaces the old one)")
    async def new_token(request: Request) -> dict[str, Any]:
        user = await logged_in(request)
        token = PREFIX + secrets.token_urlsafe(32)
        accounts = request.app.state.accounts
        await accounts.run_db(accounts.store.set_bot_token, user.id, hash_token(token))
        return {"name": user.name, "bot": True, "token": token,
                "note": "this token is shown only now: keep it secret; send it as "
                        "'Authorization: Bearer <token>' to the bot API"}

    @router.delete("/api/account/bot-token", summary="Revoke this account's bot API token")
    async def revoke(request: Request) -> dict[str, Any]:
        user = await logged_in(request)
        accounts = request.app.state.accounts
        await accounts.run_db(accounts.store.set_bot_token, user.id, None)
        return {"name": user.name, "token": None}

    return router
