"""PostgreSQL LISTEN/NOTIFY: a thread holding one connection that listens on a channel and
hands every notification's payload to the event loop.

The database announces changes itself (triggers of migration 0006, sent when the writing
transaction commits), so every process hears of every committed move, whoever stored it.
A stored move's notification carries the move (migration 0009), so a process holding its
table needs no query to apply it. A lost connection is reopened; ``on_gap`` is then
called, since notifications sent in between are gone (the receiver re-reads what it holds).
"""

from __future__ import annotations

import asyncio
import logging
import threading
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
    """Listens on :data:`CHANNEL` in a daemon thread; ``on_payload`` and ``on_gap`` run on
    ``loop``."""

    def __init__(self, url: URL, loop: asyncio.AbstractEventLoop,
                 on_payload: Callable[[str], None], on_gap: Callable[[], None],
                 poll: float = 0.5) -> None:
        self.kwargs = connect_kwargs(url)
        self.loop = loop
        self.on_payload = on_payload
        self.on_gap = on_gap
        self.poll = poll
        self.stopping = threading.Event()
        self.ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="clanboard-listen",
                                        daemon=True)

    def start(self, timeout: float = 15.0) -> None:
        """Start listening; returns once LISTEN is in place (or after ``timeout``)."""
        self._thread.start()
        self.ready.wait(timeout)

    def stop(self) -> None:
        self.stopping.set()
        if self._thread.is_alive():
            self._thread.join(timeout=self.poll * 4 + 1)

    def _run(self) -> None:
        import psycopg

        first = True
        while not self.stopping.is_set():
            try:
                with psycopg.connect(autocommit=True, **self.kwargs) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    if not first:
                        self.loop.call_soon_threadsafe(self.on_gap)
                    first = False
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=self.poll):
                            self.loop.call_soon_threadsafe(self.on_payload, note.payload)
            except Exception as exc:  # the database went away: try again shortly
                if self.stopping.is_set():
                    return
                log.warning("listening for table changes: %s; reconnecting", exc)
                first = False
                self.stopping.wait(1.0)
