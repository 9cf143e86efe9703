"""Throughput of the RL adapters against the native API: random full games per second.

    python -m clanboard.adapters.bench [--seconds S] [--game ID[:VARIANT] ...]
    python bench/adapters.py             # the same

The loops play uniformly random games from new states, each as a program using that API
would write it, all drawing with Python's ``random`` (so the driver costs the same; the
masks are read through a bool view, ``mask.view(bool).nonzero()[0]``: some 25 times
faster than on the int8 array itself, and half the cost of ``np.flatnonzero``, a Python
wrapper that first flattens the array):

- **native**: the core API (``new_state``, then ``legal_moves`` / ``apply_trusted`` until
  the end; chance drawn inside the engine);
- **pyspiel**: ``new_initial_state``, ``legal_actions`` / ``apply_action``, explicit chance
  from ``chance_outcomes`` (no observation is asked for);
- **pyspiel, sampled chance**: the same loop on the ``..._sampled`` game, where the engine
  draws chance inside its step as the native API does (one chance node, the deal);
- **PettingZoo**: the AEC loop, ``reset`` / ``last`` (observation tensor and action mask
  for the agent to act) / ``step`` with an action drawn from the mask;
- **PettingZoo, mask only**: the same loop for a policy that needs no observation:
  ``last(observe=False)`` and the mask from the info (no tensor is built).

The loops are interleaved in short slices in one run so that the ratios hold on a shared
machine, and timed by this process's CPU time (``--clock wall`` for the wall clock: on a
busy machine that counts the time other jobs hold the core); the table gives games/s and
the ratios to native. Progress goes to stderr, one
line per finished row.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

#: (game id, variant or None) measured by default
DEFAULT_SETUPS: tuple[tuple[str, str | None], ...] = (
    ("schotten-totten", None), ("schotten-totten", "tactics"),
    ("glen-more", None), ("isle-of-skye", None), ("glen-more-2", "provisional"),
)

Loop = Callable[[int], int]  # plays one game from a seed; returns the number of steps


def native_loop(game_id: str, variant: str | None,
                num_players: int | None = None) -> Loop:
    """Random games through the core API."""
    from clanboard.core import get_game

    game = get_game(game_id)
    opts = game.variant_options(variant) if variant else {}
    n = game.check_players(num_players)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_state(n, seed, opts)
        steps = 0
        while True:
            seats = state.players_to_move()
            if not seats:
                return steps
            seat = seats[0]
            state.apply_trusted(rng.choice(state.legal_moves(seat)), seat)
            steps += 1

    return play


def pyspiel_loop(game_id: str, variant: str | None, num_players: int | None = None, *,
                 crossing: bool = True, sampled: bool = False) -> Loop:
    """Random games through pyspiel with explicit chance (``sampled``: the ``..._sampled``
    game, chance drawn by the engine); ``crossing=False`` calls the state's
    ``_apply_action`` (what pyspiel's C++ ``apply_action`` calls back) directly."""
    from clanboard.adapters.openspiel import load

    params: dict[str, int] = {} if num_players is None else {"players": num_players}
    if sampled:
        params["rng_seed"] = 0
    game = load(game_id, variant, sampled=sampled, **params)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        apply = state.apply_action if crossing else state._apply_action
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes(), strict=True)
                apply(rng.choices(ids, probs)[0])
            else:
                apply(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return play


def pettingzoo_loop(game_id: str, variant: str | None,
                    num_players: int | None = None) -> Loop:
    """Random games through the PettingZoo AEC environment (chance inside)."""
    from clanboard.adapters.pettingzoo import raw_env as env

    return aec_loop(env(game_id, variant=variant, num_players=num_players))


def aec_loop(e: Any) -> Loop:
    """The bench's PettingZoo loop over the AEC environment ``e``: each step's
    observation, one of its mask's ids drawn."""

    def play(seed: int) -> int:
        rng = random.Random(seed)
        e.reset(seed=seed)
        steps = 0
        for _ in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
            else:
                e.step(rng.choice(obs["action_mask"].view(np.bool_).nonzero()[0].tolist()))
            steps += 1
        return steps

    return play


def pettingzoo_mask_loop(game_id: str, variant: str | None,
                         num_players: int | None = None) -> Loop:
    """The AEC loop without observations: ``last(observe=False)``, the mask from the info."""
    from clanboard.adapters.pettingzoo import raw_env as env

    e = env(game_id, variant=variant, num_players=num_players)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        e.reset(seed=seed)
        steps = 0
        for _ in e.agent_iter():
            _, _, terminated, truncated, info = e.last(observe=False)
            if terminated or truncated:
                e.step(None)
            else:
                e.step(rng.choice(info["action_mask"].view(np.bool_).nonzero()[0].tolist()))
            steps += 1
        return steps

    return play


def pyspiel_sampled_loop(game_id: str, variant: str | None,
                         num_players: int | None = None) -> Loop:
    """Random games through pyspiel's ``..._sampled`` game (chance drawn by the engine)."""
    return pyspiel_loop(game_id, variant, num_players, sampled=True)


LOOPS: dict[str, Callable[..., Loop]] = {
    "native": native_loop, "pyspiel": pyspiel_loop, "pyspiel_sampled": pyspiel_sampled_loop,
    "pettingzoo": pettingzoo_loop, "pettingzoo_mask": pettingzoo_mask_loop}


@dataclass
class Row:
    """One game set-up: games and steps played and seconds spent, per loop."""

    game: str
    variant: str
    games: dict[str, int]
    steps: dict[str, int]
    seconds: dict[str, float]

    def games_per_s(self, loop: str) -> float:
        return self.games[loop] / self.seconds[loop] if self.seconds[loop] else 0.0

    def ratio(self, loop: str) -> float:
        native = self.games_per_s("native")
        return self.games_per_s(loop) / native if native else 0.0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game, "variant": self.variant}
        for loop in LOOPS:
            out[f"{loop}_games_per_s"] = self.games_per_s(loop)
            if loop != "native":
                out[f"{loop}_ratio"] = self.ratio(loop)
        return out


