"""A database made by the server before accounts (schema 0002, saved in tests/server/data)
upgrades in place: its tables load and play on, and accounts work beside them."""

from __future__ import annotations

import json
import shutil
import sqlite3
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clanboard.server import Settings, create_app
from clanboard.server.storage import head_revision
from tests.server.browsers import Browser, play_out, signed_up
from tests.server.conftest import auth

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

DATA = Path(__file__).parent / "data"
SAVED = json.loads((DATA / "db-0002.json").read_text())


@pytest.fixture
def old_db(tmp_path: Path) -> Path:
    path = tmp_path / "old.sqlite"
    shutil.copy(DATA / "db-0002.sqlite", path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone() == ("0002",)
    return path


@pytest.fixture
def upgraded(old_db: Path, tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(data_dir=tmp_path, db_url=f"sqlite:///{old_db}", ai_workers=0,
                              probe_workers=-1))
    with TestClient(app) as client:
        yield client


def seat_view(client: TestClient, saved: dict[str, Any], seat: int) -> dict[str, Any]:
    r = client.get(f"/api/tables/{saved['table']}/view?seat={seat}",
                   headers=auth(saved["tokens"][str(seat)]))
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_the_old_database_upgrades_in_place(upgraded: TestClient, old_db: Path) -> None:
    with sqlite3.connect(old_db) as conn:
        version = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        assert version == (head_revision(),)
        assert conn.execute("SELECT count(*) FROM tables WHERE rated").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM seats WHERE user_id IS NOT NULL"
                            ).fetchone() == (0,)
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
