"""The second hostile pass (issue 43), kept closed: seeds only where fair, CSRF whatever
other headers come, strict types, the one error envelope (parser errors too), short
echoes, hostile WebSocket frames, invisible characters in names and chat, slow-loris
clients, analysis jobs taken up after their claim runs out, the table cache's byte bound.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from starlette.websockets import WebSocketDisconnect

from clanboard.core import games as all_games
from clanboard.server import Settings, create_app
from clanboard.server.analysis.jobs import Job, save_job
from clanboard.server.core import connguard
from clanboard.server.core.models import AnalysisRow
from clanboard.server.core.textcheck import invisible
from tests.server.browsers import signed_up
from tests.server.conftest import TestClient, auth, new_table
from tests.support.liveserver import free_port

ROOT = Path(__file__).resolve().parents[2]
HUMANS = [{"kind": "human"}, {"kind": "human"}]
OPEN = [{"kind": "human"}, {"kind": "open"}]
RLO = "\u202e"


# -- 1. seeds only where fair ------------------------------------------------------------------

def test_a_seed_with_only_the_creators_seats_is_fair(client: TestClient) -> None:
    t = new_table(client, seed=7, seats=HUMANS)
    assert t["seeded"] is False
    assert client.get(f"/api/tables/{t['table']}/view").json()["seeded"] is False


def test_a_seed_with_an_open_seat_marks_the_table_for_every_joiner(client: TestClient) -> None:
    t = new_table(client, seed=7, seats=OPEN)
    tid = t["table"]
    assert t["seeded"] is True
    listed = {x["id"]: x for x in client.get("/api/tables").json()}
    assert listed[tid]["seeded"] is True  # the lobby shows it
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Flora"}).json()
    view = client.get(f"/api/tables/{tid}/view?seat={joined['seat']}",
                      headers=auth(joined["token"])).json()
    assert view["seeded"] is True  # and the table, to the joiner
    unseeded = new_table(client, seed=None, seats=OPEN)  # a secret shuffle: unmarked
    assert unseeded["seeded"] is False


def test_a_bot_challenge_with_a_seed_is_marked(client: TestClient) -> None:
    r = client.post("/api/bot/challenge", json={"game": "toy-duel", "seed": 3})
    assert r.status_code == 201, r.text
    assert r.json()["seeded"] is True
    tid = r.json()["table"]
    assert client.get(f"/api/tables/{tid}/view").json()["seeded"] is True
    r = client.post("/api/bot/challenge", json={"game": "toy-duel"})
    assert r.json()["seeded"] is False


def test_a_seeded_table_is_never_rated(client: TestClient) -> None:
    b = signed_up(client, "Catriona")
    r = b.post("/api/tables", json={"game": "toy-duel", "seed": 3, "rated": True,
                                    "seats": OPEN})
    assert r.status_code == 422 and r.json()["error"] == "bad_options", r.text


# -- 3. CSRF whatever other headers come --------------------------------------------------------

def test_a_junk_bearer_header_does_not_skip_the_csrf_check(client: TestClient) -> None:
    b = signed_up(client, "Isla")
    junk = {"Authorization": "Bearer junk"}
    r = b.post("/api/account/bot-token", csrf=False, headers=junk)
    assert r.status_code == 403 and r.json()["error"] == "csrf_failed", r.text
    assert b.post("/api/account/logout", csrf=False, headers=junk).status_code == 403
    assert b.get("/api/account").json()["user"] == {"name": "Isla"}  # still logged in
    r = b.post("/api/account/bot-token", headers=junk)  # with the page's CSRF token
    assert r.status_code == 201, r.text


# -- 6. strict types, one envelope, short echoes -------------------------------------------------

def test_a_bool_is_not_a_seat_nor_a_number(client: TestClient) -> None:
    t = new_table(client, seats=HUMANS)
    tid, tokens = t["table"], t["tokens"]
    for body in ({"seat": True, "move": "x"}, {"seat": 0, "move": "x", "seq": False}):
        r = client.post(f"/api/tables/{tid}/moves", json=body, headers=auth(tokens["1"]))
        assert r.status_code == 400 and r.json()["error"] == "malformed_request", r.text
    r = client.post("/api/tables", json={"game": "toy-duel", "seats": HUMANS, "private": 1})
    assert r.status_code == 400
    r = client.post(f"/api/tables/{tid}/takeback", json={"seat": 0, "n": True},
                    headers=auth(tokens["0"]))
    assert r.status_code == 400
    assert client.get(f"/api/tables/{tid}/view").json()["seq"] == 0


@pytest.mark.parametrize("body", [
    b"[" * 20000 + b"]" * 20000,                       # deeper than the parser goes
    b'{"seat": 0, "move": "x", "seq": ' + b"9" * 5000 + b"}",  # longer than int() reads
    b'{"seat": 0, "move": "x"',                         # cut off
])
def test_parser_errors_answer_the_one_envelope(client: TestClient, body: bytes) -> None:
    t = new_table(client, seats=HUMANS)
    r = client.post(f"/api/tables/{t['table']}/moves", content=body,
                    headers={"Content-Type": "application/json", **auth(t["tokens"]["0"])})
    assert r.status_code == 400, r.text
    assert r.json()["error"] == "malformed_request" and r.json()["reason"]
    assert "detail" not in r.json()


def test_the_frameworks_own_refusals_answer_the_one_envelope(client: TestClient) -> None:
    r = client.get("/api/no-such-thing")
    assert r.status_code == 404 and set(r.json()) == {"error", "reason"}
    r = client.put("/api/tables")
    assert r.status_code == 405 and r.json()["error"] == "method_not_allowed"


def test_a_stale_move_does_not_echo_a_huge_seq(client: TestClient) -> None:
    t = new_table(client, seats=HUMANS)
    seat = client.get(f"/api/tables/{t['table']}/view").json()["to_move"][0]
    r = client.post(f"/api/tables/{t['table']}/moves", headers=auth(t["tokens"][str(seat)]),
                    json={"seat": seat, "move": "x", "seq": int("9" * 4000)})
    assert r.status_code == 409 and r.json()["error"] == "stale_move"
    assert len(r.json()["reason"]) < 200
    r = client.get(f"/api/games/{'g' * 3000}/rules")
    assert r.status_code == 404 and len(r.json()["reason"]) < 400


def test_deeply_nested_json_on_a_table_socket_closes_it_with_4400(client: TestClient) -> None:
    t = new_table(client, seats=HUMANS)
    with client.websocket_connect(f"/api/tables/{t['table']}/ws") as ws:
        assert ws.receive_json()["type"] == "view"
        ws.send_text("[" * 20000 + "]" * 20000)
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 4400


def test_a_bool_seq_on_a_socket_is_refused(client: TestClient) -> None:
    t = new_table(client, seats=HUMANS)
    seat = client.get(f"/api/tables/{t['table']}/view").json()["to_move"][0]
    url = f"/api/tables/{t['table']}/ws?seat={seat}&token={t['tokens'][str(seat)]}"
    with client.websocket_connect(url) as ws:
        view = ws.receive_json()["view"]
        ws.send_json({"move": view["legal_moves"][0], "seq": True})
        while (m := ws.receive_json())["type"] != "error":
            pass
        assert m["error"] == "malformed_request"
    assert client.get(f"/api/tables/{t['table']}/view").json()["seq"] == 0


# -- 5. invisible characters in names and chat ---------------------------------------------------

@pytest.mark.parametrize("text, refused", [
    (f"ok{RLO}evil", True), ("a\u2066b\u2069", True), ("zero\u200bwidth", True),
    ("\u200eleft", True), ("arabic\u061cmark", True), ("soft\u00adhyphen", True),
    ("line\u2028sep", True), ("stray tag \U000e0067", True),
    ("Ailsa", False), ("Морвен", False), ("アイラ", False),
    ("family \U0001f468\u200d\U0001f469\u200d\U0001f467", False),  # ZWJ in emoji
    ("\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Alba", False),
])
def test_what_counts_as_invisible(text: str, refused: bool) -> None:
    assert bool(invisible(text)) is refused


def test_names_and_chat_refuse_bidi_controls_with_a_translated_reason(client: TestClient
                                                                      ) -> None:
    r = client.post("/api/tables?lang=ru", json={"game": "toy-duel", "seats": [
        {"kind": "human", "name": f"Mor{RLO}ag"}, {"kind": "human"}]})
    assert r.status_code == 422 and r.json()["error"] == "invisible_characters", r.text
    assert "невидимые" in r.json()["reason"]
    t = new_table(client, seats=OPEN)
    tid = t["table"]
    r = client.post(f"/api/tables/{tid}/join?lang=ja", json={"name": "a\u200bb"})
    assert r.status_code == 422 and "見えない" in r.json()["reason"]
    assert client.get(f"/api/tables/{tid}/view").json()["status"] == "waiting"  # not taken
    r = client.post(f"/api/tables/{tid}/chat?lang=uk", headers=auth(t["tokens"]["0"]),
                    json={"seat": 0, "text": f"gg{RLO}"})
    assert r.status_code == 422 and "невидимі" in r.json()["reason"]
    r = client.post(f"/api/tables/{tid}/chat", json={"text": "hi", "name": f"x{RLO}"})
    assert r.status_code == 422 and "invisible" in r.json()["reason"]
    with client.websocket_connect(f"/api/tables/{tid}/ws?lang=ru") as ws:
        ws.receive_json()
        ws.send_json({"type": "chat", "text": f"look{RLO}here"})
        while (m := ws.receive_json())["type"] != "error":
            pass
        assert m["error"] == "invisible_characters" and "невидимые" in m["reason"]
    assert client.get(f"/api/tables/{tid}/chat").json()["messages"] == []  # nothing stored
    r = client.post(f"/api/tables/{tid}/chat", headers=auth(t["tokens"]["0"]),
                    json={"seat": 0, "text": "well played \U0001f468\u200d\U0001f373"})
    assert r.status_code == 201, r.text


# -- 7. the table cache bounded by bytes ---------------------------------------------------------

def test_the_table_cache_keeps_to_its_byte_budget_finished_tables_first(
        serve: Callable[..., TestClient]) -> None:
    client = serve(max_live_mib=0.1)  # about 100 KiB: a handful of small tables
    tables = client.app.state.tables  # type: ignore[attr-defined]
    playing = new_table(client, seats=HUMANS)["table"]
    finished = []
    for i in range(6):
        t = new_table(client, seed=i, seats=[{"kind": "ai", "agent": "random"}] * 2)
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{t['table']}/view").json()["status"] != "over":
            assert time.monotonic() < deadline
            time.sleep(0.02)
        finished.append(t["table"])
    tables.evict_to_budget()
    total = sum(t.estimated_bytes() for t in tables.live.values())
    assert total <= 0.1 * 1024 * 1024 or len(tables.live) == 1
    assert playing in tables.live  # finished tables went first
    assert any(f not in tables.live for f in finished)
    for f in finished:  # an evicted table is read back from storage when asked for
        assert client.get(f"/api/tables/{f}/view").json()["status"] == "over"


# -- 2. analysis jobs taken up when their claim runs out, cancelled for real ---------------------

def _stale_claim(client: TestClient, table: str, seconds: float, status: str = "running"
                 ) -> None:
    """The job of ``table`` as a process that died left it: running, claimed for
    ``seconds`` more by an owner that will never renew it."""
    store = client.app.state.tables.store  # type: ignore[attr-defined]
    save_job(store, Job(table, 30, 1, status=status, total=0), owner="dead-process",
             seconds=seconds)


def _finished_table(client: TestClient) -> str:
    t = new_table(client, game="schotten-totten", seed=5,
                  seats=[{"kind": "ai", "agent": "random"}] * 2)["table"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{t}/view").json()["status"] != "over":
        assert time.monotonic() < deadline, "the AIs did not finish"
        time.sleep(0.05)
    return str(t)


needs_schotten = pytest.mark.skipif(
    "schotten-totten" not in [g.id for g in all_games()], reason="Schotten Totten missing")


@needs_schotten
def test_a_dead_processs_job_is_taken_up_once_its_claim_runs_out(
        make_client: Callable[..., TestClient]) -> None:
    client = make_client(analysis_iterations=10, analysis_claim_seconds=0.6)
    table = _finished_table(client)
    _stale_claim(client, table, seconds=1.5)  # not yet run out when the sweep first looks
    assert client.get(f"/api/tables/{table}/analysis").json()["status"] == "running"
    deadline = time.monotonic() + 120
    while (body := client.get(f"/api/tables/{table}/analysis").json())["status"] != "done":
        assert time.monotonic() < deadline, body["status"]
        time.sleep(0.1)
    assert body["done"] == body["total"] > 0


@needs_schotten
def test_delete_cancels_a_job_nobody_runs_any_more(make_client: Callable[..., TestClient]
                                                   ) -> None:
    client = make_client(analysis_claim_seconds=600)
    table = _finished_table(client)
    _stale_claim(client, table, seconds=600)
    r = client.delete(f"/api/tables/{table}/analysis")
    assert r.status_code == 200 and r.json()["status"] == "cancelled", r.text
    store = client.app.state.tables.store  # type: ignore[attr-defined]
    with store.sessions() as s:
        row = s.get(AnalysisRow, table)
        assert row.status == "cancelled" and row.claimed_by is None


@contextmanager
def serve_process(data_dir: Path, port: int, **env: str) -> Iterator[subprocess.Popen[bytes]]:
    """``clanboard serve`` as a real process (``env``: CLANBOARD_* settings)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "clanboard.cli.main", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--data-dir", str(data_dir), "--ai-workers", "0",
         "--log-level", "warning", "--no-client-limits"],
        env={**os.environ, "PYTHONPATH": str(ROOT), **env}, cwd=ROOT,
        start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, "did not start"
            time.sleep(0.1)
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


