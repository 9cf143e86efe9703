"""Every Python code block of README.md and docs/*.md runs as shown.

A block is run in a fresh namespace, in a temporary working folder. A block that cannot
run here (it needs a server, a cluster or an hour) says so in an HTML comment on the line
before it: ``<!-- not run: the reason -->``. A block that reads what a command writes
names the command: ``<!-- run after: clanboard selfplay ... -->`` (run first, in the same
folder). docs/notes/ (the lab notebooks) are not checked.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"(?:<!--(?P<note>[^>]*)-->\n)?```python\n(?P<code>.*?)```", re.S)


def blocks() -> list[tuple[str, int, str, str]]:
    found = []
    for doc in DOCS:
        for i, m in enumerate(BLOCK.finditer(doc.read_text(encoding="utf-8"))):
            found.append((doc.relative_to(ROOT).as_posix(), i + 1, m["code"], m["note"] or ""))
    return found


def test_the_docs_have_python_blocks() -> None:
    assert len(blocks()) >= 8


@pytest.mark.parametrize(("doc", "index", "code", "note"),
                         [pytest.param(*b, id=f"{b[0]}#{b[1]}") for b in blocks()])
def test_a_python_block_runs(doc: str, index: int, code: str, note: str,
                             tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if note.strip().startswith("not run:"):
        reason = note.strip()[len("not run:"):].strip()
        assert reason, f"{doc} block {index}: 'not run' needs its reason"
        pytest.skip(f"{doc} block {index}: {reason}")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CLANBOARD_DATA", os.fspath(tmp_path))
    if note.strip().startswith("run after:"):
        from clanboard.cli.main import app

        words = shlex.split(note.strip()[len("run after:"):])
        assert words[0] == "clanboard", f"{doc} block {index}: run after a clanboard command"
        result = CliRunner().invoke(app, words[1:])
        assert result.exit_code == 0, result.output
    exec(compile(code, f"{doc} (python block {index})", "exec"), {"__name__": "__doc_block__"})
