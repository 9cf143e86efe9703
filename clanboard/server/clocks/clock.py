"""Game clocks: a time control chosen per table, kept by the server alone.

A *real-time* clock gives each human seat a bank of ``initial_s`` seconds and adds
``increment_s`` after each of its moves; a *correspondence* clock gives a seat
``days_per_move`` days for each move. A seat's clock runs while the game waits for it
(every waiting seat's at a simultaneous step). AI seats have no clock. Times are seconds
since the epoch from an injectable :class:`Clock` (tests use a fake one, never sleeps).
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from clanboard.i18n import ai_level, localized
from clanboard.server.core.errors import ApiError
from clanboard.server.core.events import SeatEvent

#: bounds of a time control (a client may not make the server keep a table for years)
INITIAL_S = (10, 3 * 3600)
INCREMENT_S = (0, 600)
DAYS_PER_MOVE = (1, 14)
DAY = 86400.0

MESSAGES = {
    "timeout_loss": "{who} ran out of time: {winner} wins on time",
    "timeout_loss_alone": "{who} ran out of time and loses",
    "timeout_ai": "{who} ran out of time: an AI ({agent}) plays this seat from now on",
}
"""Words of the clock (the log and the end screen)."""


class Clock(Protocol):
    """Where the server gets the time and waits for it."""

    def now(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


class SystemClock:
    """The wall clock (stored timestamps must survive a restart: not monotonic time)."""

    def now(self) -> float:
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


@dataclass(frozen=True)
class TimeControl:
    """A table's time control: ``kind`` is ``realtime`` or ``correspondence``."""

    kind: str
    initial_s: float = 0.0
    increment_s: float = 0.0
    days_per_move: int = 0

    @property
    def allowance(self) -> float:
        """A fresh clock: the bank (real time) or the time for one move (correspondence)."""
        return self.initial_s if self.kind == "realtime" else self.days_per_move * DAY

    def to_json(self) -> dict[str, Any]:
        if self.kind == "realtime":
            return {"kind": "realtime", "initial_s": self.initial_s,
                    "increment_s": self.increment_s}
        return {"kind": "correspondence", "days_per_move": self.days_per_move}

    @classmethod
    def parse(cls, data: Any) -> TimeControl | None:
        """A time control from a request's ``clock`` (``None``: untimed); a clear 422
        saying what is allowed otherwise."""
        if data is None:
            return None
        if not isinstance(data, dict):
            raise _bad("clock must be an object such as {\"kind\": \"realtime\", "
                       "\"initial_s\": 600, \"increment_s\": 15} or {\"kind\": "
                       "\"correspondence\", \"days_per_move\": 1}")
        kind = data.get("kind")
        if kind == "realtime":
            _only(data, {"kind", "initial_s", "increment_s"})
            initial = _number(data, "initial_s", INITIAL_S, required=True)
            increment = _number(data, "increment_s", INCREMENT_S, required=False)
            return cls("realtime", initial_s=initial, increment_s=increment)
        if kind == "correspondence":
            _only(data, {"kind", "days_per_move"})
            days = data.get("days_per_move")
            if isinstance(days, bool) or not isinstance(days, int) \
                    or not DAYS_PER_MOVE[0] <= days <= DAYS_PER_MOVE[1]:
                raise _bad(f"clock.days_per_move must be a whole number of days "
                           f"{DAYS_PER_MOVE[0]}-{DAYS_PER_MOVE[1]}, not {days!r}")
            return cls("correspondence", days_per_move=days)
        raise _bad(f"clock.kind must be 'realtime' or 'correspondence', not {kind!r}")

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> TimeControl | None:
        """A stored time control (trusted: it was checked when the table was made)."""
        if not data:
            return None
        return cls(str(data["kind"]), float(data.get("initial_s", 0)),
                   float(data.get("increment_s", 0)), int(data.get("days_per_move", 0)))


def _bad(reason: str) -> ApiError:
    return ApiError(422, "bad_clock", reason)