@needs_schotten
def test_kill_9_mid_analysis_and_a_quick_restart_the_job_still_finishes(tmp_path: Path
                                                                        ) -> None:
    """The issue's case: the process dies mid-job and a new one starts before the claim
    runs out, so its start-up skips the job; its sweep takes the job up once the claim
    has run out, and the job finishes where the dead process left it."""
    env = {"CLANBOARD_ANALYSIS_CLAIM_SECONDS": "3", "CLANBOARD_ANALYSIS_ITERATIONS": "300"}
    data = tmp_path / "data"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with serve_process(data, port, **env) as first:
        api = httpx.Client(base_url=url, timeout=30)
        t = api.post("/api/tables", json={"game": "schotten-totten", "seed": 5, "seats": [
            {"kind": "ai", "agent": "random"}] * 2}).json()["table"]
        while api.get(f"/api/tables/{t}/view").json()["status"] != "over":
            time.sleep(0.05)
        api.post(f"/api/tables/{t}/analysis")
        while (before := api.get(f"/api/tables/{t}/analysis").json())["done"] < 2:
            time.sleep(0.05)
        os.killpg(first.pid, signal.SIGKILL)
        first.wait(timeout=10)
    assert before["status"] == "running" and before["done"] < before["total"]
    with serve_process(data, port, **env):
        deadline = time.monotonic() + 180
        while (body := api.get(f"/api/tables/{t}/analysis").json())["status"] != "done":
            assert time.monotonic() < deadline, body
            time.sleep(0.2)
        assert body["done"] == body["total"] and body["moves"][:2] == before["moves"][:2]


