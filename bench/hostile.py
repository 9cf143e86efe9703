"""Hostile clients against a real ``clanboard serve`` on 127.0.0.1 (loopback only; every
loop bounded):

* slow watcher: a spectator WebSocket that never reads (its receive buffer kept tiny);
  how long the mover's REST answer takes while the server keeps sending it views;
* unknown ids: the server's resident memory before and after N requests for table ids
  that do not exist (long ones, as the tester sent);
* ``--probes``: issue 43's probes, each one line: a seed with an open seat, a junk
  ``Authorization`` beside the session cookie (CSRF), ``"seat": true``, parser errors'
  envelope, a 4,000-digit ``seq`` echoed, a right-to-left override in chat, deeply nested
  JSON and invalid UTF-8 on a table WebSocket, slow-loris connections (one header line
  every few seconds) with a normal client's answer time meanwhile; and a server of the
  checkout ``--root`` killed (-9) mid-analysis and started again at once: is the job taken
  up, and does a DELETE cancel it?

    python bench/hostile.py [--moves 40] [--unknown 20000]
    python bench/hostile.py --probes [--url http://127.0.0.1:8123 --server-log FILE]
                            [--root OTHER_CHECKOUT] [--kill-wait 60]
    python bench/hostile.py --cache 150 [--cache-mib 8]   # the table cache's byte bound

With ``--url`` the probes run against a server already started (e.g. an older version, to
compare); ``--server-log`` is that server's log, to count the lines the probes caused.
Prints one table. Compare runs of two versions in one sitting (the machine is shared).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import secrets
import signal
import socket
import statistics
import struct
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.load import ROOT, free_port, start_server  # noqa: E402


def start_logged(data: str, port: int, out: Any, root: Path = ROOT,
                 env: dict[str, str] | None = None) -> Any:
    """``clanboard serve`` of the checkout ``root`` at log level info, its log to ``out``
    (the probes count it); ``env``: more variables (``CLANBOARD_*`` settings)."""
    import subprocess

    proc = subprocess.Popen(
        [sys.executable, "-m", "clanboard.cli.main", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--data-dir", data, "--ai-workers", "0", "--log-level", "info"],
        env={**os.environ, "PYTHONPATH": str(root), **(env or {})}, cwd=root,
        start_new_session=True, stdout=out, stderr=out)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGKILL)
    raise SystemExit("the server did not start")


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


# -- issue 43's probes -------------------------------------------------------------------------

HUMANS = [{"kind": "human"}, {"kind": "human"}]
RLO = "\u202e"


def ws_frame(payload: bytes, opcode: int = 1) -> bytes:
    """A masked client frame (as a browser sends), whatever its payload."""
    mask = secrets.token_bytes(4)
    n = len(payload)
    head = bytes([0x80 | opcode])
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 65536:
        head += bytes([0x80 | 126]) + struct.pack(">H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack(">Q", n)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def ws_open(port: int, path: str) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
               "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        if not chunk:
            break
        head += chunk
    return s


def close_code(s: socket.socket, seconds: float = 5.0) -> str:
    """The code of the server's close frame, or how the connection ended without one."""
    s.settimeout(seconds)
    data = b""
    deadline = time.monotonic() + seconds
    ended = "still open"
    try:
        while time.monotonic() < deadline:
            chunk = s.recv(65536)
            if not chunk:
                ended = "dropped, no close frame"
                break
            data += chunk
    except TimeoutError:  # a server that sent its close frame waits for the client's
        pass
    except OSError:
        ended = "dropped, no close frame"
    i = 0
    while i + 2 <= len(data):  # walk the server's (unmasked) frames to the close frame
        opcode, n = data[i] & 0x0F, data[i + 1] & 0x7F
        j = i + 2
        if n == 126:
            n, j = struct.unpack(">H", data[j:j + 2])[0], j + 2
        elif n == 127:
            n, j = struct.unpack(">Q", data[j:j + 8])[0], j + 8
        if opcode == 8:
            return str(struct.unpack(">H", data[j:j + 2])[0]) if n >= 2 else "close, no code"
        i = j + n
    return ended


