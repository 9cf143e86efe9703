"""``clanboard rules GAME`` and the CLI's language."""

from __future__ import annotations

from typer.testing import CliRunner

from clanboard.cli.main import app

runner = CliRunner()


def test_rules_in_russian_and_english() -> None:
    ru = runner.invoke(app, ["rules", "schotten-totten", "--lang", "ru"])
    assert ru.exit_code == 0, ru.output
    assert "Карты тактики" in ru.output and "Эксперт" in ru.output
    en = runner.invoke(app, ["rules", "isle-of-skye", "--lang", "en"])
    assert en.exit_code == 0 and "Hidden gold" in en.output


def test_rules_of_an_unknown_game_or_language_are_refused() -> None:
    r = runner.invoke(app, ["rules", "chess", "--lang", "ja"])
    assert r.exit_code == 2 and "chess" in r.output and "schotten-totten" in r.output
    assert "ゲーム" in r.output
    r = runner.invoke(app, ["rules", "glen-more", "--lang", "xx"])
    assert r.exit_code == 2 and "unknown language" in r.output


def test_language_from_the_environment() -> None:
    r = runner.invoke(app, ["rules", "glen-more"], env={"LANG": "uk_UA.UTF-8", "LANGUAGE": ""})
    assert r.exit_code == 0 and "членів клану" in r.output


def test_games_and_play_speak_the_language() -> None:
    r = runner.invoke(app, ["games", "--lang", "ja"])
    assert r.exit_code == 0 and "バリアント" in r.output
    r = runner.invoke(app, ["play", "schotten-totten", "--vs", "random", "--seed", "2",
                            "--lang", "ru"], input="1\n" * 200)
    assert r.exit_code == 0, r.output
    assert "Введите ход" in r.output and "очки:" in r.output
    assert any(w in r.output for w in ("Побеждает", "Победителя нет", "Общая победа"))


def test_replay_in_russian(tmp_path) -> None:  # type: ignore[no-untyped-def]
    record = tmp_path / "game.json"
    r = runner.invoke(app, ["play", "schotten-totten", "--vs", "random", "--seed", "5",
                            "--save", str(record)], input="1\n" * 200)
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["replay", str(record), "--no-step", "--lang", "ru"])
    assert r.exit_code == 0, r.output
    assert "ход 1/" in r.output and "итог:" in r.output
    assert "выкладывает" in r.output  # the moves in words, notation beside them
