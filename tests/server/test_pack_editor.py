"""The Glen More II pack editor's API (/api/packs): the shipped pack cell by cell, one row
and a whole pack checked with every problem in the reader's language, the download that
``clanboard pack check`` takes, the install only the server's owners may make (through the
same code as ``clanboard pack install``: a bad pack installs nothing), and the bounds."""

from __future__ import annotations

import copy
import io
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from clanboard.games.glen_more_2 import store
from clanboard.games.glen_more_2.components import forget_packs
from clanboard.games.glen_more_2.pack import load_pack
from tests.server.browsers import Browser, signed_up
from tests.server.conftest import TestClient


@pytest.fixture
def packs_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv(store.ENV, str(tmp_path / "installed"))
    forget_packs()
    yield tmp_path / "installed"
    forget_packs()


def shipped(client: TestClient) -> dict[str, Any]:
    r = client.get("/api/packs/provisional")
    assert r.status_code == 200, r.text
    return r.json()["files"]  # type: ignore[no-any-return]


def cell(files: dict[str, Any], file: str, row: int, column: str) -> str:
    f = files[file]
    return f["rows"][row][f["columns"].index(column)]  # type: ignore[no-any-return]


def set_cell(files: dict[str, Any], file: str, row: int, column: str, value: str) -> None:
    f = files[file]
    f["rows"][row][f["columns"].index(column)] = value


def test_the_shipped_pack_comes_cell_by_cell_and_checks_as_valid(
        serve: Callable[..., TestClient]) -> None:
    client = serve()
    files = shipped(client)
    assert {"tiles.csv", "feasts.csv", "historic_places.csv", "landmarks.csv"} <= set(files)
    assert cell(files, "tiles.csv", 0, "id") == "HV"
    r = client.post("/api/packs/check", json={"files": files})
    assert r.status_code == 200 and r.json()["ok"] is True
    assert r.json()["provisional"] == len(load_pack(
        Path(store.PROVISIONAL_PACK)).provisional()) > 0


def test_a_bad_pack_is_refused_with_every_problem_in_the_readers_language(
        serve: Callable[..., TestClient]) -> None:
    client = serve()
    files = shipped(client)
    set_cell(files, "tiles.csv", 1, "id", cell(files, "tiles.csv", 0, "id"))  # id twice
    set_cell(files, "tiles.csv", 2, "landmark", "NOPE")
    r = client.post("/api/packs/check", json={"files": files})
    en = r.json()
    assert en["ok"] is False
    said = [p["message"] for p in en["problems"]]
    assert "tile id 'HV' used twice" in said
    assert any(m.startswith("no landmark card 'NOPE'") for m in said)
    ru = client.post("/api/packs/check?lang=ru", json={"files": files}).json()
    assert len(ru["problems"]) == len(en["problems"])
    assert "код тайла 'HV' дан дважды" in [p["message"] for p in ru["problems"]]
    ja = client.post("/api/packs/check?lang=ja", json={"files": files}).json()
    assert all(p["message"] not in said for p in ja["problems"])  # every one translated


def test_one_row_is_checked_against_its_files_schema(serve: Callable[..., TestClient]) -> None:
    client = serve()
    files = shipped(client)
    cols = files["tiles.csv"]["columns"]
    row = dict(zip(cols, files["tiles.csv"]["rows"][3], strict=False))
    ok = client.post("/api/packs/check-row", json={"file": "tiles.csv", "row": row}).json()
    assert ok == {"ok": True, "problems": []}
    bad = {**row, "cost": "2 gold", "stack": "Q"}
    r = client.post("/api/packs/check-row?lang=uk",
                    json={"file": "tiles.csv", "row": bad}).json()
    assert r["ok"] is False
    fields = {p["field"]: p["message"] for p in r["problems"]}
    assert set(fields) == {"cost", "stack"}
    assert "gold" in fields["cost"] and fields["cost"].startswith("невідома вартість")
    assert "'S'" in fields["stack"] and "Input" not in fields["stack"]


