"""Seeded random games of Glen More II, to pin its engine's behaviour through a speed-up.

``python -m tests.engines.records_gm2`` rewrites ``records_gm2.json`` from the engine as
it is; it was first written by the Python rules before they were compiled and their move
generation made cheaper, and ``test_records_gm2.py`` replays the same seeds against it:
a faster engine must make the very same games.

Each record keeps a digest of the move sequence, of every legal-move list met on the way
(order included: a seeded random choice depends on it), of seeded determinizations and
clones, and of the final state's JSON, with the final scores; the first games of each
setting keep their whole move sequence too, so that a difference can be read.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from clanboard.core import Rng, State, get_game

PATH = Path(__file__).with_name("records_gm2.json")

#: (players, options) settings: the base game, each chronicle, all three, both readings
#: of chronicle 9's options, and the solo mode at each of Allenarly's levels
SETTINGS: list[tuple[int, dict[str, Any]]] = [
    *[(n, {}) for n in (2, 3, 4)],
    *[(n, {"chronicles": c}) for n in (2, 3, 4) for c in ("9", "10", "11", "9,10,11")],
    (3, {"chronicles": "9,10,11", "extra_markers": "supply", "feast_closed": "chosen"}),
    *[(1, {"solo": True, "level": level})
      for level in ("ablach", "dus", "reglar", "skelp", "bodach")],
    (1, {"solo": True, "level": "reglar", "chronicles": "9,10,11"}),
]
SEEDS_PER_SETTING = 9
#: games whose whole move sequence is kept (the first of each setting)
FULL = 1

CASES: list[tuple[int, dict[str, Any], int]] = [
    (n, opts, seed) for n, opts in SETTINGS for seed in range(1, SEEDS_PER_SETTING + 1)]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def play(players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """Play one seeded random game; returns its record."""
    game = get_game("glen-more-2")
    state = game.new_state(players, seed, {"provisional": True, **options})
    rng = Rng(seed * 7919 + 1)
    legal = hashlib.sha256()
    copies = hashlib.sha256()
    step = 0
    while True:
        seats = state.players_to_move()
        if not seats:
            break
        seat = seats[step % len(seats)]
        moves = state.legal_moves(seat)
        legal.update("|".join(map(str, moves)).encode() + b"\n")
        if step % 13 == 0:
            det: State = state.determinize(seat, Rng(step))
            copies.update(json.dumps(det.to_json(), sort_keys=True).encode())
            copies.update(json.dumps(state.clone().to_json(), sort_keys=True).encode())
        state.apply_trusted(rng.choice(moves), seat)
        step += 1
    moves_text = [f"{p}:{m}" for p, m in state.history]
    return {
        "players": players, "options": options, "seed": seed,
        "moves": moves_text if seed <= FULL else None,
        "moves_digest": _digest("\n".join(moves_text)), "length": len(moves_text),
        "scores": state.scores(), "winners": state.winners(),
        "legal": legal.hexdigest(), "copies": copies.hexdigest(),
        "final": _digest(json.dumps(state.to_json(), sort_keys=True)),
    }


def main() -> None:
    records = [play(*case) for case in CASES]
    PATH.write_text(json.dumps(records, separators=(",", ":")) + "\n")
    print(f"wrote {len(records)} records to {PATH}")


if __name__ == "__main__":
    main()
