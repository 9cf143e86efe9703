"""The seek pool ("play now"): an account posts a seek (game, variant, options, players,
clock, rated, a rating range), the lobby sees the list live (``/api/live``), others join
with one click, and when the seek is full a table is made with every seat an account's
(seats in a random order) and the game starts. A challenge is a seek to one account
(``to``), never listed: only that account may take it (or decline it).

Seeks live in this process's memory: they are bounded per account, per address and on
the whole server, expire after ``seek_minutes``, and go when their poster (or a player
waiting in one) has had no page open for ``seek_grace_seconds``. Bots list and accept
seeks through the bot API (``/api/bot/seeks``).
"""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, FastAPI, Header, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from clanboard.core import InvalidState, UnknownGame, get_game
from clanboard.i18n import localized
from clanboard.server.accounts.limits import address_hash
from clanboard.server.accounts.store import User
from clanboard.server.clocks.clock import TimeControl
from clanboard.server.core.errors import ApiError
from clanboard.server.core.guard import client_ip
from clanboard.server.core.models import RatingRow
from clanboard.server.core.requests import request_lang
from clanboard.server.core.settings import Settings
from clanboard.server.lobby.hub import Hub, hub_of
from clanboard.server.ratings.glicko2 import DEFAULT_RATING
from clanboard.server.tables.live import LiveTable
from clanboard.server.tables.service import Tables
from clanboard.server.tables.watchers import SocketWatcher

MESSAGES = {
    "seek_login": "Log in to an account to post or join a seek.",
    "login_games": "Log in to an account to see your games.",
    "login_friends": "Log in to an account to follow players and challenge them.",
    "login_push": "Log in to an account to get notifications.",
    "seek_cap_account": "You already have {n} open seeks or challenges (at most {n} per "
                        "account). Cancel one or wait for it to be taken.",
    "seek_cap_address": "Your address already has {n} open seeks (at most {n} per "
                        "address). Cancel one first.",
    "seek_cap_server": "The server holds {n} open seeks, its most. Join one of them "
                       "or try again later.",
    "seek_gone": "That seek is gone: it was taken, cancelled or expired.",
    "seek_own": "This is your own seek: wait for someone to join it.",
    "seek_in": "You are already in this seek: wait for the other players.",
    "seek_range": "Your rating {rating} is outside this seek's range {low}–{high}.",
    "seek_range_bad": "The rating range must go from a lower to a higher rating between "
                      "0 and 4000.",
    "seek_not_yours": "Only the player who posted a seek can cancel it.",
    "seek_not_for_you": "This challenge is for another player.",
    "seek_players": "{game} is played by {low} to {high} players.",
    "seek_bad_game": "There is no game {game}. Games: {games}.",
    "seek_bad": "These settings do not make a game: {reason}",
    "seek_bad_clock": "That clock is not allowed: {reason}",
    "challenge_two": "A challenge is a game for two players.",
}
"""Refusals of the seek pool and challenges (in the request's language)."""

#: seeks sent in one ``seeks`` message (the newest first)
LIST_MAX = 100
#: the longest a seek's options may be (as JSON): every page is sent every seek
MAX_OPTIONS_JSON = 1000


