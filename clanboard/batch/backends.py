"""Where tasks run: in this process, in a local process pool, or on a Ray cluster.

A backend takes chunks of ``(index, argument)`` pairs and yields, in any order, what
each task gave: ``(index, True, result)`` or ``(index, False, error text)``. Tasks go in
chunks so that a remote call carries several short games (one call per game would cost
more than the game).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import traceback
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

from clanboard.batch.job import BatchError

Chunk = list[tuple[int, Any]]
Outcome = tuple[int, bool, Any]

RAY_MISSING = ("Ray is not installed: install the cluster extra "
               "(pip install 'clanboard[cluster]') to run jobs on a Ray cluster")


def run_chunk(fn: Callable[[Any], Any], chunk: Chunk) -> list[Outcome]:
    """Run a chunk's tasks one after the other; a task that raises is reported, and the
    rest of the chunk is not run (the job stops at the first failure)."""
    out: list[Outcome] = []
    for index, arg in chunk:
        try:
            out.append((index, True, fn(arg)))
        except Exception as exc:  # reported to the driver, which stops the job
            text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            out.append((index, False, text))
            break
    return out


class Backend(Protocol):
    """Runs chunks of tasks; ``workers`` is how many run at once."""

    name: str

    @property
    def workers(self) -> int: ...

    def run(self, fn: Callable[[Any], Any], chunks: Sequence[Chunk]) -> Iterator[Outcome]: ...


class InProcess:
    """Every task in this process, in order (no parallelism; easiest to debug)."""

    name = "in-process"
    workers = 1

    def run(self, fn: Callable[[Any], Any], chunks: Sequence[Chunk]) -> Iterator[Outcome]:
        for chunk in chunks:
            yield from run_chunk(fn, chunk)


def _ignore_sigint() -> None:
    # Ctrl-C reaches the whole process group: the driver alone handles it
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a handler inherited from Ray, say


def _pool_call(args: tuple[Callable[[Any], Any], Chunk]) -> list[Outcome]:
    return run_chunk(*args)


class Pool:
    """A pool of local processes (fork where available, so games registered at run time,
    e.g. by tests or plug-ins, exist in the workers)."""

    name = "pool"

    def __init__(self, workers: int | None = None) -> None:
        self._workers = max(1, workers or os.cpu_count() or 1)

    @property
    def workers(self) -> int:
        return self._workers

    def run(self, fn: Callable[[Any], Any], chunks: Sequence[Chunk]) -> Iterator[Outcome]:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        pool = ctx.Pool(min(self._workers, len(chunks)), initializer=_ignore_sigint)
        try:
            for outcomes in pool.imap_unordered(_pool_call, [(fn, c) for c in chunks]):
                yield from outcomes
            pool.close()
        finally:
            pool.terminate()  # also on Ctrl-C or an early stop: no orphan workers
            pool.join()


class Ray:
    """Tasks on a Ray cluster: ``address`` ``"auto"`` joins the cluster this machine is
    part of (``ray start``), ``"local"`` starts a private instance for this run, any
    other text is a cluster address (``ray://host:10001`` or ``host:6379``). When Ray is
    already initialised in this process (a notebook, the tests) that instance is used."""

    name = "ray"

    def __init__(self, address: str = "auto", num_cpus: int | None = None) -> None:
        try:
            import ray
        except ImportError as exc:
            raise BatchError(RAY_MISSING) from exc
        self._ray = ray
        self._started = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                      "configure_logging": False}
            try:
                if address == "local":
                    ray.init(num_cpus=num_cpus, **kwargs)
                else:
                    ray.init(address=address, **kwargs)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise BatchError(
                    f"cannot reach a Ray cluster at {address!r}: {exc} (start one with "
                    "`ray start --head`, or use --ray local for a private instance)"
                ) from exc
            self._started = True
        self._remote = ray.remote(run_chunk)

    @property
    def workers(self) -> int:
        return max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def run(self, fn: Callable[[Any], Any], chunks: Sequence[Chunk]) -> Iterator[Outcome]:
        ray = self._ray
        fn_ref = ray.put(fn)
        todo = list(chunks)
        todo.reverse()
        limit = 2 * self.workers  # chunks in flight: enough to keep every CPU busy
        pending: list[Any] = []
        first: dict[Any, int] = {}  # a chunk's first task, to name it if the chunk is lost
        try:
            while todo or pending:
                while todo and len(pending) < limit:
                    chunk = todo.pop()
                    ref = self._remote.remote(fn_ref, chunk)
                    first[ref] = chunk[0][0]
                    pending.append(ref)
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    try:
                        outcomes = ray.get(ref)
                    except ray.exceptions.RayError as exc:  # a lost node or worker, after
                        # Ray's own retries: the job stops, what finished is saved
                        yield first[ref], False, f"{type(exc).__name__}: {exc}"
                        return
                    yield from outcomes
        finally:
            for ref in pending:  # an early stop: do not leave work running on the cluster
                ray.cancel(ref, force=True)

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()


def make_backend(workers: int | None = None, ray: str | None = None) -> Backend:
    """The backend a command line asks for: ``--ray ADDRESS`` (Ray), else ``--workers``
    (1: in this process; more or none: a local pool, one process per core by default)."""
    if ray:
        return Ray(ray, num_cpus=workers or None)
    if workers == 1:
        return InProcess()
    return Pool(workers)
