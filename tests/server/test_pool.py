"""The AI and probe pools: forked workers must not outlive the server."""

from __future__ import annotations

import os
import signal
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from clanboard.server.tables.ai import _warm, make_pool


def alive(pid: int) -> bool:
    """Running, not a zombie (the pool's own thread may reap it first)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_a_worker_dies_on_sigterm_though_the_server_handles_it() -> None:
    """uvicorn handles SIGTERM in the server process; a worker forked after that used to
    inherit the handler and survive SIGTERM, staying behind after the server stopped."""
    previous = signal.signal(signal.SIGTERM, lambda *_: None)  # as uvicorn's handler does
    try:
        pool = make_pool(1)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert isinstance(pool, ProcessPoolExecutor)
    try:
        pid = pool.submit(_warm).result(timeout=30)
        assert pid != os.getpid()
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if not alive(pid):
                break
            time.sleep(0.05)
        else:
            os.kill(pid, signal.SIGKILL)
            raise AssertionError("the worker survived SIGTERM")
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
