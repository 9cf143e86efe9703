"""What a hostile client tried: slow watchers, unknown ids, secrets in logs, big bodies,
binary frames, missing headers, the database file's mode, private tables, bare tokens."""

from __future__ import annotations

import asyncio
import logging
import re
import stat
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import event
from starlette.websockets import WebSocket, WebSocketDisconnect
from websockets.sync.client import connect

from tests.server.conftest import TestClient, auth, new_table
from tests.support.liveserver import live_server


def seat_view(client: TestClient, tid: str, seat: int, token: str) -> dict[str, Any]:
    r = client.get(f"/api/tables/{tid}/view?seat={seat}", headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def play_first_legal(client: TestClient, tid: str, tokens: dict[str, str]) -> dict[str, Any]:
    seat = client.get(f"/api/tables/{tid}/view").json()["to_move"][0]
    legal = seat_view(client, tid, seat, tokens[str(seat)])["legal_moves"]
    r = client.post(f"/api/tables/{tid}/moves", headers=auth(tokens[str(seat)]),
                    json={"seat": seat, "move": legal[0]})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


# -- 1. a watcher that never reads ------------------------------------------------------------

@pytest.fixture
def stall(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sockets opened with ``?stall=1`` never finish sending a message (a client that does
    not read, its receive buffer full); the handshake and the close still go through."""
    original = WebSocket.send

    async def send(self: WebSocket, message: Any) -> None:
        if message["type"] == "websocket.send" and b"stall=1" in self.scope["query_string"]:
            await asyncio.Event().wait()
        await original(self, message)

    monkeypatch.setattr(WebSocket, "send", send)


@pytest.mark.parametrize("settings, moves", [
    ({"ws_send_timeout": 0.2}, 1),           # one send that never returns
    ({"ws_send_timeout": 60, "ws_queue": 2}, 3),  # the queue fills up first
])
@pytest.mark.usefixtures("stall")
def test_a_watcher_that_never_reads_is_dropped_not_the_table(
        serve: Callable[..., TestClient], settings: dict[str, Any], moves: int) -> None:
    client = serve(**settings)
    t = new_table(client)
    tid, tokens = t["table"], t["tokens"]
    pool = ThreadPoolExecutor(1)
    try:
        with client.websocket_connect(f"/api/tables/{tid}/ws?stall=1") as stuck:
            for n in range(moves):
                answer = pool.submit(play_first_legal, client, tid, tokens)
                assert answer.result(timeout=10)["seq"] == n + 1  # the mover is answered
            with pytest.raises(WebSocketDisconnect) as closed:
                stuck.receive_json()
            assert closed.value.code == 1008 and "too slow" in closed.value.reason
        assert not client.app.state.tables.live[tid].watchers  # type: ignore[attr-defined]
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


# -- 3. unknown ids --------------------------------------------------------------------------

def test_unknown_table_ids_leave_nothing_behind(client: TestClient) -> None:
    tables = client.app.state.tables  # type: ignore[attr-defined]
    new_table(client)
    live = dict(tables.live)
    for i in range(200):
        r = client.get(f"/api/tables/nope{i:06d}/view")
        assert r.status_code == 404 and r.json()["error"] == "no_such_table"
    for i in range(20):
        with client.websocket_connect(f"/api/tables/gone{i}/ws") as ws:
            assert ws.receive_json()["error"] == "no_such_table"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4404
    assert tables.live == live and tables._loading == {}
    assert client.app.state.sockets.open == {}  # type: ignore[attr-defined]


def test_malformed_table_ids_are_refused_without_a_lookup(client: TestClient) -> None:
    tables = client.app.state.tables  # type: ignore[attr-defined]
    while any(t.get_coro().__name__ == "resume_ai" for t in list(tables._tasks)):
        time.sleep(0.01)  # the start's own background query is not this test's
    statements: list[str] = []
    event.listen(tables.store.engine, "before_cursor_execute",
                 lambda *a: statements.append(a[2]))
    for bad in ["x" * 2000, "no.such", "a b", "%00"]:
        r = client.get(f"/api/tables/{bad}/view")
        assert r.status_code == 404 and r.json()["error"] == "no_such_table"
        assert len(r.json()["reason"]) < 100  # the id is not echoed back whole
        with client.websocket_connect(f"/api/tables/{bad}/ws") as ws:
            assert ws.receive_json()["error"] == "no_such_table"
    assert statements == [] and tables._loading == {}


# -- 4. tokens stay out of URLs and logs -----------------------------------------------------

def test_a_seat_socket_authenticates_with_its_first_message(client: TestClient) -> None:
    t = new_table(client)
    tid, tok0 = t["table"], t["tokens"]["0"]
    with client.websocket_connect(f"/api/tables/{tid}/ws?seat=0") as ws:
        ws.send_json({"type": "auth", "token": tok0})
        view = ws.receive_json()["view"]
        assert view["viewer"] == 0 and view["legal_moves"]
        ws.send_json({"move": view["legal_moves"][0], "seq": 0})
        assert ws.receive_json()["view"]["seq"] == 1
    with client.websocket_connect(f"/api/tables/{tid}/ws?seat=1",
                                  headers=auth(t["tokens"]["1"])) as ws:
        assert ws.receive_json()["view"]["viewer"] == 1
    for first in ({"type": "auth", "token": "guess"}, {"move": "1"}):
        with client.websocket_connect(f"/api/tables/{tid}/ws?seat=0") as ws:
            ws.send_json(first)
            err = ws.receive_json()
            assert err["type"] == "error" and err["error"] in ("wrong_token", "token_required")
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()


def test_a_seat_socket_that_never_authenticates_is_closed(
        serve: Callable[..., TestClient]) -> None:
    client = serve(ws_auth_timeout=0.2)
    t = new_table(client)
    with client.websocket_connect(f"/api/tables/{t['table']}/ws?seat=0") as ws:
        err = ws.receive_json()
        assert err["error"] == "token_required" and '"type": "auth"' in err["reason"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4401


def test_tokens_never_reach_the_server_log(tmp_path: Path,
                                           caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    with live_server(tmp_path / "data", log_level="info", log_config=None) as url:
        t = httpx.post(f"{url}/api/tables", json={
            "game": "toy-duel", "seats": [{"kind": "human"}, {"kind": "open"}],
            "private": True}).json()
        tid, tok, invite = t["table"], t["tokens"]["0"], t["invite"]
        assert httpx.get(f"{url}/api/tables/{tid}/view?seat=0&token={tok}&invite={invite}",
                         headers=auth(tok)).status_code == 200
        with connect(f"{url.replace('http', 'ws')}/api/tables/{tid}/ws?seat=0&token={tok}") \
                as ws:
            assert '"view"' in str(ws.recv(timeout=10))
    # the server's lines (the client library logs the URLs it asks for itself)
    logged = "\n".join(r.getMessage() for r in caplog.records
                       if r.name.startswith(("uvicorn", "clanboard")))
    assert f"/api/tables/{tid}/ws" in logged and "[accepted]" in logged  # the line is there
    assert f"/api/tables/{tid}/view" in logged
    assert tok not in logged and invite not in logged and "token=[redacted]" in logged


# -- 5. request bodies -----------------------------------------------------------------------

def test_a_body_over_the_limit_is_refused_before_it_is_read(
        serve: Callable[..., TestClient]) -> None:
    client = serve(max_body_bytes=4096)
    big = {"game": "toy-duel", "options": {"junk": "x" * 10_000}}
    r = client.post("/api/tables", json=big)
    assert r.status_code == 413 and r.json()["error"] == "body_too_large"
    assert "4096" in r.json()["reason"]

    def chunks(n: int) -> Iterator[bytes]:
        yield b'{"game": "toy-duel", "options": {"junk": "'
        for _ in range(n):
            yield b"x" * 1000
        yield b'"}}'

    r = client.post("/api/tables", content=chunks(20),
                    headers={"Content-Type": "application/json"})
    assert "content-length" not in {k.lower() for k in r.request.headers}
    assert r.status_code == 413 and r.json()["error"] == "body_too_large"
    # under the limit, a streamed body still reaches the app whole
    r = client.post("/api/tables", content=iter([b'{"game": "toy-duel", ', b'"seed": 3}']),
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 201, r.text
    r = client.post("/api/tables", content=b"{}", headers={"Content-Length": "lots"})
    assert r.status_code == 400


# -- 6. WebSocket frames ---------------------------------------------------------------------

def test_a_binary_frame_closes_the_socket_without_a_traceback(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    t = new_table(client)
    with client.websocket_connect(f"/api/tables/{t['table']}/ws") as ws:
        ws.receive_json()
        ws.send_bytes(b"\x00\x01binary")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1003 and "binary" in closed.value.reason
    assert "binary WebSocket frame" in caplog.text
    assert "Traceback" not in caplog.text and "KeyError" not in caplog.text


def test_json_that_is_not_an_object_is_an_error_and_the_socket_stays(
        client: TestClient) -> None:
    t = new_table(client)
    with client.websocket_connect(f"/api/tables/{t['table']}/ws?seat=0&token="
                                  f"{t['tokens']['0']}") as ws:
        view = ws.receive_json()["view"]
        for junk in ([1, 2], "move", 7, None):
            ws.send_json(junk)
            assert ws.receive_json()["error"] == "malformed_request"
        ws.send_json({"move": view["legal_moves"][0], "seq": 0})
        assert ws.receive_json()["view"]["seq"] == 1


# -- 8. headers, the database file, private tables, the Authorization header ----------------

def test_every_response_carries_the_security_headers(
        serve: Callable[..., TestClient]) -> None:
    client = serve(max_body_bytes=100, rate_reads=4)
    answers = [client.get("/"), client.get("/t/abc"), client.get("/static/table.js"),
               client.get("/api/games"), client.get("/api/tables/nope/view"),
               client.post("/api/tables", json={"game": "x" * 200}),
               client.get("/api/games")]
    assert [r.status_code for r in answers] == [200, 200, 200, 200, 404, 413, 429]
    for r in answers:
        csp = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-frame-options"] == "DENY"


def test_the_pages_have_no_inline_script() -> None:
    """The CSP allows only the server's own script files."""
    from importlib import resources

    for page in ("index.html", "table.html"):
        html = (resources.files("clanboard.web") / page).read_text()
        scripts = re.findall(r"<script[^>]*>", html)
        assert scripts and all(re.fullmatch(r'<script src="/static/\w+\.js">', s)
                               for s in scripts), scripts
        assert not re.search(r"\son\w+=", html) and "javascript:" not in html


def test_the_database_file_is_private(serve: Callable[..., TestClient],
                                     data_dir: Path) -> None:
    new_table(serve())
    db = data_dir / "clanboard.db"
    assert stat.S_IMODE(db.stat().st_mode) == 0o600
    assert stat.S_IMODE(data_dir.stat().st_mode) & 0o077 == 0
    for extra in data_dir.glob("clanboard.db-*"):  # WAL and shared memory
        assert stat.S_IMODE(extra.stat().st_mode) & 0o077 == 0, extra


def test_a_world_readable_database_is_made_private(tmp_path: Path) -> None:
    from clanboard.server.core.storage import make_engine

    path = tmp_path / "old.db"
    path.touch(mode=0o644)
    path.chmod(0o644)
    make_engine(f"sqlite:///{path}").dispose()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_private_table_is_unlisted_and_its_seats_need_the_invite(client: TestClient) -> None:
    public = new_table(client, seats=[{"kind": "human"}, {"kind": "open"}])
    hidden = new_table(client, seats=[{"kind": "human"}, {"kind": "open"}], private=True)
    invite = hidden["invite"]
    assert public["invite"] is None and invite and len(invite) >= 20
    assert hidden["links"]["join"] == f"/t/{hidden['table']}?join=1#invite={invite}"
    listed = [t["id"] for t in client.get("/api/tables").json()]
    assert public["table"] in listed and hidden["table"] not in listed
    url = f"/api/tables/{hidden['table']}/join"
    for body in ({}, {"invite": "guess"}, {"invite": ""}):
        r = client.post(url, json=body)
        assert r.status_code == 403 and r.json()["error"] == "invite_required"
    assert client.get(f"/api/tables/{hidden['table']}/view").json()["status"] == "waiting"
    r = client.post(url, json={"invite": invite, "name": "Friend"})
    assert r.status_code == 200 and r.json()["seat"] == 1
    view = client.get(f"/api/tables/{hidden['table']}/view").json()
    assert view["status"] == "playing" and view["private"] is True
    assert client.post(f"/api/tables/{public['table']}/join", json={}).status_code == 200


def test_authorization_must_be_bearer(client: TestClient) -> None:
    t = new_table(client)
    tid, tok = t["table"], t["tokens"]["0"]
    for header in (tok, f"Token {tok}", f"Bearer {tok} extra"):
        r = client.get(f"/api/tables/{tid}/view?seat=0", headers={"Authorization": header})
        assert r.status_code == 401, header
        assert r.json()["error"] == "malformed_authorization"
        assert "Bearer <seat token>" in r.json()["reason"]
    assert client.get(f"/api/tables/{tid}/view?seat=0", headers=auth(tok)).status_code == 200
