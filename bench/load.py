"""Load check: N concurrent games, two WebSocket clients each, playing on 127.0.0.1.

Starts ``clanboard serve`` in a subprocess on a free loopback port with a temporary data
directory (or uses ``--url`` of a running server), creates N two-seat tables, connects a
client per seat and has every client play random legal moves from its own view. Latency
is from sending a move until the mover receives the view that includes it (the move is
committed to the database by then). Bounded by ``--games`` and ``--seconds``.

    python bench/load.py --games 200 --game schotten-totten --variant base

``--db-url`` picks the storage of the started server: ``sqlite`` (the default, a file in
the temporary directory), ``postgresql`` (a throwaway cluster of Debian's PostgreSQL,
started like the tests' one but with fsync on, as in production: a commit waits for the
disk), ``postgresql-async`` (the same with ``synchronous_commit=off``: like SQLite's
``synchronous=NORMAL``, a commit survives the server being killed, not a power loss) or
any SQLAlchemy URL.
Given several times, the runs follow one another and a table compares them:

    python bench/load.py --games 200 --think 1 --seconds 60 --db-url sqlite --db-url postgresql
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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
from websockets.exceptions import ConnectionClosedOK

ROOT = Path(__file__).resolve().parents[1]
#: seconds a client still waits for the server after the run's end
STRAGGLE = 5.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data_dir: str, port: int, db_url: str | None = None
                 ) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    storage = ["--db-url", db_url] if db_url else []
    proc = subprocess.Popen(
        [sys.executable, "-m", "clanboard.cli.main", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--data-dir", data_dir, *storage, "--ai-workers", "0",
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
        self.last_at = 0.0


async def seat_client(ws_url: str, seat: int, stop_at: float, think: float,
                      rng: random.Random, stats: Stats) -> None:
    async with connect(ws_url, max_size=2**22) as ws:
        sent_seq: int | None = None
        sent_at = 0.0
        while True:
            # past the end, the other seat may have left without moving: stop waiting for it
            wait = max(stop_at - time.monotonic(), 0) + STRAGGLE
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=wait)
            except (TimeoutError, ConnectionClosedOK):
                return
            msg = json.loads(raw)
            if msg["type"] == "error":
                stats.errors += 1
                sent_seq = None
                continue
            if msg["type"] != "view":  # a log line revealed
                continue
            view = msg["view"]
            if sent_seq is not None and view["seq"] > sent_seq:
                stats.last_at = time.perf_counter()
                stats.latencies.append(stats.last_at - sent_at)
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
    wall = (stats.last_at or time.perf_counter()) - start  # to the last answered move
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
    ap.add_argument("--db-url", action="append", default=[],
                    help="storage of the started server: sqlite (default), postgresql or "
                         "postgresql-async (a throwaway cluster) or a SQLAlchemy URL; repeat "
                         "to compare")
    args = ap.parse_args()
    if not 1 <= args.games <= 1000 or not 0 < args.seconds <= 600:
        raise SystemExit("--games must be 1-1000 and --seconds at most 600")
    if args.url and not args.url.startswith(("http://127.0.0.1", "http://localhost")):
        raise SystemExit("the load check runs on loopback only")
    if args.url and args.db_url:
        raise SystemExit("--db-url is for the server this script starts, not with --url")
    results = []
    for db in args.db_url or ["sqlite"]:
        result = measure(args, db)
        print(json.dumps(result), flush=True)
        results.append(result)
    if len(results) > 1:
        print("| storage | games | think | moves/s | p50 ms | p90 ms | p99 ms | max ms | errors |")
        print("|---|---|---|---|---|---|---|---|---|")
        for r in results:
            print(f"| {r['storage']} | {r['games']} | {r['think_s']} s | {r['moves_per_s']} | "
                  f"{r['p50_ms']} | {r['p90_ms']} | {r['p99_ms']} | {r['max_ms']} | "
                  f"{r['errors']} |")


def measure(args: argparse.Namespace, db: str) -> dict[str, Any]:
    """One load run against ``args.url`` or a server started on storage ``db``."""
    proc = None
    cluster = None
    tmp = tempfile.TemporaryDirectory()
    url = args.url
    try:
        if url is None:
            db_url: str | None = None
            if db in ("postgresql", "postgresql-async"):
                sys.path.insert(0, str(ROOT))
                from tests.support.postgres import Cluster

                cluster = Cluster(Path(tempfile.mkdtemp(prefix="clanboard-pg-")), durable=True)
                os.chmod(cluster.root, 0o755)
                cluster.ensure_started()
                db_url = cluster.url(cluster.new_schema())
                if db == "postgresql-async":  # commits not waiting for the disk
                    db_url += "%20-csynchronous_commit%3Doff"
            elif db != "sqlite":
                db_url = db
            port = free_port()
            proc = start_server(tmp.name, port, db_url)
            url = f"http://127.0.0.1:{port}"
        cpu0 = cpu_seconds(proc.pid) if proc else 0.0
        client0 = time.process_time()
        result = {"storage": db if args.url is None else "(running server)"}
        result.update(asyncio.run(run(url, args.games, args.game, args.variant or None,
                                      args.seconds, args.think, args.seed)))
        if proc is not None:
            used = cpu_seconds(proc.pid) - cpu0
            result["server_cpu_s"] = round(used, 2)
            result["server_cpu_ms_per_move"] = round(1000 * used / max(result["moves"], 1), 2)
        result["client_cpu_s"] = round(time.process_time() - client0, 2)
        return result
    finally:
        if proc is not None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            finally:  # its forked workers inherit uvicorn's SIGTERM handler and outlive it
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
        if cluster is not None:
            cluster.stop()
        tmp.cleanup()


if __name__ == "__main__":
    main()
