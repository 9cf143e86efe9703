"""Two hostile clients against a real ``clanboard serve`` (a subprocess on 127.0.0.1):

* slow watcher: a spectator WebSocket that never reads (its receive buffer kept tiny);
  how long the mover's REST answer takes while the server keeps sending it views;
* unknown ids: the server's resident memory before and after N requests for table ids
  that do not exist (long ones, as the tester sent).

    python bench/hostile.py [--moves 40] [--unknown 20000]

Prints one table. Compare runs of two versions in one sitting (the machine is shared).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.load import free_port, start_server  # noqa: E402


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
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


def slow_watcher(url: str, port: int, game: str, moves: int,
                 timeout: float) -> dict[str, Any]:
    with httpx.Client(base_url=url, timeout=timeout) as api:
        t = api.post("/api/tables", json={"game": game, "seed": 1, "seats": [
            {"kind": "human"}, {"kind": "human"}]}).json()
        tid, tokens = t["table"], t["tokens"]
        stuck = never_reading_socket(port, f"/api/tables/{tid}/ws")
        time.sleep(0.3)
        times: list[float] = []
        stalled = 0
        for _ in range(moves):
            v = api.get(f"/api/tables/{tid}/view").json()
            if v["status"] == "over":
                break
            seat = v["to_move"][0]
            head = {"Authorization": f"Bearer {tokens[str(seat)]}"}
            legal = api.get(f"/api/tables/{tid}/view?seat={seat}", headers=head).json()
            start = time.perf_counter()
            try:
                api.post(f"/api/tables/{tid}/moves", headers=head,
                         json={"seat": seat, "move": legal["legal_moves"][0]})
            except httpx.TimeoutException:
                stalled += 1
                times.append(timeout)
                break  # the table is frozen: no point going on
            times.append(time.perf_counter() - start)
        stuck.close()
    return {"moves": len(times), "stalled": stalled,
            "median_ms": round(statistics.median(times) * 1000, 1),
            "max_ms": round(max(times) * 1000, 1)}


async def unknown_ids(url: str, n: int, length: int) -> int:
    """``n`` requests for ids of ``length`` characters that name no table."""
    codes: dict[int, int] = {}
    async with httpx.AsyncClient(base_url=url, timeout=30) as api:
        sem = asyncio.Semaphore(20)

        async def one(i: int) -> None:
            async with sem:
                for _ in range(3):  # a kept-alive connection the server just closed
                    try:
                        r = await api.get(f"/api/tables/{'u' * (length - 8)}{i:08d}/view")
                    except httpx.TransportError:
                        continue
                    codes[r.status_code] = codes.get(r.status_code, 0) + 1
                    return
                codes[0] = codes.get(0, 0) + 1

        await asyncio.gather(*(one(i) for i in range(n)))
    return codes.get(404, 0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--game", default="glen-more",
                    help="the game at the watched table (Glen More: big views, long games)")
    ap.add_argument("--moves", type=int, default=150)
    ap.add_argument("--unknown", type=int, default=20_000)
    ap.add_argument("--timeout", type=float, default=30.0,
                    help="give up on a move's answer after this long")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as data:
        port = free_port()
        proc = start_server(data, port)
        url = f"http://127.0.0.1:{port}"
        try:
            slow = slow_watcher(url, port, args.game, args.moves, args.timeout)
            print(f"slow watcher: {slow}", file=sys.stderr, flush=True)
            rss = [rss_mib(proc.pid)]
            found = []
            for length in (32, 2000):  # a well-formed id; a long one, as the tester sent
                start = time.perf_counter()
                found.append(asyncio.run(unknown_ids(url, args.unknown, length)))
                rss.append(rss_mib(proc.pid))
                print(f"unknown ids of {length} chars: {time.perf_counter() - start:.1f} s",
                      file=sys.stderr, flush=True)
        finally:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    print(f"{'case':<34}{'value':>12}")
    print(f"{'slow watcher: moves answered':<34}{slow['moves'] - slow['stalled']:>12}")
    print(f"{'slow watcher: moves never answered':<34}{slow['stalled']:>12}")
    print(f"{'slow watcher: median answer ms':<34}{slow['median_ms']:>12}")
    print(f"{'slow watcher: max answer ms':<34}{slow['max_ms']:>12}")
    print(f"{'RSS before unknown ids MiB':<34}{rss[0]:>12.1f}")
    for i, length in enumerate((32, 2000)):
        print(f"{f'{length}-char ids: 404 answers':<34}{found[i]:>12}")
        print(f"{f'{length}-char ids: RSS after MiB':<34}{rss[i + 1]:>12.1f}")
        print(f"{f'{length}-char ids: RSS growth MiB':<34}{rss[i + 1] - rss[i]:>12.1f}")


if __name__ == "__main__":
    main()
