"""For every registered game: views are built from observations only, and secret choices
made at simultaneous steps never show up in another viewer's log."""

from __future__ import annotations

import json
import random

import pytest

from clanboard.core import SIMULTANEOUS, get_game
from clanboard.core import games as all_games
from tests.server.conftest import TestClient, auth, new_table
from tests.support.options import start_options


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_views_show_only_observations(client: TestClient, game_id: str) -> None:
    t = new_table(client, game=game_id, seed=987_654_321_987,
                  seats=[{"kind": "human"}, {"kind": "human"}],
                  options=start_options(get_game(game_id)))
    tid, tokens = t["table"], t["tokens"]
    live = client.app.state.tables.live[tid]  # type: ignore[attr-defined]
    rng = random.Random(5)
    secret = 0
    for _ in range(40):
        state = live.state
        if state.is_terminal():
            break
        viewers = [None, 0, 1]
        views = {v: client.get(f"/api/tables/{tid}/view" + ("" if v is None else f"?seat={v}"),
                               headers=auth(tokens[str(v)]) if v is not None else {}).json()
                 for v in viewers}
        for v, view in views.items():
            assert view["observation"] == json.loads(json.dumps(state.observation(v)))
            mine = v is not None and v in state.players_to_move()
            assert view["legal_moves"] == ([str(m) for m in state.legal_moves(v)] if mine else [])
            assert str(state.seed) not in json.dumps({k: x for k, x in view.items()
                                                      if k != "observation"})
        seat = rng.choice(state.players_to_move())
        simultaneous = state.current_player() == SIMULTANEOUS
        move = rng.choice(views[seat]["legal_moves"])
        r = client.post(f"/api/tables/{tid}/moves", headers=auth(tokens[str(seat)]),
                        json={"seat": seat, "move": move})
        assert r.status_code == 200, r.text
        # still waiting for another seat's secret choice: nothing is revealed yet
        if simultaneous and live.state.current_player() == SIMULTANEOUS:
            secret += 1
            for v in (None, 1 - seat):
                other = client.get(f"/api/tables/{tid}/view" +
                                   ("" if v is None else f"?seat={v}"),
                                   headers=auth(tokens[str(v)]) if v is not None else {}).json()
                assert other["log"][-1]["move"] is None, f"{move} leaked to {v}"
                secret_parts = [w for w in move.split()[1:] if len(w) > 2]
                assert not any(w in other["log"][-1]["text"] for w in secret_parts), (
                    f"the words for {move} leaked to {v}: {other['log'][-1]['text']}")
    if game_id == "isle-of-skye":
        assert secret > 0, "no simultaneous step was reached"
