"""``clanboard bot`` in account mode without a server: its challenge policy, and its event
stream reconnecting (a mock transport)."""

from __future__ import annotations

import json

import httpx
import pytest

from clanboard.cli.bot import BotError
from clanboard.cli.bot_account import AccountBot, Policy
from clanboard.core.registry import games


def test_the_default_is_every_game_the_agent_plays() -> None:
    policy = Policy.for_agent("heuristic", None)
    shipped = {"schotten-totten", "glen-more", "glen-more-2", "isle-of-skye"}
    assert shipped <= policy.games <= {g.id for g in games()}
    assert policy.max_games == 1 and policy.rated


def test_a_game_outside_the_list_is_declined_saying_why() -> None:
    policy = Policy.for_agent("heuristic", "schotten-totten, glen-more")
    assert policy.games == {"schotten-totten", "glen-more"}
    why = policy.refusal({"game": "isle-of-skye"}, playing=0)
    assert why is not None and "isle-of-skye" in why and "glen-more" in why
    assert policy.refusal({"game": "glen-more"}, playing=0) is None


def test_more_games_than_allowed_and_rated_ones_are_declined() -> None:
    policy = Policy.for_agent("heuristic", None, rated=False, max_games=2)
    assert policy.refusal({"game": "schotten-totten"}, playing=1) is None
    assert "at once is 2" in str(policy.refusal({"game": "schotten-totten"}, playing=2))
    assert policy.refusal({"game": "schotten-totten", "rated": True}, playing=0) == (
        "not playing rated games")


def test_unknown_games_and_agents_are_refused_at_start() -> None:
    with pytest.raises(ValueError, match="cannot play no-such-game"):
        Policy.for_agent("heuristic", "no-such-game")
    with pytest.raises(ValueError, match="plays no installed game"):
        Policy.for_agent("no-such-agent", None)


def test_a_dropped_event_stream_is_reopened_with_backoff() -> None:
    """A failed connection, then a stream with a challenge that ends, then failures: the bot
    reconnects, answers the challenge, and gives up only after ``retries`` failures in a row."""
    calls: list[str] = []
    challenge = {"type": "challenge", "challenge": {
        "table": "T1", "game": "isle-of-skye", "from": "Ailsa",
        "accept": "/api/bot/challenge/T1/accept", "decline": "/api/bot/challenge/T1/decline"}}

    def server(request: httpx.Request) -> httpx.Response:
        calls.append(f"{request.method} {request.url.path}")
        if request.method == "POST":
            return httpx.Response(200, json={"ok": True, "table": "T1"})
        if len(calls) == 2:  # the second connection works, then ends
            return httpx.Response(200, content=(json.dumps(challenge) + "\n\n").encode())
        raise httpx.ConnectError("network down")

    said: list[str] = []
    bot = AccountBot("http://bots.test", "cbt_x", "heuristic",
                     Policy.for_agent("heuristic", "schotten-totten"), retries=2, backoff=0,
                     say=said.append)
    with (httpx.Client(transport=httpx.MockTransport(server)) as client,
          pytest.raises(BotError, match="gave up after 2 reconnections")):
        bot.run(client)
    assert calls == ["GET /api/bot/stream/event", "GET /api/bot/stream/event",
                     "POST /api/bot/challenge/T1/decline",  # the stream's end: failure 1
                     "GET /api/bot/stream/event", "GET /api/bot/stream/event"]
    assert said[0].startswith("connection lost") and said[1] == "listening for challenges and games"
    assert said[2].startswith("declined challenge T1 (isle-of-skye from Ailsa): not playing")


def test_the_account_bot_speaks_the_language_it_is_given() -> None:
    """``clanboard bot --lang ja`` (or LANG): the bot's lines in words of that language."""
    challenge = {"type": "challenge", "challenge": {
        "table": "T1", "game": "isle-of-skye", "from": "Ailsa",
        "accept": "/api/bot/challenge/T1/accept", "decline": "/api/bot/challenge/T1/decline"}}
    opened: list[int] = []

    def server(request: httpx.Request) -> httpx.Response:
        if request.method == "POST":
            return httpx.Response(200, json={"ok": True, "table": "T1"})
        opened.append(1)
        if len(opened) == 1:
            return httpx.Response(200, content=(json.dumps(challenge) + "\n\n").encode())
        raise httpx.ConnectError("network down")

    said: list[str] = []
    bot = AccountBot("http://bots.test", "cbt_x", "heuristic",
                     Policy.for_agent("heuristic", "schotten-totten"), retries=0, backoff=0,
                     say=said.append, lang="ja")
    with (httpx.Client(transport=httpx.MockTransport(server)) as client,
          pytest.raises(BotError)):
        bot.run(client)
    assert said[0] == "挑戦と対局を待っています"
    assert said[1] == ("挑戦T1を断りました（Ailsaからのisle-of-skye）: isle-of-skyeは対局しません"
                       "（対応: schotten-totten）")
    policy = Policy.for_agent("heuristic", "schotten-totten", rated=False)
    assert policy.refusal({"game": "schotten-totten", "rated": True}, 0, "uk") == \
        "не граємо рейтингові партії"
