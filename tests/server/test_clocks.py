"""Clocks (real-time and correspondence) and presence, on a fake clock: time moves only
when the test says; the server's timers wake on it, with nobody connected."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from clanboard.core import games as all_games
from clanboard.i18n import ai_level
from clanboard.server import Settings
from clanboard.server.core.storage import head_revision
from tests.server.conftest import TestClient, app_starter, auth, new_table
from tests.support.fakeclock import FakeClock

HAS_SKYE = "isle-of-skye" in [g.id for g in all_games()]
RT = {"kind": "realtime", "initial_s": 60, "increment_s": 5}


@pytest.fixture
def fake() -> FakeClock:
    return FakeClock()


@pytest.fixture
def timed(data_dir: Path, db_url: str | None, fake: FakeClock
          ) -> Iterator[Callable[..., TestClient]]:
    """Start an app on the fake clock (again after closing it: a restart)."""
    with app_starter(data_dir, db_url, ai_max_seconds=0.05, clock=fake) as make:
        yield make


def view(client: TestClient, tid: str, seat: int | None = None, token: str | None = None,
         lang: str = "en") -> dict[str, Any]:
    q = f"?lang={lang}" + (f"&seat={seat}" if seat is not None else "")
    r = client.get(f"/api/tables/{tid}/view{q}", headers=auth(token) if token else {})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def move(client: TestClient, t: dict[str, Any], seat: int) -> dict[str, Any]:
    v = view(client, t["table"], seat, t["tokens"][str(seat)])
    r = client.post(f"/api/tables/{t['table']}/moves", headers=auth(t["tokens"][str(seat)]),
                    json={"seat": seat, "move": v["legal_moves"][0], "seq": v["seq"]})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def until(check: Callable[[], Any]) -> Any:
    """Wait (real time, bounded) for the server's timer task to have acted."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.01)
    raise AssertionError("the server never acted")


