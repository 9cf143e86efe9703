"""``clanboard --help`` lists every command with its summary as running text."""

from __future__ import annotations

import inspect

from typer.testing import CliRunner

from clanboard.cli.main import app


def test_the_command_list_shows_each_summary_unbroken() -> None:
    result = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    listed = 0
    for info in app.registered_commands:
        assert info.callback is not None
        doc = inspect.cleandoc(info.callback.__doc__ or "")
        # a summary wrapped in the source is still listed as one run of words: its start
        # (beyond the source's line length) sits on the command's own row
        summary = " ".join(doc.split("\n\n")[0].split())
        row = next(line for line in lines if line.startswith(f"│ {info.name} "))
        assert summary[:100] in row, (info.name, row)
        listed += 1
    assert listed >= 10
