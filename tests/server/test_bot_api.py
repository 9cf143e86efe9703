"""The bot API over real HTTP (a live server): streams, moves, errors, reconnection, the
documented example client and ``clanboard bot``."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import random
import re
import threading
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from clanboard.cli.bot import run_bot
from clanboard.cli.main import app as cli_app
from clanboard.core import get_game
from clanboard.server.bots.api import StreamWatcher
from tests.support.liveserver import live_server

DOC = Path(__file__).resolve().parents[2] / "docs" / "bot-api.md"
GAME = "schotten-totten"


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("bot") / "data", bot_keepalive=0.2, rate_reads=0,
                     rate_writes=0, rate_tables=0, max_open_tables=0) as base:
        yield base


def new_table(url: str, seats: list[dict[str, Any]], seed: int = 7) -> dict[str, Any]:
    r = httpx.post(f"{url}/api/tables", json={"game": GAME, "seed": seed, "seats": seats})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def lines(url: str, path: str, token: str, limit: int = 1000
          ) -> Generator[dict[str, Any], None, None]:
    """The JSON lines of a stream (keep-alives skipped), until it ends or ``limit``."""
    with httpx.stream("GET", f"{url}{path}", headers=auth(token),
                      timeout=httpx.Timeout(10, read=30)) as r:
        assert r.status_code == 200, r.read()
        for i, raw in enumerate(r.iter_lines()):
            if i >= limit:
                return
            if raw:
                yield json.loads(raw)


def human_plays(url: str, table: str, seat: int, token: str, seed: int = 1) -> dict[str, Any]:
    """A person at ``seat`` through the ordinary table API: random legal moves to the end."""
    rng = random.Random(seed)
    with httpx.Client(base_url=url, headers=auth(token), timeout=10) as http:
        while True:
            view = http.get(f"/api/tables/{table}/view?seat={seat}").json()
            if view["status"] == "over":
                return view  # type: ignore[no-any-return]
            if view["legal_moves"]:
                r = http.post(f"/api/tables/{table}/moves",
                              json={"seat": seat, "move": rng.choice(view["legal_moves"]),
                                    "seq": view["seq"]})
                assert r.status_code in (200, 409), r.text
            else:
                threading.Event().wait(0.01)


def doc_example() -> Any:
    """The Python client of docs/bot-api.md, loaded as a module."""
    source = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)[-1]
    assert len(source.splitlines()) <= 45
    spec = importlib.util.spec_from_loader("bot_example", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    exec(compile(source, str(DOC), "exec"), module.__dict__)  # noqa: S102 - our own doc
    return module


def test_documented_bot_plays_a_full_game_against_a_human_seat(url: str) -> None:
    t = new_table(url, [{"kind": "human", "name": "bot"}, {"kind": "human", "name": "Ann"}])
    table, bot_token, human_token = t["table"], t["tokens"]["0"], t["tokens"]["1"]
    got: dict[str, Any] = {}
    bot = threading.Thread(target=lambda: got.update(
        result=doc_example().play(url, table, bot_token)))
    bot.start()
    final = human_plays(url, table, 1, human_token)
    bot.join(60)
    assert not bot.is_alive()
    assert got["result"] == final["result"]
    record = httpx.get(f"{url}/api/tables/{table}/record").json()
    movers = {p for p, _ in record["moves"] if p >= 0}
    assert movers == {0, 1} and final["seq"] == len(record["moves"])


def test_stream_lines_show_the_seat_its_view_and_a_sample_it_may_know(url: str) -> None:
    t = new_table(url, [{"kind": "human"}, {"kind": "human"}], seed=3)
    table, tokens = t["table"], t["tokens"]
    stream = lines(url, f"/api/bot/game/{table}/stream", tokens["1"])
    full = next(stream)
    assert full["type"] == "gameFull" and full["seat"] == 1 and full["game"] == GAME
    state = full["state"]
    assert state["to_move"] == [0] and not state["my_turn"] and state["legal_moves"] == []
    assert state["sample"] is None and state["clocks"] is None
    view0 = httpx.get(f"{url}/api/tables/{table}/view?seat=0", headers=auth(tokens["0"])).json()
    r = httpx.post(f"{url}/api/bot/game/{table}/move", headers=auth(tokens["0"]),
                   json={"move": view0["legal_moves"][0], "seq": 0})
    assert r.status_code == 200 and r.json()["seq"] == 1, r.text
    line = next(stream)
    while line["type"] != "gameState":
        line = next(stream)
    view1 = httpx.get(f"{url}/api/tables/{table}/view?seat=1", headers=auth(tokens["1"])).json()
    assert line["seq"] == 1 and line["my_turn"]
    assert line["observation"] == view1["observation"]
    assert line["legal_moves"] == view1["legal_moves"]
    assert [m["seq"] for m in line["moves"]] == [0]
    assert line["moves"][0]["text"] == view1["log"][0]["text"]
    # the sample: consistent with the seat's observation, no seed, no history
    sample = line["sample"]
    assert sample["seed"] == 0 and sample["history"] == []
    game = get_game(GAME)
    assert game.state_from_json(sample).observation(1) == view1["observation"]
    stream.close()


def test_a_sample_redeals_what_the_seat_cannot_see(url: str) -> None:
    t = new_table(url, [{"kind": "human"}, {"kind": "human"}], seed=11)
    table, tokens = t["table"], t["tokens"]
    hands = set()
    for _ in range(4):
        full = next(lines(url, f"/api/bot/game/{table}/stream", tokens["0"], limit=1))
        state = get_game(GAME).state_from_json(full["state"]["sample"])
        hands.add(json.dumps(state.observation(1)))  # the opponent's hand, as dealt
    assert len(hands) > 1


def test_event_stream_tells_game_start_and_finish(url: str) -> None:
    t = new_table(url, [{"kind": "human"}, {"kind": "open"}])
    table, token = t["table"], t["tokens"]["0"]
    events: list[dict[str, Any]] = []
    reader = threading.Thread(target=lambda: events.extend(
        lines(url, "/api/bot/stream/event", token)))
    reader.start()
    threading.Event().wait(0.5)
    assert events == []  # waiting for the open seat
    joined = httpx.post(f"{url}/api/tables/{table}/join", json={}).json()
    assert joined["seat"] == 1
    bot = threading.Thread(target=lambda: doc_example().play(url, table, token))
    bot.start()
    human_plays(url, table, 1, joined["token"])
    bot.join(60)
    reader.join(30)
    assert not reader.is_alive()
    assert [e["type"] for e in events] == ["gameStart", "gameFinish"]
    assert events[0]["game"] == {"table": table, "game": GAME, "seat": 0,
                                 "stream": f"/api/bot/game/{table}/stream"}
    assert events[1]["result"]["winners"]


def test_keepalive_lines_come_while_nothing_happens(url: str) -> None:
    t = new_table(url, [{"kind": "human"}, {"kind": "human"}])
    with httpx.stream("GET", f"{url}/api/bot/game/{t['table']}/stream",
                      headers=auth(t["tokens"]["1"]), timeout=10) as r:
        it = r.iter_lines()
        assert json.loads(next(it))["type"] == "gameFull"
        assert next(it) == "" and next(it) == ""


@pytest.mark.parametrize(("how", "status", "code"), [
    ("no token", 401, "token_required"),
    ("not bearer", 401, "malformed_authorization"),
    ("wrong token", 403, "wrong_token"),
    ("other table's token", 403, "wrong_token"),
    ("unknown table", 404, "no_such_table"),
    ("not your turn", 409, "not_your_turn"),
    ("stale seq", 409, "stale_move"),
    ("illegal move", 422, "illegal_move"),
    ("no move", 400, "malformed_request"),
    ("extra field", 400, "malformed_request"),
    ("not json", 400, "malformed_request"),
])
def test_malformed_bot_requests_get_the_documented_errors(url: str, how: str, status: int,
                                                          code: str) -> None:
    t = new_table(url, [{"kind": "human"}, {"kind": "human"}])
    other = new_table(url, [{"kind": "human"}, {"kind": "human"}])
    table, tokens = t["table"], t["tokens"]
    headers = auth(tokens["0"])
    body: Any = {"move": "nonsense", "seq": 0}
    path = f"/api/bot/game/{table}/move"
    legal = httpx.get(f"{url}/api/tables/{table}/view?seat=0", headers=headers
                      ).json()["legal_moves"]
    if how == "no token":
        headers = {}
    elif how == "not bearer":
        headers = {"Authorization": f"Token {tokens['0']}"}
    elif how == "wrong token":
        headers = auth("x" * 32)
    elif how == "other table's token":
        headers = auth(other["tokens"]["0"])
    elif how == "unknown table":
        path = "/api/bot/game/nosuchtable/move"
    elif how == "not your turn":
        headers, body = auth(tokens["1"]), {"move": legal[0]}
    elif how == "stale seq":
        body = {"move": legal[0], "seq": 5}
    elif how == "no move":
        body = {"seq": 0}
    elif how == "extra field":
        body = {"move": legal[0], "seat": 1}
    before = httpx.get(f"{url}/api/tables/{table}/view").json()["seq"]
    if how == "not json":
        r = httpx.post(f"{url}{path}", headers={**headers, "content-type": "application/json"},
                       content=b"{not json")
    else:
        r = httpx.post(f"{url}{path}", headers=headers, json=body)
    assert r.status_code == status, r.text
    assert r.json()["error"] == code and r.json()["reason"]
    if code == "illegal_move":
        assert r.json()["allowed"] == legal
    assert httpx.get(f"{url}/api/tables/{table}/view").json()["seq"] == before
    # the streams refuse the same way
    if how in ("no token", "not bearer", "wrong token", "other table's token",
               "unknown table"):
        stream_path = path.replace("/move", "/stream")
        r = httpx.get(f"{url}{stream_path}", headers=headers, timeout=10)
        assert (r.status_code, r.json()["error"]) == (status, code)
    if how in ("no token", "not bearer", "wrong token"):
        r = httpx.get(f"{url}/api/bot/stream/event", headers=headers, timeout=10)
        assert (r.status_code, r.json()["error"]) == (status, code)


def test_a_bot_that_drops_mid_game_reconnects_and_finishes(url: str) -> None:
    t = new_table(url, [{"kind": "human"}, {"kind": "human"}], seed=5)
    table, tokens = t["table"], t["tokens"]
    human = threading.Thread(target=human_plays, args=(url, table, 1, tokens["1"]))
    human.start()
    # the bot plays a few moves, then its connection drops (closed mid-stream)
    played = 0
    with httpx.stream("GET", f"{url}/api/bot/game/{table}/stream", headers=auth(tokens["0"]),
                      timeout=10) as r:
        for raw in r.iter_lines():
            if not raw:
                continue
            line = json.loads(raw)
            state = line["state"] if line["type"] == "gameFull" else line
            if line["type"] in ("gameFull", "gameState") and state["my_turn"]:
                httpx.post(f"{url}/api/bot/game/{table}/move", headers=auth(tokens["0"]),
                           json={"move": state["legal_moves"][0], "seq": state["seq"]})
                played += 1
                if played == 3:
                    break
    # back: the stream starts with the full state, with the game moved on
    full = next(lines(url, f"/api/bot/game/{table}/stream", tokens["0"], limit=1))
    assert full["type"] == "gameFull" and full["state"]["seq"] >= 5
    assert len(full["state"]["moves"]) == full["state"]["seq"]
    result = doc_example().play(url, table, tokens["0"])
    human.join(60)
    final = httpx.get(f"{url}/api/tables/{table}/view").json()
    assert final["status"] == "over" and result == {
        **final["result"], "explanation": result["explanation"]}


class DropsOnce(httpx.BaseTransport):
    """A network that cuts the first bot stream after a few lines (then works)."""

    def __init__(self, after: int) -> None:
        self.inner = httpx.HTTPTransport()
        self.after = after
        self.cut = 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self.inner.handle_request(request)
        if not request.url.path.endswith("/stream") or self.cut:
            return response
        self.cut += 1
        inner, after = response.stream, self.after

        class Cut(httpx.SyncByteStream):
            def __iter__(self) -> Iterator[bytes]:
                n = 0
                for chunk in inner:  # type: ignore[union-attr]
                    yield chunk
                    n += chunk.count(b"\n")
                    if n >= after:
                        raise httpx.ReadError("connection reset (test)")

            def close(self) -> None:
                inner.close()  # type: ignore[union-attr]

        return httpx.Response(response.status_code, headers=response.headers, stream=Cut())


def test_run_bot_reconnects_after_a_network_drop(url: str) -> None:
    t = new_table(url, [{"kind": "human"}, {"kind": "ai", "agent": "random"}], seed=9)
    said: list[str] = []
    net = DropsOnce(after=4)
    with httpx.Client(transport=net) as client:
        end = run_bot(client, url, t["table"], t["tokens"]["0"], "heuristic", backoff=0.05,
                      say=said.append)
    assert net.cut == 1 and any(s.startswith("connection lost") for s in said)
    assert end["type"] == "gameFinish" and end["result"]["winners"]
    assert httpx.get(f"{url}/api/tables/{t['table']}/view").json()["status"] == "over"


def test_clanboard_bot_plays_heuristic_against_a_server_ai_seat(url: str) -> None:
    out = CliRunner().invoke(cli_app, ["bot", "--url", url, "--agent", "heuristic",
                                       "--create", GAME, "--opponent", "random"])
    assert out.exit_code == 0, out.output
    assert "game over" in out.output
    summary = json.loads(out.output.strip().splitlines()[-1])
    view = httpx.get(f"{url}/api/tables/{summary['table']}/view").json()
    assert view["status"] == "over" and view["result"]["winners"] == summary["result"]["winners"]
    record = httpx.get(f"{url}/api/tables/{summary['table']}/record").json()
    assert {p for p, _ in record["moves"] if p >= 0} == {0, 1}


def test_clanboard_bot_refused_token_exits_with_the_reason(url: str) -> None:
    t = new_table(url, [{"kind": "human"}, {"kind": "ai"}])
    out = CliRunner().invoke(cli_app, ["bot", "--url", url, "--table", t["table"],
                                       "--token", "wrong"])
    assert out.exit_code == 2 and "wrong_token" in out.output


def test_a_stream_that_falls_behind_is_dropped_not_waited_on() -> None:
    async def main() -> StreamWatcher:
        w = StreamWatcher(0, 2, lambda m: [m])
        for i in range(3):
            w.offer({"n": i})
        return w

    w = asyncio.run(main())
    assert w.closed.is_set() and w.queue.qsize() == 2


def test_a_stream_that_fails_to_convert_is_dropped_without_raising() -> None:
    def broken(message: dict[str, Any]) -> list[dict[str, Any]]:
        raise RuntimeError("boom")

    async def main() -> StreamWatcher:
        w = StreamWatcher(0, 2, broken)
        w.offer({"type": "view"})  # must not raise into the table's broadcast
        return w

    w = asyncio.run(main())
    assert w.closed.is_set() and w.reason[0] == "stream_failed"


def test_a_challenge_is_accepted_or_declined_with_its_invite(url: str) -> None:
    c = httpx.post(f"{url}/api/bot/challenge", json={"game": GAME, "name": "Chal"})
    assert c.status_code == 201, c.text
    ch = c.json()
    events: list[dict[str, Any]] = []
    reader = threading.Thread(target=lambda: events.extend(
        lines(url, "/api/bot/stream/event", ch["token"])))
    reader.start()
    threading.Event().wait(0.3)
    wrong = httpx.post(f"{url}{ch['accept']}", json={"invite": "guess"})
    assert (wrong.status_code, wrong.json()["error"]) == (403, "invite_required")
    no = httpx.post(f"{url}{ch['decline']}", json={"invite": ch["invite"], "name": "Bob"})
    assert no.status_code == 200, no.text
    yes = httpx.post(f"{url}{ch['accept']}", json={"invite": ch["invite"], "name": "Ann"})
    assert yes.status_code == 200 and yes.json()["seat"] == 1, yes.text
    again = httpx.post(f"{url}{ch['accept']}", json={"invite": ch["invite"]})
    assert (again.status_code, again.json()["error"]) == (409, "no_open_seat")
    late = httpx.post(f"{url}{ch['decline']}", json={"invite": ch["invite"]})
    assert (late.status_code, late.json()["error"]) == (409, "challenge_accepted")
    seats = httpx.get(f"{url}/api/tables/{ch['table']}/view").json()["seats"]
    assert [s["name"] for s in seats] == ["Chal", "Ann"]
    bot = threading.Thread(target=lambda: doc_example().play(url, ch["table"], ch["token"]))
    bot.start()
    doc_example().play(url, ch["table"], yes.json()["token"], seed=2)
    bot.join(60)
    reader.join(30)
    assert [e["type"] for e in events] == ["challengeDeclined", "gameStart", "gameFinish"]
    assert events[0]["by"] == "Bob"


def test_a_challenge_of_an_unknown_game_is_refused(url: str) -> None:
    r = httpx.post(f"{url}/api/bot/challenge", json={"game": "chess"})
    assert (r.status_code, r.json()["error"]) == (404, "no_such_game")


def test_streams_count_against_the_per_address_cap_and_give_it_back(tmp_path: Path) -> None:
    with live_server(tmp_path / "data", max_sockets=1) as base:
        t = new_table(base, [{"kind": "human"}, {"kind": "human"}])
        first = lines(base, f"/api/bot/game/{t['table']}/stream", t["tokens"]["0"])
        assert next(first)["type"] == "gameFull"
        r = httpx.get(f"{base}/api/bot/stream/event", headers=auth(t["tokens"]["1"]))
        assert (r.status_code, r.json()["error"]) == (429, "too_many_streams")
        first.close()
        for _ in range(100):  # the closed stream gives its place back
            with httpx.stream("GET", f"{base}/api/bot/stream/event", timeout=10,
                              headers=auth(t["tokens"]["1"])) as r:
                if r.status_code == 200:
                    break
            threading.Event().wait(0.05)
        assert r.status_code == 200


@pytest.mark.parametrize("game_id", ["schotten-totten", "glen-more", "isle-of-skye",
                                     "glen-more-2"])
def test_every_games_sample_keeps_the_seats_observation_and_no_seed(game_id: str) -> None:
    from clanboard.core import Rng, games
    from clanboard.server.bots.api import sample
    from clanboard.server.tables.live import LiveTable

    if game_id not in {g.id for g in games()}:
        pytest.skip(f"{game_id} is not installed")
    game = get_game(game_id)
    options = {"provisional": True} if game_id == "glen-more-2" else {}  # data not final
    state = game.new_state(game.check_players(None), 5, options)
    rng = Rng(1)
    for _ in range(12):  # into the game a little, chance resolved by the state
        if state.is_terminal():
            break
        seat = state.players_to_move()[0]
        state.apply(rng.choice(state.legal_moves(seat)), seat)
    seat = state.players_to_move()[0]
    data = sample(LiveTable("t", None, [], state, []), seat)
    assert data["seed"] == 0 and data["history"] == [] and data["rng"] != state.rng.state
    again = game.state_from_json(data)
    assert again.observation(seat) == state.observation(seat)
    assert {str(m) for m in again.legal_moves(seat)} == {str(m) for m in state.legal_moves(seat)}


def test_clanboard_bot_without_a_server_exits_with_the_reason() -> None:
    from tests.support.liveserver import free_port

    out = CliRunner().invoke(cli_app, ["bot", "--url", f"http://127.0.0.1:{free_port()}",
                                       "--create", GAME])
    assert out.exit_code == 2 and "error:" in out.output


def test_simultaneous_commits_stale_only_by_other_seats_are_accepted(url: str) -> None:
    """Isle of Skye's pricing: both bots read the position, then both commit at once; the
    second commit's ``seq`` is one behind (the other seat's hidden price) and is accepted.
    A whole game is played so, with no 409."""
    r = httpx.post(f"{url}/api/tables", json={"game": "isle-of-skye", "seed": 5,
                                              "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 201, r.text
    table, tokens = r.json()["table"], r.json()["tokens"]
    together = threading.Barrier(2, timeout=30)
    refused: list[str] = []
    stale_accepted = [0]

    def bot(seat: int) -> None:
        rng = random.Random(seat)
        with httpx.Client(base_url=url, headers=auth(tokens[str(seat)]), timeout=30) as http:
            while True:
                view = http.get(f"/api/tables/{table}/view?seat={seat}").json()
                if view["status"] == "over":
                    return
                if not view["legal_moves"]:
                    threading.Event().wait(0.005)
                    continue
                if len(view["to_move"]) > 1:  # both read the same seq, then both commit
                    together.wait()
                answer = http.post(f"/api/bot/game/{table}/move",
                                   json={"move": rng.choice(view["legal_moves"]),
                                         "seq": view["seq"]})
                if answer.status_code != 200:
                    refused.append(answer.text)
                    return
                stale_accepted[0] += answer.json()["seq"] > view["seq"] + 1

    bots = [threading.Thread(target=bot, args=(s,)) for s in (0, 1)]
    for b in bots:
        b.start()
    for b in bots:
        b.join(240)
    assert not any(b.is_alive() for b in bots)
    assert refused == []
    final = httpx.get(f"{url}/api/tables/{table}/view?seat=0", headers=auth(tokens["0"])).json()
    assert final["status"] == "over", final
    assert stale_accepted[0] >= 5  # one per round's pricing at least


def test_a_stale_seq_past_a_move_the_seat_could_see_is_still_refused(url: str) -> None:
    t = new_table(url, [{"kind": "human"}, {"kind": "human"}], seed=11)
    table, tokens = t["table"], t["tokens"]
    view0 = httpx.get(f"{url}/api/tables/{table}/view?seat=0", headers=auth(tokens["0"])).json()
    r = httpx.post(f"{url}/api/bot/game/{table}/move", headers=auth(tokens["0"]),
                   json={"move": view0["legal_moves"][0], "seq": 0})
    assert r.status_code == 200, r.text
    view1 = httpx.get(f"{url}/api/tables/{table}/view?seat=1", headers=auth(tokens["1"])).json()
    r = httpx.post(f"{url}/api/bot/game/{table}/move", headers=auth(tokens["1"]),
                   json={"move": view1["legal_moves"][0], "seq": 0})
    assert r.status_code == 409 and r.json()["error"] == "stale_move", r.text


def test_a_bot_reads_and_posts_the_players_chat(url: str) -> None:
    t = new_table(url, [{"kind": "human", "name": "bot"}, {"kind": "human", "name": "Ann"}],
                  seed=13)
    table, bot, ann = t["table"], t["tokens"]["0"], t["tokens"]["1"]
    stream = lines(url, f"/api/bot/game/{table}/stream", bot)
    assert next(stream)["type"] == "gameFull"
    r = httpx.post(f"{url}/api/tables/{table}/chat", headers=auth(ann),
                   json={"seat": 1, "text": "good luck"})
    assert r.status_code == 201, r.text
    line = next(stream)
    while line["type"] != "chat":
        line = next(stream)
    assert [(m["seat"], m["name"], m["text"]) for m in line["messages"]] == \
        [(1, "Ann", "good luck")]
    r = httpx.post(f"{url}/api/bot/game/{table}/chat", headers=auth(bot),
                   json={"text": "  and to you  "})
    assert r.status_code == 201, r.text
    assert r.json() == {"seq": 0, "channel": "players", "seat": 0, "name": "bot",
                        "text": "and to you"}
    read = httpx.get(f"{url}/api/bot/game/{table}/chat", headers=auth(bot)).json()
    assert read["seat"] == 0
    assert [m["text"] for m in read["messages"]] == ["good luck", "and to you"]
    theirs = httpx.get(f"{url}/api/tables/{table}/chat?seat=1", headers=auth(ann)).json()
    assert [m["text"] for m in theirs["messages"]] == ["good luck", "and to you"]


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"text": "   "}, 422, "bad_chat"),
    ({"text": "x" * 301}, 422, "bad_chat"),
    ({"text": "x" * 1201}, 400, "malformed_request"),
    ({"text": "hi", "seat": 1}, 400, "malformed_request"),
    ({}, 400, "malformed_request"),
])
def test_bad_bot_chat_is_refused_and_stores_nothing(url: str, body: dict[str, Any], status: int,
                                                    code: str) -> None:
    t = new_table(url, [{"kind": "human"}, {"kind": "human"}], seed=14)
    table, bot = t["table"], t["tokens"]["0"]
    r = httpx.post(f"{url}/api/bot/game/{table}/chat", headers=auth(bot), json=body)
    assert (r.status_code, r.json()["error"]) == (status, code), r.text
    assert r.json()["reason"]
    assert httpx.get(f"{url}/api/bot/game/{table}/chat",
                     headers=auth(bot)).json()["messages"] == []


def test_bot_chat_speaks_the_bots_language_is_rate_limited_and_needs_a_seat(url: str) -> None:
    t = new_table(url, [{"kind": "human"}, {"kind": "human"}], seed=15)
    other = new_table(url, [{"kind": "human"}, {"kind": "human"}], seed=16)
    table, bot = t["table"], t["tokens"]["0"]
    r = httpx.post(f"{url}/api/bot/game/{table}/chat?lang=ru", headers=auth(bot),
                   json={"text": ""})
    assert r.status_code == 422 and "сообщени" in r.json()["reason"], r.text
    r = httpx.post(f"{url}/api/bot/game/{table}/chat", headers=auth(other["tokens"]["0"]),
                   json={"text": "hello"})
    assert r.status_code == 403, r.text
    answers = [httpx.post(f"{url}/api/bot/game/{table}/chat", headers=auth(bot),
                          json={"text": f"message {i}"}) for i in range(6)]
    assert [a.status_code for a in answers] == [201] * 5 + [429]
    assert answers[-1].json()["error"] == "rate_limited"
    assert int(answers[-1].headers["Retry-After"]) > 0
    messages = httpx.get(f"{url}/api/bot/game/{table}/chat", headers=auth(bot)).json()
    assert len(messages["messages"]) == 5
