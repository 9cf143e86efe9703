"""The seek pool: posting, the live list, joining (a rated table starts), the rating range,
bounds per account / address / server, expiry, wrong users and hostile input; bots."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.browsers import Browser, signed_up
from tests.support.fakeclock import FakeClock

SEEK = {"game": "toy-duel", "rated": True}


def post(b: Browser, **body: Any) -> Any:
    return b.post("/api/seeks", json={**SEEK, **body})


def test_a_seek_is_listed_and_joining_it_starts_a_rated_table(client: TestClient) -> None:
    ann, bo = signed_up(client, "poster"), signed_up(client, "joiner")
    r = post(ann, clock={"kind": "correspondence", "days_per_move": 2})
    assert r.status_code == 201, r.text
    seek = r.json()
    assert seek["by"] == "poster" and seek["rating"] == 1500 and seek["num_players"] == 2
    assert [s["id"] for s in client.get("/api/seeks").json()] == [seek["id"]]

    r = bo.post(f"/api/seeks/{seek['id']}/accept")
    assert r.status_code == 200, r.text
    started = r.json()
    assert started["status"] == "started"
    table = started["table"]
    view = bo.get(f"/api/tables/{table}/view").json()
    assert view["rated"] is True and view["status"] == "playing"
    assert sorted(s["name"] for s in view["seats"]) == ["joiner", "poster"]
    assert all(s["account"] for s in view["seats"])
    assert view["clock"]["kind"] == "correspondence"
    # the seat is held by bo's session: no token needed
    seat = started["seat"]
    assert view["seats"][seat]["name"] == "joiner"
    assert bo.get(f"/api/tables/{table}/view?seat={seat}").status_code == 200
    assert ann.get(f"/api/tables/{table}/view?seat={seat}").status_code == 401
    assert client.get("/api/seeks").json() == []  # taken: gone from the list


def test_the_live_socket_tells_the_lobby_and_the_poster(client: TestClient) -> None:
    ann, bo = signed_up(client, "poster"), signed_up(client, "joiner")
    client.cookies = ann.cookies
    with client.websocket_connect("/api/live") as ws:
        client.cookies = {}
        assert ws.receive_json() == {"type": "seeks", "seeks": []}
        seek = post(ann).json()
        got = ws.receive_json()
        assert got["type"] == "seeks" and got["seeks"][0]["id"] == seek["id"]
        r = bo.post(f"/api/seeks/{seek['id']}/accept")
        assert r.status_code == 200
        kinds: dict[str, Any] = {}
        while "started" not in kinds or "turn" not in kinds and "game" not in kinds:
            m = ws.receive_json()
            kinds[m["type"]] = m
        assert kinds["started"]["table"] == r.json()["table"]
        assert kinds["started"]["link"].startswith("/t/")


def test_guests_cannot_post_or_join_and_are_told_why_in_their_language(
        client: TestClient) -> None:
    r = client.post("/api/seeks", json=SEEK)
    assert r.status_code == 401 and "Log in" in r.json()["reason"]
    r = client.post("/api/seeks", json=SEEK, headers={"Accept-Language": "ru"})
    assert r.status_code == 401 and "Войдите" in r.json()["reason"]
    ann = signed_up(client, "poster")
    seek = post(ann).json()
    r = client.post(f"/api/seeks/{seek['id']}/accept")
    assert r.status_code == 401
    assert len(client.get("/api/seeks").json()) == 1


def test_the_rating_range_is_enforced(client: TestClient) -> None:
    ann, bo = signed_up(client, "poster"), signed_up(client, "joiner")
    seek = post(ann, rating_min=1600, rating_max=2000).json()
    r = bo.post(f"/api/seeks/{seek['id']}/accept")
    assert r.status_code == 403 and r.json()["error"] == "out_of_range"
    assert "1500" in r.json()["reason"] and "1600–2000" in r.json()["reason"]
    assert len(client.get("/api/seeks").json()) == 1  # nothing changed
    r = post(ann, rating_min=1800, rating_max=1700)
    assert r.status_code == 422 and r.json()["error"] == "bad_range"


def test_wrong_users_change_nothing(client: TestClient) -> None:
    ann, bo = signed_up(client, "poster"), signed_up(client, "joiner")
    seek = post(ann).json()
    assert ann.post(f"/api/seeks/{seek['id']}/accept").status_code == 409
    r = bo.request("DELETE", f"/api/seeks/{seek['id']}")
    assert r.status_code == 403 and r.json()["error"] == "not_yours"
    assert bo.post(f"/api/seeks/{seek['id']}/decline").status_code == 403
    assert len(client.get("/api/seeks").json()) == 1
    assert ann.request("DELETE", f"/api/seeks/{seek['id']}").status_code == 200
    assert client.get("/api/seeks").json() == []
    r = bo.post(f"/api/seeks/{seek['id']}/accept")
    assert r.status_code == 404 and "gone" in r.json()["reason"]


@pytest.mark.parametrize("body, status, code", [
    ({"game": "no-such-game"}, 404, "no_such_game"),
    ({"game": "toy-duel", "num_players": 3}, 422, "bad_players"),
    ({"game": "toy-duel", "num_players": 99}, 400, "malformed_request"),
    ({"game": "toy-duel", "options": {"nonsense": 1}}, 422, "bad_options"),
    ({"game": "toy-duel", "clock": {"kind": "realtime", "initial_s": 10 ** 9}}, 422,
     "bad_clock"),
    ({"game": "toy-duel", "clock": "forever"}, 400, "malformed_request"),
    ({"game": "toy-duel", "rating_min": -5}, 400, "malformed_request"),
    ({"game": "toy-duel", "whatever": True}, 400, "malformed_request"),
    ({"game": "x" * 5000}, 400, "malformed_request"),
    ({"game": "toy-duel", "options": {f"o{i}": "y" * 100 for i in range(20)}}, 422,
     "bad_options"),
])
def test_hostile_seeks_are_refused_and_nothing_is_held(client: TestClient, body: dict[str, Any],
                                                       status: int, code: str) -> None:
    ann = signed_up(client, "poster")
    r = ann.post("/api/seeks", json=body)
    assert (r.status_code, r.json()["error"]) == (status, code), r.text
    assert client.get("/api/seeks").json() == []
    assert ann.post("/api/seeks/" + "z" * 3000 + "/accept").status_code == 404


def test_seeks_are_bounded_per_account_per_address_and_on_the_server(
        serve: Callable[..., TestClient]) -> None:
    client = serve(max_seeks_per_account=2, max_seeks_per_address=3, max_seeks=4,
                   rate_writes=0, rate_logins=0)
    ann, bo = signed_up(client, "poster"), signed_up(client, "joiner")
    assert post(ann).status_code == post(ann).status_code == 201
    r = post(ann)
    assert r.status_code == 429 and r.json()["error"] == "too_many_seeks"
    assert "at most 2 per account" in r.json()["reason"]
    assert post(bo).status_code == 201
    r = post(bo)  # the same address (the test client's) holds 3
    assert r.status_code == 429 and "per address" in r.json()["reason"]
    assert len(client.get("/api/seeks").json()) == 3


def test_the_server_wide_bound(serve: Callable[..., TestClient]) -> None:
    client = serve(max_seeks=1, rate_logins=0)
    ann, bo = signed_up(client, "poster"), signed_up(client, "joiner")
    assert post(ann).status_code == 201
    r = post(bo)
    assert r.status_code == 503 and r.json()["error"] == "seek_pool_full"


def test_seeks_expire_and_go_when_their_poster_leaves(serve: Callable[..., TestClient]
                                                      ) -> None:
    clock = FakeClock()
    client = serve(clock=clock, seek_minutes=10, seek_grace_seconds=20)
    ann = signed_up(client, "poster")
    pool = client.app.state.seeks  # type: ignore[attr-defined]
    client.cookies = ann.cookies
    with client.websocket_connect("/api/live") as ws:
        ws.receive_json()
        post(ann)
        ws.receive_json()
        # the pool's own sweep may run as the clock moves: what counts is what is left
        clock.advance(9 * 60)
        pool.sweep()
        assert len(pool.seeks) == 1  # the poster's page is open
        clock.advance(61)
        pool.sweep()
        assert not pool.seeks  # ten minutes: expired
        assert ws.receive_json() == {"type": "seeks", "seeks": []}
        post(ann)
    client.cookies = {}
    # the page closed: the seek outlives it by the grace period only (a reload keeps it)
    import time

    deadline = time.monotonic() + 5
    while pool.hub.online(1) and time.monotonic() < deadline:
        time.sleep(0.01)
    clock.advance(10)
    pool.sweep()
    assert len(pool.seeks) == 1
    clock.advance(11)
    pool.sweep()
    assert not pool.seeks
    assert client.get("/api/seeks").json() == []


def test_a_bot_accepts_a_seek_through_the_bot_api(client: TestClient) -> None:
    ann, botty = signed_up(client, "poster"), signed_up(client, "seekbot")
    token = botty.post("/api/account/bot-token").json()["token"]
    seek = post(ann, rated=False).json()
    bearer = {"Authorization": f"Bearer {token}"}
    listed = client.get("/api/bot/seeks", headers=bearer)
    assert listed.status_code == 200 and listed.json()[0]["id"] == seek["id"]
    assert client.get("/api/bot/seeks").status_code == 401
    # a seat token is no account: it cannot take seeks
    seat_token = next(iter(client.post("/api/tables", json={
        "game": "toy-duel", "seats": [{"kind": "human"}, {"kind": "human"}]}
    ).json()["tokens"].values()))
    r = client.post(f"/api/bot/seeks/{seek['id']}/accept",
                    headers={"Authorization": f"Bearer {seat_token}"})
    assert r.status_code == 403
    r = client.post(f"/api/bot/seeks/{seek['id']}/accept", headers=bearer)
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["status"] == "started" and got["stream"].endswith("/stream")
    seat = got["seat"]
    v = client.get(f"/api/tables/{got['table']}/view").json()
    assert v["seats"][seat]["name"] == "seekbot"


def test_the_live_socket_takes_only_short_pings_and_few_of_them(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    from clanboard.server.lobby.hub import MAX_PER_MINUTE

    with client.websocket_connect("/api/live") as ws:
        ws.receive_json()
        ws.send_text("x" * 201)
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with client.websocket_connect("/api/live") as ws:
        ws.receive_json()
        for _ in range(MAX_PER_MINUTE + 1):
            ws.send_text('{"type": "ping"}')
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.sockets == {}  # nothing held once the sockets are gone


def test_a_three_player_seek_waits_until_full_and_a_joiner_may_leave(
        serve: Callable[..., TestClient]) -> None:
    from clanboard.core import games

    if "glen-more" not in [g.id for g in games()]:
        pytest.skip("Glen More is not installed")
    client = serve(rate_logins=0)
    one, two, three = (signed_up(client, "seat-one"), signed_up(client, "seat-two"),
                       signed_up(client, "seat-three"))
    seek = post(one, game="glen-more", num_players=3).json()
    r = two.post(f"/api/seeks/{seek['id']}/accept")
    assert r.json() == {"seek": seek["id"], "status": "waiting",
                        "players": ["seat-one", "seat-two"]}
    assert client.get("/api/seeks").json()[0]["players"] == ["seat-one", "seat-two"]
    assert two.request("DELETE", f"/api/seeks/{seek['id']}").status_code == 200  # leaves
    assert client.get("/api/seeks").json()[0]["players"] == ["seat-one"]
    assert two.post(f"/api/seeks/{seek['id']}/accept").json()["status"] == "waiting"
    r = three.post(f"/api/seeks/{seek['id']}/accept")
    assert r.json()["status"] == "started"
    view = client.get(f"/api/tables/{r.json()['table']}/view").json()
    assert view["status"] == "playing" and view["rated"] and view["num_players"] == 3
    assert sorted(s["name"] for s in view["seats"]) == ["seat-one", "seat-three", "seat-two"]
