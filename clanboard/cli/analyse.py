"""``clanboard analyse``: a finished game's moves valued by the ISMCTS, mistakes marked."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from clanboard.cli.arena import WORKERS_HELP, job_exits

MARK_STYLE = {"blunder": "bold red", "mistake": "red", "inaccuracy": "yellow"}
MARK_SIGN = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}


def register(app: typer.Typer) -> None:
    @app.command("analyse")
    def analyse_cmd(
        record_path: Path = typer.Argument(..., metavar="RECORD.json",  # noqa: B008
                                           help="A game record (clanboard-record JSON)."),
        iterations: int = typer.Option(
            1000, "--iterations", "-i", help="ISMCTS iterations per search (up to three "
                                             "searches a position)."),
        seed: int = typer.Option(0, "--seed", "-s", help="The analysis seed: the same seed "
                                                         "gives the same numbers."),
        workers: int = typer.Option(1, "--workers", "-w", help=WORKERS_HELP),
        folder: str | None = typer.Option(
            None, "--journal", help="Journal finished positions in this folder (resume an "
                                    "interrupted analysis with --resume)."),
        resume: bool = typer.Option(False, "--resume", help="Continue the journal's job."),
        out: Path | None = typer.Option(None, "--json", help="Also write the analysis "  # noqa: B008
                                                             "as JSON here."),
    ) -> None:
        """Search every position of a finished game from the mover's seat and print each
        move's value before and after it, the AI's preferred move, and marks: ?! an
        inaccuracy, ? a mistake, ?? a blunder (a drop of 10 / 20 / 30 points of win
        chance; see docs/ai.md)."""
        from rich.console import Console
        from rich.markup import escape
        from rich.table import Table

        import clanboard.ai  # noqa: F401 - registers the ismcts agent
        from clanboard.ai.analysis import Analysis, analysis_job
        from clanboard.batch import make_backend, run
        from clanboard.batch.progress import ProgressDisplay
        from clanboard.core import GameRecord, InvalidState

        console = Console()
        try:
            record = GameRecord.load(record_path)
        except (OSError, InvalidState) as exc:
            console.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
            raise typer.Exit(2) from exc
        backend = make_backend(workers or None)
        hint = f"clanboard analyse {record_path} --journal {folder} --resume" if folder else None
        with job_exits(console, backend, hint):
            job = analysis_job(record, iterations, seed)
            with ProgressDisplay("analysing", unit="positions") as bar:
                moves = run(job, backend, folder=folder, resume=resume, progress=bar)
        analysis = Analysis(record.game, record.num_players, iterations, seed, moves)
        names = record.players or [f"Player {i + 1}" for i in range(record.num_players)]
        value = "win %" if analysis.scale == "win_chance" else "win share %"
        table = Table(title=f"{record.game}: {len(moves)} moves, {iterations} iterations, "
                            f"seed {seed}")
        for column in ("#", "player", "move", "", f"{value} before", "after", "AI's move"):
            table.add_column(column, justify="right" if column in ("#", "after") or
                             column.endswith("before") else "left")
        for m in moves:
            mark = m.mark
            style = MARK_STYLE.get(mark or "", "")
            table.add_row(str(m.index + 1), escape(names[m.player]), escape(m.move),
                          f"[{style}]{MARK_SIGN[mark]} {mark}[/{style}]" if mark else
                          ("forced" if m.forced else ""),
                          f"{100 * m.before:.0f}", f"{100 * m.after:.0f}",
                          "" if m.best == m.move else escape(m.best))
        console.print(table)
        for mark, sign in MARK_SIGN.items():
            counts = [sum(1 for m in moves if m.mark == mark and m.player == p)
                      for p in range(record.num_players)]
            console.print(f"{sign} {mark}: " + ", ".join(
                f"{escape(names[p])} {counts[p]}" for p in range(record.num_players)))
        if out is not None:
            out.write_text(json.dumps(analysis.to_json(), indent=1) + "\n", encoding="utf-8")
