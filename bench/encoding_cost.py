"""What the adapters' per-step game calls cost: µs per call on the positions of random games.

    python bench/encoding_cost.py [--game ID[:VARIANT]] [--games N] [--repeat R]
    CLANBOARD_PURE=1 python bench/encoding_cost.py ...   # the Python source, not the build

Times, by CPU time, ``legal_moves``, ``Game.legal_actions``, ``Game.legal_action_ids``
(when the game lists ids) for the seat to move, and ``Game.update_observation_tensor`` of a
kept buffer per seat, the positions taken in game order (as an RL loop meets them).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clanboard.adapters import bench  # noqa: E402
from clanboard.adapters.common import lists_action_ids  # noqa: E402
from clanboard.core import State, get_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", type=bench.parse_setup, default=("schotten-totten", None))
    parser.add_argument("--games", type=int, default=20, help="random games (default 20)")
    parser.add_argument("--repeat", type=int, default=5, help="passes over the positions")
    args = parser.parse_args()
    game_id, variant = args.game
    game = get_game(game_id)
    opts = game.check_options(game.variant_options(variant) if variant else {})
    n = game.check_players(None)
    positions: list[tuple[State, int]] = []
    for seed in range(args.games):
        rng = random.Random(seed)
        state = game.new_state(n, seed, opts)
        while seats := state.players_to_move():
            positions.append((state.clone(), seats[0]))
            state.apply_trusted(rng.choice(state.legal_moves(seats[0])), seats[0])
    size = game.observation_tensor_size(n, opts)
    kept: list[tuple[array[float], dict[Any, Any]]] = [
        (array("f", bytes(4 * size)), {}) for _ in range(n)]

    def update(state: State, seat: int) -> None:
        buf, memo = kept[seat]
        game.update_observation_tensor(state, seat, buf, memo)

    calls: dict[str, Callable[[State, int], Any]] = {
        "legal_moves": lambda s, p: s.legal_moves(p),
        "Game.legal_actions": game.legal_actions,
    }
    if lists_action_ids(game):
        calls["Game.legal_action_ids"] = game.legal_action_ids
    calls["Game.update_observation_tensor"] = update
    print(f"{game_id} ({variant or 'default'}), {len(positions)} positions, "
          "µs per call (CPU time):")
    for name, call in calls.items():
        start = time.process_time()
        for _ in range(args.repeat):
            for state, seat in positions:
                call(state, seat)
        spent = time.process_time() - start
        print(f"  {name:32s} {spent / (args.repeat * len(positions)) * 1e6:6.2f}")


if __name__ == "__main__":
    main()
