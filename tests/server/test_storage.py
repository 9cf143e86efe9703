"""Storage on both backends (a SQLite file and PostgreSQL): the migrations build exactly the
schema the models describe, every value the server stores comes back as it went in, and a
value a column cannot hold is refused before it reaches the database."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, inspect, text

from clanboard.server.core.models import Base
from clanboard.server.core.storage import (
    ClockWrite,
    Store,
    StoredSeat,
    StoredTable,
    head_revision,
    make_engine,
    migrate,
)
from tests.server.conftest import TestClient, new_table


@pytest.fixture
def url(db_url: str | None, tmp_path: Path) -> str:
    return db_url or f"sqlite:///{tmp_path / 'db.sqlite'}"


@pytest.fixture
def engine(url: str) -> Engine:
    engine = make_engine(url)
    migrate(engine)
    return engine


def a_table(table_id: str, **changes: object) -> StoredTable:
    t = StoredTable(
        id=table_id, game="toy-duel", variant=None,
        options={"speed": 2, "deck": {"cards": [1, 2, 3]}, "note": "Flòraidh 🦌 麦"},
        num_players=3, seed=(1 << 62) - 1, status="waiting",
        seats=[StoredSeat(0, "human", "Flòraidh 🦌", None, "a" * 64),
               StoredSeat(1, "ai", "AI (ismcts:hard)", "ismcts:hard", None),
               StoredSeat(2, "open", "(open)", None, None)])
    for k, v in changes.items():
        setattr(t, k, v)
    return t


def test_migrations_match_the_models(engine: Engine) -> None:
    migrate(engine)  # a second start-up finds nothing to do
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        assert diff == []
        version = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
        assert version == head_revision()
        if engine.dialect.name == "sqlite":
            assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
    assert set(inspect(engine).get_table_names()) >= {"tables", "seats", "moves"}
    if engine.dialect.name == "postgresql":
        types = {c["name"]: str(c["type"]) for c in inspect(engine).get_columns("moves")}
        assert types["text"] == "TEXT" and types["visible_to"] == "JSON"
        assert types["created_at"] == "TIMESTAMP"  # without time zone: UTC by convention
        seed = {c["name"]: str(c["type"]) for c in inspect(engine).get_columns("tables")}
        assert seed["seed"] == "BIGINT"


def test_a_table_comes_back_as_stored(engine: Engine) -> None:
    store = Store(engine)
    store.create_table(a_table("t1"))
    long_move = "m" * 100_000
    store.add_move("t1", 0, 0, long_move, [0], "waiting")
    store.add_move("t1", 1, 1, "ǵlen → 🦌", [-1, 0, 1, 2], "waiting")
    assert store.take_seat("t1", 2, "Ùna", "b" * 64, "playing")
    assert not store.take_seat("t1", 2, "Late", "c" * 64, "playing")  # no longer open
    store.set_visible("t1", 0, [-1, 0, 1, 2])
    back = store.load("t1")
    want = a_table("t1", status="playing", moves=[(0, long_move, [-1, 0, 1, 2]),
                                                   (1, "ǵlen → 🦌", [-1, 0, 1, 2])])
    want.seats[2] = StoredSeat(2, "human", "Ùna", None, "b" * 64)
    assert back == want
    assert store.unfinished_ids() == ["t1"]
    with pytest.raises(Exception, match="(?i)unique|duplicate"):
        store.add_move("t1", 1, 0, "again", [0], "playing")  # a second move 1 is refused
    assert store.load("t1") == want
    store.delete_table("t1")
    assert store.load("t1") is None


def test_a_move_of_several_steps_is_stored_with_its_clocks_all_or_nothing(
        engine: Engine) -> None:
    """(On PostgreSQL one statement stores the steps and changes the table.)"""
    store = Store(engine)
    timed = {"kind": "realtime", "initial_s": 60, "increment_s": 0}
    store.create_table(a_table("t3", status="playing", clock=timed))
    write = ClockWrite({"remaining": [60.0, 55.5, None], "since": 1.25}, 1234.5)
    store.add_moves("t3", 0, [(0, "offer 1 2", [0]), (0, "pick ǵ", [-1, 0, 1, 2])],
                    "playing", write)
    back = store.load("t3")
    assert back is not None
    assert back.moves == [(0, "offer 1 2", [0]), (0, "pick ǵ", [-1, 0, 1, 2])]
    assert back.move_clocks == [write.state, write.state]
    assert (back.clock_state, back.clock_deadline) == (write.state, 1234.5)
    with pytest.raises(Exception, match="(?i)unique|duplicate"):  # step 1 exists
        store.add_moves("t3", 1, [(1, "late", [1])], "over")
    store.add_moves("t3", 2, [(1, "new", [1]), (1, "x", [1])], "playing")
    with pytest.raises(Exception, match="(?i)unique|duplicate"):  # 3 is taken, 4 is not
        store.add_moves("t3", 3, [(1, "y", [1]), (1, "z", [1])], "over")
    kept = store.load("t3")
    assert kept is not None and (kept.status, len(kept.moves)) == ("playing", 4)
    store.add_moves("t3", 4, [(1, "untimed", [1])], "over")
    after = store.load("t3")
    assert after is not None and after.status == "over"
    assert [m for _, m, _ in after.moves] == ["offer 1 2", "pick ǵ", "new", "x", "untimed"]


def test_timestamps_are_utc_and_the_lobby_lists_the_last_moved_first(engine: Engine) -> None:
    """The database's own now() (created_at) and the server's (updated_at after a move) agree:
    both UTC, even on a cluster whose TimeZone is not."""
    store = Store(engine)
    store.create_table(a_table("old"))
    store.create_table(a_table("new"))
    store.add_move("old", 0, 0, "1", [0], "waiting")
    assert [t["id"] for t in store.recent()] == ["old", "new"]
    now = datetime.now(UTC).replace(tzinfo=None)
    with engine.connect() as conn:
        stamps = [*conn.execute(text("SELECT created_at, updated_at FROM tables")),
                  *conn.execute(text("SELECT created_at, created_at FROM moves"))]
    for created, updated in stamps:
        for stamp in (created, updated):
            if isinstance(stamp, str):  # SQLite keeps them as text
                stamp = datetime.fromisoformat(stamp)
            assert abs(stamp - now) < timedelta(minutes=2), (stamp, now)


def test_values_a_column_cannot_hold_are_refused_before_storage(client: TestClient) -> None:
    """PostgreSQL's text refuses NUL and its varchar(64) a longer agent: such requests are
    malformed (400, naming the field) on every backend, never a server error."""
    before = client.get("/api/tables").json()
    bodies = [
        {"game": "toy-duel", "seats": [{"kind": "human", "name": "Eilidh\u0000"},
                                       {"kind": "human"}]},
        {"game": "toy-duel", "seats": [{"kind": "human", "name": "\ud800"},
                                       {"kind": "human"}]},
        {"game": "toy-duel", "seats": [{"kind": "human"},
                                       {"kind": "ai", "agent": "random:" + "x" * 100}]},
    ]
    for body in bodies:  # ASCII JSON: "\ud800", a lone surrogate, as a client may send it
        r = client.post("/api/tables", content=json.dumps(body),
                        headers={"Content-Type": "application/json"})
        assert r.status_code == 400, r.text
        assert r.json()["reason"].startswith(("seats.0.name", "seats.1.agent"))
    t = new_table(client, seats=[{"kind": "human"}, {"kind": "open"}])
    r = client.post(f"/api/tables/{t['table']}/join", json={"name": "a\u0000b"})
    assert r.status_code == 400 and r.json()["reason"].startswith("name"), r.text
    after = client.get("/api/tables").json()
    assert len(after) == len(before) + 1 and after[0]["seats"][1]["kind"] == "open"
    ok = client.post(f"/api/tables/{t['table']}/join", json={"name": "Mòrag 🦌"})
    assert ok.status_code == 200, ok.text


def test_postgres_urls_use_psycopg_3() -> None:
    """A plain postgresql:// (or postgres://) URL would make SQLAlchemy look for psycopg2."""
    pytest.importorskip("psycopg")
    for url in ("postgresql://u:pw@db.example/clanboard", "postgres://u@db.example/clanboard",
                "postgresql+psycopg://u@db.example/clanboard"):
        engine = make_engine(url)
        assert engine.dialect.name == "postgresql" and engine.dialect.driver == "psycopg"
        assert engine.url.database == "clanboard" and engine.url.host == "db.example"


def test_postgres_connections_the_server_dropped_are_replaced(pg_url: str) -> None:
    engine = make_engine(pg_url + "&application_name=dropped")
    migrate(engine)
    store = Store(engine)
    store.create_table(a_table("t1"))
    other = make_engine(pg_url)
    with other.connect() as conn:  # a database restart or an idle timeout, as the pool sees it
        dropped = conn.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                    "WHERE application_name = 'dropped'")).all()
    assert dropped == [(True,)]  # the store's one pooled connection
    assert store.load("t1") is not None
    engine.dispose()
    other.dispose()


def test_postgres_start_ups_at_once_migrate_once(pg_url: str) -> None:
    """Two processes starting on an empty database: one migrates, the other waits and finds
    nothing to do (without the lock, both create the tables and one fails)."""
    engines = [make_engine(pg_url) for _ in range(3)]
    start = threading.Barrier(len(engines))
    failures: list[BaseException] = []

    def start_up(engine: Engine) -> None:
        start.wait()
        try:
            migrate(engine)
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            failures.append(exc)

    threads = [threading.Thread(target=start_up, args=(e,)) for e in engines]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert failures == []
    with engines[0].connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1
    for e in engines:
        e.dispose()