class SeekIn(BaseModel):
    """A seek: what game the poster wants to play, and with whom."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1, max_length=64, description="game id")
    variant: str | None = Field(default=None, max_length=64)
    options: dict[str, Any] = Field(default_factory=dict, max_length=32)
    num_players: int | None = Field(default=None, ge=1, le=8)
    clock: dict[str, Any] | None = Field(default=None, description="a time control as for "
                                         "POST /api/tables; default: untimed")
    rated: bool = False
    rating_min: int | None = Field(default=None, ge=0, le=4000,
                                   description="the lowest rating that may join")
    rating_max: int | None = Field(default=None, ge=0, le=4000,
                                   description="the highest rating that may join")


@dataclass
class Seek:
    id: str
    game: str
    variant: str | None
    options: dict[str, Any]
    num_players: int
    clock: dict[str, Any] | None
    rated: bool
    rating_min: int | None
    rating_max: int | None
    address: str
    created: float
    expires: float
    #: the poster first, then those who joined
    players: list[User] = field(default_factory=list)
    ratings: list[int] = field(default_factory=list)
    #: a challenge: the only account that may take it
    to: User | None = None

    @property
    def poster(self) -> User:
        return self.players[0]

    def to_json(self, now: float) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "variant": self.variant,
                "options": self.options, "num_players": self.num_players,
                "clock": self.clock, "rated": self.rated,
                "rating_min": self.rating_min, "rating_max": self.rating_max,
                "by": self.poster.name, "rating": self.ratings[0],
                "players": [u.name for u in self.players],
                "to": None if self.to is None else self.to.name,
                "expires_in": max(0, round(self.expires - now))}


def refusal(request: Request | None, status: int, code: str, key: str,
            **params: Any) -> ApiError:
    """An :class:`ApiError` whose reason is :data:`MESSAGES` ``[key]`` in the request's
    language."""

    lang = "en" if request is None else request_lang(request)
    return ApiError(status, code, localized(MESSAGES, lang)[key].format(**params))


class SeekPool:
    """The open seeks and challenges (in memory), their bounds and their expiry."""

    def __init__(self, app: FastAPI, tables: Tables, hub: Hub, settings: Settings) -> None:
        self.app = app
        self.tables = tables
        self.hub = hub
        self.settings = settings
        self.seeks: dict[str, Seek] = {}
        self.lock = asyncio.Lock()
        hub.on_greet.append(self.greet)

    def now(self) -> float:
        return self.settings.clock.now()

    def public(self) -> list[dict[str, Any]]:
        now = self.now()
        shown = [s for s in self.seeks.values() if s.to is None]
        shown.sort(key=lambda s: -s.created)
        return [s.to_json(now) for s in shown[:LIST_MAX]]

    def greet(self, watcher: SocketWatcher, user: User | None) -> None:
        watcher.offer({"type": "seeks", "seeks": self.public()})
        if user is not None:
            now = self.now()
            for s in self.seeks.values():
                if s.to is not None and user.id in (s.to.id, s.poster.id):
                    watcher.offer({"type": "challenge", "challenge": s.to_json(now)})

    def changed(self, seek: Seek | None = None, gone: str | None = None) -> None:
        """Tell every page the new list, and a challenge's two accounts what became of it."""
        self.hub.send_all({"type": "seeks", "seeks": self.public()})
        if seek is not None and seek.to is not None:
            message: dict[str, Any] = {"type": "challenge",
                                       "challenge": seek.to_json(self.now())}
            if gone is not None:
                message["gone"] = gone
            for uid in {seek.to.id, seek.poster.id}:
                self.hub.send(uid, message)

    async def rating(self, user: User, game: str, variant: str | None) -> int:
        def read() -> float | None:
            with self.tables.store.sessions() as s:
                return s.scalar(select(RatingRow.rating).where(
                    RatingRow.user_id == user.id, RatingRow.game == game,
                    RatingRow.variant == (variant or "")))
        found = await self.tables.run_db(read)
        return round(DEFAULT_RATING if found is None else found)

    def held_by(self, user_id: int) -> int:
        return sum(1 for s in self.seeks.values() if any(u.id == user_id for u in s.players))

    def check(self, body: SeekIn, request: Request | None) -> int:
        """The number of players of a valid seek; refuses settings that make no game."""
        try:
            game = get_game(body.game)
        except (UnknownGame, KeyError):
            from clanboard.core import games
            raise refusal(request, 404, "no_such_game", "seek_bad_game", game=body.game,
                          games=", ".join(g.id for g in games())) from None
        try:
            n = game.check_players(body.num_players)
        except InvalidState:
            raise refusal(request, 422, "bad_players", "seek_players", game=game.name,
                          low=game.min_players, high=game.max_players) from None
        if n < 2:
            raise refusal(request, 422, "bad_players", "seek_players", game=game.name,
                          low=max(2, game.min_players), high=game.max_players)
        if len(json.dumps(body.options, default=str)) > MAX_OPTIONS_JSON:
            raise refusal(request, 422, "bad_options", "seek_bad",
                          reason=f"options over {MAX_OPTIONS_JSON} characters")
        try:
            opts = dict(game.variant_options(body.variant)) if body.variant else {}
            opts.update(body.options)
            game.new_state(n, 1, opts)
        except (InvalidState, KeyError, TypeError, ValueError) as exc:
            raise refusal(request, 422, "bad_options", "seek_bad", reason=exc) from None
        try:
            TimeControl.parse(body.clock)
        except ApiError as exc:
            raise refusal(request, 422, "bad_clock", "seek_bad_clock",
                          reason=exc.reason) from None
        low, high = body.rating_min, body.rating_max
        if low is not None and high is not None and low > high:
            raise refusal(request, 422, "bad_range", "seek_range_bad")
        return n

    async def post(self, body: SeekIn, user: User, address: str, request: Request | None,
                   to: User | None = None) -> Seek:
        n = self.check(body, request)
        if to is not None and n != 2:
            raise refusal(request, 422, "bad_players", "challenge_two")
        s = self.settings
        rating = await self.rating(user, body.game, body.variant)
        async with self.lock:
            if s.max_seeks_per_account > 0 and self.held_by(user.id) >= s.max_seeks_per_account:
                raise refusal(request, 429, "too_many_seeks", "seek_cap_account",
                              n=s.max_seeks_per_account)
            mine = sum(1 for x in self.seeks.values() if x.address == address)
            if s.max_seeks_per_address > 0 and mine >= s.max_seeks_per_address:
                raise refusal(request, 429, "too_many_seeks", "seek_cap_address",
                              n=s.max_seeks_per_address)
            if s.max_seeks > 0 and len(self.seeks) >= s.max_seeks:
                raise refusal(request, 503, "seek_pool_full", "seek_cap_server",
                              n=s.max_seeks)
            now = self.now()
            seek = Seek(secrets.token_urlsafe(9), body.game, body.variant, dict(body.options),
                        n, body.clock, body.rated, body.rating_min, body.rating_max,
                        address, now, now + 60 * s.seek_minutes, [user], [rating], to)
            self.seeks[seek.id] = seek
        self.changed(seek)
        return seek

    async def cancel(self, seek_id: str, user: User, request: Request | None,
                     declined: bool = False) -> Seek:
        """The poster withdraws a seek or a challenge; a challenge's account declines it;
        a player who joined a seek leaves it."""
        async with self.lock:
            seek = self.seeks.get(seek_id)
            if seek is None:
                raise refusal(request, 404, "no_such_seek", "seek_gone")
            if declined:
                if seek.to is None or seek.to.id != user.id:
                    raise refusal(request, 403, "not_for_you", "seek_not_for_you")
            elif seek.poster.id != user.id:
                if any(u.id == user.id for u in seek.players):
                    i = next(i for i, u in enumerate(seek.players) if u.id == user.id)
                    del seek.players[i], seek.ratings[i]
                    self.changed(seek)
                    return seek
                raise refusal(request, 403, "not_yours", "seek_not_yours")
            del self.seeks[seek_id]
        self.changed(seek, gone="declined" if declined else "cancelled")
        return seek

    async def accept(self, seek_id: str, user: User, request: Request | None
                     ) -> tuple[Seek, LiveTable | None]:
        """Join a seek; once it is full its table is made (and returned)."""
        async with self.lock:
            seek = self.seeks.get(seek_id)
            if seek is None:
                raise refusal(request, 404, "no_such_seek", "seek_gone")
            if seek.poster.id == user.id:
                raise refusal(request, 409, "own_seek", "seek_own")
            if any(u.id == user.id for u in seek.players):
                raise refusal(request, 409, "already_in", "seek_in")
            if seek.to is not None and seek.to.id != user.id:
                raise refusal(request, 403, "not_for_you", "seek_not_for_you")
            s = self.settings
            if s.max_seeks_per_account > 0 and self.held_by(user.id) >= s.max_seeks_per_account \
                    and len(seek.players) + 1 < seek.num_players:
                raise refusal(request, 429, "too_many_seeks", "seek_cap_account",
                              n=s.max_seeks_per_account)
            rating = await self.rating(user, seek.game, seek.variant)
            low = seek.rating_min if seek.rating_min is not None else 0
            high = seek.rating_max if seek.rating_max is not None else 4000
            if not low <= rating <= high:
                raise refusal(request, 403, "out_of_range", "seek_range", rating=rating,
                              low=low, high=high)
            seek.players.append(user)
            seek.ratings.append(rating)
            full = len(seek.players) >= seek.num_players
            if full:
                del self.seeks[seek.id]
        self.changed(seek, gone="accepted" if full else None)
        if not full:
            return seek, None
        return seek, await self.start(seek)

    async def start(self, seek: Seek) -> LiveTable:
        players = list(seek.players)
        secrets.SystemRandom().shuffle(players)
        seats = [{"kind": "human", "user_id": u.id, "name": u.name} for u in players]
        table, _, _ = await self.tables.create(
            seek.game, seek.variant, seek.options, seek.num_players, None, seats,
            creator=seek.address, rated=seek.rated, clock=seek.clock)
        from clanboard.server.accounts.bot_accounts import hub_of as bot_hub_of

        bots = bot_hub_of(self.app)
        for i, u in enumerate(players):
            bots.seated(u.id, table)
            self.hub.send(u.id, {"type": "started", "table": table.id, "seat": i,
                                 "seek": seek.id, "link": f"/t/{table.id}?seat={i}"})
        self.hub.table_changed(table)
        return table

    def sweep(self) -> int:
        """Drop expired seeks, and seeks (or places in them) of accounts whose pages have
        all been closed for ``seek_grace_seconds``; how many seeks went."""
        now = self.now()
        grace = self.settings.seek_grace_seconds

        def away(seek: Seek, u: User) -> bool:
            if self.hub.online(u.id):
                return False
            return now - max(seek.created, self.hub.left_at.get(u.id, seek.created)) > grace

        gone = []
        for seek in list(self.seeks.values()):
            if now >= seek.expires or away(seek, seek.poster):
                gone.append(self.seeks.pop(seek.id))
                continue
            keep = [i for i, u in enumerate(seek.players) if i == 0 or not away(seek, u)]
            if len(keep) != len(seek.players):
                seek.players = [seek.players[i] for i in keep]
                seek.ratings = [seek.ratings[i] for i in keep]
                self.changed(seek)
        for seek in gone:
            self.changed(seek, gone="expired")
        self.hub.forget_left(now - 2 * grace - 60)
        return len(gone)

    async def sweep_forever(self) -> None:
        every = max(1.0, min(5.0, self.settings.seek_grace_seconds / 2))
        while not self.tables.closing:
            await self.settings.clock.sleep(every)
            self.sweep()


