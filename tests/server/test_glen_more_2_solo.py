"""A solo Glen More II table (Allenarly, chronicle 12) played to the end through the API with
the heuristic agent in the human seat, checked against a local copy of the game."""

from __future__ import annotations

import json

from clanboard.core import get_game, make_agent
from tests.server.conftest import TestClient, auth, new_table

GAME = get_game("glen-more-2")


def test_server_plays_a_solo_table_to_the_end(client: TestClient) -> None:
    info = next(g for g in client.get("/api/games").json() if g["id"] == "glen-more-2")
    names = {o["name"]: o for o in info["options"]}
    assert names["solo"]["default"] is False and "skelp" in names["level"]["choices"]
    opts = {"solo": True, "level": "skelp", "chronicles": "9"}
    t = new_table(client, game="glen-more-2", variant="provisional", seed=21, options=opts,
                  seats=[{"kind": "human"}])
    tid, token = t["table"], t["tokens"]["0"]
    mirror = GAME.new_state(1, seed=21, options={**opts, "provisional": True})
    agent = make_agent(GAME, "heuristic", seed=2)
    v = client.get(f"/api/tables/{tid}/view?seat=0", headers=auth(token)).json()
    while v["status"] != "over":
        move = agent.choose(mirror, 0)
        r = client.post(f"/api/tables/{tid}/moves", headers=auth(token),
                        json={"seat": 0, "move": str(move), "seq": v["seq"]})
        assert r.status_code == 200, r.text
        mirror.apply(move, 0)
        v = client.get(f"/api/tables/{tid}/view?seat=0", headers=auth(token)).json()
        assert v["observation"] == mirror.observation(0)
    assert v["observation"]["allenarly"]["rounds"][-1]["round"] == 4
    log = client.get(f"/api/tables/{tid}/view?seat=0", headers=auth(token)).json()["log"]
    assert sum("Allenarly takes " in e["text"] for e in log) >= 4  # her turns, in words
    ru = client.get(f"/api/tables/{tid}/view?seat=0&lang=ru", headers=auth(token)).json()
    assert any("Алленарли берёт " in e["text"] for e in ru["log"])
    assert json.dumps(v["result"]["explanation"]).count("Allenarly") >= 1
