"""``clanboard bot``: plays a clanboard agent for one seat of a server's table through the bot
API (docs/bot-api.md), reconnecting with backoff after a network drop."""

from __future__ import annotations

import json

import typer

from clanboard.cli.bot_account import AccountBot, Policy
from clanboard.cli.bot_client import (
    READ_TIMEOUT,
    BotError,
    create_table,
    game_of,
    retry_after,
    run_bot,
)
from clanboard.cli.lang import LangOption, _, said, set_language
from clanboard.cli.play import plugin_errors
from clanboard.core import get_game, make_agent
from clanboard.core.errors import Players

__all__ = ["READ_TIMEOUT", "BotError", "create_table", "register", "retry_after", "run_bot"]


def register(app: typer.Typer) -> None:
    @app.command("bot")
    def bot_cmd(
        url: str = typer.Option("http://127.0.0.1:8000", "--url", help="The server."),
        agent: str = typer.Option("heuristic", "--agent", "-a",
                                  help="The agent to play, e.g. heuristic or ismcts:hard."),
        table: str | None = typer.Option(None, "--table", "-t", help="The table id."),
        token: str | None = typer.Option(
            None, "--token", envvar="CLANBOARD_BOT_TOKEN",
            help="A seat token or a bot account's API token (cbt_...); or CLANBOARD_BOT_TOKEN."),
        create: str | None = typer.Option(
            None, "--create",
            help="Create a table of this game: the bot at seat 0, server AIs at the others."),
        variant: str | None = typer.Option(None, "--variant", "-v",
                                           help="With --create: a variant preset."),
        opponent: str = typer.Option("random", "--opponent",
                                     help="With --create: the server AI seat's agent."),
        seed: int = typer.Option(0, "--seed", "-s", help="The agent's seed."),
        retries: int = typer.Option(8, "--retries",
                                    help="Reconnections in a row before giving up."),
        accept_games: str | None = typer.Option(
            None, "--accept-games",
            help="Account mode: accept challenges to these games (comma-separated); "
                 "default: every game the agent plays."),
        accept_rated: bool = typer.Option(True, "--accept-rated/--no-accept-rated",
                                          help="Account mode: accept rated challenges."),
        max_games: int = typer.Option(1, "--max-games", min=1,
                                      help="Account mode: games at once; more are declined."),
        lang: LangOption = None,
    ) -> None:
        """Play a clanboard agent for a seat of a server's table through the bot API;
        reconnects after a network drop and exits with the result. With an account token
        and no --table/--create: run as the bot account (accept challenges, play and resume
        its games) until Ctrl-C."""
        import httpx  # optional: the "bot" extra

        code = set_language(lang)
        url = url.rstrip("/")
        if table is None and create is None and token is not None and token.startswith("cbt_"):
            _run_account(url, token, agent, seed, retries,
                         accept_games, accept_rated, max_games, code)
            return
        with httpx.Client() as client:
            try:
                if create is not None:
                    table, token = create_table(client, url, create, variant, opponent, lang=code)
                    typer.echo(_("created table {table}: {link}").format(
                        table=table, link=f"{url}/t/{table}"))
                if table is None or token is None:
                    raise typer.BadParameter(_("give --table and --token, --create GAME, or "
                                               "an account token (cbt_...) alone"))
                make_agent(get_game(create) if create else game_of(client, url, table, code),
                           agent)  # a bad agent name fails before the game starts
                end = run_bot(client, url, table, token, agent, seed, retries,
                              say=typer.echo, lang=code)
            except (BotError, ValueError, KeyError, httpx.HTTPError) as exc:
                typer.echo(_("error:") + f" {said(exc)}", err=True)
                for line in plugin_errors():
                    typer.echo(line, err=True)
                raise typer.Exit(2) from exc
        result = end.get("result") or {}
        seat = end.get("seat")
        won = seat in (result.get("winners") or [])
        # in words for people (Player 1..N); the JSON line after it keeps the API's seats
        winners = Players(result.get("winners") or []).render(code) or "—"
        typer.echo(_("game over: scores {scores}; won: {winners}").format(
            scores=" : ".join(map(str, result.get("scores") or [])), winners=winners)
            + " — " + (_("the bot won") if won else _("the bot did not win")))
        typer.echo(json.dumps({"table": table, "seat": seat, "result": result}))


def _run_account(url: str, token: str, agent: str, seed: int, retries: int,
                 accept_games: str | None, accept_rated: bool, max_games: int,
                 lang: str = "en") -> None:
    import httpx  # optional: the "bot" extra

    try:
        policy = Policy.for_agent(agent, accept_games, accept_rated, max_games, lang)
        bot = AccountBot(url, token, agent, policy, seed, retries, say=typer.echo, lang=lang)
        typer.echo(_("bot account: accepting {games} ({rated}, at most {n} at once); Ctrl-C "
                     "stops").format(games=", ".join(sorted(policy.games)),
                                     rated=_("rated games too") if policy.rated else
                                     _("unrated games only"), n=policy.max_games))
        with httpx.Client() as client:
            bot.run(client)
    except KeyboardInterrupt:
        typer.echo(_("stopped"))
    except (BotError, ValueError, httpx.HTTPError) as exc:
        typer.echo(_("error:") + f" {said(exc)}", err=True)
        for line in plugin_errors():
            typer.echo(line, err=True)
        raise typer.Exit(2) from exc
