"""The server answers in the request's language: a ``lang`` parameter, else the language
cookie, else Accept-Language; log lines, the end screen, claim proofs and rules help."""

from __future__ import annotations

import re
from typing import Any

import pytest

from clanboard.core import games as all_games
from tests.server.conftest import TestClient, auth, new_table

pytestmark = pytest.mark.skipif("schotten-totten" not in [g.id for g in all_games()],
                                reason="Schotten Totten is not installed")
CYRILLIC = re.compile("[А-Яа-я]")


def _table_with_a_move(client: TestClient) -> tuple[dict[str, Any], str]:
    t = new_table(client, game="schotten-totten", seed=3)
    token = t["tokens"]["0"]
    view = client.get(f"/api/tables/{t['table']}/view?seat=0", headers=auth(token)).json()
    r = client.post(f"/api/tables/{t['table']}/moves", headers=auth(token),
                    json={"seat": 0, "move": view["legal_moves"][0], "seq": view["seq"]})
    assert r.status_code == 200, r.text
    return t, token


def _log(client: TestClient, table: str, **kw: Any) -> str:
    r = client.get(f"/api/tables/{table}/view", **kw)
    assert r.status_code == 200, r.text
    return " | ".join(e["text"] for e in r.json()["log"])


def test_log_words_follow_accept_language_parameter_and_cookie(client: TestClient) -> None:
    t, _ = _table_with_a_move(client)
    table = t["table"]
    english = _log(client, table)
    assert "plays" in english
    russian = _log(client, table, headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"})
    assert CYRILLIC.search(russian) and "выкладывает" in russian
    assert russian.startswith("Игрок 1 ")  # the default seat name too
    seats = client.get(f"/api/tables/{table}/view?lang=uk").json()["seats"]
    assert [s["name"] for s in seats] == ["Гравець 1", "Гравець 2"]
    assert "を" in _log(client, table, params={"lang": "ja"},
                        headers={"Accept-Language": "ru"})  # the parameter wins
    client.cookies.set("clanboard_lang", "uk")
    assert "викладає" in _log(client, table, headers={"Accept-Language": "ru"})
    client.cookies.clear()
    assert _log(client, table, headers={"Accept-Language": "de, fr;q=0.5"}) == english


def test_claim_proof_and_socket_views_in_the_language(client: TestClient) -> None:
    t, token = _table_with_a_move(client)
    table = t["table"]
    r = client.get(f"/api/tables/{table}/explain-claim?player=0&stone=5&lang=ru")
    assert r.status_code == 200 and CYRILLIC.search(r.json()["reason"])
    with client.websocket_connect(f"/api/tables/{table}/ws?lang=uk") as ws:
        msg = ws.receive_json()
    assert msg["type"] == "view" and msg["view"]["lang"] == "uk"
    assert "викладає" in msg["view"]["log"][0]["text"]


def test_rules_help_in_each_language(client: TestClient) -> None:
    langs = client.get("/api/languages", headers={"Accept-Language": "ja"}).json()
    assert langs["lang"] == "ja" and set(langs["languages"]) == {"en", "ru", "uk", "ja"}
    for lang, word in (("en", "Tactic cards"), ("ru", "Карты тактики"),
                       ("uk", "Карти тактики"), ("ja", "戦術カード")):
        r = client.get(f"/api/games/schotten-totten/rules?lang={lang}")
        assert r.status_code == 200 and r.json()["lang"] == lang
        assert word in r.json()["html"] and "<h1>" in r.json()["html"]
    assert client.get("/api/games/no-such-game/rules").status_code == 404
    assert client.get("/api/games/toy-duel/rules").json()["error"] == "no_rules"
    assert client.get("/rules/schotten-totten").status_code == 200
