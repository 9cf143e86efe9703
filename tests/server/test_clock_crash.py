"""A timed game survives `kill -9`: after the restart each seat's clock is what was
stored with the last move, and the running clock kept running through the downtime."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from tests.server.test_crash_recovery import bearer, kill_9, pytestmark, serve
from tests.support.liveserver import free_port

__all__ = ["pytestmark"]


def test_clocks_are_intact_after_kill_9(tmp_path: Path, db_url: str | None) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with serve(tmp_path, db_url, port) as proc:
        api = httpx.Client(base_url=base, timeout=10)
        r = api.post("/api/tables", json={
            "game": "schotten-totten", "variant": "base", "seed": 9,
            "clock": {"kind": "realtime", "initial_s": 600, "increment_s": 15},
            "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert r.status_code == 201, r.text
        tid, tokens = r.json()["table"], r.json()["tokens"]
        v = api.get(f"/api/tables/{tid}/view?seat=0", headers=bearer(tokens["0"])).json()
        r = api.post(f"/api/tables/{tid}/moves", headers=bearer(tokens["0"]),
                     json={"seat": 0, "move": v["legal_moves"][0], "seq": v["seq"]})
        assert r.status_code == 200, r.text
        after = r.json()["clock"]
        assert after["running"] == [1] and 600 < after["remaining"][0] <= 615
        assert 599 < after["remaining"][1] <= 600
        kill_9(proc)
    time.sleep(1.0)  # the server is down; seat 1's clock runs on

    with serve(tmp_path, db_url, port):
        api = httpx.Client(base_url=base, timeout=10)
        v = api.get(f"/api/tables/{tid}/view").json()
        down = v["clock"]["server_time"] - after["server_time"]
        assert down >= 1.0
        assert v["seq"] == 1 and v["status"] == "playing"
        assert v["clock"]["remaining"][0] == after["remaining"][0]  # not running: as stored
        assert v["clock"]["running"] == [1]
        # seat 1's clock ran on from the stored time of the move, through the downtime
        assert v["clock"]["remaining"][1] == pytest.approx(after["remaining"][1] - down)
        assert v["clock"]["kind"] == "realtime" and v["clock"]["increment_s"] == 15
