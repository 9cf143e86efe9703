"""``clanboard bot --token cbt_...`` alone, as a real process against a live server: it
accepts the challenges its policy allows, declines the others, plays its games to the end,
and after being killed mid-game resumes and finishes the game when started again."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.test_bot_accounts import Account
from tests.server.test_bot_api import GAME, auth
from tests.support.liveserver import live_server


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    data = tmp_path_factory.mktemp("botcli") / "data"
    with live_server(data, bot_keepalive=0.2, rate_reads=0, rate_writes=0, rate_tables=0,
                     rate_logins=0, rate_logins_per_name=0, max_open_tables=0) as base:
        yield base


def _ctrl_c_reaches_it() -> None:
    """In the child before it starts: SIGINT unblocked and handled by default, as from a
    terminal. A child inherits its parent's blocked signals, and a test worker's may
    block SIGINT (the bot never printed "stopped" in full runs where it outlived Ctrl-C)."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class BotProcess:
    """``clanboard bot`` in a child process; its output lines gathered by a thread."""

    def __init__(self, url: str, token: str, *args: str) -> None:
        self.lines: list[str] = []
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from clanboard.cli.main import app; app()", "bot",
             "--url", url, "--token", token, "--agent", "heuristic", "--seed", "3", *args],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            cwd=Path(__file__).parents[2], env={**os.environ, "PYTHONUNBUFFERED": "1"},
            preexec_fn=_ctrl_c_reaches_it)
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip())

    def wait_for(self, text: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                if text in line:
                    return line
            if self.proc.poll() is not None and not self.reader.is_alive():
                break
            time.sleep(0.05)
        raise AssertionError(f"no {text!r} in the bot's output:\n" + "\n".join(self.lines))

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(10)
        self.reader.join(5)


@pytest.fixture
def bots() -> Iterator[list[BotProcess]]:
    started: list[BotProcess] = []
    yield started
    for bot in started:
        if bot.proc.poll() is None:
            bot.kill()


def challenge(human: Account, to: str, game: str = GAME) -> tuple[str, str]:
    r = human.post("/api/bot/challenge", json={"game": game, "to": to, "seed": 11})
    assert r.status_code == 201, r.text
    return r.json()["table"], r.json()["token"]


def seats(url: str, table: str) -> list[tuple[str | None, bool]]:
    view = httpx.get(f"{url}/api/tables/{table}/view").json()
    return [(s["name"], s["account"]) for s in view["seats"]]


def test_it_accepts_a_matching_challenge_plays_it_and_declines_other_games(
        url: str, bots: list[BotProcess]) -> None:
    human = Account(url, "Morag")
    bot = Account(url, "Policy-Bot")
    bots.append(BotProcess(url, bot.new_token(), "--accept-games", GAME))
    bots[0].wait_for("listening")
    table, token = challenge(human, "Policy-Bot")
    bots[0].wait_for(f"accepted challenge {table}")
    final = human_moves(url, table, token, 10**6, random.Random(1))
    assert final["status"] == "over"
    assert seats(url, table) == [("Morag", True), ("Policy-Bot", True)]
    bots[0].wait_for(f"game {table} over")
    moves = [line for line in bots[0].lines if line.startswith(f"{table}: move ")]
    assert len(moves) >= 5  # the bot played its seat through the API
    page = httpx.get(f"{url}/api/users/Policy-Bot").json()
    assert [g["table"] for g in page["recent"]] == [table]

    other, _ = challenge(human, "Policy-Bot", "glen-more")
    said = bots[0].wait_for(f"declined challenge {other}")
    assert "not playing glen-more" in said and GAME in said
    view = httpx.get(f"{url}/api/tables/{other}/view").json()
    assert view["status"] == "waiting"
    assert [s["name"] for s in view["seats"]].count("Policy-Bot") == 0
    assert bots[0].proc.poll() is None  # still listening
    bots[0].proc.send_signal(signal.SIGINT)  # Ctrl-C: a clean exit
    try:
        code = bots[0].proc.wait(30)
    except subprocess.TimeoutExpired:  # say how far it got ("stopped" printed or not)
        raise AssertionError("the bot still runs 30 s after Ctrl-C; its last lines:\n"
                             + "\n".join(bots[0].lines[-8:])) from None
    assert code == 0
    bots[0].reader.join(5)
    assert bots[0].lines[-1] == "stopped" and not any("Traceback" in x for x in bots[0].lines)


def human_moves(url: str, table: str, token: str, until_seq: int, rng: random.Random
                ) -> dict[str, Any]:
    """The person's moves (random legal ones) until ``until_seq`` moves are made or the game
    is over (at most 60 s: a bot that stopped playing fails the test instead of hanging it)."""
    deadline = time.monotonic() + 60
    with httpx.Client(base_url=url, headers=auth(token), timeout=10) as http:
        while time.monotonic() < deadline:
            view: dict[str, Any] = http.get(f"/api/tables/{table}/view?seat=0").json()
            if view["seq"] >= until_seq or view["status"] == "over":
                return view
            if view["legal_moves"]:
                http.post(f"/api/tables/{table}/moves",
                          json={"seat": 0, "move": rng.choice(view["legal_moves"]),
                                "seq": view["seq"]})
            else:
                time.sleep(0.02)
    raise AssertionError("the game did not reach the move wanted")


def test_a_killed_bot_resumes_its_game_when_started_again(
        url: str, bots: list[BotProcess]) -> None:
    human = Account(url, "Eilidh")
    bot = Account(url, "Phoenix-Bot")
    token = bot.new_token()
    bots.append(BotProcess(url, token))
    bots[0].wait_for("listening")
    table, seat_token = challenge(human, "Phoenix-Bot")
    bots[0].wait_for(f"accepted challenge {table}")
    human_moves(url, table, seat_token, 8, random.Random(2))
    bots[0].wait_for(f"{table}: move ")
    bots[0].kill()  # mid-game, without a goodbye
    view = httpx.get(f"{url}/api/tables/{table}/view").json()
    assert view["status"] == "playing"
    bots.append(BotProcess(url, token))
    final = human_moves(url, table, seat_token, 10**6, random.Random(3))
    assert final["status"] == "over"
    bots[1].wait_for(f"game {table} over")
    assert any(line.startswith(f"{table}: move ") for line in bots[1].lines)
    assert not any("accepted challenge" in line for line in bots[1].lines)
