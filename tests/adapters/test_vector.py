"""The vector environment: N games stepped together, numpy batches, same-step resets."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium", reason="Gymnasium is in the optional extra clanboard[rl]")

import numpy as np  # noqa: E402

from clanboard.adapters.vector import vector_env  # noqa: E402
from tests.adapters.encoded_toy import ZERO_SUM_TOY  # noqa: E402


def play(processes: bool, steps: int = 60) -> tuple[list[list[float]], int]:
    v = vector_env(ZERO_SUM_TOY, 3, opponent="random", processes=processes)
    obs, _ = v.reset(seed=5)
    size = v.single_observation_space["observation"].shape[0]  # type: ignore[index]
    assert obs["observation"].shape == (3, size) and obs["observation"].dtype == np.float32
    rng = np.random.default_rng(0)
    seen, ended = [], 0
    for _ in range(steps):
        assert obs["action_mask"].any(axis=1).all()  # a game that ended was reset already
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, reward, terminated, truncated, info = v.step(actions)
        assert reward.shape == (3,) and not truncated.any()
        for i in np.flatnonzero(terminated):
            assert reward[i] in (-1.0, 1.0)
            assert info["final_obs"][i]["observation"].shape == (size,)
        assert not reward[~terminated].any()  # rewards only at the end
        ended += int(terminated.sum())
        seen.append(obs["observation"].sum(axis=1).tolist())
    v.close()
    return seen, ended


def test_games_step_together_and_reset_in_the_same_step() -> None:
    seen, ended = play(processes=False)
    assert ended >= 3
    assert play(processes=False) == (seen, ended)  # the same seed, the same games


def test_games_in_processes_play_as_in_one_process() -> None:
    assert play(processes=True, steps=20) == play(processes=False, steps=20)


def test_bad_arguments_are_refused_at_once() -> None:
    with pytest.raises(ValueError, match="num_envs must be at least 1"):
        vector_env(ZERO_SUM_TOY, 0)
    with pytest.raises(ValueError, match="no agent 'nobody'"):
        vector_env(ZERO_SUM_TOY, 2, opponent="nobody")