@pytest.mark.parametrize("clock", [
    {"kind": "blitz"}, {"initial_s": 60},
    {"kind": "realtime"}, {"kind": "realtime", "initial_s": 5},
    {"kind": "realtime", "initial_s": 10 ** 9}, {"kind": "realtime", "initial_s": "600"},
    {"kind": "realtime", "initial_s": 600, "increment_s": -1},
    {"kind": "realtime", "initial_s": 600, "increment_s": True},
    {"kind": "realtime", "initial_s": 600, "days_per_move": 1},
    {"kind": "correspondence", "days_per_move": 0},
    {"kind": "correspondence", "days_per_move": 2.5},
    {"kind": "correspondence", "days_per_move": 99},
    {"kind": "correspondence"},
])
def test_bad_clocks_are_refused_and_make_no_table(client: TestClient,
                                                  clock: dict[str, Any]) -> None:
    r = client.post("/api/tables", json={"game": "toy-duel", "clock": clock,
                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["error"] == "bad_clock"
    assert "clock" in body["reason"] and ("must" in body["reason"] or "takes" in body["reason"])
    assert client.get("/api/tables").json() == []


def test_an_untimed_table_has_no_clock(client: TestClient) -> None:
    t = new_table(client)
    v = view(client, t["table"])
    assert v["clock"] is None and v["events"] == []


def test_two_players_loss_on_time_with_nobody_connected(timed: Callable[..., TestClient],
                                                        fake: FakeClock) -> None:
    client = timed()
    t = new_table(client, clock=RT)
    tid = t["table"]
    v = view(client, tid)
    assert v["clock"]["remaining"] == [60, 60] and v["clock"]["running"] == [0]
    fake.advance(30)
    assert view(client, tid)["clock"]["remaining"] == [30, 60]
    after = move(client, t, 0)
    # 30 s left plus the increment; seat 1's clock now runs
    assert after["clock"]["remaining"] == [35, 60] and after["clock"]["running"] == [1]
    fake.advance(59)
    assert view(client, tid)["clock"]["remaining"] == [35, 1]
    fake.advance(1.5)  # nobody asks: the server's timer ends the game
    over = until(lambda: [x for x in client.get("/api/tables").json()
                          if x["id"] == tid and x["status"] == "over"])
    assert over
    v = view(client, tid)
    assert v["status"] == "over" and v["clock"]["running"] == []
    assert v["result"]["winners"] == [0] and v["result"]["reason"] == "time"
    assert v["result"]["explanation"]["summary"] == \
        "Player 2 ran out of time: Player 1 wins on time"
    assert v["events"] == [{"kind": "timeout", "seq": 1, "seat": 1, "outcome": "loss",
                            "agent": None, "winners": [0],
                            "text": "Player 2 ran out of time: Player 1 wins on time"}]
    ru = view(client, tid, lang="ru")["result"]["explanation"]["summary"]
    assert ru == "Игрок 2: время вышло — Игрок 1 побеждает по времени"
    r = client.post(f"/api/tables/{tid}/moves", headers=auth(t["tokens"]["1"]),
                    json={"seat": 1, "move": "1"})
    assert r.status_code == 409 and r.json()["error"] == "game_over"
    record = client.get(f"/api/tables/{tid}/record").json()
    assert record["result"] == {"winners": [0], "loser": 1, "reason": "time"}
    assert record["clock"] == RT and record["clocks"] == [[35, 60]]
    replay = client.get(f"/api/tables/{tid}/replay").json()
    assert [f["clock"] for f in replay["frames"]] == [[60, 60], [35, 60]]
    assert replay["result"]["reason"] == "time"


def test_a_move_after_the_flag_is_refused(timed: Callable[..., TestClient],
                                          fake: FakeClock) -> None:
    client = timed()
    t = new_table(client, clock=RT)
    v = view(client, t["table"], 0, t["tokens"]["0"])
    fake.advance(60)
    r = client.post(f"/api/tables/{t['table']}/moves", headers=auth(t["tokens"]["0"]),
                    json={"seat": 0, "move": v["legal_moves"][0]})
    assert r.status_code == 409 and r.json()["error"] in ("time_over", "game_over")
    v = until(lambda: (lambda x: x if x["status"] == "over" else None)(view(client,
                                                                            t["table"])))
    assert v["result"]["winners"] == [1] and v["seq"] == 0


def test_correspondence_days_per_move(timed: Callable[..., TestClient],
                                      fake: FakeClock) -> None:
    client = timed()
    day = 86400
    t = new_table(client, clock={"kind": "correspondence", "days_per_move": 1})
    tid = t["table"]
    assert view(client, tid)["clock"] == {"kind": "correspondence", "days_per_move": 1,
                                          "remaining": [day, day], "running": [0],
                                          "server_time": fake.now()}
    fake.advance(10 * 3600)
    assert move(client, t, 0)["clock"]["remaining"] == [day, day]  # a full day again
    fake.advance(23 * 3600)
    assert view(client, tid)["clock"]["remaining"] == [day, 3600]
    assert move(client, t, 1)["clock"]["remaining"] == [day, day]
    fake.advance(day + 1)
    v = until(lambda: (lambda x: x if x["status"] == "over" else None)(view(client, tid)))
    assert v["result"]["winners"] == [1] and v["events"][0]["seat"] == 0


def test_clocks_survive_a_restart_and_run_out_while_down(timed: Callable[..., TestClient],
                                                         fake: FakeClock) -> None:
    client = timed()
    t = new_table(client, clock=RT)
    tid = t["table"]
    fake.advance(20)
    move(client, t, 0)  # seat 0: 45 left; seat 1 runs from now
    fake.advance(10)
    client.__exit__(None, None, None)
    fake.advance(15)  # the server is down: time goes on
    client = timed()
    v = view(client, tid)
    assert v["clock"]["remaining"] == [45, 35] and v["clock"]["running"] == [1]
    client.__exit__(None, None, None)
    fake.advance(100)  # seat 1 runs out while no server runs
    client = timed()
    # nobody asks for the table: the clock sweep loads it and its timer ends the game
    until(lambda: [x for x in client.get("/api/tables").json()
                   if x["id"] == tid and x["status"] == "over"])
    assert view(client, tid)["result"]["winners"] == [0]


def test_an_evicted_table_is_loaded_back_when_its_clock_is_due(
        timed: Callable[..., TestClient], fake: FakeClock) -> None:
    client = timed(clock_sweep_seconds=5)
    t = new_table(client, clock=RT)
    tables = client.app.state.tables  # type: ignore[attr-defined]
    assert client.portal.call(lambda: tables.evict(keep=0)) == 1  # type: ignore[union-attr]
    assert t["table"] not in tables.live
    fake.advance(61)
    until(lambda: [x for x in client.get("/api/tables").json()
                   if x["id"] == t["table"] and x["status"] == "over"])


@pytest.mark.skipif(not HAS_SKYE, reason="Isle of Skye is not installed")
def test_simultaneous_step_runs_every_clock_and_an_ai_takes_over(
        timed: Callable[..., TestClient], fake: FakeClock) -> None:
    client = timed()
    t = new_table(client, game="isle-of-skye", seed=5,
                  clock={"kind": "realtime", "initial_s": 60},
                  seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "human"}])
    tid = t["table"]
    v = view(client, tid)
    assert v["to_move"] == [0, 1, 2] and v["clock"]["running"] == [0, 1, 2]
    fake.advance(20)
    assert view(client, tid)["clock"]["remaining"] == [40, 40, 40]
    after = move(client, t, 0)  # a discard; seat 0 still prices its tiles
    assert after["clock"]["remaining"] == [40, 40, 40]
    assert after["clock"]["running"] == [0, 1, 2]
    while 0 in after["to_move"]:
        after = move(client, t, 0)
    assert after["clock"]["running"] == [1, 2]
    fake.advance(25)
    assert view(client, tid)["clock"]["remaining"] == [40, 15, 15]
    fake.advance(15)  # seats 1 and 2 run out together; an AI takes each over
    v = until(lambda: (lambda x: x if len(x["events"]) == 2 else None)(view(client, tid)))
    assert [(e["seat"], e["outcome"]) for e in v["events"]] == [(1, "ai"), (2, "ai")]
    assert v["status"] == "playing" and v["result"] is None
    assert [s["kind"] for s in v["seats"]] == ["human", "ai", "ai"]
    agent = v["events"][0]["agent"]
    assert v["events"][0]["text"] == \
        f"Player 2 ran out of time: an AI ({ai_level(agent, 'en')}) plays this seat from now on"
    r = client.post(f"/api/tables/{tid}/moves", headers=auth(t["tokens"]["1"]),
                    json={"seat": 1, "move": "x"})
    assert r.status_code == 409
    assert r.json()["error"] in ("seat_taken_over", "not_your_turn")
    # the AI seats move; the game goes on to seat 0
    v = until(lambda: (lambda x: x if x["legal_moves"] else None)(
        view(client, tid, 0, t["tokens"]["0"])))
    assert v["clock"]["remaining"][1:] == [None, None]


