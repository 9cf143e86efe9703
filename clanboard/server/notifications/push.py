"""Turn notifications by Web Push (VAPID): a browser subscribes (``/api/push/...``, the
service worker ``/sw.js``), and when it becomes an account's turn in a correspondence
game while none of its pages is open, each of its subscriptions is sent an encrypted
message (``pywebpush``). A subscription the push service no longer knows (404, 410) is
dropped. Off unless the server's owner sets ``vapid_private_key`` and ``vapid_subject``
(``clanboard vapid-keys`` makes a key; see docs/deploy.md).

The Notification API of an open page needs nothing here: the page hears ``turn`` on its
live socket (:mod:`clanboard.server.lobby.hub`) and shows the notification itself.
"""

from __future__ import annotations

import base64
import hashlib
import ipaddress
import json
import logging
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, func, select

from clanboard.i18n import game_name, localized, normalize
from clanboard.server.accounts.store import User
from clanboard.server.core.models import PushSubscriptionRow
from clanboard.server.core.requests import request_lang
from clanboard.server.core.settings import Settings
from clanboard.server.tables.live import LiveTable
from clanboard.server.tables.service import Tables

log = logging.getLogger("clanboard.server")
WEB = resources.files("clanboard.web")

MESSAGES = {
    "push_title": "Your turn — {game}",
    "push_body": "It is your turn against {who}.",
    "push_off": "This server does not send push notifications (its owner has not set "
                "them up).",
    "push_cap": "This account already has {n} browsers getting notifications (at most "
                "{n}). Turn them off in one of them first.",
    "push_bad": "That is not a push subscription this server can use: {reason}",
}
"""Words of push notifications and their refusals."""

#: seconds a push service keeps a message for a browser that is offline
TTL = 24 * 3600


class PushKeys(BaseModel):
    model_config = ConfigDict(extra="forbid")
    p256dh: str = Field(min_length=1, max_length=200)
    auth: str = Field(min_length=1, max_length=100)


class Subscription(BaseModel):
    """A browser's ``PushSubscription.toJSON()`` (its expiration time is ignored)."""

    model_config = ConfigDict(extra="ignore")
    endpoint: str = Field(min_length=1, max_length=1000)
    keys: PushKeys


class Unsubscribe(BaseModel):
    model_config = ConfigDict(extra="ignore")
    endpoint: str = Field(min_length=1, max_length=1000)


def _b64(data: str) -> bytes:
    return base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))


def check_subscription(sub: Subscription, any_endpoint: bool) -> str | None:
    """What is wrong with a subscription (``None``: nothing). Its endpoint must be an
    https URL of a public host (the server posts to it), its keys a P-256 point and a
    16-byte secret."""
    parts = urlsplit(sub.endpoint)
    host = parts.hostname or ""
    if not any_endpoint:
        if parts.scheme != "https" or not host:
            return "the endpoint must be an https URL"
        try:
            ipaddress.ip_address(host)
            return "the endpoint must name a push service, not an address"
        except ValueError:
            pass
        if host == "localhost" or host.endswith((".localhost", ".local", ".internal")) \
                or "." not in host:
            return "the endpoint must be a push service on the internet"
    elif parts.scheme not in ("http", "https") or not host:
        return "the endpoint must be an http(s) URL"
    try:
        point, secret = _b64(sub.keys.p256dh), _b64(sub.keys.auth)
    except (ValueError, TypeError):
        return "the keys must be base64url"
    if len(point) != 65 or point[0] != 4:
        return "keys.p256dh must be an uncompressed P-256 public key"
    if len(secret) != 16:
        return "keys.auth must be 16 bytes"
    return None


@dataclass
class Vapid:
    """The server's VAPID key and who runs it."""

    key: Any
    public: str
    subject: str


