"""The terminal's Isle of Skye board in every language: a legend of its letters and grid,
and what a drawn tile holds while it is priced, bought or placed, in words (never its id,
"L62"); AI seats named by clan and level, as at the web tables."""

from __future__ import annotations

import re
from pathlib import Path

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
        assert tile_words(state, tile, lang, name=True) in out, tile  # type: ignore[arg-type]
    board = out.split(LEGEND[lang][1])[0]  # the first picture, down to its legend (the
    # typing hint and the numbered moves below it are in the notation, which has ids)
    assert not re.search(r"\bL\d\d\b|\bS\d\d\b", board), board  # never a tile's id
    assert AI[lang] in out, out[-1500:]


GM_TRACK = {"en": ("when activated: ", "the number says how many spaces ahead"),
            "ru": ("при активации: ", "число — на сколько клеток вперёд"),
            "uk": ("під час активації: ", "число — на скільки клітинок уперед"),
            "ja": ("起動時: ", "数字は最後尾から何マス先か")}
"""A track tile's activation in words, and what the track's numbers count."""


@pytest.mark.parametrize("lang", list(GM_TRACK))
def test_glen_more_in_the_terminal_explains_its_track(lang: str) -> None:
    result = runner.invoke(app, ["play", "glen-more", "--seed", "4", "--vs", "random",
                                 "--lang", lang], input="quit\n", env=PLAIN)
    assert result.exit_code == 0, result.output
    flat = "".join(result.output.split())  # as read, wherever the terminal wraps a line
    assert all("".join(said.split()) in flat for said in GM_TRACK[lang]), result.output[-1500:]
    assert "->" not in result.output  # the data's shorthand is said in words


def test_replay_of_a_server_record_names_ai_seats_by_clan(tmp_path: Path) -> None:
    """A record downloaded from a table keeps the stored names ("AI (random)"): the
    terminal's replay says them as the pages do."""
    state = get_game("schotten-totten").new_state(2, 4)
    for _ in range(4):
        seat = state.players_to_move()[0]
        state.apply(state.legal_moves(seat)[0], seat)
    path = tmp_path / "game.json"
    state.record(["Anna", "AI (random)"]).save(path)
    result = runner.invoke(app, ["replay", str(path), "--no-step", "--lang", "ru"], env=PLAIN)
    assert result.exit_code == 0, result.output
    assert "Кэмпбелл (ИИ, случайный)" in result.output and "AI (random)" not in result.output
