"""``clanboard tune``: fit a game's evaluation weights by self-play (SPSA), on a local pool
or a Ray cluster; resumable; measures the weights before and after on other deals."""

from __future__ import annotations

import json
from pathlib import Path
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
)
from clanboard.cli.lang import LangOption, _, said, set_language
from clanboard.cli.tables import print_whole


def register(app: typer.Typer) -> None:
    @app.command("tune")
    def tune_cmd(
        game: str | None = typer.Argument(
            None, help="Game id, e.g. schotten-totten (not needed with --resume)."),
        level: str = typer.Option(
            "200", "--level", "-l",
            help="ISMCTS level both sides search at (an iteration count keeps runs "
                 "reproducible)."),
        iterations: int = typer.Option(20, "--iterations", "-i", help="SPSA iterations."),
        games: int = typer.Option(16, "--games", "-n",
                                  help="Games per iteration (even: two per deal)."),
        seed: int = typer.Option(0, "--seed", "-s", help="Tuning seed."),
        weights: str | None = typer.Option(
            None, "--weights",
            help="Weights to tune, comma-separated names or patterns (e.g. "
                 "'holding.*,clan_in_hand'); default: all."),
        start: str | None = typer.Option(
            None, "--start", help="Start from this weights file (default: the shipped "
                                  "weights)."),
        a: float = typer.Option(0.03, "--a", help="SPSA step gain (scaled units)."),
        c: float = typer.Option(0.1, "--c", help="SPSA perturbation (scaled units)."),
        players: int | None = typer.Option(
            None, "--players", "-p", help="Players per game (default: the game's fewest)."),
        variant: str | None = typer.Option(None, "--variant", "-v", help="A variant preset."),
        option: list[str] = typer.Option(  # noqa: B008
            [], "--option", "-o", help="A game option NAME=VALUE (repeatable)."),
        measure_games: int = typer.Option(
            100, "--measure-games",
            help="Games per measuring match at the end (even; 0 to skip)."),
        reference: str | None = typer.Option(
            None, "--reference",
            help="Also measure before and after against this agent (e.g. heuristic)."),
        measure: str | None = typer.Option(
            None, "--measure",
            help="Do not tune: measure this weights file against the starting weights "
                 "(and the reference) over --measure-games games."),
        out: str | None = typer.Option(
            None, "--out", help="Write the tuned weights here (default: "
                                "<state folder>/weights.json, else GAME-weights.json)."),
        write: bool = typer.Option(
            False, "--write", help="Also replace the weights file the game ships."),
        state_dir: str | None = typer.Option(
            None, "--state", help="Save the run's state in this folder (to resume)."),
        resume: str | None = typer.Option(
            None, "--resume", help="Finish the tuning run saved in this folder."),
        workers: int = typer.Option(0, "--workers", "-w", help=WORKERS_HELP),
        ray: str | None = typer.Option(None, "--ray", help=RAY_HELP),
        as_json: bool = typer.Option(False, "--json", help="Print the results as JSON."),
        lang: LangOption = None,
    ) -> None:
        """Fit a game's evaluation weights by self-play: SPSA, each iteration a batch of
        ISMCTS games between two perturbed weight sets; then measure the tuned weights
        against the starting ones (and a reference agent) on other deals."""
        set_language(lang)
        from rich.console import Console
        from rich.markup import escape

        from clanboard.ai.tune import TuneState, make_settings, tune
        from clanboard.ai.tune import measure as measure_run
        from clanboard.batch import BatchError
        from clanboard.batch.progress import ProgressDisplay
        from clanboard.core import ClanboardError, get_game
        from clanboard.core.weights import read_weights, write_weights

        console = Console(stderr=as_json)
        try:
            if resume:
                settings = TuneState.load(resume).settings
                state_dir = resume
            else:
                if game is None:
                    raise ValueError(_("name a game (or --resume a saved tuning run's folder)"))
                options = get_game(game).variant_options(variant) if variant else {}
                options.update(parse_options(option))
                start_values = read_weights(start, game).weights if start else None
                settings = make_settings(
                    game, level=level, iterations=iterations, games=games, seed=seed,
                    num_players=players, options=options,
                    weights=[w.strip() for w in weights.split(",") if w.strip()]
                    if weights else None, start=start_values, a=a, c=c,
                    measure_games=measure_games, reference=reference)
            measured_values = (read_weights(measure, settings.game).weights
                               if measure else None)
            backend = backend_options(workers, ray)
        except (ClanboardError, ValueError, BatchError) as exc:
            console.print("[red]" + _("error:") + f"[/red] {escape(said(exc))}")
            raise typer.Exit(2) from exc
        state = None
        hint = f"clanboard tune --resume {state_dir}" if state_dir else None
        with job_exits(console, backend, resume_hint=hint):
            if measured_values is not None:
                after = {**settings.start, **measured_values}
            else:
                with ProgressDisplay(
                        _("{game} tuning ({n} weights, {agent})").format(
                            game=settings.game, n=len(settings.names),
                            agent=f"ismcts:{settings.level}"),
                        unit=_("iterations"), words=progress_words()) as progress:
                    state = tune(settings, backend=backend, folder=state_dir,
                                 resume=bool(resume), progress=progress)
                after = settings.to_weights(state.x)
            matches = []
            if settings.measure_games or measured_values is not None:
                folder = Path(state_dir) / "measure" if state_dir else None
                with ProgressDisplay(_("{game} measuring").format(game=settings.game),
                                     unit=_("games"), words=progress_words()) as progress:
                    matches = measure_run(
                        settings, settings.start, after, games=settings.measure_games,
                        backend=backend, folder=folder,
                        resume=bool(folder and folder.exists()), progress=progress)
        written = []
        if state is not None:
            from clanboard.ai.tune import weights_file

            content = weights_file(settings, after, matches, state)
            target = Path(out) if out else (Path(state_dir) / "weights.json" if state_dir
                                            else Path(f"{settings.game}-weights.json"))
            paths = [target]
            if write:
                shipped = get_game(settings.game).search_hints().weights_file()
                if shipped is None:
                    console.print("[red]" + _("error:") + "[/red] " + _(
                        "{game} ships no weights file").format(game=settings.game))
                    raise typer.Exit(2)
                paths.append(shipped)
            for path in paths:
                try:
                    write_weights(path, content)
                except OSError as exc:
                    console.print("[red]" + _("error:") + "[/red] " + _(
                        "cannot write {file}: {error}").format(file=escape(str(path)),
                                                               error=exc))
                    raise typer.Exit(1) from exc
                written.append(str(path))
        if as_json:
            typer.echo(json.dumps({
                "settings": settings.to_json(),
                "before": {n: settings.start[n] for n in settings.names},
                "after": {n: after[n] for n in settings.names},
                "history": state.history if state else [],
                "measured": [m.to_json() for m in matches], "written": written,
            }, indent=1))
        else:
            print_report(console, settings, after, matches, written)


