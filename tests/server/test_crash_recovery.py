"""`clanboard serve` killed with SIGKILL mid-game and restarted: the game goes on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from clanboard.core import GameRecord, replay
from clanboard.core import games as all_games
from tests.support.liveserver import free_port

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif("schotten-totten" not in [g.id for g in all_games()],
                                reason="Schotten Totten is not installed")


@contextmanager
def serve(data_dir: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "clanboard.cli.main", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--data-dir", str(data_dir), "--ai-workers", "1",
         "--log-level", "warning"],
        env=env, cwd=ROOT, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                err = proc.stderr.read().decode() if proc.stderr else ""
                raise RuntimeError(f"clanboard serve did not start: {err}")
            time.sleep(0.1)
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


def my_turn(api: httpx.Client, tid: str, token: str) -> dict[str, Any]:
    """Wait until the AI has answered: seat 0 has moves or the game is over."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        v = api.get(f"/api/tables/{tid}/view?seat=0",
                    headers={"Authorization": f"Bearer {token}"}).json()
        if v["legal_moves"] or v["status"] == "over":
            return v  # type: ignore[no-any-return]
        time.sleep(0.05)
    raise AssertionError("the AI seat never moved")


def play(api: httpx.Client, tid: str, token: str, v: dict[str, Any]) -> dict[str, Any]:
    r = api.post(f"/api/tables/{tid}/moves", headers={"Authorization": f"Bearer {token}"},
                 json={"seat": 0, "move": v["legal_moves"][0], "seq": v["seq"]})
    assert r.status_code == 200, r.text
    return my_turn(api, tid, token)


def test_kill_9_and_restart_continue_the_game(tmp_path: Path) -> None:
    port = free_port()
    with serve(tmp_path, port) as proc:
        api = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
        r = api.post("/api/tables", json={
            "game": "schotten-totten", "variant": "base", "seed": 2024,
            "seats": [{"kind": "human"}, {"kind": "ai", "agent": "random"}]})
        assert r.status_code == 201, r.text
        tid, token = r.json()["table"], r.json()["tokens"]["0"]
        v = my_turn(api, tid, token)
        for _ in range(4):
            v = play(api, tid, token, v)
        # a move is acknowledged only once committed: kill at once, no clean shutdown
        api.post(f"/api/tables/{tid}/moves", headers={"Authorization": f"Bearer {token}"},
                 json={"seat": 0, "move": v["legal_moves"][0], "seq": v["seq"]}
                 ).raise_for_status()
        acknowledged = v["seq"] + 1
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)

    with serve(tmp_path, port):
        api = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
        v = my_turn(api, tid, token)  # the AI seat resumes if it was to move
        assert v["seq"] >= acknowledged + 1
        assert v["log"][acknowledged - 1]["player"] == 0
        while v["status"] != "over":
            v = play(api, tid, token, v)
        record = GameRecord.from_json(api.get(f"/api/tables/{tid}/record").json())
        assert record.seed == 2024 and len(record.moves) == v["seq"]
        assert replay(record).observation(0) == v["observation"]