def pool_of(app: FastAPI) -> SeekPool:
    return app.state.seeks  # type: ignore[no-any-return]


def start(app: FastAPI, tables: Tables, settings: Settings) -> SeekPool:
    """At start-up: the pool and its expiry sweep (after :func:`hub.start`)."""
    pool = app.state.seeks = SeekPool(app, tables, hub_of(app), settings)
    tables._spawn(pool.sweep_forever())
    return pool


async def seeker(request: Request, why: str = "seek_login") -> User:
    """The logged-in account of a request (401, translated: :data:`MESSAGES` ``[why]``,
    for a guest)."""
    from clanboard.server.accounts.auth import current_user

    user = await current_user(request)
    if user is None:
        raise refusal(request, 401, "account_required", why)
    return user


async def bot_account(request: Request, authorization: str | None) -> User:
    """The account of a bot API token (a seat token cannot join seeks)."""
    from clanboard.server.accounts.bot_accounts import is_account_token, token_account
    from clanboard.server.bots.api import bearer

    token = bearer(authorization)
    if not is_account_token(token):
        raise ApiError(403, "account_token_required",
                       "seeks are joined with an account's bot API token (cbt_...), "
                       "not a seat token")
    return await token_account(request, token)


def accepted(seek: Seek, table: LiveTable | None, user: User) -> dict[str, Any]:
    if table is None:
        return {"seek": seek.id, "status": "waiting", "players": [u.name for u in seek.players]}
    seat = next(s.seat for s in table.seats if s.user_id == user.id)
    return {"seek": seek.id, "status": "started", "table": table.id, "seat": seat,
            "link": f"/t/{table.id}?seat={seat}",
            "stream": f"/api/bot/game/{table.id}/stream"}


