"""The bot API's resign, abort, claims, draw and challenge cancel (Lichess's names), its
rate limits per bot account with ``Retry-After``, and the documented bot waiting on a 429."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from clanboard.cli.bot import retry_after
from tests.server.browsers import signed_up
from tests.server.conftest import TestClient, auth, new_table
from tests.server.test_bot_api import doc_example


def bot(client: Any, path: str, token: str | None, lang: str = "en") -> Any:
    return client.post(f"/api/bot{path}?lang={lang}", headers=auth(token) if token else {})


def status(client: TestClient, tid: str) -> dict[str, Any]:
    return client.get(f"/api/tables/{tid}/view").json()  # type: ignore[no-any-return]


def first_move(client: TestClient, t: dict[str, Any], seat: int) -> None:
    tok = t["tokens"][str(seat)]
    v = client.get(f"/api/tables/{t['table']}/view?seat={seat}", headers=auth(tok)).json()
    r = client.post(f"/api/bot/game/{t['table']}/move", headers=auth(tok),
                    json={"move": v["legal_moves"][0], "seq": v["seq"]})
    assert r.status_code == 200, r.text


def test_a_bot_resigns_with_its_seat_token(client: TestClient) -> None:
    t = new_table(client)
    tid = t["table"]
    assert bot(client, f"/game/{tid}/resign", None).status_code == 401
    assert bot(client, f"/game/{tid}/resign", "not-a-seat").status_code == 403
    assert status(client, tid)["status"] == "playing"
    r = bot(client, f"/game/{tid}/resign", t["tokens"]["0"])
    assert r.status_code == 200, r.text
    assert r.json() == {"ok": True, "table": tid, "seat": 0, "seq": 0, "status": "over"}
    end = status(client, tid)
    assert end["result"]["winners"] == [1] and end["result"]["reason"] == "resign"
    again = bot(client, f"/game/{tid}/resign", t["tokens"]["1"], lang="ja")
    assert again.status_code == 409 and again.json()["error"] == "game_over"
    assert again.json()["reason"] == "対局はすでに終了しています"


def test_a_bot_aborts_only_before_both_have_moved(client: TestClient) -> None:
    t = new_table(client)
    first_move(client, t, 0)
    r = bot(client, f"/game/{t['table']}/abort", t["tokens"]["1"])
    assert r.status_code == 200 and r.json()["status"] == "over"
    assert status(client, t["table"])["result"]["reason"] == "aborted"
    late = new_table(client)
    first_move(client, late, 0)
    first_move(client, late, 1)
    r = bot(client, f"/game/{late['table']}/abort", late["tokens"]["0"])
    assert r.status_code == 409 and r.json()["error"] == "too_late_to_abort"
    assert status(client, late["table"])["status"] == "playing"


@pytest.mark.parametrize("path", ["draw/yes", "draw/no", "draw/true"])
def test_a_draw_offer_is_refused_saying_why(client: TestClient, path: str) -> None:
    t = new_table(client)
    r = bot(client, f"/game/{t['table']}/{path}", t["tokens"]["0"], lang="ru")
    assert r.status_code == 409 and r.json()["error"] == "no_draw_by_agreement"
    assert "ничьей по соглашению" in r.json()["reason"]
    assert status(client, t["table"])["status"] == "playing"


def test_a_claim_too_soon_says_when(client: TestClient) -> None:
    t = new_table(client)
    first_move(client, t, 0)
    for path in ("claim-victory", "claim-draw"):
        r = bot(client, f"/game/{t['table']}/{path}", t["tokens"]["0"])
        assert r.status_code == 409 and r.json()["error"] == "too_soon", r.text
        assert 170 <= r.json()["retry_after"] <= 180
    assert status(client, t["table"])["status"] == "playing"


def test_a_challenger_cancels_its_challenge(client: TestClient) -> None:
    r = client.post("/api/bot/challenge", json={"game": "toy-duel"})
    assert r.status_code == 201, r.text
    ch = r.json()
    r = bot(client, f"/challenge/{ch['table']}/cancel", ch["token"])
    assert r.status_code == 200 and r.json()["status"] == "over"
    assert status(client, ch["table"])["result"]["reason"] == "abandoned"
    r = client.post(f"/api/bot/challenge/{ch['table']}/accept", json={"invite": ch["invite"]})
    assert r.status_code == 409


def bot_token(client: TestClient, name: str) -> str:
    b = signed_up(client, name)
    r = b.post("/api/account/bot-token")
    assert r.status_code == 201, r.text
    return str(r.json()["token"])


def test_rate_limits_count_per_bot_account_with_retry_after(
        serve: Callable[..., TestClient]) -> None:
    client = serve(rate_writes=40, rate_bot_writes=3, rate_tables=0, max_open_tables=0)
    one, two = bot_token(client, "BotOne"), bot_token(client, "BotTwo")
    answers = [client.post("/api/bot/challenge", json={"game": "toy-duel"}, headers=auth(one))
               for _ in range(4)]
    assert [r.status_code for r in answers] == [201, 201, 201, 429]
    refused = answers[-1]
    assert refused.json()["error"] == "rate_limited"
    assert "one bot account" in refused.json()["reason"]
    wait = int(refused.headers["Retry-After"])
    assert 1 <= wait <= 60 and refused.json()["retry_after"] == wait
    # the other bot behind the same address is not slowed down
    r = client.post("/api/bot/challenge", json={"game": "toy-duel"}, headers=auth(two))
    assert r.status_code == 201, r.text


def test_guests_and_unknown_tokens_count_per_address(serve: Callable[..., TestClient]) -> None:
    client = serve(rate_writes=3, rate_bot_writes=100, rate_tables=0, max_open_tables=0)
    codes = [client.post("/api/bot/challenge", json={"game": "toy-duel"},
                         headers=auth("cbt_unknown")).status_code for _ in range(4)]
    assert codes == [401, 401, 401, 429]


class Replies:
    """An httpx transport answering 429 (with ``Retry-After``) ``busy`` times, then 200."""

    def __init__(self, busy: int) -> None:
        self.busy = busy
        self.calls = 0

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.calls += 1
        if self.calls <= self.busy:
            return httpx.Response(429, headers={"Retry-After": "2"},
                                  json={"error": "rate_limited"})
        return httpx.Response(200, json={"ok": True})


def test_the_documented_bot_waits_as_long_as_a_429_says(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    example = doc_example()
    slept: list[float] = []
    monkeypatch.setattr(example.time, "sleep", slept.append)
    replies = Replies(busy=2)
    with httpx.Client(base_url="http://bot.test", transport=httpx.MockTransport(replies)) as h:
        r = example.post(h, "/api/bot/game/T/move", {"move": "1", "seq": 0})
    assert r.status_code == 200 and replies.calls == 3 and slept == [2.0, 2.0]


def test_clanboard_bot_reads_retry_after() -> None:
    assert retry_after(httpx.Response(429, headers={"Retry-After": "7"})) == 7.0
    assert retry_after(httpx.Response(429, headers={"Retry-After": "9999"})) == 60.0
    assert retry_after(httpx.Response(429, headers={"Retry-After": "soon"})) == 1.0
    assert retry_after(httpx.Response(429)) == 1.0
