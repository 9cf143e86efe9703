"""Errors a player meets are said in the request's language: "there is no table '…'",
a seat taken, a move out of turn, over HTTP and over the table's socket."""

from __future__ import annotations

import pytest

from clanboard.server.core.errors import MESSAGES, ApiError, say
from tests.server.conftest import TestClient, auth, new_table


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "there is no table 'nosuch'"), ("ru", "стола «nosuch» нет"),
    ("uk", "столу «nosuch» немає"), ("ja", "テーブル「nosuch」はありません")])
def test_no_such_table_in_each_language(client: TestClient, lang: str, words: str) -> None:
    r = client.get(f"/api/tables/nosuch/view?lang={lang}")
    assert r.status_code == 404 and r.json() == {"error": "no_such_table", "reason": words}


def test_the_language_cookie_and_header_choose_the_words(client: TestClient) -> None:
    r = client.get("/api/tables/nosuch/view", headers={"Accept-Language": "uk"})
    assert r.json()["reason"] == "столу «nosuch» немає"


def test_a_move_out_of_turn_over_the_socket_in_its_language(client: TestClient) -> None:
    t = new_table(client, game="schotten-totten", seed=3,
                  seats=[{"kind": "human"}, {"kind": "human"}])
    table, tok = t["table"], t["tokens"]
    with client.websocket_connect(f"/api/tables/{table}/ws?seat=1&token={tok['1']}"
                                  "&lang=ru") as ws:
        msg = ws.receive_json()
        while msg.get("type") != "view":
            msg = ws.receive_json()
        ws.send_json({"move": "play 1 1", "seq": 0})
        msg = ws.receive_json()
        while msg.get("type") != "error":
            msg = ws.receive_json()
    assert msg["error"] == "not_your_turn"
    assert msg["reason"] == "сейчас не ход игрока 2; ждём: Игрок 1", msg


def test_joining_a_taken_seat_in_japanese(client: TestClient) -> None:
    t = new_table(client, game="schotten-totten", seed=3,
                  seats=[{"kind": "human"}, {"kind": "open"}])
    r = client.post(f"/api/tables/{t['table']}/join?lang=ja", json={"seat": 0})
    assert r.status_code == 409 and r.json()["reason"] == "プレイヤー1の席はすでに埋まっています"
    r = client.post(f"/api/tables/{t['table']}/moves?lang=uk", headers=auth(t["tokens"]["0"]),
                    json={"seat": 0, "move": "play 1 1"})
    assert r.json()["reason"] == "чекаємо, поки займуть вільні місця (Гравець 2)"


def test_a_reason_keeps_its_english_for_programs() -> None:
    err = ApiError(404, "no_such_table", say("no_such_table", table="x"))
    assert str(err) == "there is no table 'x'" and err.body()["reason"] == str(err)
    assert all(isinstance(v, str) and v for v in MESSAGES.values())


def test_chat_refusals_in_the_request_language(client: TestClient) -> None:
    t = new_table(client, game="schotten-totten", seed=3,
                  seats=[{"kind": "human"}, {"kind": "human"}])
    r = client.post(f"/api/tables/{t['table']}/chat?lang=ru", headers=auth(t["tokens"]["0"]),
                    json={"seat": 0, "text": "x" * 301})
    assert r.status_code == 422
    assert r.json()["reason"] == "в сообщении не больше 300 символов, а здесь 301"
    r = client.post(f"/api/tables/{t['table']}/rematch?lang=ja", headers=auth(t["tokens"]["0"]),
                    json={"seat": 0})
    assert r.status_code == 409 and r.json()["reason"] == "再戦は対局終了後に申し込めます"
