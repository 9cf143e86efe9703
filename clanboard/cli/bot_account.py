"""``clanboard bot`` with an account token and no table: follow the account's event stream
(docs/bot-api.md), accept challenges by a :class:`Policy`, play every game it starts (its
unfinished games too, so a restarted bot resumes them), one thread per game."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from clanboard.cli.bot_client import READ_TIMEOUT, BotError, run_bot
from clanboard.core import get_game, make_agent
from clanboard.core.registry import games
from clanboard.i18n import translate


@dataclass(frozen=True)
class Policy:
    """Which challenges the bot accepts."""

    games: frozenset[str]
    rated: bool = True
    max_games: int = 1

    @classmethod
    def for_agent(cls, agent: str, games_csv: str | None, rated: bool = True,
                  max_games: int = 1, lang: str = "en") -> Policy:
        """The games named in ``games_csv`` (default: every game ``agent`` can play); a name
        the agent cannot play is a ``ValueError`` (said in ``lang``)."""
        _ = translate(lang)
        playable = {g.id for g in games() if _plays(agent, g.id)}
        if not playable:
            raise ValueError(_("the agent {agent} plays no installed game").format(
                agent=repr(agent)))
        if games_csv is None:
            return cls(frozenset(playable), rated, max(1, max_games))
        wanted = {g.strip() for g in games_csv.split(",") if g.strip()}
        if bad := wanted - playable:
            raise ValueError(_("{agent} cannot play {games}; it plays {playable}").format(
                agent=repr(agent), games=", ".join(sorted(bad)),
                playable=", ".join(sorted(playable))))
        return cls(frozenset(wanted), rated, max(1, max_games))

    def refusal(self, challenge: dict[str, Any], playing: int, lang: str = "en") -> str | None:
        """Why ``challenge`` is declined (in ``lang``), or None to accept it."""
        _ = translate(lang)
        if challenge.get("game") not in self.games:
            return _("not playing {game} (only {games})").format(
                game=challenge.get("game"), games=", ".join(sorted(self.games)))
        if challenge.get("rated") and not self.rated:
            return _("not playing rated games")
        if playing >= self.max_games:
            return _("already playing {n} game(s), the most at once is {most}").format(
                n=playing, most=self.max_games)
        return None


def _plays(agent: str, game_id: str) -> bool:
    try:
        make_agent(get_game(game_id), agent)
    except (ValueError, TypeError):
        return False
    return True


class AccountBot:
    """The account's event stream and its games' threads."""

    def __init__(self, url: str, token: str, agent: str, policy: Policy, seed: int = 0,
                 retries: int = 8, backoff: float = 0.5,
                 say: Callable[[str], None] = print, lang: str = "en") -> None:
        self.url, self.token, self.agent, self.policy = url, token, agent, policy
        self.lang = lang
        self.seed, self.retries, self.backoff, self.say = seed, retries, backoff, say
        self.auth = {"Authorization": f"Bearer {token}"}
        self.games: dict[str, threading.Thread | None] = {}  # None: accepted, not started
        self.lock = threading.Lock()

    def playing(self) -> int:
        with self.lock:
            return sum(1 for t in self.games.values() if t is None or t.is_alive())

    def run(self, client: Any) -> None:
        """Follow the event stream until interrupted, reconnecting with backoff (``retries``
        failures in a row, then :class:`BotError`)."""
        import httpx  # optional: the "bot" extra

        _ = translate(self.lang)
        failures = 0
        while True:
            try:
                with client.stream("GET", f"{self.url}/api/bot/stream/event", headers=self.auth,
                                   timeout=httpx.Timeout(10.0, read=READ_TIMEOUT)) as r:
                    if r.status_code != 200:
                        r.read()
                        if r.status_code in (429, 502, 503, 504):
                            raise httpx.TransportError(_("server busy ({status})").format(
                                status=r.status_code))
                        raise BotError(_("the event stream was refused ({status}): {text}")
                                       .format(status=r.status_code, text=r.text))
                    self.say(_("listening for challenges and games"))
                    for raw in r.iter_lines():
                        failures = 0
                        if raw.strip():
                            self.handle(client, json.loads(raw))
                raise httpx.ReadError(_("the event stream ended"))
            except httpx.TransportError as exc:
                failures += 1
                if failures > self.retries:
                    raise BotError(_("gave up after {n} reconnections: {error}").format(
                        n=self.retries, error=exc)) from exc
                wait = min(30.0, self.backoff * 2 ** (failures - 1))
                self.say(_("connection lost ({error}); retrying in {seconds} s").format(
                    error=exc or type(exc).__name__, seconds=f"{wait:g}"))
                time.sleep(wait)

    def handle(self, client: Any, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "challenge":
            self.answer(client, event["challenge"])
        elif kind == "gameStart":
            self.start(event["game"]["table"])
        elif kind == "gameFinish":
            with self.lock:
                self.games.pop(event["game"]["table"], None)

    def answer(self, client: Any, c: dict[str, Any]) -> None:
        _ = translate(self.lang)
        table = c["table"]
        why = self.policy.refusal(c, self.playing(), self.lang)
        verb = "decline" if why else "accept"
        r = client.post(f"{self.url}{c[verb]}", headers=self.auth, json={})
        said = {"table": table, "game": c.get("game"), "who": c.get("from")}
        if r.status_code != 200:
            failed = (_("declining challenge {table} failed ({status}): {text}") if why else
                      _("accepting challenge {table} failed ({status}): {text}"))
            self.say(failed.format(table=table, status=r.status_code, text=r.text))
        elif why:
            self.say(_("declined challenge {table} ({game} from {who}): {why}").format(
                **said, why=why))
        else:
            with self.lock:
                self.games.setdefault(table, None)
            self.say(_("accepted challenge {table} ({game} from {who})").format(**said))

    def start(self, table: str) -> None:
        with self.lock:
            running = self.games.get(table)
            if running is not None and running.is_alive():
                return
            thread = threading.Thread(target=self.play, args=(table,), daemon=True,
                                      name=f"bot-{table}")
            self.games[table] = thread
        thread.start()

    def play(self, table: str) -> None:
        import httpx  # optional: the "bot" extra

        _ = translate(self.lang)
        try:
            with httpx.Client() as client:
                end = run_bot(client, self.url, table, self.token, self.agent, self.seed,
                              self.retries, self.backoff,
                              say=lambda s: self.say(f"{table}: {s}"), lang=self.lang)
            won = end.get("seat") in ((end.get("result") or {}).get("winners") or [])
            self.say((_("game {table} over: the bot won") if won else
                      _("game {table} over: the bot did not win")).format(table=table))
        except (BotError, ValueError, KeyError, httpx.HTTPError) as exc:
            self.say(_("game {table} stopped: {error}").format(table=table, error=exc))