def log_lines(path: Path | None, since: int) -> tuple[int, int, str]:
    """Lines a server's log got after byte ``since``: how many, how many of them are
    tracebacks' first lines, and the first line about UTF-8."""
    if path is None:
        return 0, 0, ""
    with path.open("rb") as f:
        f.seek(since)
        new = f.read().decode(errors="replace").splitlines()
    about = next((line for line in new if "UTF-8" in line), "")
    return len(new), sum(line.startswith("Traceback") for line in new), about[:72]


def log_size(path: Path | None) -> int:
    return path.stat().st_size if path is not None and path.exists() else 0


def probe_api(url: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    with httpx.Client(base_url=url, timeout=30) as api:
        r = api.post("/api/tables", json={"game": "schotten-totten", "seed": 1, "seats": [
            {"kind": "human"}, {"kind": "open"}]})
        out.append(("seed with an open seat", f"{r.status_code}, seeded: "
                    f"{r.json().get('seeded', 'not marked')}"))
        name = "probe" + secrets.token_hex(4)
        r = api.post("/api/account/signup", json={"name": name, "password": "probe-pass-1"})
        csrf = api.post("/api/account/bot-token", headers={"Authorization": "Bearer junk"})
        out.append(("CSRF: cookie + 'Bearer junk'", f"{csrf.status_code} "
                    f"{csrf.json().get('error', '(token made)')}"))
        api.post("/api/account/logout", headers={"X-CSRF-Token": r.json().get("csrf", "")})
        api.cookies.clear()
        t = api.post("/api/tables", json={"game": "schotten-totten", "seats": HUMANS}).json()
        tid, tokens = t["table"], t["tokens"]
        r = api.post(f"/api/tables/{tid}/moves", json={"seat": True, "move": "x"},
                     headers={"Authorization": f"Bearer {tokens['1']}"})
        out.append(('"seat": true', f"{r.status_code} {r.json().get('error')}"))
        for label, body in (("body nested 20,000 deep", b"[" * 20000 + b"]" * 20000),
                            ("body with a 5,000-digit int",
                             b'{"seat": 0, "move": "x", "seq": ' + b"9" * 5000 + b"}")):
            r = api.post(f"/api/tables/{tid}/moves", content=body,
                         headers={"Content-Type": "application/json",
                                  "Authorization": f"Bearer {tokens['0']}"})
            out.append((label, f"{r.status_code} keys {sorted(r.json())}"))
        r = api.get("/api/no-such-route")
        out.append(("unknown route", f"{r.status_code} keys {sorted(r.json())}"))
        r = api.post(f"/api/tables/{tid}/moves", json={"seat": 0, "move": "x",
                                                        "seq": int("9" * 4000)},
                     headers={"Authorization": f"Bearer {tokens['0']}"})
        out.append(("stale_move, 4,000-digit seq", f"{r.status_code}, reason "
                    f"{len(r.json().get('reason', ''))} chars"))
        r = api.post(f"/api/tables/{tid}/chat", json={"seat": 0, "text": f"gg{RLO}pg"},
                     headers={"Authorization": f"Bearer {tokens['0']}"})
        out.append(("chat with U+202E", f"{r.status_code} {r.json().get('error', 'stored')}"))
    return out


def probe_sockets(url: str, log: Path | None, frames: int) -> list[tuple[str, str]]:
    port = int(urlparse(url).port or 80)
    tid = httpx.post(f"{url}/api/tables", json={"game": "schotten-totten", "seats": HUMANS},
                     timeout=30).json()["table"]
    out = []
    s = ws_open(port, f"/api/tables/{tid}/ws")
    s.sendall(ws_frame(b"[" * 20000 + b"]" * 20000))
    out.append(("WS: JSON nested 20,000 deep", close_code(s)))
    s.close()
    before = log_size(log)
    codes = []
    for _ in range(frames):
        s = ws_open(port, f"/api/tables/{tid}/ws")
        s.sendall(ws_frame(b'{"move": "\xff\xfe"}'))
        codes.append(close_code(s))
        s.close()
    time.sleep(0.5)
    lines, tracebacks, sample = log_lines(log, before)
    out.append((f"WS: invalid UTF-8, {frames} connections",
                f"closed {', '.join(sorted(set(codes)))}; {lines} log lines, "
                f"{tracebacks} tracebacks"))
    if sample:
        out.append(("WS: invalid UTF-8, its log line", sample))
    return out


def probe_slowloris(url: str, n: int, seconds: float, drip: float) -> list[tuple[str, str]]:
    """``n`` connections sending one header line every ``drip`` s for ``seconds``; how
    many the server still holds at the end, and a normal client's answer time."""
    port = int(urlparse(url).port or 80)
    held: list[socket.socket] = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        held.append(s)
    times = []
    start = time.monotonic()
    while True:  # at least one normal request
        t0 = time.perf_counter()
        httpx.get(f"{url}/api/games", timeout=30)
        times.append(time.perf_counter() - t0)
        if time.monotonic() - start >= seconds:
            break
        time.sleep(min(drip, max(0.0, seconds - (time.monotonic() - start))))
        for s in held:
            with contextlib.suppress(OSError):  # closed by the server already
                s.sendall(b"X-Drip: 1\r\n")
    still = 0
    for s in held:
        s.settimeout(0.05)
        try:
            s.recv(1)  # b"": closed by the server (data: it answered and closes)
        except TimeoutError:
            still += 1  # nothing to read and not closed: the server holds it
        except OSError:
            pass
        s.close()
    return [(f"slow-loris: {n} conns, {seconds:g} s", f"{still} still held"),
            ("slow-loris: a normal GET meanwhile", f"max {max(times) * 1000:.0f} ms")]


def kill_mid_analysis(root: Path, wait: float, claim: float) -> list[tuple[str, str]]:
    """A server of ``root`` analyses a finished game; it is killed (-9) mid-job and started
    again at once (before the job's claim runs out): the job's state ``wait`` s later. Then
    the same with a second game, and a DELETE of its job at once after the restart: its
    state then, and once the claim would have run out."""
    env = {"CLANBOARD_ANALYSIS_ITERATIONS": "300",
           "CLANBOARD_ANALYSIS_CLAIM_SECONDS": f"{claim:g}"}  # an older server ignores it
    rows = []
    with tempfile.TemporaryDirectory() as data, open(os.devnull, "wb") as out:
        port = free_port()
        api = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
        proc = start_logged(data, port, out, root, env)
        try:
            tids = [api.post("/api/tables", json={"game": "schotten-totten", "seed": seed,
                                                  "seats": [{"kind": "ai", "agent": "random"}]
                                                  * 2}).json()["table"] for seed in (5, 6)]
            for tid in tids:
                for _ in range(600):  # at most a minute
                    if api.get(f"/api/tables/{tid}/view").json()["status"] == "over":
                        break
                    time.sleep(0.1)
        except BaseException:
            os.killpg(proc.pid, signal.SIGKILL)
            raise
        for round, tid in enumerate(tids):
            try:
                api.post(f"/api/tables/{tid}/analysis")
                for _ in range(600):
                    if api.get(f"/api/tables/{tid}/analysis").json()["done"] >= 2:
                        break
                    time.sleep(0.1)
            finally:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            proc = start_logged(data, port, out, root, env)
            try:
                start = time.monotonic()
                if round == 0:  # is the job taken up?
                    job = api.get(f"/api/tables/{tid}/analysis").json()
                    while time.monotonic() - start < wait and job["status"] != "done":
                        time.sleep(1)
                        job = api.get(f"/api/tables/{tid}/analysis").json()
                    rows.append(("analysis: kill -9 mid-job, quick restart",
                                 f"{job['status']} {job['done']}/{job['total']} after "
                                 f"{time.monotonic() - start:.0f} s"))
                else:  # does a DELETE cancel the orphaned job?
                    now = api.delete(f"/api/tables/{tid}/analysis").json()
                    time.sleep(claim + 5)
                    later = api.get(f"/api/tables/{tid}/analysis").json()
                    rows.append(("analysis: the same, DELETE at once",
                                 f"{now['status']}; {claim + 5:g} s later {later['status']} "
                                 f"{later['done']}/{later['total']}"))
            finally:
                if round == len(tids) - 1:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()
    return rows


def cache_bound(tables_n: int, budgets: list[float]) -> list[tuple[str, str]]:
    """``tables_n`` finished Schotten Totten games (two random AIs), each viewed and
    replayed, in an app in this process under each ``max_live_mib`` (0: no byte bound):
    how many stay in memory and their estimated size. (A bounded run's process does not
    shrink as much: freed memory stays with the allocator, and the in-process test client
    keeps objects of its own per request.)"""
    from fastapi.testclient import TestClient

    from clanboard.server import Settings, create_app

    rows = []
    for mib in budgets:
        with tempfile.TemporaryDirectory() as data:
            settings = Settings(data_dir=Path(data), ai_workers=0, probe_workers=-1,
                                max_live_mib=mib).without_client_limits()
            with TestClient(create_app(settings)) as c:
                live = c.app.state.tables  # type: ignore[attr-defined]
                c.get("/api/games")
                before = rss_mib(os.getpid())
                for seed in range(tables_n):
                    tid = c.post("/api/tables", json={
                        "game": "schotten-totten", "seed": seed,
                        "seats": [{"kind": "ai", "agent": "random"}] * 2}).json()["table"]
                    for _ in range(3000):  # at most 30 s a game
                        if c.get(f"/api/tables/{tid}/view").json()["status"] == "over":
                            break
                        time.sleep(0.01)
                    c.get(f"/api/tables/{tid}/replay")
                live.evict_to_budget()
                size = sum(t.estimated_bytes() for t in live.live.values()) / 2 ** 20
                rows.append((f"cache: {tables_n} finished tables, max_live_mib {mib:g}",
                             f"{len(live.live)} kept, estimated {size:.1f} MiB (the process "
                             f"grew {rss_mib(os.getpid()) - before:.1f} MiB)"))
    return rows


def run_probes(url: str, log: Path | None, args: argparse.Namespace) -> None:
    rows = probe_api(url) + probe_sockets(url, log, args.frames)
    rows += probe_slowloris(url, args.loris, args.loris_seconds, args.drip)
    if args.kill_wait > 0:
        rows += kill_mid_analysis(args.root, args.kill_wait, args.claim)
    width = max(len(k) for k, _ in rows) + 2
    for k, v in rows:
        print(f"{k:<{width}}{v}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--game", default="glen-more",
                    help="the game at the watched table (Glen More: big views, long games)")
    ap.add_argument("--moves", type=int, default=150)
    ap.add_argument("--unknown", type=int, default=20_000)
    ap.add_argument("--timeout", type=float, default=30.0,
                    help="give up on a move's answer after this long")
    ap.add_argument("--probes", action="store_true", help="run issue 43's probes instead")
    ap.add_argument("--url", help="with --probes: a server already running on 127.0.0.1")
    ap.add_argument("--server-log", type=Path, help="that server's log (lines counted)")
    ap.add_argument("--frames", type=int, default=5, help="invalid UTF-8 connections")
    ap.add_argument("--loris", type=int, default=50, help="slow-loris connections")
    ap.add_argument("--loris-seconds", type=float, default=20.0)
    ap.add_argument("--drip", type=float, default=5.0, help="seconds between header lines")
    ap.add_argument("--root", type=Path, default=ROOT,
                    help="the checkout whose server the kill -9 probe starts")
    ap.add_argument("--kill-wait", type=float, default=60.0,
                    help="seconds the kill -9 probe waits for the analysis (0: no probe)")
    ap.add_argument("--claim", type=float, default=10.0,
                    help="CLANBOARD_ANALYSIS_CLAIM_SECONDS of that server")
    ap.add_argument("--cache", type=int, default=0, metavar="N",
                    help="only: N finished tables in an app in this process, with no byte "
                         "bound and with --cache-mib")
    ap.add_argument("--cache-mib", type=float, default=8.0)
    args = ap.parse_args()
    if args.cache > 0:
        for k, v in cache_bound(args.cache, [0.0, args.cache_mib]):
            print(f"{k:<48}{v}")
        return
    if args.probes:
        if args.url:
            if urlparse(args.url).hostname not in ("127.0.0.1", "localhost", "::1"):
                raise SystemExit("the probes run against a loopback server only")
            run_probes(args.url.rstrip("/"), args.server_log, args)
            return
        with tempfile.TemporaryDirectory() as data:
            port = free_port()
            log = Path(data) / "server.log"
            with log.open("wb") as out:
                proc = start_logged(data, port, out)
                try:
                    run_probes(f"http://127.0.0.1:{port}", log, args)
                finally:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()
        return
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
