"""Load check: N concurrent games, two WebSocket clients each, playing on 127.0.0.1.

Starts ``clanboard serve`` in subprocesses on free loopback ports with a temporary data
directory (or uses ``--url`` of a running server), creates N two-seat tables, connects a
client per seat (``log=delta``, as the table page does) and has every client play random
legal moves from its own view. Latency
is from sending a move until the mover receives the view that includes it (the move is
committed to the database by then); "seen" is until the other seat receives it (with
several processes, through the database's notifications). Bounded by ``--games`` and
``--seconds``; the first seconds (all clients connecting at once) are not measured.

    python bench/load.py --games 200 --game schotten-totten --variant base

``--db-url`` picks the storage of the started server: ``sqlite`` (the default, a file in
the temporary directory), ``postgresql`` (a throwaway cluster of Debian's PostgreSQL,
started like the tests' one but with fsync on, as in production: a commit waits for the
disk), ``postgresql-async`` (the same with ``synchronous_commit=off``: like SQLite's
``synchronous=NORMAL``, a commit survives the server being killed, not a power loss) or
any SQLAlchemy URL.
Given several times, the runs follow one another and a table compares them:

    python bench/load.py --games 200 --think 1 --seconds 60 --db-url sqlite --db-url postgresql

Several processes on one PostgreSQL (``--processes``, repeatable) are separate
``clanboard serve`` on their own ports, as on separate machines behind a load balancer;
the two seats of a game connect to different processes, so every move crosses from one
to the other. ``--kill`` adds a run of two processes in which one is killed (SIGKILL)
halfway: its clients reconnect to the other, the acknowledged moves are checked against
the database (none may be lost) and every game must move again (a few games against an
AI seat check that the AI is taken over). ``--slow-client`` adds a run in which, halfway,
a table is flooded (moves as fast as the server answers), and for the last quarter
spectators that never read watch it too: the other tables' latency in the three windows
is compared (the flood takes its share of the CPU; the stuck spectators must add nothing).

    python bench/load.py --db-url postgresql --processes 1 --processes 2 \\
        --games 200 --games 1000 --think 1 --seconds 40 --kill --slow-client
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import uvloop
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, ConnectionClosedOK

ROOT = Path(__file__).resolve().parents[1]
#: seconds a client still waits for the server after the run's end
STRAGGLE = 5.0
#: seconds at the start of a run not measured (every client connects and moves at once)
WARM_UP = 5.0
#: the lease of the started servers in the kill run (seconds)
KILL_LEASE = 5.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data_dir: str, port: int, db_url: str | None = None,
                 env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    env = {**os.environ, **(env or {}),
           "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    storage = ["--db-url", db_url] if db_url else []
    proc = subprocess.Popen(
        [sys.executable, "-m", "clanboard.cli.main", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--data-dir", data_dir, *storage, "--ai-workers", "0",
         "--log-level", "warning", "--no-client-limits"],
        env=env, cwd=ROOT, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        pass
    finally:  # its forked workers inherit uvicorn's SIGTERM handler and outlive it
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


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


def never_reading_socket(port: int, path: str) -> socket.socket:
    """A WebSocket handshake, then never a read: a 4 KiB receive buffer fills up."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", port))
    s.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
               "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    return s


@dataclass
class Game:
    id: str
    tokens: dict[int, str]
    #: when each move was sent (seq -> perf_counter), until the other seat has seen it
    sent: dict[int, float] = field(default_factory=dict)
    last_ack: float = 0.0  # monotonic time of its last acknowledged move
    over: bool = False


@dataclass
class Stats:
    #: (when, seconds) per acknowledged move: when = perf_counter at the acknowledgement
    latencies: list[tuple[float, float]] = field(default_factory=list)
    #: (when, seconds) per move seen by the other seat, as ``latencies``
    seen: list[tuple[float, float]] = field(default_factory=list)
    errors: int = 0
    games_over: int = 0
    last_at: float = 0.0
    reconnects: int = 0
    #: (table, seq, seat, move) of every move the server acknowledged
    acked: list[tuple[str, int, int, str]] = field(default_factory=list)


