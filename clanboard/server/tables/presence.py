"""Presence: whether each seat's player is connected, away or disconnected.

A seat is *connected* while one of its watchers (a table WebSocket, a bot stream) is open
and, for a browser, its page is shown and its heartbeat (``{"type": "ping"}``, every
:data:`PING_SECONDS`) is recent; *away* when its page is hidden or its heartbeats stopped
for ``away_after`` seconds; *disconnected* with no watcher. AI seats are always connected.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

STATES = ("connected", "away", "disconnected")
#: how often the web page sends its heartbeat
PING_SECONDS = 15.0


def watcher_state(watcher: Any, now: float, away_after: float) -> str:
    """``connected`` or ``away`` for one open watcher (one without heartbeats, such as a
    bot stream, is connected while open)."""
    if getattr(watcher, "hidden", False):
        return "away"
    beat = getattr(watcher, "beat", None)
    if beat is not None and now - beat > away_after:
        return "away"
    return "connected"


def seat_presence(kinds: Sequence[str], watchers: Iterable[Any], now: float,
                  away_after: float) -> list[str]:
    """Each seat's presence, the best of its watchers'."""
    out = ["connected" if k == "ai" else "disconnected" for k in kinds]
    for w in watchers:
        seat = getattr(w, "seat", None)
        if seat is None or not 0 <= seat < len(out):
            continue
        state = watcher_state(w, now, away_after)
        if STATES.index(state) < STATES.index(out[seat]):
            out[seat] = state
    return out


def joined(watcher: Any, now: float) -> None:
    """A watcher just connected: it counts as connected until its heartbeats stop."""
    watcher.beat = now
    watcher.hidden = False


def heartbeat(watcher: Any, message: dict[str, Any], now: float) -> None:
    """Note a ``{"type": "ping", "hidden": bool}`` from ``watcher``; from now on it is
    sent ``{"type": "presence"}`` messages (a client that never pings gets presence only
    in its views)."""
    watcher.beat = now
    watcher.hidden = bool(message.get("hidden", False))
    watcher.wants_presence = True


def wants_presence(watcher: Any) -> bool:
    return bool(getattr(watcher, "wants_presence", False))