def next_message(ws: Any, kind: str) -> dict[str, Any]:
    for _ in range(20):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg  # type: ignore[no-any-return]
    raise AssertionError(f"no {kind} message")


def test_presence_connected_away_disconnected(timed: Callable[..., TestClient],
                                              fake: FakeClock) -> None:
    client = timed(presence_away_seconds=45)
    t = new_table(client, clock=RT)
    tid = t["table"]
    assert view(client, tid)["presence"] == ["disconnected", "disconnected"]
    with client.websocket_connect(f"/api/tables/{tid}/ws") as spectator:
        assert next_message(spectator, "view")["view"]["presence"] == \
            ["disconnected", "disconnected"]
        spectator.send_json({"type": "ping"})  # a client that pings is told of presence
        with client.websocket_connect(f"/api/tables/{tid}/ws?seat=0") as me:
            me.send_json({"type": "auth", "token": t["tokens"]["0"]})
            assert next_message(me, "view")["view"]["presence"][0] == "connected"
            assert next_message(spectator, "presence")["presence"] == \
                ["connected", "disconnected"]
            me.send_json({"type": "ping", "hidden": True})
            assert next_message(spectator, "presence")["presence"] == \
                ["away", "disconnected"]
            me.send_json({"type": "ping", "hidden": False})
            assert next_message(spectator, "presence")["presence"] == \
                ["connected", "disconnected"]
            fake.advance(60)  # no heartbeat for a minute
            assert next_message(spectator, "presence")["presence"] == \
                ["away", "disconnected"]
            me.send_json({"type": "ping"})
            assert next_message(spectator, "presence")["presence"] == \
                ["connected", "disconnected"]
        assert next_message(spectator, "presence")["presence"] == \
            ["disconnected", "disconnected"]
        # a disconnected player's clock keeps running
        fake.advance(10)
        assert view(client, tid)["clock"]["remaining"][0] < 60 - 10 + 0.001


def test_the_bot_stream_carries_the_clocks(timed: Callable[..., TestClient]) -> None:
    from clanboard.server.bots.api import game_full

    client = timed()
    t = new_table(client, clock=RT)
    table = client.portal.call(  # type: ignore[union-attr]
        client.app.state.tables.get, t["table"])  # type: ignore[attr-defined]
    state = game_full(table, 0)["state"]
    assert state["clocks"]["remaining"] == [60, 60] and state["clocks"]["running"] == [0]


def test_a_database_of_the_previous_schema_upgrades_in_place(
        timed: Callable[..., TestClient], data_dir: Path, db_url: str | None) -> None:
    """A table stored under revision 0002 (no clock columns) comes back untimed and plays
    on after the migration to 0004 at start-up."""
    from alembic import command
    from sqlalchemy import text

    from clanboard.server.core.storage import alembic_config, make_engine

    url = db_url or Settings(data_dir=data_dir).database_url()
    engine = make_engine(url)
    cfg = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0002")
        conn.execute(text("INSERT INTO tables (id, game, options, num_players, seed, status, "
                          "private) VALUES ('old1', 'toy-duel', '{}', 2, 11, 'playing', "
                          "false)"))
        conn.execute(text("INSERT INTO seats (table_id, seat, kind, name, agent, token_hash) "
                          "VALUES ('old1', 0, 'human', 'Una', NULL, :h), "
                          "('old1', 1, 'human', 'Calum', NULL, :h)"), {"h": "0" * 64})
    engine.dispose()
    client = timed()
    v = view(client, "old1")
    assert v["clock"] is None and v["events"] == [] and v["status"] == "playing"
    assert v["presence"] == ["disconnected", "disconnected"]
    with make_engine(url).connect() as conn:
        version = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
        assert version == head_revision()
