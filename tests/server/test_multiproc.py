"""Several server processes on one PostgreSQL database: moves made through one process are
seen by watchers on another, moves reach the database in order whichever process takes
them, only the lease owner runs a table's AI, and a killed owner's tables are taken over
(kill -9 of a real `clanboard serve`). Also: leases with a fake clock, and `--workers 2`
refused on SQLite."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import Engine
from typer.testing import CliRunner

from clanboard.cli.main import app as cli_app
from clanboard.core import games as all_games
from clanboard.server.cluster import shared
from clanboard.server.cluster.lease import LeaseBook
from clanboard.server.core.storage import Store, make_engine, migrate
from clanboard.server.core.workers import WorkersRefused, check_workers
from tests.server.conftest import TestClient, app_starter, auth, new_table
from tests.support.liveserver import free_port

ROOT = Path(__file__).resolve().parents[2]
HAS_ST = "schotten-totten" in [g.id for g in all_games()]


@pytest.fixture
def two(pg_url: str, tmp_path: Path) -> Iterator[Callable[..., TestClient]]:
    """Start in-process apps on one PostgreSQL schema (call once per process)."""
    with app_starter(tmp_path, pg_url, lease_seconds=10.0) as make:
        yield make


def within(seconds: float, fn: Callable[[], Any]) -> Any:
    """``fn()`` (a blocking receive), failing the test if it takes longer than ``seconds``."""
    pool = ThreadPoolExecutor(1)
    try:
        return pool.submit(fn).result(timeout=seconds)
    finally:
        pool.shutdown(wait=False)  # a receive still blocked ends with its socket


def view(client: TestClient, tid: str, seat: int, token: str) -> dict[str, Any]:
    r = client.get(f"/api/tables/{tid}/view?seat={seat}", headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def move(client: TestClient, tid: str, seat: int, token: str, text: str,
         seq: int | None) -> httpx.Response:
    return client.post(f"/api/tables/{tid}/moves", headers=auth(token),
                       json={"seat": seat, "move": text, "seq": seq})


def stored_moves(url: str, tid: str) -> list[tuple[int, str]]:
    engine = make_engine(url)
    try:
        record = Store(engine).load(tid)
        assert record is not None
        return [(p, m) for p, m, _ in record.moves]
    finally:
        engine.dispose()


# -- two processes in one test process ------------------------------------------------------

def test_a_move_through_one_process_reaches_a_watcher_on_the_other(
        two: Callable[..., TestClient]) -> None:
    a, b = two(), two()
    t = new_table(a)
    tid, tok0 = t["table"], t["tokens"]["0"]
    with b.websocket_connect(f"/api/tables/{tid}/ws") as watcher:
        assert within(10, watcher.receive_json)["view"]["seq"] == 0
        v = view(a, tid, 0, tok0)
        r = move(a, tid, 0, tok0, v["legal_moves"][0], v["seq"])
        assert r.status_code == 200, r.text
        seen = within(10, watcher.receive_json)
        assert seen["type"] == "view" and seen["view"]["seq"] == 1
        # the watcher sees the card played, and what a spectator may: no hand
        assert seen["view"]["log"][0]["player"] == 0
        assert seen["view"]["observation"]["hand"] is None


def test_a_move_is_applied_from_its_notification_without_reading_it_back(
        two: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch) -> None:
    """The other process applies a stored move from what its notification carries (no
    query); a notification without the move (as before migration 0009) is read back."""
    a, b = two(), two()
    t = new_table(a)
    tid, tok0 = t["table"], t["tokens"]["0"]
    reads: list[int] = []
    real = shared._since
    with b.websocket_connect(f"/api/tables/{tid}/ws") as watcher:
        assert within(10, watcher.receive_json)["view"]["seq"] == 0
        v = view(a, tid, 0, tok0)
        def counted(*args: Any) -> Any:
            reads.append(args[2])
            return real(*args)

        monkeypatch.setattr(shared, "_since", counted)
        assert move(a, tid, 0, tok0, v["legal_moves"][0], v["seq"]).status_code == 200
        seen = within(10, watcher.receive_json)["view"]
        assert seen["seq"] == 1 and reads == []
        live = b.app.state.tables.live[tid]  # type: ignore[attr-defined]
        assert live.moves == a.app.state.tables.live[tid].moves  # type: ignore[attr-defined]
        # the same move announced the old way, "m <table> <seq>": read from the database
        live.moves.pop()
        live.texts.pop()
        live.state = live.state.game.new_state(2, live.state.seed, dict(live.state.options))
        follower = b.app.state.tables.shared  # type: ignore[attr-defined]
        follower._listener.loop.call_soon_threadsafe(follower.on_payload, f"m {tid} 0")
        assert within(10, watcher.receive_json)["view"]["seq"] == 1
        assert reads == [0]
    monkeypatch.undo()
    assert view(a, tid, 0, tok0)["log"] == view(b, tid, 0, tok0)["log"]


def test_a_notification_carries_a_move_as_json() -> None:
    assert shared._move_row('[1, [-1, 0, 1], "play 3 x"]') == (1, "play 3 x", [-1, 0, 1])
    for bad in ("", "[1, 2]", "not json", '["1", [], "x"]', '[1, ["a"], "x"]'):
        assert shared._move_row(bad) is None


def test_moves_through_both_processes_keep_their_order(
        two: Callable[..., TestClient], pg_url: str) -> None:
    """The seats play through alternating processes, each move sent with the sequence
    number the mover last saw (from the other process): all are accepted, in order."""
    a, b = two(), two()
    t = new_table(a)
    tid = t["table"]
    tokens = {int(k): v for k, v in t["tokens"].items()}
    played: list[tuple[int, str]] = []
    v = view(a, tid, 0, tokens[0])
    k = 0
    while v["status"] == "playing":
        seat = v["to_move"][0]
        v = view(a if k % 2 else b, tid, seat, tokens[seat])
        via = b if k % 2 else a  # the move goes to the process that did not show the view
        r = move(via, tid, seat, tokens[seat], v["legal_moves"][-1], v["seq"])
        assert r.status_code == 200, r.text
        played.append((seat, v["legal_moves"][-1]))
        v = r.json()
        assert v["seq"] == len(played)
        k += 1
    assert stored_moves(pg_url, tid) == played
    assert view(a, tid, 0, tokens[0])["log"] == view(b, tid, 0, tokens[0])["log"]


def test_a_process_that_missed_a_move_cannot_store_a_move_over_it(
        two: Callable[..., TestClient], pg_url: str) -> None:
    """B holds an old copy (its listener is stopped, so it never heard of two moves made
    through A). A move through B is stored after them, never in their place: the primary
    key refuses B's number, B reads what it missed and plays the move on the new position."""
    a, b = two(), two()
    t = new_table(a)
    tid = t["table"]
    tokens = {int(k): v for k, v in t["tokens"].items()}
    old = view(b, tid, 0, tokens[0])  # B loads the table now
    listener = b.app.state.tables.shared._listener  # type: ignore[attr-defined]
    listener.stop()
    hand = old["legal_moves"]
    assert move(a, tid, 0, tokens[0], hand[0], 0).status_code == 200
    reply = view(a, tid, 1, tokens[1])
    assert move(a, tid, 1, tokens[1], reply["legal_moves"][0], 1).status_code == 200
    b_tables = b.app.state.tables  # type: ignore[attr-defined]
    assert b_tables.live[tid].seq == 0  # B's copy is two moves behind
    r = move(b, tid, 0, tokens[0], hand[1], None)
    assert r.status_code == 200, r.text
    assert r.json()["seq"] == 3
    assert stored_moves(pg_url, tid) == [(0, hand[0]), (1, reply["legal_moves"][0]),
                                         (0, hand[1])]
    # a move numbered for the position B missed is refused as stale, not stored
    r = move(b, tid, 1, tokens[1], view(a, tid, 1, tokens[1])["legal_moves"][0], 1)
    assert r.status_code == 409 and r.json()["error"] == "stale_move"


