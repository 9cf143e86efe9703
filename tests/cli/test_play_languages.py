"""``clanboard play`` speaks ``--lang``, else the environment's language, else English: the
board picture, the prompt, move words and the reason a typed move is refused."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from clanboard.cli.main import app

runner = CliRunner()
#: a run with no language in the environment
PLAIN = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
KEYS = "claim 2\n9z@1\n" + "1\n" * 6 + "quit\n"


def _play(*args: str, env: dict[str, str] | None = None) -> str:
    result = runner.invoke(app, ["play", "schotten-totten", "--seed", "4", "--vs", "random",
                                 *args], input=KEYS, env={**PLAIN, **(env or {})})
    assert result.exit_code == 0, result.output
    return result.output


def test_play_in_russian_with_lang() -> None:
    out = _play("--lang", "ru")
    assert "Камень" in out and "ваша рука:" in out and "Игрок 1>" in out
    assert "Нельзя: камни захватывают на этапе захвата" in out
    assert "не удаётся прочитать '9z@1'" in out
    for english in ("your hand", "Opponent", "seat 0>", "Player 1>", "Not allowed", "cannot read",
                    "claims are made", "clan deck"):
        assert english not in out, english


def test_play_follows_the_environment_and_lang_wins() -> None:
    out = _play(env={"LANG": "uk_UA.UTF-8"})
    assert "Камінь" in out and "ваша рука:" in out and "не вдається прочитати" in out
    out = _play(env={"LANGUAGE": "ja:en", "LANG": "uk_UA.UTF-8"})
    assert "手札:" in out and re.search("プレイヤー1>", out)
    out = _play("--lang", "en", env={"LANG": "ru_RU.UTF-8"})
    assert "your hand:" in out and "Not allowed: claims are made in the claim step" in out


def test_play_in_english_without_a_language() -> None:
    out = _play()
    assert "your hand:" in out and "Player 1>" in out and "cannot read '9z@1'" in out
