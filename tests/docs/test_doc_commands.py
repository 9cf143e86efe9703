"""Every ``clanboard`` command shown in README.md and docs/*.md names a real command with
options and arguments the CLI accepts (parsed by the CLI itself, not run: many of them
play for minutes or serve forever). Synopsis lines (with ``[optional]`` parts or ``|``
alternatives) are left out; docs/notes/ is not checked."""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
import typer

from clanboard.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def commands() -> list[tuple[str, str]]:
    """(doc, command line) for each ``clanboard`` line inside a fenced block."""
    found = []
    for doc in DOCS:
        fence, pending = False, ""
        for raw in doc.read_text(encoding="utf-8").splitlines():
            if raw.lstrip().startswith("```"):
                fence, pending = not fence, ""
                continue
            if not fence:
                continue
            line = pending + re.sub(r"\s+#.*$", "", raw).strip()
            if line.endswith("\\"):
                pending = line[:-1] + " "
                continue
            pending = ""
            line = re.sub(r"^(\$ )?(\.venv/bin/)?", "", line)
            if line.startswith("clanboard ") and not re.search(r"[\[|]", line):
                found.append((doc.relative_to(ROOT).as_posix(), line))
    return found


def test_the_docs_show_commands() -> None:
    assert len(commands()) >= 30


@pytest.mark.parametrize(("doc", "line"), [pytest.param(*c, id=c[1][:60]) for c in commands()])
def test_a_documented_command_parses(doc: str, line: str) -> None:
    # typer brings its own copy of click: its classes are reached through the command
    cmd: Any = typer.main.get_command(app)
    words = shlex.split(line)[1:]
    ctx = cmd.context_class(cmd, info_name="clanboard")
    while hasattr(cmd, "get_command"):
        assert words, f"{doc}: `{line}` names no command"
        sub = cmd.get_command(ctx, words[0])
        assert sub is not None, f"{doc}: `{line}`: no command {words[0]!r}"
        cmd, ctx, words = sub, sub.context_class(sub, info_name=words[0], parent=ctx), words[1:]
    try:
        cmd.make_context(ctx.info_name, list(words), parent=ctx.parent)
    except Exception as e:  # click's UsageError (exit code 2) from typer's copy
        if getattr(e, "exit_code", None) != 2:
            raise
        pytest.fail(f"{doc}: `{line}` is refused by the CLI: {e.format_message()}")  # type: ignore[attr-defined]


def test_long_runs_are_marked_with_their_time() -> None:
    """The docs' long commands carry the wall time ``bench/doc_timings.py`` re-measures."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("doc_timings", ROOT / "bench" / "doc_timings.py")
    assert spec and spec.loader
    timings = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = timings  # dataclasses look their module up
    spec.loader.exec_module(timings)
    runs = timings.long_runs(ROOT)
    assert runs and all(r.stated_s > 0 for r in runs)
    assert any(r.command.startswith("clanboard arena") for r in runs)
    assert {r.command for r in runs} <= {line for _, line in commands()}
