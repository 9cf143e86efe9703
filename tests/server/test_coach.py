"""Hints and coach mode (server/coach/hints.py): a hint is a legal, explained move of the asker;
budgets, rated tables and spectators are refused; a hint never depends on what the asker
may not see; coach mode marks a planted blunder."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from clanboard.core import GameRecord, get_game
from clanboard.core.rng import Rng
from clanboard.server.coach import hints as coach
from clanboard.server.coach.hints import hint_for
from clanboard.server.tables import timers
from tests.server.conftest import auth, new_table

PLANTED = Path(__file__).parents[1] / "ai" / "data" / "planted_blunder.json"
#: seat 1 plays 7r@8 there, which loses at once (tests/ai/test_analysis.py)
BLUNDER = 43
VS_AI = [{"kind": "human"}, {"kind": "ai", "agent": "random"}]


@pytest.fixture(autouse=True)
def fresh_limiter() -> Iterator[None]:
    coach._limiter.storage.reset()
    yield


def hint(client: TestClient, table: str, seat: int, token: str | None,
         lang: str = "en") -> Any:
    return client.post(f"/api/tables/{table}/hint?lang={lang}", json={"seat": seat},
                       headers=auth(token) if token else {})


def view(client: TestClient, table: str, seat: int | None = None,
         token: str | None = None) -> dict[str, Any]:
    url = f"/api/tables/{table}/view" + ("" if seat is None else f"?seat={seat}")
    body: dict[str, Any] = client.get(url, headers=auth(token) if token else {}).json()
    return body


def ai_table(client: TestClient, seed: int = 3) -> tuple[str, str]:
    made = new_table(client, game="schotten-totten", seed=seed, seats=VS_AI)
    return made["table"], made["tokens"]["0"]


def test_a_hint_is_a_legal_move_of_the_asker_explained_in_words(
        serve: Callable[..., TestClient]) -> None:
    client = serve(hint_iterations=150)
    table, token = ai_table(client)
    legal = view(client, table, 0, token)["legal_moves"]
    r = hint(client, table, 0, token)
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["move"] in legal
    assert got["alternative"] in legal and got["alternative"] != got["move"]
    assert 0 <= got["value"] <= 1 and 0 <= got["alt_value"] <= 1
    assert got["lines"][0] == f"The AI would play: {got['move_text']}."
    assert got["move_text"] != got["move"]  # the game's words, not the notation
    assert f"{round(100 * got['value'])}%" in got["text"]
    assert got["hints"] == 1
    # the same position asked again: the same hint, not counted again
    again = hint(client, table, 0, token, "ru").json()
    assert again["move"] == got["move"] and again["hints"] == 1
    assert again["lines"][0].startswith("ИИ сыграл бы")
    assert view(client, table)["coach"]["hints"] == [1, 0]


def test_budgets_are_refused_in_the_askers_language(serve: Callable[..., TestClient]) -> None:
    client = serve(hint_iterations=50, hints_per_seat=1)
    table, token = ai_table(client)
    first = hint(client, table, 0, token).json()
    assert client.post(f"/api/tables/{table}/moves", json={"seat": 0, "move": first["move"]},
                       headers=auth(token)).status_code == 200
    deadline = time.monotonic() + 30
    while 0 not in view(client, table)["to_move"]:  # the AI moves
        assert time.monotonic() < deadline
        time.sleep(0.05)
    spent = hint(client, table, 0, token, "uk")
    assert spent.status_code == 429 and spent.json()["error"] == "hints_spent"
    assert "підказ" in spent.json()["reason"]

    client2 = serve(hint_iterations=50, hint_rate=1)
    other, token2 = ai_table(client2, seed=4)
    assert hint(client2, other, 0, token2).status_code == 200
    third, token3 = ai_table(client2, seed=5)
    limited = hint(client2, third, 0, token3, "ja")
    assert limited.status_code == 429 and limited.json()["error"] == "rate_limited"
    assert int(limited.json()["retry_after"]) >= 1 and "ヒント" in limited.json()["reason"]


def test_rated_tables_spectators_and_others_turns_are_refused(
        serve: Callable[..., TestClient]) -> None:
    client = serve(hint_iterations=50)
    table, token = ai_table(client)
    assert hint(client, table, 0, None).status_code == 401  # no seat's token: a spectator
    assert hint(client, table, 1, token).status_code in (401, 403)  # the AI's seat
    live = client.app.state.tables.live[table]  # type: ignore[attr-defined]
    live.rated = True
    rated = hint(client, table, 0, token)
    assert rated.status_code == 403 and rated.json()["error"] == "coach_rated"
    on = client.post(f"/api/tables/{table}/coach", json={"seat": 0, "on": True},
                     headers=auth(token))
    assert on.status_code == 403
    assert view(client, table)["coach"]["allowed"] is False


def test_a_hint_never_depends_on_what_the_asker_may_not_see() -> None:
    game = get_game("schotten-totten")
    state = game.new_state(2, 17)
    for _ in range(6):  # a few moves in, so both hands and the deck are in play
        seat = state.current_player()
        state.apply(state.legal_moves(seat)[0], seat)
    seat = state.current_player()
    other = state.determinize(seat, Rng(99))  # the opponent's hand and the deck re-dealt
    assert other.observation(seat) == state.observation(seat)
    assert other.to_json() != state.to_json()
    first = hint_for(game.id, state.to_json(), seat, 200, seed=5)
    second = hint_for(game.id, other.to_json(), seat, 200, seed=5)
    assert first == second


def planted_table(serve: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
                  ) -> tuple[TestClient, GameRecord, str, str]:
    """A table replaying the planted blunder's game: seat 0 (the "AI") replays the record's
    moves, seat 1 is the coached human; the client, the record, the table and seat 1's
    token."""
    record = GameRecord.load(PLANTED)
    theirs = iter(m for p, m in record.moves if p == 0)
    monkeypatch.setattr(timers, "choose_move", lambda *a, **k: next(theirs))
    client = serve(coach_iterations=200)
    made = new_table(client, game="schotten-totten", seed=record.seed,
                     options=dict(record.options),
                     seats=[{"kind": "ai", "agent": "random"}, {"kind": "human"}])
    return client, record, made["table"], made["tokens"]["1"]


def test_coach_mode_marks_a_planted_blunder(serve: Callable[..., TestClient],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    client, record, table, token = planted_table(serve, monkeypatch)
    on = client.post(f"/api/tables/{table}/coach", json={"seat": 1, "on": False},
                     headers=auth(token))
    assert on.status_code == 200 and on.json()["coach"]["on"] is False
    for index, (player, move) in enumerate(record.moves[:BLUNDER + 1]):
        deadline = time.monotonic() + 30
        while view(client, table)["seq"] < index:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        if player != 1:
            continue
        if index == BLUNDER:  # coaching from here on
            assert client.post(f"/api/tables/{table}/coach", json={"seat": 1, "on": True},
                               headers=auth(token)).status_code == 200
        r = client.post(f"/api/tables/{table}/moves", json={"seat": 1, "move": move},
                        headers=auth(token))
        assert r.status_code == 200, r.text
    deadline = time.monotonic() + 120
    while (verdict := view(client, table, 1, token)["coach"]["verdict"]) is None:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert verdict["index"] == BLUNDER and verdict["move"] == "7r@8"
    assert verdict["mark"] in ("mistake", "blunder"), verdict
    assert verdict["best"] != "7r@8" and verdict["best_text"]
    assert verdict["text"].startswith(verdict["mark_text"] + ":")
    assert "Better:" in verdict["text"]
    ru = client.get(f"/api/tables/{table}/view?seat=1&lang=ru", headers=auth(token)).json()
    assert "Лучше:" in ru["coach"]["verdict"]["text"]
    # the verdict is the coached seat's alone
    assert "verdict" not in view(client, table)["coach"]


def test_a_refused_move_links_to_the_rules_section_it_applied(
        serve: Callable[..., TestClient]) -> None:
    from clanboard.server.tables.rules_links import anchors, headings

    for game in ("schotten-totten", "glen-more", "glen-more-2", "isle-of-skye"):
        # the translations keep the English sections, so one anchor names each everywhere
        assert all(len(headings(game, lang)) == len(anchors(game))
                   for lang in ("ru", "uk", "ja")), game
    client = serve()
    made = new_table(client, game="schotten-totten", seed=3)
    table, token = made["table"], made["tokens"]["0"]
    # "claim 1" with an empty side: the rule on claiming, in the asker's language
    r = client.post(f"/api/tables/{table}/moves?lang=ru", json={"seat": 0, "move": "claim 1"},
                    headers=auth(token))
    assert r.status_code == 422, r.text
    rules = r.json()["rules"]
    assert rules["anchor"] == "claiming-with-proof"
    assert rules["url"] == "/rules/schotten-totten?lang=ru#claiming-with-proof"
    assert rules["title"] == headings("schotten-totten", "ru")[2]
    html = client.get("/api/games/schotten-totten/rules?lang=ja").json()["html"]
    assert '<h2 id="claiming-with-proof">' in html and '<h2 id="your-turn">' in html
    wrong = client.post(f"/api/tables/{table}/moves", json={"seat": 0, "move": "9z@1"},
                        headers=auth(token))
    assert wrong.status_code == 422 and wrong.json()["rules"]["anchor"] == "your-turn"


def test_the_schotten_totten_tutorial_step_by_step(serve: Callable[..., TestClient]) -> None:
    from clanboard.server.coach.tutorial import MESSAGES, TUTORIALS

    client = serve()
    listed = client.get("/api/tutorials").json()["tutorials"]
    spec = next(t for t in listed if t["game"] == "schotten-totten")["table"]
    made = client.post("/api/tables", json=spec).json()
    table, token = made["table"], made["tokens"]["0"]
    assert view(client, table, 0, token)["tutorial"] is None  # not followed yet
    r = client.post(f"/api/tables/{table}/tutorial", json={"seat": 0, "game": "schotten-totten"},
                    headers=auth(token))
    assert r.status_code == 200, r.text
    tut = r.json()["tutorial"]
    assert (tut["step"], tut["move"], tut["text"]) == (1, "4y@5", MESSAGES["schotten-totten.1"])
    assert r.json()["coach"]["on"] is True
    plan = TUTORIALS["schotten-totten"].plan
    for i, move in enumerate(plan):
        deadline = time.monotonic() + 60
        while 0 not in (v := view(client, table, 0, token))["to_move"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert v["tutorial"]["step"] == i + 1 and v["tutorial"]["move"] == move
        assert move in v["legal_moves"]  # the plan is legal on the deal, whatever the AI plays
        assert client.post(f"/api/tables/{table}/moves", json={"seat": 0, "move": move},
                           headers=auth(token)).status_code == 200
    done = client.get(f"/api/tables/{table}/view?seat=0&lang=ja", headers=auth(token)).json()
    assert done["tutorial"]["done"] is True and done["tutorial"]["move"] is None
    assert "基本" in done["tutorial"]["text"]
    assert view(client, table)["tutorial"] is None  # spectators see no tutorial

    other = new_table(client, game="schotten-totten", seed=8, seats=VS_AI)
    refused = client.post(f"/api/tables/{other['table']}/tutorial?lang=ru",
                          json={"seat": 0, "game": "schotten-totten"},
                          headers=auth(other["tokens"]["0"]))
    assert refused.status_code == 409 and "обучени" in refused.json()["reason"]


def test_a_learner_who_leaves_the_plan_is_told_the_game_is_theirs(
        serve: Callable[..., TestClient]) -> None:
    from clanboard.server.coach.tutorial import MESSAGES

    client = serve()
    listed = client.get("/api/tutorials").json()["tutorials"]
    spec = next(t for t in listed if t["game"] == "schotten-totten")["table"]
    made = client.post("/api/tables", json=spec).json()
    table, token = made["table"], made["tokens"]["0"]
    client.post(f"/api/tables/{table}/tutorial", json={"seat": 0, "game": spec["game"]},
                headers=auth(token))
    assert client.post(f"/api/tables/{table}/moves", json={"seat": 0, "move": "3o@1"},
                       headers=auth(token)).status_code == 200
    tut = view(client, table, 0, token)["tutorial"]
    assert tut["following"] is False and tut["text"] == MESSAGES["own_way"]


def test_hints_taken_and_coach_mode_are_stored(make_client: Callable[..., TestClient]) -> None:
    """On SQLite and PostgreSQL: the hints taken and coach mode survive a restart."""
    client = make_client(hint_iterations=40)
    table, token = ai_table(client)
    assert hint(client, table, 0, token).status_code == 200
    assert client.post(f"/api/tables/{table}/coach", json={"seat": 0, "on": True},
                       headers=auth(token)).status_code == 200
    client.__exit__(None, None, None)
    client = make_client(hint_iterations=40)
    assert view(client, table)["coach"]["hints"] == [1, 0]
    assert view(client, table, 0, token)["coach"]["on"] is True
