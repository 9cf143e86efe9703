"""WebSocket watchers: each has its own bounded queue and sender task, so a client that
does not read can never hold up its table; it is dropped instead.

Messages are queued as JSON text, encoded once for every watcher that gets the same one.
A socket opened with ``log=delta`` gets, after its first view, views whose ``log`` holds
only the entries from ``log_from`` on: those before it are the ones it was last sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

import orjson
from starlette.websockets import WebSocket

log = logging.getLogger("clanboard.server")

#: close code for a watcher that does not keep up (policy violation)
TOO_SLOW = 1008
#: the views of one broadcast, encoded, by (seat, language, the first log entry sent)
Encoded = dict[tuple[int | None, str, int | None], str]


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def encode(message: dict[str, Any]) -> str:
    """Compact JSON text (UTF-8, not ASCII-escaped; int keys as strings), by orjson: the
    standard library's encoder was a tenth of a loaded server's CPU. What orjson refuses
    (an integer past 64 bits) goes through the standard encoder."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return _ENCODER.encode(message)


def unchanged(held: list[Any], log: list[Any]) -> int:
    """How many entries at the start of ``log`` are those of ``held``."""
    n = min(len(held), len(log))
    if log[:n] == held[:n]:
        return n
    return next(i for i in range(n) if log[i] != held[i])


class SocketWatcher:
    """Sends messages to one WebSocket in order, from a queue of at most ``queue`` messages;
    a full queue or a send slower than ``timeout`` seconds drops the watcher: its socket
    is closed with :data:`TOO_SLOW` and ``closed`` is set."""

    def __init__(self, ws: WebSocket, seat: int | None, queue: int = 32,
                 timeout: float = 10.0) -> None:
        self.ws = ws
        self.seat = seat
        self.lang = "en"  # the language of the views it gets
        self.timeout = timeout
        #: views carry only the log entries this client lacks (``log=delta``)
        self.delta = False
        #: the log of the last view sent (with ``delta``)
        self.held: list[dict[str, Any]] | None = None
        self.queue: asyncio.Queue[str] = asyncio.Queue(maxsize=max(1, queue))
        self.closed = asyncio.Event()
        self.reason: str | None = None
        self._task = asyncio.get_running_loop().create_task(self._send_loop())

    def offer(self, message: dict[str, Any]) -> None:
        """Queue ``message`` without waiting; a full queue drops the watcher."""
        if message.get("type") == "view":
            self.offer_view(message["view"])
        elif not self.closed.is_set():
            self._put(encode(message))

    def offer_view(self, view: dict[str, Any], encoded: Encoded | None = None) -> None:
        """Queue a view message (with ``delta``, its log from the first entry that
        differs from the last view's); ``encoded`` shares the text between the watchers
        of one broadcast (whose views are those of their seat and language)."""
        if self.closed.is_set():
            return
        start = None
        if self.delta:
            start = 0 if self.held is None else unchanged(self.held, view["log"])
            self.held = view["log"]
        key = (self.seat, self.lang, start)
        text = None if encoded is None else encoded.get(key)
        if text is None:
            if start is not None:
                view = {**view, "log": view["log"][start:], "log_from": start}
            text = encode({"type": "view", "view": view})
            if encoded is not None:
                encoded[key] = text
        self._put(text)

    def send_view(self, view: dict[str, Any]) -> None:
        self.offer_view(view)

    def _put(self, text: str) -> None:
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.drop(f"too slow: {self.queue.maxsize} messages unread")

    def drop(self, reason: str) -> None:
        if self.closed.is_set():
            return
        self.reason = reason
        self.closed.set()
        self._task.cancel()
        asyncio.get_running_loop().create_task(self._close(reason))

    async def _close(self, reason: str) -> None:
        log.info("watcher dropped: %s", reason)
        with contextlib.suppress(Exception, asyncio.TimeoutError):
            await asyncio.wait_for(self.ws.close(code=TOO_SLOW, reason=reason[:100]),
                                   self.timeout)

    async def _send_loop(self) -> None:
        # not ``while True``: a cancel that arrives as a send finishes must still end it;
        # asyncio.timeout, not wait_for: no task per message
        while not self.closed.is_set():
            message = await self.queue.get()
            try:
                async with asyncio.timeout(self.timeout):
                    await self.ws.send_text(message)
            except TimeoutError:
                self.reason = f"too slow: a send took over {self.timeout:g} s"
                self.closed.set()
                asyncio.get_running_loop().create_task(self._close(self.reason))
                return
            except Exception:  # the socket is gone
                self.reason = self.reason or "disconnected"
                self.closed.set()
                return

    async def stop(self) -> None:
        """End the sender task (the socket is closing)."""
        self.closed.set()
        self._task.cancel()
        await asyncio.wait([self._task])
