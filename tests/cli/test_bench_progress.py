"""``clanboard bench`` tells how long it will take and reports each finished row on stderr,
also when its output is piped (no terminal: no spinner to show progress)."""

from __future__ import annotations

import json
import re
import time
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from clanboard.ai import bench, ismcts
from clanboard.cli.main import app
from clanboard.core import register
from tests.support.toygame import TOY

register(TOY)


def test_bench_reports_progress_on_stderr_when_piped() -> None:
    result = CliRunner().invoke(app, ["bench", "--game", "toy-duel", "--game", "toy-duel",
                                      "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert re.fullmatch(r"measuring 2 set-ups, about 0\.2 s each \(~0\.\d s in all\)",
                        lines[0]), lines[0]
    assert lines[1].startswith("[1/2] toy-duel (default, 2 players): ")
    assert lines[2].startswith("[2/2] toy-duel (default, 2 players): ")
    assert "random games/s" in lines[2] and "ISMCTS it/s" in lines[2]
    assert "[1/2]" not in result.stdout  # the table alone goes to stdout


def test_bench_by_cpu_time_never_reads_the_wall_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--clock cpu`` times every part, the searches too, by CPU time: a bench that read
    the wall clock anywhere would fail here."""
    def wall() -> float:
        raise AssertionError("the wall clock was read")

    monkeypatch.setitem(bench.CLOCKS, "wall", wall)
    monkeypatch.setattr(ismcts, "time", SimpleNamespace(perf_counter=wall,
                                                        thread_time=time.thread_time))
    result = CliRunner().invoke(app, ["bench", "--game", "toy-duel", "--seconds", "0.05",
                                      "--clock", "cpu", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["machine"]["clock"] == "cpu"
    row = out["results"][0]
    assert row["games_per_s"] > 0 and row["ismcts_iterations_per_s_start"] > 0
    # and the default reads it (the stand-in above raises)
    assert CliRunner().invoke(app, ["bench", "--game", "toy-duel",
                                    "--seconds", "0.05"]).exit_code != 0


def test_bench_refuses_an_unknown_clock() -> None:
    result = CliRunner().invoke(app, ["bench", "--game", "toy-duel", "--clock", "sundial"])
    assert result.exit_code == 2
    assert "--clock must be one of wall, cpu, not 'sundial'" in result.output
    with pytest.raises(ValueError, match="unknown clock 'sundial': use one of wall, cpu"):
        bench.run_bench(["toy-duel"], clock="sundial")
