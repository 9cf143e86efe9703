"""The component pack: the shipped provisional pack validates, the build script reproduces it
from the research data, and broken packs name the file, row, field and allowed values."""

import csv
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clanboard.cli.main import app
from clanboard.games.glen_more_2.effects import EffectError, parse_cost, parse_effect
from clanboard.games.glen_more_2.pack import PROVISIONAL_PACK, PackError, load_pack

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "glen-more-2"


def _copy(tmp_path: Path) -> Path:
    d = tmp_path / "pack"
    shutil.copytree(PROVISIONAL_PACK, d)
    return d


def _edit(d: Path, name: str, key: str, column: str, value: str) -> int:
    """Set ``column`` of the row whose first cell is ``key``; returns its line number."""
    path = d / name
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    cols = list(rows[0])
    line = 0
    for i, r in enumerate(rows):
        if r[cols[0]] == key:
            r[column] = value
            line = i + 2
    assert line
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    return line


def _issues(d: Path) -> list[str]:
    with pytest.raises(PackError) as err:
        load_pack(d)
    return [str(i) for i in err.value.issues]


def test_provisional_pack_validates_and_lists_what_is_provisional():
    pack = load_pack(PROVISIONAL_PACK)
    assert {t.stack for t in pack.tiles} == {"S", "A", "B", "C", "D", "home", "clan"}
    assert sum(t.stack == "S" and not t.chronicle for t in pack.tiles) == 5  # spec 1.2 [C:LUD]
    assert sum(t.stack == "S" and t.chronicle == 10 for t in pack.tiles) == 3  # HG-RU 276
    prov = pack.provisional()
    assert any(e.key == "rondel_spaces" for e in prov)
    assert all(e.reason for e in prov)
    # confirmed values are carried over as not provisional
    assert not any(e.key == "start_coins_first" for e in prov)
    assert pack.scoring_vp(0) == 0 and pack.scoring_vp(4) == 5 and pack.scoring_vp(9) == 8
    names = {t.name for t in pack.tiles}
    assert {"Glengorm", "Highland Market", "Mary Stuart", "David Hume", "World's End"} <= names


@pytest.mark.skipif(not SHARED.is_dir(), reason="research data folder not present")
def test_build_script_reproduces_the_shipped_pack(tmp_path):
    from clanboard.games.glen_more_2.build_pack import main

    assert main([str(SHARED), str(tmp_path / "out")]) == 0
    for f in PROVISIONAL_PACK.glob("*.csv"):
        assert (tmp_path / "out" / f.name).read_text("utf-8") == f.read_text("utf-8"), f.name


def test_bad_kind_names_file_row_field_and_allowed(tmp_path):
    d = _copy(tmp_path)
    line = _edit(d, "tiles.csv", "T05", "kind", "forrest")
    (issue,) = _issues(d)
    assert f"tiles.csv, row {line}, field 'kind'" in issue
    assert "'forrest'" in issue and "material" in issue and "loch" in issue


def test_bad_effect_names_the_token_and_the_vocabulary(tmp_path):
    d = _copy(tmp_path)
    line = _edit(d, "tiles.csv", "T03", "activation", "-> shep")
    (issue,) = _issues(d)
    assert f"tiles.csv, row {line}, field 'activation'" in issue
    assert "'shep'" in issue and "sheep" in issue and "scotsman" in issue


def test_bad_setting_value_and_unknown_setting(tmp_path):
    d = _copy(tmp_path)
    line = _edit(d, "settings.csv", "river_rule", "value", "rivers")
    issues = _issues(d)
    assert any(f"settings.csv, row {line}, field 'value'" in i and "none" in i
               and "river_row" in i for i in issues)
    d2 = _copy(tmp_path / "b")
    _edit(d2, "settings.csv", "tie_break", "name", "tiebreak")
    issues = _issues(d2)
    assert any("unknown setting 'tiebreak'" in i and "tie_break" in i for i in issues)
    assert any("setting 'tie_break' missing" in i for i in issues)


def test_missing_file_unknown_column_and_provisional_without_reason(tmp_path):
    d = _copy(tmp_path)
    (d / "market.csv").unlink()
    assert any(i.startswith("market.csv: file missing") for i in _issues(d))
    d2 = _copy(tmp_path / "b")
    line = _edit(d2, "landmarks.csv", "L-T09", "reason", "")
    (issue,) = _issues(d2)
    assert f"landmarks.csv, row {line}, field 'reason'" in issue
    d3 = _copy(tmp_path / "c")
    text = (d3 / "scoring.csv").read_text("utf-8").replace("difference,", "diff,", 1)
    (d3 / "scoring.csv").write_text(text, "utf-8")
    assert any("scoring.csv, row 1, field 'diff': unknown column" in i for i in _issues(d3))


def test_cross_file_references_are_checked(tmp_path):
    d = _copy(tmp_path)
    _edit(d, "tiles.csv", "T09", "landmark", "L-NOPE")
    assert any("field 'landmark'" in i and "L-NOPE" in i for i in _issues(d))
    d2 = _copy(tmp_path / "b")
    _edit(d2, "clan_spaces.csv", "MacKay", "effect", "tile:NOBODY")
    assert any("clan_spaces.csv" in i and "tile:NOBODY" in i for i in _issues(d2))


def test_effect_vocabulary_round_trips():
    for text in ["-> stone", "sheep -> 2 vp | 2 sheep -> 4 vp", "3 any -> 8 vp",
                 "orthogonal:village & not orthogonal:trade ? 3 vp", "activate row_column",
                 "2 vp per kind:village", "tile:HUME", "2 distinct -> 3 vp + move"]:
        e = parse_effect(text)
        assert parse_effect(str(e)) == e
    assert str(parse_cost("wood+stone | 2 distinct")) == "wood + stone | 2 distinct"
    for bad, hint in [("-> 0 wood", "count"), ("adjacent:lake ? vp", "loch"),
                      ("activate everything", "row_column"), ("3 vp per hat", "kind:village"),
                      ("wood ->", "gains nothing")]:
        with pytest.raises(EffectError, match=hint):
            parse_effect(bad)


def test_cli_pack_check_template_and_provisional(tmp_path):
    runner = CliRunner()
    out = runner.invoke(app, ["pack", "check", str(PROVISIONAL_PACK)])
    assert out.exit_code == 0 and "provisional" in out.output
    t = tmp_path / "mine"
    out = runner.invoke(app, ["pack", "template", str(t)])
    assert out.exit_code == 0 and (t / "tiles.csv").is_file()
    load_pack(t)
    _edit(t, "tiles.csv", "T01", "stack", "E")
    out = runner.invoke(app, ["pack", "check", str(t)])
    assert out.exit_code == 1 and "field 'stack'" in out.output
    out = runner.invoke(app, ["pack", "provisional", "--markdown"])
    assert out.exit_code == 0 and out.output.startswith("| file | row |")


def test_docs_provisional_table_is_the_generated_one():
    docs = Path(__file__).resolve().parents[2] / "docs" / "glen-more-2-provisional.md"
    out = CliRunner().invoke(app, ["pack", "provisional", "--markdown"])
    assert out.exit_code == 0
    assert out.output.strip() in docs.read_text("utf-8"), \
        "regenerate the table: clanboard pack provisional --markdown"
