"""What one client can make the server hold is bounded: AI budgets, request rates, open
tables and sockets per address, tables in memory; start-up and the lobby stay cheap."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import event, inspect
from starlette.websockets import WebSocketDisconnect

from clanboard.core import RandomAgent
from clanboard.server.core.storage import StoredSeat, StoredTable
from clanboard.server.tables import ai as server_ai
from clanboard.server.tables.live import hash_token
from tests.server.conftest import TestClient, auth, new_table
from tests.server.test_security import play_first_legal
from tests.support.toygame import TOY

# -- 2. AI budgets ---------------------------------------------------------------------------


@pytest.mark.parametrize("agent, words", [
    ("ismcts:bogus", "ismcts[:easy|normal|hard|N|Xs]"),
    ("random:x=1", "takes no level"),
    ("heuristic", "use one of: "),
    ("ismcts:3600s", "at most 5 s"),
    ("ismcts:nans", "at most 5 s"),
    ("ismcts:0s", "ismcts[:easy|normal|hard|N|Xs]"),
    ("ismcts:0", "ismcts[:easy|normal|hard|N|Xs]"),
    ("ismcts:99999999", "at most 2000000"),
    ("ismcts:-5", "ismcts[:easy|normal|hard|N|Xs]"),
])
def test_agent_specs_are_checked_at_table_creation(client: TestClient, agent: str,
                                                   words: str) -> None:
    r = client.post("/api/tables", json={"game": "toy-duel", "seats": [
        {"kind": "human"}, {"kind": "ai", "agent": agent}]})
    assert r.status_code == 422, r.text
    assert r.json()["error"] == "bad_seats" and words in r.json()["reason"]
    assert client.get("/api/tables").json() == []  # nothing was stored


def test_agent_specs_within_the_caps_are_taken(serve: Callable[..., TestClient]) -> None:
    client = serve(ai_max_seconds=2, ai_max_iterations=1000)
    for agent in ("random", "ismcts:easy", "ismcts:1000", "ismcts:1.5s"):
        t = new_table(client, seats=[{"kind": "human"}, {"kind": "ai", "agent": agent}])
        assert t["seats"][1]["agent"] == agent
    r = client.post("/api/tables", json={"game": "toy-duel", "seats": [
        {"kind": "human"}, {"kind": "ai", "agent": "ismcts:hard"}]})  # 3 s a move
    assert r.status_code == 422 and "at most 2 s" in r.json()["reason"]
    r = client.post("/api/tables", json={"game": "toy-duel", "seats": [
        {"kind": "human"}, {"kind": "ai", "agent": "ismcts:1s-cpu"}]})  # wall time unbounded
    assert r.status_code == 422 and "CPU time" in r.json()["reason"]


def store_table(client: TestClient, table: StoredTable) -> None:
    """Write a table straight into the app's storage (as an older server would have)."""
    client.app.state.tables.store.create_table(table)  # type: ignore[attr-defined]


