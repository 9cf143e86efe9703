"""A Gymnasium single-agent environment: one seat of a clanboard game against clanboard agents.

    from clanboard.adapters.gymnasium_env import ClanboardGymEnv
    e = ClanboardGymEnv("schotten-totten", seat=0, opponent="heuristic")
    obs, info = e.reset(seed=3)
    while True:
        action = int(obs["action_mask"].nonzero()[0][0])
        obs, reward, terminated, truncated, info = e.step(action)
        if terminated:
            break

Every game with the RL encodings is also registered with Gymnasium as
``clanboard/<game id>-v0`` (``gymnasium.make("clanboard/schotten-totten-v0", variant="tactics",
opponent="heuristic")``).

The observation space is the same as the PettingZoo environment's (a dict of
``observation`` and ``action_mask``); ``info`` also carries ``action_mask``. The other
seats are played by ``make_agent(game, opponent, seed)`` agents (one name for all, or one
per seat), seeded from the reset seed. The reward is the seat's utility at the end.

An illegal action ends the episode with the lowest utility as reward and
``info["illegal_action"] = True`` (the default, ``illegal_action="lose"``, as PettingZoo's
classic environments do, so that Gymnasium's ``check_env`` and learners sampling unmasked
actions run), or with ``illegal_action="raise"`` raises :class:`~clanboard.core.IllegalMove`
listing the legal ids (for debugging a masked policy).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from clanboard.adapters.common import (
    MissingEncoding,
    TensorWriter,
    acting_seat,
    encoding,
    tensor_bounds,
    utilities,
    utility_range,
)
from clanboard.adapters.pettingzoo import (
    check_illegal_policy,
    check_render_mode,
    illegal_action,
    legal_actions,
    observation_space,
    observe_seat,
    render_state,
    resolve_setup,
)
from clanboard.core import Agent, Game, State, games, make_agent


class ClanboardGymEnv(gymnasium.Env):
    """Play ``seat`` of ``game``; the other seats are clanboard agents."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game: Game | str, seat: int = 0, opponent: str | Sequence[str] = "random",
                 num_players: int | None = None, variant: str | None = None,
                 options: Mapping[str, Any] | None = None,
                 render_mode: str | None = None, illegal_action: str = "lose") -> None:
        self.illegal_policy = check_illegal_policy(illegal_action)
        self.core_game, self.num_seats, self.core_options = resolve_setup(
            game, num_players, variant, options)
        if not 0 <= seat < self.num_seats:
            raise ValueError(f"seat must be 0-{self.num_seats - 1}, not {seat}")
        others = [s for s in range(self.num_seats) if s != seat]
        names = [opponent] * len(others) if isinstance(opponent, str) else list(opponent)
        if len(names) != len(others):
            raise ValueError(f"give one opponent name, or one per other seat ({len(others)})")
        for name in set(names):  # an unknown agent name fails now, with the choices
            make_agent(self.core_game, name, 0)
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.seat = seat
        self.opponent_names = dict(zip(others, names, strict=True))
        self.encoding = encoding(self.core_game, self.num_seats, self.core_options)
        self._writer = TensorWriter(self.core_game, self.encoding.observation_tensor_size)
        n = self.encoding.num_distinct_actions
        self.observation_space = observation_space(
            n, self.encoding.observation_tensor_size,
            tensor_bounds(self.core_game, self.num_seats, self.core_options))
        self.action_space = spaces.Discrete(n)
        self._state: State | None = None
        self.opponents: dict[int, Agent] = {}
        self._lost_by_illegal = False

    @property
    def state(self) -> State:
        """The clanboard state of the game being played."""
        if self._state is None:
            raise RuntimeError("no game yet: call reset() first")
        return self._state

    def _observe(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        obs = observe_seat(self.state, self.seat, self.encoding.num_distinct_actions,
                           self._writer)
        return obs, {"action_mask": obs["action_mask"].copy()}

    def _play_opponents(self) -> None:
        state = self.state
        while not state.is_terminal():
            seat = acting_seat(state)
            if seat == self.seat:
                return
            state.apply_trusted(self.opponents[seat].choose(state, seat), seat)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self._state = self.core_game.new_state(self.num_seats, seed=game_seed,
                                               options=self.core_options)
        self.opponents = {
            s: make_agent(self.core_game, name, int(self.np_random.integers(2**62)))
            for s, name in self.opponent_names.items()}
        self._lost_by_illegal = False
        self._play_opponents()
        return self._observe()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool,
                                         dict[str, Any]]:
        state = self.state
        if state.is_terminal() or self._lost_by_illegal:
            raise RuntimeError("the episode is over; call reset()")
        legal = legal_actions(state, self.seat)
        if int(action) not in legal:
            if self.illegal_policy == "raise":
                raise illegal_action(action, self.seat, legal)
            self._lost_by_illegal = True
            obs, info = self._observe()
            info["illegal_action"] = True
            return obs, utility_range(self.core_game)[0], True, False, info
        state.apply(legal[int(action)], player=self.seat)
        self._play_opponents()
        obs, info = self._observe()
        reward = utilities(state)[self.seat]
        return obs, reward, state.is_terminal(), False, info

    def render(self) -> str | None:
        return render_state(self._state, self.render_mode, self.seat)


def register_envs() -> list[str]:
    """Register ``clanboard/<game id>-v0`` with Gymnasium for every game with the encodings
    (kwargs of ``gymnasium.make`` go to :class:`ClanboardGymEnv`); returns the ids."""
    ids = []
    for game in games():
        try:
            encoding(game)
        except MissingEncoding:
            continue
        env_id = f"clanboard/{game.id}-v0"
        ids.append(env_id)
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=f"{__name__}:ClanboardGymEnv",
                               kwargs={"game": game.id})
    return ids


register_envs()
