"""One execution layer for batch game work: arenas, self-play data, and any other job
made of independent seeded tasks (ladders, tuning, analysis).

A :class:`Job` is a list of tasks, each a pure function applied to seeded arguments;
:func:`run` executes it on a backend — :class:`InProcess`, a local :class:`Pool` (the
default of the commands) or a :class:`Ray` cluster (the optional ``clanboard[cluster]``
extra) — and returns the results in task order, the same on every backend. See
docs/cluster.md.
"""

from clanboard.batch.backends import RAY_MISSING, Backend, InProcess, Pool, Ray, make_backend
from clanboard.batch.job import BatchError, Job, JobInterrupted, TaskFailed, read_journal
from clanboard.batch.runner import Progress, run

__all__ = [
    "RAY_MISSING", "Backend", "BatchError", "InProcess", "Job", "JobInterrupted", "Pool",
    "Progress", "Ray", "TaskFailed", "make_backend", "read_journal", "run",
]