#: the clocks a run may time the loops by: this process's CPU time (what a loop costs,
#: steady on a shared machine) or the wall clock
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


def measure(game_id: str, variant: str | None, seconds: float = 3.0, slices: int = 10,
            num_players: int | None = None, seed: int = 0, warmup: float = 2.0,
            clock: str = "cpu") -> Row:
    """Interleave the loops in ``slices`` rounds; each loop gets ``seconds / slices`` of play
    per round (whole games: a slice ends after the game that crosses its time), after
    ``warmup`` seconds of native games; seconds are read from ``CLOCKS[clock]``."""
    loops = {name: make(game_id, variant, num_players) for name, make in LOOPS.items()}
    # warm up: engines fill lazy tables and caches during their first games (Schotten
    # Totten's formation tables take about a second), which must not count for any loop
    deadline = time.perf_counter() + warmup
    g = 0
    while time.perf_counter() < deadline:
        loops["native"](seed - 1 - g)
        g += 1
    for play in loops.values():
        play(seed)
    row = Row(game_id, variant or "default", dict.fromkeys(loops, 0), dict.fromkeys(loops, 0),
              dict.fromkeys(loops, 0.0))
    timer = CLOCKS[clock]
    per_slice = seconds / slices
    for r in range(slices):
        # the same seeds for every loop: the games differ (each API draws its own way)
        # but the work is alike
        for name in (list(loops) if r % 2 == 0 else list(loops)[::-1]):
            play = loops[name]
            start = timer()
            g = 0
            while True:
                row.steps[name] += play(seed + 1 + row.games[name] + g)
                g += 1
                if timer() - start >= per_slice:
                    break
            row.seconds[name] += timer() - start
            row.games[name] += g
    return row


def run(setups: Sequence[tuple[str, str | None]] = DEFAULT_SETUPS, seconds: float = 3.0,
        num_players: int | None = None, seed: int = 0,
        progress: Callable[[Row], None] | None = None, clock: str = "cpu") -> list[Row]:
    rows = []
    for game_id, variant in setups:
        row = measure(game_id, variant, seconds, num_players=num_players, seed=seed,
                      clock=clock)
        rows.append(row)
        if progress:
            progress(row)
    return rows


def describe(row: Row) -> str:
    """One line: the figures of a finished row."""
    return (f"{row.game} ({row.variant}): native {row.games_per_s('native'):.1f} games/s, "
            f"pyspiel {row.ratio('pyspiel'):.2f}× (sampled chance "
            f"{row.ratio('pyspiel_sampled'):.2f}×), PettingZoo {row.ratio('pettingzoo'):.2f}×, "
            f"PettingZoo mask only {row.ratio('pettingzoo_mask'):.2f}×")


def table(rows: list[Row]) -> Any:
    """The rows as a rich table."""
    from rich import box
    from rich.table import Table

    t = Table(title="RL adapters: random games/s and ratio to the native API",
              box=box.SIMPLE_HEAD, pad_edge=False)
    for header in ("game", "variant", "native g/s", "pyspiel g/s", "pyspiel ×",
                   "pyspiel sampled g/s", "pyspiel sampled ×", "PettingZoo g/s",
                   "PettingZoo ×", "PZ mask-only g/s", "PZ mask-only ×",
                   "steps/game"):
        t.add_column(header, justify="left" if header in ("game", "variant") else "right",
                     no_wrap=True)
    for r in rows:
        t.add_row(r.game, r.variant, f"{r.games_per_s('native'):.1f}",
                  f"{r.games_per_s('pyspiel'):.1f}", f"{r.ratio('pyspiel'):.2f}",
                  f"{r.games_per_s('pyspiel_sampled'):.1f}", f"{r.ratio('pyspiel_sampled'):.2f}",
                  f"{r.games_per_s('pettingzoo'):.1f}", f"{r.ratio('pettingzoo'):.2f}",
                  f"{r.games_per_s('pettingzoo_mask'):.1f}", f"{r.ratio('pettingzoo_mask'):.2f}",
                  f"{r.steps['native'] / max(1, r.games['native']):.0f}")
    return t


def parse_setup(text: str) -> tuple[str, str | None]:
    game_id, _, variant = text.partition(":")
    return game_id, variant or None


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="RL adapter throughput against native")
    parser.add_argument("--game", action="append", type=parse_setup,
                        help="GAME or GAME:VARIANT (repeatable; default: every game)")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="seconds of play per loop and row (default 3)")
    parser.add_argument("--players", type=int, help="number of players")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                        help="time the loops by this process's CPU time (default; steady "
                        "when other jobs share the machine) or by the wall clock")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    setups = args.game or DEFAULT_SETUPS
    print(f"measuring {len(setups)} set-ups, about "
          f"{len(LOOPS) * args.seconds * len(setups):.0f} s "
          "of play in all", file=sys.stderr, flush=True)
    rows = run(setups, args.seconds, args.players, args.seed,
               progress=lambda row: print(describe(row), file=sys.stderr, flush=True),
               clock=args.clock)
    if args.json:
        import json

        print(json.dumps([r.to_json() for r in rows], indent=1))
        return
    from rich.console import Console

    from clanboard.cli.tables import print_whole

    print_whole(Console(), table(rows))


if __name__ == "__main__":
    main()
