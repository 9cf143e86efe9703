"""Engine figures of two revisions side by side, measured interleaved in one run.

    python bench/compare.py --base REV [--game ID ...] [--variant V] [--players N] [--rounds R]
    python bench/compare.py --base REV --cpu GAMES --game ID:VARIANT [--option KEY=VALUE ...]

Exports ``REV`` of this repository (``git archive``) to a temporary folder and runs
``clanboard bench --json`` alternately on it and on the working tree, ``R`` rounds, so
both see the same machine load; prints the median of each figure and their ratio. The
export runs its Python source unless ``--build-base`` compiles its optional builds there
first (``setup.py build_ext --inplace``, a minute or two), as the working tree's may be.
With ``--cpu``, ``--option KEY=VALUE`` sets a game option on top of the variant's (e.g.
``--option chronicles=9,10,11``; ``true``/``false`` are booleans).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parent.parent
#: the same seeded random games in each tree, timed in CPU seconds of the process (less
#: swayed by other processes than the wall clock of ``clanboard bench``)
CPU_SNIPPET = """
import json, sys, time
from clanboard.core import Rng, get_game
game, players, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
game_id, _, variant = game.partition(":")
g = get_game(game_id)
n = g.check_players(players or None)
opts = g.variant_options(variant) if variant else {}
opts.update(json.loads(sys.argv[6]))  # --option
for i in range(5):  # warm-up
    g.new_state(n, i, opts).random_playout(Rng(i))
best = 0.0
for _ in range(3):
    start = time.process_time()
    moves = 0
    for i in range(count):
        moves += g.new_state(n, 1000 + i, opts).random_playout(Rng(i))
    rate = count / (time.process_time() - start)
    best = max(best, rate)
from dataclasses import replace
from clanboard.ai.agent import TUNED
from clanboard.ai.ismcts import ISMCTS
opening = g.new_state(n, 0, opts)
walk = Rng(0)
for _ in range(int(sys.argv[5])):  # --at-move: after K random moves (or the last one's)
    mover = opening.players_to_move()[0]
    after = opening.clone()
    after.apply_trusted(walk.choice(opening.legal_moves(mover)), mover)
    if after.is_terminal():
        break
    opening = after
seat = opening.players_to_move()[0]
config = replace(TUNED, iterations=int(sys.argv[4]), seconds=None, stop_early=False)
search = 0.0
for _ in range(3):
    start = time.process_time()
    done = ISMCTS(config, 0).search(opening, seat).iterations
    search = max(search, done / (time.process_time() - start))
print(json.dumps({"game": game, "players": n, "games_per_s_cpu": best,
                  "ismcts_opening_per_s_cpu": search}))
