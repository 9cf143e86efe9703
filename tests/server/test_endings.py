"""Resign, abort, abandon, claim and the refused draw (server/endings/actions.py), the open-table
limit per account (server/accounts/limits.py): right and wrong players, too late, already over,
hostile input (a clear translated refusal that changes nothing), ratings, a restart."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from clanboard.core import games as all_games
from clanboard.server.ratings.glicko2 import Rating
from tests.server.browsers import signed_up
from tests.server.conftest import TestClient, app_starter, auth, new_table
from tests.support.fakeclock import FakeClock

HAS_GLEN_MORE = "glen-more" in [g.id for g in all_games()]
#: one win against an equal newcomer, both 1500/350/0.06 (Glicko-2, tau 0.5)
WIN = Rating(1662.31, 290.32, 0.06)
LOSS = Rating(1337.69, 290.32, 0.06)
CYRILLIC = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґ")


def cyrillic(text: str) -> bool:
    return any(c in CYRILLIC for c in text.lower())


def view(client: Any, tid: str, seat: int | None = None, token: str | None = None,
         lang: str = "en") -> dict[str, Any]:
    q = f"?lang={lang}" + (f"&seat={seat}" if seat is not None else "")
    r = client.get(f"/api/tables/{tid}/view{q}", headers=auth(token) if token else {})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def act(client: Any, tid: str, action: str, seat: int, token: str | None,
        lang: str = "en", **body: Any) -> Any:
    return client.post(f"/api/tables/{tid}/{action}?lang={lang}", json={"seat": seat, **body},
                       headers=auth(token) if token else {})


def move(client: Any, t: dict[str, Any], seat: int) -> None:
    tok = t["tokens"][str(seat)]
    v = view(client, t["table"], seat, tok)
    r = client.post(f"/api/tables/{t['table']}/moves", headers=auth(tok),
                    json={"seat": seat, "move": v["legal_moves"][0], "seq": v["seq"]})
    assert r.status_code == 200, r.text


def unchanged(client: Any, tid: str, before: dict[str, Any]) -> None:
    after = view(client, tid)
    assert (after["status"], after["seq"], after["events"], after["result"]) == (
        before["status"], before["seq"], before["events"], before["result"])


# -- resign ----------------------------------------------------------------------------------

def test_resigning_a_duel_makes_the_other_win_and_survives_a_restart(
        make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    t = new_table(client)
    tid, tok = t["table"], t["tokens"]
    move(client, t, 0)
    r = act(client, tid, "resign", 1, tok["1"])
    assert r.status_code == 200, r.text
    end = r.json()
    assert end["status"] == "over"
    assert end["result"]["winners"] == [0] and end["result"]["reason"] == "resign"
    assert end["result"]["explanation"]["summary"] == "Player 2 resigned: Player 1 wins"
    assert end["events"][-1]["kind"] == "ending" and end["events"][-1]["seat"] == 1
    ru = view(client, tid, lang="ru")
    assert cyrillic(ru["events"][-1]["text"]) and cyrillic(ru["result"]["explanation"]["summary"])
    # already over: a translated refusal that changes nothing
    before = view(client, tid)
    again = act(client, tid, "resign", 0, tok["0"], lang="uk")
    assert again.status_code == 409 and again.json()["error"] == "game_over"
    assert cyrillic(again.json()["reason"])
    unchanged(client, tid, before)
    client.__exit__(None, None, None)
    restarted = make_client()
    stored = view(restarted, tid)
    assert stored["status"] == "over" and stored["result"]["winners"] == [0]
    assert stored["events"][-1]["text"] == "Player 2 resigned: Player 1 wins"
    assert restarted.get(f"/api/tables/{tid}/record").json()["result"]["reason"] == "resign"


@pytest.mark.parametrize(("seat", "token", "status", "code"), [
    (1, None, 401, "token_required"),          # no token
    (1, "0", 403, "wrong_token"),              # the other seat's token
    (1, "nonsense", 403, "wrong_token"),
    (7, "1", 404, "no_such_seat"),
])
def test_resigning_for_a_seat_one_does_not_hold_is_refused(
        client: TestClient, seat: int, token: str | None, status: int, code: str) -> None:
    t = new_table(client)
    tid = t["table"]
    before = view(client, tid)
    tok = t["tokens"].get(token, token) if token else None
    r = act(client, tid, "resign", seat, tok)
    assert (r.status_code, r.json()["error"]) == (status, code), r.text
    unchanged(client, tid, before)


@pytest.mark.parametrize("body", [
    {}, {"seat": -1}, {"seat": "zero"}, {"seat": 0, "extra": 1}, {"seat": 10 ** 30},
    {"seat": 0, "result": "x" * 10_000},
])
def test_hostile_bodies_are_refused_and_change_nothing(client: TestClient,
                                                       body: dict[str, Any]) -> None:
    t = new_table(client)
    tid = t["table"]
    before = view(client, tid)
    for action in ("resign", "abort", "abandon", "claim", "draw"):
        r = client.post(f"/api/tables/{tid}/{action}", json=body, headers=auth(t["tokens"]["0"]))
        assert r.status_code == 400 and r.json()["error"] == "malformed_request", r.text
    unchanged(client, tid, before)
    r = client.post("/api/tables/no-such-table/resign", json={"seat": 0})
    assert r.status_code == 404


def test_a_spectator_cannot_resign_and_a_waiting_table_is_not_resigned(
        client: TestClient) -> None:
    t = new_table(client, seats=[{"kind": "human"}, {"kind": "open"}])
    tid = t["table"]
    r = act(client, tid, "resign", 0, t["tokens"]["0"], lang="ru")
    assert r.status_code == 409 and r.json()["error"] == "not_started"
    assert cyrillic(r.json()["reason"])
    assert view(client, tid)["status"] == "waiting"


# -- abort -----------------------------------------------------------------------------------

def test_abort_before_both_have_moved_and_not_after(client: TestClient) -> None:
    t = new_table(client)
    tid, tok = t["table"], t["tokens"]
    assert view(client, tid, 1, tok["1"])["endings"]["abort"] is True
    move(client, t, 0)
    r = act(client, tid, "abort", 1, tok["1"])
    assert r.status_code == 200, r.text
    end = r.json()
    assert end["status"] == "over" and end["result"]["winners"] == []
    assert end["result"]["reason"] == "aborted"
    assert "aborted" in end["result"]["explanation"]["summary"]
    late = new_table(client)
    move(client, late, 0)
    move(client, late, 1)
    assert view(client, late["table"], 0, late["tokens"]["0"])["endings"]["abort"] is False
    before = view(client, late["table"])
    r = act(client, late["table"], "abort", 0, late["tokens"]["0"], lang="ja")
    assert r.status_code == 409 and r.json()["error"] == "too_late_to_abort"
    assert r.json()["reason"] != "too late to abort: every player has moved; resign instead"
    unchanged(client, late["table"], before)


def test_an_aborted_rated_game_changes_no_rating_and_records_nothing(
        make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    ann, bob = signed_up(client, "Ann"), signed_up(client, "Bob")
    t = ann.post("/api/tables", json={"game": "toy-duel", "rated": True,
                                      "seats": [{"kind": "human"}, {"kind": "open"}]}).json()
    j = bob.post(f"/api/tables/{t['table']}/join", json={}).json()
    r = bob.post(f"/api/tables/{t['table']}/abort", json={"seat": 1},
                 headers=auth(j["token"]))
    assert r.status_code == 200, r.text
    time.sleep(0.2)
    assert client.get("/api/leaderboard/toy-duel").json()["players"] == []
    assert client.get("/api/users/Ann").json()["recent"] == []
    client.__exit__(None, None, None)
    again = make_client()  # the start-up's pass over unrecorded tables finds nothing
    time.sleep(0.2)
    assert again.get("/api/leaderboard/toy-duel").json()["players"] == []


# -- ratings ---------------------------------------------------------------------------------

def test_a_rated_resignation_is_rated_as_a_loss(client: TestClient) -> None:
    ann, bob = signed_up(client, "Ann"), signed_up(client, "Bob")
    t = ann.post("/api/tables", json={"game": "toy-duel", "rated": True,
                                      "seats": [{"kind": "human"}, {"kind": "open"}]}).json()
    j = bob.post(f"/api/tables/{t['table']}/join", json={}).json()
    # Ann (logged in, no token) moves, then resigns through her session
    v = ann.get(f"/api/tables/{t['table']}/view?seat=0").json()
    assert ann.post(f"/api/tables/{t['table']}/moves",
                    json={"seat": 0, "move": v["legal_moves"][0]}).status_code == 200
    r = ann.post(f"/api/tables/{t['table']}/resign", json={"seat": 0})
    assert r.status_code == 200, r.text
    assert r.json()["result"]["winners"] == [1]
    deadline = time.monotonic() + 10
    while len(board := client.get("/api/leaderboard/toy-duel").json()["players"]) < 2:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert [p["name"] for p in board] == ["Bob", "Ann"]
    assert board[0]["rating"] == pytest.approx(WIN.rating, abs=0.01)
    assert board[1]["rating"] == pytest.approx(LOSS.rating, abs=0.01)
    assert client.get("/api/users/Ann").json()["recent"][0]["outcome"] == "loss"
    assert j["seat"] == 1


# -- abandon ---------------------------------------------------------------------------------

def test_the_creator_abandons_a_table_nobody_joined(client: TestClient) -> None:
    t = new_table(client, seats=[{"kind": "human"}, {"kind": "open"}])
    tid = t["table"]
    assert view(client, tid, 0, t["tokens"]["0"])["endings"]["abandon"] is True
    r = act(client, tid, "abandon", 0, t["tokens"]["0"])
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "over" and r.json()["result"]["reason"] == "abandoned"
    joined = client.post(f"/api/tables/{tid}/join", json={})
    assert joined.status_code == 409 and joined.json()["error"] == "game_over"
    assert view(client, tid)["seats"][1]["kind"] == "open"
    started = new_table(client)
    r = act(client, started["table"], "abandon", 0, started["tokens"]["0"])
    assert r.status_code == 409 and r.json()["error"] == "game_started"


@pytest.mark.skipif(not HAS_GLEN_MORE, reason="needs Glen More")
def test_only_the_creator_may_abandon(client: TestClient) -> None:
    ann, bob = signed_up(client, "Ann"), signed_up(client, "Bob")
    t = ann.post("/api/tables", json={"game": "glen-more", "num_players": 3, "seats": [
        {"kind": "human"}, {"kind": "open"}, {"kind": "open"}]}).json()
    j = bob.post(f"/api/tables/{t['table']}/join", json={}).json()
    r = bob.post(f"/api/tables/{t['table']}/abandon?lang=ru", json={"seat": j["seat"]},
                 headers=auth(j["token"]))
    assert r.status_code == 403 and r.json()["error"] == "not_creator"
    assert cyrillic(r.json()["reason"])
    assert view(client, t["table"])["status"] == "waiting"
    r = ann.post(f"/api/tables/{t['table']}/abandon", json={"seat": 0})
    assert r.status_code == 200 and r.json()["status"] == "over"


# -- claims ----------------------------------------------------------------------------------

@pytest.fixture
def fake() -> FakeClock:
    return FakeClock()


@pytest.fixture
def timed(data_dir: Path, fake: FakeClock) -> Iterator[Callable[..., TestClient]]:
    with app_starter(data_dir, None, ai_max_seconds=0.05, clock=fake) as make:
        yield make


@pytest.mark.parametrize("what", ["victory", "draw"])
def test_a_claim_against_a_player_gone_past_the_limit(
        timed: Callable[..., TestClient], fake: FakeClock, what: str) -> None:
    client = timed(claim_after_seconds=120)
    t = new_table(client)
    tid, tok = t["table"], t["tokens"]
    r = act(client, tid, "claim", 0, tok["0"], result=what)
    assert r.status_code == 409 and r.json()["error"] == "nobody_gone"  # it waits for seat 0
    move(client, t, 0)
    r = act(client, tid, "claim", 0, tok["0"], lang="ru", result=what)
    assert r.status_code == 409 and r.json()["error"] == "too_soon"
    assert r.json()["retry_after"] == 120 and cyrillic(r.json()["reason"])
    assert view(client, tid, 0, tok["0"])["endings"]["claim"] is True
    claim = client.get(f"/api/tables/{tid}/claim?seat=0", headers=auth(tok["0"])).json()
    assert claim["seats"] == [1] and claim["wait"] == 120
    assert client.get(f"/api/tables/{tid}/claim?seat=0").status_code == 401
    fake.advance(121)
    r = act(client, tid, "claim", 0, tok["0"], result=what)
    assert r.status_code == 200, r.text
    result = r.json()["result"]
    if what == "victory":
        assert result["winners"] == [0]
        assert result["explanation"]["summary"] == (
            "Player 2 left the game: Player 1 claimed the victory")
    else:
        assert result["winners"] == [0, 1] and result["reason"] == "draw_claim"


def test_no_claim_while_the_player_is_connected(timed: Callable[..., TestClient],
                                                fake: FakeClock) -> None:
    client = timed(claim_after_seconds=60)
    t = new_table(client)
    move(client, t, 0)
    with client.websocket_connect(f"/api/tables/{t['table']}/ws?seat=1") as ws:
        ws.send_json({"type": "auth", "token": t["tokens"]["1"]})
        assert ws.receive_json()["type"] == "view"
        fake.advance(600)
        r = act(client, t["table"], "claim", 0, t["tokens"]["0"])
        assert r.status_code == 409 and r.json()["error"] == "nobody_gone"
    # gone now: the limit counts from when it was last seen
    r = act(client, t["table"], "claim", 0, t["tokens"]["0"])
    assert r.status_code == 409 and r.json()["error"] == "too_soon"


def test_a_correspondence_game_is_the_clocks_to_decide(timed: Callable[..., TestClient],
                                                       fake: FakeClock) -> None:
    client = timed(claim_after_seconds=60)
    t = new_table(client, clock={"kind": "correspondence", "days_per_move": 1})
    move(client, t, 0)
    fake.advance(3600)
    r = act(client, t["table"], "claim", 0, t["tokens"]["0"])
    assert r.status_code == 409 and r.json()["error"] == "clock_decides"
    assert view(client, t["table"])["status"] == "playing"


def test_a_draw_by_agreement_is_refused_with_the_reason(client: TestClient) -> None:
    t = new_table(client)
    before = view(client, t["table"])
    r = act(client, t["table"], "draw", 0, t["tokens"]["0"], lang="uk")
    assert r.status_code == 409 and r.json()["error"] == "no_draw_by_agreement"
    assert cyrillic(r.json()["reason"])
    unchanged(client, t["table"], before)


# -- three players ---------------------------------------------------------------------------

def finish(client: TestClient, tid: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while (v := view(client, tid))["status"] != "over":
        assert time.monotonic() < deadline, "the AI did not finish the game"
        time.sleep(0.1)
    return v


@pytest.mark.skipif(not HAS_GLEN_MORE, reason="needs Glen More")
@pytest.mark.parametrize("on_resign", ["ai", "last"])
def test_a_three_player_glen_more_goes_on_after_a_resignation(
        client: TestClient, on_resign: str) -> None:
    r = client.post("/api/tables", json={
        "game": "glen-more", "num_players": 3, "on_resign": on_resign, "seats": [
            {"kind": "human"}, {"kind": "ai", "agent": "random"},
            {"kind": "ai", "agent": "random"}]})
    assert r.status_code == 201, r.text
    t = r.json()
    tid, tok = t["table"], t["tokens"]["0"]
    with client.websocket_connect(f"/api/tables/{tid}/ws?seat=0") as ws:
        ws.send_json({"type": "auth", "token": tok})
        assert ws.receive_json()["view"]["viewer"] == 0
        r = act(client, tid, "resign", 0, tok)
        assert r.status_code == 200, r.text
        # from the resignation on, that page sees what a spectator sees: not the AI's hand
        after = ws.receive_json()
        while after.get("type") != "view":
            after = ws.receive_json()
        assert after["view"]["viewer"] is None and after["view"]["legal_moves"] == []
    v = r.json()
    assert v["status"] == "playing" and v["viewer"] is None
    assert v["seats"][0]["kind"] == "ai" and v["seats"][0]["agent"] == "random"
    assert v["events"][-1]["text"].startswith("Player 1 resigned")
    # the seat is the AI's now: its old token no longer acts or sees for it
    again = act(client, tid, "resign", 0, tok)
    assert again.status_code == 403 and again.json()["error"] == "seat_left"
    end = finish(client, tid)
    lines = end["result"]["explanation"]["lines"]
    assert any(line.startswith("Player 1 resigned") for line in lines)
    if on_resign == "last":
        assert 0 not in end["result"]["winners"]


def test_on_resign_must_be_ai_or_last(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "toy-duel", "on_resign": "kick"})
    assert r.status_code == 400


# -- the open-table limit ----------------------------------------------------------------------

def test_open_tables_count_per_account_and_the_refusal_names_them(
        serve: Callable[..., TestClient]) -> None:
    client = serve(max_open_tables=2)
    ann = signed_up(client, "Ann")
    made = [ann.post("/api/tables", json={"game": "toy-duel"}).json()["table"]
            for _ in range(2)]
    r = ann.post("/api/tables?lang=ru", json={"game": "toy-duel"})
    assert r.status_code == 429 and r.json()["error"] == "too_many_open_tables"
    body = r.json()
    assert [x["table"] for x in body["tables"]] == made
    assert [x["link"] for x in body["tables"]] == [f"/t/{m}" for m in made]
    assert cyrillic(body["reason"]) and all(f"/t/{m}" in body["reason"] for m in made)
    # a guest behind the same address has a count of its own, and Bob his
    assert client.post("/api/tables", json={"game": "toy-duel"}).status_code == 201
    bob = signed_up(client, "Bob")
    assert bob.post("/api/tables", json={"game": "toy-duel"}).status_code == 201
    # resigning one of hers frees a place
    first = ann.post(f"/api/tables/{made[0]}/resign", json={"seat": 0})
    assert first.status_code == 200, first.text
    assert ann.post("/api/tables", json={"game": "toy-duel"}).status_code == 201


def test_guests_share_their_address_and_abandoning_frees_a_place(
        serve: Callable[..., TestClient]) -> None:
    client = serve(max_open_tables=1)
    t = new_table(client, seats=[{"kind": "human"}, {"kind": "open"}])
    r = client.post("/api/tables", json={"game": "toy-duel"})
    assert r.status_code == 429
    assert "one address may have at most 1 unfinished tables" in r.json()["reason"]
    assert act(client, t["table"], "abandon", 0, t["tokens"]["0"]).status_code == 200
    assert client.post("/api/tables", json={"game": "toy-duel"}).status_code == 201
