"""``clanboard analyse RECORD.json``: the table of moves with marks, JSON out, resume, errors."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from clanboard.ai.analysis import analyse
from clanboard.cli.main import app
from clanboard.core import GameRecord

runner = CliRunner()
PLANTED = Path(__file__).parents[1] / "ai" / "data" / "planted_blunder.json"


def test_the_table_and_the_json_match_the_library(tmp_path: Path) -> None:
    out = tmp_path / "a.json"
    r = runner.invoke(app, ["analyse", str(PLANTED), "-i", "3", "--seed", "2",
                            "--json", str(out)], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    written = json.loads(out.read_text())
    record = GameRecord.load(PLANTED)
    assert written == analyse(record, iterations=3, seed=2).to_json()
    assert len(written["moves"]) == len(record.moves)
    for m in written["moves"][:5]:
        assert f" {m['move']} " in r.output
    assert "?? blunder:" in r.output and "?! inaccuracy:" in r.output


def test_a_journalled_analysis_resumes_to_the_same_numbers(tmp_path: Path) -> None:
    folder = tmp_path / "job"
    first = runner.invoke(app, ["analyse", str(PLANTED), "-i", "3", "--journal", str(folder),
                                "--json", str(tmp_path / "1.json")])
    assert first.exit_code == 0, first.output
    lines = (folder / "journal.jsonl").read_text().splitlines()
    (folder / "journal.jsonl").write_text("\n".join(lines[:20]) + "\n")  # stopped early
    again = runner.invoke(app, ["analyse", str(PLANTED), "-i", "3", "--journal", str(folder),
                                "--resume", "--json", str(tmp_path / "2.json")])
    assert again.exit_code == 0, again.output
    assert (tmp_path / "1.json").read_text() == (tmp_path / "2.json").read_text()


def words(output: str) -> str:
    return " ".join(output.split())  # rich wraps long lines


def test_bad_input_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = runner.invoke(app, ["analyse", str(bad)])
    assert r.exit_code == 2 and "not valid JSON" in words(r.output)
    r = runner.invoke(app, ["analyse", str(tmp_path / "missing.json")])
    assert r.exit_code == 2 and "missing.json" in words(r.output)
    r = runner.invoke(app, ["analyse", str(PLANTED), "-i", "0"])
    assert r.exit_code == 2 and "at least 1 iteration" in words(r.output)
