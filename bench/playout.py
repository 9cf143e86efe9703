"""Schotten Totten random playouts: the compiled kernel against the generic Python loop.

    python bench/playout.py [--seconds S] [--variant base --variant expert ...]

Both engines play full random games from new states (``game.new_state`` then
``State.random_playout``; the generic loop is the base class's method called directly),
in one run and interleaved in short slices so that the ratio holds on a shared machine.
"games/s" counts the set-up (shuffle and deal) too, like ``clanboard bench``; the
"playout µs" column is the playout alone.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clanboard.core import Rng, State, get_game  # noqa: E402
from clanboard.games.schotten_totten import playout  # noqa: E402

VARIANTS = {
    "base": {},
    "expert": {"expert": True},
    "base, 3-round match": {"rounds": 3},
    "tactics (falls back)": {"tactics": True},
}


def generic(state: State, rng: Rng) -> int:
    return State.random_playout(state, rng)


def hook(state: State, rng: Rng) -> int:
    return state.random_playout(rng)


def measure(options: dict, engine, seconds: float, rng: Rng) -> tuple[int, int, float, float]:
    """Games, moves, seconds in all, seconds in the playouts."""
    game = get_game("schotten-totten")
    games = moves = 0
    in_playout = 0.0
    clock = time.perf_counter
    start = clock()
    while True:
        state = game.new_state(2, rng.next_u64() >> 1, options)
        t = clock()
        moves += engine(state, rng)
        now = clock()
        in_playout += now - t
        games += 1
        if now - start >= seconds:
            return games, moves, now - start, in_playout


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="per engine and variant")
    parser.add_argument("--variant", action="append", choices=list(VARIANTS))
    args = parser.parse_args(argv)
    print(f"kernel: {'built' if playout.KERNEL else 'NOT BUILT (both rows are the Python loop)'}")
    header = ("variant", "engine", "games/s", "moves/game", "playout µs", "set-up µs", "× generic")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    slices = 10
    for name in args.variant or list(VARIANTS):
        options = VARIANTS[name]
        totals = {"kernel": [0, 0, 0.0, 0.0], "generic": [0, 0, 0.0, 0.0]}
        rng = Rng(2026)
        measure(options, hook, 0.2, rng)  # warm up
        for _ in range(slices):  # interleaved: the machine's load hits both alike
            for label, engine in (("generic", generic), ("kernel", hook)):
                for i, x in enumerate(measure(options, engine, args.seconds / slices, rng)):
                    totals[label][i] += x
        rate = {k: v[0] / v[2] for k, v in totals.items()}
        for label in ("generic", "kernel"):
            games, moves, total, in_playout = totals[label]
            print(f"| {name} | {label} | {rate[label]:,.0f} | {moves / games:.1f} | "
                  f"{in_playout / games * 1e6:.1f} | {(total - in_playout) / games * 1e6:.1f} | "
                  f"{rate[label] / rate['generic']:.1f} |")


if __name__ == "__main__":
    main()
