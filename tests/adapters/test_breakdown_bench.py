"""bench/adapters_breakdown.py: the replayed games take the real PettingZoo loop's steps."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from adapters_breakdown import replay_loop  # noqa: E402

from clanboard.adapters import bench  # noqa: E402


@pytest.mark.parametrize("game", ["schotten-totten", "glen-more"])
def test_a_replayed_game_takes_the_real_loops_steps(game: str) -> None:
    real = bench.pettingzoo_loop(game, None)
    replay = replay_loop(game, None, games=2)
    first, second = real(1), real(2)
    assert first != second  # two different games, so the replay's choice of game shows
    assert [replay(1), replay(2), replay(3)] == [first, second, first]
