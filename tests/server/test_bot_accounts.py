"""Bot accounts over real HTTP: an account's bot API token (shown once, only its hash
stored, revocable), the bot API with it (challenge by name, accept, play, results on the
player page) and ``clanboard bot`` with it."""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, inspect, text
from typer.testing import CliRunner

from clanboard.cli.main import app as cli_app
from tests.server.test_bot_api import GAME, auth, doc_example, human_plays, lines
from tests.support.liveserver import live_server

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    data = tmp_path_factory.mktemp("botacct") / "data"
    with live_server(data, bot_keepalive=0.2, rate_reads=0, rate_writes=0, rate_tables=0,
                     rate_logins=0, rate_logins_per_name=0, max_open_tables=0,
                     log_level="info", log_config=None) as base:
        yield base, data / "clanboard.db"


@pytest.fixture
def url(server: tuple[str, Path]) -> str:
    return server[0]


class Account:
    """A logged-in browser: its cookies and the CSRF header its writes send."""

    def __init__(self, url: str, name: str) -> None:
        self.name = name
        self.http = httpx.Client(base_url=url, timeout=10)
        r = self.http.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
        self.csrf = {"X-CSRF-Token": r.json()["csrf"]}

    def post(self, path: str, **kw: Any) -> httpx.Response:
        return self.http.post(path, headers=self.csrf, **kw)

    def new_token(self) -> str:
        r = self.post("/api/account/bot-token")
        assert r.status_code == 201, r.text
        assert r.json()["bot"] is True and r.json()["name"] == self.name
        return str(r.json()["token"])


def stored(db: Path, sql: str, **params: Any) -> list[Any]:
    engine = create_engine(f"sqlite:///{db}")
    try:
        with engine.connect() as conn:
            return list(conn.execute(text(sql), params).all())
    finally:
        engine.dispose()


def test_a_token_is_shown_once_and_only_its_hash_is_stored(server: tuple[str, Path]) -> None:
    url, db = server
    bot = Account(url, "Token-Keeper")
    token = bot.new_token()
    assert token.startswith("cbt_") and len(token) > 40
    rows = stored(db, "SELECT api_token_hash, bot FROM users WHERE name = :n", n=bot.name)
    assert rows == [(hashlib.sha256(token.encode()).hexdigest(), 1)]
    assert token not in bot.http.get("/api/account").text  # never shown again
    again = bot.new_token()  # a new one replaces it
    assert again != token
    assert httpx.get(f"{url}/api/bot/stream/event", headers=auth(token)).status_code == 401
    # a write with the session cookie needs the CSRF token; a guest has no account
    assert bot.http.post("/api/account/bot-token").status_code == 403
    r = httpx.post(f"{url}/api/account/bot-token")
    assert r.status_code == 401 and r.json()["error"] == "account_required"
    # the lookups are indexed: the token hash of accounts and of seats
    engine = create_engine(f"sqlite:///{db}")
    try:
        found = inspect(engine)
        users = {i["name"]: i for i in found.get_indexes("users")}
        assert users["ix_users_api_token_hash"]["column_names"] == ["api_token_hash"]
        assert users["ix_users_api_token_hash"]["unique"]
        seats = {i["name"]: i["column_names"] for i in found.get_indexes("seats")}
        assert seats["ix_seats_token_hash"] == ["token_hash"]
    finally:
        engine.dispose()


def test_revoked_and_unknown_tokens_get_401_saying_why(url: str) -> None:
    bot = Account(url, "Revoked-Bot")
    token = bot.new_token()
    table = httpx.post(f"{url}/api/bot/challenge", headers=auth(token),
                       json={"game": GAME}).json()["table"]
    with httpx.stream("GET", f"{url}/api/bot/game/{table}/stream", headers=auth(token)) as r:
        assert r.status_code == 200
    r = bot.http.delete("/api/account/bot-token", headers=bot.csrf)
    assert r.status_code == 200 and r.json() == {"name": bot.name, "token": None}
    for bearer in (token, "cbt_not-a-token"):
        for method, path in (("GET", "/api/bot/stream/event"),
                             ("GET", f"/api/bot/game/{table}/stream"),
                             ("POST", f"/api/bot/game/{table}/move")):
            r = httpx.request(method, f"{url}{path}", headers=auth(bearer),
                              json={"move": "x"})
            assert r.status_code == 401, (path, r.text)
            assert r.json()["error"] == "bad_token" and "revoked" in r.json()["reason"]
            assert "/api/account/bot-token" in r.json()["reason"]
    page = httpx.get(f"{url}/api/users/{bot.name}").json()
    assert page["bot"] is True  # it stays a bot: its games were a bot's


