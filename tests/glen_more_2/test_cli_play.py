"""The issue's terminal check: ``clanboard play glen-more-2 --provisional --chronicles 9,10,11
--players 3`` played to the end at the prompt (the first legal move each time), the record
saved and replayed, the provisional values it used listed at the end."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from clanboard.cli.main import app
from clanboard.core import GameRecord, replay


def test_chronicles_9_10_11_to_the_end_in_the_terminal(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    result = CliRunner().invoke(app, ["play", "glen-more-2", "--provisional", "--chronicles",
                                      "9,10,11", "--players", "3", "--vs", "heuristic",
                                      "--seed", "4", "--save", str(record)],
                                input="1\n" * 4000)
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "PROVISIONAL COMPONENTS" in out
    assert "Highland Games" in out and "Blueprint cards" in out and "Feasts" in out
    assert "wins" in out or "shared win" in out
    assert "provisional values:" in out  # the values the game used, at the end
    saved = GameRecord.load(record)
    assert saved.options["chronicles"] == "9,10,11" and saved.num_players == 3
    state = replay(saved)
    assert state.is_terminal()
    moves = {m.split()[0] for p, m in saved.moves if p == 0}
    assert {"take", "place", "bid"} <= moves, moves