def test_the_same_move_number_through_both_processes_is_stored_once(
        two: Callable[..., TestClient], pg_url: str) -> None:
    a, b = two(), two()
    t = new_table(a)
    tid, tok0 = t["table"], t["tokens"]["0"]
    hand = view(b, tid, 0, tok0)["legal_moves"]
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda c: move(c[0], tid, 0, tok0, c[1], 0),
                                [(a, hand[0]), (b, hand[1])]))
    codes = sorted(r.status_code for r in answers)
    assert codes == [200, 409], [r.text for r in answers]
    won = hand[0] if answers[0].status_code == 200 else hand[1]
    assert stored_moves(pg_url, tid) == [(0, won)]


def test_a_seat_taken_through_one_process_plays_through_the_other(
        two: Callable[..., TestClient]) -> None:
    a, b = two(), two()
    t = new_table(a, seats=[{"kind": "human"}, {"kind": "open"}])
    tid = t["table"]
    assert b.get(f"/api/tables/{tid}/view").json()["status"] == "waiting"  # B has a copy
    joined = a.post(f"/api/tables/{tid}/join", json={"name": "Morag"}).json()
    v = view(b, tid, 1, joined["token"])  # B knows the new seat's token at once
    assert v["status"] == "playing" and v["seats"][1]["name"] == "Morag"


