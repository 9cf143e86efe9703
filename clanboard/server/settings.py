"""Server settings."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Settings:
    """How the server stores games and runs its AI seats.

    ``db_url`` defaults to a SQLite file ``clanboard.db`` under ``data_dir``.
    ``ai_workers`` > 0 runs AI seats in a process pool of that size (the GIL would
    otherwise make a long search stall every other table); 0 runs them in a thread.
    """

    data_dir: Path = Path("data")
    db_url: str | None = None
    ai_workers: int = min(4, os.cpu_count() or 1)
    #: processes that work out which moves are public, after the move is acknowledged
    #: (0: a thread; -1: on the event loop, before the acknowledgement)
    probe_workers: int = int(os.environ.get("CLANBOARD_PROBE_WORKERS", "1"))
    #: the most legal moves probed when deciding whether a move's notation is public
    visibility_probe_limit: int = int(os.environ.get("CLANBOARD_PROBE_LIMIT", "400"))

    def database_url(self) -> str:
        if self.db_url:
            return self.db_url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{(self.data_dir / 'clanboard.db').resolve()}"
