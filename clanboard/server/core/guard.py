"""ASGI middleware that bounds and hardens every request before the app sees it: the body
size limit, per-IP rate limits (the ``limits`` library, moving windows in memory), the
security headers; and the log filter that keeps secrets out of uvicorn's log lines."""

from __future__ import annotations

import json
import logging
import math
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from limits import RateLimitItemPerMinute
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: the pages load only their own scripts and styles; renderers set inline styles
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]


def client_ip(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


async def send_json(send: Send, status: int, body: dict[str, Any],
                    headers: list[tuple[bytes, bytes]] | None = None) -> None:
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(data)).encode()),
                            *SECURITY_HEADERS, *(headers or [])]})
    await send({"type": "http.response.body", "body": data})


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *(h for h in SECURITY_HEADERS if h[0] not in names)]
            await send(message)

        await self.app(scope, receive, with_headers)


class BodyLimit:
    """Refuses a request body over ``limit`` bytes with 413 before the app parses it: at
    once when ``Content-Length`` says so, else while counting the streamed chunks (the
    body, at most ``limit`` bytes, is then handed on to the app). ``wider``: path prefixes
    with a limit of their own (the pack editor's whole packs)."""

    def __init__(self, app: ASGIApp, limit: int, wider: dict[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.wider = wider or {}

    def _too_large(self, limit: int) -> dict[str, Any]:
        return {"error": "body_too_large",
                "reason": f"the request body may be at most {limit} bytes"}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            path = scope.get("path", "")
            limit = next((n for p, n in self.wider.items() if path.startswith(p)), self.limit)
            if limit != self.limit:
                return await BodyLimit(self.app, limit)(scope, receive, send)
        if scope["type"] != "http" or self.limit <= 0:
            return await self.app(scope, receive, send)
        length = dict(scope.get("headers", [])).get(b"content-length")
        if length is not None:
            try:
                declared = int(length)
            except ValueError:
                return await send_json(send, 400, {"error": "malformed_request",
                                                   "reason": "Content-Length is not a number"})
            if declared > self.limit:
                return await send_json(send, 413, self._too_large(self.limit))
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                return await send_json(send, 413, self._too_large(self.limit))
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class RateLimiter:
    """Per-IP moving-window limits: ``reads``, ``writes`` and ``tables`` per minute
    (0: none). Shared by the HTTP middleware and the WebSocket message loop."""

    def __init__(self, reads: int, writes: int, tables: int) -> None:
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.items = {name: RateLimitItemPerMinute(n) for name, n in
                      (("reads", reads), ("writes", writes), ("tables", tables)) if n > 0}

    def hit(self, kind: str, ip: str) -> int | None:
        """Count one ``kind`` request from ``ip``: ``None`` if allowed, else the seconds
        to wait before retrying."""
        item = self.items.get(kind)
        if item is None or self.limiter.hit(item, ip):
            return None
        reset = self.limiter.get_window_stats(item, ip).reset_time
        return max(1, math.ceil(reset - time.time()))

    def describe(self, kind: str) -> str:
        return f"{self.items[kind].amount} {kind} per minute"


#: an account's bot API token (``cbt_...``): its requests count per account, not per
#: address (:func:`clanboard.server.bots.api.limit_account` counts them once it is known)
BOT_TOKEN = re.compile(rb"^\s*bearer\s+cbt_", re.IGNORECASE)


def per_account(scope: Scope) -> bool:
    """True for a bot API request with an account token (the bot API limits it)."""
    if not str(scope.get("path", "")).startswith("/api/bot/"):
        return False
    value = dict(scope.get("headers", [])).get(b"authorization")
    return value is not None and BOT_TOKEN.match(value) is not None


def request_kind(method: str, path: str) -> str | None:
    """The rate limit a request counts against (``None``: static files, not limited)."""
    if path.startswith("/static/"):
        return None
    if method == "POST" and path.rstrip("/") == "/api/tables":
        return "tables"
    return "reads" if method in ("GET", "HEAD", "OPTIONS") else "writes"


class RateLimit:
    """429 with ``Retry-After`` once a client IP passes its limit (HTTP requests and
    WebSocket handshakes; WebSocket messages are counted by the socket loop)."""

    def __init__(self, app: ASGIApp, limiter: RateLimiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            kind = None if per_account(scope) else request_kind(scope["method"], scope["path"])
        elif scope["type"] == "websocket":
            kind = "reads"
        else:
            kind = None
        wait = self.limiter.hit(kind, client_ip(scope)) if kind else None
        if wait is None:
            return await self.app(scope, receive, send)
        assert kind is not None
        if scope["type"] == "websocket":  # refused before the handshake: HTTP 403
            await receive()
            return await send({"type": "websocket.close", "code": 1008,
                               "reason": f"rate limit: {self.limiter.describe(kind)}"})
        await send_json(send, 429, {
            "error": "rate_limited",
            "reason": f"too many requests: at most {self.limiter.describe(kind)} from one "
                      f"address; retry in {wait} s", "retry_after": wait},
            [(b"retry-after", str(wait).encode())])


_SECRET_PARAM = re.compile(r"([?&](?:token|invite)=)[^&\s\"']*", re.IGNORECASE)


def redact(text: str) -> str:
    """``text`` with the values of ``token=`` and ``invite=`` query parameters hidden."""
    return _SECRET_PARAM.sub(r"\1[redacted]", text)


class RedactSecrets(logging.Filter):
    """Hides seat tokens and invite secrets in URLs that uvicorn logs (its access log and
    its WebSocket ``[accepted]`` lines)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


LOGGERS = ("uvicorn.access", "uvicorn.error", "uvicorn")
_filter = RedactSecrets()


def install_log_filter() -> None:
    for name in LOGGERS:
        logging.getLogger(name).addFilter(_filter)
