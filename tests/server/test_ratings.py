"""Glicko-2 (Glickman's worked example), final rankings, pairwise multi-player rating, and
ratings after rated games through the API: once only, also across a restart."""

from __future__ import annotations

import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any, cast

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from clanboard.server.accounts.store import AccountStore, SeatResult
from clanboard.server.ratings.glicko2 import Rating, rate
from clanboard.server.ratings.results import final_ranking, outcome, pairwise_scores, rate_game
from clanboard.server.tables.live import LiveTable
from tests.server.browsers import play_out, signed_up

#: one win against an equal newcomer, both 1500/350/0.06 (Glicko-2, tau 0.5)
WIN = Rating(1662.31, 290.32, 0.06)
LOSS = Rating(1337.69, 290.32, 0.06)


def test_glickmans_worked_example() -> None:
    """"Example of the Glicko-2 system": 1500/200/0.06 plays 1400/30 (wins), 1550/100 and
    1700/300 (loses both); the paper ends at 1464.06, 151.52 and 0.05999 (rounding its
    steps as it goes, so the rating agrees to within 0.01)."""
    after = rate(Rating(1500, 200, 0.06),
                 [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.015)
    assert after.rd == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    # its step 7 on the Glicko-2 scale: mu' = -0.2069, phi' = 0.8722
    assert (after.rating - 1500) / 173.7178 == pytest.approx(-0.2069, abs=0.00005)
    assert after.rd / 173.7178 == pytest.approx(0.8722, abs=0.00005)


def test_a_rating_period_without_games_only_widens_the_deviation() -> None:
    after = rate(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500 and after.volatility == 0.06
    assert after.rd == pytest.approx((200 ** 2 + (0.06 * 173.7178) ** 2) ** 0.5, abs=1e-6)


def test_one_game_between_newcomers() -> None:
    winner, loser = rate_game([Rating(), Rating()], [0, 1])
    for got, want in ((winner, WIN), (loser, LOSS)):
        assert got.rating == pytest.approx(want.rating, abs=0.01)
        assert got.rd == pytest.approx(want.rd, abs=0.01)
        assert got.volatility == pytest.approx(want.volatility, abs=1e-4)
    a, b = rate_game([Rating(), Rating()], [0, 0])
    assert a == b and a.rating == pytest.approx(1500) and a.rd < 350


def fake_table(n: int, winners: list[int], scores: list[float], over: bool = True
               ) -> LiveTable:
    state = SimpleNamespace(num_players=n, is_terminal=lambda: over,
                            winners=lambda: winners, scores=lambda: scores)
    return cast(LiveTable, SimpleNamespace(state=state))


def test_final_ranking() -> None:
    assert final_ranking(fake_table(2, [1], [3, 5])) == [1, 0]
    assert final_ranking(fake_table(2, [0, 1], [4, 4])) == [0, 0]
    # winners share first place; the others follow by score, equal scores share a place
    assert final_ranking(fake_table(4, [2], [10, 30, 31, 10])) == [2, 1, 0, 2]
    # a shared win, whatever its seats' scores
    assert final_ranking(fake_table(3, [0, 2], [9, 12, 8])) == [0, 2, 0]
    # seats that lost on time rank last; the others share first place if the game is not over
    assert final_ranking(fake_table(3, [], [0, 0, 0], over=False), losers={1}) == [0, 2, 0]
    assert final_ranking(fake_table(3, [2], [5, 6, 7]), losers={2}) == [1, 0, 2]
    assert outcome(0, [0, 1]) == "win" and outcome(1, [0, 1]) == "loss"
    assert outcome(0, [0, 0, 0]) == "draw" and outcome(0, [0, 0, 2]) == "win"


def test_multi_player_games_are_rated_pairwise() -> None:
    ranking = [1, 0, 2]  # seat 1 first, seat 0 second, seat 2 last
    assert pairwise_scores(ranking) == [[(1, 0.0), (2, 1.0)], [(0, 1.0), (2, 1.0)],
                                        [(0, 0.0), (1, 0.0)]]
    before = [Rating(1500, 350), Rating(1500, 350), Rating(1500, 350)]
    second, first, last = rate_game(before, ranking)
    # a win and a loss against equals keeps the rating and narrows the deviation
    assert second.rating == pytest.approx(1500, abs=1e-6) and second.rd < 350
    assert first.rating > 1500 > last.rating
    assert first.rating - 1500 == pytest.approx(1500 - last.rating, abs=1e-6)
    # each player's period is its pairwise games against the others' ratings before
    assert first == rate(before[1], [(before[0], 1.0), (before[2], 1.0)])


@given(st.lists(st.integers(0, 3), min_size=2, max_size=5))
def test_a_better_place_never_rates_lower_among_equals(ranks: list[int]) -> None:
    n = len(ranks)
    after = rate_game([Rating() for _ in range(n)], ranks)
    for i in range(n):
        for j in range(n):
            if ranks[i] < ranks[j]:
                assert after[i].rating > after[j].rating
            elif ranks[i] == ranks[j]:
                assert after[i].rating == pytest.approx(after[j].rating)
    # among equals, what one gains another loses (up to step 5's tolerance)
    assert sum(r.rating for r in after) == pytest.approx(1500 * n, abs=1e-3)


def leaderboard_once_rated(client: TestClient, n: int) -> list[dict[str, Any]]:
    """The toy duel's leaderboard once it has ``n`` players (when an AI makes the last
    move, the results are stored just after the view shows the game over)."""
    deadline = time.monotonic() + 20
    while len(players := client.get("/api/leaderboard/toy-duel").json()["players"]) < n:
        assert time.monotonic() < deadline, "the finished table was not rated"
        time.sleep(0.05)
    return players  # type: ignore[no-any-return]


def rated_duel(client: TestClient, seed_names: tuple[str, str]) -> tuple[str, dict[str, Any]]:
    """A rated toy duel between two new accounts, played to its end."""
    ann = signed_up(client, seed_names[0])
    bob = signed_up(client, seed_names[1])
    t = ann.post("/api/tables", json={"game": "toy-duel", "rated": True,
                                      "seats": [{"kind": "human"}, {"kind": "open"}]}).json()
    j = bob.post(f"/api/tables/{t['table']}/join", json={}).json()
    end = play_out(ann, t["table"], {0: t["tokens"]["0"], 1: j["token"]})
    return t["table"], end


def test_ratings_after_a_rated_game(make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    tid, end = rated_duel(client, ("Ann", "Bob"))
    winner = end["result"]["winners"]
    assert len(winner) == 1
    names = ["Ann", "Bob"]
    won, lost = names[winner[0]], names[1 - winner[0]]
    board = client.get("/api/leaderboard/toy-duel").json()
    assert [p["name"] for p in board["players"]] == [won, lost]
    top, bottom = board["players"]
    assert (top["rating"], top["rd"], top["games"]) == (
        pytest.approx(WIN.rating, abs=0.01), pytest.approx(WIN.rd, abs=0.01), 1)
    assert (bottom["rating"], bottom["rd"]) == (pytest.approx(LOSS.rating, abs=0.01),
                                                pytest.approx(LOSS.rd, abs=0.01))
    page = client.get(f"/api/users/{won}").json()
    assert page["games"] == [{"game": "toy-duel", "played": 1, "win": 1, "draw": 0, "loss": 0}]
    assert page["ratings"][0]["rating"] == pytest.approx(WIN.rating, abs=0.01)
    game = page["recent"][0]
    assert game["table"] == tid and game["outcome"] == "win" and game["place"] == 1
    assert game["rated"] and game["rating_before"] == 1500
    assert client.get(game["links"]["record"]).status_code == 200
    # once only: recording the table again changes nothing, nor does a restart
    tables = client.app.state.tables  # type: ignore[attr-defined]
    store = AccountStore(tables.store.engine)
    assert not store.record_game(tid, "toy-duel", "", 2, [SeatResult(0, 1, 0, "win")], True,
                                 lambda before: [Rating(3000, 1, 0.06)])
    client.__exit__(None, None, None)
    again = make_client()
    time.sleep(0.2)  # the start-up's pass over unrecorded tables
    assert again.get("/api/leaderboard/toy-duel").json() == board
    assert again.get("/api/leaderboard/no-such-game").status_code == 404


def test_a_game_that_ended_unrecorded_is_recorded_after_a_restart(
        make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    tables = client.app.state.tables  # type: ignore[attr-defined]
    tables.game_over_hooks.clear()  # as if the server stopped just after the last move
    rated_duel(client, ("Ann", "Bob"))
    assert client.get("/api/leaderboard/toy-duel").json()["players"] == []
    client.__exit__(None, None, None)
    again = make_client()
    players = leaderboard_once_rated(again, 2)
    assert [p["games"] for p in players] == [1, 1]
    assert players[0]["rating"] == pytest.approx(WIN.rating, abs=0.01)


def test_a_rated_game_against_an_ai_level(client: TestClient) -> None:
    me = signed_up(client, "Seonaid")
    t = me.post("/api/tables", json={"game": "toy-duel", "rated": True,
                                     "seats": [{"kind": "human"},
                                               {"kind": "ai", "agent": "random"}]})
    assert t.status_code == 201, t.text
    seats = t.json()["seats"]
    # the bot account of the level, shown as an AI seat's name
    assert seats[1]["name"] == "Campbell (AI, random)" and seats[1]["account"]
    play_out(me, t.json()["table"], {0: t.json()["tokens"]["0"]})
    board = leaderboard_once_rated(client, 2)
    assert sorted(p["name"] for p in board) == ["AI-random", "Seonaid"]
    bot = client.get("/api/users/AI-random").json()
    assert bot["bot"] and bot["games"][0]["played"] == 1
    # the bot account has no password: nobody logs in to it
    r = me.post("/api/account/login", json={"name": "AI-random", "password": "anything!"})
    assert r.status_code == 401


def test_unrated_games_of_accounts_are_results_without_ratings(client: TestClient) -> None:
    me = signed_up(client, "Greer")
    t = me.post("/api/tables", json={"game": "toy-duel", "seats": [
        {"kind": "human"}, {"kind": "ai", "agent": "random"}]}).json()
    play_out(me, t["table"], {0: t["tokens"]["0"]})
    deadline = time.monotonic() + 20
    while not (page := client.get("/api/users/Greer").json())["games"]:
        assert time.monotonic() < deadline  # the AI's last move: results follow it
        time.sleep(0.05)
    assert page["games"][0]["played"] == 1 and page["ratings"] == []
    assert not page["recent"][0]["rated"] and page["recent"][0]["rating_after"] is None
    assert client.get("/api/leaderboard/toy-duel").json()["players"] == []


def test_three_accounts_rated_pairwise_in_storage(client: TestClient) -> None:
    for name in ("Una", "Vaila", "Wren"):
        signed_up(client, name)
    t = client.post("/api/tables", json={"game": "toy-duel", "seed": 1}).json()
    store = AccountStore(client.app.state.tables.store.engine)  # type: ignore[attr-defined]
    ranking = [2, 0, 1]
    seats = [SeatResult(i, i + 1, ranking[i], outcome(ranking[i], ranking)) for i in range(3)]
    assert store.record_game(t["table"], "toy-duel", "", 3, seats, True,
                             lambda before: rate_game(before, ranking))
    board = client.get("/api/leaderboard/toy-duel").json()["players"]
    want = rate_game([Rating()] * 3, ranking)
    assert [p["name"] for p in board] == ["Vaila", "Wren", "Una"]
    assert [p["rating"] for p in board] == [pytest.approx(want[i].rating, abs=0.01)
                                           for i in (1, 2, 0)]
    assert client.get("/api/users/Una").json()["recent"][0]["place"] == 3