def _only(data: dict[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        raise _bad(f"clock: unknown field(s) {', '.join(extra)}; a {data['kind']} clock "
                   f"takes {', '.join(sorted(allowed))}")


def _number(data: dict[str, Any], key: str, bounds: tuple[int, int], required: bool) -> float:
    value = data.get(key)
    if value is None and not required:
        return 0.0
    if isinstance(value, bool) or not isinstance(value, int | float) \
            or not math.isfinite(value) or not bounds[0] <= value <= bounds[1]:
        raise _bad(f"clock.{key} must be a number of seconds {bounds[0]}-{bounds[1]}, "
                   f"not {value!r}")
    return float(value)


@dataclass
class Clocks:
    """The clocks of one table: each seat's time left (``None``: no clock, an AI seat) as
    of ``since``, when the running clocks last started."""

    control: TimeControl
    remaining: list[float | None]
    since: float

    @classmethod
    def start(cls, control: TimeControl, kinds: Sequence[str], now: float) -> Clocks:
        return cls(control, [None if k == "ai" else control.allowance for k in kinds], now)

    def left(self, running: Sequence[int], now: float) -> list[float | None]:
        """Each seat's time left at ``now`` (never below 0)."""
        spent = max(0.0, now - self.since)
        return [None if r is None else max(0.0, r - spent) if s in running else r
                for s, r in enumerate(self.remaining)]

    def deadline(self, running: Sequence[int]) -> float | None:
        """When the first running clock runs out (``None``: none is running)."""
        banks = [self.remaining[s] for s in running if self.remaining[s] is not None]
        return self.since + min(b for b in banks if b is not None) if banks else None

    def out_of_time(self, running: Sequence[int], now: float) -> list[int]:
        """Running seats whose time is up, the first to run out first."""
        left = self.left(running, now)
        out = [s for s in running if left[s] is not None and left[s] == 0.0]
        return sorted(out, key=lambda s: (self.remaining[s] or 0.0, s))

    def moved(self, mover: int, running: Sequence[int], waiting_after: Sequence[int],
              now: float) -> None:
        """Charge the running seats up to ``now``; then the mover gets its increment (real
        time), or the mover and every seat newly to move a fresh day count
        (correspondence)."""
        self.remaining = self.left(running, now)
        self.since = now
        if self.remaining[mover] is None:
            return
        if self.control.kind == "realtime":
            self.remaining[mover] = (self.remaining[mover] or 0.0) + self.control.increment_s
            return
        for s in {mover, *waiting_after}:
            if self.remaining[s] is not None and (s == mover or s not in running):
                self.remaining[s] = self.control.allowance

    def restart(self, now: float) -> None:
        """The clocks start now (the last seat was taken)."""
        self.since = now

    def to_json(self) -> dict[str, Any]:
        return {"remaining": list(self.remaining), "since": self.since}

    @classmethod
    def from_json(cls, control: TimeControl, data: dict[str, Any]) -> Clocks:
        return cls(control, [None if r is None else float(r) for r in data["remaining"]],
                   float(data["since"]))


class Timeout(SeatEvent):
    """A seat whose clock ran out at move ``seq``: it lost (``outcome`` ``"loss"``) or an
    AI took it over (``"ai"``, with ``agent``)."""

    KIND = "timeout"

    @property
    def final(self) -> bool:
        """True if it ended the game (a loss on time)."""
        return self.outcome == "loss"

    def words(self, names: Sequence[str], lang: str) -> str:
        m = localized(MESSAGES, lang)
        who = names[self.seat]
        if self.outcome == "ai":
            return m["timeout_ai"].format(who=who, agent=ai_level(self.agent or "", lang))
        if not self.winners:
            return m["timeout_loss_alone"].format(who=who)
        return m["timeout_loss"].format(who=who,
                                        winner=", ".join(names[w] for w in self.winners))


def clock_record(table: Any) -> dict[str, Any]:
    """What a finished table's record adds about its clocks and result: the time control,
    the clocks after each move, the clocks that ran out, a result not the game's own."""
    out: dict[str, Any] = {}
    if table.clocks is not None:
        out["clock"] = table.clocks.control.to_json()
        out["clocks"] = [None if c is None else c["remaining"] for c in table.move_clocks]
    if table.events:
        out["events"] = [e.to_json() for e in table.events]
    if table.result_override is not None:
        out["result"] = dict(table.result_override)
    return out


def frame_clock(table: Any, i: int) -> list[float | None] | None:
    """Each seat's time left at replay frame ``i`` (after ``i`` moves)."""
    if table.clocks is None:
        return None
    if i == 0:
        control = table.clocks.control
        return [None if s.kind == "ai" and not _taken_over(table, s.seat) else
                control.allowance for s in table.seats]
    entry = table.move_clocks[i - 1] if i - 1 < len(table.move_clocks) else None
    return None if entry is None else list(entry["remaining"])


def _taken_over(table: Any, seat: int) -> bool:
    return any(e.seat == seat and e.outcome == "ai" for e in table.events)