def test_only_the_lease_owner_runs_the_ai_and_another_takes_over(
        two: Callable[..., TestClient]) -> None:
    """A table with an AI seat is leased by the process that started its AI; the other
    process does not run it. When the owner stops renewing (as if killed), the other
    takes the table over after the lease has run out and its AI answers."""
    a = two(lease_seconds=1.0)
    b = two(lease_seconds=1.0)
    t = new_table(a, seats=[{"kind": "human"}, {"kind": "ai", "agent": "random"}])
    tid, tok0 = t["table"], t["tokens"]["0"]
    shared = {c: c.app.state.tables.shared for c in (a, b)}  # type: ignore[attr-defined]
    v = view(b, tid, 0, tok0)
    assert move(b, tid, 0, tok0, v["legal_moves"][0], 0).status_code == 200
    wait_for_turn(a, tid, tok0, 2)
    book = shared[a].leases
    holder = book.holder(tid)
    assert holder is not None
    owner, other = (a, b) if holder[0] == shared[a].owner else (b, a)
    assert holder[0] == shared[owner].owner
    assert tid in shared[owner].held and tid not in shared[other].held
    # the owner stops as if killed: no more heartbeats, no AI, its leases left to expire
    shared[owner]._stopping = True
    owner.app.state.tables.closing = True  # type: ignore[attr-defined]
    v = wait_for_turn(other, tid, tok0, 2)
    assert move(other, tid, 0, tok0, v["legal_moves"][0], 2).status_code == 200
    wait_for_turn(other, tid, tok0, 4, timeout=15)
    assert book.holder(tid)[0] == shared[other].owner  # type: ignore[index]


def wait_for_turn(client: TestClient, tid: str, token: str, seq: int,
                  timeout: float = 10) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = view(client, tid, 0, token)
        if v["seq"] >= seq:
            return v
        time.sleep(0.05)
    raise AssertionError(f"the AI never made move {seq}")


# -- leases, with a fake clock ----------------------------------------------------------------

@pytest.fixture(params=["sqlite", "postgresql"])
def lease_engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    url = (f"sqlite:///{tmp_path / 'leases.db'}" if request.param == "sqlite"
           else request.getfixturevalue("pg_url"))
    engine = make_engine(url)
    migrate(engine)
    store = Store(engine)
    from clanboard.server.core.storage import StoredSeat, StoredTable

    for tid in ("t1", "t2"):
        store.create_table(StoredTable(tid, "toy-duel", None, {}, 2, 1, "playing",
                                       [StoredSeat(0, "human", "A"), StoredSeat(1, "ai", "B")]))
    yield engine
    engine.dispose()


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2030, 1, 1, 12, 0, 0)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def test_a_lease_has_one_owner_until_it_expires(lease_engine: Engine) -> None:
    clock = Clock()
    a = LeaseBook(lease_engine, "a", 10, clock)
    b = LeaseBook(lease_engine, "b", 10, clock)
    assert a.acquire("t1")
    assert not b.acquire("t1")
    assert a.acquire("t1")  # already ours: renewed
    clock.advance(9.9)
    assert not b.acquire("t1")
    assert b.expired() == []
    clock.advance(0.2)
    assert b.expired() == ["t1"]
    assert b.acquire("t1")
    assert a.holder("t1") == ("b", clock.now + timedelta(seconds=10))
    assert a.renew() == set()  # taken over: a no longer holds it
    assert not a.acquire("t1")


def test_renewal_keeps_a_lease_and_release_frees_it(lease_engine: Engine) -> None:
    clock = Clock()
    a = LeaseBook(lease_engine, "a", 10, clock)
    b = LeaseBook(lease_engine, "b", 10, clock)
    assert a.acquire("t1") and a.acquire("t2")
    for _ in range(5):  # heartbeats every 5 s keep both for 25 s
        clock.advance(5)
        assert a.renew() == {"t1", "t2"}
        assert not b.acquire("t1") and b.expired() == []
    a.release({"t2"})
    assert a.holder("t2") is None and b.acquire("t2")
    a.release()
    assert b.acquire("t1")
    with pytest.raises(ValueError, match="more than 0"):
        LeaseBook(lease_engine, "c", 0)


# -- workers -----------------------------------------------------------------------------------

