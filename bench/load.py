"""Load check: N concurrent games, two WebSocket clients each, playing on 127.0.0.1.

Starts ``clanboard serve`` in a subprocess on a free loopback port with a temporary data
directory (or uses ``--url`` of a running server), creates N two-seat tables, connects a
client per seat and has every client play random legal moves from its own view. Latency
is from sending a move until the mover receives the view that includes it (the move is
committed to the database by then). Bounded by ``--games`` and ``--seconds``.

    python bench/load.py --games 200 --game schotten-totten --variant base
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data_dir: str, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "clanboard.cli.main", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--data-dir", data_dir, "--ai-workers", "0",
         "--log-level", "warning", "--no-client-limits"],
        env=env, cwd=ROOT, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def cpu_seconds(pid: int) -> float:
    """CPU time of a process and its children so far (Linux /proc), in seconds."""
    pids = [pid]
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        pids += [int(c) for c in children]
        total = 0
        for p in pids:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        return total / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError):
        return float("nan")


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors = 0
        self.games_over = 0


async def seat_client(ws_url: str, seat: int, stop_at: float, think: float,
                      rng: random.Random, stats: Stats) -> None:
    async with connect(ws_url, max_size=2**22) as ws:
        sent_seq: int | None = None
        sent_at = 0.0
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] == "error":
                stats.errors += 1
                sent_seq = None
                continue
            if msg["type"] != "view":  # a log line revealed
                continue
            view = msg["view"]
            if sent_seq is not None and view["seq"] > sent_seq:
                stats.latencies.append(time.perf_counter() - sent_at)
                sent_seq = None
            if view["status"] == "over":
                if seat == 0:
                    stats.games_over += 1
                return
            if time.monotonic() > stop_at:
                return
            if view["legal_moves"] and sent_seq is None:
                if think:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                move = rng.choice(view["legal_moves"])
                sent_seq, sent_at = view["seq"], time.perf_counter()
                await ws.send(json.dumps({"move": move, "seq": view["seq"]}))


async def run(url: str, games: int, game: str, variant: str | None, seconds: float,
              think: float, seed: int) -> dict[str, Any]:
    stats = Stats()
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=url, timeout=30) as api:
        tables = []
        for i in range(games):
            body: dict[str, Any] = {"game": game, "seed": seed + i,
                                    "seats": [{"kind": "human"}, {"kind": "human"}]}
            if variant:
                body["variant"] = variant
            r = await api.post("/api/tables", json=body)
            r.raise_for_status()
            tables.append(r.json())
    ws_base = url.replace("http://", "ws://")
    start = time.perf_counter()
    stop_at = time.monotonic() + seconds
    clients = [seat_client(f"{ws_base}/api/tables/{t['table']}/ws?seat={s}&token={tok}",
                           s, stop_at, think, random.Random(rng.random()), stats)
               for t in tables for s, tok in ((int(k), v) for k, v in t["tokens"].items())]
    await asyncio.gather(*clients)
    wall = time.perf_counter() - start
    lat = sorted(stats.latencies)
    q = statistics.quantiles(lat, n=100, method="inclusive") if len(lat) > 1 else [0.0] * 99
    return {
        "games": games, "games_finished": stats.games_over, "moves": len(lat),
        "errors": stats.errors, "seconds": round(wall, 2),
        "moves_per_s": round(len(lat) / wall, 1),
        "p50_ms": round(q[49] * 1000, 2), "p90_ms": round(q[89] * 1000, 2),
        "p99_ms": round(q[98] * 1000, 2), "max_ms": round(lat[-1] * 1000, 2) if lat else 0,
        "think_s": think,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="concurrent games (2 clients each)")
    ap.add_argument("--game", default="schotten-totten")
    ap.add_argument("--variant", default="base")
    ap.add_argument("--seconds", type=float, default=120, help="stop after this long")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a client waits before moving (0: as fast as possible)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--url", help="a running server (else one is started on 127.0.0.1)")
    args = ap.parse_args()
    if not 1 <= args.games <= 1000 or not 0 < args.seconds <= 600:
        raise SystemExit("--games must be 1-1000 and --seconds at most 600")
    if args.url and not args.url.startswith(("http://127.0.0.1", "http://localhost")):
        raise SystemExit("the load check runs on loopback only")
    proc = None
    tmp = tempfile.TemporaryDirectory()
    url = args.url
    if url is None:
        port = free_port()
        proc = start_server(tmp.name, port)
        url = f"http://127.0.0.1:{port}"
    try:
        cpu0 = cpu_seconds(proc.pid) if proc else 0.0
        result = asyncio.run(run(url, args.games, args.game, args.variant or None,
                                 args.seconds, args.think, args.seed))
        if proc is not None:
            used = cpu_seconds(proc.pid) - cpu0
            result["server_cpu_s"] = round(used, 2)
            result["server_cpu_ms_per_move"] = round(1000 * used / max(result["moves"], 1), 2)
        result["client_cpu_s"] = round(time.process_time(), 2)
    finally:
        if proc is not None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
        tmp.cleanup()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
