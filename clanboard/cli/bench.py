"""``clanboard bench``: engine speed per game (playouts, clone, legal moves, ISMCTS), in
the user's language (``--lang`` or the environment); its ``--json`` stays as it is."""

from __future__ import annotations

import json
from typing import Any

import typer

from clanboard.cli.lang import LangOption, _, said, set_language
from clanboard.cli.tables import print_whole
from clanboard.core.plural import Plural

MESSAGES = {
    "measuring": Plural("measuring {n} set-up, about {each} each (~{total} in all)",
                        "measuring {n} set-ups, about {each} each (~{total} in all)"),
    "row": Plural("{game} ({variant}, {n} player): {games} random games/s, "
                  "{iterations} ISMCTS it/s",
                  "{game} ({variant}, {n} players): {games} random games/s, "
                  "{iterations} ISMCTS it/s"),
    "default": "default",
    "title": "clanboard engine benchmark",
    # the table's columns, by the result's field
    "game": "game", "variant": "variant", "players": "pl", "games_per_s": "games/s",
    "moves_per_s": "moves/s", "moves_per_game": "moves/game", "clone_us": "clone µs",
    "legal_moves_us": "legal µs", "determinize_us": "determ. µs",
    "ismcts_iterations_per_s": "ISMCTS it/s", "ismcts_iterations_per_s_start": "it/s opening",
}
"""The words of ``bench``'s progress lines and table (the ``_()`` calls hold its errors)."""


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
        lang: LangOption = None,
    ) -> None:
        """Random full games/s and moves/s, clone, legal-move and determinize cost, and
        ISMCTS iterations/s for each game."""
        from rich.console import Console
        from rich.markup import escape

        from clanboard.ai.bench import CLOCKS, BenchResult, bench_runs, machine, run_bench
        from clanboard.core import ClanboardError

        set_language(lang)
        console = Console(stderr=True)
        if seconds <= 0:
            raise typer.BadParameter(_("--seconds must be positive"))
        if clock not in CLOCKS:
            raise typer.BadParameter(_("--clock must be one of {clocks}, not {clock}").format(
                clocks=", ".join(CLOCKS), clock=repr(clock)))
        def report(result: BenchResult, done: int, total: int) -> None:
            console.print(f"[{done}/{total}] {describe(result)}", highlight=False, markup=False)

        try:
            total = len(bench_runs(game or None, all_variants, variant))
            # stderr, line by line: also when piped or logged, the user sees how far it is
            each = 4.5 * seconds
            console.print(_(MESSAGES["measuring"]).format(n=total, each=_secs(each),
                                                          total=_secs(each * total)),
                          highlight=False)
            results = run_bench(game or None, all_variants, variant, players, seconds, seed,
                                progress=report, clock=clock)
        except ClanboardError as exc:
            console.print(f"[red]{escape(_('error:'))}[/red] {escape(said(exc))}")
            raise typer.Exit(2) from exc
        if as_json:
            out = {"machine": machine(clock), "results": [r.to_json() for r in results]}
            typer.echo(json.dumps(out, indent=1))
        else:
            print_whole(Console(), table(results))


def describe(r: Any) -> str:
    """A finished row's main figures on one line, in the current language."""
    return _(MESSAGES["row"]).format(game=r.game, variant=_variant(r.variant), n=r.players,
                                     games=f"{r.games_per_s:,.0f}",
                                     iterations=f"{r.ismcts_iterations_per_s:,.0f}")


def table(results: list[Any]) -> Any:
    """The results as a rich table, its title and headings in the current language."""
    from rich import box
    from rich.table import Table

    from clanboard.ai.bench import COLUMNS

    t = Table(title=_(MESSAGES["title"]), box=box.SIMPLE_HEAD, pad_edge=False)
    for key, _header, _fmt in COLUMNS:
        header = _(MESSAGES[key])
        t.add_column(header, justify="left" if key in ("game", "variant") else "right",
                     no_wrap=True, min_width=len(header))
    for r in results:
        data = {**r.to_json(), "variant": _variant(r.variant)}
        t.add_row(*(fmt.format(data[key]) for key, _header, fmt in COLUMNS))
    return t


def _variant(name: str) -> str:
    """A variant preset by its id (``tactics``), the game's own set-up in words."""
    return _(MESSAGES["default"]) if name == "default" else name


def _secs(seconds: float) -> str:
    return _("{seconds} s").format(seconds=f"{seconds:.0f}" if seconds >= 10
                                   else f"{seconds:.1f}")