async def seat_client(game: Game, seat: int, urls: list[str], stop_at: float, think: float,
                      rng: random.Random, stats: Stats) -> None:
    """Play ``seat`` through ``urls[0]``; if that process goes away, through the next."""
    k = 0
    while True:
        url = f"{urls[k % len(urls)]}/api/tables/{game.id}/ws?seat={seat}&log=delta"
        try:
            async with connect(url, max_size=2**22, open_timeout=30) as ws:
                await ws.send(json.dumps({"type": "auth", "token": game.tokens[seat]}))
                if await play_socket(ws, game, seat, stop_at, think, rng, stats):
                    return
        except (ConnectionClosed, OSError, TimeoutError):
            pass
        if time.monotonic() > stop_at:
            return
        stats.reconnects += 1
        k += 1
        await asyncio.sleep(0.2)


async def play_socket(ws: Any, game: Game, seat: int, stop_at: float, think: float,
                      rng: random.Random, stats: Stats) -> bool:
    """Play on one socket; True when done (the game or the run ended)."""
    sent: tuple[int, str] | None = None
    sent_at = 0.0
    held: list[dict[str, Any]] = []  # the log so far (views bring the entries from log_from)
    while True:
        # past the end, the other seat may have left without moving: stop waiting for it
        wait = max(stop_at - time.monotonic(), 0) + STRAGGLE
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=wait)
        except (TimeoutError, ConnectionClosedOK):
            return True
        msg = orjson.loads(raw)
        if msg["type"] == "error":
            stats.errors += 1
            sent = None
            continue
        if msg["type"] != "view":  # a log line revealed
            continue
        view = msg["view"]
        del held[view.get("log_from", 0):]
        held.extend(view["log"])
        view["log"] = held
        now = time.perf_counter()
        for s in [s for s in game.sent if s < view["seq"]]:
            if view["log"][s]["player"] != seat:
                stats.seen.append((now, now - game.sent.pop(s)))
        if sent is not None and view["seq"] > sent[0]:
            entry = view["log"][sent[0]]
            if entry["player"] == seat and entry["move"] == sent[1]:
                stats.latencies.append((now, now - sent_at))
                stats.acked.append((game.id, sent[0], seat, sent[1]))
                stats.last_at = now
                game.last_ack = time.monotonic()
            sent = None
        if view["status"] == "over":
            if not game.over:
                game.over = True
                stats.games_over += 1
            return True
        if time.monotonic() > stop_at:
            return True
        if view["legal_moves"] and sent is None and seat in view["to_move"]:
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            move = rng.choice(view["legal_moves"])
            sent, sent_at = (view["seq"], move), time.perf_counter()
            game.sent[view["seq"]] = sent_at
            await ws.send(json.dumps({"move": move, "seq": view["seq"]}))


async def make_tables(url: str, games: int, game: str, variant: str | None, seed: int,
                      ai: bool = False) -> list[Game]:
    seats = [{"kind": "human"}, {"kind": "ai", "agent": "random"} if ai else {"kind": "human"}]
    async with httpx.AsyncClient(base_url=url, timeout=30) as api:
        async def one(i: int) -> Game:
            body: dict[str, Any] = {"game": game, "seed": seed + i, "seats": seats}
            if variant:
                body["variant"] = variant
            for attempt in range(5):  # a loaded machine may drop a connection
                try:
                    r = await api.post("/api/tables", json=body)
                    break
                except httpx.TransportError:
                    if attempt == 4:
                        raise
                    await asyncio.sleep(1 + attempt)
            r.raise_for_status()
            t = r.json()
            return Game(t["table"], {int(k): v for k, v in t["tokens"].items()})

        out: list[Game] = []
        for start in range(0, games, 20):
            out += await asyncio.gather(*(one(i) for i in range(start, min(games, start + 20))))
        return out


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"p50_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
    lat = sorted(values)
    q = statistics.quantiles(lat, n=100, method="inclusive") if len(lat) > 1 else lat * 99
    return {"p50_ms": round(q[49] * 1000, 2), "p99_ms": round(q[98] * 1000, 2),
            "max_ms": round(lat[-1] * 1000, 2)}


