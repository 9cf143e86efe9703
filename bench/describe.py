"""What the words cost the server: per move, describing it for every viewer (as
``tables.describe`` does when a move is made or a table rebuilt) against applying it.

    python bench/describe.py [--games N] [--seed S]

Plays N random games of every registered game; prints, per game, the time per move of
``apply`` (validated, as the server does) and of the descriptions for all viewers, and
their ratio (measured in the same run, so compare ratios, not absolute times).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clanboard.core import Rng, games  # noqa: E402
from clanboard.server.tables.live import describe  # noqa: E402


def measure(game_id: str, n_games: int, seed: int) -> tuple[int, float, float]:
    game = next(g for g in games() if g.id == game_id)
    players = min(game.max_players, 3)
    names = [f"Player {i + 1}" for i in range(players)]
    moves = 0
    t_apply = t_words = 0.0
    for k in range(n_games):
        state = game.new_state(players, seed + k)
        rng = Rng(seed + k)
        while not state.is_terminal():
            seat = state.players_to_move()[0]
            move = rng.choice(state.legal_moves(seat))
            t0 = time.perf_counter()
            describe(state, move, seat, names)
            t1 = time.perf_counter()
            state.apply(move, seat)
            t2 = time.perf_counter()
            t_words += t1 - t0
            t_apply += t2 - t1
            moves += 1
    return moves, t_apply / moves, t_words / moves


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"descriptions per move, {args.games} random games per game")
    for col in ("game", "moves", "apply µs/move", "words (all viewers) µs/move", "words/apply"):
        table.add_column(col, justify="right" if col != "game" else "left")
    for g in games():
        if g.id == "toy-duel":
            continue
        moves, apply_s, words_s = measure(g.id, args.games, args.seed)
        table.add_row(g.id, str(moves), f"{apply_s * 1e6:.0f}", f"{words_s * 1e6:.0f}",
                      f"{words_s / apply_s:.2f}")
    Console(width=120).print(table)


if __name__ == "__main__":
    main()
