"""bench/compare.py --cpu --option: the options reach the measured games (Glen More II's
chronicles, its solo mode), and malformed pairs are refused."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from compare import CPU_SNIPPET, cpu_games, main, parse_options  # noqa: E402


def test_options_are_read_as_game_options() -> None:
    assert parse_options(["chronicles=9,10,11", "solo=true", "provisional=False"]) == {
        "chronicles": "9,10,11", "solo": True, "provisional": False}
    assert parse_options([]) == {}
    with pytest.raises(SystemExit):
        parse_options(["chronicles"])
    with pytest.raises(SystemExit):
        main(["--base", "HEAD", "--option", "solo=true"])  # only with --cpu


def test_the_snippet_plays_the_games_with_the_options() -> None:
    assert "sys.argv[6]" in CPU_SNIPPET
    got = cpu_games(ROOT, "glen-more-2:provisional", 1, 1, 2,
                    options=parse_options(["solo=true", "chronicles=9,10,11"]))
    assert got["players"] == 1 and got["games_per_s_cpu"] > 0
    with pytest.raises(Exception, match="exit status"):  # without solo=true: no 1-seat game
        cpu_games(ROOT, "glen-more-2:provisional", 1, 1, 2)
