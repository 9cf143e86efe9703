"""Sockets opened with ``log=delta``: every view, its log put together from the entries
already sent and those from ``log_from``, is exactly the whole view another socket of the
same viewer gets, for every game, every seat and a spectator, up to the end of the game
(when every log line becomes readable); a log that changes earlier is sent from there.
The log entries a table keeps between views are those it would build afresh."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from clanboard.core import games as all_games
from clanboard.core import get_game
from clanboard.server.tables.watchers import SocketWatcher, unchanged
from tests.server.conftest import TestClient, auth, new_table
from tests.support.options import start_options

VIEWERS: list[int | None] = [None, 0, 1]


def next_view(ws: Any) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        if msg["type"] == "view":
            return msg["view"]  # type: ignore[no-any-return]


@contextlib.contextmanager
def sockets(client: TestClient, tid: str, tokens: dict[str, str]
            ) -> Iterator[dict[tuple[int | None, bool], Any]]:
    with contextlib.ExitStack() as stack:
        out = {}
        for v in VIEWERS:
            for delta in (False, True):
                query = ("" if v is None else f"seat={v}&") + ("log=delta" if delta else "")
                ws = stack.enter_context(client.websocket_connect(f"/api/tables/{tid}/ws?{query}"))
                if v is not None:
                    ws.send_json({"type": "auth", "token": tokens[str(v)]})
                out[v, delta] = ws
        yield out


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_delta_views_rebuild_the_whole_views(client: TestClient, game_id: str) -> None:
    t = new_table(client, game=game_id, seed=424_242, options=start_options(get_game(game_id)))
    tid, tokens = t["table"], t["tokens"]
    live = client.app.state.tables.live[tid]  # type: ignore[attr-defined]
    rng = random.Random(3)
    held: dict[int | None, list[dict[str, Any]]] = {v: [] for v in VIEWERS}
    shorter = 0
    with sockets(client, tid, tokens) as ws:
        for _ in range(150):
            for v in VIEWERS:
                full = next_view(ws[v, False])
                delta = next_view(ws[v, True])
                start = delta.pop("log_from")
                assert "log_from" not in full and 0 <= start <= len(held[v])
                delta["log"] = held[v] = held[v][:start] + delta["log"]
                assert delta == full, f"viewer {v} at move {full['seq']}"
                # the entries kept from view to view are those built afresh
                key, over = -1 if v is None else v, live.state.is_terminal()
                assert full["log"] == [live._log_entry(i, key, over, "en")
                                       for i in range(live.seq)]
                shorter += start
            if live.state.is_terminal():
                break
            seat = rng.choice(live.state.players_to_move())
            move = rng.choice([str(m) for m in live.state.legal_moves(seat)])
            r = client.post(f"/api/tables/{tid}/moves", headers=auth(tokens[str(seat)]),
                            json={"seat": seat, "move": move})
            assert r.status_code == 200, r.text
    assert shorter > 0, "no view left out the entries already sent"


class FakeSocket:
    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)


def test_a_changed_or_shorter_log_is_sent_from_the_first_difference() -> None:
    assert unchanged([{"a": 1}, {"b": 2}], [{"a": 1}, {"b": 2}, {"c": 3}]) == 2
    assert unchanged([{"a": 1}, {"b": 2}], [{"a": 1}, {"b": 5}, {"c": 3}]) == 1
    assert unchanged([{"a": 1}, {"b": 2}, {"c": 3}], [{"a": 1}]) == 1  # taken back
    assert unchanged([], [{"a": 1}]) == 0

    async def run() -> list[dict[str, Any]]:
        sock = FakeSocket()
        w = SocketWatcher(sock, 0)  # type: ignore[arg-type]
        w.delta = True
        logs: list[list[dict[str, Any]]] = [
            [{"m": "x"}], [{"m": "x"}, {"m": "y"}], [{"m": "x"}, {"m": None}, {"m": "z"}],
            [{"m": "x"}]]
        for log in logs:
            w.offer_view({"seq": len(log), "log": log}, {})
        w.offer({"type": "view", "view": {"seq": 9, "log": [{"m": "x"}, {"m": "w"}]}})
        while not w.queue.empty():
            await asyncio.sleep(0)
        await w.stop()
        return [json.loads(s)["view"] for s in sock.sent]

    views = asyncio.run(run())
    assert [(v["log_from"], v["log"]) for v in views] == [
        (0, [{"m": "x"}]), (1, [{"m": "y"}]), (1, [{"m": None}, {"m": "z"}]), (1, []),
        (1, [{"m": "w"}])]
