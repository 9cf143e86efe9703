"""Where a PettingZoo step's time goes: the native loop with one adapter cost added at a time.

    python bench/adapters_breakdown.py [--game ID[:VARIANT]] [--seconds S] [--pyspiel]

Loops, each playing random games from new states, interleaved and timed by CPU time like
bench/adapters.py:

- **native**: ``legal_moves`` / ``apply_trusted`` (the bench's native loop);
- **+ action ids**: the legal action ids as the adapters get them (``Game.legal_action_ids``
  and ``legal_action_move`` for a game that lists them directly, else ``Game.legal_actions``,
  id -> move), one id drawn;
- **+ mask**: those ids written into an int8 mask over every action id (the PettingZoo
  adapter's ``action_mask``), read back with ``mask.view(bool).nonzero()[0]`` as the
  bench's PettingZoo loops do;
- **PettingZoo, mask only** and **PettingZoo** (observation tensor too): the bench's loops;
- **PettingZoo's own loop**: the bench's PettingZoo loop over an environment that replays
  32 games recorded beforehand from the real one (their observations as the real one
  handed them out): no rules and no adapter, only PettingZoo's AEC calls and the bench's
  reading of the mask. Its time per step is the least any PettingZoo adapter adds to the
  native step (the ratio is in games, and these 32 games are not the native loop's).

With ``--pyspiel``, the pyspiel loop's costs instead:

- **chance explicit**: the core API with ``auto_chance=False``: every card dealt, tile drawn
  or die rolled is a step whose ``(id, probability)`` list (``Game.chance_action_probs``)
  is sampled as the bench's pyspiel loop samples ``chance_outcomes``, then applied; the
  players' moves through their action ids as above (sorted, as pyspiel lists them);
- **pyspiel without the C++ crossings**: the bench's pyspiel loop calling the state's
  ``_apply_action`` (what pyspiel's ``apply_action`` calls back) directly;
- **pyspiel**: the bench's loop (``apply_action``: C++, which calls back into Python
  twice).

Each row's ratio to native shows what that step adds.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np
from pettingzoo import AECEnv

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clanboard.adapters import bench  # noqa: E402
from clanboard.adapters.common import encoding, lists_action_ids  # noqa: E402
from clanboard.adapters.pettingzoo import action_mask  # noqa: E402
from clanboard.core import get_game  # noqa: E402


def ids_loop(game_id: str, variant: str | None, mask: bool) -> bench.Loop:
    """The native loop choosing among the legal action ids (through a mask if asked)."""
    game = get_game(game_id)
    opts = game.variant_options(variant) if variant else {}
    n = game.check_players(None)
    size = encoding(game, n, opts).num_distinct_actions
    direct = lists_action_ids(game)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_state(n, seed, opts)
        steps = 0
        while seats := state.players_to_move():
            seat = seats[0]
            if direct:
                ids = game.legal_action_ids(state, seat)
            else:
                legal = game.legal_actions(state, seat)
                ids = list(legal)
            if mask:
                bits = action_mask(ids, size)
                action = rng.choice(bits.view(np.bool_).nonzero()[0].tolist())
            else:
                action = rng.choice(ids)
            move = game.legal_action_move(state, seat, action) if direct else legal[action]
            state.apply_trusted(move, seat)
            steps += 1
        return steps

    return play


def explicit_chance_loop(game_id: str, variant: str | None) -> bench.Loop:
    """The core API with explicit chance, sampled as the bench's pyspiel loop samples."""
    game = get_game(game_id)
    opts = game.variant_options(variant) if variant else {}
    n = game.check_players(None)
    direct = lists_action_ids(game)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_state(n, seed, opts, auto_chance=False)
        steps = 0
        while not state.is_terminal():
            seats = state.players_to_move()
            if not seats:
                ids, probs = zip(*game.chance_action_probs(state), strict=True)
                state.apply_trusted(game.chance_action_move(state, rng.choices(ids, probs)[0]))
            else:
                seat = seats[0]
                if direct:
                    action = rng.choice(sorted(game.legal_action_ids(state, seat)))
                    move = game.legal_action_move(state, seat, action)
                else:
                    legal = game.legal_actions(state, seat)
                    move = legal[rng.choice(sorted(legal))]
                state.apply_trusted(move, seat)
            steps += 1
        return steps

    return play


