"""A rated table between two accounts, its rematch, and the rematch's seat asked for again
after the server forgot the tokens: the seats stay the accounts'."""

from __future__ import annotations

from typing import Any

from tests.server.browsers import Browser, signed_up
from tests.server.conftest import TestClient, auth


def finish(players: dict[int, Browser], tid: str) -> None:
    while True:
        v = players[0].get(f"/api/tables/{tid}/view").json()
        if v["status"] == "over":
            return
        seat = v["to_move"][0]
        b = players[seat]
        mine = b.get(f"/api/tables/{tid}/view?seat={seat}").json()
        r = b.post(f"/api/tables/{tid}/moves", json={"seat": seat, "move": mine["legal_moves"][0]})
        assert r.status_code == 200, r.text


def test_a_rematch_seat_asked_for_again_stays_the_accounts(client: TestClient) -> None:
    ailsa, morag = signed_up(client, "Ailsa"), signed_up(client, "Morag")
    clock = {"kind": "realtime", "initial_s": 600, "increment_s": 15}
    t = ailsa.post("/api/tables", json={"game": "toy-duel", "rated": True, "clock": clock,
                                        "seats": [{"kind": "human"}, {"kind": "open"}]}).json()
    tid = t["table"]
    assert morag.post(f"/api/tables/{tid}/join", json={}).status_code == 200
    finish({0: ailsa, 1: morag}, tid)
    for b, seat in ((ailsa, 0), (morag, 1)):
        r = b.post(f"/api/tables/{tid}/rematch", json={"seat": seat})
        assert r.status_code == 200, r.text
    new = r.json()["rematch"]
    # the server forgets the tokens it held (a restart); Ailsa asks for her seat again
    client.app.state.tables.live.clear()  # type: ignore[attr-defined]
    again: dict[str, Any] = ailsa.post(f"/api/tables/{tid}/rematch", json={"seat": 0}).json()
    assert again["rematch"] == new and again["seat"] == 1
    v = client.get(f"/api/tables/{new}/view?seat=1", headers=auth(again["token"])).json()
    assert v["rated"] and v["clock"]["initial_s"] == 600 and v["clock"]["increment_s"] == 15
    assert [(s["name"], s["account"]) for s in v["seats"]] == [("Morag", True), ("Ailsa", True)]
    # her session alone still holds the seat, as before the token was made again
    finish({0: morag, 1: ailsa}, new)
    assert [g["rated"] for g in client.get("/api/users/Ailsa").json()["recent"]] == [True, True]