def load_vapid(settings: Settings) -> Vapid | None:
    """The VAPID key of the settings (a PEM file or base64 DER), ``None`` when unset."""
    raw = settings.vapid_private_key.strip()
    if not raw or not settings.vapid_subject.strip():
        return None
    from cryptography.hazmat.primitives import serialization
    from py_vapid import Vapid02

    path = Path(raw)
    key = Vapid02.from_file(str(path)) if len(raw) < 4096 and path.is_file() \
        else Vapid02.from_string(raw)
    point = key.public_key.public_bytes(serialization.Encoding.X962,
                                        serialization.PublicFormat.UncompressedPoint)
    public = base64.urlsafe_b64encode(point).decode().rstrip("=")
    return Vapid(key, public, settings.vapid_subject.strip())


def generate_key() -> tuple[str, str]:
    """A new VAPID private key (PEM) and its public key (base64url, for browsers)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    private = ec.generate_private_key(ec.SECP256R1())
    pem = private.private_bytes(serialization.Encoding.PEM,
                                serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption()).decode()
    point = private.public_key().public_bytes(serialization.Encoding.X962,
                                              serialization.PublicFormat.UncompressedPoint)
    return pem, base64.urlsafe_b64encode(point).decode().rstrip("=")


def _hash(endpoint: str) -> str:
    return hashlib.sha256(endpoint.encode()).hexdigest()


class Pusher:
    """Stores subscriptions and sends them turn notifications."""

    def __init__(self, tables: Tables, settings: Settings) -> None:
        self.tables = tables
        self.settings = settings
        self.vapid = load_vapid(settings)
        self.sent = 0

    # -- storage (run on the database thread) --------------------------------------------

    def _add(self, user_id: int, sub: Subscription, lang: str, cap: int) -> bool:
        digest = _hash(sub.endpoint)
        with self.tables.store.sessions.begin() as s:
            row = s.scalar(select(PushSubscriptionRow).where(
                PushSubscriptionRow.endpoint_hash == digest))
            if row is not None:  # the same browser again (perhaps another account now)
                row.user_id, row.p256dh, row.auth, row.lang = (user_id, sub.keys.p256dh,
                                                               sub.keys.auth, lang)
                return True
            held = s.scalar(select(func.count()).select_from(PushSubscriptionRow).where(
                PushSubscriptionRow.user_id == user_id)) or 0
            if cap > 0 and held >= cap:
                return False
            s.add(PushSubscriptionRow(user_id=user_id, endpoint=sub.endpoint,
                                      endpoint_hash=digest, p256dh=sub.keys.p256dh,
                                      auth=sub.keys.auth, lang=lang))
            return True

    def _remove(self, user_id: int | None, endpoint: str) -> int:
        with self.tables.store.sessions.begin() as s:
            q = delete(PushSubscriptionRow).where(
                PushSubscriptionRow.endpoint_hash == _hash(endpoint))
            if user_id is not None:
                q = q.where(PushSubscriptionRow.user_id == user_id)
            return s.execute(q).rowcount or 0  # type: ignore[attr-defined]

    def _of(self, user_id: int) -> list[tuple[str, str, str, str]]:
        with self.tables.store.sessions() as s:
            return [(r.endpoint, r.p256dh, r.auth, r.lang) for r in s.scalars(
                select(PushSubscriptionRow).where(PushSubscriptionRow.user_id == user_id))]

    def count(self, user_id: int) -> int:
        return len(self._of(user_id))

    # -- sending -------------------------------------------------------------------------

    def _post(self, endpoint: str, p256dh: str, auth: str, data: str) -> int | None:
        """One push (blocking): the push service's status, ``None`` if unreachable."""
        from pywebpush import WebPushException, webpush

        assert self.vapid is not None
        try:
            r = webpush({"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}},
                        data=data, vapid_private_key=self.vapid.key,
                        vapid_claims={"sub": self.vapid.subject}, ttl=TTL, timeout=10)
            return int(r.status_code)
        except WebPushException as exc:
            return None if exc.response is None else int(exc.response.status_code)
        except Exception as exc:  # the service is unreachable: try again next turn
            log.info("push to %s failed: %s", urlsplit(endpoint).hostname, exc)
            return None

    async def turn(self, user_id: int, table: LiveTable, row: dict[str, Any]) -> int:
        """Tell the account's browsers that it is its turn at ``table``; how many got it."""
        if self.vapid is None:
            return 0
        subs = await self.tables.run_db(self._of, user_id)
        ok = 0
        for endpoint, p256dh, auth, lang in subs:
            m = localized(MESSAGES, normalize(lang))
            who = ", ".join(row["opponents"]) or "—"
            data = json.dumps({"title": m["push_title"].format(
                game=game_name(table.state.game, lang)),
                "body": m["push_body"].format(who=who), "url": row["link"],
                "tag": f"turn-{table.id}"}, ensure_ascii=False)
            status = await _thread(self._post, endpoint, p256dh, auth, data)
            if status in (404, 410):
                await self.tables.run_db(self._remove, None, endpoint)
                log.info("push subscription dropped: the service answered %s", status)
            elif status is not None and status < 300:
                ok += 1
        self.sent += ok
        return ok


async def _thread(fn: Any, *args: Any) -> Any:
    import anyio

    return await anyio.to_thread.run_sync(fn, *args)


def pusher_of(app: FastAPI) -> Pusher:
    return app.state.pusher  # type: ignore[no-any-return]


def start(app: FastAPI, tables: Tables, settings: Settings) -> Pusher:
    """At start-up (after :func:`mygames.start`): pushes for correspondence games when
    the account has no page open."""
    pusher = app.state.pusher = Pusher(tables, settings)

    def on_turn(user_id: int, table: LiveTable, row: dict[str, Any], pages: int) -> None:
        clock = row.get("clock")
        if pusher.vapid is None or pages > 0 or not clock \
                or clock.get("kind") != "correspondence":
            return
        tables._spawn(pusher.turn(user_id, table, row))

    app.state.turns.notify.append(on_turn)
    return pusher


def push_router() -> APIRouter:
    router = APIRouter(tags=["notifications"])

    async def user_of(request: Request) -> User:
        from clanboard.server.seeks.pool import seeker

        return await seeker(request, "login_push")

    def refuse(request: Request, status: int, code: str, key: str, **kw: Any) -> Exception:
        from clanboard.server.core.errors import ApiError

        return ApiError(status, code,
                        localized(MESSAGES, request_lang(request))[key].format(**kw))

    @router.get("/api/push/key", summary="Web Push: the server's VAPID public key (null: "
                "push is off)")
    def key(request: Request) -> dict[str, Any]:
        vapid = pusher_of(request.app).vapid
        return {"enabled": vapid is not None, "key": None if vapid is None else vapid.public}

    @router.post("/api/push/subscriptions", status_code=201,
                 summary="Web Push: this browser gets your turns (correspondence games)")
    async def subscribe(body: Subscription, request: Request) -> dict[str, Any]:

        user = await user_of(request)
        pusher = pusher_of(request.app)
        if pusher.vapid is None:
            raise refuse(request, 409, "push_off", "push_off")
        wrong = check_subscription(body, bool(pusher.settings.push_any_endpoint))
        if wrong is not None:
            raise refuse(request, 422, "bad_subscription", "push_bad", reason=wrong)
        cap = pusher.settings.max_push_subscriptions
        if not await pusher.tables.run_db(pusher._add, user.id, body, request_lang(request),
                                          cap):
            raise refuse(request, 429, "too_many_subscriptions", "push_cap", n=cap)
        return {"subscribed": True}

    @router.post("/api/push/unsubscribe", summary="Web Push: this browser no longer")
    async def unsubscribe(body: Unsubscribe, request: Request) -> dict[str, Any]:
        user = await user_of(request)
        pusher = pusher_of(request.app)
        gone = await pusher.tables.run_db(pusher._remove, user.id, body.endpoint)
        return {"unsubscribed": bool(gone)}

    @router.get("/sw.js", include_in_schema=False)
    def service_worker() -> Response:
        return Response((WEB / "sw.js").read_text(), media_type="text/javascript",
                        headers={"Cache-Control": "no-cache"})

    return router
