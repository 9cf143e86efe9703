"""WebSocket watchers: each has its own bounded queue and sender task, so a client that
does not read can never hold up its table; it is dropped instead."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from starlette.websockets import WebSocket

log = logging.getLogger("clanboard.server")

#: close code for a watcher that does not keep up (policy violation)
TOO_SLOW = 1008


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
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=max(1, queue))
        self.closed = asyncio.Event()
        self.reason: str | None = None
        self._task = asyncio.get_running_loop().create_task(self._send_loop())

    def offer(self, message: dict[str, Any]) -> None:
        """Queue ``message`` without waiting; a full queue drops the watcher."""
        if self.closed.is_set():
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.drop(f"too slow: {self.queue.maxsize} messages unread")

    def send_view(self, view: dict[str, Any]) -> None:
        self.offer({"type": "view", "view": view})

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
        while True:
            message = await self.queue.get()
            try:
                await asyncio.wait_for(self.ws.send_json(message), self.timeout)
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
