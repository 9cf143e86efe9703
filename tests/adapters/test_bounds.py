"""The observation tensors' declared bounds: finite, the adapters' Box, and never left.

Every game declares ``observation_tensor_bounds``: random games of every game and player
count (Glen More II with and without its chronicles, and solo at two levels) keep every
item of every seat's tensor, as the adapters write it, within them; nothing is clipped, so
a value past a bound shows (the last tests)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from clanboard.adapters.common import (  # noqa: E402
    MissingEncoding,
    TensorWriter,
    encoding,
    tensor_bounds,
)
from clanboard.adapters.gymnasium_env import ClanboardGymEnv  # noqa: E402
from clanboard.adapters.pettingzoo import raw_env  # noqa: E402
from clanboard.adapters.pettingzoo_parallel import parallel_env  # noqa: E402
from clanboard.core import Game, Rng, get_game  # noqa: E402
from clanboard.core import games as registry_games  # noqa: E402
from tests.adapters.encoded_toy import ENCODED_TOY  # noqa: E402

GM2 = {"provisional": True}


def _setups() -> list[Any]:
    """``(game id, players, options)`` for every game, player count and variant; Glen More
    II also with chronicles 9-11 and solo (chronicle 12) at the easiest and hardest level."""
    out = []
    for game in registry_games():
        try:
            encoding(game, None, GM2 if game.id == "glen-more-2" else {})
        except MissingEncoding:
            continue
        if game.id == "glen-more-2":
            for n in range(2, 5):
                for chronicles in ("", "9,10,11"):
                    out.append(("glen-more-2", n, {**GM2, "chronicles": chronicles}))
            for level in ("ablach", "bodach"):
                out.append(("glen-more-2", 1, {**GM2, "solo": True, "level": level}))
            continue
        variants: list[dict[str, Any]] = [{}, *map(game.variant_options, game.variants)]
        for n in range(game.min_players, game.max_players + 1):
            for opts in variants:
                out.append((game.id, n, opts))
    return [pytest.param(g, n, o, id=f"{g}:{n}:{','.join(f'{k}={v}' for k, v in o.items())}")
            for g, n, o in out]


SETUPS = _setups()


def _outside(v: Any, low: Any, high: Any) -> list[int]:
    return [int(i) for i in np.nonzero((v < low) | (v > high))[0]]


def _play_checking(game: Game, n: int, options: dict[str, Any], seed: int,
                   low: Any, high: Any) -> int:
    """One random game from ``seed``; every seat's tensor checked at every step. Returns
    the number of tensors checked; fails naming the first item past its bounds."""
    size = encoding(game, n, options).observation_tensor_size
    writer = TensorWriter(game, size)
    state = game.new_state(n, seed=seed, options=options)
    rng = Rng(seed)
    checked = 0
    while True:
        for p in range(state.num_players):
            v = writer.view(state, p)
            bad = _outside(v, low, high)
            assert not bad, (f"{game.id} seed {seed} move {len(state.history)} seat {p}: "
                             f"item {bad[0]} = {v[bad[0]]} outside "
                             f"[{low[bad[0]]}, {high[bad[0]]}]")
            checked += 1
        if state.is_terminal():
            return checked
        seat = state.players_to_move()[0]
        state.apply(rng.choice(state.legal_moves(seat)), player=seat)


@pytest.mark.parametrize(("game_id", "players", "options"), SETUPS)
def test_bounds_are_finite_one_pair_per_item_and_the_spaces_boxes(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    game = get_game(game_id)
    low, high = tensor_bounds(game, players, options)
    size = encoding(game, players, options).observation_tensor_size
    assert len(low) == len(high) == size
    assert all(np.isfinite(low)) and all(np.isfinite(high))
    assert all(a <= b for a, b in zip(low, high, strict=True))
    spaces = [make(game, num_players=players, options=options).observation_space("player_0")
              for make in (raw_env, parallel_env)]
    if players > 1:
        spaces.append(ClanboardGymEnv(game, num_players=players,
                                      options=options).observation_space)
    for space in spaces:
        box = space["observation"]  # type: ignore[index]
        assert box.is_bounded("both")
        assert np.array_equal(box.low, np.asarray(low, np.float32))
        assert np.array_equal(box.high, np.asarray(high, np.float32))


@pytest.mark.parametrize(("game_id", "players", "options"), SETUPS)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_stay_within_the_declared_bounds(
        game_id: str, players: int, options: dict[str, Any], seed: int) -> None:
    game = get_game(game_id)
    low, high = (np.asarray(b, np.float32) for b in tensor_bounds(game, players, options))
    assert _play_checking(game, players, options, seed, low, high) > players


def test_environment_observations_are_in_their_space() -> None:
    """What the environments hand out, end to end (the space's own ``contains``)."""
    e = raw_env("isle-of-skye", num_players=3)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    for agent in e.agent_iter(400):
        obs, _, terminated, truncated, _ = e.last()
        assert e.observation_space(agent).contains(obs)
        mask = obs["action_mask"].view(bool)
        e.step(None if terminated or truncated else int(rng.choice(mask.nonzero()[0])))


def test_a_value_past_a_bound_is_not_clipped_and_shows() -> None:
    """The encodings clip nothing: a Glen More seat with more coins than the 33 coin tokens
    (impossible by the rules) writes its true count, which the bounds then reject."""
    game = get_game("glen-more")
    low, high = (np.asarray(b, np.float32) for b in tensor_bounds(game, 2))
    state = game.new_state(2, seed=1)
    state.coins[0] = 34  # type: ignore[attr-defined]
    v = TensorWriter(game, len(low)).view(state, 0)
    bad = _outside(v, low, high)
    assert len(bad) == 1 and v[bad[0]] == pytest.approx(34 / 20)


def test_a_game_without_declared_bounds_is_unbounded_and_bad_bounds_are_refused() -> None:
    low, high = tensor_bounds(ENCODED_TOY)
    assert set(low) == {-np.inf} and set(high) == {np.inf}

    class Bad(type(ENCODED_TOY)):  # type: ignore[misc]
        def observation_tensor_bounds(self, n: int, options: Any) -> Any:
            size = self.observation_tensor_size(n, options)
            return [0.0] * size, [np.inf] * size

    with pytest.raises(ValueError, match="finite"):
        tensor_bounds(Bad())
