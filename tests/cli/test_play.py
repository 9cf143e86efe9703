"""The terminal front end: a whole game typed at the prompt, replay, and error messages."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from clanboard.cli.main import app
from clanboard.core import GameRecord, replay

runner = CliRunner()


def test_a_whole_tactics_game_against_the_heuristic(tmp_path) -> None:
    record = tmp_path / "game.json"
    # a typo first, then always the first legal move, until the game ends
    keys = "9z@1\n" + "1\n" * 400
    result = runner.invoke(app, ["play", "schotten-totten", "--variant", "tactics",
                                 "--vs", "heuristic", "--seed", "4", "--save", str(record)],
                           input=keys)
    assert result.exit_code == 0, result.output
    assert "cannot read '9z@1'" in result.output
    assert "wins" in result.output or "shared win" in result.output
    saved = GameRecord.load(record)
    final = replay(saved)
    assert final.is_terminal()
    assert saved.options["tactics"] is True


def test_replay_steps_through_a_record(tmp_path) -> None:
    path = tmp_path / "g.json"
    runner.invoke(app, ["play", "schotten-totten", "--seed", "2", "--vs", "random",
                        "--save", str(path)], input="1\n" * 300)
    result = runner.invoke(app, ["replay", str(path), "--no-step"])
    assert result.exit_code == 0, result.output
    n = len(json.loads(path.read_text())["moves"])
    assert f"move {n}/{n}" in result.output and "result:" in result.output


def test_bad_arguments_are_explained() -> None:
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 2 and "registered games" in result.output
    result = runner.invoke(app, ["play", "schotten-totten", "--variant", "nope"])
    assert result.exit_code == 2 and "unknown variant" in result.output
    result = runner.invoke(app, ["replay", "/nonexistent/file.json"])
    assert result.exit_code == 2 and "cannot replay" in result.output


def test_games_lists_variants_and_agents() -> None:
    result = runner.invoke(app, ["games"])
    assert "schotten-totten" in result.output and "tactics" in result.output
    assert "heuristic" in result.output


def test_agents_secret_choices_are_not_printed() -> None:
    result = runner.invoke(app, ["play", "isle-of-skye", "--players", "3", "--seed", "2"],
                           input="1\n" * 12 + "quit\n")
    assert result.exit_code == 0, result.output
    assert "has chosen" in result.output
    for word in ("price", "discard", "offer"):
        assert f"(heuristic): {word}" not in result.output
