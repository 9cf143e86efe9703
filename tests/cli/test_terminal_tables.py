"""The terminal's Isle of Skye board in every language: a legend of its letters and grid,
and what a drawn tile holds while it is priced, bought or placed (never a bare "L62
(pricing)"); AI seats named by clan and level, as at the web tables."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from clanboard.cli.main import app
from clanboard.core import get_game
from clanboard.games.isle_of_skye.describe import tile_words

runner = CliRunner()
PLAIN = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
LEGEND = {"en": ("Terrain:", "four edges"), "ru": ("Местность:", "по четырём краям"),
          "uk": ("Місцевість:", "по чотирьох краях"), "ja": ("地形:", "四辺")}
AI = {"en": "Campbell (AI, random)", "ru": "Кэмпбелл (ИИ, случайный)",
      "uk": "Кемпбелл (ШІ, випадковий)", "ja": "キャンベル（AI・ランダム）"}


@pytest.mark.parametrize("lang", list(LEGEND))
def test_skye_in_the_terminal(lang: str) -> None:
    result = runner.invoke(app, ["play", "isle-of-skye", "--seed", "4", "--vs", "random",
                                 "--lang", lang], input="1\n1\n1\nquit\n", env=PLAIN)
    assert result.exit_code == 0, result.output
    out = result.output
    assert all(part in out for part in LEGEND[lang]), out[-1500:]
    state = get_game("isle-of-skye").new_state(2, 4)
    drawn = state.drawn[0]  # type: ignore[attr-defined]
    for tile in drawn:  # each drawn tile with what it holds, in the language
        assert tile_words(state, tile, lang) in out, tile  # type: ignore[arg-type]
    assert not re.search(r"L\d\d \((pricing|discard)\)", out)
    assert AI[lang] in out, out[-1500:]


GM_TRACK = {"en": "what a tile costs to take", "ru": "во что обходится взять тайл",
            "uk": "скільки коштує взяти тайл", "ja": "タイルを取るのに払うもの"}


@pytest.mark.parametrize("lang", list(GM_TRACK))
def test_glen_more_in_the_terminal_explains_its_track(lang: str) -> None:
    result = runner.invoke(app, ["play", "glen-more", "--seed", "4", "--vs", "random",
                                 "--lang", lang], input="quit\n", env=PLAIN)
    assert result.exit_code == 0, result.output
    assert GM_TRACK[lang] in result.output, result.output[-1500:]