@dataclass
class Plan:
    """What one run does besides playing: kill a process, attack a table."""

    kill_at: float | None = None  # seconds after the start: SIGKILL the last process
    ai_games: int = 0
    attack_at: float | None = None  # seconds after the start: flood + non-reading sockets


async def run(urls: list[str], games: int, game: str, variant: str | None, seconds: float,
              think: float, seed: int, plan: Plan | None = None,
              procs: list[subprocess.Popen[bytes]] | None = None) -> dict[str, Any]:
    plan = plan or Plan()
    stats = Stats()
    rng = random.Random(seed)
    n = len(urls)
    tables = await make_tables(urls[0], games, game, variant, seed)
    ai_tables = (await make_tables(urls[-1], plan.ai_games, game, variant, seed + games, True)
                 if plan.ai_games else [])
    ws_urls = [u.replace("http://", "ws://") for u in urls]
    start = time.perf_counter()
    stop_at = time.monotonic() + seconds
    clients = []
    for i, t in enumerate(tables + ai_tables):
        for seat in t.tokens:
            first = (i + seat) % n  # the two seats of a game on different processes
            order = ws_urls[first:] + ws_urls[:first]
            clients.append(seat_client(t, seat, order, stop_at, think,
                                       random.Random(rng.random()), stats))
    extra: list[asyncio.Task[Any]] = []
    result: dict[str, Any] = {}
    if plan.kill_at is not None and procs:
        extra.append(asyncio.ensure_future(kill_later(procs[-1], plan.kill_at, result)))
    if plan.attack_at is not None:
        stuck_at = plan.attack_at + (seconds - plan.attack_at) / 2
        extra.append(asyncio.ensure_future(
            attack_later(urls[0], plan.attack_at, stuck_at, stop_at, game, variant, result)))
    await asyncio.gather(*clients)
    for task in extra:
        task.cancel()
    await asyncio.gather(*extra, return_exceptions=True)
    # the first seconds (every client connecting and moving at once) are left out
    warm = start + min(WARM_UP, seconds / 8)
    wall = (stats.last_at or time.perf_counter()) - warm  # to the last answered move
    lat = [s for w, s in stats.latencies if w >= warm]
    result.update({
        "processes": n, "games": games, "games_finished": stats.games_over,
        "moves": len(lat), "errors": stats.errors, "seconds": round(wall, 2),
        "moves_per_s": round(len(lat) / wall, 1), **percentiles(lat),
        "seen_p99_ms": percentiles([s for w, s in stats.seen if w >= warm])["p99_ms"],
        "think_s": think,
        "reconnects": stats.reconnects, "warm_up_s": round(warm - start, 1),
    })
    if plan.attack_at is not None:
        at = start + plan.attack_at
        stuck_from = at + (seconds - plan.attack_at) / 2
        windows = {"before_attack": (warm, at), "flood": (at, stuck_from),
                   "flood_and_stuck": (stuck_from, float("inf"))}
        for name, (lo, hi) in windows.items():
            result[name] = percentiles([s for w, s in stats.latencies if lo <= w < hi])
    if plan.kill_at is not None:
        result["_tables"] = tables + ai_tables
        result["_acked"] = stats.acked
    return result


async def kill_later(proc: subprocess.Popen[bytes], after: float,
                     result: dict[str, Any]) -> None:
    await asyncio.sleep(after)
    os.killpg(proc.pid, signal.SIGKILL)
    result["killed_at"] = time.monotonic()


