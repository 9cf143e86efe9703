"""The same seeded arena gives the same games in this process, in a pool and on Ray."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from clanboard import batch
from clanboard.ai.arena import agent_labels, arena_job, check, plan, run_arena
from clanboard.batch import BatchError, InProcess, Pool, Ray, make_backend

GAME = "schotten-totten"
AGENTS = ["heuristic", "random"]


def played(backend: batch.Backend, games: int = 24, seed: int = 5) -> list[Any]:
    """Per game what the seeds decide (everything but the clock)."""
    n, opts = check(GAME, AGENTS)
    job = arena_job(plan(GAME, AGENTS, games, seed, n, opts), agent_labels(AGENTS))
    outcomes = batch.run(job, backend, chunk=5)
    assert [o.index for o in outcomes] == list(range(games))
    return [(o.seat_agents, o.returns, o.scores, o.decisions, o.moves, o.error)
            for o in outcomes]


def untimed(report: Any) -> list[dict[str, Any]]:
    return [{k: v for k, v in a.to_json().items() if "decision_s" not in k}
            for a in report.agents]


def test_pool_plays_the_same_games_as_in_process() -> None:
    here = played(InProcess())
    assert here == played(Pool(2))
    assert len({(r[2][0], r[2][1], r[4]) for r in here}) > 3  # the games do differ


def test_ray_plays_the_same_games_and_survives_a_lost_worker(ray_instance: Any,
                                                             tmp_path: Path) -> None:
    """One test, so that a parallel test run starts one Ray instance, not one per worker."""
    backend = Ray("local")  # Ray already runs in this process: the backend joins it
    assert backend.workers == 2
    assert played(backend) == played(InProcess())
    local = run_arena(GAME, AGENTS, 12, seed=9, workers=1)
    remote = run_arena(GAME, AGENTS, 12, seed=9, backend=backend)
    assert untimed(remote) == untimed(local) and remote.seat_points == local.seat_points

    # a worker process that vanishes (as on a lost node) fails its task after Ray's
    # retries; the job stops, keeps what finished and resumes
    job = batch.Job("test", _dies_on_five, list(range(8)))
    with pytest.raises(batch.TaskFailed, match="task 6 failed: WorkerCrashedError"):
        batch.run(job, backend, folder=tmp_path, chunk=1)
    _, done = batch.read_journal(tmp_path)
    assert 5 not in done and all(done[i] == i * i for i in done)
    assert batch.run(batch.Job("test", _square, list(range(8))), backend,
                     folder=tmp_path, resume=True) == [x * x for x in range(8)]


def _dies_on_five(x: int) -> int:
    if x == 5:
        os._exit(3)  # the worker process vanishes, as on a lost node
    return x * x


def test_a_failing_task_stops_the_job_with_its_error() -> None:
    job = batch.Job("test", _fails_on_three, list(range(8)))
    for backend in (InProcess(), Pool(2)):
        with pytest.raises(batch.TaskFailed, match="task 4 failed: ValueError: three"):
            batch.run(job, backend, chunk=2)


def _fails_on_three(x: int) -> int:
    if x == 3:
        raise ValueError("three")
    return x * x


def test_results_come_back_in_task_order() -> None:
    job = batch.Job("test", _square, list(range(40)))
    assert batch.run(job, Pool(2), chunk=3) == [x * x for x in range(40)]


def _square(x: int) -> int:
    return x * x


def test_choosing_a_backend() -> None:
    assert isinstance(make_backend(1), InProcess)
    pool = make_backend(3)
    assert isinstance(pool, Pool) and pool.workers == 3


def test_ray_missing_says_to_install_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    with pytest.raises(BatchError, match=r"clanboard\[cluster\]"):
        make_backend(2, "auto")
