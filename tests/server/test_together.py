"""Takeback with approval, rematch and chat through the JSON API and the WebSocket."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from clanboard.core import get_game
from clanboard.server.tables import together
from tests.server.conftest import TestClient, auth, new_table


def view(client: TestClient, table: str, seat: int | None = None, token: str | None = None
         ) -> dict[str, Any]:
    q = "" if seat is None else f"?seat={seat}"
    r = client.get(f"/api/tables/{table}/view{q}", headers=auth(token) if token else {})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def play(client: TestClient, table: str, seat: int, token: str, text: str | None = None
         ) -> dict[str, Any]:
    if text is None:
        text = view(client, table, seat, token)["legal_moves"][0]
    r = client.post(f"/api/tables/{table}/moves", headers=auth(token),
                    json={"seat": seat, "move": text})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def post(client: TestClient, path: str, token: str | None, **body: Any) -> Any:
    return client.post(path, headers=auth(token) if token else {}, json=body)


def finish(client: TestClient, table: str, tokens: dict[str, str]) -> None:
    while True:
        v = view(client, table)
        if v["status"] == "over":
            return
        seat = v["to_move"][0]
        play(client, table, seat, tokens[str(seat)])


# -- takeback ------------------------------------------------------------------------------------

def test_takeback_accepted_by_the_other_seat(client: TestClient) -> None:
    t = new_table(client)
    tid, tok = t["table"], t["tokens"]
    before = view(client, tid, 0, tok["0"])
    play(client, tid, 0, tok["0"])
    r = post(client, f"/api/tables/{tid}/takeback", tok["0"], seat=0)
    assert r.status_code == 200, r.text
    assert r.json()["takeback"] == {"by": 0, "n": 1, "waiting": [1]}
    assert r.json()["seq"] == 1  # nothing taken back before the other seat agrees
    # the asker cannot answer its own request; a wrong token cannot answer for seat 1
    assert post(client, f"/api/tables/{tid}/takeback/answer", tok["0"], seat=0,
                accept=True).json()["error"] == "no_takeback"
    assert post(client, f"/api/tables/{tid}/takeback/answer", tok["0"], seat=1,
                accept=True).status_code == 403
    r = post(client, f"/api/tables/{tid}/takeback/answer", tok["1"], seat=1, accept=True)
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["seq"] == 0 and after["takeback"] is None and after["log"] == []
    assert view(client, tid, 0, tok["0"])["observation"] == before["observation"]
    # the moves were truncated in storage: a restart gives the same table
    client.app.state.tables.live.clear()  # type: ignore[attr-defined]
    assert view(client, tid, 0, tok["0"])["seq"] == 0
    play(client, tid, 0, tok["0"])  # and the game goes on from there
    assert view(client, tid)["seq"] == 1


def test_takeback_declined_changes_nothing(client: TestClient) -> None:
    t = new_table(client)
    tid, tok = t["table"], t["tokens"]
    play(client, tid, 0, tok["0"])
    post(client, f"/api/tables/{tid}/takeback", tok["0"], seat=0)
    with client.websocket_connect(f"/api/tables/{tid}/ws?seat=0&token={tok['0']}") as ws:
        assert ws.receive_json()["view"]["takeback"]["by"] == 0
        r = post(client, f"/api/tables/{tid}/takeback/answer", tok["1"], seat=1, accept=False)
        assert r.json()["seq"] == 1 and r.json()["takeback"] is None
        assert ws.receive_json() == {"type": "takeback_declined", "table": tid, "by": 1}
    # asking again is allowed; once seat 1 moves, it lapses and is too late
    post(client, f"/api/tables/{tid}/takeback", tok["0"], seat=0)
    play(client, tid, 1, tok["1"])
    assert view(client, tid)["takeback"] is None
    r = post(client, f"/api/tables/{tid}/takeback", tok["0"], seat=0)
    assert r.status_code == 409 and r.json()["error"] == "takeback_too_late"


def test_takeback_refused_after_a_draw(client: TestClient) -> None:
    t = new_table(client, game="schotten-totten", seed=3)
    tid, tok = t["table"], t["tokens"]
    v = play(client, tid, 0, tok["0"])
    assert v["to_move"] == [1]  # no stone to claim: the card was drawn
    r = post(client, f"/api/tables/{tid}/takeback", tok["0"], seat=0)
    assert r.status_code == 409 and r.json()["error"] == "takeback_refused"
    assert "drawn" in r.json()["reason"]
    r = client.post(f"/api/tables/{tid}/takeback?lang=ru", headers=auth(tok["0"]),
                    json={"seat": 0})
    assert r.json()["reason"] == get_game("schotten-totten").new_state().take_back_refusal(
        0, "ru") or "карт" in r.json()["reason"]
    assert view(client, tid)["seq"] == 1


def test_takeback_refusals(client: TestClient) -> None:
    t = new_table(client)
    tid, tok = t["table"], t["tokens"]
    assert post(client, f"/api/tables/{tid}/takeback", tok["0"],
                seat=0).json()["error"] == "takeback_refused"  # nothing played
    play(client, tid, 0, tok["0"])
    assert post(client, f"/api/tables/{tid}/takeback", None, seat=0).status_code == 401
    assert post(client, f"/api/tables/{tid}/takeback", tok["1"],
                seat=1).json()["error"] == "takeback_too_late"
    assert post(client, f"/api/tables/{tid}/takeback", tok["0"], seat=0,
                n=0).status_code == 400
    post(client, f"/api/tables/{tid}/takeback", tok["0"], seat=0)
    assert post(client, f"/api/tables/{tid}/takeback", tok["0"],
                seat=0).json()["error"] == "takeback_pending"


def wait_for(client: TestClient, tid: str, seat: int) -> dict[str, Any]:
    for _ in range(200):
        v = view(client, tid)
        if seat in v["to_move"]:
            return v
        time.sleep(0.05)
    raise AssertionError("the AI did not move")


def test_ai_seats_accept_in_unrated_games_and_refuse_in_rated(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # Glen More: taking a tile and placing it are two moves of the same seat
    t = new_table(client, game="glen-more", seed=5,
                  seats=[{"kind": "human"}, {"kind": "ai", "agent": "random"}])
    tid, tok = t["table"], t["tokens"]
    wait_for(client, tid, 0)
    v = view(client, tid, 0, tok["0"])
    after = play(client, tid, 0, tok["0"], next(m for m in v["legal_moves"]
                                                if m.startswith("take")))
    assert after["to_move"] == [0]
    monkeypatch.setattr(together, "is_rated", lambda table: True)
    # a step of the seat's own unfinished turn is its own to undo, rated or not; a
    # finished turn (here: as if it were) is the AI's to agree to, which it does not
    assert view(client, tid, 0, tok["0"])["take_back"]["undo"] is True
    monkeypatch.setattr(together, "undoing", lambda table, seat: False)
    r = post(client, f"/api/tables/{tid}/takeback", tok["0"], seat=0)
    assert r.status_code == 409 and "rated" in r.json()["reason"]
    monkeypatch.undo()
    monkeypatch.setattr(together, "is_rated", lambda table: False)
    r = post(client, f"/api/tables/{tid}/takeback", tok["0"], seat=0)
    assert r.status_code == 200, r.text
    assert r.json()["seq"] == v["seq"] and r.json()["observation"] == view(
        client, tid, 0, tok["0"])["observation"]


def test_takeback_over_the_websocket(client: TestClient) -> None:
    t = new_table(client)
    tid, tok = t["table"], t["tokens"]
    with client.websocket_connect(f"/api/tables/{tid}/ws?seat=0&token={tok['0']}") as me, \
            client.websocket_connect(f"/api/tables/{tid}/ws?seat=1&token={tok['1']}") as other:
        for ws in (me, other):
            ws.receive_json()  # the view (no chat backlog: nothing was said)
        v = view(client, tid, 0, tok["0"])
        me.send_json({"move": v["legal_moves"][0], "seq": 0})
        me.receive_json(), other.receive_json()
        me.send_json({"type": "takeback"})
        assert other.receive_json()["view"]["takeback"]["waiting"] == [1]
        me.receive_json()
        other.send_json({"type": "takeback_answer", "accept": True})
        assert other.receive_json() == {"type": "takeback_done", "table": tid, "seq": 0}
        assert other.receive_json()["view"]["seq"] == 0
        other.send_json({"type": "takeback"})
        assert other.receive_json()["error"] == "takeback_refused"


# -- rematch ---------------------------------------------------------------------------------

def test_rematch_chain_rotates_seats_and_gives_tokens_only_to_their_owners(
        client: TestClient) -> None:
    t = new_table(client, seats=[{"kind": "human", "name": "Ann"},
                                 {"kind": "human", "name": "Bob"}])
    tid, tok = t["table"], t["tokens"]
    assert post(client, f"/api/tables/{tid}/rematch", tok["0"],
                seat=0).json()["error"] == "game_not_over"
    finish(client, tid, tok)
    seeds = [client.get(f"/api/tables/{tid}/record").json()["seed"]]
    names = ["Ann", "Bob"]
    for _ in range(2):  # a chain: the rematch of the rematch
        with client.websocket_connect(f"/api/tables/{tid}/ws?seat=0&token={tok['0']}") as w0, \
                client.websocket_connect(f"/api/tables/{tid}/ws") as spectator:
            for ws in (w0, spectator):
                ws.receive_json()
            r = post(client, f"/api/tables/{tid}/rematch", tok["1"], seat=1)
            assert r.json() == {"table": tid, "offered": [1], "rematch": None}
            assert w0.receive_json()["view"]["rematch"]["offered"] == [1]
            spectator.receive_json()
            r = post(client, f"/api/tables/{tid}/rematch", tok["0"], seat=0).json()
            new = r["rematch"]
            assert r["seat"] == 1 and r["link"] == f"/t/{new}?seat=1#token={r['token']}"
            got0 = w0.receive_json()  # seat 0's own connection gets seat 0's token only
            assert got0 == {"type": "rematch", "table": tid, "rematch": new, "seat": 1,
                            "token": r["token"]}
            assert spectator.receive_json() == {"type": "rematch", "table": tid,
                                                "rematch": new}
        # seat 1 was not connected: it asks again and gets its own seat's token
        r1 = post(client, f"/api/tables/{tid}/rematch", tok["1"], seat=1).json()
        assert r1["seat"] == 0 and r1["token"] != r["token"]
        # a token does not work for the other seat
        assert client.get(f"/api/tables/{new}/view?seat=0",
                          headers=auth(r["token"])).status_code == 403
        nv = view(client, new, 0, r1["token"])
        names = [names[1], names[0]]
        assert [s["name"] for s in nv["seats"]] == names
        assert nv["rematch"] == {"offered": [], "table": None, "of": tid}
        assert view(client, tid)["rematch"]["table"] == new
        assert nv["options"] == view(client, tid)["options"] and nv["game"] == "toy-duel"
        tid, tok = new, {"0": r1["token"], "1": r["token"]}
        finish(client, tid, tok)
        seeds.append(client.get(f"/api/tables/{tid}/record").json()["seed"])
    assert len(set(seeds)) == 3
    # the links survive a restart
    client.app.state.tables.live.clear()  # type: ignore[attr-defined]
    assert view(client, tid)["rematch"]["of"] is not None


def test_rematch_with_an_ai_seat_is_made_at_once_and_can_be_declined(
        client: TestClient) -> None:
    t = new_table(client, seats=[{"kind": "human"}, {"kind": "human"}])
    tid, tok = t["table"], t["tokens"]
    finish(client, tid, tok)
    post(client, f"/api/tables/{tid}/rematch", tok["0"], seat=0)
    r = post(client, f"/api/tables/{tid}/rematch/decline", tok["1"], seat=1)
    assert r.json()["offered"] == [] and r.json()["rematch"] is None
    assert post(client, f"/api/tables/{tid}/rematch/decline", tok["1"],
                seat=1).json()["error"] == "no_rematch_offer"
    ai = new_table(client, seats=[{"kind": "human"}, {"kind": "ai", "agent": "random"}])
    for _ in range(200):
        if view(client, ai["table"])["status"] == "over":
            break
        v = view(client, ai["table"])
        if 0 in v["to_move"]:
            play(client, ai["table"], 0, ai["tokens"]["0"])
        else:
            time.sleep(0.02)
    r = post(client, f"/api/tables/{ai['table']}/rematch", ai["tokens"]["0"], seat=0).json()
    assert r["seat"] == 1 and r["rematch"]
    seats = view(client, r["rematch"])["seats"]
    assert [s["kind"] for s in seats] == ["ai", "human"]


# -- chat --------------------------------------------------------------------------------------

def say(client: TestClient, tid: str, seat: int | None, token: str | None, text: str,
        **more: Any) -> Any:
    return post(client, f"/api/tables/{tid}/chat", token, seat=seat, text=text, **more)


def read(client: TestClient, tid: str, seat: int | None = None, token: str | None = None
         ) -> list[dict[str, Any]]:
    q = "" if seat is None else f"?seat={seat}"
    r = client.get(f"/api/tables/{tid}/chat{q}", headers=auth(token) if token else {})
    assert r.status_code == 200, r.text
    return r.json()["messages"]  # type: ignore[no-any-return]


def test_chat_is_kept_verbatim_and_bounded(client: TestClient) -> None:
    t = new_table(client)
    tid, tok = t["table"], t["tokens"]
    hostile = '<img src=x onerror="alert(1)"> & <script>'
    assert say(client, tid, 0, tok["0"], hostile).status_code == 201
    assert read(client, tid)[0]["text"] == hostile  # the page shows it with textContent
    for bad, why in [("x" * 301, "at most 300"), ("a\x00b", "control"), ("a\nb", "control"),
                     ("   ", "some text")]:
        r = say(client, tid, 0, tok["0"], bad)
        assert r.status_code == 422 and why in r.json()["reason"], r.text
    assert say(client, tid, 0, tok["0"], "y" * 300).status_code == 201
    assert say(client, tid, 0, tok["1"], "not mine").status_code == 403
    assert len(read(client, tid)) == 2


def test_chat_is_rate_limited_per_sender(client: TestClient) -> None:
    t = new_table(client)
    tid, tok = t["table"], t["tokens"]
    codes = [say(client, tid, 0, tok["0"], f"hi {i}").status_code for i in range(6)]
    assert codes == [201] * 5 + [429]
    assert say(client, tid, 1, tok["1"], "my turn").status_code == 201  # another sender


def test_spectators_chat_apart_and_mutes(client: TestClient) -> None:
    t = new_table(client)
    tid, tok = t["table"], t["tokens"]
    with client.websocket_connect(f"/api/tables/{tid}/ws?seat=0&token={tok['0']}") as w0, \
            client.websocket_connect(f"/api/tables/{tid}/ws") as spectator:
        for ws in (w0, spectator):
            ws.receive_json()
        say(client, tid, None, None, "who wins?", name="Kim")
        got = spectator.receive_json()
        assert got["messages"][0] == {"seq": 0, "channel": "spectators", "seat": None,
                                      "name": "Kim", "text": "who wins?"}
        say(client, tid, 1, tok["1"], "good luck")
        # seat 0 never got the spectators' message: its next one is seat 1's
        assert w0.receive_json()["messages"][0]["text"] == "good luck"
        assert spectator.receive_json()["messages"][0]["channel"] == "players"
        r = post(client, f"/api/tables/{tid}/mute", tok["0"], seat=0, target=1)
        assert r.json()["muted"] == [1]
        assert w0.receive_json()["view"]["muted"] == [1]
        say(client, tid, 1, tok["1"], "you are slow")
        assert spectator.receive_json()["messages"][0]["text"] == "you are slow"
        w0.send_json({"type": "chat", "text": "still here"})
        assert w0.receive_json()["messages"][0]["text"] == "still here"
    # a mute hides the seat's earlier messages too
    assert [m["text"] for m in read(client, tid, 0, tok["0"])] == ["still here"]
    assert [m["text"] for m in read(client, tid, 1, tok["1"])] == [
        "good luck", "you are slow", "still here"]
    assert len(read(client, tid)) == 4
    assert post(client, f"/api/tables/{tid}/mute", tok["0"], seat=0,
                target=0).status_code == 422
    post(client, f"/api/tables/{tid}/mute", tok["0"], seat=0, target=1, muted=False)
    assert len(read(client, tid, 0, tok["0"])) == 3


def test_chat_survives_a_restart_and_shows_in_the_replay(
        make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    t = new_table(client)
    tid, tok = t["table"], t["tokens"]
    say(client, tid, 0, tok["0"], "hello")
    play(client, tid, 0, tok["0"])
    say(client, tid, None, None, "nice lead")
    post(client, f"/api/tables/{tid}/mute", tok["1"], seat=1, target=0)
    client.__exit__(None, None, None)
    client = make_client()
    assert [m["text"] for m in read(client, tid)] == ["hello", "nice lead"]
    with client.websocket_connect(f"/api/tables/{tid}/ws") as spectator, \
            client.websocket_connect(f"/api/tables/{tid}/ws?seat=1&token={tok['1']}") as w1, \
            client.websocket_connect(f"/api/tables/{tid}/ws?seat=0&token={tok['0']}") as w0:
        for ws in (spectator, w1, w0):
            assert ws.receive_json()["type"] == "view"
        assert [m["text"] for m in spectator.receive_json()["messages"]] == [
            "hello", "nice lead"]
        assert [m["text"] for m in w0.receive_json()["messages"]] == ["hello"]
        # seat 1 muted seat 0 and may not read the spectators: no backlog at all
        w1.send_json({"type": "chat", "text": "hm"})
        assert [m["text"] for m in w1.receive_json()["messages"]] == ["hm"]
    assert view(client, tid, 1, tok["1"])["muted"] == [0]
    finish(client, tid, tok)
    chat = client.get(f"/api/tables/{tid}/replay").json()["chat"]
    assert [(m["seq"], m["channel"], m["text"]) for m in chat] == [
        (0, "players", "hello"), (1, "spectators", "nice lead"), (1, "players", "hm")]


def test_a_database_of_the_previous_schema_upgrades_in_place(tmp_path: Any) -> None:
    from alembic import command
    from sqlalchemy import inspect, text

    from clanboard.server.core.storage import Store, alembic_config, make_engine, migrate

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = make_engine(url)
    cfg = alembic_config(url)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0002")
        conn.execute(text("INSERT INTO tables (id, game, options, num_players, seed, status) "
                          "VALUES ('old1', 'toy-duel', '{}', 2, 7, 'playing')"))
    assert "chat_messages" not in inspect(engine).get_table_names()
    migrate(engine)
    assert {"chat_messages", "chat_mutes", "rematches"} <= set(inspect(engine).get_table_names())
    assert Store(engine).load("old1") is not None
    assert together.load(Store(engine), "old1").chat == []


def test_a_log_reveal_worked_out_across_a_takeback_is_dropped(client: TestClient) -> None:
    """A move's readers are worked out after its acknowledgement; if the move is taken back
    (and another played in its place) meanwhile, the answer must not reach the new move."""
    t = new_table(client)
    tid, tok = t["table"], t["tokens"]
    first, second = view(client, tid, 0, tok["0"])["legal_moves"][:2]
    play(client, tid, 0, tok["0"], first)
    tables = client.app.state.tables  # type: ignore[attr-defined]

    async def run() -> list[int]:
        table = await tables.get(tid)

        async def job() -> list[int]:
            async with table.lock:
                await together._take_back(tables, table, 1)
            await tables.play(table, 0, second, None)
            player, text, _ = table.moves[0]
            table.moves[0] = (player, text, [0])  # say the new move is its mover's alone
            return [-1, 0, 1]

        await tables._reveal_now(table, 0, job)
        return list(table.moves[0][2])

    assert client.portal.call(run) == [0]  # type: ignore[union-attr]