# -- 4 and 6: slow clients and bad frames against a real uvicorn ---------------------------------

@contextmanager
def guarded_server(data_dir: Path, **settings: Any) -> Iterator[int]:
    """The app under uvicorn with ``clanboard serve``'s HTTP protocol; yields the port."""
    port = free_port()
    app = create_app(Settings(data_dir=data_dir, ai_workers=0, probe_workers=0, **settings))
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_config=None,
                            http=connguard.PROTOCOL, ws_ping_interval=None)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def closed_within(s: socket.socket, seconds: float) -> float | None:
    """Seconds until the server closed ``s`` (reading and dropping what it sends), or
    ``None`` if it was still open after ``seconds``."""
    start = time.monotonic()
    s.settimeout(0.1)
    while time.monotonic() - start < seconds:
        try:
            if s.recv(4096) == b"":
                return time.monotonic() - start
        except TimeoutError:
            continue
        except OSError:
            return time.monotonic() - start
    return None


def test_slow_loris_clients_are_closed_and_a_normal_client_is_not_delayed(tmp_path: Path
                                                                          ) -> None:
    with guarded_server(tmp_path / "data", header_timeout=1.0, body_timeout=1.0,
                        max_half_open=16) as port:
        loris = []
        for _ in range(20):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")  # never ends its headers
            loris.append(s)
        slow_body = socket.create_connection(("127.0.0.1", port))
        slow_body.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: "
                          b"application/json\r\nContent-Length: 100\r\n\r\n{")
        start = time.monotonic()
        r = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=5)
        assert r.status_code == 200 and time.monotonic() - start < 1.0
        for s in loris:
            s.sendall(b"X-Drip: 1\r\n")  # one more header line: the deadline holds
        for s in [*loris, slow_body]:
            took = closed_within(s, 4.0)
            assert took is not None, "a slow client was still connected"
            s.close()


