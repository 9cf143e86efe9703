"""PostgreSQL LISTEN/NOTIFY: a task on the event loop holding one connection that listens
on a channel and hands every notification's payload to a callback.

The database announces changes itself (triggers of migration 0006, sent when the writing
transaction commits), so every process hears of every committed move, whoever stored it.
A stored move's notification carries the move (migration 0009), so a process holding its
table needs no query to apply it. A lost connection is reopened; ``on_gap`` is then
called, since notifications sent in between are gone (the receiver re-reads what it holds).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import URL

log = logging.getLogger("clanboard.server")

CHANNEL = "clanboard"


def connect_kwargs(url: URL) -> dict[str, Any]:
    """psycopg connection arguments of a SQLAlchemy PostgreSQL URL (query options kept)."""
    kwargs: dict[str, Any] = url.translate_connect_args(username="user", database="dbname")
    for key, value in url.query.items():
        kwargs[key] = " ".join(value) if isinstance(value, tuple) else value
    kwargs.setdefault("application_name", "clanboard-listen")
    kwargs.setdefault("connect_timeout", 10)
    return kwargs


class Listener:
    """Listens on :data:`CHANNEL` in a task on ``loop`` (no thread: a notification costs
    the event loop one read); ``on_payload`` and ``on_gap`` run on ``loop``."""

    def __init__(self, url: URL, loop: asyncio.AbstractEventLoop,
                 on_payload: Callable[[str], None], on_gap: Callable[[], None]) -> None:
        self.kwargs = connect_kwargs(url)
        self.loop = loop
        self.on_payload = on_payload
        self.on_gap = on_gap
        self.ready = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def start(self, timeout: float = 15.0) -> None:
        """Start listening; returns once LISTEN is in place (or after ``timeout``)."""
        self._task = self.loop.create_task(self._run())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.ready.wait(), timeout)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    def stop(self, timeout: float = 10.0) -> None:
        """:meth:`close` from another thread than the loop's."""
        asyncio.run_coroutine_threadsafe(self.close(), self.loop).result(timeout)

    async def _run(self) -> None:
        import psycopg

        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(autocommit=True,
                                                                 **self.kwargs) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    if not first:
                        self.on_gap()
                    first = False
                    async for note in conn.notifies():
                        self.on_payload(note.payload)
            except Exception as exc:  # the database went away: try again shortly
                log.warning("listening for table changes: %s; reconnecting", exc)
                first = False
                await asyncio.sleep(1.0)
