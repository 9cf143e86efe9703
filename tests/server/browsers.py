"""Several browsers (each with its own cookies) on one in-process app."""

from __future__ import annotations

import time
from typing import Any

import httpx
from fastapi.testclient import TestClient

from clanboard.server.accounts.auth import CSRF_COOKIE, SESSION_COOKIE

PASSWORD = "correct horse battery"


class Browser:
    """One browser's cookie jar on a shared :class:`TestClient`; like the pages, it sends
    the CSRF cookie's value in ``X-CSRF-Token`` on writes (unless ``csrf=False``)."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookies = httpx.Cookies()

    def request(self, method: str, path: str, csrf: bool = True, **kw: Any) -> Any:
        c = self.client
        c.cookies = self.cookies
        headers = dict(kw.pop("headers", {}))
        if csrf and method != "GET" and CSRF_COOKIE in self.jar:
            headers.setdefault("X-CSRF-Token", self.jar[CSRF_COOKIE])
        r = c.request(method, path, headers=headers, **kw)
        self.cookies = c.cookies
        c.cookies = httpx.Cookies()
        return r

    @property
    def jar(self) -> dict[str, str]:
        return dict(self.cookies.items())

    @jar.setter
    def jar(self, values: dict[str, str]) -> None:
        self.cookies = httpx.Cookies()
        for k, v in values.items():
            self.cookies.set(k, v, domain="testserver.local")

    def get(self, path: str, **kw: Any) -> Any:
        return self.request("GET", path, **kw)

    def post(self, path: str, **kw: Any) -> Any:
        return self.request("POST", path, **kw)

    @property
    def session(self) -> str | None:
        return self.jar.get(SESSION_COOKIE)


def signed_up(client: TestClient, name: str, password: str = PASSWORD) -> Browser:
    b = Browser(client)
    r = b.post("/api/account/signup", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return b


def logged_in(client: TestClient, name: str, password: str = PASSWORD) -> Browser:
    b = Browser(client)
    r = b.post("/api/account/login", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return b


def play_out(b: Browser, table: str, tokens: dict[int, Any]) -> dict[str, Any]:
    """Play a toy-duel table to its end: each seat's first legal move, through ``b`` with
    the seat's token (``None``: ``b``'s session holds the seat)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        v = b.get(f"/api/tables/{table}/view").json()
        if v["status"] == "over":
            return v  # type: ignore[no-any-return]
        seat = v["to_move"][0]
        if v["seats"][seat]["kind"] == "ai":  # its move comes by itself
            time.sleep(0.02)
            continue
        tok = tokens.get(seat)
        headers = {"Authorization": f"Bearer {tok}"} if tok else {}
        mine = b.get(f"/api/tables/{table}/view?seat={seat}", headers=headers).json()
        r = b.post(f"/api/tables/{table}/moves", headers=headers,
                   json={"seat": seat, "move": mine["legal_moves"][0], "seq": mine["seq"]})
        assert r.status_code == 200, r.text
    raise AssertionError(f"table {table} did not end within 60 s")