def test_half_sent_requests_per_address_are_capped_oldest_out(tmp_path: Path) -> None:
    with guarded_server(tmp_path / "data", header_timeout=30.0, max_half_open=5) as port:
        held = []
        for _ in range(5):
            held.append(socket.create_connection(("127.0.0.1", port)))
            time.sleep(0.05)
        time.sleep(0.2)
        extra = socket.create_connection(("127.0.0.1", port))
        assert closed_within(held[0], 2.0) is not None  # the oldest made room
        assert closed_within(held[1], 0.3) is None and closed_within(extra, 0.3) is None
        # a client sending whole requests gets through while the cap is full
        start = time.monotonic()
        assert httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=5).status_code == 200
        assert time.monotonic() - start < 1.0
        for s in [*held, extra]:
            s.close()


def ws_frame(payload: bytes, opcode: int = 1) -> bytes:
    mask = b"\x01\x02\x03\x04"
    n = len(payload)
    head = bytes([0x80 | opcode])
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 65536:
        head += bytes([0x80 | 126]) + struct.pack(">H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack(">Q", n)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def test_invalid_utf8_frames_log_one_short_line_per_connection(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    connguard.HOSTILE.window = 0.0  # a fresh minute
    with caplog.at_level(logging.INFO), guarded_server(tmp_path / "data") as port:
        tid = httpx.post(f"http://127.0.0.1:{port}/api/tables",
                         json={"game": "toy-duel", "seats": HUMANS}).json()["table"]
        for _ in range(3):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall((f"GET /api/tables/{tid}/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket"
                       "\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="
                       "\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
            time.sleep(0.2)
            s.sendall(ws_frame(b'{"move": "\xff\xfe"}'))
            assert closed_within(s, 5.0) is not None
            s.close()
        time.sleep(0.3)
    lines = [r for r in caplog.records if "UTF-8" in r.getMessage()]
    assert len(lines) == 3
    assert all(r.exc_info is None and r.levelno < logging.ERROR for r in lines)


def test_quiet_log_keeps_to_its_rate() -> None:
    quiet = connguard.QuietLog(per_minute=3)
    assert [quiet.allow() for _ in range(5)] == [True, True, True, False, False]
    assert quiet.left_out == 2

