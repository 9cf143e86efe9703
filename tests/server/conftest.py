"""API tests run the app in-process (Starlette's TestClient), each on both storage backends:
a temporary SQLite file and a fresh schema of the session's throwaway PostgreSQL cluster."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from clanboard.core import register
from tests.support.toygame import TOY

register(TOY)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from clanboard.server import Settings, create_app  # noqa: E402


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest) -> str | None:
    """The database of a test: ``None`` (SQLite under ``data_dir``) or a PostgreSQL URL."""
    if request.param == "sqlite":
        return None
    return request.getfixturevalue("pg_url")  # type: ignore[no-any-return]


@contextmanager
def app_starter(data_dir: Path, db_url: str | None = None,
                **defaults: Any) -> Iterator[Callable[..., TestClient]]:
    """``make(**settings)`` starts an app with these :class:`Settings` (the call's over the
    defaults; no AI pool, no probe pool); every app started is closed, newest first, at the
    end. Call it again after closing an app to 'restart'."""
    opened: list[TestClient] = []

    def make(**settings: Any) -> TestClient:
        client = TestClient(create_app(Settings(data_dir=data_dir, db_url=db_url, ai_workers=0,
                                                probe_workers=-1,
                                                **{**defaults, **settings})))
        client.__enter__()
        opened.append(client)
        return client

    try:
        yield make
    finally:
        for c in reversed(opened):
            c.__exit__(None, None, None)


@pytest.fixture
def make_client(data_dir: Path, db_url: str | None) -> Iterator[Callable[..., TestClient]]:
    """Start an app on ``data_dir`` or ``db_url`` (call again after closing it to 'restart')."""
    with app_starter(data_dir, db_url) as make:
        yield make


@pytest.fixture
def client(make_client: Callable[[], TestClient]) -> TestClient:
    return make_client()


@pytest.fixture
def serve(data_dir: Path) -> Iterator[Callable[..., TestClient]]:
    """Start an app on ``data_dir`` with more :class:`Settings` fields (limits to test)."""
    with app_starter(data_dir) as make:
        yield make


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_table(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "toy-duel")
    body.setdefault("seed", 11)
    body.setdefault("seats", [{"kind": "human"}, {"kind": "human"}])
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]
