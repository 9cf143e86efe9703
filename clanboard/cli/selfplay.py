"""``clanboard selfplay``: self-play trajectories for learning, as Parquet shards."""

from __future__ import annotations

import time
from typing import Any

import typer

from clanboard.cli.arena import (
    RAY_HELP,
    WORKERS_HELP,
    backend_options,
    job_exits,
    parse_options,
    print_plugin_errors,
    progress_words,
    resumed_spec,
)
from clanboard.cli.lang import LangOption, _, said, set_language


def timed_agents(game: Any, names: list[str]) -> list[str]:
    """The agents whose moves depend on a clock (a search with a time budget): their data
    is not reproducible from the seed."""
    from clanboard.core import make_agent

    timed = []
    for name in dict.fromkeys(names):
        config = getattr(make_agent(game, name, seed=0), "config", None)
        if getattr(config, "seconds", None) is not None:
            timed.append(name)
    return timed


def register(app: typer.Typer) -> None:
    @app.command("selfplay")
    def selfplay_cmd(
        game: str | None = typer.Argument(
            None, help="Game id, e.g. schotten-totten (not needed with --resume)."),
        agents: str | None = typer.Option(
            None, "--agents", "-a",
            help="Comma-separated agents, one per seat (rotated every game), e.g. "
                 "ismcts:400,ismcts:400. Give ISMCTS an iteration level (a number) for "
                 "data reproducible from the seed."),
        games: int = typer.Option(100, "--games", "-n", help="Number of games."),
        out: str | None = typer.Option(None, "--out", help="Folder for the shards."),
        seed: int = typer.Option(0, "--seed", "-s", help="Seed of the whole data set."),
        players: int | None = typer.Option(
            None, "--players", "-p", help="Number of players (default: one per agent)."),
        variant: str | None = typer.Option(None, "--variant", "-v", help="A variant preset."),
        option: list[str] = typer.Option(  # noqa: B008
            [], "--option", "-o", help="A game option NAME=VALUE (repeatable)."),
        per_shard: int = typer.Option(
            100, "--games-per-shard", help="Games per Parquet shard (the unit of work)."),
        workers: int = typer.Option(0, "--workers", "-w", help=WORKERS_HELP),
        ray: str | None = typer.Option(None, "--ray", help=RAY_HELP),
        resume: str | None = typer.Option(
            None, "--resume", help="Finish the self-play job saved in this folder."),
        infostate: bool = typer.Option(
            False, "--infostate",
            help="Also keep each decision's information-state tensor (the observation and "
                 "the seat's own action counts: observation size + action ids floats)."),
        lang: LangOption = None,
    ) -> None:
        """Play games and write, per decision, the observation tensor, the legal-action
        mask, the action id, the ISMCTS visit counts and value, the chance outcomes, the
        scores and the final returns as Parquet shards (schema: docs/cluster.md; read them
        with clanboard.batch.selfplay.load)."""
        from rich.console import Console
        from rich.markup import escape

        from clanboard import batch
        from clanboard.batch import BatchError
        from clanboard.batch.progress import ProgressDisplay
        from clanboard.batch.selfplay import selfplay_job
        from clanboard.core import ClanboardError, get_game

        set_language(lang)
        console = Console(stderr=True)
        try:
            if resume:
                spec = resumed_spec(resume, "selfplay", game)
                game, names = spec["game"], list(spec["agents"])
                games, seed, players = spec["games"], spec["seed"], spec["players"]
                options, per_shard = dict(spec["options"]), spec["games_per_shard"]
                infostate = bool(spec.get("infostate", False))
                out = resume
            else:
                if game is None or agents is None or out is None:
                    raise ValueError(_("name a game, --agents and --out (or --resume a saved "
                                       "self-play folder)"))
                names = [a.strip() for a in agents.split(",") if a.strip()]
                options = get_game(game).variant_options(variant) if variant else {}
                options.update(parse_options(option))
            job = selfplay_job(out, game, names, games, seed, players, options, per_shard,
                               infostate)
            for name in timed_agents(get_game(game), names):
                console.print("[yellow]" + _("warning:") + "[/yellow] " + _(
                    "{name} searches against the clock: its moves, and so the data, change "
                    "from run to run; give it an iteration level (e.g. ismcts:400) to "
                    "reproduce the data").format(name=name))
            backend = backend_options(workers, ray)
        except (ClanboardError, ValueError, BatchError) as exc:
            console.print("[red]" + _("error:") + f"[/red] {escape(said(exc))}")
            print_plugin_errors(console)
            raise typer.Exit(2) from exc
        start = time.perf_counter()
        with job_exits(console, backend), ProgressDisplay(
                _("{game} self-play").format(game=game), unit=_("games"),
                words=progress_words()) as progress:
            shards = batch.run(job, backend, folder=out, resume=bool(resume),
                               progress=progress)
        decisions = sum(s["decisions"] for s in shards)
        typer.echo(_("{decisions} decisions from {games} games in {shards} shards written "
                     "to {folder} ({seconds}s)").format(
            decisions=decisions, games=sum(s["games"] for s in shards), shards=len(shards),
            folder=f"{out}/", seconds=f"{time.perf_counter() - start:.1f}"))
