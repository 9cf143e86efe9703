"""The terminal's other commands speak the user's language (issue 44, item 6): ``--lang`` or
the environment, as ``play`` does. ``analyse``: the title, the headings, the marks, the
players' names and the progress lines, with nothing left in English but the moves' notation;
``arena``, ``ladder``, ``selfplay`` and ``pack``: their reports."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clanboard.cli.main import app
from clanboard.core import GameRecord

runner = CliRunner()
PLANTED = Path(__file__).parents[1] / "ai" / "data" / "planted_blunder.json"
PLAIN = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8", "COLUMNS": "200"}

#: (title, headings, the planted blunder's mark, the players' names) in each language
SAID = {
    "ru": ("47 ходов, итераций на поиск: 3", ("игрок", "сыгранный ход", "шанс победы до, %",
                                              "после", "ход ИИ"),
           "?? грубая ошибка", ("Игрок 1", "Игрок 2")),
    "ja": ("47手、探索ごとの反復3回", ("プレイヤー", "指した手", "勝率（前）%", "後", "AIの手"),
           "?? 大悪手", ("プレイヤー1", "プレイヤー2")),
}
ENGLISH = ("blunder", "mistake", "inaccuracy", "forced", "player", "move", "before", "after",
           "iterations", "seed", "analysing", "positions", "elapsed", "eta", "win")


def analysed(*args: str, env: dict[str, str] | None = None) -> str:
    r = runner.invoke(app, ["analyse", str(PLANTED), "-i", "3", "-w", "1", *args],
                      env={**PLAIN, **(env or {})})
    assert r.exit_code == 0, r.output
    return r.output


@pytest.mark.parametrize("lang", ["ru", "ja"])
def test_analyse_speaks_the_language_asked_for(lang: str) -> None:
    out = analysed("--lang", lang)
    title, headings, blunder, names = SAID[lang]
    assert title in out
    for heading in headings:
        assert heading in out, heading
    assert blunder in out  # the planted 7r@8 (tests/ai/test_analysis.py)
    for name in names:
        assert name in out
    # no English word left once the moves' notation (7r@8, claim 6) and the game's name
    # (Schotten Totten keeps its Latin letters in Russian) are set aside
    notations = {n for _seat, n, *_ in GameRecord.load(PLANTED).moves}
    rest = out.replace("Schotten Totten", "")
    for notation in sorted(notations, key=len, reverse=True):
        rest = rest.replace(notation, "")
    left = {w.lower() for w in re.findall(r"[A-Za-z]{2,}", rest)} - {"ai"}
    assert not left, left
    assert not any(word in rest.lower() for word in ENGLISH if len(word) > 3), rest


def test_the_environment_chooses_the_language_and_english_stays_the_default() -> None:
    assert "?? грубая ошибка" in analysed(env={"LANG": "ru_RU.UTF-8"})
    out = analysed()
    assert "?? blunder" in out and "47 moves, 3 iterations a search, seed 0" in out
    assert "Player 1" in out and "AI's move" in out


@pytest.mark.parametrize(("lang", "said"), [
    ("uk", ("2 партії", "агент", "частка перемог", "Гравець 1:", "Гравець 2:", " проти ")),
    ("ja", ("2局", "エージェント", "勝率", "プレイヤー1:", "プレイヤー2:", " 対 ")),
])
def test_an_arena_reports_in_the_language_and_numbers_players_from_1(
        lang: str, said: tuple[str, ...]) -> None:
    r = runner.invoke(app, ["arena", "schotten-totten", "--agents", "random,random",
                            "--games", "2", "-w", "1", "--lang", lang], env=PLAIN)
    assert r.exit_code == 0, r.output
    for words in said:
        assert words in r.output, words
    for english in ("games", "win rate", "Player", "agent", "seed", "records"):
        assert english not in r.output, english


def test_a_ladder_and_self_play_report_in_the_language(tmp_path: Path) -> None:
    r = runner.invoke(app, ["ladder", "schotten-totten", "--agents", "random,heuristic",
                            "--games", "2", "-w", "1", "--lang", "ru"], env=PLAIN)
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "рейтинг агентов schotten-totten" in out and "опорный" in out
    assert "Эло: модель Брэдли — Терри, random = 0" in out
    assert "games" not in out and "anchor" not in out and "wall" not in out
    r = runner.invoke(app, ["selfplay", "schotten-totten", "--agents", "random,random",
                            "--games", "1", "-w", "1", "--out", str(tmp_path / "sp"),
                            "--lang", "ja"], env=PLAIN)
    assert r.exit_code == 0, r.output
    assert "schotten-tottenの自己対局" in r.output  # the progress lines
    assert "1局から" in r.output and "decisions" not in r.output


def test_pack_check_and_template_in_the_language(tmp_path: Path) -> None:
    from clanboard.games.glen_more_2.pack import PROVISIONAL_PACK

    r = runner.invoke(app, ["pack", "check", str(PROVISIONAL_PACK), "--lang", "ja"], env=PLAIN)
    out = "".join(r.output.split())
    head, needs, _rows = out.partition("対局には設定provisional=trueが必要です")
    assert r.exit_code == 0 and needs and "問題なし（タイル" in head  # the rows: the pack's
    assert "valid" not in head and "tiles" not in head  # own notes, as written in it
    r = runner.invoke(app, ["pack", "template", str(tmp_path), "--lang", "uk"], env=PLAIN)
    assert r.exit_code == 2 and "уже існує; вкажіть нову теку" in " ".join(r.output.split())
