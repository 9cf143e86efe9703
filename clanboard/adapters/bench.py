"""Throughput of the RL adapters: random games through pyspiel and through PettingZoo.

    python -m clanboard.adapters.bench [game_id] [variant] [games]
"""

from __future__ import annotations

import sys
import time

import numpy as np


def pyspiel_games(game_id: str, variant: str | None, games: int) -> tuple[float, float]:
    """Random games with explicit chance through the pyspiel API: (games/s, actions/s)."""
    from clanboard.adapters.openspiel import load

    game = load(game_id, variant)
    rng = np.random.RandomState(0)
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(ids, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
            actions += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def pettingzoo_games(game_id: str, variant: str | None, games: int) -> tuple[float, float]:
    """Random games through the AEC environment (chance inside): (games/s, steps/s)."""
    from clanboard.adapters.pettingzoo import env

    e = env(game_id, variant=variant)
    rng = np.random.default_rng(0)
    steps = 0
    start = time.perf_counter()
    for g in range(games):
        e.reset(seed=g)
        for _ in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            done = terminated or truncated
            e.step(None if done else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed


def main(argv: list[str]) -> None:
    game_id = argv[0] if argv else "schotten-totten"
    variant = argv[1] if len(argv) > 1 and argv[1] != "-" else None
    games = int(argv[2]) if len(argv) > 2 else 50
    label = f"{game_id}" + (f" ({variant})" if variant else "")
    g, a = pyspiel_games(game_id, variant, games)
    print(f"{label}: pyspiel {g:.1f} random games/s, {a:.0f} actions/s")
    g, a = pettingzoo_games(game_id, variant, games)
    print(f"{label}: PettingZoo AEC {g:.1f} random games/s, {a:.0f} steps/s")


if __name__ == "__main__":
    main(sys.argv[1:])
