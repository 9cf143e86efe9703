"""``clanboard bench`` tells how long it will take and reports each finished row on stderr,
also when its output is piped (no terminal: no spinner to show progress)."""

from __future__ import annotations

import re

from typer.testing import CliRunner

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
