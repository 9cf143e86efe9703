"""An illegal move is refused in the request's language (Accept-Language, ``lang``, the
cookie, the socket's language), and AI seats are named by their level in the viewer's
language while the stored name stays as it was."""

from __future__ import annotations

import re
from typing import Any

import pytest

from clanboard.core import games as all_games
from tests.server.conftest import TestClient, auth, new_table

pytestmark = pytest.mark.skipif("schotten-totten" not in [g.id for g in all_games()],
                                reason="Schotten Totten is not installed")
SCRIPT = {"ru": re.compile("[А-Яа-я]"), "uk": re.compile("[А-Яа-яІіЇї]"),
          "ja": re.compile("[\u3040-\u30ff\u4e00-\u9fff]")}
ENGLISH = "claims are made in the claim step, now it is the play step"


def _illegal(client: TestClient, **kw: Any) -> dict[str, Any]:
    t = new_table(client, game="schotten-totten", seed=3)
    token = t["tokens"]["0"]
    headers = {**auth(token), **kw.pop("headers", {})}
    r = client.post(f"/api/tables/{t['table']}/moves", headers=headers,
                    json={"seat": 0, "move": "claim 2"}, **kw)
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["error"] == "illegal_move" and "done" not in body["allowed"]
    return body  # type: ignore[no-any-return]


def test_illegal_move_reason_in_english_by_default(client: TestClient) -> None:
    assert _illegal(client)["reason"] == ENGLISH


@pytest.mark.parametrize("lang", ["ru", "uk", "ja"])
def test_illegal_move_reason_follows_accept_language(client: TestClient, lang: str) -> None:
    body = _illegal(client, headers={"Accept-Language": f"{lang};q=0.9,en;q=0.5"})
    assert SCRIPT[lang].search(body["reason"]) and body["reason"] != ENGLISH
    assert "claim" not in body["reason"]
    assert _illegal(client, params={"lang": lang})["reason"] == body["reason"]


def test_malformed_move_reason_in_the_language_and_over_the_socket(client: TestClient) -> None:
    t = new_table(client, game="schotten-totten", seed=3)
    token = t["tokens"]["0"]
    r = client.post(f"/api/tables/{t['table']}/moves?lang=uk", headers=auth(token),
                    json={"seat": 0, "move": "9z@1"})
    assert r.status_code == 422 and r.json()["reason"].startswith("не вдається прочитати '9z@1'")
    with client.websocket_connect(f"/api/tables/{t['table']}/ws?seat=0&token={token}&lang=ru"
                                  ) as ws:
        msg = ws.receive_json()
        while msg.get("type") != "view":
            msg = ws.receive_json()
        ws.send_json({"move": "claim 2", "seq": msg["view"]["seq"]})
        msg = ws.receive_json()
        while msg.get("type") != "error":
            msg = ws.receive_json()
    assert msg["error"] == "illegal_move" and msg["reason"].startswith("камни захватывают")


def test_ai_seats_are_named_by_level_in_the_viewer_language(client: TestClient) -> None:
    t = new_table(client, game="schotten-totten", seed=3,
                  seats=[{"kind": "human"}, {"kind": "ai", "agent": "random"}])
    table = t["table"]
    names = {lang: [s["name"] for s in client.get(
        f"/api/tables/{table}/view?lang={lang}").json()["seats"]] for lang in
        ("en", "ru", "uk", "ja")}
    assert names == {"en": ["Player 1", "Campbell (AI, random)"],
                     "ru": ["Игрок 1", "Кэмпбелл (ИИ, случайный)"],
                     "uk": ["Гравець 1", "Кемпбелл (ШІ, випадковий)"],
                     "ja": ["プレイヤー1", "キャンベル（AI・ランダム）"]}
    listed = client.get("/api/tables").json()
    rows = listed["tables"] if isinstance(listed, dict) else listed
    stored = next(r for r in rows if r.get("table", r.get("id")) == table)
    assert "AI (random)" in str(stored)  # stored as before: pages translate it