async def attack_later(url: str, after: float, stuck_after: float, stop_at: float,
                       game: str, variant: str | None, result: dict[str, Any]) -> None:
    """From ``after``: one table played as fast as the server answers (both seats, over
    WebSockets; a new game when one ends). From ``stuck_after``: each such game also
    watched by 8 spectators that never read (4 KiB receive buffers)."""
    await asyncio.sleep(after)
    port = int(url.rsplit(":", 1)[1])
    flood = Stats()
    stuck: list[socket.socket] = []
    ws_url = url.replace("http://", "ws://")
    rng = random.Random(7)
    current: list[str] = []

    async def stick() -> None:
        await asyncio.sleep(stuck_after - after)
        watched: set[str] = set()
        while True:
            if current and current[-1] not in watched:
                watched.add(current[-1])
                stuck.extend(never_reading_socket(port, f"/api/tables/{current[-1]}/ws")
                             for _ in range(8))
            await asyncio.sleep(0.2)

    sticker = asyncio.ensure_future(stick())
    try:
        while time.monotonic() < stop_at:
            (t,) = await make_tables(url, 1, game, variant, rng.randrange(1 << 30))
            current.append(t.id)
            await asyncio.gather(*(seat_client(t, seat, [ws_url], stop_at, 0.0,
                                               random.Random(rng.random()), flood)
                                   for seat in t.tokens))
            result["attack_moves"] = len(flood.latencies)
            result["stuck_sockets"] = len(stuck)
    finally:
        sticker.cancel()
        for s in stuck:
            s.close()


def check_kill(db_url: str, result: dict[str, Any]) -> None:
    """Acknowledged moves missing from the database, and games that never moved again."""
    sys.path.insert(0, str(ROOT))
    from clanboard.server.core.storage import Store, make_engine

    engine = make_engine(db_url)
    store = Store(engine)
    tables: list[Game] = result.pop("_tables")
    acked: list[tuple[str, int, int, str]] = result.pop("_acked")
    stored: dict[str, Any] = {}
    for t in tables:
        stored[t.id] = store.load(t.id)
    lost = 0
    for tid, seq, seat, move in acked:
        moves = stored[tid].moves
        if seq >= len(moves) or moves[seq][0] != seat or moves[seq][1] != move:
            lost += 1
    killed_at = result.get("killed_at", float("inf"))
    stuck = [t.id for t in tables if not (t.over or stored[t.id].status == "over"
                                          or t.last_ack > killed_at)]
    result.update({"acked": len(acked), "acked_lost": lost,
                   "games_moved_after_kill": len(tables) - len(stuck),
                   "games_total": len(tables)})
    engine.dispose()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, action="append", default=[],
                    help="concurrent games (2 clients each); repeat to compare (default 200)")
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
    ap.add_argument("--processes", type=int, action="append", default=[],
                    help="server processes on the one database (more than 1: PostgreSQL); "
                         "repeat to compare (default 1)")
    ap.add_argument("--kill", action="store_true",
                    help="also a run of 2 processes, one killed with SIGKILL halfway")
    ap.add_argument("--slow-client", action="store_true",
                    help="also a run in which one table is flooded and watched by "
                         "non-reading spectators from halfway")
    args = ap.parse_args()
    games = args.games or [200]
    processes = args.processes or [1]
    if not all(1 <= g <= 1000 for g in games) or not 0 < args.seconds <= 600:
        raise SystemExit("--games must be 1-1000 and --seconds at most 600")
    if args.url and not args.url.startswith(("http://127.0.0.1", "http://localhost")):
        raise SystemExit("the load check runs on loopback only")
    if args.url and (args.db_url or args.kill or args.processes):
        raise SystemExit("--db-url, --processes and --kill are for the servers this script "
                         "starts, not with --url")
    dbs = args.db_url or ["sqlite"]
    if (max(processes) > 1 or args.kill) and any(not d.startswith("postgres") for d in dbs):
        raise SystemExit("several processes need PostgreSQL: --db-url postgresql")
    results = []
    for db in dbs:
        for n in processes:
            for g in games:
                result = measure(args, db, n, g)
                print(json.dumps(result), flush=True)
                results.append(result)
        if args.kill:
            result = measure(args, db, 2, games[0],
                             Plan(kill_at=args.seconds / 3, ai_games=10))
            print(json.dumps(result), flush=True)
            results.append(result)
        if args.slow_client:
            result = measure(args, db, 1, games[0], Plan(attack_at=args.seconds / 2))
            print(json.dumps(result), flush=True)
            results.append(result)
    print_table(results)


