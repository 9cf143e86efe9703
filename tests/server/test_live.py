"""WebSockets, AI seats, restarts, and which moves a viewer may read in the log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

import clanboard
from clanboard.core import Rng, make_agent
from clanboard.core import games as all_games
from clanboard.server.tables.visibility import SPECTATOR, public_to
from tests.server.conftest import TestClient, auth, new_table
from tests.support.toygame import TOY

HAS_ST = "schotten-totten" in [g.id for g in all_games()]


def next_view(ws: Any) -> dict[str, Any]:
    msg = ws.receive_json()
    assert msg["type"] == "view", msg
    return msg["view"]  # type: ignore[no-any-return]


def test_websocket_views_moves_and_errors(client: TestClient) -> None:
    t = new_table(client)
    tid, tok0 = t["table"], t["tokens"]["0"]
    with client.websocket_connect(f"/api/tables/{tid}/ws?seat=0&token={tok0}") as me, \
            client.websocket_connect(f"/api/tables/{tid}/ws") as watcher:
        v = next_view(me)
        assert next_view(watcher)["observation"]["hand"] is None
        me.send_json({"move": "nine", "seq": v["seq"]})
        err = me.receive_json()
        assert err["type"] == "error" and err["error"] == "illegal_move" and err["status"] == 422
        me.send_json({"move": v["legal_moves"][0], "seq": 5})
        assert me.receive_json()["error"] == "stale_move"
        me.send_json({"nonsense": 1})
        assert me.receive_json()["error"] == "malformed_request"
        me.send_json({"move": v["legal_moves"][0], "seq": v["seq"]})
        after = next_view(me)
        assert after["seq"] == 1 and after["legal_moves"] == []
        seen = next_view(watcher)
        assert seen["seq"] == 1 and seen["log"][0]["move"] == v["legal_moves"][0]
        watcher.send_json({"move": "1"})
        assert watcher.receive_json()["error"] == "spectator"


@pytest.mark.parametrize("workers", [0, 1])
def test_log_lines_are_revealed_after_the_acknowledgement(data_dir: Any, db_url: str | None,
                                                          workers: int) -> None:
    """With a probe pool the move is acknowledged first; watchers then get the log line."""
    from clanboard.server import Settings, create_app

    settings = Settings(data_dir=data_dir, db_url=db_url, ai_workers=0, probe_workers=workers)
    with TestClient(create_app(settings)) as client:
        t = new_table(client)
        tid, tok0 = t["table"], t["tokens"]["0"]
        with client.websocket_connect(f"/api/tables/{tid}/ws?seat=0&token={tok0}") as me, \
                client.websocket_connect(f"/api/tables/{tid}/ws?seat=1&token="
                                         f"{t['tokens']['1']}") as other:
            v = next_view(me)
            next_view(other)
            played = v["legal_moves"][0]
            me.send_json({"move": played, "seq": 0})
            assert next_view(me)["log"][0]["move"] == played
            first = next_view(other)
            assert first["seq"] == 1 and first["log"][0]["move"] is None
            assert first["log"][0]["text"] == "Player 1 moves"  # no card named yet
            assert other.receive_json() == {"type": "reveal", "table": tid, "seq": 0,
                                            "player": 0, "move": played,
                                            "text": f"Player 1: {played}"}
        stored = client.get(f"/api/tables/{tid}/view").json()
        assert stored["log"][0]["move"] == played


def test_websocket_with_a_wrong_token_is_refused(client: TestClient) -> None:
    t = new_table(client)
    with client.websocket_connect(f"/api/tables/{t['table']}/ws?seat=1&token=guess") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["error"] == "wrong_token"


def test_ai_seat_answers_each_move(client: TestClient) -> None:
    t = new_table(client, seats=[{"kind": "human"}, {"kind": "ai", "difficulty": "easy"}])
    tid, tok = t["table"], t["tokens"]["0"]
    assert t["seats"][1]["agent"] in ("ismcts:easy", "random")
    with client.websocket_connect(f"/api/tables/{tid}/ws?seat=0&token={tok}") as ws:
        v = next_view(ws)
        while v["status"] != "over":
            ws.send_json({"move": v["legal_moves"][0], "seq": v["seq"]})
            v = next_view(ws)
            while v["status"] != "over" and not v["legal_moves"]:
                v = next_view(ws)  # the AI's reply arrives as the next view
    assert v["seq"] == 6 and [e["player"] for e in v["log"]] == [0, 1] * 3


def test_restart_rebuilds_every_table(make_client: Callable[[], TestClient]) -> None:
    first = make_client()
    t = new_table(first, seats=[{"kind": "human"}, {"kind": "human"}])
    tid, tokens = t["table"], t["tokens"]
    for _ in range(3):
        v = first.get(f"/api/tables/{tid}/view").json()
        seat = v["to_move"][0]
        legal = first.get(f"/api/tables/{tid}/view?seat={seat}",
                          headers=auth(tokens[str(seat)])).json()["legal_moves"]
        assert first.post(f"/api/tables/{tid}/moves", headers=auth(tokens[str(seat)]),
                          json={"seat": seat, "move": legal[0]}).status_code == 200
    before = [first.get(f"/api/tables/{tid}/view?seat={s}", headers=auth(tokens[str(s)])).json()
              for s in (0, 1)]
    first.__exit__(None, None, None)
    second = make_client()
    after = [second.get(f"/api/tables/{tid}/view?seat={s}",
                        headers=auth(tokens[str(s)])).json() for s in (0, 1)]
    assert after == before and after[0]["seq"] == 3


def test_toy_card_plays_are_public() -> None:
    state = TOY.new_state(2, 5)
    move = state.legal_moves(0)[0]
    assert public_to(state, 0, move) == [SPECTATOR, 0, 1]


@pytest.mark.skipif(not HAS_ST, reason="Schotten Totten is not installed")
def test_returned_recruiter_cards_stay_hidden_and_plays_are_public() -> None:
    game = clanboard.get_game("schotten-totten")
    rng = Rng(3)
    found = {"return": 0, "play": 0}
    for seed in range(200):
        state = game.new_state(2, seed, {"tactics": True})
        agent = make_agent(game, "random", seed)
        while not state.is_terminal() and min(found.values()) < 3:
            p = state.current_player()
            m = agent.choose(state, p)
            text = str(m)
            if text.startswith("return "):
                assert public_to(state, p, m) == [p], f"{text} must stay hidden"
                found["return"] += 1
            elif "@" in text and not text.startswith(("strategist", "banshee", "traitor")) \
                    and rng.random() < 0.2:
                assert public_to(state, p, m) == sorted([SPECTATOR, 0, 1]), text
                found["play"] += 1
            state.apply(m, p)
        if min(found.values()) >= 3:
            break
    assert min(found.values()) >= 3, found


def test_a_failing_agent_falls_back_to_random(client: TestClient,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from clanboard.core import agents

    class Broken:
        name = "broken"

        def __init__(self, seed: int = 0, **_: Any) -> None:
            pass

        def choose(self, state: Any, player: int) -> Any:
            raise RuntimeError("out of ideas")

    monkeypatch.setitem(agents._GENERIC, "broken", Broken)
    t = new_table(client, seats=[{"kind": "ai", "agent": "broken"}, {"kind": "human"}])
    tid, tok = t["table"], t["tokens"]["1"]
    with client.websocket_connect(f"/api/tables/{tid}/ws?seat=1&token={tok}") as ws:
        v = next_view(ws)
        while not v["legal_moves"]:
            v = next_view(ws)
    assert v["seq"] == 1 and v["log"][0]["player"] == 0


def test_websocket_text_that_is_not_json_closes_the_socket(client: TestClient) -> None:
    t = new_table(client)
    with client.websocket_connect(f"/api/tables/{t['table']}/ws") as ws:
        next_view(ws)
        ws.send_text("{not json")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400


def test_a_game_may_say_itself_who_reads_a_move(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.support.toygame import ToyState

    state = TOY.new_state(2, 5)
    move = state.legal_moves(0)[0]
    monkeypatch.setattr(ToyState, "public_viewers", lambda self, m, p: [1], raising=False)
    assert public_to(state, 0, move) == [0, 1]
