"""A database made by the server before accounts (schema 0002, saved in tests/server/data)
upgrades in place: its tables load and play on, and accounts work beside them. On
PostgreSQL the same rows are loaded into a schema built up to 0002 first."""

from __future__ import annotations

import json
import shutil
import sqlite3
import warnings
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command

from clanboard.server import Settings, create_app
from clanboard.server.core.storage import alembic_config, head_revision, make_engine
from tests.server.browsers import Browser, play_out, signed_up
from tests.server.conftest import auth

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

DATA = Path(__file__).parent / "data"
SAVED = json.loads((DATA / "db-0002.json").read_text())


def saved_rows() -> dict[str, list[dict[str, Any]]]:
    with sqlite3.connect(DATA / "db-0002.sqlite") as conn:
        conn.row_factory = sqlite3.Row
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone()[0] == "0002"
        return {name: [dict(r) for r in conn.execute(f"SELECT * FROM {name}")]
                for name in ("tables", "seats", "moves")}


def at_0002_on_postgres(url: str) -> None:
    """Build the schema up to 0002 and load the saved database's rows into it."""
    engine = make_engine(url)
    cfg = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0002")
    meta = sa.MetaData()
    meta.reflect(engine)
    with engine.begin() as conn:
        for name, rows in saved_rows().items():
            table = meta.tables[name]
            for row in rows:
                for col in table.columns:
                    value = row[col.name]
                    if value is None:
                        continue
                    if isinstance(col.type, sa.JSON):
                        row[col.name] = json.loads(value)
                    elif isinstance(col.type, sa.Boolean):
                        row[col.name] = bool(value)
                    elif isinstance(col.type, sa.DateTime):
                        row[col.name] = datetime.fromisoformat(value)
                conn.execute(table.insert().values(**row))
    engine.dispose()


@pytest.fixture
def old_db(db_url: str | None, tmp_path: Path) -> str:
    """The saved 0002 database: a copy of the SQLite file, or its rows on PostgreSQL."""
    if db_url is not None:
        at_0002_on_postgres(db_url)
        return db_url
    path = tmp_path / "old.sqlite"
    shutil.copy(DATA / "db-0002.sqlite", path)
    return f"sqlite:///{path}"


@pytest.fixture
def upgraded(old_db: str, tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(data_dir=tmp_path, db_url=old_db, ai_workers=0,
                              probe_workers=-1))
    with TestClient(app) as client:
        yield client


def seat_view(client: TestClient, saved: dict[str, Any], seat: int) -> dict[str, Any]:
    r = client.get(f"/api/tables/{saved['table']}/view?seat={seat}",
                   headers=auth(saved["tokens"][str(seat)]))
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_the_old_database_upgrades_in_place(upgraded: TestClient, old_db: str) -> None:
    engine = make_engine(old_db)
    with engine.connect() as conn:
        assert conn.scalar(sa.text("SELECT version_num FROM alembic_version")) == head_revision()
        assert conn.scalar(sa.text("SELECT count(*) FROM tables WHERE rated")) == 0
        assert conn.scalar(sa.text("SELECT count(*) FROM tables")) == 4
        assert conn.scalar(sa.text("SELECT count(*) FROM seats WHERE user_id IS NULL")) == 8
        assert conn.scalar(sa.text("SELECT count(*) FROM moves")) == 13
    engine.dispose()
    finished = SAVED["finished"]
    record = upgraded.get(f"/api/tables/{finished['table']}/record").json()
    assert record["seed"] == 11 and len(record["moves"]) == 6
    assert upgraded.get(f"/api/tables/{finished['table']}/replay").status_code == 200
    lobby = {t["id"]: t for t in upgraded.get("/api/tables").json()}
    assert lobby[finished["table"]]["status"] == "over"
    assert SAVED["private_waiting"]["table"] not in lobby  # still private


def test_its_games_play_on(upgraded: TestClient) -> None:
    toy = SAVED["toy_playing"]
    v = seat_view(upgraded, toy, 0)
    assert v["seq"] == 3 and v["status"] == "playing" and not v["rated"]
    end = play_out(Browser(upgraded), toy["table"], {int(k): t for k, t in toy["tokens"].items()})
    assert end["seq"] == 6 and end["result"]["winners"]
    st = SAVED["schotten_totten"]
    v = seat_view(upgraded, st, 0)
    assert v["seq"] == 4 and v["game"] == "schotten-totten"
    seat = v["to_move"][0]
    mine = seat_view(upgraded, st, seat)
    r = upgraded.post(f"/api/tables/{st['table']}/moves", headers=auth(st["tokens"][str(seat)]),
                      json={"seat": seat, "move": mine["legal_moves"][0], "seq": mine["seq"]})
    assert r.status_code == 200 and r.json()["seq"] == 5
    # a new account takes the old private table's open seat with the invite
    waiting = SAVED["private_waiting"]
    me = signed_up(upgraded, "Old_Friend")
    r = me.post(f"/api/tables/{waiting['table']}/join", json={"invite": waiting["invite"]})
    assert r.status_code == 200, r.text
    assert me.get(f"/api/tables/{waiting['table']}/my-seats").json()["seats"] == [1]
