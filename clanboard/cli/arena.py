"""``clanboard arena``: a tournament between agents, in parallel (a local pool or a Ray
cluster), with win-rate intervals; resumable from its folder."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import typer
from rich.markup import escape

from clanboard.cli.lang import LangOption, _, said, set_language
from clanboard.cli.play import MESSAGES as PLAY_WORDS
from clanboard.cli.play import plugin_errors
from clanboard.cli.tables import print_whole
from clanboard.core.messages import MESSAGES as CORE
from clanboard.core.plural import Plural


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``["tactics=true", "rounds=3"]`` -> ``{"tactics": "true", "rounds": "3"}``
    (the game checks and converts the values)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise typer.BadParameter(_("write an option as NAME=VALUE, not {pair}").format(
                pair=repr(pair)))
        options[name.strip()] = value.strip()
    return options


def backend_options(workers: int, ray: str | None) -> Any:
    """The batch backend of ``--workers`` / ``--ray`` (a clear error when Ray is missing)."""
    from clanboard.batch import make_backend

    return make_backend(workers or os.cpu_count() or 1, ray)


def print_plugin_errors(console: Any) -> None:
    """After an error: why a plug-in failed to load, if one did (its game or agent is then
    missing)."""
    for line in plugin_errors():
        console.print(f"[yellow]{escape(line)}[/yellow]")


@contextmanager
def job_exits(console: Any, backend: Any, resume_hint: str | None = None) -> Iterator[None]:
    """How a batch command ends: interrupted (what finished is kept; exit 130), a task
    failed (exit 1), bad input (exit 2), each said on ``console``; the backend is closed."""
    from clanboard.batch import BatchError, JobInterrupted, TaskFailed
    from clanboard.core import ClanboardError

    try:
        yield
    except JobInterrupted as exc:
        console.print(f"[yellow]{escape(said(exc))}[/yellow]")
        if resume_hint:
            console.print(_("resume with: {command}").format(command=escape(resume_hint)))
        raise typer.Exit(130) from exc
    except TaskFailed as exc:
        console.print("[red]" + _("error:") + f"[/red] {escape(said(exc))}")
        raise typer.Exit(1) from exc
    except (ClanboardError, ValueError, BatchError) as exc:
        console.print("[red]" + _("error:") + f"[/red] {escape(said(exc))}")
        print_plugin_errors(console)
        raise typer.Exit(2) from exc
    finally:
        close = getattr(backend, "close", None)
        if close:
            close()


def progress_words() -> dict[str, str]:
    """The progress display's words in the current language."""
    return {"eta": _("eta"), "running": _("{elapsed}s elapsed, eta {eta}s"),
            "took": _("{seconds}s")}


MESSAGES = {"games": Plural("{n} game", "{n} games")}
"""Counted words of the batch commands' reports (the ``_()`` calls hold the others)."""

WORKERS_HELP = "Parallel processes (default: one per core; 1 runs in this process)."
RAY_HELP = ("Run on a Ray cluster: 'auto' joins the cluster of this machine (ray start), "
            "'local' starts a private instance, or a cluster address. Needs clanboard's "
            "'cluster' extra.")


def resumed_spec(folder: str, kind: str, game: str | None) -> dict[str, Any]:
    """The settings of the ``kind`` job saved in ``folder``; ``game``, when given, must
    match. Raises ``BatchError`` saying what is wrong."""
    from clanboard.batch import BatchError, read_journal

    header, _entries = read_journal(folder)
    if header.get("kind") != kind:
        raise BatchError(_("{folder} holds a job of kind {found}, not {kind}").format(
            folder=folder, found=repr(header.get("kind")), kind=repr(kind)))
    spec = dict(header.get("spec") or {})
    if game is not None and game != spec.get("game"):
        raise BatchError(_("{folder} holds a job for {found}, not {game}").format(
            folder=folder, found=spec.get("game"), game=game))
    return spec


