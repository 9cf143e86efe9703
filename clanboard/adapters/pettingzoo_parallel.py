"""Every clanboard game as a PettingZoo ``ParallelEnv``: the seats that move now move
together, which is what Isle of Skye's pricing and Glen More II's secret bids are.

    from clanboard.adapters.pettingzoo_parallel import parallel_env
    e = parallel_env("isle-of-skye", num_players=3)
    observations, infos = e.reset(seed=1)
    while e.agents:
        actions = {a: policy(observations[a]) for a in e.agents if infos[a]["to_move"]}
        observations, rewards, terminations, truncations, infos = e.step(actions)

Each step takes one action from every seat to move (``infos[agent]["to_move"]``; its
``action_mask`` is that seat's legal ids, all 0 for the others): at a simultaneous step
every waiting seat, else the one seat whose turn it is. Actions of seats not to move are
ignored (so a policy may act for all agents, as PettingZoo's ``parallel_api_test`` does).
Chance is resolved inside from the reset seed. Observations, spaces and rewards are those
of the AEC environment (:mod:`clanboard.adapters.pettingzoo`), and so is the handling of
an illegal or missing action: the game ends, the seat that made it gets the lowest
utility and the others 0 (``illegal_action="raise"`` raises ``IllegalMove`` instead).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv

from clanboard.adapters.common import (
    TensorWriter,
    encoding,
    tensor_bounds,
    utilities,
    utility_range,
)
from clanboard.adapters.pettingzoo import (
    action_mask,
    check_illegal_policy,
    check_render_mode,
    illegal_action,
    new_game,
    observation_space,
    render_state,
    resolve_setup,
)
from clanboard.core import Game, Move, Rng, State


class ClanboardParallelEnv(ParallelEnv):
    """A clanboard game as a PettingZoo ParallelEnv (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "clanboard_v0"}

    def __init__(self, game: Game | str, num_players: int | None = None,
                 variant: str | None = None, options: Mapping[str, Any] | None = None,
                 render_mode: str | None = None, illegal_action: str = "lose") -> None:
        self.illegal_policy = check_illegal_policy(illegal_action)
        self.core_game, self.num_seats, self.core_options = resolve_setup(
            game, num_players, variant, options)
        self.encoding = encoding(self.core_game, self.num_seats, self.core_options)
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.metadata = {**self.metadata, "name": f"clanboard_{self.core_game.id}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(self.num_seats)]
        self.agents: list[str] = []
        n = self.encoding.num_distinct_actions
        bounds = tensor_bounds(self.core_game, self.num_seats, self.core_options)
        self.observation_spaces = {
            a: observation_space(n, self.encoding.observation_tensor_size, bounds)
            for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._seeder = Rng(secrets.randbits(64))
        self._state: State | None = None
        self._writer = TensorWriter(self.core_game, self.encoding.observation_tensor_size)

    @property
    def state(self) -> State:  # type: ignore[override]
        """The clanboard state of the game being played."""
        if self._state is None:
            raise RuntimeError("no game yet: call reset() first")
        return self._state

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """A new game; its seed is ``seed`` when given, else drawn from the last seed."""
        self._seeder, self._state = new_game(self.core_game, self.num_seats,
                                             self.core_options, self._seeder, seed)
        self.agents = self.possible_agents[:]
        observations, infos = self._observe()
        return observations, infos

    def _to_move(self) -> list[int]:
        state = self.state
        return [] if state.is_terminal() else list(state.players_to_move())

    def _legal(self, seat: int) -> dict[int, Move]:
        return self.core_game.legal_actions(self.state, seat)

    def _observe(self, illegal: str | None = None
                 ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        n = self.encoding.num_distinct_actions
        moving = set(self._to_move()) if illegal is None else set()
        observations, infos = {}, {}
        for seat, agent in enumerate(self.possible_agents):
            mask = action_mask(self._legal(seat) if seat in moving else (), n)
            observations[agent] = {"observation": self._writer(self.state, seat).copy(),
                                   "action_mask": mask}
            infos[agent] = {"action_mask": mask.copy(), "to_move": seat in moving}
        if illegal is not None:
            infos[illegal]["illegal_action"] = True
        return observations, infos

    def step(self, actions: Mapping[str, Any]) -> tuple[
            dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        if not self.agents:
            raise RuntimeError("the game is over; call reset()")
        state = self.state
        chosen: list[tuple[int, Move]] = []
        for seat in self._to_move():
            agent = self.possible_agents[seat]
            legal = self._legal(seat)
            action = actions.get(agent)
            try:
                move = legal[int(action)]  # type: ignore[arg-type]
            except (KeyError, TypeError, ValueError):
                if self.illegal_policy == "raise":
                    raise illegal_action(action, seat, legal) from None
                return self._lose(agent)
            chosen.append((seat, move))
        for seat, move in chosen:
            state.apply(move, player=seat)
        over = state.is_terminal()
        observations, infos = self._observe()
        rewards = dict(zip(self.possible_agents, utilities(state), strict=True))
        terminations = {a: over for a in self.possible_agents}
        truncations = {a: False for a in self.possible_agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _lose(self, agent: str) -> tuple[
            dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        """``agent`` made an illegal move: the game ends, it gets the lowest utility."""
        observations, infos = self._observe(illegal=agent)
        rewards = {a: 0.0 for a in self.possible_agents}
        rewards[agent] = utility_range(self.core_game)[0]
        self.agents = []
        return (observations, rewards, {a: True for a in self.possible_agents},
                {a: False for a in self.possible_agents}, infos)

    def render(self) -> str | None:
        return render_state(self._state, self.render_mode)

    def close(self) -> None:
        self._state = None


def parallel_env(game: Game | str, **kwargs: Any) -> ClanboardParallelEnv:
    """The ParallelEnv of ``game`` (an id or a Game); kwargs: num_players, variant, options,
    render_mode, illegal_action. Raises MissingEncoding if the game has no RL encodings."""
    return ClanboardParallelEnv(game, **kwargs)