def test_stored_agents_over_the_caps_are_held_to_them_at_load(
        make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    for tid, agent in (("old1", "ismcts:3600s"), ("old2", "ismcts:bogus"),
                       ("old3", "ismcts:99999999"), ("old4", "ismcts:easy")):
        store_table(client, StoredTable(
            tid, "toy-duel", None, {}, 2, 5, "playing",
            [StoredSeat(0, "human", "A", None, hash_token("t")),
             StoredSeat(1, "ai", "B", agent)]))
    agents = []
    for tid in ("old1", "old2", "old3", "old4"):
        r = client.get(f"/api/tables/{tid}/view")
        assert r.status_code == 200, r.text
        agents.append(r.json()["seats"][1]["agent"])
    assert agents == ["ismcts:5s", "ismcts:normal", "ismcts:2000000", "ismcts:easy"]


def test_a_search_never_runs_past_the_time_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[dict[str, Any]] = []

    def make_agent(game: Any, name: str, seed: int = 0, **kwargs: Any) -> RandomAgent:
        asked.append({"name": name, **kwargs})
        return RandomAgent(seed)

    monkeypatch.setattr(server_ai, "make_agent", make_agent)
    state = TOY.new_state(2, 1)
    server_ai.choose_move("toy-duel", state.to_json(), "ismcts:1000000", 1, 0, 0.5)
    server_ai.choose_move("toy-duel", state.to_json(), "ismcts:hard", 1, 0, 0.5)
    server_ai.choose_move("toy-duel", state.to_json(), "random", 1, 0, 0.5)
    assert asked == [{"name": "ismcts:1000000", "iterations": 1_000_000, "seconds": 0.5},
                     {"name": "ismcts:hard", "iterations": 2_000_000, "seconds": 0.5},
                     {"name": "random"}]


# -- 7. rates, caps, eviction, start-up, the lobby --------------------------------------------

def test_reads_past_the_rate_limit_get_429_with_retry_after(
        serve: Callable[..., TestClient]) -> None:
    client = serve(rate_reads=5)
    codes = [client.get("/api/games").status_code for _ in range(5)]
    assert codes == [200] * 5
    assert client.get("/static/app.css").status_code == 200  # static files are not counted
    r = client.get("/api/games")
    assert r.status_code == 429 and r.json()["error"] == "rate_limited"
    assert 1 <= int(r.headers["retry-after"]) <= 60
    assert "5 reads per minute" in r.json()["reason"]
    # a socket handshake is a read too
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/api/tables/abc/ws"):
        pass


def test_table_creation_and_socket_messages_have_their_own_limits(
        serve: Callable[..., TestClient]) -> None:
    client = serve(rate_tables=2, rate_writes=3)
    t = new_table(client)
    new_table(client)
    r = client.post("/api/tables", json={"game": "toy-duel"})
    assert r.status_code == 429 and "2 tables per minute" in r.json()["reason"]
    assert r.headers["retry-after"]
    with client.websocket_connect(f"/api/tables/{t['table']}/ws") as ws:
        ws.receive_json()
        errors = []
        for _ in range(4):
            ws.send_json({"move": "1"})
            errors.append(ws.receive_json()["error"])
    assert errors == ["spectator"] * 3 + ["rate_limited"]


def play_out(client: TestClient, t: dict[str, Any]) -> None:
    view = client.get(f"/api/tables/{t['table']}/view").json()
    while view["status"] != "over":
        view = play_first_legal(client, t["table"], t["tokens"])


def test_one_address_may_hold_only_so_many_open_tables(
        serve: Callable[..., TestClient]) -> None:
    client = serve(max_open_tables=2)
    first = new_table(client)
    new_table(client)
    r = client.post("/api/tables", json={"game": "toy-duel"})
    assert r.status_code == 429 and r.json()["error"] == "too_many_open_tables"
    assert "at most 2 unfinished tables" in r.json()["reason"]
    play_out(client, first)  # a finished table no longer counts
    new_table(client)


def test_one_address_may_hold_only_so_many_sockets(serve: Callable[..., TestClient]) -> None:
    client = serve(max_sockets=2)
    tid = new_table(client)["table"]
    url = f"/api/tables/{tid}/ws"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        a.receive_json()
        b.receive_json()
        with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(url):
            pass
        assert refused.value.code == 1008
    with client.websocket_connect(url) as c:  # closed sockets are given back
        assert c.receive_json()["type"] == "view"
    assert client.app.state.sockets.open == {}  # type: ignore[attr-defined]


def test_idle_tables_leave_memory_and_come_back_the_same(
        serve: Callable[..., TestClient]) -> None:
    client = serve(idle_minutes=1)
    tables = client.app.state.tables  # type: ignore[attr-defined]
    t = new_table(client)
    tid, tokens = t["table"], t["tokens"]
    play_first_legal(client, tid, tokens)
    portal = client.portal
    assert portal is not None
    before = [client.get(f"/api/tables/{tid}/view?seat={s}", headers=auth(tokens[str(s)])).json()
              for s in (0, 1)]
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.receive_json()
        assert portal.call(tables.evict, time.monotonic() + 3600) == 0  # watched
    assert portal.call(tables.evict, time.monotonic() + 30) == 0  # not idle yet
    assert portal.call(tables.evict, time.monotonic() + 61) == 1
    assert tid not in tables.live
    after = [client.get(f"/api/tables/{tid}/view?seat={s}", headers=auth(tokens[str(s)])).json()
             for s in (0, 1)]
    assert after == before and tid in tables.live
    assert play_first_legal(client, tid, tokens)["seq"] == 2


def test_live_tables_are_capped_least_recently_used_first(
        serve: Callable[..., TestClient]) -> None:
    client = serve(max_live_tables=3)
    tables = client.app.state.tables  # type: ignore[attr-defined]
    made = [new_table(client) for _ in range(5)]
    assert list(tables.live) == [t["table"] for t in made[2:]]
    for t in made:
        assert client.get(f"/api/tables/{t['table']}/view").json()["seq"] == 0
    assert len(tables.live) == 3


def test_the_lobby_is_one_statement(client: TestClient) -> None:
    for _ in range(6):
        new_table(client, seats=[{"kind": "human"}, {"kind": "open"}])
    statements: list[str] = []
    engine = client.app.state.tables.store.engine  # type: ignore[attr-defined]
    event.listen(engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    listed = client.get("/api/tables?limit=4").json()
    assert len(listed) == 4 and all(len(t["seats"]) == 2 for t in listed)
    assert len(statements) == 1, statements
    if engine.dialect.name != "sqlite":  # PostgreSQL's planner scans a table this small
        indexes = {i["name"]: i["column_names"] for i in inspect(engine).get_indexes("tables")}
        assert indexes["ix_tables_updated_at"] == ["updated_at"]
        return
    with engine.connect() as conn:
        plan = " ".join(str(row) for row in conn.exec_driver_sql(
            "EXPLAIN QUERY PLAN " + statements[0], ((False, 4)))).lower()
    assert "ix_tables_updated_at" in plan


def test_start_up_replays_nothing_until_a_table_is_asked_for(
        make_client: Callable[[], TestClient]) -> None:
    first = make_client()
    made = [new_table(first) for _ in range(3)]
    first.__exit__(None, None, None)
    second = make_client()
    tables = second.app.state.tables  # type: ignore[attr-defined]
    assert len(tables.live) == 0
    assert second.get(f"/api/tables/{made[1]['table']}/view").json()["seq"] == 0
    assert list(tables.live) == [made[1]["table"]]


def test_ai_seats_due_to_move_resume_in_the_background_after_a_start(
        make_client: Callable[[], TestClient]) -> None:
    first = make_client()
    busy = first.app.state.tables._tasks  # type: ignore[attr-defined]
    while any(t.get_coro().__name__ == "resume_ai" for t in list(busy)):
        time.sleep(0.01)  # this start's background resume is over: it cannot take the table
    store_table(first, StoredTable(
        "aifirst", "toy-duel", None, {}, 2, 5, "playing",
        [StoredSeat(0, "ai", "Bot", "random"), StoredSeat(1, "human", "A", None,
                                                          hash_token("t"))]))
    first.__exit__(None, None, None)
    assert first.app.state.tables.store.load("aifirst").moves == []  # type: ignore[attr-defined]
    client = make_client()
    tables = client.app.state.tables  # type: ignore[attr-defined]
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # no request touches the table meanwhile
        table = tables.live.get("aifirst")
        if table is not None and table.seq >= 1:
            break
        time.sleep(0.02)
    assert tables.live["aifirst"].seq == 1