def test_an_account_token_plays_only_its_own_seats(url: str) -> None:
    token = Account(url, "Nosy-Bot").new_token()
    other = httpx.post(f"{url}/api/bot/challenge", json={"game": GAME}).json()["table"]
    r = httpx.get(f"{url}/api/bot/game/{other}/stream", headers=auth(token))
    assert r.status_code == 403 and r.json()["error"] == "not_seated"
    r = httpx.post(f"{url}/api/bot/game/{other}/move", headers=auth(token), json={"move": "x"})
    assert r.status_code == 403 and "Nosy-Bot" in r.json()["reason"]
    r = httpx.post(f"{url}/api/bot/challenge", headers=auth(token),
                   json={"game": GAME, "to": "nobody-here"})
    assert r.status_code == 404 and r.json()["error"] == "no_such_user"


def test_a_bot_account_plays_a_human_account_with_its_token_only(
        url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    human = Account(url, "Ailsa")
    robot = Account(url, "Robo-Piper")
    token = robot.new_token()
    events: list[dict[str, Any]] = []
    got: dict[str, Any] = {}

    def bot() -> None:  # HTTP only, with the API token
        for event in lines(url, "/api/bot/stream/event", token):
            events.append(event)
            if event["type"] == "challenge":
                c = event["challenge"]
                r = httpx.post(f"{url}{c['accept']}", headers=auth(token), json={})
                assert r.status_code == 200, r.text
                got["seat"] = r.json()["seat"]
            elif event["type"] == "gameStart":
                got["result"] = doc_example().play(url, event["game"]["table"], token)
            elif event["type"] == "gameFinish":
                return

    reader = threading.Thread(target=bot)
    reader.start()
    threading.Event().wait(0.3)
    r = human.post("/api/bot/challenge", json={"game": GAME, "to": "robo-piper"})
    assert r.status_code == 201, r.text
    table, seat_token = r.json()["table"], r.json()["token"]
    final = human_plays(url, table, 0, seat_token)
    reader.join(60)
    assert not reader.is_alive()
    assert [e["type"] for e in events] == ["challenge", "gameStart", "gameFinish"]
    assert events[0]["challenge"]["from"] == "Ailsa" and events[0]["challenge"]["table"] == table
    assert events[1]["game"]["seat"] == 1 == got["seat"]
    assert got["result"] == final["result"] == events[2]["result"]
    view = httpx.get(f"{url}/api/tables/{table}/view").json()
    assert [(s["name"], s["account"]) for s in view["seats"]] == [("Ailsa", True),
                                                                    ("Robo-Piper", True)]
    outcome = "win" if 1 in final["result"]["winners"] else "loss"
    page = httpx.get(f"{url}/api/users/Robo-Piper")
    assert page.json()["bot"] is True
    assert [(g["table"], g["seat"], g["outcome"]) for g in page.json()["recent"]] == [
        (table, 1, outcome)]
    assert httpx.get(f"{url}/api/users/Ailsa").json()["recent"][0]["table"] == table
    record = httpx.get(f"{url}/api/tables/{table}/record").text
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "/api/bot/game/" in logged  # the requests were logged ...
    for shown in (page.text, view, record, logged):  # ... never the token
        assert token not in str(shown)


def test_clanboard_bot_plays_with_an_account_token(url: str) -> None:
    robot = Account(url, "Cli-Bot")
    token = robot.new_token()
    c = httpx.post(f"{url}/api/bot/challenge", headers=auth(token),
                   json={"game": GAME, "seed": 5}).json()
    joined = httpx.post(f"{url}{c['accept']}", json={"invite": c["invite"]}).json()
    person = threading.Thread(target=human_plays, args=(url, c["table"], joined["seat"],
                                                        joined["token"]))
    person.start()
    out = CliRunner().invoke(cli_app, ["bot", "--url", url, "--agent", "heuristic",
                                       "--table", c["table"], "--token", token])
    person.join(60)
    assert out.exit_code == 0, out.output
    summary = json.loads(out.output.strip().splitlines()[-1])
    assert summary["table"] == c["table"] and summary["seat"] == 0
    page = httpx.get(f"{url}/api/users/Cli-Bot").json()
    assert [g["table"] for g in page["recent"]] == [c["table"]]
    assert token not in out.output
