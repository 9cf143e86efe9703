"""A clanboard server on 127.0.0.1 in a background thread, for browser and load tests."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn

from clanboard.server import Settings, create_app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def live_server(data_dir: Path, ai_workers: int = 0, probe_workers: int = 0,
                log_level: str = "warning", log_config: Any = uvicorn.config.LOGGING_CONFIG,
                **settings: Any) -> Iterator[str]:
    """Serve the app on a free loopback port; yields the base URL. ``settings`` are more
    :class:`Settings` fields; ``log_config=None`` leaves logging to the caller (caplog)."""
    port = free_port()
    app = create_app(Settings(data_dir=data_dir, ai_workers=ai_workers,
                              probe_workers=probe_workers, **settings))
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level=log_level,
                            log_config=log_config, ws_ping_interval=None)
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
