"""Running a job on a backend, with progress, a journal and a clean stop."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from clanboard.batch.backends import Backend, InProcess
from clanboard.batch.job import Job, JobInterrupted, Journal, TaskFailed

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called once at the start (with the tasks already done by an
earlier run) and after each task finishes, in the driver; counted in tasks, or in the
job's ``weights`` (e.g. games) when it gives them."""


def chunk_size(tasks: int, workers: int) -> int:
    """Tasks per remote call: about eight calls per worker, at most 16 tasks each (short
    calls keep the progress bar and the journal fresh and the workers evenly loaded)."""
    return max(1, min(16, tasks // (8 * max(1, workers))))


def run(job: Job[Any, Any], backend: Backend | None = None, *, folder: str | Path | None = None,
        resume: bool = False, progress: Progress | None = None,
        on_result: Callable[[int, Any], None] | None = None,
        chunk: int | None = None) -> list[Any]:
    """Run every task of ``job`` and return the restored results in task order.

    With ``folder`` each finished task is journalled there as it finishes; ``resume``
    continues a job the folder already holds, skipping its finished tasks (without it a
    folder holding a job is an error). Ctrl-C, or a ``progress``/``on_result`` callback
    raising ``KeyboardInterrupt``, stops the job and raises :class:`JobInterrupted`; a
    task that raises stops it with :class:`TaskFailed`. Either way what finished is saved.
    """
    backend = backend or InProcess()
    tasks = len(job.args)
    weights = list(job.weights) if job.weights is not None else [1] * tasks
    if len(weights) != tasks:
        raise ValueError(f"a job needs one weight per task: {len(weights)} for {tasks} tasks")
    total = sum(weights)
    journal = Journal(folder, job, resume) if folder is not None else None
    results: list[Any] = [None] * tasks
    done = finished = 0  # progress units, tasks
    try:
        if journal is not None:
            for index, data in journal.done.items():
                results[index] = job.restore(data)
                done += weights[index]
                finished += 1
        if progress:
            progress(done, total)
        left = [(i, job.args[i]) for i in range(tasks)
                if journal is None or i not in journal.done]
        size = chunk or chunk_size(len(left), backend.workers)
        chunks = [left[i:i + size] for i in range(0, len(left), size)]
        outcomes = backend.run(job.fn, chunks) if chunks else iter(())
        try:
            for index, ok, value in outcomes:
                if not ok:
                    raise TaskFailed(index, value)
                data = job.store(index, value)
                if journal is not None:
                    journal.add(index, data)
                results[index] = job.restore(data)
                done += weights[index]
                finished += 1
                if on_result:
                    on_result(index, results[index])
                if progress:
                    progress(done, total)
        finally:
            close = getattr(outcomes, "close", None)
            if close:
                close()  # stops the backend's workers on an early exit
    except KeyboardInterrupt as exc:
        raise JobInterrupted(finished, tasks, journal.folder if journal else None) from exc
    finally:
        if journal is not None:
            journal.close()
    return results