def test_the_download_is_a_pack_that_the_check_and_install_take(
        serve: Callable[..., TestClient], tmp_path: Path, packs_dir: Path) -> None:
    client = serve()
    files = shipped(client)
    set_cell(files, "feasts.csv", 1, "cost", "stone")
    r = client.post("/api/packs/download?name=my-box", json={"files": files})
    assert r.status_code == 200 and r.headers["content-type"] == "application/zip"
    assert 'filename="my-box.zip"' in r.headers["content-disposition"]
    archive = tmp_path / "my-box.zip"
    archive.write_bytes(r.content)
    with zipfile.ZipFile(archive) as z:
        z.extractall(tmp_path / "out")
    pack = load_pack(tmp_path / "out")
    assert pack.feasts[1].cost.alternatives[0][0].token == "stone"
    info, new = store.install(archive)  # what clanboard pack install does
    assert new and info.name == "my-box"
    again = client.post("/api/packs/open", content=r.content,
                        headers={"Content-Type": "application/octet-stream"})
    assert again.status_code == 200 and again.json()["files"] == files


def test_only_an_owner_installs_and_a_bad_pack_installs_nothing(
        serve: Callable[..., TestClient], packs_dir: Path) -> None:
    client = serve(owners="Morag, Isla")
    files = shipped(client)
    stranger = signed_up(client, "Ewan")
    r = stranger.post("/api/packs/install", json={"files": files, "name": "boxed"})
    assert r.status_code == 403 and r.json()["error"] == "not_owner"
    r = Browser(client).post("/api/packs/install", json={"files": files, "name": "boxed"})
    assert r.status_code == 403  # a guest
    owner = signed_up(client, "morag")  # names compare without case
    assert owner.get("/api/packs/provisional").json()["owner"] is True
    assert stranger.get("/api/packs/provisional").json()["owner"] is False
    bad = copy.deepcopy(files)
    set_cell(bad, "market.csv", 0, "prices", "3 2 1")
    r = owner.post("/api/packs/install?lang=ru", json={"files": bad, "name": "boxed"})
    assert r.status_code == 422 and r.json()["error"] == "bad_pack"
    assert r.json()["problems"][0]["file"] == "market.csv"
    assert "монеты" in r.json()["problems"][0]["message"]
    assert store.installed() == {}
    r = owner.post("/api/packs/install", json={"files": files, "name": "boxed"}, csrf=False)
    assert r.status_code == 403 and r.json()["error"] == "csrf_failed"  # another site's form
    r = owner.post("/api/packs/install", json={"files": files, "name": "provisional"})
    assert r.status_code == 422 and r.json()["error"] == "pack_name"
    r = owner.post("/api/packs/install", json={"files": files, "name": "boxed"})
    assert r.status_code == 200 and r.json()["version"] == 1 and r.json()["new"] is True
    assert store.installed()["boxed"].hash == r.json()["hash"]
    assert store.installed()["boxed"].source == "the pack editor, by morag"
    r = owner.post("/api/packs/install", json={"files": files, "name": "boxed"})
    assert r.json()["new"] is False  # the same content: no new version


def test_hostile_input_is_refused_and_bounded(serve: Callable[..., TestClient],
                                              packs_dir: Path) -> None:
    client = serve(max_pack_bytes=200_000, rate_writes=30)
    files = shipped(client)
    r = client.post("/api/packs/check", json={"files": {"../../etc/passwd": files["tiles.csv"]}})
    assert r.status_code == 422 and r.json()["error"] == "not_a_pack_file"
    r = client.post("/api/packs/check-row", json={"file": "x.csv", "row": {}})
    assert r.status_code == 422
    big = copy.deepcopy(files)
    set_cell(big, "tiles.csv", 0, "notes", "x" * 5000)
    assert client.post("/api/packs/check", json={"files": big}).status_code == 413
    huge = {"files": {"tiles.csv": {"columns": ["id"], "rows": [["x" * 1000]] * 300}}}
    assert client.post("/api/packs/check", json=huge).status_code == 413  # over the body limit
    r = client.post("/api/packs/open", content=b"x" * 200_001,
                    headers={"Content-Type": "application/octet-stream"})
    assert r.status_code == 413  # an upload over max_pack_bytes is not read
    r = client.post("/api/packs/open", content=b"not an archive at all",
                    headers={"Content-Type": "application/octet-stream"})
    assert r.status_code == 422 and r.json()["error"] == "bad_pack"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("../../evil.csv", "id\n1\n")
    r = client.post("/api/packs/open", content=buf.getvalue(),
                    headers={"Content-Type": "application/octet-stream"})
    assert r.status_code == 422
    wide = {"files": {"tiles.csv": {"columns": ["id"], "rows": [["a", "b"]]}}}
    assert client.post("/api/packs/check", json=wide).status_code == 422
    codes = [client.post("/api/packs/check-row", json={"file": "x.csv", "row": {}}).status_code
             for _ in range(40)]
    assert 429 in codes  # the writes' rate limit holds for the editor too
