"""Guards below the app, where uvicorn reads the bytes: how long a client may take to send
a request's headers and its body, how many requests one address may have half-sent at once
(slow-loris), and quiet, rate-limited log lines for hostile frames (one line per closed
connection, no traceback).

``clanboard serve`` runs uvicorn with :data:`PROTOCOL` as its HTTP protocol (httptools
with these timers); :func:`configure` sets the limits from the :class:`Settings`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("clanboard.server")


@dataclass
class ReadLimits:
    """Seconds for a request's headers and then its body (0: no limit), and the requests
    one address may have half-read at once (0: no cap)."""

    header_seconds: float = 10.0
    body_seconds: float = 30.0
    half_open: int = 16


LIMITS = ReadLimits()
#: the connections whose request is being read now, per client address, oldest first
#: (an insertion-ordered dict as a set; entries go when empty)
HALF_OPEN: dict[str, dict[Any, None]] = {}


def configure(settings: Any) -> None:
    """Take the read limits of ``settings`` (a :class:`Settings`) for new connections."""
    LIMITS.header_seconds = float(settings.header_timeout)
    LIMITS.body_seconds = float(settings.body_timeout)
    LIMITS.half_open = int(settings.max_half_open)


class QuietLog:
    """At most ``per_minute`` lines a minute; then one line saying how many were left out."""

    def __init__(self, per_minute: int = 10) -> None:
        self.per_minute = per_minute
        self.window = 0.0
        self.count = 0
        self.left_out = 0

    def allow(self) -> bool:
        now = time.monotonic()
        if now - self.window >= 60:
            if self.left_out:
                log.warning("%d more such lines left out in the last minute", self.left_out)
            self.window, self.count, self.left_out = now, 0, 0
        self.count += 1
        if self.count > self.per_minute:
            self.left_out += 1
            return False
        return True

    def info(self, message: str, *args: Any) -> None:
        if self.allow():
            log.info(message, *args)


#: hostile frames and slow clients: one line per closed connection, a few a minute at most
HOSTILE = QuietLog()


class QuietFrames(logging.Filter):
    """uvicorn logs a text frame that is not UTF-8 with a full traceback at ERROR, once per
    connection it closes (1007): this keeps it to one short, rate-limited line."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg != "Invalid UTF-8 sequence received from client.":
            return True
        if not HOSTILE.allow():
            return False
        record.msg = "WebSocket text frame not UTF-8: connection closed (1007)"
        record.levelno, record.levelname = logging.INFO, "INFO"
        record.exc_info = record.exc_text = None
        record.args = ()
        return True


QUIET_FRAMES = QuietFrames()


def _enter(ip: str, conn: Any) -> Any:
    """Count ``conn`` as reading a request from ``ip``; returns the oldest such connection
    of ``ip`` if that makes more than the cap (the caller closes it), else ``None``. The
    oldest goes, not the newest: a client sending whole requests is never the oldest, so
    a slow one cannot keep it out."""
    conns = HALF_OPEN.setdefault(ip, {})
    conns[conn] = None
    if LIMITS.half_open > 0 and len(conns) > LIMITS.half_open:
        return next(iter(conns))
    return None


def _leave(ip: str, conn: Any) -> None:
    conns = HALF_OPEN.get(ip)
    if conns is not None:
        conns.pop(conn, None)
        if not conns:
            del HALF_OPEN[ip]


try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # pragma: no cover - uvicorn[standard] brings httptools
    HttpToolsProtocol = None  # type: ignore[assignment,misc]

if HttpToolsProtocol is not None:
    class GuardedHttp(HttpToolsProtocol):  # type: ignore[misc,valid-type]
        """uvicorn's httptools protocol with a deadline on reading each request: its
        headers within ``header_seconds`` of the connection (or, on a kept-alive one, of
        the request's first byte), its body within ``body_seconds`` of the headers; and at
        most ``half_open`` requests being read at once per client address (a new one
        closes the oldest). A client past a deadline is disconnected (it has not sent a
        whole request: there is nothing to answer)."""

        _reading = False
        _timer: asyncio.TimerHandle | None = None
        _ip = "unknown"

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._ip = str(self.client[0]) if self.client else "unknown"
            self._start_reading()

        def _start_reading(self) -> None:
            if self._reading:  # the connection's first request: timed from the connection
                return
            self._reading = True
            self._arm(LIMITS.header_seconds, "headers")
            oldest = _enter(self._ip, self)
            if oldest is not None:
                HOSTILE.info("%s: more than %d requests half-sent at once: the oldest "
                             "connection closed", self._ip, LIMITS.half_open)
                oldest._close_slow()

        def _close_slow(self) -> None:
            self._stop_reading()
            self.transport.close()

        def _stop_reading(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self._reading:
                self._reading = False
                _leave(self._ip, self)

        def _arm(self, seconds: float, what: str) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if seconds > 0:
                self._timer = self.loop.call_later(seconds, self._too_slow, seconds, what)

        def _too_slow(self, seconds: float, what: str) -> None:
            self._timer = None
            if self._reading and not self.transport.is_closing():
                HOSTILE.info("%s: request %s not read within %g s: connection closed",
                             self._ip, what, seconds)
                self._close_slow()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._start_reading()

        def on_headers_complete(self) -> None:
            super().on_headers_complete()
            if self.parser.should_upgrade() and self._should_upgrade():
                self._stop_reading()  # a WebSocket: its own protocol takes over
            elif self._reading:
                self._arm(LIMITS.body_seconds, "body")

        def on_message_complete(self) -> None:
            super().on_message_complete()
            self._stop_reading()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_reading()
            super().connection_lost(exc)

#: uvicorn's ``http`` option for ``clanboard serve`` ("auto" without httptools)
PROTOCOL = ("clanboard.server.core.connguard:GuardedHttp" if HttpToolsProtocol is not None
            else "auto")


def install(settings: Any) -> None:
    """Take ``settings``' read limits and quiet uvicorn's lines about hostile frames (again
    at start-up: uvicorn may have configured logging since)."""
    configure(settings)
    logging.getLogger("uvicorn.error").addFilter(QUIET_FRAMES)