def test_several_workers_on_sqlite_are_refused(tmp_path: Path) -> None:
    out = CliRunner().invoke(cli_app, ["serve", "--workers", "2", "--data-dir",
                                       str(tmp_path / "data")])
    assert out.exit_code == 2
    assert "needs PostgreSQL" in out.output and "SQLite" in out.output
    with pytest.raises(WorkersRefused, match="1 or more"):
        check_workers(0, "postgresql+psycopg://x/y")
    check_workers(2, "postgresql+psycopg://x/y")
    check_workers(1, "sqlite:///x.db")


# -- real processes: kill -9 of the lease owner ------------------------------------------------

def start(pg_url: str, port: int, lease: float, workers: int = 1) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CLANBOARD_LEASE_SECONDS": str(lease)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "clanboard.cli.main", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--db-url", pg_url, "--ai-workers", "0", "--workers",
         str(workers), "--log-level", "warning"],
        env=env, cwd=ROOT, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            err = proc.stderr.read().decode() if proc.stderr else ""
            raise RuntimeError(f"clanboard serve did not start: {err}")
        time.sleep(0.1)


def kill_9(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


@pytest.mark.skipif(not HAS_ST, reason="Schotten Totten is not installed")
def test_kill_9_of_the_lease_owner_the_other_process_takes_over(pg_url: str) -> None:
    """Two `clanboard serve` on one database; a game against an AI seat is played through
    both; the process owning the table is killed with SIGKILL; the other process takes
    the table over within the lease time, its AI keeps playing to the end, and every
    acknowledged move is in the record."""
    lease = 2.0
    ports = [free_port(), free_port()]
    procs = [start(pg_url, p, lease) for p in ports]
    try:
        apis = [httpx.Client(base_url=f"http://127.0.0.1:{p}", timeout=10) for p in ports]
        r = apis[0].post("/api/tables", json={
            "game": "schotten-totten", "variant": "base", "seed": 17,
            "seats": [{"kind": "human"}, {"kind": "ai", "agent": "random"}]})
        assert r.status_code == 201, r.text
        tid, token = r.json()["table"], r.json()["tokens"]["0"]
        acknowledged: list[tuple[int, str]] = []
        known = [0]  # the seq of the newest view a committing process answered with

        def turn(api: httpx.Client, timeout: float = 30) -> dict[str, Any]:
            """Seat 0's view once the AI has answered its last acknowledged move (a process
            may show a move made through the other a few milliseconds late)."""
            after = known[0]
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                v = api.get(f"/api/tables/{tid}/view?seat=0", headers=auth(token)).json()
                if v["status"] == "over" or (v["legal_moves"] and v["seq"] >= after):
                    return v  # type: ignore[no-any-return]
                time.sleep(0.05)
            raise AssertionError("the AI seat never moved")

        for k in range(6):  # through both processes in turn
            api = apis[k % 2]
            v = turn(api)
            r = api.post(f"/api/tables/{tid}/moves", headers=auth(token),
                         json={"seat": 0, "move": v["legal_moves"][0], "seq": v["seq"]})
            assert r.status_code == 200, r.text
            acknowledged.append((v["seq"], v["legal_moves"][0]))
            known[0] = r.json()["seq"]
        owner = LeaseBook(make_engine(pg_url), "test", 1).holder(tid)
        assert owner is not None
        # kill the owner (the process whose AI answered), keep the other
        pid_of = {procs[i].pid: i for i in range(2)}
        dead = next(i for pid, i in pid_of.items() if f":{pid}:" in owner[0])
        alive = apis[1 - dead]
        v = turn(alive)
        kill_9(procs[dead])
        killed_at = time.monotonic()
        killed_seq = v["seq"]
        r = alive.post(f"/api/tables/{tid}/moves", headers=auth(token),
                       json={"seat": 0, "move": v["legal_moves"][0], "seq": v["seq"]})
        assert r.status_code == 200, r.text
        acknowledged.append((v["seq"], v["legal_moves"][0]))
        known[0] = r.json()["seq"]
        v = turn(alive, timeout=lease * 3 + 10)
        taken_after = time.monotonic() - killed_at
        assert taken_after < lease * 3 + 10
        while v["status"] == "playing":  # the AI keeps answering to the end
            r = alive.post(f"/api/tables/{tid}/moves", headers=auth(token),
                           json={"seat": 0, "move": v["legal_moves"][0], "seq": v["seq"]})
            assert r.status_code == 200, r.text
            acknowledged.append((v["seq"], v["legal_moves"][0]))
            known[0] = r.json()["seq"]
            v = turn(alive)
        assert v["status"] == "over"
        record = alive.get(f"/api/tables/{tid}/record").json()
        assert [tuple(m) for m in record["moves"][:1]] == [(0, acknowledged[0][1])]
        for seq, text in acknowledged:  # every acknowledged move, where it was made
            assert tuple(record["moves"][seq]) == (0, text)
        # the AI went on after its owner died (through the surviving process)
        assert any(m[0] == 1 for m in record["moves"][killed_seq + 1:])
        holder = LeaseBook(make_engine(pg_url), "test", 1).holder(tid)
        assert holder is None or f":{procs[dead].pid}:" not in holder[0]
    finally:
        for p in procs:
            kill_9(p)


@pytest.mark.skipif(not HAS_ST, reason="Schotten Totten is not installed")
def test_workers_2_on_postgresql_serve_one_port(pg_url: str) -> None:
    """`clanboard serve --workers 2`: two processes answer on one port; a game is played."""
    port = free_port()
    proc = start(pg_url, port, 5.0, workers=2)
    try:
        api = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
        r = api.post("/api/tables", json={
            "game": "schotten-totten", "variant": "base", "seed": 3,
            "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert r.status_code == 201, r.text
        tid = r.json()["table"]
        tokens = r.json()["tokens"]
        for _ in range(6):  # new connections: the kernel spreads them over both workers
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as c:
                v = c.get(f"/api/tables/{tid}/view").json()
                seat = v["to_move"][0]
                mine = c.get(f"/api/tables/{tid}/view?seat={seat}",
                             headers=auth(tokens[str(seat)])).json()
                r = c.post(f"/api/tables/{tid}/moves", headers=auth(tokens[str(seat)]),
                           json={"seat": seat, "move": mine["legal_moves"][0],
                                 "seq": mine["seq"]})
                assert r.status_code == 200, r.text
        assert api.get(f"/api/tables/{tid}/view").json()["seq"] == 6
        procs = subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True,
                               text=True).stdout.split()
        assert len(procs) >= 3  # the supervisor and its two workers
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        finally:
            kill_9(proc)


def test_a_move_stored_though_its_answer_was_lost_is_not_missed(
        two: Callable[..., TestClient], pg_url: str) -> None:
    """The writer's connection fails after the commit (the answer is lost): the move is
    not acknowledged, but the process re-reads the table, so its copy and its watchers
    have the move, and its own announcement, ignored while it was being stored, is not
    needed. The next move is accepted on top of it."""
    import asyncio

    import psycopg

    a = two()
    t = new_table(a)
    tid = t["table"]
    tokens = {int(k): v for k, v in t["tokens"].items()}
    tables = a.app.state.tables  # type: ignore[attr-defined]
    writer = tables.writer
    real = writer.write

    async def lost_answer(*args: Any) -> None:
        await real(*args)
        await asyncio.sleep(0.5)  # the move's announcement comes (and is ignored) meanwhile
        raise psycopg.OperationalError("server closed the connection unexpectedly")

    v = view(a, tid, 0, tokens[0])
    with a.websocket_connect(f"/api/tables/{tid}/ws?seat=1") as watcher:
        watcher.send_json({"type": "auth", "token": tokens[1]})
        assert within(10, watcher.receive_json)["view"]["seq"] == 0
        writer.write = lost_answer
        with pytest.raises(psycopg.OperationalError):
            move(a, tid, 0, tokens[0], v["legal_moves"][0], 0)
        writer.write = real
        assert within(10, watcher.receive_json)["view"]["seq"] == 1  # read back, pushed
    assert tables.live[tid].seq == 1
    assert stored_moves(pg_url, tid) == [(0, v["legal_moves"][0])]
    reply = view(a, tid, 1, tokens[1])
    assert reply["seq"] == 1
    assert move(a, tid, 1, tokens[1], reply["legal_moves"][0], 1).status_code == 200


def test_a_resignation_through_one_process_ends_the_game_on_the_other(
        two: Callable[..., TestClient]) -> None:
    a, b = two(), two()
    t = new_table(a)
    tid, tok0, tok1 = t["table"], t["tokens"]["0"], t["tokens"]["1"]
    with b.websocket_connect(f"/api/tables/{tid}/ws") as watcher:
        assert within(10, watcher.receive_json)["view"]["status"] == "playing"
        r = a.post(f"/api/tables/{tid}/resign", json={"seat": 1}, headers=auth(tok1))
        assert r.status_code == 200, r.text
        seen = within(10, watcher.receive_json)
        assert seen["view"]["status"] == "over" and seen["view"]["result"]["winners"] == [0]
    # the other process refuses a move now, as the first would
    v = view(b, tid, 0, tok0)
    assert v["status"] == "over"
    r = move(b, tid, 0, tok0, "1", None)
    assert r.status_code == 409 and r.json()["error"] == "game_over"
