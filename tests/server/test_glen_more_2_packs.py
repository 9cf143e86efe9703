"""Glen More II packs on a server: its owner chooses the installed packs the lobby offers
(``clanboard serve --pack NAME``); a table with any other pack is refused."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from clanboard.games.glen_more_2 import store
from clanboard.games.glen_more_2.components import forget_packs
from clanboard.games.glen_more_2.pack import PROVISIONAL_PACK
from tests.server.conftest import TestClient, new_table


@pytest.fixture
def two_packs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    monkeypatch.setenv(store.ENV, str(tmp_path / "installed"))
    hashes = {}
    for name in ("boxed", "private"):
        src = tmp_path / name
        shutil.copytree(PROVISIONAL_PACK, src)
        hashes[name] = store.install(src)[0].hash
    forget_packs()
    yield hashes
    forget_packs()


def test_the_lobby_offers_the_allowed_installed_packs(
        serve: Callable[..., TestClient], two_packs: dict[str, str]) -> None:
    client = serve(packs="boxed")
    info = next(g for g in client.get("/api/games").json() if g["id"] == "glen-more-2")
    options = {o["name"]: o for o in info["options"]}
    assert options["pack"]["choices"] == ["provisional", "boxed"]  # not 'private'
    assert "pack_hash" not in options  # filled in by the game, never asked for
    seats = [{"kind": "human"}, {"kind": "ai", "agent": "random"}]
    t = new_table(client, game="glen-more-2", variant="provisional",
                  options={"pack": "boxed"}, seats=seats)
    live = client.app.state.tables.live[t["table"]]  # type: ignore[attr-defined]
    assert live.state.options["pack"] == "boxed"
    assert live.state.options["pack_hash"] == two_packs["boxed"]
    r = client.post("/api/tables", json={"game": "glen-more-2", "variant": "provisional",
                                         "options": {"pack": "private"}, "seats": seats})
    assert r.status_code == 422 and r.json()["error"] == "pack_not_offered"
    assert "'private' is not offered" in r.json()["reason"] and "boxed" in r.json()["reason"]


def test_without_the_owners_choice_only_the_shipped_pack_is_offered(
        serve: Callable[..., TestClient], two_packs: dict[str, str]) -> None:
    client = serve()
    info = next(g for g in client.get("/api/games").json() if g["id"] == "glen-more-2")
    assert {o["name"]: o for o in info["options"]}["pack"]["choices"] == ["provisional"]
    r = client.post("/api/tables", json={"game": "glen-more-2", "variant": "provisional",
                                         "options": {"pack": "boxed"},
                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 422 and r.json()["error"] == "pack_not_offered"
