"""``resign`` at the terminal prompt: confirmed, a game of two ends (the other wins); with
three or more an AI at the opponents' level plays the seat on to the end."""

from __future__ import annotations

from typer.testing import CliRunner

from clanboard.cli.main import app
from clanboard.core import GameRecord, replay

runner = CliRunner()


def test_resigning_a_duel_ends_it_and_the_other_wins(tmp_path) -> None:
    record = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "schotten-totten", "--vs", "random", "--seed", "3",
                                 "--save", str(record)], input="1\nresign\nn\nresign\ny\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Resign this game?") == 2  # "n" kept playing
    assert "You resigned: " in result.output and "wins" in result.output
    assert "game left unfinished" not in result.output
    assert not replay(GameRecord.load(record)).is_terminal()


def test_resigning_in_russian(tmp_path) -> None:
    result = runner.invoke(app, ["play", "schotten-totten", "--vs", "random", "--seed", "3",
                                 "--lang", "ru"], input="resign\ny\n")
    assert result.exit_code == 0, result.output
    assert "Вы сдались" in result.output


def test_a_three_player_glen_more_goes_on_with_an_ai_in_the_seat(tmp_path) -> None:
    record = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "glen-more", "--players", "3", "--vs", "random",
                                 "--seed", "5", "--save", str(record)],
                           input="resign\ny\n")
    assert result.exit_code == 0, result.output
    assert "You resigned: from now on your seat is played by AI — random" in result.output
    final = replay(GameRecord.load(record))
    assert final.is_terminal()
    assert {p for p, _ in GameRecord.load(record).moves if p >= 0} == {0, 1, 2}
