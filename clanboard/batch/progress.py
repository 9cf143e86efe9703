"""Showing a job's progress (tasks done / total) on the command line.

On a terminal a rich progress bar; when stderr is piped or a file, plain lines (about
every tenth of the job, and at least every 30 s), so logs of long runs show progress.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from types import TracebackType
from typing import IO, Any

WORDS = {"eta": "eta", "running": "{elapsed}s elapsed, eta {eta}s", "took": "{seconds}s"}
"""The display's own words (a command speaking another language passes its own)."""


class ProgressDisplay:
    """A :data:`clanboard.batch.Progress` callback; use it as a context manager."""

    def __init__(self, description: str, unit: str = "games", stream: IO[str] | None = None,
                 every_seconds: float = 30.0, words: Mapping[str, str] | None = None) -> None:
        from rich.console import Console

        self.description = description
        self.unit = unit
        self.words = {**WORDS, **(words or {})}
        self.stream = stream or sys.stderr
        self.console = Console(file=self.stream)
        self.every = every_seconds
        self._bar: Any = None
        self._task: Any = None
        self._last = (-1, 0.0)  # tenth of the job, time of the last plain line
        self._start = time.perf_counter()
        self._first_done: int | None = None

    def __enter__(self) -> ProgressDisplay:
        if self.console.is_terminal:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._bar = Progress(
                TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                TextColumn(self.unit), TimeElapsedColumn(), TextColumn(self.words["eta"]),
                TimeRemainingColumn(), console=self.console, transient=True,
            )
            self._bar.__enter__()
        self._start = time.perf_counter()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.__exit__(kind, exc, tb)

    def __call__(self, done: int, total: int) -> None:
        if self._first_done is None:
            self._first_done = done
        if self._bar is not None:
            if self._task is None:
                self._task = self._bar.add_task(self.description, total=total,
                                                completed=done)
            self._bar.update(self._task, completed=done)
            return
        now = time.perf_counter()
        tenth = done * 10 // max(1, total)
        if done != total and tenth == self._last[0] and now - self._last[1] < self.every:
            return
        self._last = (tenth, now)
        elapsed = now - self._start
        line = f"{self.description}: {done}/{total} {self.unit} ({done / max(1, total):.0%})"
        fresh = done - self._first_done
        if fresh and done < total:
            line += ", " + self.words["running"].format(
                elapsed=f"{elapsed:.0f}", eta=f"{elapsed / fresh * (total - done):.0f}")
        elif done == total:
            line += ", " + self.words["took"].format(seconds=f"{elapsed:.1f}")
        print(line, file=self.stream, flush=True)