def seeks_router() -> APIRouter:
    router = APIRouter(tags=["seeks"])

    @router.get("/api/seeks", summary="The open seeks (newest first)")
    async def list_seeks(request: Request) -> list[dict[str, Any]]:
        return pool_of(request.app).public()

    @router.post("/api/seeks", status_code=201, summary="Post a seek (logged in)")
    async def post_seek(body: SeekIn, request: Request) -> dict[str, Any]:
        user = await seeker(request)
        pool = pool_of(request.app)
        seek = await pool.post(body, user, address_hash(client_ip(request.scope)), request)
        return seek.to_json(pool.now())

    @router.delete("/api/seeks/{seek_id}", summary="Cancel your seek, or leave one you joined")
    async def cancel_seek(seek_id: str, request: Request) -> dict[str, Any]:
        user = await seeker(request)
        await pool_of(request.app).cancel(seek_id[:40], user, request)
        return {"seek": seek_id, "cancelled": True}

    @router.post("/api/seeks/{seek_id}/accept",
                 summary="Join a seek; the game starts when it is full")
    async def accept_seek(seek_id: str, request: Request) -> dict[str, Any]:
        user = await seeker(request)
        seek, table = await pool_of(request.app).accept(seek_id[:40], user, request)
        return accepted(seek, table, user)

    @router.get("/api/bot/seeks", tags=["bot"], summary="The open seeks a bot may accept")
    async def bot_seeks(request: Request, authorization: str | None = Header(
            None, alias="Authorization")) -> list[dict[str, Any]]:
        await bot_account(request, authorization)
        return pool_of(request.app).public()

    @router.post("/api/bot/seeks/{seek_id}/accept", tags=["bot"],
                 summary="Accept a seek with the account's bot API token")
    async def bot_accept(seek_id: str, request: Request, authorization: str | None = Header(
            None, alias="Authorization")) -> dict[str, Any]:
        user = await bot_account(request, authorization)
        seek, table = await pool_of(request.app).accept(seek_id[:40], user, request)
        return accepted(seek, table, user)

    return router
