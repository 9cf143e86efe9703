"""Every tutorial of server/coach/tutorials/ played through the server to its end: the
plan is legal at each step on the real engine, each step explains itself in the learner's
language, and a second table of the same tutorial meets the same game."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from clanboard.server.coach.tutorial import words
from clanboard.server.coach.tutorials import TUTORIALS
from tests.server.conftest import auth

LANGS = ("en", "ru", "uk", "ja")


def wait_for_turn(client: TestClient, table: str, token: str, lang: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while True:
        v: dict[str, Any] = client.get(f"/api/tables/{table}/view?seat=0&lang={lang}",
                                       headers=auth(token)).json()
        if 0 in v["to_move"] or v["status"] == "over":
            return v
        assert time.monotonic() < deadline, "the AI did not move"
        time.sleep(0.05)


@pytest.mark.parametrize("tid", sorted(TUTORIALS))
def test_each_tutorial_plays_its_plan_to_the_end(serve: Callable[..., TestClient],
                                                 tid: str) -> None:
    tutorial = TUTORIALS[tid]
    client = serve()
    listed = {t["id"]: t for t in client.get("/api/tutorials").json()["tutorials"]}
    assert listed[tid]["minutes"] == tutorial.minutes > 0
    histories = []
    for round_ in range(2):
        made = client.post("/api/tables", json=listed[tid]["table"]).json()
        table, token = made["table"], made["tokens"]["0"]
        r = client.post(f"/api/tables/{table}/tutorial", json={"seat": 0, "game": tid},
                        headers=auth(token))
        assert r.status_code == 200, r.text
        for i, move in enumerate(tutorial.plan):
            lang = LANGS[(i + round_) % len(LANGS)]
            v = wait_for_turn(client, table, token, lang)
            tut = v["tutorial"]
            assert tut["following"], f"step {i + 1}: {move} is not legal any more"
            assert (tut["step"], tut["move"]) == (i + 1, move)
            assert tut["text"] == words(tutorial.steps[i], lang)
            assert move in v["legal_moves"]
            r = client.post(f"/api/tables/{table}/moves", json={"seat": 0, "move": move},
                            headers=auth(token))
            assert r.status_code == 200, r.text
        v = wait_for_turn(client, table, token, "en")
        assert v["tutorial"]["done"] and v["tutorial"]["text"] == words(tutorial.steps[-1], "en")
        # each seat's moves in order (a simultaneous step's commits may come in either order),
        # with their words: a solo opponent that is part of the rules (Glen More II's
        # Allenarly) has no seat, and its turns are told in the words of the learner's moves
        seats = {e["player"] for e in v["log"]}
        histories.append({p: [(e["move"], e["text"]) for e in v["log"] if e["player"] == p]
                          for p in seats})
    assert sum(map(len, histories[0].values())) > len(tutorial.plan) or len(tutorial.seats) == 1
    assert histories[0] == histories[1]  # the same game both times


@pytest.mark.parametrize("tid", sorted(TUTORIALS))
def test_each_step_is_translated(tid: str) -> None:
    for key in TUTORIALS[tid].steps:
        english = words(key, "en")
        for lang in LANGS[1:]:
            assert words(key, lang) != english, (tid, key, lang)
