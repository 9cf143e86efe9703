"""The bot API client ``clanboard bot`` and its account mode share: the table stream, the
moves it sends, reconnection with backoff (docs/bot-api.md)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from clanboard.core import Agent, Game, get_game, make_agent
from clanboard.core.messages import MESSAGES as CORE
from clanboard.i18n import game_name, translate

#: stream lines may be this far apart (the server's keep-alives come every 20 s)
READ_TIMEOUT = 60.0


class BotError(Exception):
    """The server refused the bot (wrong token, no such table...): retrying will not help."""


#: moves retried after a 429 (each after the server's Retry-After)
RATE_RETRIES = 5


def retry_after(response: Any, default: float = 1.0) -> float:
    """The seconds a 429's ``Retry-After`` header asks for (at most 60)."""
    try:
        return min(60.0, max(0.0, float(response.headers.get("retry-after", default))))
    except (TypeError, ValueError):
        return default


def create_table(client: Any, url: str, game: str, variant: str | None, opponent: str,
                 name: str = "bot", lang: str = "en") -> tuple[str, str]:
    """A new table on the server: seat 0 for the bot, the others (as few as the game
    allows) for server AIs playing ``opponent``. Returns the table id and the bot's token
    (a refusal is a :class:`BotError` in ``lang``)."""
    _ = translate(lang)
    others = get_game(game).check_players(None) - 1
    body: dict[str, Any] = {"game": game, "variant": variant,
                            "seats": [{"kind": "human", "name": name},
                                      *[{"kind": "ai", "agent": opponent}] * others]}
    r = client.post(f"{url}/api/tables", json=body)
    if r.status_code != 201:
        raise BotError(_("creating the table failed ({status}): {text}").format(
            status=r.status_code, text=r.text))
    data = r.json()
    return str(data["table"]), str(data["tokens"]["0"])


def run_bot(client: Any, url: str, table: str, token: str, agent: str, seed: int = 0,
            retries: int = 8, backoff: float = 0.5, say: Callable[[str], None] = print,
            lang: str = "en") -> dict[str, Any]:
    """Play ``agent`` for the token's seat until the game is over; returns the final
    ``gameFinish`` line. A dropped connection is retried ``retries`` times in a row, waiting
    ``backoff`` s doubled each time (at most 30 s); the stream then starts again with the
    full state, so nothing is lost. ``client`` is an ``httpx.Client``; what it does is
    said in ``lang``."""
    import httpx  # optional: the "bot" extra

    _ = translate(lang)

    auth = {"Authorization": f"Bearer {token}"}
    players: dict[str, Any] = {}
    failures = 0
    while True:
        try:
            with client.stream("GET", f"{url}/api/bot/game/{table}/stream", headers=auth,
                               timeout=httpx.Timeout(10.0, read=READ_TIMEOUT)) as r:
                if r.status_code != 200:
                    r.read()
                    if r.status_code == 429:  # over the rate limit: wait as told
                        time.sleep(retry_after(r))
                    if r.status_code in (429, 502, 503, 504):
                        raise httpx.TransportError(_("server busy ({status})").format(
                            status=r.status_code))
                    raise BotError(_("the stream was refused ({status}): {text}").format(
                        status=r.status_code, text=r.text))
                for raw in r.iter_lines():
                    if not raw.strip():
                        continue  # keep-alive
                    failures = 0
                    line = json.loads(raw)
                    kind = line.get("type")
                    if kind == "gameFull":
                        game = get_game(line["game"])
                        players.setdefault("agent", make_agent(game, agent, seed=seed))
                        players.update(game=game, seat=line["seat"], lang=lang)
                        say(_("table {table}: {game}, playing as {player} (seat {seat} in the "
                              "API)").format(table=table, game=game_name(game, lang),
                                             player=_(CORE["seat"]).format(n=line["seat"] + 1),
                                             seat=line["seat"]))
                        _play(client, url, table, auth, players, line["state"], say)
                    elif kind == "gameState":
                        _play(client, url, table, auth, players, line, say)
                    elif kind == "gameFinish":
                        return dict(line)
                    elif kind == "error":
                        say(_("stream ended: {reason}; reconnecting").format(
                            reason=line.get("reason")))
                        break
            raise httpx.ReadError(_("the stream ended before the game did"))
        except httpx.TransportError as exc:
            failures += 1
            if failures > retries:
                raise BotError(_("gave up after {n} reconnections: {error}").format(
                    n=retries, error=exc)) from exc
            wait = min(30.0, backoff * 2 ** (failures - 1))
            say(_("connection lost ({error}); retrying in {seconds} s").format(
                error=exc or type(exc).__name__, seconds=f"{wait:g}"))
            time.sleep(wait)


def _play(client: Any, url: str, table: str, auth: dict[str, str], players: dict[str, Any],
          line: dict[str, Any], say: Callable[[str], None]) -> None:
    """Choose and send a move when the seat is to move (on the line's ``sample`` state)."""
    if not line.get("legal_moves") or line.get("sample") is None:
        return
    game: Game = players["game"]
    seat: int = players["seat"]
    bot: Agent = players["agent"]
    _ = translate(players.get("lang", "en"))
    state = game.state_from_json(line["sample"])
    move = str(bot.choose(state, seat))
    r = client.post(f"{url}/api/bot/game/{table}/move", headers=auth,
                    json={"move": move, "seq": line["seq"]})
    for _attempt in range(RATE_RETRIES):
        if r.status_code != 429:
            break
        wait = retry_after(r)
        say(_("over the server's rate limit; retrying the move in {seconds} s").format(
            seconds=f"{wait:g}"))
        time.sleep(wait)
        r = client.post(f"{url}/api/bot/game/{table}/move", headers=auth,
                        json={"move": move, "seq": line["seq"]})
    if r.status_code == 409:  # stale or over: the stream brings the news
        return
    if r.status_code != 200:
        raise BotError(_("move {move} refused ({status}): {text}").format(
            move=repr(move), status=r.status_code, text=r.text))
    say(_("move {seq}: {move}").format(seq=line["seq"], move=move))


def game_of(client: Any, url: str, table: str, lang: str = "en") -> Game:
    """The game of the server's ``table`` (a refusal is a :class:`BotError` in ``lang``)."""
    _ = translate(lang)
    r = client.get(f"{url}/api/tables/{table}/view")
    if r.status_code != 200:
        raise BotError(_("table {table}: {status} {text}").format(
            table=table, status=r.status_code, text=r.text))
    return get_game(r.json()["game"])
