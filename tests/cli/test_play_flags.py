"""``clanboard play``'s general flags --provisional and --chronicles: a whole Glen More II game
with chronicle 9 typed at the prompt, the provisional badge, and the errors for the rest."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from clanboard.cli.main import app
from clanboard.core import GameRecord, games, replay

pytestmark = pytest.mark.skipif("glen-more-2" not in [g.id for g in games()],
                                reason="Glen More II is not installed")
runner = CliRunner()


def test_a_whole_game_with_provisional_components_and_chronicle_9(tmp_path) -> None:
    record = tmp_path / "g.json"
    # always the first legal move (in a bidding: 'bid none'), until the game ends
    result = runner.invoke(app, ["play", "glen-more-2", "--provisional", "--chronicles", "9",
                                 "--players", "3", "--vs", "random", "--seed", "5",
                                 "--save", str(record)], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "PROVISIONAL COMPONENTS" in result.output
    assert "Feasts" in result.output and "Bidding" in result.output
    assert "wins" in result.output or "shared win" in result.output
    saved = GameRecord.load(record)
    assert saved.options["provisional"] is True and saved.options["chronicles"] == "9"
    assert saved.num_players == 3
    assert replay(saved).is_terminal()


def test_the_flags_equal_the_options_they_stand_for(tmp_path) -> None:
    paths = [tmp_path / "flags.json", tmp_path / "options.json"]
    runner.invoke(app, ["play", "glen-more-2", "--provisional", "--chronicles", "9",
                        "--seed", "2", "--save", str(paths[0])], input="quit\n")
    runner.invoke(app, ["play", "glen-more-2", "--option", "provisional=true",
                        "--option", "chronicles=9", "--seed", "2", "--save", str(paths[1])],
                  input="quit\n")
    flags, options = (GameRecord.load(p) for p in paths)
    assert flags.options == options.options
    assert flags.options["chronicles"] == "9" and flags.options["provisional"] is True


def test_without_provisional_the_game_refuses_and_says_how() -> None:
    result = runner.invoke(app, ["play", "glen-more-2", "--chronicles", "9"], input="quit\n")
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert "provisional value(s)" in text and "--provisional" in text


def test_chronicles_combine_and_those_not_built_yet_are_named() -> None:
    result = runner.invoke(app, ["play", "glen-more-2", "--provisional",
                                 "--chronicles", "9,10,11", "--players", "3"], input="quit\n")
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["play", "glen-more-2", "--provisional",
                                 "--chronicles", "9,12", "--players", "3"], input="quit\n")
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert "chronicle 12 is the solo opponent Allenarly" in text and "--solo" in text
    result = runner.invoke(app, ["play", "glen-more-2", "--provisional", "--chronicles", "7"])
    assert result.exit_code == 2 and "no chronicle 7" in " ".join(result.output.split())


def test_a_flag_for_a_game_without_that_option_is_refused() -> None:
    result = runner.invoke(app, ["play", "schotten-totten", "--provisional"], input="quit\n")
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert "--provisional sets the option 'provisional', which Schotten Totten does not have" \
        in text and "its options: tactics" in text
    result = runner.invoke(app, ["play", "glen-more", "--chronicles", "9"], input="quit\n")
    assert result.exit_code == 2 and "--chronicles" in result.output
