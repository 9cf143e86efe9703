"""Accounts: sign-up, log-in, log-out, sessions (hashed, expiring), CSRF, log-in rate
limits, seats held by an account from any browser, rated-table rules, the player page."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from clanboard.server.accounts.auth import CSRF_COOKIE, SESSION_COOKIE, Accounts
from tests.server.browsers import PASSWORD, Browser, logged_in, signed_up
from tests.server.conftest import auth


def set_cookies(r: Any) -> list[str]:
    return [v for k, v in r.headers.multi_items() if k == "set-cookie"]


def test_sign_up_log_out_and_log_in_again(client: TestClient) -> None:
    b = Browser(client)
    assert b.get("/api/account").json() == {"user": None, "csrf": None}
    r = b.post("/api/account/signup", json={"name": "Morag", "password": PASSWORD})
    assert r.status_code == 201, r.text
    assert r.json()["user"] == {"name": "Morag"} and r.json()["csrf"] == b.jar[CSRF_COOKIE]
    session = [c for c in set_cookies(r) if c.startswith(SESSION_COOKIE + "=")][0].lower()
    assert "httponly" in session and "samesite=lax" in session and "secure" not in session
    assert "path=/" in session and "max-age=" in session
    csrf = [c for c in set_cookies(r) if c.startswith(CSRF_COOKIE + "=")][0].lower()
    assert "httponly" not in csrf  # the page's script reads it
    me = b.get("/api/account").json()
    assert me["user"] == {"name": "Morag"} and me["csrf"] == b.jar[CSRF_COOKIE]
    r = b.post("/api/account/logout")
    assert r.status_code == 200 and b.session is None
    assert b.get("/api/account").json()["user"] is None
    again = logged_in(client, "morag")  # names are found whatever their case
    assert again.get("/api/account").json()["user"] == {"name": "Morag"}


def test_the_database_holds_only_hashes(client: TestClient) -> None:
    b = signed_up(client, "Ewan")
    engine = client.app.state.tables.store.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        stored = conn.execute(text("SELECT id_hash FROM sessions")).scalars().all()
        password = conn.execute(text("SELECT password_hash FROM users")).scalar()
    assert stored == [hashlib.sha256(str(b.session).encode()).hexdigest()]
    assert password.startswith("$argon2id$") and PASSWORD not in password
    # logging out deletes the stored session: the old cookie no longer works
    old = dict(b.jar)
    b.post("/api/account/logout")
    b.jar = old
    assert b.get("/api/account").json()["user"] is None


def test_cookies_are_secure_over_https(client: TestClient) -> None:
    r = client.post("https://testserver/api/account/signup",
                    json={"name": "Isla", "password": PASSWORD})
    assert r.status_code == 201
    assert all("secure" in c.lower() for c in set_cookies(r))
    client.cookies.clear()


def test_wrong_password_and_unknown_name_get_the_same_answer(client: TestClient) -> None:
    signed_up(client, "Angus")
    b = Browser(client)
    wrong = b.post("/api/account/login", json={"name": "Angus", "password": "not it at all"})
    unknown = b.post("/api/account/login", json={"name": "Nobody", "password": PASSWORD})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"error": "wrong_login",
                                              "reason": "wrong name or password"}
    assert b.session is None


def test_a_name_is_taken_whatever_its_case(client: TestClient) -> None:
    signed_up(client, "Fiona")
    r = Browser(client).post("/api/account/signup", json={"name": "FIONA", "password": PASSWORD})
    assert r.status_code == 409 and r.json()["error"] == "name_taken"
    logged_in(client, "Fiona")  # the first account is untouched


@pytest.mark.parametrize(("body", "says"), [
    ({"name": "x" * 25, "password": PASSWORD}, "3-24 characters"),
    ({"name": "x" * 101, "password": PASSWORD}, "at most 100"),
    ({"name": "ab", "password": PASSWORD}, "3-24 characters"),
    ({"name": "a b c", "password": PASSWORD}, "letters A-Z"),
    ({"name": "<script>", "password": PASSWORD}, "letters A-Z"),
    ({"name": "-dash", "password": PASSWORD}, "starting with a letter"),
    ({"name": "AI-hard", "password": PASSWORD}, "AI levels"),
    ({"name": "Calum", "password": ""}, "8-256 characters, not 0"),
    ({"name": "Calum", "password": "short"}, "8-256 characters, not 5"),
    ({"name": "Calum", "password": "p" * 257}, "8-256 characters, not 257"),
    ({"name": "Calum"}, "password: Field required"),
    ({"name": "Calum", "password": PASSWORD, "admin": True}, "admin: Extra inputs"),
    ({"name": 7, "password": PASSWORD}, "name: Input should be a valid string"),
])
def test_bad_sign_ups_are_refused_clearly(client: TestClient, body: dict[str, Any],
                                          says: str) -> None:
    b = Browser(client)
    r = b.post("/api/account/signup", json=body)
    assert r.status_code == 400 and r.json()["error"] == "malformed_request"
    assert says in r.json()["reason"], r.json()["reason"]
    assert b.session is None
    r = b.post("/api/account/login", json={"name": "Calum", "password": PASSWORD})
    assert r.status_code == 401  # nothing was made


def test_empty_log_in_is_malformed(client: TestClient) -> None:
    r = Browser(client).post("/api/account/login", json={"name": "Angus", "password": ""})
    assert r.status_code == 400 and "password" in r.json()["reason"]


def test_cookie_writes_need_the_csrf_token(client: TestClient) -> None:
    b = signed_up(client, "Kirsty")
    body = {"game": "toy-duel", "seats": [{"kind": "human"}, {"kind": "human"}]}
    before = len(b.get("/api/tables").json())
    for headers in ({}, {"X-CSRF-Token": "forged"},
                    {"X-CSRF-Token": hashlib.sha256(b"anything").hexdigest()}):
        r = b.post("/api/tables", json=body, csrf=False, headers=headers)
        assert r.status_code == 403 and r.json()["error"] == "csrf_failed", r.text
        assert "X-CSRF-Token" in r.json()["reason"]
        assert r.headers["x-frame-options"] == "DENY"  # refusals keep the security headers
    assert len(b.get("/api/tables").json()) == before  # nothing was made
    assert b.post("/api/account/logout", csrf=False).status_code == 403
    assert b.get("/api/account").json()["user"] == {"name": "Kirsty"}
    r = b.post("/api/tables", json=body)
    assert r.status_code == 201
    t = r.json()
    # a request that proves itself with a bearer seat token needs no CSRF token
    v = b.get(f"/api/tables/{t['table']}/view?seat=0", headers=auth(t["tokens"]["0"])).json()
    r = b.post(f"/api/tables/{t['table']}/moves", csrf=False, headers=auth(t["tokens"]["0"]),
               json={"seat": 0, "move": v["legal_moves"][0], "seq": v["seq"]})
    assert r.status_code == 200, r.text
    # and a guest (no session cookie) needs none either
    assert Browser(client).post("/api/tables", json=body).status_code == 201
    # a cookie header that a strict parser gives up on still counts its session
    client.cookies.clear()
    r = client.post("/api/tables", json=body,
                    headers={"Cookie": f'a="b; {SESSION_COOKIE}={b.session}'})
    assert r.status_code == 403 and r.json()["error"] == "csrf_failed"


def test_a_session_expires(client: TestClient) -> None:
    b = signed_up(client, "Hamish")
    t = b.post("/api/tables", json={"game": "toy-duel", "seats": [{"kind": "human"},
                                                                  {"kind": "open"}]}).json()
    assert b.get(f"/api/tables/{t['table']}/view?seat=0").status_code == 200
    accounts: Accounts = client.app.state.accounts  # type: ignore[attr-defined]
    start = accounts.now()
    accounts.now = lambda: start + timedelta(days=29, hours=23)  # type: ignore[method-assign]
    assert b.get("/api/account").json()["user"] == {"name": "Hamish"}
    accounts.now = lambda: start + timedelta(days=30, minutes=1)  # type: ignore[method-assign]
    r = b.get(f"/api/tables/{t['table']}/view?seat=0")
    assert r.status_code == 401 and r.json()["error"] == "token_required"
    assert b.get("/api/account").json() == {"user": None, "csrf": None}
    assert b.session is None  # the expired cookie was cleared
    accounts.now = lambda: start  # type: ignore[method-assign]
    assert b.get("/api/account").json()["user"] is None  # and its stored session is gone


def test_log_in_attempts_are_rate_limited(serve: Callable[..., TestClient]) -> None:
    client = serve(rate_logins=3, rate_logins_per_name=0)
    signed_up(client, "Rory")  # the first attempt
    b = Browser(client)
    for _ in range(2):
        assert b.post("/api/account/login", json={"name": "Rory", "password": "wrong one"}
                      ).status_code == 401
    r = b.post("/api/account/login", json={"name": "Rory", "password": PASSWORD})
    assert r.status_code == 429 and r.json()["error"] == "too_many_logins"
    assert "3 per minute" in r.json()["reason"] and b.session is None


def test_log_ins_to_one_name_are_rate_limited(serve: Callable[..., TestClient]) -> None:
    client = serve(rate_logins=0, rate_logins_per_name=2)
    signed_up(client, "Ailsa")
    r = Browser(client).post("/api/account/login", json={"name": "AILSA", "password": "x" * 9})
    assert r.status_code == 401
    r = Browser(client).post("/api/account/login", json={"name": "ailsa", "password": PASSWORD})
    assert r.status_code == 429 and "for one name" in r.json()["reason"]


def test_an_account_plays_its_seat_from_a_second_browser(client: TestClient) -> None:
    home = signed_up(client, "Elspeth")
    t = home.post("/api/tables", json={"game": "toy-duel", "seed": 3,
                                       "seats": [{"kind": "human", "name": "ignored"},
                                                 {"kind": "human", "name": "Guest"}]}).json()
    # two human seats: a hot-seat table keeps guest seats
    assert [s["account"] for s in t["seats"]] == [False, False]
    t = home.post("/api/tables", json={"game": "toy-duel", "seed": 3,
                                       "seats": [{"kind": "human", "name": "ignored"},
                                                 {"kind": "open"}]}).json()
    tid = t["table"]
    assert t["seats"][0]["name"] == "Elspeth" and t["seats"][0]["account"]
    default = home.post("/api/tables", json={"game": "toy-duel"}).json()  # you against AI
    assert [s["account"] for s in default["seats"]] == [True, False]
    guest = Browser(client)
    j = guest.post(f"/api/tables/{tid}/join", json={"name": "Guest"}).json()
    assert j["seat"] == 1
    away = logged_in(client, "Elspeth")  # another browser: no seat token there
    v = away.get(f"/api/tables/{tid}/view?seat=0")
    assert v.status_code == 200 and v.json()["viewer"] == 0
    assert away.get(f"/api/tables/{tid}/my-seats").json() == {"table": tid, "seats": [0]}
    assert guest.get(f"/api/tables/{tid}/my-seats").json()["seats"] == []
    # the seat is the account's, not any session's
    other = signed_up(client, "Lachlan")
    r = other.get(f"/api/tables/{tid}/view?seat=0")
    assert r.status_code == 401 and r.json()["error"] == "token_required"
    assert other.get(f"/api/tables/{tid}/view?seat=1").status_code == 401
    # it moves with the session (and the CSRF token), and live over the WebSocket
    seat = v.json()["to_move"][0]
    assert seat == 0
    r = away.post(f"/api/tables/{tid}/moves",
                  json={"seat": 0, "move": v.json()["legal_moves"][0], "seq": v.json()["seq"]})
    assert r.status_code == 200, r.text
    assert away.post(f"/api/tables/{tid}/moves", csrf=False,
                     json={"seat": 0, "move": "1"}).status_code == 403
    client.cookies.clear()
    client.cookies.set(SESSION_COOKIE, str(away.session))
    with client.websocket_connect(f"/api/tables/{tid}/ws?seat=0") as ws:
        got = ws.receive_json()
        assert got["type"] == "view" and got["view"]["viewer"] == 0
    # a socket opened by another site's page gets no session: it must prove the seat
    with client.websocket_connect(f"/api/tables/{tid}/ws?seat=0",
                                  headers={"origin": "http://elsewhere.example"}) as ws:
        ws.send_json({"type": "auth", "token": "guessed"})
        got = ws.receive_json()
        assert got["type"] == "error" and got["error"] == "wrong_token"
    client.cookies.clear()


def test_rated_tables_are_between_accounts(client: TestClient) -> None:
    guest = Browser(client)
    rated = {"game": "toy-duel", "rated": True, "seats": [{"kind": "human"}, {"kind": "open"}]}
    r = guest.post("/api/tables", json=rated)
    assert r.status_code == 401 and r.json()["error"] == "account_required"
    owner = signed_up(client, "Catriona")
    r = owner.post("/api/tables", json={**rated, "seed": 5})
    assert r.status_code == 422 and "seed" in r.json()["reason"]
    r = owner.post("/api/tables", json={**rated, "seats": [{"kind": "human"}] * 2})
    assert r.status_code == 422 and "one seat per account" in r.json()["reason"]
    r = owner.post("/api/tables", json={**rated, "seats": [{"kind": "human"},
                                                           {"kind": "ai", "agent": "nobody"}]})
    assert r.status_code == 422 and "Player 2" in r.json()["reason"]
    t = owner.post("/api/tables", json=rated).json()
    r = guest.post(f"/api/tables/{t['table']}/join", json={})
    assert r.status_code == 401 and r.json()["error"] == "account_required"
    r = owner.post(f"/api/tables/{t['table']}/join", json={})
    assert r.status_code == 409 and r.json()["error"] == "already_seated"
    friend = signed_up(client, "Donald")
    r = friend.post(f"/api/tables/{t['table']}/join", json={"name": "Someone else"})
    assert r.status_code == 200
    v = friend.get(f"/api/tables/{t['table']}/view").json()
    assert v["rated"] and [s["name"] for s in v["seats"]] == ["Catriona", "Donald"]
    assert all(s["account"] for s in v["seats"])


def test_player_page(client: TestClient) -> None:
    signed_up(client, "Mhairi")
    r = client.get("/api/users/mhairi")
    assert r.status_code == 200
    page = r.json()
    assert page["name"] == "Mhairi" and page["games"] == [] and page["ratings"] == []
    r = client.get("/api/users/Nobody")
    assert r.status_code == 404 and r.json()["error"] == "no_such_user"
    assert client.get("/api/users/" + "x" * 300).status_code == 404
    assert client.get("/u/Mhairi").status_code == 200
    assert "text/html" in client.get("/login").headers["content-type"]
