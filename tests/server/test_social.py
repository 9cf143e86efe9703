"""Your games, friends and challenges, and Web Push end to end against a push endpoint this
test starts on 127.0.0.1 (it records the encrypted POSTs; the test decrypts them)."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from clanboard.server.notifications.push import generate_key
from tests.server.browsers import Browser, signed_up


def seek_game(client: TestClient, a: Browser, b: Browser, **body: Any) -> dict[str, Any]:
    seek = a.post("/api/seeks", json={"game": "toy-duel", **body}).json()
    r = b.post(f"/api/seeks/{seek['id']}/accept")
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def move(b: Browser, table: str, seat: int) -> None:
    v = b.get(f"/api/tables/{table}/view?seat={seat}").json()
    r = b.post(f"/api/tables/{table}/moves",
               json={"seat": seat, "move": v["legal_moves"][0], "seq": v["seq"]})
    assert r.status_code == 200, r.text


# -- your games ---------------------------------------------------------------------------


def test_your_games_list_whose_turn_and_follow_the_moves(client: TestClient) -> None:
    one, two = signed_up(client, "first-player"), signed_up(client, "second-player")
    started = seek_game(client, one, two, clock={"kind": "correspondence", "days_per_move": 1})
    table = started["table"]
    view = client.get(f"/api/tables/{table}/view").json()
    mover_seat = view["to_move"][0]
    mover, waiter = (two, one) if mover_seat == started["seat"] else (one, two)

    def mine(b: Browser) -> dict[str, Any]:
        r = b.get("/api/my-games")
        assert r.status_code == 200, r.text
        return r.json()  # type: ignore[no-any-return]

    got = mine(mover)
    assert got["my_turn"] == 1 and got["games"][0]["table"] == table
    row = got["games"][0]
    assert row["my_turn"] and row["clock"]["kind"] == "correspondence"
    assert 86000 < row["clock"]["left"] <= 86400
    assert mine(waiter)["my_turn"] == 0
    assert mine(waiter)["games"][0]["to_move"] == [view["seats"][mover_seat]["name"]]

    client.cookies = waiter.cookies
    with client.websocket_connect("/api/live") as ws:
        client.cookies = {}
        assert ws.receive_json()["type"] == "seeks"
        move(mover, table, mover_seat)
        seen = [ws.receive_json(), ws.receive_json()]
    assert seen[0] == {"type": "game", "game": {**seen[0]["game"], "my_turn": True}}
    assert seen[1]["type"] == "turn" and seen[1]["game"]["table"] == table
    assert mine(waiter)["my_turn"] == 1 and mine(mover)["my_turn"] == 0


def test_a_table_left_to_an_ai_leaves_your_games(client: TestClient) -> None:
    """Resigned at a table of three, the AI plays the seat on: the table is no longer the
    account's game (its badge counted the AI's turns), and an open page hears so."""
    one = signed_up(client, "resigning-player")
    made = one.post("/api/tables", json={
        "game": "glen-more", "num_players": 3, "on_resign": "ai", "seats": [
            {"kind": "human"}, {"kind": "ai", "agent": "random"},
            {"kind": "ai", "agent": "random"}]})
    assert made.status_code == 201, made.text
    table, token = made.json()["table"], made.json()["tokens"]["0"]
    assert [g["table"] for g in one.get("/api/my-games").json()["games"]] == [table]
    turns = client.app.state.turns  # type: ignore[attr-defined]
    sent: list[tuple[int, dict[str, Any]]] = []
    send = turns.hub.send

    def record(uid: int, msg: dict[str, Any]) -> Any:
        sent.append((uid, msg))
        return send(uid, msg)

    turns.hub.send = record
    try:
        r = one.post(f"/api/tables/{table}/resign", json={"seat": 0},
                     headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200 and r.json()["status"] == "playing", r.text
    finally:
        turns.hub.send = send
    gone = [m for _, m in sent if m["type"] == "game" and m["game"]["table"] == table]
    assert gone == [{"type": "game", "game": {"table": table, "status": "over"}}]  # dropped
    mine = one.get("/api/my-games").json()
    assert mine["games"] == [] and mine["my_turn"] == 0


def test_your_games_need_an_account(client: TestClient) -> None:
    r = client.get("/api/my-games", headers={"Accept-Language": "uk"})
    assert r.status_code == 401 and "Увійдіть" in r.json()["reason"]


# -- friends and challenges -----------------------------------------------------------------


def test_follow_see_online_and_unfollow(client: TestClient) -> None:
    me, friend = signed_up(client, "follower"), signed_up(client, "followed")
    r = me.request("PUT", "/api/friends/FOLLOWED")  # names in any case
    assert r.status_code == 200 and r.json() == {"name": "followed", "following": True,
                                                 "online": False}
    assert me.request("PUT", "/api/friends/followed").status_code == 200  # once only
    assert me.get("/api/friends").json()["following"] == [
        {"name": "followed", "bot": False, "online": False}]
    client.cookies = me.cookies
    with client.websocket_connect("/api/live") as mine:
        mine.receive_json()
        client.cookies = friend.cookies
        with client.websocket_connect("/api/live") as theirs:
            theirs.receive_json()
            assert mine.receive_json() == {"type": "friend", "name": "followed",
                                           "online": True}
            assert me.get("/api/friends").json()["following"][0]["online"] is True
        assert mine.receive_json() == {"type": "friend", "name": "followed", "online": False}
    client.cookies = {}
    assert me.request("DELETE", "/api/friends/followed").status_code == 200
    assert me.get("/api/friends").json()["following"] == []


def test_follows_are_bounded_and_bad_names_refused(serve: Callable[..., TestClient]) -> None:
    client = serve(max_follows=2, rate_logins=0)
    me = signed_up(client, "follower")
    for name in ("one-a", "two-b", "three-c"):
        signed_up(client, name)
    assert me.request("PUT", "/api/friends/one-a").status_code == 200
    assert me.request("PUT", "/api/friends/two-b").status_code == 200
    r = me.request("PUT", "/api/friends/three-c", headers={"Accept-Language": "ja"})
    assert r.status_code == 429 and "2人" in r.json()["reason"]
    assert [f["name"] for f in me.get("/api/friends").json()["following"]] == ["one-a", "two-b"]
    r = me.request("PUT", "/api/friends/follower")
    assert r.status_code == 422 and r.json()["error"] == "follow_self"
    for name in ("nobody-here", "x" * 500, "%00"):
        r = me.request("PUT", f"/api/friends/{name}")
        assert r.status_code == 404, name
        assert len(r.json()["reason"]) < 200
    assert client.get("/api/friends").status_code == 401


def test_a_challenge_by_name_is_accepted_or_declined(client: TestClient) -> None:
    me, rival, other = (signed_up(client, "challenger"), signed_up(client, "challenged"),
                        signed_up(client, "bystander"))
    client.cookies = rival.cookies
    with client.websocket_connect("/api/live") as ws:
        client.cookies = {}
        ws.receive_json()
        r = me.post("/api/friends/challenged/challenge", json={"game": "toy-duel", "rated": True})
        assert r.status_code == 201, r.text
        challenge = r.json()
        got = ws.receive_json()
        while got["type"] != "challenge":
            got = ws.receive_json()
        assert got["challenge"]["by"] == "challenger" and got["challenge"]["to"] == "challenged"
        assert client.get("/api/seeks").json() == []  # never listed
        # nobody else may take or decline it
        assert other.post(f"/api/seeks/{challenge['id']}/accept").status_code == 403
        assert other.post(f"/api/seeks/{challenge['id']}/decline").status_code == 403
        assert me.post(f"/api/seeks/{challenge['id']}/decline").status_code == 403
        assert rival.post(f"/api/seeks/{challenge['id']}/decline").status_code == 200
    assert rival.post(f"/api/seeks/{challenge['id']}/accept").status_code == 404
    challenge = me.post("/api/friends/challenged/challenge", json={"game": "toy-duel"}).json()
    r = rival.post(f"/api/seeks/{challenge['id']}/accept")
    assert r.status_code == 200 and r.json()["status"] == "started"
    r = me.post("/api/friends/challenger/challenge", json={"game": "toy-duel"})
    assert r.status_code == 422 and r.json()["error"] == "challenge_self"
    r = me.post("/api/friends/nobody-at-all/challenge", json={"game": "toy-duel"})
    assert r.status_code == 404


# -- Web Push -------------------------------------------------------------------------------


class PushEndpoint:
    """A push service on 127.0.0.1: records each POST; answers ``status``."""

    def __init__(self) -> None:
        self.received: list[tuple[str, dict[str, str], bytes]] = []
        self.status = 201
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                outer.received.append((self.path, {k.lower(): v for k, v in self.headers.items()},
                                       body))
                self.send_response(outer.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture
def endpoint() -> Iterator[PushEndpoint]:
    e = PushEndpoint()
    yield e
    e.server.shutdown()


def browser_keys() -> tuple[Any, str, bytes]:
    """A browser's subscription keys: its P-256 key pair and a 16-byte auth secret."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    private = ec.generate_private_key(ec.SECP256R1())
    point = private.public_key().public_bytes(serialization.Encoding.X962,
                                              serialization.PublicFormat.UncompressedPoint)
    return private, base64.urlsafe_b64encode(point).decode().rstrip("="), os.urandom(16)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_web_push_reaches_a_closed_browser_and_a_gone_subscription_is_dropped(
        serve: Callable[..., TestClient], endpoint: PushEndpoint, tmp_path: Path) -> None:
    import http_ece

    pem, public = generate_key()
    key_file = tmp_path / "vapid.pem"
    key_file.write_text(pem)
    client = serve(vapid_private_key=str(key_file), vapid_subject="mailto:owner@example.org",
                   push_any_endpoint=1, rate_logins=0)
    assert client.get("/api/push/key").json() == {"enabled": True, "key": public}
    one, two = signed_up(client, "push-one"), signed_up(client, "push-two")
    private, p256dh, auth = browser_keys()
    sub = {"endpoint": endpoint.url + "/push/one", "keys": {"p256dh": p256dh, "auth": b64(auth)},
           "expirationTime": None}
    r = one.post("/api/push/subscriptions", json=sub, headers={"Accept-Language": "ru"})
    assert r.status_code == 201, r.text
    started = seek_game(client, two, one, clock={"kind": "correspondence", "days_per_move": 3})
    table = started["table"]
    view = client.get(f"/api/tables/{table}/view").json()
    one_seat = started["seat"]
    if view["to_move"][0] == one_seat:  # one must wait first: let it move once
        deadline = time.monotonic() + 10
        while not endpoint.received and time.monotonic() < deadline:
            time.sleep(0.02)
        endpoint.received.clear()
        move(one, table, one_seat)
    move(two, table, 1 - one_seat)  # now it is one's turn; one has no page open
    deadline = time.monotonic() + 10
    while not endpoint.received and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(endpoint.received) == 1
    path, headers, body = endpoint.received[0]
    assert path == "/push/one"
    assert headers["content-encoding"] == "aes128gcm"
    assert headers["authorization"].startswith("vapid t=") and f"k={public}" in \
        headers["authorization"]
    message = json.loads(http_ece.decrypt(body, private_key=private, auth_secret=auth,
                                          version="aes128gcm"))
    assert message["title"] == "Ваш ход — High-card duel (test game)"
    assert "push-two" in message["body"] and message["url"] == f"/t/{table}?seat={one_seat}"

    # the push service forgets the browser: the next push drops the subscription
    endpoint.status = 410
    endpoint.received.clear()
    move(one, table, one_seat)
    move(two, table, 1 - one_seat)
    deadline = time.monotonic() + 10
    pusher = client.app.state.pusher  # type: ignore[attr-defined]
    while pusher.count(1) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(endpoint.received) == 1 and pusher.count(1) == 0


