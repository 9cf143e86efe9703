"""The live socket of every page (``/api/live``): the lobby's seek list for everyone, and
for a logged-in account its games, its turns, challenges to it and its friends' comings
and goings. It owns which accounts are online (an account with an open live socket) and
tells listeners when a table changes for the accounts seated at it.

Each socket is a :class:`~clanboard.server.tables.watchers.SocketWatcher` (a bounded queue: a
page that does not read is dropped). Sockets count against the per-address cap of the
table sockets, and an account has at most ``settings.max_account_sockets`` of them.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, FastAPI, WebSocket, WebSocketDisconnect

from clanboard.server.accounts.store import User
from clanboard.server.core.requests import request_lang
from clanboard.server.core.settings import Settings
from clanboard.server.tables.live import LiveTable
from clanboard.server.tables.service import Tables
from clanboard.server.tables.watchers import SocketWatcher

log = logging.getLogger("clanboard.server")

#: the longest message a page may send on its live socket, and how many a minute (pings)
MAX_MESSAGE = 200
MAX_PER_MINUTE = 30

#: what a listener is told: a table changed (a move, a seat taken, a clock run out)
TableListener = Callable[[LiveTable], None]
#: an account's first live socket opened (True) or its last one closed (False)
PresenceListener = Callable[[User, bool], None]
#: a new socket: the messages it is sent first (the account, or ``None`` for a guest)
GreetListener = Callable[[SocketWatcher, User | None], None]


class Hub:
    """The open live sockets, by account (guests: under ``None``)."""

    def __init__(self, tables: Tables, settings: Settings) -> None:
        self.tables = tables
        self.settings = settings
        self.sockets: dict[int | None, set[SocketWatcher]] = {}
        self.users: dict[int, User] = {}
        #: when each account's last socket closed (the server's clock)
        self.left_at: dict[int, float] = {}
        self.on_table: list[TableListener] = []
        self.on_presence: list[PresenceListener] = []
        self.on_greet: list[GreetListener] = []
        tables.view_hooks.append(self.table_changed)

    def online(self, user_id: int) -> bool:
        return bool(self.sockets.get(user_id))

    def count(self, user_id: int | None) -> int:
        return len(self.sockets.get(user_id, ()))

    def send(self, user_id: int, message: dict[str, Any]) -> int:
        """Queue ``message`` on every live socket of the account; how many got it."""
        targets = list(self.sockets.get(user_id, ()))
        for w in targets:
            w.offer(message)
        return len(targets)

    def send_all(self, message: dict[str, Any]) -> None:
        """Queue ``message`` on every live socket (guests' too)."""
        for group in list(self.sockets.values()):
            for w in list(group):
                w.offer(message)

    def forget_left(self, before: float) -> None:
        """Forget when accounts left that left before ``before`` (keeps ``left_at`` small)."""
        for uid, at in list(self.left_at.items()):
            if at < before:
                del self.left_at[uid]

    def table_changed(self, table: LiveTable) -> None:
        for listener in self.on_table:
            try:
                listener(table)
            except Exception:
                log.exception("live listener at table %s", table.id)

    def attach(self, watcher: SocketWatcher, user: User | None) -> None:
        key = None if user is None else user.id
        first = user is not None and not self.sockets.get(user.id)
        self.sockets.setdefault(key, set()).add(watcher)
        if user is not None:
            self.users[user.id] = user
        for greet in self.on_greet:
            greet(watcher, user)
        if first and user is not None:
            for listener in self.on_presence:
                listener(user, True)

    def detach(self, watcher: SocketWatcher, user: User | None) -> None:
        key = None if user is None else user.id
        group = self.sockets.get(key)
        if group is None:
            return
        group.discard(watcher)
        if group:
            return
        del self.sockets[key]
        if user is not None:
            self.left_at[user.id] = self.settings.clock.now()
            self.users.pop(user.id, None)
            for listener in self.on_presence:
                listener(user, False)


def hub_of(app: FastAPI) -> Hub:
    return app.state.hub  # type: ignore[no-any-return]


def start(app: FastAPI, tables: Tables, settings: Settings) -> Hub:
    """At start-up: the hub (the seek pool, friends and notifications add listeners)."""
    app.state.hub = Hub(tables, settings)
    return app.state.hub  # type: ignore[no-any-return]


def live_router() -> APIRouter:
    router = APIRouter()

    @router.websocket("/api/live")
    async def live(ws: WebSocket) -> None:
        """Messages of the lobby and of the logged-in account (see docs/web-accounts.md): ``seeks``
        (the whole list, again after every change), ``game`` (a row of your games),
        ``turn`` (it has become your turn), ``started`` (a seek or challenge you are in
        has started), ``challenge``, ``friend``. Send ``{"type": "ping"}`` now and then."""
        from clanboard.server.accounts.auth import socket_user
        from clanboard.server.core.guard import client_ip

        app = ws.app
        hub = hub_of(app)
        settings = hub.settings
        ip = client_ip(ws.scope)
        sockets = app.state.sockets
        if not sockets.take(ip):
            await ws.close(code=1008, reason=f"at most {settings.max_sockets} sockets "
                                             "from one address")
            return
        try:
            user = await socket_user(ws)
            cap = settings.max_account_sockets
            if user is not None and cap > 0 and hub.count(user.id) >= cap:
                await ws.close(code=1008, reason=f"at most {cap} live sockets per account")
                return
            await ws.accept()
            watcher = SocketWatcher(ws, None, settings.ws_queue, settings.ws_send_timeout)
            watcher.lang = request_lang(ws)
            hub.attach(watcher, user)
            try:
                with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                    window, count = settings.clock.now(), 0
                    while not watcher.closed.is_set():
                        message = await ws.receive()
                        if message["type"] == "websocket.disconnect":
                            break
                        if len(message.get("text") or "") > MAX_MESSAGE:
                            await ws.close(code=1009, reason="a page sends pings only")
                            break
                        now = settings.clock.now()
                        if now - window > 60:
                            window, count = now, 0
                        count += 1
                        if count > MAX_PER_MINUTE:
                            await ws.close(code=1008, reason="too many messages")
                            break
            finally:
                hub.detach(watcher, user)
                await watcher.stop()
        finally:
            sockets.give_back(ip)

    return router
