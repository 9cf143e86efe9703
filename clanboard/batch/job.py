"""A batch job: a list of tasks, each a pure function applied to seeded arguments.

The same job gives the same results on every backend, because a task's result depends
only on its arguments (every random choice flows from seeds in them). Results come back
in task order. With a folder, each finished task is appended to ``journal.jsonl`` there
as it finishes; a job run again on the folder with ``resume=True`` skips those tasks.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

A = TypeVar("A")
R = TypeVar("R")

JOURNAL = "journal.jsonl"
JOURNAL_FORMAT = "clanboard-batch-journal"
JOURNAL_VERSION = 1


class BatchError(Exception):
    """A job cannot run as asked (bad folder, wrong job to resume, missing backend)."""


class JobInterrupted(BatchError):
    """The job was stopped (Ctrl-C or a callback); finished tasks are saved."""

    def __init__(self, done: int, total: int, folder: Path | None) -> None:
        where = f"; resume with --resume {folder}" if folder else ""
        super().__init__(f"stopped after {done} of {total} tasks{where}")
        self.done, self.total, self.folder = done, total, folder


class TaskFailed(BatchError):
    """A task raised; the tasks finished before it are saved."""

    def __init__(self, index: int, error: str) -> None:
        super().__init__(f"task {index + 1} failed: {error}")
        self.index, self.error = index, error


def _same(_index: int, result: Any) -> Any:
    return result


def _identity(data: Any) -> Any:
    return data


@dataclass(frozen=True)
class Job(Generic[A, R]):
    """What to run.

    ``fn`` must be a module-level function (or a ``functools.partial`` of one) so it can
    be sent to other processes and machines, and pure: its result depends only on its
    argument. ``store(index, result)`` runs in the driver as each task finishes and turns
    the result into JSON-ready data (it may write files, e.g. a game record or a data
    shard); ``restore`` reads that data back. :func:`clanboard.batch.run` returns the
    restored values, so a resumed job returns exactly what an uninterrupted one does.
    ``spec`` describes the job (JSON-ready) and is kept in the journal, so a command can
    be resumed from its folder alone. ``weights`` (one per task, default 1) is what each
    task counts for in the progress, e.g. the games of a task that plays several.
    """

    kind: str
    fn: Callable[[A], R]
    args: Sequence[A]
    store: Callable[[int, R], Any] = _same
    restore: Callable[[Any], Any] = _identity
    spec: Mapping[str, Any] = field(default_factory=dict)
    weights: Sequence[int] | None = None

    @property
    def fingerprint(self) -> str:
        """A digest of the kind and every argument: two jobs with equal fingerprints
        compute the same things."""
        h = hashlib.sha256(self.kind.encode())
        for a in self.args:
            h.update(repr(a).encode())
            h.update(b"\0")
        return h.hexdigest()[:32]


class Journal:
    """``journal.jsonl``: a header line naming the job, then one line per finished task."""

    def __init__(self, folder: str | Path, job: Job[Any, Any], resume: bool) -> None:
        self.folder = Path(folder)
        self.path = self.folder / JOURNAL
        self.done: dict[int, Any] = {}
        header = {"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION, "kind": job.kind,
                  "tasks": len(job.args), "fingerprint": job.fingerprint,
                  "spec": dict(job.spec)}
        if self.path.exists():
            saved, self.done = read_journal(self.folder)
            if not resume:
                raise BatchError(
                    f"{self.folder} already holds a job ({saved['kind']}, "
                    f"{len(self.done)} of {saved['tasks']} tasks done): resume it with "
                    f"--resume {self.folder}, or choose an empty folder"
                )
            if (saved["kind"], saved["tasks"], saved["fingerprint"]) != (
                    job.kind, len(job.args), job.fingerprint):
                raise BatchError(
                    f"{self.folder} holds a different job ({saved['kind']}, "
                    f"{saved['tasks']} tasks) than the one asked for ({job.kind}, "
                    f"{len(job.args)} tasks): resume it with the same settings"
                )
            self._drop_cut_line()
            self._file = self.path.open("a", encoding="utf-8")
        else:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._file = self.path.open("w", encoding="utf-8")
            self._write(header)

    def _drop_cut_line(self) -> None:
        """Cut a last line written only in part, so the next line starts afresh."""
        raw = self.path.read_bytes()
        if raw and not raw.endswith(b"\n"):
            with self.path.open("r+b") as f:
                f.truncate(raw.rfind(b"\n") + 1)

    def _write(self, data: Any) -> None:
        self._file.write(json.dumps(data, separators=(",", ":")) + "\n")
        self._file.flush()

    def add(self, index: int, data: Any) -> None:
        self._write({"task": index, "result": data})

    def close(self) -> None:
        self._file.close()


def read_journal(folder: str | Path) -> tuple[dict[str, Any], dict[int, Any]]:
    """The header and the finished tasks' stored results of a job folder. A last line cut
    short (the process was killed while writing it) is ignored; any other damage is an
    error."""
    path = Path(folder) / JOURNAL
    if not path.is_file():
        raise BatchError(f"{folder} holds no batch job (no {JOURNAL})")
    lines = path.read_text(encoding="utf-8").split("\n")
    done: dict[int, Any] = {}
    header: Any = None
    for n, line in enumerate(lines):
        if not line:
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            if n == len(lines) - 1:  # no newline yet: a write cut short
                break
            raise BatchError(f"{path} line {n + 1} is damaged: {exc}") from exc
        if header is None:
            if (not isinstance(data, dict) or data.get("format") != JOURNAL_FORMAT
                    or data.get("version") != JOURNAL_VERSION):
                raise BatchError(f"{path} is not a clanboard batch journal (version "
                                 f"{JOURNAL_VERSION})")
            header = data
            continue
        try:
            index = int(data["task"])
            result = data["result"]
        except (KeyError, TypeError, ValueError) as exc:
            raise BatchError(f"{path} line {n + 1} is not a task result: {line[:80]}") from exc
        if not 0 <= index < int(header["tasks"]):
            raise BatchError(f"{path} line {n + 1}: task {index} is out of range")
        done.setdefault(index, result)
    if header is None:
        raise BatchError(f"{path} is empty")
    return header, done