def print_report(console: Any, settings: Any, after: dict[str, float], matches: list[Any],
                 written: list[str]) -> None:
    from rich import box
    from rich.table import Table

    table = Table(title=" · ".join((
        _("{game} weights").format(game=settings.game), f"ismcts:{settings.level}",
        _("{iterations} iterations × {games}").format(
            iterations=settings.iterations,
            games=_(MESSAGES["games"]).format(n=settings.games)),
        _("seed {seed}").format(seed=settings.seed))), box=box.SIMPLE_HEAD, pad_edge=False)
    for i, col in enumerate((_("weight"), _("before"), _("after"), _("range"))):
        table.add_column(col, justify="left" if i == 0 else "right", no_wrap=True)
    for n in settings.names:
        lo, hi = settings.bounds[n]
        table.add_row(n, f"{settings.start[n]:g}", f"{after[n]:g}", f"{lo:g}..{hi:g}")
    print_whole(console, table)
    if matches:
        m = Table(title=_("measured on other deals"), box=box.SIMPLE_HEAD, pad_edge=False)
        for col in ("", _("games"), _("win rate"), _("95% CI")):
            m.add_column(col, justify="left" if not col else "right", no_wrap=True)
        for match in matches:
            lo, hi = match.interval
            side = {"before": _("before"), "after": _("after")}  # else a reference agent
            m.add_row(side.get(match.first, match.first) + _(" vs ")
                      + side.get(match.second, match.second), str(match.games),
                      f"{match.rate:.1%}", f"{lo:.1%}-{hi:.1%}")
        print_whole(console, m)
        console.print(_("before: the starting weights; after: the tuned ones; both ISMCTS "
                        "at the same level; a shared win counts half"))
    for path in written:
        console.print(_("weights written to {file}").format(file=path))
