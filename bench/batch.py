"""Batch-layer benchmark: one arena on each backend, interleaved, in one run.

    python bench/batch.py [--game schotten-totten] [--agents heuristic,random]
                          [--games 2000] [--rounds 2] [--workers 2] [--json]

Each round plays the same seeded arena in this process (the cost of the games alone), in
a local pool of 1 and of ``--workers`` processes, and on a private Ray instance with as
many CPUs (started once, before the first round; its start-up is reported apart), after a
short warm-up on each (so worker start-up is not counted). Ray runs its workers at nice
15 by default; here at 0 like the pool's (``RAY_worker_niceness``), so that on a shared
machine both compete alike. The overhead per game is what a backend spends beyond the
games themselves: from the walls, ``wall * workers / games - in-process wall / games``
(meaningful only when the workers have their cores to themselves), and from CPU time
(this process, its children, Ray's scheduler and workers: every process below this one),
``CPU / games - in-process CPU / games``, which a busy machine disturbs far less. The best
of the rounds is shown. See docs/cluster.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clanboard.ai.arena import run_arena  # noqa: E402
from clanboard.batch import InProcess, Pool, Ray  # noqa: E402


def _descendants_cpu() -> dict[int, float]:
    """CPU seconds so far of every live process below this one (pool workers, Ray's
    scheduler and workers), from /proc (Linux; empty elsewhere)."""
    tick = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(entry.name)
        parent[pid] = int(fields[1])
        cpu[pid] = (int(fields[11]) + int(fields[12])) / tick
    me, mine = os.getpid(), {}
    for pid in cpu:
        p = pid
        while p in parent and p not in (0, 1, me):
            p = parent[p]
        if p == me and pid != me:
            mine[pid] = cpu[pid]
    return mine


def cpu_seconds() -> tuple[float, dict[int, float]]:
    """This process's CPU, its reaped children's, and the live descendants' (apart)."""
    import resource

    own = time.process_time()
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own + reaped.ru_utime + reaped.ru_stime, _descendants_cpu()


def cpu_between(before: tuple[float, dict[int, float]],
                after: tuple[float, dict[int, float]]) -> float:
    live = sum(c - before[1].get(pid, 0.0) for pid, c in after[1].items())
    return after[0] - before[0] + live


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="schotten-totten")
    parser.add_argument("--agents", default="heuristic,random")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    agents = args.agents.split(",")

    os.environ.setdefault("RAY_worker_niceness", "0")
    t0 = time.perf_counter()
    ray_backend = Ray("local", num_cpus=args.workers)
    ray_start = time.perf_counter() - t0
    backends: list[tuple[str, Any, int]] = [
        ("in-process", InProcess(), 1),
        (f"pool of {args.workers}", Pool(args.workers), args.workers),
        (f"Ray local, {args.workers} CPUs", ray_backend, args.workers),
    ]
    if args.workers > 1:
        backends.insert(1, ("pool of 1", Pool(1), 1))
    for _, backend, workers in backends:  # warm up: start the workers, import the game
        run_arena(args.game, agents, 16 * workers, seed=args.seed + 1, backend=backend)
    walls: dict[str, list[float]] = {name: [] for name, _, _ in backends}
    cpus: dict[str, list[float]] = {name: [] for name, _, _ in backends}
    points: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        for name, backend, _ in backends:
            start, cpu0 = time.perf_counter(), cpu_seconds()
            report = run_arena(args.game, agents, args.games, seed=args.seed, backend=backend)
            walls[name].append(time.perf_counter() - start)
            cpus[name].append(cpu_between(cpu0, cpu_seconds()))
            points[name] = [a.points for a in report.agents]
    ray_backend.close()
    assert all(p == points["in-process"] for p in points.values()), points

    base = min(walls["in-process"]) / args.games
    cpu_base = min(cpus["in-process"]) / args.games
    rows = []
    for name, _, workers in backends:
        wall = min(walls[name])
        cpu = min(cpus[name]) / args.games
        rows.append({
            "backend": name, "workers": workers, "games": args.games,
            "walls_s": [round(w, 2) for w in walls[name]], "best_wall_s": round(wall, 2),
            "games_per_s": round(args.games / wall, 1),
            "games_per_s_per_worker": round(args.games / wall / workers, 1),
            "overhead_ms_per_game": round((wall * workers / args.games - base) * 1000, 2),
            "cpu_ms_per_game": round(cpu * 1000, 2),
            "cpu_overhead_ms_per_game": round((cpu - cpu_base) * 1000, 2),
        })
    if args.json:
        print(json.dumps({"ray_start_s": round(ray_start, 1), "rows": rows}, indent=1))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{args.game} arena, {' vs '.join(agents)}, {args.games} games, "
                        f"best of {args.rounds} interleaved rounds")
    for col in ("backend", "wall s (each round)", "games/s", "games/s per worker",
                "wall overhead ms/game", "CPU ms/game", "CPU overhead ms/game"):
        table.add_column(col, justify="left" if col == "backend" else "right")
    for r in rows:
        table.add_row(r["backend"], " / ".join(f"{w:.1f}" for w in r["walls_s"]),
                      f"{r['games_per_s']:.0f}", f"{r['games_per_s_per_worker']:.0f}",
                      f"{r['overhead_ms_per_game']:+.2f}", f"{r['cpu_ms_per_game']:.2f}",
                      f"{r['cpu_overhead_ms_per_game']:+.2f}")
    from clanboard.cli.tables import print_whole

    console = Console()
    print_whole(console, table)
    console.print(f"Ray start-up (once per run, not in the walls): {ray_start:.1f}s; "
                  "same points on every backend: yes")


if __name__ == "__main__":
    main()
