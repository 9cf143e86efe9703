"""Seeded game records of Glen More and Isle of Skye, to pin the engines' behaviour.

``python -m tests.engines.records`` rewrites ``records.json`` from the engine as it is;
it was first written by the engines before their speed-up, and the tests replay the
same seeds against that file: a faster engine must make the very same games.

Each record plays a game with one policy from a seed and keeps the moves, the final
scores and a digest of every legal-move list met on the way (order included: a
seeded random choice depends on it) and of seeded determinizations.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from clanboard.core import Rng, SearchHints, State, get_game, make_agent
from clanboard.games.glen_more.agents import GlenMoreHints as GlenMorePlayouts
from clanboard.games.isle_of_skye.agents import SkyeHints as SkyePlayouts

PATH = Path(__file__).with_name("records.json")

CASES: list[tuple[str, int, str, int]] = [
    # (game, players, policy, seed)
    *[("glen-more", n, "random", seed) for n in (2, 3, 4, 5) for seed in (1, 2)],
    *[("glen-more", n, "rollout", seed) for n in (2, 3) for seed in (3, 4)],
    ("glen-more", 3, "heuristic", 5),
    *[("glen-more", n, "playout", seed) for n in (2, 4) for seed in (6, 7)],
    *[("isle-of-skye", n, "random", seed) for n in (2, 3, 4, 5) for seed in (1, 2)],
    *[("isle-of-skye", n, "rollout", seed) for n in (2, 3) for seed in (3, 4)],
    ("isle-of-skye", 3, "heuristic", 5),
    *[("isle-of-skye", n, "playout", seed) for n in (2, 4) for seed in (6, 7)],
]


PLAYOUTS: dict[str, type[SearchHints]] = {"glen-more": GlenMorePlayouts,
                                            "isle-of-skye": SkyePlayouts}


def play(game_id: str, players: int, policy: str, seed: int) -> dict[str, Any]:
    """Play one seeded game; returns its record."""
    game = get_game(game_id)
    state = game.new_state(players, seed)
    rng = Rng(seed * 7919 + 1)
    # the playout policy the records were made with: the games' own (agents.py); the
    # search's hints may narrow its candidates (Isle of Skye's priced ones) on top of it
    hints = PLAYOUTS[game_id]()
    agents = [make_agent(game, "heuristic", seed=seed + p) for p in range(players)]
    legal = hashlib.sha256()
    determinized = hashlib.sha256()
    step = 0
    if policy == "playout":  # the game's own playout hook (benchmarks, search)
        state.random_playout(rng)
    while True:
        seats = state.players_to_move()
        if not seats:
            break
        seat = seats[0]
        moves = state.legal_moves(seat)
        legal.update("|".join(map(str, moves)).encode() + b"\n")
        if step % 11 == 0:
            det: State = state.determinize(seat, Rng(step))
            determinized.update(json.dumps(det.to_json(), sort_keys=True).encode())
        if policy == "random":
            move = rng.choice(moves)
        elif policy == "rollout":
            move = hints.rollout_move(state, seat, rng)
        else:
            move = agents[seat].choose(state, seat)
        state.apply_trusted(move, seat)
        step += 1
    return {
        "game": game_id, "players": players, "policy": policy, "seed": seed,
        "moves": [[p, str(m)] for p, m in state.history],
        "scores": state.scores(), "winners": state.winners(),
        "legal": legal.hexdigest(), "determinized": determinized.hexdigest(),
    }


def main() -> None:
    records = [play(*case) for case in CASES]
    PATH.write_text(json.dumps(records, separators=(",", ":")) + "\n")
    print(f"wrote {len(records)} records to {PATH}")


if __name__ == "__main__":
    main()