def register(app: typer.Typer) -> None:
    @app.command("arena")
    def arena_cmd(
        game: str | None = typer.Argument(
            None, help="Game id, e.g. schotten-totten (not needed with --resume)."),
        agents: str | None = typer.Option(
            None, "--agents", "-a",
            help="Comma-separated agents, one per seat, e.g. ismcts,heuristic or "
                 "ismcts:hard,random. Levels: easy, normal, hard, N (iterations), Xs (seconds), "
                 "Xs-cpu (seconds of the search's CPU time).",
        ),
        games: int = typer.Option(20, "--games", "-n", help="Number of games."),
        seed: int = typer.Option(0, "--seed", "-s", help="Tournament seed."),
        players: int | None = typer.Option(
            None, "--players", "-p", help="Number of players (default: one per agent)."),
        variant: str | None = typer.Option(None, "--variant", "-v", help="A variant preset."),
        option: list[str] = typer.Option(  # noqa: B008
            [], "--option", "-o", help="A game option NAME=VALUE (repeatable)."),
        workers: int = typer.Option(0, "--workers", "-w", help=WORKERS_HELP),
        ray: str | None = typer.Option(None, "--ray", help=RAY_HELP),
        save_dir: str | None = typer.Option(
            None, "--save-dir",
            help="Save every game record (JSON) in this folder, and a journal of finished "
                 "games to resume from."),
        resume: str | None = typer.Option(
            None, "--resume",
            help="Finish the tournament saved in this folder (its settings are reused; "
                 "finished games are not replayed)."),
        as_json: bool = typer.Option(False, "--json", help="Print the results as JSON."),
        lang: LangOption = None,
    ) -> None:
        """Play a tournament between agents (seats rotated) and print win rates with
        95% Wilson intervals, average scores and mean decision time."""
        set_language(lang)
        from rich.console import Console
        from rich.markup import escape

        from clanboard.ai.arena import check, run_arena
        from clanboard.batch import BatchError
        from clanboard.batch.progress import ProgressDisplay
        from clanboard.core import ClanboardError, get_game

        console = Console(stderr=as_json)
        try:
            if resume:
                spec = resumed_spec(resume, "arena", game)
                game, names = spec["game"], list(spec["agents"])
                games, seed, players = spec["games"], spec["seed"], spec["players"]
                options = dict(spec["options"])
                save_dir = resume
            else:
                if game is None or agents is None:
                    raise ValueError(_("name a game and --agents (or --resume a saved "
                                       "tournament's folder)"))
                names = [a.strip() for a in agents.split(",") if a.strip()]
                g = get_game(game)
                options = g.variant_options(variant) if variant else {}
                options.update(parse_options(option))
            check(game, names, players, options)
            backend = backend_options(workers, ray)
        except (ClanboardError, ValueError, BatchError) as exc:
            console.print("[red]" + _("error:") + f"[/red] {escape(said(exc))}")
            print_plugin_errors(console)
            raise typer.Exit(2) from exc
        title = f"{game}: " + _(" vs ").join(names)
        with job_exits(console, backend), ProgressDisplay(
                title, unit=_("games"), words=progress_words()) as progress:
            report = run_arena(
                game, names, games, seed=seed, num_players=players, options=options,
                save_dir=save_dir, backend=backend, resume=bool(resume),
                progress=progress,
            )
        if as_json:
            typer.echo(json.dumps(report.to_json(), indent=1))
        else:
            print_report(console, report, save_dir)
        if report.errors:
            raise typer.Exit(1)


def print_report(console: Any, report: Any, save_dir: str | None) -> None:
    from rich import box
    from rich.table import Table

    opts = ", ".join(f"{k}={v}" for k, v in report.options.items()) or _("default options")
    table = Table(
        title=" · ".join((report.game,
                          _(PLAY_WORDS["players"]).format(n=report.num_players),
                          _(MESSAGES["games"]).format(n=report.games),
                          _("seed {seed}").format(seed=report.seed), opts)),
        box=box.SIMPLE_HEAD, pad_edge=False,
    )
    table.add_column(_("agent"), no_wrap=True)
    for col in (_("games"), _("W/S/L"), _("win rate"), _("95% CI"), _("score"), _("ms/move"),
                _("max ms")):
        table.add_column(col, justify="right", no_wrap=True, min_width=len(col))
    for a in report.agents:
        lo, hi = a.interval
        table.add_row(
            a.label, str(a.games), f"{a.wins}/{a.shared}/{a.losses}",
            f"{a.win_rate:.1%}", f"{lo * 100:.1f}-{hi:.1%}", f"{a.mean_score:.2f}",
            f"{a.mean_think * 1000:.1f}", f"{a.max_think * 1000:.0f}",
        )
    print_whole(console, table)
    console.print(_("W/S/L: sole wins / shared wins / losses; win rate counts a win shared "
                    "by k players as 1/k; score: mean final score"))
    player = _(CORE["seat"])
    seat = ", ".join(f"{player.format(n=i + 1)}: {p / report.games:.1%}"
                     for i, p in enumerate(report.seat_points))
    console.print(_("win rate by seat (Player 1 moves first): {seats} · {seconds}s wall "
                    "time").format(seats=seat, seconds=f"{report.seconds:.1f}"))
    if save_dir:
        console.print(_("records saved in {folder}").format(folder=f"{save_dir}/"))
    for err in report.errors:
        console.print(f"[red]{err}[/red]")
