"""The code shown in docs/rl.md runs as shown (with its small budgets)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is in the optional extra clanboard[rl]")
pytest.importorskip("clanboard.games.schotten_totten")

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def snippet(name: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    found = re.search(rf"<!-- snippet: {name}\b.*?-->\n```python\n(.*?)```", text, re.S)
    assert found, f"docs/rl.md has no snippet {name!r}"
    return found.group(1)


def test_the_python_search_bots_play_a_clanboard_game(capsys: pytest.CaptureFixture[str]) -> None:
    code = snippet("python-bots")
    assert "pyspiel.ISMCTSBot" not in code and "pyspiel.MCTSBot" not in code
    namespace: dict[str, object] = {}
    exec(compile(code, str(DOC), "exec"), namespace)
    state = namespace["state"]
    assert state.move_number() == 40  # type: ignore[attr-defined]
    assert capsys.readouterr().out.startswith("40 ")
