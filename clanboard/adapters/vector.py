"""N games stepped together for training: Gymnasium's vector environments over
:class:`~clanboard.adapters.gymnasium_env.ClanboardGymEnv`.

    from clanboard.adapters.vector import vector_env
    v = vector_env("schotten-totten", 8, opponent="heuristic")
    obs, info = v.reset(seed=1)             # obs["observation"]: float32 [8, O]
    obs, reward, terminated, truncated, info = v.step(actions)   # actions: int [8]

Every array is batched over the games (``obs["action_mask"]`` is int8 [N, A]). A game that
ends is reset in the same step (Gymnasium's ``AutoresetMode.SAME_STEP``): the observation
returned for it is its next game's first, so every mask always has a legal action; the
ended game's last observation is in ``info["final_obs"]``. ``processes=True`` runs each game
in its own process (``AsyncVectorEnv``), else all in this one (``SyncVectorEnv``).
"""

from __future__ import annotations

from typing import Any

from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv, VectorEnv

from clanboard.adapters.gymnasium_env import ClanboardGymEnv
from clanboard.core import Game


def vector_env(game: Game | str, num_envs: int, *, processes: bool = False,
               **kwargs: Any) -> VectorEnv:
    """``num_envs`` copies of ``ClanboardGymEnv(game, **kwargs)`` (seat, opponent,
    num_players, variant, options, illegal_action) stepped together."""
    if num_envs < 1:
        raise ValueError(f"num_envs must be at least 1, not {num_envs}")
    ClanboardGymEnv(game, **kwargs)  # bad arguments fail here, with their reason
    makers = [lambda: ClanboardGymEnv(game, **kwargs) for _ in range(num_envs)]
    if processes:
        return AsyncVectorEnv(makers, autoreset_mode=AutoresetMode.SAME_STEP)
    return SyncVectorEnv(makers, autoreset_mode=AutoresetMode.SAME_STEP)
