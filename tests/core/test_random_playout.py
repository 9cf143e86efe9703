"""The core playout hook: State.random_playout and its use by the benchmark."""

from __future__ import annotations

import json

import pytest

from clanboard.ai import bench
from clanboard.core import Rng, State, games, get_game
from tests.support.options import start_options


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_default_playout_is_the_generic_loop(game_id: str) -> None:
    game = get_game(game_id)
    for seed in range(2):
        a = game.new_state(seed=seed, options=start_options(game))
        b = a.clone()
        ra, rb = Rng(seed), Rng(seed)
        moves = State.random_playout(a, ra)
        assert a.is_terminal()
        assert (moves, []) == bench.random_game(b, rb)
        assert json.dumps(a.to_json()) == json.dumps(b.to_json()) and ra.state == rb.state


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_default_playout_draws_pending_chance_and_records_it(game_id: str) -> None:
    game = get_game(game_id)
    s = game.new_state(seed=3, auto_chance=False, options=start_options(game))
    moves = State.random_playout(s, Rng(3))
    assert s.is_terminal()
    assert sum(1 for p, _ in s.history if p >= 0) == moves


def test_bench_measures_games_through_the_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("schotten-totten")
    state_class = type(game.new_state())
    calls = []
    original = state_class.random_playout

    def counting(self: State, rng: Rng) -> int:
        calls.append(1)
        return original(self, rng)

    monkeypatch.setattr(state_class, "random_playout", counting)
    result = bench.bench_game(game, seconds=0.05)
    assert calls and result.games_per_s > 0 and result.moves_per_game > 20
