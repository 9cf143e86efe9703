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
- **PettingZoo, mask only** and **PettingZoo** (observation tensor too): the bench's loops.

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
        })
    for play in loops.values():  # warm up (lazy tables)
        play(0)
    spent = dict.fromkeys(loops, 0.0)
    games = dict.fromkeys(loops, 0)
    slices = 10
    for _ in range(slices):
        for name, play in loops.items():
            start = time.process_time()
            while time.process_time() - start < args.seconds / slices:
                play(1 + games[name])
                games[name] += 1
            spent[name] += time.process_time() - start
    native = games["native"] / spent["native"]
    print(f"{game_id} ({variant or 'default'}), random games per CPU second:")
    for name in loops:
        rate = games[name] / spent[name]
        print(f"  {name:33s} {rate:8.1f}  {rate / native:.2f}×")


if __name__ == "__main__":
    main()
