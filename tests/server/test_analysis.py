"""The post-game analysis API: start, progress, results, refusals, bounds, cancel, restart."""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from clanboard.server.analysis import jobs as analysis
from clanboard.server.analysis.jobs import (
    DONE,
    Job,
    claim_job,
    release_claims,
    save_job,
    unfinished_jobs,
)
from clanboard.server.core.models import AnalysisRow
from tests.server.conftest import app_starter, new_table

AI_ONLY = [{"kind": "ai", "agent": "random"}, {"kind": "ai", "agent": "random"}]


def read(client: TestClient, url: str) -> dict[str, Any]:
    """GET ``url``, waiting out the per-address read limit (these tests poll: on a busy
    machine a slow analysis can take more reads than a minute allows)."""
    while True:
        response = client.get(url)
        if response.status_code != 429:
            body: dict[str, Any] = response.json()
            return body
        time.sleep(min(5.0, float(response.headers.get("Retry-After", "1"))))


def finished_table(client: TestClient, seed: int = 5) -> str:
    """A Schotten Totten table two random AIs play to the end."""
    table = new_table(client, game="schotten-totten", seed=seed, seats=AI_ONLY)["table"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if read(client, f"/api/tables/{table}/view")["status"] == "over":
            return str(table)
        time.sleep(0.05)
    raise AssertionError("the AIs did not finish")


def wait_for(client: TestClient, table: str, statuses: tuple[str, ...],
             seconds: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        body = read(client, f"/api/tables/{table}/analysis")
        if body["status"] in statuses:
            return body
        time.sleep(0.05)
    raise AssertionError(f"analysis still {body['status']}")


@pytest.fixture
def on_both(data_dir: Path, db_url: str | None) -> Iterator[Callable[..., TestClient]]:
    """Apps with analysis settings on SQLite and on PostgreSQL (call again to restart)."""
    with app_starter(data_dir, db_url) as make:
        yield make


def test_start_progress_and_result(on_both: Callable[..., TestClient]) -> None:
    client = on_both(analysis_iterations=4)
    table = finished_table(client)
    r = client.get(f"/api/tables/{table}/analysis")
    assert r.status_code == 404 and r.json()["error"] == "no_analysis"
    r = client.post(f"/api/tables/{table}/analysis")
    assert r.status_code == 202, r.text
    first = r.json()
    assert first["status"] in ("queued", "running", "done") and first["iterations"] == 4
    assert "seed" not in first
    seen = wait_for(client, table, ("done",))
    record = client.get(f"/api/tables/{table}/record").json()
    assert seen["done"] == seen["total"] == len(record["moves"]) == len(seen["moves"])
    assert seen["scale"] == "win_chance" and seen["thresholds"]["blunder"] == 0.3
    for i, m in enumerate(seen["moves"]):
        assert m["index"] == i and m["move"] == record["moves"][i][1]
        assert 0 <= m["after"] <= 1 and m["text"] and m["best_text"]
        assert m["mark"] in (None, "inaccuracy", "mistake", "blunder")
    assert "seed" not in str(seen.keys())
    again = client.post(f"/api/tables/{table}/analysis").json()  # the same job comes back
    assert again["moves"] == seen["moves"]
    ru = client.get(f"/api/tables/{table}/analysis?lang=ru").json()
    assert [m["before"] for m in ru["moves"]] == [m["before"] for m in seen["moves"]]
    # the AI's move on the board: the position after it, every hand shown (the game is over)
    other = next(m for m in seen["moves"] if m["best"] != m["move"])
    alt = client.get(f"/api/tables/{table}/analysis/{other['index']}/alternative").json()
    assert alt["move"] == other["best"] and alt["player"] == other["player"]
    assert alt["text"] == other["best_text"] and len(alt["observations"]) == 2
    replay = client.get(f"/api/tables/{table}/replay").json()["frames"]
    assert alt["observations"] != replay[other["index"] + 1]["observations"]
    r = client.get(f"/api/tables/{table}/analysis/{len(record['moves'])}/alternative")
    assert r.status_code == 404 and r.json()["error"] == "no_analysis"
    r = client.get(f"/api/tables/{table}/analysis/0/alternative?seat=2")
    assert r.status_code == 404 and r.json()["error"] == "no_such_seat"


def test_refused_for_an_unfinished_game_and_unknown_tables(serve: Callable[..., TestClient]
                                                           ) -> None:
    client = serve()
    table = new_table(client, game="schotten-totten")["table"]
    for method in ("post", "get", "delete"):
        r = getattr(client, method)(f"/api/tables/{table}/analysis")
        assert r.status_code == 409 and r.json()["error"] == "game_not_over", method
    r = client.post("/api/tables/nope/analysis")
    assert r.status_code == 404 and r.json()["error"] == "no_such_table"


def test_bounds(serve: Callable[..., TestClient]) -> None:
    client = serve(analysis_iterations=4, analysis_max_iterations=50, analysis_max_jobs=1)
    one, two = finished_table(client, 5), finished_table(client, 6)
    r = client.post(f"/api/tables/{one}/analysis", json={"iterations": 51})
    assert r.status_code == 422 and r.json()["error"] == "bad_iterations"
    assert "1 to 50" in r.json()["reason"]
    for bad in ({"iterations": 0}, {"iterations": "many"}, {"depth": 3}):
        r = client.post(f"/api/tables/{one}/analysis", json=bad)
        assert r.status_code == 400 and r.json()["error"] == "malformed_request", bad
    assert client.get(f"/api/tables/{one}/analysis").status_code == 404  # nothing started
    assert client.post(f"/api/tables/{one}/analysis", json={"iterations": 50}).status_code == 202
    r = client.post(f"/api/tables/{two}/analysis")
    assert r.status_code == 429 and r.json()["error"] == "too_many_analyses"
    client.delete(f"/api/tables/{one}/analysis")
    wait_for(client, one, ("cancelled",))
    assert client.post(f"/api/tables/{two}/analysis").status_code == 202  # room again


def test_cancel_keeps_what_is_done_and_a_restart_resumes(serve: Callable[..., TestClient]
                                                          ) -> None:
    client = serve(analysis_iterations=30)
    table = finished_table(client)
    client.post(f"/api/tables/{table}/analysis")
    while read(client, f"/api/tables/{table}/analysis")["done"] < 2:
        time.sleep(0.02)
    r = client.delete(f"/api/tables/{table}/analysis")
    assert r.status_code == 200
    stopped = wait_for(client, table, ("cancelled",))
    assert 2 <= stopped["done"] < stopped["total"]
    time.sleep(0.3)
    assert client.get(f"/api/tables/{table}/analysis").json()["done"] == stopped["done"]
    r = client.post(f"/api/tables/{table}/analysis")
    assert r.status_code == 202 and r.json()["done"] == stopped["done"]  # resumed, not anew
    done = wait_for(client, table, ("done",))
    assert done["moves"][:stopped["done"]] == stopped["moves"]


def test_a_job_survives_a_restart(on_both: Callable[..., TestClient]) -> None:
    client = on_both(analysis_iterations=30)
    table = finished_table(client)
    client.post(f"/api/tables/{table}/analysis")
    while read(client, f"/api/tables/{table}/analysis")["done"] < 1:
        time.sleep(0.05)
    client.__exit__(None, None, None)
    client = on_both(analysis_iterations=30)
    body = wait_for(client, table, ("done",))
    assert body["done"] == body["total"] > 0


def test_a_store_under_way_at_a_stop_does_not_keep_the_job_from_the_next_process(
        on_both: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch) -> None:
    """A stop releases the process's claims: a store of the job still running in its
    thread must not renew the claim after that, or the restarted server leaves the job
    alone until the claim runs out (on PostgreSQL, whose pool has several threads)."""
    from clanboard.server.analysis import jobs as analysis

    def slow_save(store: Any, job: Job, owner: str | None = None, *claim: float) -> None:
        time.sleep(0.4)  # the stop comes while a store is under way
        save_job(store, job, owner, *claim)

    client = on_both(analysis_iterations=30)
    table = finished_table(client)
    monkeypatch.setattr(analysis, "save_job", slow_save)
    client.post(f"/api/tables/{table}/analysis")
    while read(client, f"/api/tables/{table}/analysis")["status"] != "running":
        time.sleep(0.05)
    client.__exit__(None, None, None)
    monkeypatch.setattr(analysis, "save_job", save_job)
    client = on_both(analysis_iterations=30)
    body = wait_for(client, table, ("done",), seconds=30)
    assert body["done"] == body["total"] > 0


def test_a_queued_job_cancelled_and_asked_for_again(serve: Callable[..., TestClient]) -> None:
    client = serve(analysis_iterations=20)
    one, two = finished_table(client, 5), finished_table(client, 6)
    client.post(f"/api/tables/{one}/analysis")  # the worker takes this one
    assert client.post(f"/api/tables/{two}/analysis").json()["status"] == "queued"
    r = client.delete(f"/api/tables/{two}/analysis")
    assert r.json()["status"] == "cancelled"  # a queued job stops at once
    service = client.app.state.analyses  # type: ignore[attr-defined]
    for _ in range(3):
        client.post(f"/api/tables/{two}/analysis")
        client.delete(f"/api/tables/{two}/analysis")
    assert client.post(f"/api/tables/{two}/analysis").json()["status"] == "queued"
    assert service.queue.qsize() <= 1  # asked for four times, queued once
    assert wait_for(client, two, ("done",))["done"] > 0
    assert wait_for(client, one, ("done",))["done"] > 0


def test_a_job_is_claimed_by_one_process_at_a_time(on_both: Callable[..., TestClient]) -> None:
    client = on_both(analysis_iterations=4)
    table = finished_table(client)
    store = client.app.state.tables.store  # type: ignore[attr-defined]
    job = Job(table, 4, 1)
    save_job(store, job)
    assert [j.table_id for j in unfinished_jobs(store, 10)] == [table]
    assert claim_job(store, table, "a")
    assert not claim_job(store, table, "b")
    assert claim_job(store, table, "a")  # renewed
    assert unfinished_jobs(store, 10) == []  # not for a process that starts now
    assert claim_job(store, table, "a", seconds=-1)  # a claim that has run out
    assert claim_job(store, table, "b")
    release_claims(store, "b")
    assert claim_job(store, table, "c")
    job.status = DONE
    save_job(store, job)  # a finished job is nobody's, and not claimed again
    assert not claim_job(store, table, "c")


def test_two_processes_on_postgresql_run_a_job_once(pg_url: str, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A process that starts while another runs a job leaves it to that one, and shows the
    progress the other stores."""
    # the job's second move waits until B has started and the claim has been read: on a
    # busy machine A could otherwise finish, and give up its claim, before they are
    looked = threading.Event()
    moves = itertools.count()
    analyse = analysis.analyse_with_words

    def held(task: Any, names: list[str]) -> dict[str, Any]:
        if next(moves) == 1:
            looked.wait(60)
        return analyse(task, names)

    monkeypatch.setattr(analysis, "analyse_with_words", held)
    with app_starter(tmp_path, pg_url) as make:
        a = make(analysis_iterations=30)
        table = finished_table(a)
        try:
            assert a.post(f"/api/tables/{table}/analysis").status_code == 202
            while a.get(f"/api/tables/{table}/analysis").json()["done"] < 1:
                time.sleep(0.02)
            b = make(analysis_iterations=30)
            assert table not in b.app.state.analyses.jobs  # type: ignore[attr-defined]
            owner = a.app.state.analyses.owner  # type: ignore[attr-defined]
            with a.app.state.tables.store.sessions() as s:  # type: ignore[attr-defined]
                assert s.get(AnalysisRow, table).claimed_by == owner
        finally:
            looked.set()
        body = wait_for(b, table, ("done",))
        assert body["done"] == body["total"] > 0
        assert table not in b.app.state.analyses.jobs  # type: ignore[attr-defined]
