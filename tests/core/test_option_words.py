"""Every choice of every game option reads as words in the lobby, in every language: a
web catalogue key ``game.<id>.option.<name>.<choice>`` (a list such as Glen More II's
chronicles ``9,10`` by the words of its parts), never the option's code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clanboard.core import games
from clanboard.i18n import LANGUAGES

WEB = Path(__file__).resolve().parents[2] / "clanboard" / "web" / "i18n"


def _choices() -> list[tuple[str, str, str]]:
    out = []
    for game in games():
        for option in game.options:
            if option.choices and isinstance(option.default, str):
                for choice in option.choices:
                    for part in str(choice).split(","):
                        if part:
                            out.append((game.id, option.name, part))
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_choice_has_words(lang: str) -> None:
    words = json.loads((WEB / f"{lang}.json").read_text(encoding="utf-8"))
    english = json.loads((WEB / "en.json").read_text(encoding="utf-8"))
    missing = [f"game.{g}.option.{o}.{c}" for g, o, c in _choices()
               if f"game.{g}.option.{o}.{c}" not in words]
    assert missing == []
    for g, o, c in _choices():
        text = words[f"game.{g}.option.{o}.{c}"]
        assert text and text != c, (g, o, c)
        if lang != "en":
            assert text != english[f"game.{g}.option.{o}.{c}"], (g, o, c)


def test_skye_option_values_are_listed() -> None:
    assert {("isle-of-skye", "s13_runs", "each"), ("isle-of-skye", "tiebreak", "total"),
            ("isle-of-skye", "tile_reading", "cn")} <= set(_choices())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_option_help_names_no_choice_code(lang: str) -> None:
    words = json.loads((WEB / f"{lang}.json").read_text(encoding="utf-8"))
    for g, o, c in _choices():
        help_text = words.get(f"game.{g}.option.{o}.help", "")
        if not c.isdigit():
            assert f"({c})" not in help_text and f"（{c}）" not in help_text, (g, o, help_text)
