"""``clanboard bench``: engine speed per game (playouts, clone, legal moves, ISMCTS)."""

from __future__ import annotations

import json

import typer

from clanboard.cli.tables import print_whole


def register(app: typer.Typer) -> None:
    @app.command("bench")
    def bench_cmd(
        game: list[str] = typer.Option(  # noqa: B008
            [], "--game", "-g", help="Game id (repeatable; default: every registered game)."),
        variant: str | None = typer.Option(None, "--variant", "-v", help="A variant preset."),
        all_variants: bool = typer.Option(
            False, "--all-variants", help="Measure every variant preset of each game."),
        players: int | None = typer.Option(None, "--players", "-p", help="Number of players."),
        seconds: float = typer.Option(
            1.0, "--seconds", help="Time scale: each game takes about 4.5 × this."),
        seed: int = typer.Option(0, "--seed", "-s"),
        as_json: bool = typer.Option(False, "--json", help="Print JSON (for tracking)."),
        clock: str = typer.Option(
            "wall", "--clock", help="Time by the wall clock (wall) or by this process's "
            "CPU time (cpu: steady when other jobs share the machine)."),
    ) -> None:
        """Random full games/s and moves/s, clone, legal-move and determinize cost, and
        ISMCTS iterations/s for each game."""
        from rich.console import Console

        from clanboard.ai.bench import (
            CLOCKS,
            BenchResult,
            bench_runs,
            describe,
            machine,
            run_bench,
            table,
        )
        from clanboard.core import ClanboardError

        console = Console(stderr=True)
        if seconds <= 0:
            raise typer.BadParameter("--seconds must be positive")
        if clock not in CLOCKS:
            raise typer.BadParameter(f"--clock must be one of {', '.join(CLOCKS)}, not {clock!r}")
        def report(result: BenchResult, done: int, total: int) -> None:
            console.print(f"[{done}/{total}] {describe(result)}", highlight=False)

        try:
            total = len(bench_runs(game or None, all_variants, variant))
            # stderr, line by line: also when piped or logged, the user sees how far it is
            each = 4.5 * seconds
            console.print(f"measuring {total} set-up{'s' * (total != 1)}, about "
                          f"{_secs(each)} each (~{_secs(each * total)} in all)",
                          highlight=False)
            results = run_bench(game or None, all_variants, variant, players, seconds, seed,
                                progress=report, clock=clock)
        except ClanboardError as exc:
            console.print(f"[red]error:[/red] {exc}")
            raise typer.Exit(2) from exc
        if as_json:
            out = {"machine": machine(clock), "results": [r.to_json() for r in results]}
            typer.echo(json.dumps(out, indent=1))
        else:
            print_whole(Console(), table(results))


def _secs(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds >= 10 else f"{seconds:.1f} s"
