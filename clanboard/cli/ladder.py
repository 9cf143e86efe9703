"""``clanboard ladder``: every agent against every other, Bradley–Terry ratings with 95%
intervals and the pairwise win table; a local pool or a Ray cluster; resumable."""

from __future__ import annotations

import json
from typing import Any

import typer

from clanboard.cli.arena import (
    MESSAGES,
    RAY_HELP,
    WORKERS_HELP,
    backend_options,
    job_exits,
    parse_options,
    progress_words,
    resumed_spec,
)
from clanboard.cli.lang import LangOption, _, said, set_language
from clanboard.cli.play import MESSAGES as PLAY_WORDS
from clanboard.cli.tables import print_whole


def register(app: typer.Typer) -> None:
    @app.command("ladder")
    def ladder_cmd(
        game: str | None = typer.Argument(
            None, help="Game id, e.g. schotten-totten (not needed with --resume)."),
        agents: str | None = typer.Option(
            None, "--agents", "-a",
            help="Comma-separated agents and levels to rate, e.g. "
                 "random,heuristic,ismcts:200,ismcts:easy."),
        games: int = typer.Option(
            20, "--games", "-n",
            help="Games per table (each pair of agents, or each set of P agents)."),
        seed: int = typer.Option(0, "--seed", "-s", help="Ladder seed."),
        players: int | None = typer.Option(
            None, "--players", "-p", help="Players per game (default: the game's fewest)."),
        variant: str | None = typer.Option(None, "--variant", "-v", help="A variant preset."),
        option: list[str] = typer.Option(  # noqa: B008
            [], "--option", "-o", help="A game option NAME=VALUE (repeatable)."),
        prior: float = typer.Option(
            1.0, "--prior",
            help="Virtual games (half a win each) between every two agents: keeps the "
                 "rating of an agent that never loses finite."),
        workers: int = typer.Option(0, "--workers", "-w", help=WORKERS_HELP),
        ray: str | None = typer.Option(None, "--ray", help=RAY_HELP),
        save_dir: str | None = typer.Option(
            None, "--save-dir", help="Journal finished games in this folder (to resume)."),
        resume: str | None = typer.Option(
            None, "--resume",
            help="Finish the ladder saved in this folder (its settings are reused)."),
        history: str | None = typer.Option(
            None, "--history",
            help="Append the ratings to this JSON-lines file (date, git revision, agents, "
                 "ratings), to follow strength over time."),
        as_json: bool = typer.Option(False, "--json", help="Print the results as JSON."),
        lang: LangOption = None,
    ) -> None:
        """Rate agents and levels against each other: Bradley–Terry ratings on the Elo
        scale (random, or the first agent, at 0) with 95% intervals, and who beat whom."""
        set_language(lang)
        from rich.console import Console
        from rich.markup import escape

        from clanboard.ai.ladder import append_history, check, run_ladder
        from clanboard.batch import BatchError
        from clanboard.batch.progress import ProgressDisplay
        from clanboard.core import ClanboardError, get_game

        console = Console(stderr=as_json)
        try:
            if resume:
                spec = resumed_spec(resume, "ladder", game)
                game, names = spec["game"], list(spec["agents"])
                games, seed, players = spec["games"], spec["seed"], spec["players"]
                options, prior = dict(spec["options"]), float(spec["prior"])
                save_dir = resume
            else:
                if game is None or agents is None:
                    raise ValueError(_("name a game and --agents (or --resume a saved ladder's "
                                       "folder)"))
                names = [a.strip() for a in agents.split(",") if a.strip()]
                options = get_game(game).variant_options(variant) if variant else {}
                options.update(parse_options(option))
            players, options = check(game, names, players, options)
            backend = backend_options(workers, ray)
        except (ClanboardError, ValueError, BatchError) as exc:
            console.print("[red]" + _("error:") + f"[/red] {escape(said(exc))}")
            raise typer.Exit(2) from exc
        title = _("{game} ladder: {agents}").format(game=game, agents=", ".join(names))
        with job_exits(console, backend), ProgressDisplay(
                title, unit=_("games"), words=progress_words()) as progress:
            report = run_ladder(game, names, games, seed, players, options,
                                backend=backend, folder=save_dir, resume=bool(resume),
                                progress=progress, prior=prior)
        if history:
            try:
                append_history(history, report)
            except OSError as exc:
                console.print("[red]" + _("error:") + "[/red] " + _(
                    "cannot write {file}: {error}").format(file=escape(history), error=exc))
                raise typer.Exit(1) from exc
        if as_json:
            typer.echo(json.dumps(report.to_json(), indent=1))
        else:
            print_report(console, report)
            if history:
                console.print(_("ratings appended to {file}").format(file=escape(history)))
        if report.errors:
            raise typer.Exit(1)


def print_report(console: Any, report: Any) -> None:
    from rich import box
    from rich.table import Table

    fit = report.fit
    opts = ", ".join(f"{k}={v}" for k, v in report.options.items()) or _("default options")
    table = Table(
        title=" · ".join((
            _("{game} ladder").format(game=report.game),
            _(PLAY_WORDS["players"]).format(n=report.num_players),
            _(MESSAGES["games"]).format(n=report.games) + " "
            + _("({n} per table)").format(n=report.games_per_table),
            _("seed {seed}").format(seed=report.seed), opts)),
        box=box.SIMPLE_HEAD, pad_edge=False,
    )
    table.add_column("#", justify="right")
    table.add_column(_("agent"), no_wrap=True)
    for col in ("Elo", _("95% CI"), _("score"), _("comparisons")):
        table.add_column(col, justify="right", no_wrap=True)
    for rank, i in enumerate(report.order(), 1):
        lo, hi = fit.interval(i)
        games = sum(report.played[i])
        score = sum(report.wins[i]) / games if games else 0.0
        table.add_row(str(rank), report.labels[i], f"{fit.ratings[i]:+.0f}",
                      _("anchor") if i == fit.anchor else f"{lo:+.0f} … {hi:+.0f}",
                      f"{score:.1%}", f"{games:g}")
    print_whole(console, table)
    order = report.order()
    pairs = Table(title=_("wins of the row's agent against the column's (of comparisons)"),
                  box=box.SIMPLE_HEAD, pad_edge=False)
    pairs.add_column("", no_wrap=True)
    for j in order:
        pairs.add_column(report.labels[j], justify="right", no_wrap=True)
    for i in order:
        cells = []
        for j in order:
            n = report.played[i][j]
            cells.append("·" if i == j or not n else f"{report.wins[i][j]:g}/{n:g}")
        pairs.add_row(report.labels[i], *cells)
    print_whole(console, pairs)
    console.print(_("Elo: Bradley–Terry, {anchor} = 0, prior {prior} virtual game(s) per "
                    "pair; a shared win counts half · {seconds}s wall time").format(
        anchor=report.labels[fit.anchor], prior=f"{report.prior:g}",
        seconds=f"{report.seconds:.1f}"))
    for err in report.errors:
        console.print(f"[red]{err}[/red]")
