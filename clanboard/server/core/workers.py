"""``clanboard serve --workers N``: N server processes on one port (uvicorn's supervisor:
the workers share the listening socket, and one that dies is started again).

The workers are started afresh (not forked), so the settings reach them through the
environment variable :data:`SETTINGS_ENV` and the app factory :func:`app_from_env`.
Several processes need a database they can share: PostgreSQL (see :mod:`shared`).
"""

from __future__ import annotations

import json
import os
from dataclasses import fields
from pathlib import Path
from typing import Any

from clanboard.server.core.settings import Settings

SETTINGS_ENV = "CLANBOARD_WORKER_SETTINGS"


class WorkersRefused(ValueError):
    """More than one process asked for on a database only one process may use."""


def check_workers(workers: int, database_url: str) -> None:
    """Raise :class:`WorkersRefused` unless ``workers`` processes may share the database."""
    if workers < 1:
        raise WorkersRefused(f"--workers must be 1 or more, not {workers}")
    if workers > 1 and not database_url.startswith(("postgresql", "postgres:")):
        raise WorkersRefused(
            f"--workers {workers} needs PostgreSQL (--db-url postgresql+psycopg://...): "
            "SQLite is one process's database, so with SQLite run one worker")


#: settings a worker cannot be given by value (objects; each worker makes its own)
NOT_PASSED = frozenset({"clock"})


def settings_to_env(settings: Settings) -> str:
    return json.dumps({f.name: str(v) if isinstance(v := getattr(settings, f.name), Path) else v
                       for f in fields(settings) if f.name not in NOT_PASSED})


def settings_from_env() -> Settings:
    raw: dict[str, Any] = json.loads(os.environ[SETTINGS_ENV])
    settings = Settings()
    for f in fields(settings):
        if f.name in raw:
            value = raw[f.name]
            setattr(settings, f.name, Path(value) if f.name == "data_dir" else value)
    return settings


def app_from_env() -> Any:
    """The app of one worker (uvicorn calls this factory in each worker process)."""
    from clanboard.server.app import create_app
    from clanboard.server.core.collector import tune

    tune()
    return create_app(settings_from_env())


def run_workers(settings: Settings, workers: int, host: str, port: int,
                **uvicorn_options: Any) -> None:
    """Serve with ``workers`` processes sharing ``host:port`` until stopped."""
    import uvicorn

    check_workers(workers, settings.database_url())
    os.environ[SETTINGS_ENV] = settings_to_env(settings)
    uvicorn.run("clanboard.server.core.workers:app_from_env", factory=True, workers=workers,
                host=host, port=port, **uvicorn_options)
