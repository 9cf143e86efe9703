"""Friends: an account follows other accounts (at most ``settings.max_follows``), sees
which of them are online (a page open: :mod:`clanboard.server.lobby.hub`) and challenges one
by name (a challenge is a seek only that account may take: :mod:`clanboard.server.seeks.pool`).
Followers with a page open are told when someone they follow comes or goes.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse
from sqlalchemy import delete, func, select

from clanboard.i18n import localized
from clanboard.server.accounts.limits import address_hash
from clanboard.server.accounts.store import User
from clanboard.server.core.errors import ApiError
from clanboard.server.core.guard import client_ip
from clanboard.server.core.models import FollowRow, UserRow
from clanboard.server.core.requests import request_lang
from clanboard.server.lobby.hub import Hub, hub_of
from clanboard.server.seeks.pool import SeekIn, pool_of, seeker
from clanboard.server.tables.service import Tables

WEB = resources.files("clanboard.web")

MESSAGES = {
    "no_player": "There is no player called {name}.",
    "follow_self": "You cannot follow yourself.",
    "follow_cap": "You already follow {n} players, the most. Unfollow one first.",
    "challenge_self": "You cannot challenge yourself.",
    "challenge_bot": "{name} is a program: challenge it from the bot API, or post a seek it "
                     "can accept.",
}
"""Refusals of friends and challenges (in the request's language)."""


class Friends:
    """The follows (stored) and who is told of whom."""

    def __init__(self, tables: Tables, hub: Hub, settings: Any) -> None:
        self.tables = tables
        self.hub = hub
        self.settings = settings
        hub.on_presence.append(self.presence)

    def _user(self, name: str) -> User | None:
        with self.tables.store.sessions() as s:
            row = s.scalar(select(UserRow).where(UserRow.name_key == name.lower()))
            return None if row is None else User(row.id, row.name, row.bot)

    def _follow(self, user_id: int, target: int, cap: int) -> bool:
        with self.tables.store.sessions.begin() as s:
            if s.get(FollowRow, (user_id, target)) is not None:
                return True
            held = s.scalar(select(func.count()).select_from(FollowRow).where(
                FollowRow.user_id == user_id)) or 0
            if cap > 0 and held >= cap:
                return False
            s.add(FollowRow(user_id=user_id, followed_id=target))
            return True

    def _unfollow(self, user_id: int, target: int) -> int:
        with self.tables.store.sessions.begin() as s:
            return s.execute(delete(FollowRow).where(  # type: ignore[attr-defined]
                FollowRow.user_id == user_id, FollowRow.followed_id == target)).rowcount or 0

    def _following(self, user_id: int) -> list[User]:
        with self.tables.store.sessions() as s:
            rows = s.execute(select(UserRow).join(FollowRow, FollowRow.followed_id == UserRow.id)
                             .where(FollowRow.user_id == user_id).order_by(UserRow.name_key))
            return [User(r.id, r.name, r.bot) for (r,) in rows]

    def _followers(self, user_id: int) -> list[int]:
        with self.tables.store.sessions() as s:
            return list(s.scalars(select(FollowRow.user_id).where(
                FollowRow.followed_id == user_id)))

    def presence(self, user: User, online: bool) -> None:
        followers = [uid for uid in self.hub.sockets if uid is not None]
        if not followers:
            return

        async def tell() -> None:
            for uid in await self.tables.run_db(self._followers, user.id):
                self.hub.send(uid, {"type": "friend", "name": user.name, "online": online})

        self.tables._spawn(tell())

    async def listing(self, user: User) -> list[dict[str, Any]]:
        return [{"name": u.name, "bot": u.bot, "online": self.hub.online(u.id)}
                for u in await self.tables.run_db(self._following, user.id)]


def friends_of(app: FastAPI) -> Friends:
    return app.state.friends  # type: ignore[no-any-return]


def start(app: FastAPI, tables: Tables, settings: Any) -> Friends:
    """At start-up (after :func:`hub.start`)."""
    app.state.friends = Friends(tables, hub_of(app), settings)
    return app.state.friends  # type: ignore[no-any-return]


def friends_router() -> APIRouter:
    router = APIRouter(tags=["friends"])

    def refuse(request: Request, status: int, code: str, key: str, **kw: Any) -> ApiError:

        return ApiError(status, code,
                        localized(MESSAGES, request_lang(request))[key].format(**kw))

    async def target(request: Request, friends: Friends, name: str) -> User:
        found = None
        if 1 <= len(name) <= 24:
            found = await friends.tables.run_db(friends._user, name)
        if found is None:
            shown = name if len(name) <= 24 else name[:24] + "…"
            raise refuse(request, 404, "no_such_user", "no_player", name=shown)
        return found

    @router.get("/api/friends", summary="The players you follow, and who of them is online")
    async def listing(request: Request) -> dict[str, Any]:
        user = await seeker(request, "login_friends")
        friends = friends_of(request.app)
        return {"following": await friends.listing(user),
                "max": friends.settings.max_follows}

    @router.put("/api/friends/{name}", summary="Follow a player")
    async def follow(name: str, request: Request) -> dict[str, Any]:
        user = await seeker(request, "login_friends")
        friends = friends_of(request.app)
        other = await target(request, friends, name)
        if other.id == user.id:
            raise refuse(request, 422, "follow_self", "follow_self")
        cap = friends.settings.max_follows
        if not await friends.tables.run_db(friends._follow, user.id, other.id, cap):
            raise refuse(request, 429, "too_many_follows", "follow_cap", n=cap)
        return {"name": other.name, "following": True, "online": friends.hub.online(other.id)}

    @router.delete("/api/friends/{name}", summary="Stop following a player")
    async def unfollow(name: str, request: Request) -> dict[str, Any]:
        user = await seeker(request, "login_friends")
        friends = friends_of(request.app)
        other = await target(request, friends, name)
        await friends.tables.run_db(friends._unfollow, user.id, other.id)
        return {"name": other.name, "following": False}

    @router.post("/api/friends/{name}/challenge", status_code=201,
                 summary="Challenge a player: a seek only they may accept (or decline)")
    async def challenge(name: str, body: SeekIn, request: Request) -> dict[str, Any]:
        user = await seeker(request, "login_friends")
        friends = friends_of(request.app)
        other = await target(request, friends, name)
        if other.id == user.id:
            raise refuse(request, 422, "challenge_self", "challenge_self")
        if other.bot:
            raise refuse(request, 422, "challenge_bot", "challenge_bot", name=other.name)
        pool = pool_of(request.app)
        seek = await pool.post(body, user, address_hash(client_ip(request.scope)), request,
                               to=other)
        return seek.to_json(pool.now())

    @router.post("/api/seeks/{seek_id}/decline", tags=["seeks"],
                 summary="Decline a challenge to you")
    async def decline(seek_id: str, request: Request) -> dict[str, Any]:
        user = await seeker(request, "login_friends")
        await pool_of(request.app).cancel(seek_id[:40], user, request, declined=True)
        return {"seek": seek_id, "declined": True}

    @router.get("/friends", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(str(WEB / "friends.html"))

    return router
