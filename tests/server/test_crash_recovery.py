"""`clanboard serve` killed with SIGKILL mid-game, alone or under load, and restarted on
the same database (a SQLite file, or PostgreSQL through ``--db-url``): the games go on and
no acknowledged move is lost."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
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
def serve(data_dir: Path, db_url: str | None, port: int) -> Iterator[subprocess.Popen[bytes]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    storage = ["--db-url", db_url] if db_url else []
    proc = subprocess.Popen(
        [sys.executable, "-m", "clanboard.cli.main", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--data-dir", str(data_dir), *storage, "--ai-workers", "1",
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


def kill_9(proc: subprocess.Popen[bytes]) -> None:
    """No clean shutdown: the server and its AI workers die at once."""
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def my_turn(api: httpx.Client, tid: str, token: str) -> dict[str, Any]:
    """Wait until the AI has answered: seat 0 has moves or the game is over."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        v = api.get(f"/api/tables/{tid}/view?seat=0", headers=bearer(token)).json()
        if v["legal_moves"] or v["status"] == "over":
            return v  # type: ignore[no-any-return]
        time.sleep(0.05)
    raise AssertionError("the AI seat never moved")


def play(api: httpx.Client, tid: str, token: str, v: dict[str, Any]) -> dict[str, Any]:
    r = api.post(f"/api/tables/{tid}/moves", headers=bearer(token),
                 json={"seat": 0, "move": v["legal_moves"][0], "seq": v["seq"]})
    assert r.status_code == 200, r.text
    return my_turn(api, tid, token)


class Player(threading.Thread):
    """Plays both seats of one table as fast as the server answers, noting every move the
    server acknowledged, until the server goes away."""

    def __init__(self, base: str, table: dict[str, Any]) -> None:
        super().__init__(daemon=True)
        self.api = httpx.Client(base_url=base, timeout=10)
        self.tid: str = table["table"]
        self.tokens = {int(k): v for k, v in table["tokens"].items()}
        self.acknowledged: list[tuple[int, int, str]] = []  # (seq, seat, move)
        self.failure: BaseException | None = None

    def view(self, seat: int) -> dict[str, Any]:
        r = self.api.get(f"/api/tables/{self.tid}/view?seat={seat}",
                         headers=bearer(self.tokens[seat]))
        r.raise_for_status()
        return r.json()  # type: ignore[no-any-return]

    def run(self) -> None:
        try:
            v = self.view(0)
            while v["status"] == "playing":
                seat = v["to_move"][0]
                v = self.view(seat)
                move = v["legal_moves"][len(self.acknowledged) % len(v["legal_moves"])]
                r = self.api.post(f"/api/tables/{self.tid}/moves", headers=bearer(
                    self.tokens[seat]), json={"seat": seat, "move": move, "seq": v["seq"]})
                if r.status_code != 200:
                    raise AssertionError(f"move refused: {r.status_code} {r.text}")
                self.acknowledged.append((v["seq"], seat, move))
                v = r.json()
        except httpx.TransportError:
            pass  # the server was killed: whatever was in flight is not acknowledged
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            self.failure = exc


def test_kill_9_under_load_loses_no_acknowledged_move(tmp_path: Path,
                                                      db_url: str | None) -> None:
    """Eight tables played flat out and one against an AI seat; SIGKILL with requests in
    flight; after the restart every acknowledged move is there and every game goes on (the
    AI game to its end, its record replaying to the same position)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with serve(tmp_path, db_url, port) as proc:
        api = httpx.Client(base_url=base, timeout=10)
        r = api.post("/api/tables", json={
            "game": "schotten-totten", "variant": "base", "seed": 2024,
            "seats": [{"kind": "human"}, {"kind": "ai", "agent": "random"}]})
        assert r.status_code == 201, r.text
        tid, token = r.json()["table"], r.json()["tokens"]["0"]
        v = my_turn(api, tid, token)
        for _ in range(4):
            v = play(api, tid, token, v)
        tables = []
        for i in range(8):
            r = api.post("/api/tables", json={
                "game": "schotten-totten", "variant": "base", "seed": 7 + i,
                "seats": [{"kind": "human"}, {"kind": "human"}]})
            assert r.status_code == 201, r.text
            tables.append(r.json())
        players = [Player(base, t) for t in tables]
        for p in players:
            p.start()
        deadline = time.monotonic() + 30
        while sum(len(p.acknowledged) for p in players) < 80:
            assert time.monotonic() < deadline, "the games did not get going"
            assert all(p.is_alive() or p.failure is None for p in players), \
                [p.failure for p in players]
            time.sleep(0.02)
        # a move is acknowledged only once committed: kill at once, the AI seat answering it
        api.post(f"/api/tables/{tid}/moves", headers=bearer(token),
                 json={"seat": 0, "move": v["legal_moves"][0], "seq": v["seq"]}
                 ).raise_for_status()
        acknowledged = v["seq"] + 1
        kill_9(proc)  # every player has a request in flight or about to be
        for p in players:
            p.join(timeout=15)
        assert [p.failure for p in players] == [None] * len(players)

    with serve(tmp_path, db_url, port):
        for p in players:
            assert p.acknowledged, "every game had moved before the kill"
            views = {seat: p.view(seat) for seat in p.tokens}
            for seq, seat, move in p.acknowledged:
                log = views[seat]["log"]
                entry = log[seq] if seq < len(log) else {}
                assert (entry.get("seq"), entry.get("player"), entry.get("move")) == \
                    (seq, seat, move), f"acknowledged move {seq} ({move}) of table {p.tid} was lost"
            assert views[0]["seq"] >= len(p.acknowledged)
            # the game goes on from where the database left it
            v = views[0]
            if v["status"] == "playing":
                seat = v["to_move"][0]
                mine = p.view(seat)
                r = p.api.post(f"/api/tables/{p.tid}/moves", headers=bearer(p.tokens[seat]),
                               json={"seat": seat, "move": mine["legal_moves"][0],
                                     "seq": mine["seq"]})
                assert r.status_code == 200, r.text
                assert r.json()["seq"] == mine["seq"] + 1

        api = httpx.Client(base_url=base, timeout=10)
        v = my_turn(api, tid, token)  # the AI seat resumes if it was to move
        assert v["seq"] >= acknowledged + 1
        assert v["log"][acknowledged - 1]["player"] == 0
        while v["status"] != "over":
            v = play(api, tid, token, v)
        record = GameRecord.from_json(api.get(f"/api/tables/{tid}/record").json())
        assert record.seed == 2024 and len(record.moves) == v["seq"]
        assert replay(record).observation(0) == v["observation"]
