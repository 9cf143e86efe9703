"""Glen More II at a server table: the lobby's description, a table from the `provisional`
variant with chronicle 9, and chronicle 9's secret bids hidden from every other viewer (its
views, log and words) until the reveal."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from clanboard.core import games
from tests.server.conftest import TestClient, auth, new_table

pytestmark = pytest.mark.skipif("glen-more-2" not in [g.id for g in games()],
                                reason="Glen More II is not installed")


def view(client: TestClient, tid: str, seat: int | None, tokens: dict[str, str]) -> Any:
    q = "" if seat is None else f"?seat={seat}"
    headers = auth(tokens[str(seat)]) if seat is not None else {}
    r = client.get(f"/api/tables/{tid}/view{q}", headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def test_the_lobby_offers_a_preset_that_starts(client: TestClient) -> None:
    info = next(g for g in client.get("/api/games").json() if g["id"] == "glen-more-2")
    assert info["renderer"] is True
    assert info["variants"] == {"provisional": {"provisional": True}}
    options = {o["name"]: o for o in info["options"]}
    assert options["provisional"]["default"] is False and "9" in options["chronicles"]["choices"]
    # the lobby's first variant is its default choice: it starts
    t = new_table(client, game="glen-more-2", variant=next(iter(info["variants"])),
                  options={"chronicles": "9"},
                  seats=[{"kind": "human"}, {"kind": "ai", "agent": "random"},
                         {"kind": "ai", "agent": "random"}])
    v = view(client, t["table"], 0, t["tokens"])
    assert v["variant"] == "provisional" and v["observation"]["chronicles"] == [9]
    assert "settings.csv rondel_spaces" in v["observation"]["provisional"]


def test_without_the_preset_the_table_is_refused_with_the_reason(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "glen-more-2", "options": {"chronicles": "9"},
                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 422 and "provisional=true" in r.json()["reason"]
    r = client.post("/api/tables", json={"game": "glen-more-2", "variant": "provisional",
                                         "options": {"chronicles": "9,12"},
                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 422 and "solo=true" in r.json()["reason"]


def test_a_secret_bid_reaches_no_other_viewer_before_the_reveal(client: TestClient) -> None:
    t = new_table(client, game="glen-more-2", variant="provisional", seed=31,
                  options={"chronicles": "9"}, seats=[{"kind": "human"}] * 3)
    tid, tokens = t["table"], t["tokens"]
    live = client.app.state.tables.live[tid]  # type: ignore[attr-defined]
    rng = random.Random(2)
    # play quickly (no bids of our own) until the first bidding starts
    for _ in range(3000):
        obs = live.state.observation(None)
        if obs["phase"] == "bid":
            break
        seat = live.state.players_to_move()[0]
        moves = [str(m) for m in live.state.legal_moves(seat)]
        r = client.post(f"/api/tables/{tid}/moves", headers=auth(tokens[str(seat)]),
                        json={"seat": seat, "move": rng.choice(moves)})
        assert r.status_code == 200, r.text
    else:
        raise AssertionError("no bidding was reached")
    legal = view(client, tid, 0, tokens)["legal_moves"]
    secret = next(m for m in ("bid 5,3,1", "bid 5,3", "bid 4,2", "bid 2") if m in legal)
    stack = secret.split()[1]
    r = client.post(f"/api/tables/{tid}/moves", headers=auth(tokens["0"]),
                    json={"seat": 0, "move": secret})
    assert r.status_code == 200, r.text
    bid_at = len(view(client, tid, 0, tokens)["log"]) - 1

    mine = view(client, tid, 0, tokens)
    assert mine["observation"]["bids"][0] == [int(x) for x in stack.split(",")]
    assert mine["log"][bid_at]["move"] == secret
    for other in (1, 2, None):
        v = view(client, tid, other, tokens)
        assert v["observation"]["bids"][0] is True  # only that seat 0 has bid
        assert v["log"][bid_at]["move"] is None
        # everything but the viewer's own legal moves (which list every stack it may bid)
        text = json.dumps({k: x for k, x in v.items() if k != "legal_moves"})
        numbers = ", ".join(stack.split(","))
        assert secret not in text and stack not in text and f"[{numbers}]" not in text, \
            f"seat 0's bid reached viewer {other}"
    # the others bid; then the stacks are revealed stage by stage in the observation (the
    # log line stays hidden until the game is over, as for every secret move)
    for seat in (1, 2):
        r = client.post(f"/api/tables/{tid}/moves", headers=auth(tokens[str(seat)]),
                        json={"seat": seat, "move": "bid none"})
        assert r.status_code == 200, r.text
    after = view(client, tid, 1, tokens)
    revealed = [x["feast"] for x in after["observation"]["last_reveal"] if x["seat"] == 0]
    assert revealed == [int(x) for x in stack.split(",")][:len(revealed)] and revealed


def test_the_view_carries_the_boards_words_in_the_viewers_language(client: TestClient) -> None:
    """The page names and describes components through the server's describer: the view's
    ``words`` follow the viewer's language; other games send none."""
    t = new_table(client, game="glen-more-2", variant="provisional", seed=5,
                  options={"chronicles": "9,10,11"}, seats=[{"kind": "human"}] * 3)
    tid, tokens = t["table"], t["tokens"]
    en = view(client, tid, 0, tokens)["words"]
    r = client.get(f"/api/tables/{tid}/view?seat=0&lang=ru", headers=auth(tokens["0"]))
    ru = r.json()["words"]
    assert en["clans"]["MacKay"] == {"name": "MacKay", "effect":
                                     "take the personality David Hume if nobody has it"}
    assert ru["clans"]["MacKay"]["name"] == "Маккей"
    assert ru["tiles"]["HV"]["name"] == "Начальная деревня"
    assert ru["stacks"]["S"] == "Н" and ru["pack"] == "временные компоненты"
    # only the tiles in sight (the stacks' tiles are not named before they come out)
    assert set(en["tiles"]) <= set(view(client, tid, 0, tokens)["observation"]["tiles"])
    # a spectator reads the same words: nothing in them is hidden
    assert client.get(f"/api/tables/{tid}/view").json()["words"] == en
    other = new_table(client, game="schotten-totten")
    assert view(client, other["table"], 0, other["tokens"])["words"] is None