def test_no_push_while_a_page_is_open_nor_for_live_games(
        serve: Callable[..., TestClient], endpoint: PushEndpoint, tmp_path: Path) -> None:
    pem, _ = generate_key()
    client = serve(vapid_private_key=pem.split("-----")[2].replace("\n", ""),
                   vapid_subject="mailto:owner@example.org", push_any_endpoint=1,
                   rate_logins=0)
    one, two = signed_up(client, "push-one"), signed_up(client, "push-two")
    _, p256dh, auth = browser_keys()
    one.post("/api/push/subscriptions", json={"endpoint": endpoint.url + "/x",
                                              "keys": {"p256dh": p256dh, "auth": b64(auth)}})
    started = seek_game(client, two, one, clock={"kind": "realtime", "initial_s": 600})
    table, seat = started["table"], started["seat"]
    for _ in range(2):
        v = client.get(f"/api/tables/{table}/view").json()
        turn = v["to_move"][0]
        move(one if turn == seat else two, table, turn)
    time.sleep(0.3)
    assert endpoint.received == []  # a live game: the page's own notification only


def test_push_is_off_unconfigured_and_subscriptions_are_bounded_and_checked(
        serve: Callable[..., TestClient], tmp_path: Path) -> None:
    client = serve(rate_logins=0)
    me = signed_up(client, "push-user")
    _, p256dh, auth = browser_keys()
    good = {"endpoint": "https://push.example.org/abc", "keys": {"p256dh": p256dh,
                                                                 "auth": b64(auth)}}
    assert client.get("/api/push/key").json() == {"enabled": False, "key": None}
    r = me.post("/api/push/subscriptions", json=good)
    assert r.status_code == 409 and r.json()["error"] == "push_off"

    pem, _ = generate_key()
    (tmp_path / "k.pem").write_text(pem)
    client = serve(vapid_private_key=str(tmp_path / "k.pem"), vapid_subject="mailto:o@e.org",
                   max_push_subscriptions=2, rate_logins=0)
    me = signed_up(client, "push-user2")
    assert client.post("/api/push/subscriptions", json=good).status_code == 401
    for bad in ({**good, "endpoint": "http://push.example.org/a"},
                {**good, "endpoint": "https://127.0.0.1/a"},
                {**good, "endpoint": "https://localhost/a"},
                {**good, "endpoint": "https://10.0.0.1:8080/a"},
                {**good, "keys": {"p256dh": "AAAA", "auth": b64(auth)}},
                {**good, "keys": {"p256dh": p256dh, "auth": "short"}},
                {**good, "keys": {"p256dh": "!!!", "auth": b64(auth)}}):
        r = me.post("/api/push/subscriptions", json=bad)
        assert r.status_code == 422 and r.json()["error"] == "bad_subscription", bad
    r = me.post("/api/push/subscriptions",
                json={**good, "endpoint": "https://a.example/" + "x" * 2000})
    assert r.status_code == 400
    pusher = client.app.state.pusher  # type: ignore[attr-defined]
    assert pusher.count(1) == 0
    for i in range(2):
        r = me.post("/api/push/subscriptions", json={**good, "endpoint": f"https://p.example/{i}"})
        assert r.status_code == 201
    assert me.post("/api/push/subscriptions", json={**good, "endpoint": "https://p.example/0"}
                   ).status_code == 201  # the same browser again
    r = me.post("/api/push/subscriptions", json={**good, "endpoint": "https://p.example/9"})
    assert r.status_code == 429 and "at most 2" in r.json()["reason"]
    assert me.post("/api/push/unsubscribe", json={"endpoint": "https://p.example/0"}
                   ).json() == {"unsubscribed": True}
    assert me.post("/api/push/subscriptions", json={**good, "endpoint": "https://p.example/9"}
                   ).status_code == 201
    sw = client.get("/sw.js")
    assert sw.status_code == 200 and "showNotification" in sw.text
