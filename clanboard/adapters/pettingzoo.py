"""Every clanboard game as a PettingZoo AEC environment (and, through
:mod:`clanboard.adapters.pettingzoo_parallel`, a ParallelEnv).

    from clanboard.adapters.pettingzoo import env
    e = env("schotten-totten", variant="tactics")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0])
        e.step(action)

Agents are ``player_0`` ... ``player_<n-1>`` (the seats). Each observation is a dict:
``observation`` (float32, ``observation_tensor(seat)``) and ``action_mask`` (int8, 1 for the
legal action ids of the seat to move, all 0 for the others). The info of the agent to act
also holds its ``action_mask``: with ``last(observe=False)`` no tensor is built. Actions are
the game's integer action ids (``State.move_to_action``); chance is resolved inside the environment
from the reset seed. A simultaneous step is taken seat by seat (lowest first); committed
choices stay hidden from the others. Rewards come at the end only (see
:func:`clanboard.adapters.common.utilities`).

``env()`` is wrapped as PettingZoo's own classic environments are (``OrderEnforcingWrapper``
around ``AssertOutOfBoundsWrapper``); ``raw_env()`` is the bare environment (what the
benchmarks measure). An illegal action ends the game: the agent that made it gets the
lowest utility, the others 0, and its info ``illegal_action: True`` (PettingZoo's
``TerminateIllegalWrapper`` semantics, without building an observation every step);
``illegal_action="raise"`` raises :class:`~clanboard.core.IllegalMove` listing the legal ids.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from clanboard.adapters.common import (
    TensorWriter,
    acting_seat,
    encoding,
    lists_action_ids,
    tensor_bounds,
    utilities,
    utility_range,
)
from clanboard.core import SIMULTANEOUS, TERMINAL, Game, IllegalMove, Move, Rng, State, get_game


def resolve_setup(game: Game | str, num_players: int | None, variant: str | None,
                  options: Mapping[str, Any] | None) -> tuple[Game, int, dict[str, Any]]:
    """The game, seat count and full options from a variant preset plus explicit options."""
    core = get_game(game) if isinstance(game, str) else game
    opts = core.variant_options(variant) if variant is not None else {}
    opts.update(options or {})
    return core, core.check_players(num_players), core.check_options(opts)


_INT8 = np.dtype(np.int8)  # the masks' item type (a dtype object: no conversion per mask)


def observation_space(num_distinct_actions: int, tensor_size: int,
                      bounds: tuple[Sequence[float], Sequence[float]] | None = None
                      ) -> spaces.Dict:
    """``observation``: the core tensor, each item within the game's declared ``bounds``
    (``(low, high)`` of :func:`~clanboard.adapters.common.tensor_bounds`; unbounded without
    them); ``action_mask``: one int8 per action id."""
    if bounds is None:
        box = spaces.Box(-np.inf, np.inf, (tensor_size,), np.float32)
    else:
        box = spaces.Box(np.asarray(bounds[0], np.float32), np.asarray(bounds[1], np.float32),
                         (tensor_size,), np.float32)
    return spaces.Dict({
        "observation": box,
        "action_mask": spaces.Box(0, 1, (num_distinct_actions,), np.int8),
    })


def legal_actions(state: State, seat: int) -> dict[int, Move]:
    """Action id -> legal move of ``seat`` (empty when it is not that seat's turn)."""
    if state.is_terminal() or seat != acting_seat(state):
        return {}
    return state.game.legal_actions(state, seat)


def _marked(legal: Iterable[int], num_distinct_actions: int) -> tuple[bytearray, np.ndarray]:
    """The mask of :func:`action_mask` and the bytearray it views: reading an item from
    the bytearray (a Python int) is cheaper than from the array (a numpy scalar)."""
    marks = bytearray(num_distinct_actions)
    mask = np.frombuffer(marks, _INT8)
    ids = legal if type(legal) is list else list(legal)
    if len(ids) <= 64:  # a loop into the bytearray beats numpy's conversion of a short list
        for i in ids:
            marks[i] = 1
    else:
        mask[np.fromiter(ids, np.intp, len(ids))] = 1
    return marks, mask


def action_mask(legal: Iterable[int], num_distinct_actions: int) -> np.ndarray:
    """int8, 1 for each legal action id (``legal``: the ids, or a dict keyed by them)."""
    return _marked(legal, num_distinct_actions)[1]


def observe_seat(state: State, seat: int, num_distinct_actions: int,
                 writer: TensorWriter | None = None,
                 legal: Mapping[int, Move] | None = None,
                 mask: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """The observation dict of ``seat``; ``legal`` (its legal actions) or ``mask``, when
    known, save computing them again."""
    if mask is None:
        mask = action_mask(legal_actions(state, seat) if legal is None else legal,
                           num_distinct_actions)
    if writer is None:
        tensor = np.asarray(state.observation_tensor(seat), np.float32)
    else:
        tensor = writer(state, seat)
    return {"observation": tensor, "action_mask": mask}


def new_game(game: Game, seats: int, options: Mapping[str, Any], seeder: Rng,
             seed: int | None) -> tuple[Rng, State]:
    """A reset's game: dealt from ``seed`` when given (which also restarts the sequence of
    seeds), else from the next seed of ``seeder``; returns the sequence and the state."""
    if seed is not None:
        seeder, game_seed = Rng(seed), seed
    else:
        game_seed = seeder.next_u64() >> 1
    return seeder, game.new_state(seats, seed=game_seed, options=options)


def check_render_mode(render_mode: str | None, modes: list[str]) -> str | None:
    """``render_mode`` if it is None or one of ``modes`` (else a ValueError naming them)."""
    if render_mode is not None and render_mode not in modes:
        raise ValueError(f"render_mode must be one of {modes}, not {render_mode!r}")
    return render_mode


def render_state(state: State | None, render_mode: str | None,
                 seat: int | None = None) -> str | None:
    """The environments' ``render()``: the board as ``seat`` sees it (None: a spectator),
    returned for "ansi", printed for "human"."""
    if state is None or render_mode is None:
        return None
    text = state.render(seat)
    if render_mode == "human":
        print(text)
        return None
    return text


def check_illegal_policy(policy: str) -> str:
    """``policy`` if it is one the environments know ("lose" or "raise")."""
    if policy not in ("raise", "lose"):
        raise ValueError(f"illegal_action must be 'raise' or 'lose', not {policy!r}")
    return policy


def illegal_action(action: Any, seat: int, legal: Mapping[int, Move]) -> IllegalMove:
    shown = [f"{a} ({m})" for a, m in sorted(legal.items())]
    return IllegalMove(f"action {action!r} is not legal for player_{seat} now", shown)


class ClanboardAECEnv(AECEnv):
    """A clanboard game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "clanboard_v0",
                                "is_parallelizable": False}

    def __init__(self, game: Game | str, num_players: int | None = None,
                 variant: str | None = None, options: Mapping[str, Any] | None = None,
                 render_mode: str | None = None, illegal_action: str = "lose") -> None:
        super().__init__()
        self.illegal_policy = check_illegal_policy(illegal_action)
        self.core_game, self.num_seats, self.core_options = resolve_setup(
            game, num_players, variant, options)
        self.encoding = encoding(self.core_game, self.num_seats, self.core_options)
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.metadata = {**self.metadata, "name": f"clanboard_{self.core_game.id}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(self.num_seats)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        n = self.encoding.num_distinct_actions
        bounds = tensor_bounds(self.core_game, self.num_seats, self.core_options)
        self.observation_spaces = {
            a: observation_space(n, self.encoding.observation_tensor_size, bounds)
            for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._seeder = Rng(secrets.randbits(64))
        self._state: State | None = None
        self._writer = TensorWriter(self.core_game, self.encoding.observation_tensor_size)
        self._view = self._writer.view
        self._direct = lists_action_ids(self.core_game)  # legal ids without their moves
        # the current position's seat to act (-1: none), its mask and the bytearray the
        # mask views, and unless direct its moves by id
        self._acting = -1
        self._mask = np.zeros(0, np.int8)
        self._marks = bytearray()
        self._legal: dict[int, Move] = {}
        self._masks: dict[int, np.ndarray] = {}  # the other seats' masks (all 0), when asked

    @property
    def state(self) -> State:
        """The clanboard state of the game being played."""
        if self._state is None:
            raise RuntimeError("no game yet: call reset() first")
        return self._state

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; its seed is ``seed`` when given, else drawn from the last seed."""
        self._seeder, self._state = new_game(self.core_game, self.num_seats,
                                             self.core_options, self._seeder, seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self._forget()
        self.agent_selection = self.possible_agents[acting_seat(self.state)]
        self._offer_mask(self.state.is_terminal())

    def _forget(self) -> None:
        """A new position: no seat's mask is known yet."""
        self._acting = -1
        self._legal = {}
        self._masks = {}

    def _offer_mask(self, over: bool) -> None:
        """Infos for the new position: the agent to act gets its ``action_mask``, so that a
        policy that needs no observation can call ``last(observe=False)`` (no tensor is
        built then)."""
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if not over:
            agent = self.agent_selection
            self.infos[agent]["action_mask"] = self._mask_of(self._seat_of[agent])

    def _mask_of(self, seat: int) -> np.ndarray:
        if seat == self._acting:
            return self._mask
        mask = self._masks.get(seat)
        if mask is None:
            state = self.state
            if state.is_terminal() or seat != acting_seat(state):
                mask = self._masks[seat] = np.zeros(self.encoding.num_distinct_actions, np.int8)
            else:
                mask = self._act(state, seat)
        return mask

    def _act(self, state: State, seat: int) -> np.ndarray:
        """Make ``seat``, the seat to act, the one whose mask is kept; returns the mask
        (its moves by id are kept too unless the game lists ids directly)."""
        game = self.core_game
        if self._direct:
            ids = game.legal_action_ids(state, seat)
        else:
            legal = self._legal = game.legal_actions(state, seat)
            ids = list(legal)
        self._marks, mask = _marked(ids, self.encoding.num_distinct_actions)
        self._mask = mask
        self._acting = seat
        return mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of[agent]
        mask = self._mask if seat == self._acting else self._mask_of(seat)
        return {"observation": self._view(self.state, seat).copy(), "action_mask": mask.copy()}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat_of[agent]
        # the mask's items read from its bytearray (ints, not numpy scalars)
        marks = self._marks if seat == self._acting else self._mask_of(seat)
        state = self.state
        act = action
        if type(act) is not int:
            try:
                act = int(act)  # type: ignore[arg-type]
            except (TypeError, ValueError):
                act = -1
        if not 0 <= act < len(marks) or not marks[act]:
            if self.illegal_policy == "raise":
                raise illegal_action(action, seat, legal_actions(state, seat))
            self._lose_by_illegal(agent)
            return
        if self._direct:
            move = self.core_game.legal_action_move(state, seat, act)
        else:
            move = self._legal[act]  # a legal id: its seat is the seat to act
        state.apply_trusted(move, seat)  # a legal move of this seat
        self._cumulative_rewards[agent] = 0.0
        nxt = state.current_player()  # never CHANCE: chance is resolved inside
        if nxt == TERMINAL:
            for a, u in zip(self.agents, utilities(state), strict=True):
                self.rewards[a] = u
                self.terminations[a] = True
            self._forget()
            self.agent_selection = self.possible_agents[(seat + 1) % self.num_seats]
            self._offer_mask(True)
            self._accumulate_rewards()
            return
        # the position's legal actions are those of the seat to act, known now: no
        # second look at whose turn it is (rewards stay 0 before the end: none to add)
        if nxt == SIMULTANEOUS:
            nxt = acting_seat(state)
        if self._masks:
            self._masks = {}
        mask = self._act(state, nxt)
        self.agent_selection = next_agent = self.possible_agents[nxt]
        # only the agent that acted held a mask in its info: two new infos, not all
        infos = self.infos
        infos[agent] = {}
        infos[next_agent] = {"action_mask": mask}

    def _lose_by_illegal(self, agent: str) -> None:
        """The game ends: ``agent`` gets the lowest utility, the others 0."""
        for a in self.agents:
            self.terminations[a] = True
            self.rewards[a] = 0.0
        self.rewards[agent] = utility_range(self.core_game)[0]
        self._forget()
        self.infos = {a: {} for a in self.agents}
        self.infos[agent]["illegal_action"] = True
        self._cumulative_rewards[agent] = 0.0
        self._accumulate_rewards()

    def render(self) -> str | None:
        return render_state(self._state, self.render_mode)

    def close(self) -> None:
        self._state = None

    def __str__(self) -> str:
        return str(self.metadata["name"])


def raw_env(game: Game | str, **kwargs: Any) -> ClanboardAECEnv:
    """The bare AEC environment of ``game`` (an id or a Game); kwargs: num_players,
    variant, options, render_mode, illegal_action. Raises MissingEncoding if the game has
    no RL encodings."""
    return ClanboardAECEnv(game, **kwargs)


def env(game: Game | str, **kwargs: Any) -> AECEnv:
    """:func:`raw_env` wrapped as PettingZoo's classic environments are: actions checked
    against the action space, and the order of calls enforced (``reset`` first)."""
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw_env(game,
                                                                                  **kwargs)))
