"""A clock for tests: time moves only when the test says so; sleepers (the server's clock
timers, on the app's event loop in another thread) wake when it passes their time."""

from __future__ import annotations

import asyncio
import threading


class FakeClock:
    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.t = start
        self._lock = threading.Lock()
        self._sleepers: list[tuple[float, asyncio.AbstractEventLoop, asyncio.Future[None]]] = []

    def now(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        with self._lock:
            if seconds <= 0:
                return
            entry = (self.t + seconds, loop, fut)
            self._sleepers.append(entry)
        try:
            await fut
        finally:
            with self._lock:
                if entry in self._sleepers:
                    self._sleepers.remove(entry)

    def advance(self, seconds: float) -> None:
        """Move time on and wake every sleeper whose time has come."""
        with self._lock:
            self.t += seconds
            due = [e for e in self._sleepers if e[0] <= self.t]
            self._sleepers = [e for e in self._sleepers if e[0] > self.t]
        for _, loop, fut in due:
            loop.call_soon_threadsafe(_wake, fut)


def _wake(fut: asyncio.Future[None]) -> None:
    if not fut.done():
        fut.set_result(None)
