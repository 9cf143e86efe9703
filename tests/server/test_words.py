"""The API speaks in words: log lines, replay labels, the end screen's explanation, and
Schotten Totten's 'why can't I claim?'."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from clanboard.core import get_game
from clanboard.games.isle_of_skye.describe import tile_words
from tests.server.conftest import TestClient, auth, new_table

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def _view(client: TestClient, tid: str, seat: int | None = None,
          token: str | None = None) -> dict[str, Any]:
    q = "" if seat is None else f"?seat={seat}"
    r = client.get(f"/api/tables/{tid}/view{q}", headers=auth(token) if token else {})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def _play(client: TestClient, t: dict[str, Any], moves: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    tid = t["table"]
    for _ in range(moves):
        v = _view(client, tid)
        if v["status"] == "over":
            return
        seat = v["to_move"][0]
        mine = _view(client, tid, seat, t["tokens"][str(seat)])
        r = client.post(f"/api/tables/{tid}/moves", headers=auth(t["tokens"][str(seat)]),
                        json={"seat": seat, "move": rng.choice(mine["legal_moves"])})
        assert r.status_code == 200, r.text


def test_log_lines_are_words_with_the_seat_names(client: TestClient) -> None:
    t = new_table(client, game="schotten-totten", seed=5, seats=SEATS)
    _play(client, t, 12)
    log = _view(client, t["table"])["log"]
    assert len(log) == 12
    for e in log:
        assert e["move"] is not None  # Schotten Totten plays these in the open
        assert e["text"].startswith(("Ann ", "Bob ")), e
        assert e["text"] != e["move"]
    plays = [e for e in log if "@" in e["move"]]
    assert plays and all(" plays " in e["text"] and " at stone " in e["text"] for e in plays)


def test_hidden_moves_are_described_without_what_they_hide(client: TestClient) -> None:
    t = new_table(client, game="isle-of-skye", seed=7, seats=SEATS)
    tid = t["table"]
    live = client.app.state.tables.live[tid]  # type: ignore[attr-defined]
    while live.state.phase != "price":
        _play(client, t, 1)
    drawn = list(live.state.drawn[0])
    named = [tile_words(live.state, tile) for tile in drawn]  # in words, never by id
    r = client.post(f"/api/tables/{tid}/moves", headers=auth(t["tokens"]["0"]),
                    json={"seat": 0, "move": f"discard {drawn[0]}"})
    assert r.status_code == 200, r.text
    mine = _view(client, tid, 0, t["tokens"]["0"])["log"][-1]
    assert mine["move"] == f"discard {drawn[0]}" and mine["text"] == f"Ann discards {named[0]}"
    for seat, token in ((1, t["tokens"]["1"]), (None, None)):
        line = _view(client, tid, seat, token)["log"][-1]
        assert line["move"] is None
        assert line["text"] == "Ann chooses a tile to discard"
        assert not any(tile in line["text"] for tile in drawn + named)


def test_the_end_screen_and_replay_say_why(make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    t = new_table(client, game="schotten-totten", seed=3, seats=SEATS)
    tid = t["table"]
    _play(client, t, 2000, seed=3)
    v = _view(client, tid)
    assert v["status"] == "over"
    why = v["result"]["explanation"]
    assert why["summary"].startswith(("Ann wins: Ann holds", "Bob wins: Bob holds",
                                      "No winner: neither"))
    assert why["tables"][0]["columns"] == ["Ann", "Bob"]
    rp = client.get(f"/api/tables/{tid}/replay").json()
    texts = [f["move"]["text"] for f in rp["frames"][1:]]
    assert texts == [e["text"] for e in v["log"]]
    assert rp["result"]["explanation"] == why
    # after a restart the words are rebuilt from the stored moves, the same
    client.__exit__(None, None, None)
    again = make_client()
    assert _view(again, tid)["log"] == v["log"]


def test_explain_claim(client: TestClient) -> None:
    t = new_table(client, game="schotten-totten", seed=11, seats=SEATS)
    tid, tok0 = t["table"], t["tokens"]["0"]
    _play(client, t, 40, seed=11)
    url = f"/api/tables/{tid}/explain-claim"
    assert client.get(f"{url}?seat=0&stone=1").status_code == 401
    assert client.get(f"{url}?seat=0&stone=1", headers=auth(t["tokens"]["1"])).status_code == 403
    assert client.get(f"{url}?seat=0&stone=0", headers=auth(tok0)).status_code == 400
    assert client.get(f"{url}?stone=1").status_code == 422  # whose claim?
    state = client.app.state.tables.live[tid].state  # type: ignore[attr-defined]
    for stone in range(1, 10):
        a = client.get(f"{url}?seat=0&stone={stone}", headers=auth(tok0)).json()
        assert a["holds"] == state.can_claim(0, stone - 1) and a["stone"] == stone
        assert a["reason"]
        # the proof uses public cards only: a spectator asking about seat 0 reads the same
        assert client.get(f"{url}?player=0&stone={stone}").json() == a
    other = new_table(client, seed=1)
    r = client.get(f"/api/tables/{other['table']}/explain-claim?player=0&stone=1")
    assert r.status_code == 422 and r.json()["error"] == "bad_question"


def test_every_game_has_words_for_every_logged_move(client: TestClient) -> None:
    for game in ("glen-more", "isle-of-skye"):
        t = new_table(client, game=game, seed=2, seats=SEATS)
        _play(client, t, 30, seed=2)
        log = _view(client, t["table"])["log"]
        assert log and all(e["text"].startswith(("Ann ", "Bob ")) for e in log), log[:3]
        assert get_game(game).name


def test_abandoned_tables_are_listed_as_such(client: TestClient) -> None:
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import update

    from clanboard.server.core.models import TableRow
    from clanboard.server.core.storage import ABANDONED_AFTER

    quiet = new_table(client, game="schotten-totten", seed=1, seats=SEATS)["table"]
    busy = new_table(client, game="schotten-totten", seed=2, seats=SEATS)["table"]
    store = client.app.state.tables.store  # type: ignore[attr-defined]
    with store.sessions.begin() as s:
        s.execute(update(TableRow).where(TableRow.id == quiet).values(
            updated_at=datetime.now(UTC).replace(tzinfo=None)
            - (ABANDONED_AFTER + timedelta(hours=1))))
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[quiet]["status"] == "abandoned"
    assert listed[busy]["status"] == "playing"
    assert listed[busy]["last_active"].endswith("Z")


def test_a_finished_replay_shows_every_hand(client: TestClient) -> None:
    t = new_table(client, game="schotten-totten", seed=3, seats=SEATS)
    _play(client, t, 2000, seed=3)
    rp = client.get(f"/api/tables/{t['table']}/replay").json()
    assert rp["viewer"] is None
    first = rp["frames"][1]
    assert first["observation"]["hand"] is None  # the spectator's own view...
    hands = [o["hand"] for o in first["observations"]]  # ...and every seat's, hands and all
    assert all(len(h) == 6 for h in hands) and not set(hands[0]) & set(hands[1])
    gm = new_table(client, game="glen-more", seed=3, seats=SEATS)
    _play(client, gm, 3000, seed=3)
    frames = client.get(f"/api/tables/{gm['table']}/replay").json()["frames"]
    assert all(f["observations"] is None for f in frames)  # nothing was ever hidden


def test_a_move_made_of_several_steps_is_logged_step_by_step(
        make_client: Callable[[], TestClient]) -> None:
    """Isle of Skye's one-line pricing commit (``offer``) is played as its three steps:
    each is stored, logged in words and hidden from the others, and the table rebuilds."""
    client = make_client()
    t = new_table(client, game="isle-of-skye", seed=7, seats=SEATS)
    tid = t["table"]
    live = client.app.state.tables.live[tid]  # type: ignore[attr-defined]
    while live.state.phase != "price":
        _play(client, t, 1)
    start = live.seq
    a, b, c = live.state.drawn[0]
    named = tile_words(live.state, b)  # a tile in words, never its id
    r = client.post(f"/api/tables/{tid}/moves", headers=auth(t["tokens"]["0"]),
                    json={"seat": 0, "move": f"offer {a} {b}=2 {c}=1", "seq": start})
    assert r.status_code == 200, r.text
    mine = r.json()["log"][start:]
    assert [e["move"] for e in mine] == [f"discard {a}", f"price {b} 2", f"price {c} 1"]
    assert mine[1]["text"] == f"Ann prices {named} at 2 gold"
    theirs = _view(client, tid, 1, t["tokens"]["1"])["log"][start:]
    assert [e["text"] for e in theirs] == ["Ann chooses a tile to discard",
                                           "Ann sets a price behind the screen",
                                           "Ann sets a price behind the screen"]
    assert all(e["move"] is None for e in theirs)
    client.__exit__(None, None, None)
    again = make_client()
    assert _view(again, tid, 0, t["tokens"]["0"])["log"][start:] == mine


def test_hidden_words_are_made_only_for_viewers_who_may_not_read_the_move() -> None:
    """Words for a viewer who may not read a move are made only for such viewers (a
    public move has none)."""
    from clanboard.server.tables.live import SPECTATOR, describe

    state = get_game("schotten-totten").new_state(2, 3)
    move = state.legal_moves(0)[0]
    everyone = [SPECTATOR, 0, 1]
    full, hidden = describe(state, move, 0, ["Ann", "Bob"], ["en"], everyone)["en"]
    assert hidden == {} and "Ann" in full
    full, hidden = describe(state, move, 0, ["Ann", "Bob"], ["en"], [0])["en"]
    assert sorted(hidden) == [SPECTATOR, 1] and all(hidden.values())
    _, hidden = describe(state, move, 0, ["Ann", "Bob"], ["en"], [0, 1])["en"]
    assert sorted(hidden) == [SPECTATOR]
