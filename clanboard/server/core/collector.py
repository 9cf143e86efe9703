"""The garbage collector of a serving process.

A server holds every live table's state, log and words for minutes: hundreds of thousands
of objects that live long but are made all the time (each move makes a new state). The
standard collector traced them again and again, in pauses of 40-60 ms of CPU (twice that
on a busy machine) every few seconds at 1,000 games, which stalled every table at once
(docs/notes/web-load-history.md, "The garbage collector").

So every second what is alive is *frozen* (``gc.freeze``): moved out of the collector's
generations, never traced again. Frozen objects still go when nothing refers to them;
only garbage in reference cycles among them stays, until a full collection. That comes
when the frozen heap has grown ``growth`` times since the last one (the rule of Go's
collector, ``GOGC=100`` for 2), and not within ``min_interval`` seconds of the last one (or
of the start): a full collection is a pause in proportion to the heap (0.6 s at 1,000 live
games), so a heap that grows fast (a server filling up) does not pay it at every doubling.
A server that serves the same number of games keeps about the same heap, and needs a full
collection only when such garbage has come to match its live objects.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger("clanboard.server")

#: the standard collector's thresholds while serving: fewer, shorter young collections
THRESHOLDS = (50_000, 50, 100)
#: below this many frozen objects no full collection is made (a start-up's heap)
FLOOR = 100_000
#: seconds between counts of the frozen objects
COUNT_EVERY = 60.0


def tune() -> None:
    """The collector's thresholds for a serving process."""
    gc.set_threshold(*THRESHOLDS)


class Collector:
    """Freezes the live objects on each :meth:`tick`; a full collection first when the
    frozen heap has grown ``growth`` times since the last one, at least ``min_interval``
    seconds after it."""

    def __init__(self, growth: float = 2.0, min_interval: float = 600.0,
                 floor: int = FLOOR) -> None:
        if growth <= 1:
            raise ValueError(f"growth must be above 1, not {growth}")
        self.growth = growth
        self.min_interval = min_interval
        self.floor = floor
        self.baseline = 0
        self.last_full = self.last_count = time.monotonic()
        self.full_collections = 0

    def start(self) -> None:
        gc.freeze()
        self.baseline = gc.get_freeze_count()
        self.last_full = time.monotonic()

    def tick(self) -> int | None:
        """Freeze what is alive now; returns the objects a full collection reclaimed, or
        ``None`` when none was due."""
        gc.freeze()
        now = time.monotonic()
        # counting walks every frozen object (7 ms at 800,000): once a minute at most
        if (now - self.last_full < self.min_interval
                or now - self.last_count < min(COUNT_EVERY, self.min_interval)):
            return None
        self.last_count = now
        frozen = gc.get_freeze_count()
        if frozen < self.growth * max(self.baseline, self.floor):
            return None
        gc.unfreeze()
        started = time.perf_counter()
        found = gc.collect()
        gc.freeze()
        self.baseline = gc.get_freeze_count()
        self.last_full = self.last_count = time.monotonic()
        self.full_collections += 1
        log.info("full garbage collection: %d objects reclaimed of %d in %.0f ms", found,
                 frozen, 1000 * (time.perf_counter() - started))
        return found

    def stop(self) -> None:
        """Hand every object back to the standard collector."""
        gc.unfreeze()


async def collect_forever(collector: Collector, every: float) -> None:
    """Tick ``collector`` every ``every`` seconds until cancelled; then stop it."""
    collector.start()
    try:
        while True:
            await asyncio.sleep(every)
            collector.tick()
    finally:
        collector.stop()