def print_table(results: list[dict[str, Any]]) -> None:
    print("| storage | processes | games | think | moves/s | p50 ms | p99 ms | max ms | "
          "seen p99 ms | errors | server CPU ms/move |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        if "before_attack" in r or "acked" in r:
            continue
        print(f"| {r['storage']} | {r['processes']} | {r['games']} | {r['think_s']} s | "
              f"{r['moves_per_s']} | {r['p50_ms']} | {r['p99_ms']} | {r['max_ms']} | "
              f"{r['seen_p99_ms']} | {r['errors']} | {r.get('server_cpu_ms_per_move', '-')} |")
    for r in results:
        if "acked" in r:
            print(f"\nkill -9 of 1 of 2 processes at {r['kill_s']:g} s ({r['storage']}, "
                  f"{r['games']} games + 10 against an AI seat, lease {KILL_LEASE:g} s): "
                  f"{r['acked']} moves acknowledged, {r['acked_lost']} lost; "
                  f"{r['games_moved_after_kill']}/{r['games_total']} games moved after the "
                  f"kill (or were over); {r['reconnects']} reconnects; "
                  f"p99 {r['p99_ms']} ms, max {r['max_ms']} ms over the run")
    for r in results:
        if "before_attack" in r:
            print(f"\nslow/malicious client ({r['storage']}, {r['games']} games, 1 process; "
                  f"one table flooded: {r.get('attack_moves', 0)} moves; "
                  f"{r.get('stuck_sockets', 0)} non-reading spectators on it in the last "
                  f"window): the other tables' move latency")
            print("| window | p50 ms | p99 ms | max ms |\n|---|---|---|---|")
            for name in ("before_attack", "flood", "flood_and_stuck"):
                w = r[name]
                print(f"| {name} | {w['p50_ms']} | {w['p99_ms']} | {w['max_ms']} |")


def measure(args: argparse.Namespace, db: str, processes: int, games: int,
            plan: Plan | None = None) -> dict[str, Any]:
    """One load run against ``args.url`` or ``processes`` servers started on storage ``db``."""
    procs: list[subprocess.Popen[bytes]] = []
    cluster = None
    tmp = tempfile.TemporaryDirectory()
    urls = [args.url] if args.url else []
    db_url: str | None = None
    try:
        if not urls:
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
            env = {"CLANBOARD_LEASE_SECONDS": str(KILL_LEASE)}
            for _ in range(processes):
                port = free_port()
                procs.append(start_server(tmp.name, port, db_url, env))
                urls.append(f"http://127.0.0.1:{port}")
        cpu0 = sum(cpu_seconds(p.pid) for p in procs)
        client0 = time.process_time()
        result: dict[str, Any] = {"storage": db if args.url is None else "(running server)"}
        # the clients share the machine with the servers: they must cost as little as they
        # can (uvloop, orjson), and their own garbage collections (pauses of up to half a
        # second over 2,000 sockets' objects) must not be counted as the servers' latency
        gc.collect()
        gc.freeze()
        gc.disable()
        try:
            result.update(uvloop.run(run(urls, games, args.game, args.variant or None,
                                         args.seconds, args.think, args.seed, plan, procs)))
        finally:
            gc.enable()
            gc.unfreeze()
        if procs:
            used = sum(cpu_seconds(p.pid) for p in procs if p.poll() is None) - cpu0
            result["server_cpu_s"] = round(used, 2)
            result["server_cpu_ms_per_move"] = round(1000 * used / max(result["moves"], 1), 2)
        result["client_cpu_s"] = round(time.process_time() - client0, 2)
        if plan is not None and plan.kill_at is not None:
            result["kill_s"] = plan.kill_at
            if db_url is not None:
                check_kill(db_url, result)
        return result
    finally:
        for proc in procs:
            stop_server(proc)
        if cluster is not None:
            cluster.stop()
        tmp.cleanup()


if __name__ == "__main__":
    main()
