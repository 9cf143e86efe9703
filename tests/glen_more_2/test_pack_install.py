"""Packs as a user feature: install (checked, versioned, with provenance), choose with the
``pack`` option (never fixed at import), and records that name the pack's content hash."""

from __future__ import annotations

import json
import shutil
import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clanboard.cli.main import app
from clanboard.core import GameRecord, InvalidState, replay
from clanboard.games.glen_more_2 import store
from clanboard.games.glen_more_2.components import add_pack, forget_packs, pack_names
from clanboard.games.glen_more_2.pack import PROVISIONAL_PACK, PackError
from tests.glen_more_2.helpers import GAME
from tests.glen_more_2.test_pack import _edit

OPTS = {"provisional": True}


@pytest.fixture(autouse=True)
def packs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A packs folder of this test only."""
    where = tmp_path / "installed"
    monkeypatch.setenv(store.ENV, str(where))
    forget_packs()
    yield where
    forget_packs()


def _source(tmp_path: Path, name: str = "mine") -> Path:
    d = tmp_path / name
    shutil.copytree(PROVISIONAL_PACK, d)
    return d


def test_install_checks_copies_and_records_where_it_came_from(tmp_path: Path,
                                                               packs: Path) -> None:
    src = _source(tmp_path)
    info, new = store.install(src)
    assert new and info.name == "mine" and info.version == 1
    assert info.hash == store.content_hash(PROVISIONAL_PACK) and info.hash.startswith("sha256:")
    assert info.source == str(src) and info.installed_at.endswith("Z")
    assert info.provisional > 0 and info.tiles > 90
    manifest = json.loads((packs / "mine" / "1" / "pack.json").read_text("utf-8"))
    assert manifest["hash"] == info.hash and manifest["version"] == 1
    assert "mine" in pack_names() and store.installed()["mine"] == info
    # the same content again: no new version; changed content: version 2
    assert store.install(src) == (info, False)
    _edit(src, "settings.csv", "territory_penalty", "value", "2")
    info2, new2 = store.install(src)
    assert new2 and info2.version == 2 and info2.hash != info.hash
    assert [v.version for v in store.versions("mine")] == [1, 2]


def test_a_bad_pack_is_refused_with_every_problem_and_nothing_installed(
        tmp_path: Path, packs: Path) -> None:
    src = _source(tmp_path, "broken")
    _edit(src, "settings.csv", "territory_penalty", "value", "many")
    _edit(src, "tiles.csv", "T01", "stack", "Q")
    with pytest.raises(PackError) as err:
        store.install(src)
    text = [str(i) for i in err.value.issues]
    assert len(text) >= 2
    assert any("settings.csv" in t and "territory_penalty" in t for t in text)
    assert any("tiles.csv" in t and "stack" in t for t in text)
    assert not packs.exists() or not any(packs.iterdir())
    assert "broken" not in pack_names()


def test_names_are_checked_and_the_shipped_pack_cannot_be_replaced(tmp_path: Path) -> None:
    src = _source(tmp_path)
    with pytest.raises(InvalidState, match="shipped"):
        store.install(src, "provisional")
    with pytest.raises(InvalidState, match="lower-case"):
        store.install(src, "../escape")


def test_archives_install_from_the_top_or_one_folder_and_unsafe_names_are_skipped(
        tmp_path: Path) -> None:
    src = _source(tmp_path)
    z = tmp_path / "zipped.zip"
    with zipfile.ZipFile(z, "w") as out:
        for f in sorted(src.iterdir()):
            out.write(f, f"mine/{f.name}")
        out.writestr("../evil.csv", "x")
    info, _ = store.install(z)
    assert info.name == "zipped" and info.hash == store.content_hash(src)
    assert not (tmp_path / "evil.csv").exists()
    t = tmp_path / "tarred.tar.gz"
    with tarfile.open(t, "w:gz") as out:
        for f in sorted(src.iterdir()):
            out.add(f, f.name)
    assert store.install(t)[0].name == "tarred"
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"not an archive")
    with pytest.raises(PackError, match="not a pack archive"):
        store.install(junk)


def test_the_pack_option_takes_added_and_installed_packs(tmp_path: Path) -> None:
    """Issue 42: a pack added with add_pack() (or installed) after import is accepted by
    new_state and state_from_json; an unknown one is refused naming the packs there."""
    add_pack("added-after-import", _source(tmp_path, "added"))
    store.install(_source(tmp_path, "inst"))
    for name in ("added-after-import", "inst"):
        s = GAME.new_state(2, seed=1, options={**OPTS, "pack": name})
        again = GAME.state_from_json(json.loads(json.dumps(s.to_json())))
        assert again.options["pack"] == name
    with pytest.raises(InvalidState, match="no component pack 'nope'.*inst"):
        GAME.new_state(2, seed=1, options={**OPTS, "pack": "nope"})


def test_records_name_the_pack_hash_and_a_replay_refuses_other_content(
        tmp_path: Path) -> None:
    src = _source(tmp_path)
    info, _ = store.install(src)
    s = GAME.new_state(2, seed=3, options={**OPTS, "pack": "mine"})
    for _ in range(30):
        s.apply(s.legal_moves()[0])
    rec = GameRecord.from_json(json.loads(json.dumps(s.record().to_json())))
    assert rec.options["pack"] == "mine" and rec.options["pack_hash"] == info.hash
    assert replay(rec).to_json() == s.to_json()
    _edit(src, "settings.csv", "territory_penalty", "value", "2")
    store.install(src)
    forget_packs()
    with pytest.raises(InvalidState, match="played with the component pack 'mine'"):
        replay(rec)
    with pytest.raises(InvalidState, match="played with the component pack 'mine'"):
        GAME.state_from_json(s.to_json())


def test_cli_install_list_and_play_with_pack(tmp_path: Path) -> None:
    runner = CliRunner()
    src = _source(tmp_path)
    out = runner.invoke(app, ["pack", "install", str(src), "--name", "boxed"])
    assert out.exit_code == 0, out.output
    assert "installed: boxed v1" in out.output and "--pack boxed" in out.output
    out = runner.invoke(app, ["pack", "list"])
    assert out.exit_code == 0 and "boxed v1" in out.output
    bad = _source(tmp_path, "bad")
    _edit(bad, "tiles.csv", "T01", "stack", "Q")
    _edit(bad, "settings.csv", "territory_penalty", "value", "many")
    out = runner.invoke(app, ["pack", "install", str(bad)])
    assert out.exit_code == 1 and "nothing installed" in out.output
    assert "tiles.csv" in out.output and "settings.csv" in out.output
    record = tmp_path / "g.json"
    out = runner.invoke(app, ["play", "glen-more-2", "--pack", "boxed", "--provisional",
                              "--seed", "2", "--save", str(record)], input="1\n" * 3000)
    assert out.exit_code == 0, out.output[-2000:]
    saved = GameRecord.load(record)
    assert saved.options["pack"] == "boxed"
    assert saved.options["pack_hash"] == store.installed()["boxed"].hash


def test_serve_refuses_a_pack_that_is_not_installed() -> None:
    out = CliRunner().invoke(app, ["serve", "--pack", "absent", "--port", "1"])
    assert out.exit_code == 2
    assert "not installed: absent" in out.output
