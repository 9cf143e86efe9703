"""A clanboard server on 127.0.0.1 in a background thread, for browser and load tests."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from clanboard.server import Settings, create_app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def live_server(data_dir: Path, ai_workers: int = 0, probe_workers: int = 0) -> Iterator[str]:
    """Serve the app on a free loopback port; yields the base URL."""
    port = free_port()
    app = create_app(Settings(data_dir=data_dir, ai_workers=ai_workers,
                              probe_workers=probe_workers))
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                            ws_ping_interval=None)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