class _Replay(AECEnv):
    """Replays recorded games: ``(agent, observation)`` per live step; no rules."""

    metadata: dict[str, object] = {"name": "replay", "render_modes": []}

    def __init__(self, agents: list[str], games: list[list[tuple[str, object]]]) -> None:
        super().__init__()
        self.possible_agents = agents
        self._games = games
        self._steps: list[tuple[str, object]] = []
        self._at = 0

    def reset(self, seed: int | None = None, options: object = None) -> None:
        self._steps = self._games[((seed or 1) - 1) % len(self._games)]  # seed 1: the first
        self._at = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, object]] = {a: {} for a in self.agents}
        self.agent_selection = self._steps[0][0]

    def observe(self, agent: str) -> object:
        return self._steps[self._at][1]

    def step(self, action: object) -> None:
        if self.terminations[self.agent_selection]:
            self._was_dead_step(action)
            return
        if self._at + 1 == len(self._steps):  # the game's last move: every agent is done
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[0]
            return
        self._at += 1
        self.agent_selection = self._steps[self._at][0]


def replay_loop(game_id: str, variant: str | None, games: int = 32) -> bench.Loop:
    """The bench's PettingZoo loop over :class:`_Replay` of ``games`` recorded games."""
    from clanboard.adapters.pettingzoo import raw_env as env

    real = env(game_id, variant=variant)
    recorded = []
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        real.reset(seed=seed)
        steps: list[tuple[str, object]] = []
        for agent in real.agent_iter():
            obs, _, terminated, truncated, _ = real.last()
            if terminated or truncated:
                real.step(None)
                continue
            steps.append((agent, obs))
            real.step(rng.choice(obs["action_mask"].view(np.bool_).nonzero()[0].tolist()))
        recorded.append(steps)
    return bench.aec_loop(_Replay(real.possible_agents, recorded))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", type=bench.parse_setup, default=("schotten-totten", None))
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per loop")
    parser.add_argument("--pyspiel", action="store_true",
                        help="the pyspiel loop's costs instead of the PettingZoo loop's")
    args = parser.parse_args()
    game_id, variant = args.game
    loops = {"native": bench.native_loop(game_id, variant)}
    if args.pyspiel:
        loops.update({
            "chance explicit": explicit_chance_loop(game_id, variant),
            "pyspiel without the C++ crossings":
                bench.pyspiel_loop(game_id, variant, crossing=False),
            "pyspiel": bench.pyspiel_loop(game_id, variant),
        })
    else:
        loops.update({
            "+ action ids": ids_loop(game_id, variant, mask=False),
            "+ mask": ids_loop(game_id, variant, mask=True),
            "PettingZoo, mask only": bench.pettingzoo_mask_loop(game_id, variant),
            "PettingZoo": bench.pettingzoo_loop(game_id, variant),
            "PettingZoo's own loop": replay_loop(game_id, variant),
        })
    for play in loops.values():  # warm up (lazy tables)
        play(0)
    spent = dict.fromkeys(loops, 0.0)
    games = dict.fromkeys(loops, 0)
    steps = dict.fromkeys(loops, 0)
    slices = 10
    for _ in range(slices):
        for name, play in loops.items():
            start = time.process_time()
            while time.process_time() - start < args.seconds / slices:
                steps[name] += play(1 + games[name])
                games[name] += 1
            spent[name] += time.process_time() - start
    native = games["native"] / spent["native"]
    print(f"{game_id} ({variant or 'default'}), random games per CPU second, the ratio to "
          "native, and CPU µs per step:")
    for name in loops:
        rate = games[name] / spent[name]
        print(f"  {name:33s} {rate:8.1f}  {rate / native:.2f}×  "
              f"{1e6 * spent[name] / max(1, steps[name]):5.1f} µs")


if __name__ == "__main__":
    main()