"""

FIGURES = ("games_per_s", "moves_per_s", "clone_us", "legal_moves_us", "determinize_us",
           "ismcts_iterations_per_s", "ismcts_iterations_per_s_start")


def export(rev: str, into: Path, build: bool = False) -> None:
    data = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    if build:
        print(f"building {rev}'s compiled modules ...", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=into,
                       check=True, capture_output=True)


def bench(tree: Path, games: list[str], players: int | None, seconds: float,
          variant: str | None = None, clock: str | None = None) -> list[dict]:
    cmd = [sys.executable, "-c", "from clanboard.cli.main import app; app()",
           "bench", "--json", "--seconds", str(seconds)]
    for g in games:
        cmd += ["--game", g]
    if players:
        cmd += ["--players", str(players)]
    if variant:
        cmd += ["--variant", variant]
    if clock:
        cmd += ["--clock", clock]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(cmd, cwd=tree, env=env, check=True, capture_output=True, text=True)
    return list(json.loads(out.stdout)["results"])


def cpu_games(tree: Path, game: str, players: int | None, count: int,
              iterations: int, at_move: int = 0, options: dict | None = None) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", CPU_SNIPPET, game, str(players or 0),
                          str(count), str(iterations), str(at_move),
                          json.dumps(options or {})], cwd=tree, env=env,
                         check=True, capture_output=True, text=True)
    return dict(json.loads(out.stdout))


def parse_options(pairs: list[str]) -> dict[str, str | bool]:
    """``KEY=VALUE`` pairs as game options (``true``/``false``: booleans)."""
    out: dict[str, str | bool] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise SystemExit(f"--option {pair!r}: expected KEY=VALUE")
        out[key] = {"true": True, "false": False}.get(value.lower(), value)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--base", required=True, help="the git revision to compare with")
    parser.add_argument("--game", action="append", default=[],
                        help="game id, with --cpu also ID:VARIANT (repeatable)")
    parser.add_argument("--players", type=int)
    parser.add_argument("--variant", help="a variant preset of the games (clanboard bench -v)")
    parser.add_argument("--clock", help="clanboard bench --clock (wall or cpu)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--cpu", type=int, default=0, metavar="GAMES",
                        help="instead: random games/s in CPU time over GAMES seeded games, "
                        "and ISMCTS iterations/s at the opening (best of 3 per round)")
    parser.add_argument("--iterations", type=int, default=300,
                        help="with --cpu: the opening search's iteration budget")
    parser.add_argument("--at-move", type=int, default=0, metavar="K",
                        help="with --cpu: search after K random moves instead of at the opening "
                        "(at most up to the game's last move)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="with --cpu: a game option on top of the variant's "
                        "(repeatable), e.g. chronicles=9,10,11 or solo=true")
    parser.add_argument("--build-base", action="store_true",
                        help="compile the base revision's optional builds (mypyc, C) first")
    args = parser.parse_args(argv)
    if args.option and not args.cpu:
        parser.error("--option needs --cpu (clanboard bench takes only variant presets)")
    if args.cpu:
        compare_cpu(args)
        return
    runs: dict[str, list[list[dict]]] = {"base": [], "now": []}
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        export(args.base, base, args.build_base)
        for r in range(args.rounds):
            for name, tree in (("base", base), ("now", ROOT)):
                print(f"round {r + 1}/{args.rounds}: {name} ...", file=sys.stderr, flush=True)
                runs[name].append(bench(tree, args.game, args.players, args.seconds,
                                        args.variant, args.clock))
    table = Table(title=f"engine figures, median of {args.rounds} interleaved runs "
                  f"(base {args.base} vs working tree)")
    for col in ("game", "figure", "base", "now", "now/base"):
        table.add_column(col, justify="left" if col in ("game", "figure") else "right")
    for i, first in enumerate(runs["base"][0]):
        for fig in FIGURES:
            b = statistics.median(run[i][fig] for run in runs["base"])
            n = statistics.median(run[i][fig] for run in runs["now"])
            table.add_row(f"{first['game']} {first['players']}p", fig, f"{b:,.1f}", f"{n:,.1f}",
                          f"{n / b:.2f}×" if b else "-")
    Console(width=120).print(table)


def compare_cpu(args: argparse.Namespace) -> None:
    table = Table(title=f"per CPU second, best of {args.rounds} interleaved rounds "
                  f"(base {args.base} vs working tree)")
    for col in ("game", "figure", "base", "now", "now/base"):
        table.add_column(col, justify="left" if col in ("game", "figure") else "right")
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        export(args.base, base, args.build_base)
        for game in args.game:
            keys = ("games_per_s_cpu", "ismcts_opening_per_s_cpu")
            best = {(name, k): 0.0 for name in ("base", "now") for k in keys}
            for r in range(args.rounds):
                for name, tree in (("base", base), ("now", ROOT)):
                    print(f"{game} round {r + 1}/{args.rounds}: {name} ...", file=sys.stderr,
                          flush=True)
                    got = cpu_games(tree, game, args.players, args.cpu, args.iterations,
                                    args.at_move, parse_options(args.option))
                    for k in keys:
                        best[name, k] = max(best[name, k], got[k])
            where = f"after {args.at_move} random moves" if args.at_move else "opening"
            name = " ".join([game, *args.option])
            for k, label in zip(keys, ("random games/s", f"ISMCTS it/s, {where}"),
                                strict=True):
                b, n = best["base", k], best["now", k]
                table.add_row(name, label, f"{b:,.1f}", f"{n:,.1f}", f"{n / b:.2f}×")
    Console(width=120).print(table)


if __name__ == "__main__":
    main()
